"""The session routes' requests and answers: a conversation's messages, its status and transcript, its
checkpoints and recovery digest, mapped to and from the session use cases (the routes:
engram.api.routes.sessions)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import ConfigDict, Field, field_validator

from engram.api.base import ApiModel, ScopeName, UserId, _iso_text, _utc
from engram.domain.checkpoints import Checkpoint, Digest, Trigger
from engram.domain.limits import small_json
from engram.domain.models import MemoryType, Provenance
from engram.domain.sessions import (
    ExtractionRecord,
    FactRecord,
    FactState,
    JobState,
    Message,
    Role,
)

if TYPE_CHECKING:  # the use cases' modules are loaded by their first call (the container builds them then)
    from engram.usecases.checkpoints import CheckpointCommand, Recovery
    from engram.usecases.sessions import AppendCommand, AppendResult, SessionView

MAX_FACTS_SHOWN = 200


class MessageRequest(ApiModel):
    model_config = ConfigDict(extra="forbid")

    role: Role
    content: str = Field(min_length=1, description="what was said; ≤ 32,000 characters a call in all")
    name: str | None = Field(
        default=None, min_length=1, max_length=64, description="the speaker's name (default: the user_id)"
    )
    created_at: datetime | None = Field(default=None, description="when it was said (ISO 8601)")
    message_id: str | None = Field(
        default=None, min_length=1, max_length=128, description="your id: a message sent again is stored once"
    )
    metadata: dict[str, Any] | None = Field(
        default=None, description="small JSON object, ≤ 4 KiB, PII-screened; read back with the message"
    )

    _iso = field_validator("created_at", mode="before")(_iso_text)
    _tz = field_validator("created_at")(_utc)
    _metadata = field_validator("metadata")(small_json)


class AppendRequest(ApiModel):
    model_config = ConfigDict(extra="forbid")

    user_id: UserId
    project: ScopeName = "default"
    namespace: ScopeName = "default"
    agent_id: str | None = Field(default=None, min_length=1, max_length=128)
    messages: list[MessageRequest] = Field(min_length=1, description="≤ 100 a call; more is a 413")

    def __repr__(self) -> str:
        # Never the conversation itself: powertools logs a route's arguments at debug level (and
        # formats them whatever the level, which for 100 messages is most of the request's time).
        return f"AppendRequest(user_id={self.user_id!r}, messages={len(self.messages)})"

    __str__ = __repr__


class AppendResponse(ApiModel):
    session_id: str
    accepted: int = Field(description="messages newly appended to the transcript")
    duplicates: int = Field(default=0, description="messages the transcript held already")
    job_id: str | None = Field(description="the extraction job queued; null when nothing awaited one")
    message_ids: list[str] = Field(description="the id of each message of the call, in order")
    redactions: list[str] = Field(default_factory=list, description="PII kinds redacted in the transcript")


class ExtractionOut(ApiModel):
    job_id: str
    kind: Literal["extract", "summary"] = Field(
        default="extract", description="summary: the episode summary a session_end checkpoint asked for"
    )
    state: JobState
    attempts: int
    extractor: str | None
    facts_written: int
    facts_deduplicated: int
    facts_proposed: int = Field(description="below the minimum confidence: recorded, not written")
    facts_rejected: int
    warnings: list[str]
    error: str | None
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, record: ExtractionRecord) -> ExtractionOut:
        return cls(**record.model_dump(include=set(cls.model_fields)))


class FactOut(ApiModel):
    content: str
    state: FactState
    memory_type: MemoryType
    confidence: float
    provenance: Provenance
    memory_id: str | None = Field(description="the memory it was written as (or deduplicated into)")
    source_message_ids: list[str]
    reason: str | None = None

    @classmethod
    def of(cls, fact: FactRecord) -> FactOut:
        return cls(**fact.model_dump(include=set(cls.model_fields)))


class TranscriptSize(ApiModel):
    messages: int
    chars: int


class FactCounts(ApiModel):
    stored: int
    deduplicated: int
    proposed: int
    rejected: int


class SessionOut(ApiModel):
    session_id: str
    user_id: str
    project: str
    namespace: str
    agent_id: str | None
    created_at: datetime
    updated_at: datetime
    transcript: TranscriptSize
    extraction: Literal["idle", "pending", "failed"] = Field(
        description="pending: a job is queued or running; failed: the latest job failed (it is retried)"
    )
    jobs: list[ExtractionOut] = Field(description="the latest extraction jobs, newest first")
    fact_counts: FactCounts
    facts: list[FactOut] = Field(description=f"the facts derived, oldest first (at most {MAX_FACTS_SHOWN})")


class MessageOut(ApiModel):
    id: str
    seq: int = Field(description="its place in the transcript")
    role: Role
    name: str | None
    content: str = Field(description="as said, with PII redacted")
    created_at: datetime | None
    received_at: datetime
    message_id: str | None
    redactions: list[str]
    metadata: dict[str, Any] = Field(default_factory=dict, description="as sent, PII redacted")

    @classmethod
    def of(cls, message: Message) -> MessageOut:
        return cls(**message.model_dump(include=set(cls.model_fields)))


class TranscriptOut(ApiModel):
    session_id: str
    items: list[MessageOut]
    cursor: str | None = Field(default=None, description="pass back for the next page; null: no more")


class SessionDeleted(ApiModel):
    session_id: str
    deleted_messages: int
    forgotten: list[str] = Field(description="cascade: memories derived only from this session, forgotten")


Remembered = Annotated[str, Field(min_length=1, max_length=1000)]


class CheckpointRequest(ApiModel):
    model_config = ConfigDict(extra="forbid")

    user_id: UserId
    project: ScopeName = "default"
    namespace: ScopeName = "default"
    trigger: Trigger = Field(
        description="periodic (debounced), pre_compaction (the context is about to be compacted), "
        "session_end (writes the session's episode summary memory), explicit"
    )
    focus: str | None = Field(
        default=None, min_length=1, max_length=2000, description="what you are working on"
    )
    recent_remembers: list[Remembered] = Field(
        default_factory=list, max_length=20, description="what you remembered lately, oldest first"
    )
    queries: list[Remembered] = Field(
        default_factory=list, max_length=20, description="what you searched for lately, oldest first"
    )

    def __repr__(self) -> str:  # never the digest itself in logs
        return f"CheckpointRequest(user_id={self.user_id!r}, trigger={self.trigger.value!r})"

    __str__ = __repr__


class DigestOut(ApiModel):
    focus: str | None
    recent_remembers: list[str]
    queries: list[str]


class CheckpointOut(ApiModel):
    checkpoint_id: str
    session_id: str
    trigger: Trigger
    digest: DigestOut = Field(description="as stored: PII redacted as in memories")
    redactions: list[str] = Field(description="PII kinds redacted in the digest")
    transcript_seq: int = Field(description="the session's last message when it was taken (0: no transcript)")
    created_at: datetime
    summary_job_id: str | None = Field(description="session_end: the job writing the episode summary")
    summary_memory_id: str | None = Field(description="session_end: the episode summary memory, once written")

    @classmethod
    def of(cls, session_id: str, c: Checkpoint) -> CheckpointOut:
        return cls(
            checkpoint_id=c.id,
            session_id=session_id,
            trigger=c.trigger,
            digest=DigestOut(**c.digest.model_dump()),
            redactions=c.redactions,
            transcript_seq=c.transcript_seq,
            created_at=c.created_at,
            summary_job_id=c.summary_job_id,
            summary_memory_id=c.summary_memory_id,
        )


class CheckpointSaved(ApiModel):
    checkpoint: CheckpointOut
    debounced: bool = Field(description="true: too soon after (or the same as) the latest; nothing stored")
    pruned: int = Field(default=0, description="older checkpoints removed (cap per session, retention)")


class RecoveryOut(ApiModel):
    session_id: str
    checkpoint: CheckpointOut | None = Field(
        description="the latest checkpoint (null: none, the session alone)"
    )
    digest: str = Field(
        description="what to carry on with, most important first: focus, recent remembers, the session's "
        "facts, queries, last messages"
    )
    chars: int
    truncated: bool = Field(description="true: something did not fit in budget_chars")


def _state(jobs: list[ExtractionRecord]) -> Literal["idle", "pending", "failed"]:
    if any(j.state in (JobState.queued, JobState.running) for j in jobs):
        return "pending"
    return "failed" if jobs and jobs[0].state == JobState.failed else "idle"


def session_out(view: SessionView) -> SessionOut:
    s = view.session
    counts = {state: sum(1 for f in view.facts if f.state == state) for state in FactState}
    return SessionOut(
        session_id=s.session_id,
        user_id=s.user_id,
        project=s.project,
        namespace=s.namespace,
        agent_id=s.agent_id,
        created_at=s.created_at,
        updated_at=s.updated_at,
        transcript=TranscriptSize(messages=s.message_count, chars=s.chars),
        extraction=_state(view.jobs),
        jobs=[ExtractionOut.of(j) for j in view.jobs],
        fact_counts=FactCounts(
            stored=counts[FactState.stored],
            deduplicated=counts[FactState.deduplicated],
            proposed=counts[FactState.proposed],
            rejected=counts[FactState.rejected],
        ),
        facts=[FactOut.of(f) for f in view.facts[:MAX_FACTS_SHOWN]],
    )


def append_command(tenant: str, session_id: str, request: AppendRequest) -> AppendCommand:
    """The AppendMessages use case's command for a request made in `tenant`."""
    from engram.usecases.sessions import AppendCommand, MessageIn

    return AppendCommand(
        tenant=tenant,
        user_id=request.user_id,
        session_id=session_id,
        project=request.project,
        namespace=request.namespace,
        agent_id=request.agent_id,
        messages=[
            MessageIn(
                role=m.role,
                content=m.content,
                name=m.name,
                created_at=m.created_at,
                message_id=m.message_id,
                metadata=m.metadata or {},
            )
            for m in request.messages
        ],
    )


def append_response(result: AppendResult) -> AppendResponse:
    """What the API answers for an append (202), from the use case's result."""
    return AppendResponse(
        session_id=result.session_id,
        accepted=result.accepted,
        duplicates=result.duplicates,
        job_id=result.job_id,
        message_ids=result.message_ids,
        redactions=result.redactions,
    )


def checkpoint_command(tenant: str, session_id: str, request: CheckpointRequest) -> CheckpointCommand:
    """The SaveCheckpoint use case's command for a request made in `tenant`."""
    from engram.usecases.checkpoints import CheckpointCommand

    return CheckpointCommand(
        tenant=tenant,
        user_id=request.user_id,
        session_id=session_id,
        trigger=request.trigger,
        digest=Digest(
            focus=request.focus, recent_remembers=request.recent_remembers, queries=request.queries
        ),
        project=request.project,
        namespace=request.namespace,
    )


def recovery_out(session_id: str, recovery: Recovery) -> RecoveryOut:
    """The answer of `GET /v1/sessions/{id}/checkpoints/latest` (and of the MCP tool `recover_checkpoint`)."""
    return RecoveryOut(
        session_id=session_id,
        checkpoint=CheckpointOut.of(session_id, recovery.checkpoint) if recovery.checkpoint else None,
        digest=recovery.text,
        chars=len(recovery.text),
        truncated=recovery.truncated,
    )
