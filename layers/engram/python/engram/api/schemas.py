"""API request and response models: the HTTP contract, documented in the generated OpenAPI. The limits on
what a memory holds are the domain's (engram.domain.limits), so that an import is held to them too."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engram.domain.filters import describe as describe_filters
from engram.domain.limits import MAX_METADATA_BYTES as MAX_METADATA_BYTES
from engram.domain.limits import NAME_PATTERN as NAME_PATTERN
from engram.domain.limits import AgentId as AgentId
from engram.domain.limits import Content as Content
from engram.domain.limits import MemoryRef as MemoryRef
from engram.domain.limits import RunId as RunId
from engram.domain.limits import ScopeName as ScopeName
from engram.domain.limits import Summary as Summary
from engram.domain.limits import UserId as UserId
from engram.domain.limits import WriteReason as WriteReason
from engram.domain.limits import small_json as small_json
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
from engram.domain.sessions import Role


class ApiModel(BaseModel):
    """Every API model: each builds its validator and serializer on first use rather than at import
    (defer_build), so a request builds those of its route, and the cold start none of them."""

    model_config = ConfigDict(defer_build=True)


RelatedIds = Annotated[
    list[MemoryRef],
    Field(
        max_length=20,
        description="memories this one refines or depends on: live memories of the same user, project and"
        " namespace (≤ 20)",
    ),
]


def _utc(value: datetime | None) -> datetime | None:
    if value is None:
        return value
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)  # naive timestamps are taken as UTC
    try:
        value.astimezone(UTC)
    except OverflowError:
        raise ValueError("must be a time representable in UTC (0001-01-01 to 9999-12-31)") from None
    return value


def _iso_text(value: Any) -> Any:
    """A time is an ISO 8601 string, as the document says; a number (which pydantic would read as a
    Unix time) is refused."""
    if value is not None and not isinstance(value, str | datetime):
        raise ValueError("must be an ISO 8601 date-time string")
    return value


_small_json = small_json


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


class ErrorDetail(ApiModel):
    path: str
    message: str
    type: str


class ErrorBody(ApiModel):
    error: str
    message: str
    details: list[ErrorDetail] = Field(default_factory=list)


class Health(ApiModel):
    status: Literal["ok"] = "ok"
    version: str


class SearchFiltersIn(ApiModel):
    model_config = ConfigDict(extra="forbid")

    memory_types: list[MemoryType] | None = Field(default=None, max_length=8)
    categories: list[Annotated[str, Field(max_length=64)]] | None = Field(default=None, max_length=20)
    entities: list[Annotated[str, Field(max_length=128)]] | None = Field(default=None, max_length=20)
    provenance: list[Provenance] | None = Field(default=None, max_length=4)
    observed_after: datetime | None = Field(default=None, description="inclusive")
    observed_before: datetime | None = Field(default=None, description="exclusive")
    min_importance: int | None = Field(default=None, ge=1, le=5, strict=True)
    metadata: dict[str, Any] | None = Field(
        default=None,
        description=describe_filters(),
        examples=[{"AND": [{"topic": "billing"}, {"priority": {"gte": 2}}], "NOT": [{"state": "done"}]}],
    )

    _iso = field_validator("observed_after", "observed_before", mode="before")(_iso_text)
    _tz = field_validator("observed_after", "observed_before")(_utc)


class WeightsIn(ApiModel):
    """Per-request overrides of the server's ranking weights (neutral values turn a signal off)."""

    model_config = ConfigDict(extra="forbid")

    lexical_weight: float | None = Field(default=None, ge=0, strict=True)
    vector_weight: float | None = Field(default=None, ge=0, strict=True)
    importance_weight: float | None = Field(default=None, ge=0, le=1, strict=True)
    recency_weight: float | None = Field(default=None, ge=0, strict=True)
    recency_half_life_days: float | None = Field(default=None, gt=0, strict=True)
    provenance_weight: float | None = Field(default=None, ge=0, le=1, strict=True)
    stale_multiplier: float | None = Field(default=None, ge=0, le=1, strict=True)
    hits_weight: float | None = Field(default=None, ge=0, strict=True)
    superseded_multiplier: float | None = Field(default=None, ge=0, le=1, strict=True)
    graph_boost: float | None = Field(default=None, ge=0, le=2, strict=True, description="0: no graph")
    graph_hop_damping: float | None = Field(default=None, ge=0, le=1, strict=True)
    resolution_boost: float | None = Field(default=None, ge=0, le=3, strict=True)
    resolution_boost_on_action: float | None = Field(default=None, ge=0, le=3, strict=True)
    anchored_boost: float | None = Field(default=None, ge=0, le=3, strict=True)
    vague_multiplier: float | None = Field(default=None, ge=0, le=1, strict=True)
    no_overlap_multiplier: float | None = Field(default=None, ge=0, le=1, strict=True)
    hub_entity_multiplier: float | None = Field(default=None, ge=0, le=1, strict=True, description="1: off")
    hub_entity_mentions: int | None = Field(
        default=None, ge=1, strict=True, description="an entity mentioned by this many memories is a hub"
    )
    hub_term_share: float | None = Field(default=None, gt=0, le=1, strict=True, description="1: off")


class SearchRequest(ApiModel):
    model_config = ConfigDict(extra="forbid")

    query: Annotated[str, Field(min_length=1, max_length=2000)]
    user_id: UserId
    project: ScopeName | None = None
    namespaces: list[ScopeName] | None = Field(default=None, max_length=20)
    agent_id: AgentId | None = Field(default=None, description="only memories this agent wrote")
    run_id: RunId | None = Field(default=None, description="only memories written in this run")
    top_k: int = Field(default=10, ge=1, le=100, strict=True)
    filters: SearchFiltersIn = Field(default_factory=SearchFiltersIn)
    min_score: float | None = Field(default=None, ge=0, strict=True)
    include_stale: bool = Field(
        default=True, strict=True, description="false drops stale and expired memories"
    )
    include_superseded: bool = Field(
        default=False,
        strict=True,
        description="true also returns superseded memories (older values), ranked far below",
    )
    explain: bool = Field(default=False, strict=True, description="return each ranking component")
    expand: bool = Field(
        default=False,
        strict=True,
        description="true: each result derived from a session carries its source messages (by default at"
        " most 3, each cut to 500 characters)",
    )
    weights: WeightsIn | None = None
    sources: Literal["memories", "documents", "all"] = Field(
        default="all", description="memories only, document chunks only (POST /v1/documents), or both"
    )


class ComponentsOut(ApiModel):
    bm25: float | None = Field(description="raw BM25 of the lexical leg (null: not a lexical candidate)")
    vector: float | None = Field(description="cosine similarity of the vector leg (null: not a candidate)")
    fused: float = Field(description="weighted sum of the min-max normalised legs")
    importance: float
    recency: float
    provenance: float
    expiry: float
    hits: float
    superseded: float = Field(
        default=1.0, description="superseded_multiplier for a superseded memory, else 1"
    )
    graph: float = Field(
        default=0.0, description="added to fused: the knowledge-graph boost, one relation from a query entity"
    )
    hop: float = Field(
        default=1.0, description="< 1: the memory only states the relation the query goes through"
    )
    specificity: float = Field(
        default=1.0, description="resolution boost (constraint, decision), anchors, or vagueness damping"
    )
    overlap: float = Field(default=1.0, description="< 1: found by meaning alone, with no word of the query")
    hub: float = Field(
        default=1.0,
        description="< 1: every entity the memory names is a hub of the scope (mentioned everywhere)",
    )
    lift: float = Field(
        default=1.0,
        description="> 1: lifted to rank with the memory `via` names (the linking fact one hop before it, a"
        " result a governing rule goes above, an ended memory it replaces)",
    )
    via: str | None = Field(default=None, description="the memory id a lift is relative to")
    rerank: float | None = Field(
        default=None,
        description="the reranker's score (null: not re-scored); the result's score then blends it with the"
        " product of the factors above",
    )
    rerank_status: str | None = Field(
        default=None,
        description="reranked; timeout or error (recall's own order kept); null: no reranker, or below its"
        " top n",
    )
    precedes: list[str] = Field(
        default_factory=list,
        description="older memories this one states a change of (what the user said last): it ranks just"
        " above them",
    )
    lifted: float = Field(default=0.0, description="> 0: the score that ranks it just above what it precedes")
    hint: str | None = Field(
        default=None,
        description="prospective hints on: the question among the memory's hints that matched the query",
    )
    hint_bm25: float | None = Field(
        default=None, description="BM25 of the memory's hints; bm25 is the stronger of it and the content's"
    )


class SourceMessageOut(ApiModel):
    id: str
    seq: int = Field(description="its place in the session's transcript")
    role: Role
    name: str | None
    content: str = Field(description="as said (PII redacted), cut to the bound")
    truncated: bool = Field(description="true: the content was cut")
    created_at: datetime | None


class SourceOut(ApiModel):
    session_id: str
    messages: list[SourceMessageOut] = Field(
        description="the messages it was derived from, in transcript order (empty: the transcript is gone)"
    )


class DocumentSourceOut(ApiModel):
    id: str
    title: str | None
    chunk: int


class SearchResult(ApiModel):
    memory: MemoryOut
    score: float = Field(
        description="(fused + graph) × importance × recency × provenance × expiry × hits × superseded × hop"
        " × specificity × overlap × hub × lift (with a reranker, blended with its score: components.rerank)"
    )
    components: ComponentsOut | None = None
    source: SourceOut | None = Field(
        default=None, description="expand: the session and messages this memory was derived from"
    )
    document: DocumentSourceOut | None = Field(
        default=None, description="a document chunk's document: its id, title and the chunk's place"
    )


class SearchResponse(ApiModel):
    results: list[SearchResult]
