"""The memories area's API models (remember, batch, patch, a memory, its history), and the remember
routes' mapping to and from the Remember use case, shared by `POST /v1/memories` (and its batch) and
the MCP server's local backend. The mapping is field by field: a field added to the request is not
passed to the use case until it is named here."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from pydantic import ConfigDict, Field, field_validator

from engram.api.base import (
    AgentId,
    ApiModel,
    Content,
    RelatedIds,
    RunId,
    ScopeName,
    Summary,
    UserId,
    WriteReason,
    _iso_text,
    _small_json,
    _utc,
)
from engram.domain.models import (
    EnrichmentState,
    HistoryEvent,
    HistoryRecord,
    Memory,
    MemoryType,
    Provenance,
    Status,
    TemporalKind,
)

if TYPE_CHECKING:  # the use case's module is loaded by its first call (the container builds it then)
    from engram.usecases.remember import RememberCommand, RememberResult


class RememberRequest(ApiModel):
    model_config = ConfigDict(extra="forbid")

    content: Content
    user_id: UserId
    project: ScopeName = "default"
    namespace: ScopeName = "default"
    memory_type: MemoryType | None = Field(default=None, description="set to skip type inference")
    provenance: Provenance = Provenance.user_stated
    confidence: float | None = Field(default=None, ge=0.0, le=1.0, strict=True)
    importance: int | None = Field(default=None, ge=1, le=5, strict=True)
    valid_until: datetime | None = Field(default=None, description="when this fact stops holding")
    observed_at: datetime | None = Field(default=None, description="when it was said; default now")
    metadata: dict[str, Any] = Field(default_factory=dict, description="small JSON object, ≤ 4 KiB")
    summary: Summary | None = None
    write_reason: WriteReason | None = None
    related_ids: RelatedIds = Field(default_factory=list)
    agent_id: AgentId | None = None
    run_id: RunId | None = None
    force: bool = Field(
        default=False, strict=True, description="skip the worthiness gate (not PII screening)"
    )
    wait: Literal["enriched"] | None = Field(
        default=None,
        description="POST /v1/memories only: answer once the memory is enriched and searchable by meaning"
        " (201, `enrichment: done`), or 202 with its `location` when `wait_timeout_s` has passed",
    )
    wait_timeout_s: float = Field(
        default=10.0, gt=0, le=10, description="with `wait`: the longest to wait, in seconds (≤ 10)"
    )

    _iso = field_validator("valid_until", "observed_at", mode="before")(_iso_text)
    _tz = field_validator("valid_until", "observed_at")(_utc)
    _metadata = field_validator("metadata")(_small_json)


class BatchRequest(ApiModel):
    model_config = ConfigDict(extra="forbid")

    items: list[RememberRequest] = Field(min_length=1, max_length=100)

    @field_validator("items")
    @classmethod
    def _no_wait(cls, items: list[RememberRequest]) -> list[RememberRequest]:
        if any(item.wait is not None for item in items):
            raise ValueError("`wait` is for POST /v1/memories alone; a batch answers without waiting")
        return items


class RememberResponse(ApiModel):
    id: str | None
    status: Literal["stored", "deduplicated", "rejected", "error"]
    deduplicated: bool = False
    enrichment: EnrichmentState | None = None
    redactions: list[str] = Field(default_factory=list)
    rejected: str | None = Field(default=None, description="why the gate rejected it")
    error: str | None = Field(default=None, description="batch only: error code of a failed item")
    message: str | None = None
    location: str | None = Field(
        default=None, description="202 (`wait` ran out): where to read the memory and its enrichment state"
    )


class BatchResponse(ApiModel):
    results: list[RememberResponse]


class PatchRequest(ApiModel):
    model_config = ConfigDict(extra="forbid")

    content: Content | None = None
    memory_type: MemoryType | None = None
    provenance: Provenance | None = None
    confidence: float | None = Field(default=None, ge=0.0, le=1.0, strict=True)
    importance: int | None = Field(default=None, ge=1, le=5, strict=True)
    valid_until: datetime | None = None
    metadata: dict[str, Any] | None = Field(default=None, description="small JSON object, ≤ 4 KiB")
    summary: Summary | None = Field(default=None, description="one line; null clears it")
    write_reason: WriteReason | None = Field(default=None, description="why it is stored; null clears it")
    related_ids: RelatedIds | None = Field(default=None, description="replaces the list; [] clears it")
    review_needed: bool | None = Field(
        default=None, strict=True, description="false: reviewed, clears the contradiction check's flag"
    )
    force: bool = Field(default=False, strict=True)

    _iso = field_validator("valid_until", mode="before")(_iso_text)
    _tz = field_validator("valid_until")(_utc)
    _metadata = field_validator("metadata")(_small_json)


class TemporalOut(ApiModel):
    kind: TemporalKind
    valid_until: datetime | None


class EnrichmentOut(ApiModel):
    state: EnrichmentState
    model: str | None
    attempts: int
    error: str | None


class MemoryOut(ApiModel):
    id: str
    user_id: str
    project: str
    namespace: str
    content: str
    content_hash: str
    memory_type: MemoryType
    provenance: Provenance
    confidence: float
    importance: int
    categories: list[str]
    entities: list[str]
    temporal: TemporalOut
    metadata: dict[str, Any]
    summary: str | None = Field(default=None, description="one line, as the writer put it")
    write_reason: str | None = Field(default=None, description="why the writer stored it")
    related_ids: list[str] = Field(default_factory=list, description="memories it refines or depends on")
    agent_id: str | None = Field(default=None, description="the agent that wrote it")
    run_id: str | None = Field(default=None, description="the run (session) it came from")
    hits: int
    retrieval_count: int
    last_retrieved_at: datetime | None
    created_at: datetime
    updated_at: datetime
    observed_at: datetime
    status: Status
    merged_into: str | None
    superseded_by: str | None = Field(
        default=None, description="status superseded: the memory that replaced it"
    )
    valid_from: datetime | None = Field(
        default=None, description="status superseded: when it started to hold"
    )
    valid_to: datetime | None = Field(
        default=None,
        description="status superseded: when it stopped holding (the newer memory's observed_at)",
    )
    review_needed: bool = Field(
        default=False,
        description="the optional contradiction check found it contradicts a memory kept beside it "
        "(its history says which, and why): a person should look; nothing was superseded",
    )
    enrichment: EnrichmentOut
    redactions: list[str]

    @classmethod
    def of(cls, memory: Memory) -> MemoryOut:
        return cls(
            **memory.model_dump(exclude={"tenant", "pinned", "enrichment", "temporal", "hints"}),
            temporal=TemporalOut(**memory.temporal.model_dump()),
            enrichment=EnrichmentOut(
                **memory.enrichment.model_dump(include={"state", "model", "attempts", "error"})
            ),
        )


class MemoryList(ApiModel):
    items: list[MemoryOut]
    cursor: str | None = Field(description="pass back to get the next page; null on the last page")


class HistoryOut(ApiModel):
    id: str
    event: HistoryEvent
    at: datetime
    actor: str
    detail: dict[str, Any]


class HistoryList(ApiModel):
    memory_id: str
    events: list[HistoryOut]

    @classmethod
    def of(cls, memory_id: str, records: list[HistoryRecord]) -> HistoryList:
        return cls(
            memory_id=memory_id,
            events=[
                HistoryOut(id=r.id, event=r.event, at=r.at, actor=r.actor, detail=r.detail) for r in records
            ],
        )


def remember_command(tenant: str, request: RememberRequest) -> RememberCommand:
    """The Remember use case's command for a request made in `tenant`."""
    from engram.usecases.remember import RememberCommand

    return RememberCommand(
        tenant=tenant,
        user_id=request.user_id,
        content=request.content,
        project=request.project,
        namespace=request.namespace,
        memory_type=request.memory_type,
        provenance=request.provenance,
        confidence=request.confidence,
        importance=request.importance,
        valid_until=request.valid_until,
        observed_at=request.observed_at,
        metadata=dict(request.metadata),
        summary=request.summary,
        write_reason=request.write_reason,
        related_ids=list(request.related_ids),
        agent_id=request.agent_id,
        run_id=request.run_id,
        force=request.force,
    )


def remember_status(result: RememberResult) -> int:
    """201 when the memory was stored; 200 when it was deduplicated or the gate rejected it."""
    from engram.usecases.remember import Outcome

    return 201 if result.outcome == Outcome.stored else 200


def remember_response(result: RememberResult) -> RememberResponse:
    """What the API answers for one remembered item (a batch item's error included)."""
    from engram.usecases.remember import Outcome

    match result.outcome:
        case Outcome.stored:
            assert result.memory is not None
            return RememberResponse(
                id=result.memory.id,
                status="stored",
                enrichment=EnrichmentState.pending,
                redactions=list(result.redactions),
            )
        case Outcome.deduplicated:
            assert result.memory is not None
            return RememberResponse(id=result.memory.id, status="deduplicated", deduplicated=True)
        case Outcome.rejected:
            return RememberResponse(id=None, status="rejected", rejected=result.reason)
        case Outcome.pii_rejected:
            return RememberResponse(id=None, status="error", error="pii_rejected", message=result.reason)
        case Outcome.invalid:
            message = f"{result.field}: {result.reason}" if result.field else result.reason
            return RememberResponse(id=None, status="error", error="invalid_request", message=message)
        case Outcome.quota_exceeded:
            return RememberResponse(id=None, status="error", error="quota_exceeded", message=result.reason)
