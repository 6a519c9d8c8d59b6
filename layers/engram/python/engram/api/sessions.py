"""Session routes: append a conversation's messages, read its status and transcript, delete it; save
checkpoints and read the latest as a recovery digest."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Literal

from aws_lambda_powertools.event_handler import APIGatewayRestResolver, Response, content_types
from aws_lambda_powertools.event_handler.openapi.params import Path, Query
from pydantic import BaseModel, ConfigDict, Field, field_validator

from engram.api.contract import AUTHENTICATED, SESSIONS, responses
from engram.api.schemas import NAME_PATTERN, ScopeName, UserId, _iso_text, _utc
from engram.domain.checkpoints import Checkpoint, Digest, Trigger
from engram.domain.models import MemoryType, Provenance
from engram.domain.sessions import (
    ExtractionRecord,
    FactRecord,
    FactState,
    JobState,
    Message,
    Role,
    SessionRef,
)
from engram.ports import TranscriptStore
from engram.runtime.container import Container
from engram.usecases.checkpoints import CheckpointCommand, SaveCheckpoint, recovery_digest
from engram.usecases.sessions import (
    AppendCommand,
    MessageIn,
    SessionNotFound,
    SessionView,
    delete_session,
    get_session,
    transcript,
)

SessionId = Annotated[
    str, Path(min_length=1, max_length=128, pattern=NAME_PATTERN, description="your id of the session")
]
MAX_FACTS_SHOWN = 200


class MessageRequest(BaseModel):
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

    _iso = field_validator("created_at", mode="before")(_iso_text)
    _tz = field_validator("created_at")(_utc)


class AppendRequest(BaseModel):
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


class AppendResponse(BaseModel):
    session_id: str
    accepted: int = Field(description="messages newly appended to the transcript")
    duplicates: int = Field(default=0, description="messages the transcript held already")
    job_id: str | None = Field(description="the extraction job queued; null when nothing awaited one")
    message_ids: list[str] = Field(description="the id of each message of the call, in order")
    redactions: list[str] = Field(default_factory=list, description="PII kinds redacted in the transcript")


class ExtractionOut(BaseModel):
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


class FactOut(BaseModel):
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


class TranscriptSize(BaseModel):
    messages: int
    chars: int


class FactCounts(BaseModel):
    stored: int
    deduplicated: int
    proposed: int
    rejected: int


class SessionOut(BaseModel):
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


class MessageOut(BaseModel):
    id: str
    seq: int = Field(description="its place in the transcript")
    role: Role
    name: str | None
    content: str = Field(description="as said, with PII redacted")
    created_at: datetime | None
    received_at: datetime
    message_id: str | None
    redactions: list[str]

    @classmethod
    def of(cls, message: Message) -> MessageOut:
        return cls(**message.model_dump(include=set(cls.model_fields)))


class TranscriptOut(BaseModel):
    session_id: str
    items: list[MessageOut]
    cursor: str | None = Field(default=None, description="pass back for the next page; null: no more")


class SessionDeleted(BaseModel):
    session_id: str
    deleted_messages: int
    forgotten: list[str] = Field(description="cascade: memories derived only from this session, forgotten")


Remembered = Annotated[str, Field(min_length=1, max_length=1000)]


class CheckpointRequest(BaseModel):
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


class DigestOut(BaseModel):
    focus: str | None
    recent_remembers: list[str]
    queries: list[str]


class CheckpointOut(BaseModel):
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


class CheckpointSaved(BaseModel):
    checkpoint: CheckpointOut
    debounced: bool = Field(description="true: too soon after (or the same as) the latest; nothing stored")
    pruned: int = Field(default=0, description="older checkpoints removed (cap per session, retention)")


class RecoveryOut(BaseModel):
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


def register_sessions(app: APIGatewayRestResolver, c: Container, tenant: Callable[[], str]) -> None:
    def transcripts() -> TranscriptStore:
        if c.transcripts is None:
            raise SessionNotFound("this deployment keeps no session transcripts")
        store: TranscriptStore = c.transcripts
        return store

    @app.post(
        "/v1/sessions/<session_id>/messages",
        summary="append a conversation's messages; facts are extracted from them asynchronously",
        tags=[SESSIONS],
        security=AUTHENTICATED,
        responses=responses(
            {202: (AppendResponse, "appended to the transcript; extraction is queued")},
            *(400, 403, 409, 413, 422, 401, 429, 503),
        ),
    )
    def append_route(session_id: SessionId, body: AppendRequest) -> Response[AppendResponse]:
        transcripts()
        command = AppendCommand(
            tenant=tenant(),
            user_id=body.user_id,
            session_id=session_id,
            project=body.project,
            namespace=body.namespace,
            agent_id=body.agent_id,
            messages=[MessageIn(**m.model_dump()) for m in body.messages],
        )
        result = c.append_messages(command)
        answer = AppendResponse(
            session_id=result.session_id,
            accepted=result.accepted,
            duplicates=result.duplicates,
            job_id=result.job_id,
            message_ids=result.message_ids,
            redactions=result.redactions,
        )
        return Response(status_code=202, content_type=content_types.APPLICATION_JSON, body=answer)

    @app.get(
        "/v1/sessions/<session_id>",
        summary="a session: transcript size, extraction jobs, facts derived",
        tags=[SESSIONS],
        security=AUTHENTICATED,
        responses=responses({200: (SessionOut, "the session")}, 404, 422, 401, 429),
    )
    def session_route(session_id: SessionId, user_id: Annotated[UserId, Query()]) -> SessionOut:
        return session_out(get_session(transcripts(), SessionRef(tenant(), user_id, session_id)))

    @app.get(
        "/v1/sessions/<session_id>/transcript",
        summary="a session's transcript, in the order it was appended",
        tags=[SESSIONS],
        security=AUTHENTICATED,
        responses=responses({200: (TranscriptOut, "a page of messages")}, 404, 422, 401, 429),
    )
    def transcript_route(
        session_id: SessionId,
        user_id: Annotated[UserId, Query()],
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        cursor: Annotated[str | None, Query(max_length=512)] = None,
    ) -> TranscriptOut:
        page = transcript(transcripts(), SessionRef(tenant(), user_id, session_id), limit, cursor)
        return TranscriptOut(
            session_id=session_id, items=[MessageOut.of(m) for m in page.items], cursor=page.cursor
        )

    @app.delete(
        "/v1/sessions/<session_id>",
        summary="delete a session's transcript; cascade=true also forgets the memories derived only from it",
        tags=[SESSIONS],
        security=AUTHENTICATED,
        responses=responses({200: (SessionDeleted, "deleted")}, 404, 422, 401, 429, 503),
    )
    def delete_route(
        session_id: SessionId,
        user_id: Annotated[UserId, Query()],
        cascade: Annotated[bool, Query()] = False,
    ) -> SessionDeleted:
        ref = SessionRef(tenant(), user_id, session_id)
        deleted = delete_session(transcripts(), c.store, c.forget, ref, cascade=cascade)
        return SessionDeleted(
            session_id=deleted.session_id, deleted_messages=deleted.messages, forgotten=deleted.forgotten
        )

    @app.post(
        "/v1/sessions/<session_id>/checkpoints",
        summary="save a checkpoint (trigger + digest); session_end also writes the episode summary",
        tags=[SESSIONS],
        security=AUTHENTICATED,
        responses=responses(
            {
                201: (CheckpointSaved, "stored"),
                200: (CheckpointSaved, "debounced: the latest checkpoint, nothing stored"),
            },
            *(400, 409, 413, 422, 401, 429, 503),
        ),
    )
    def checkpoint_route(session_id: SessionId, body: CheckpointRequest) -> Response[CheckpointSaved]:
        save = SaveCheckpoint(transcripts(), c.queue, c.pii_policy, c.settings.sessions, c.clock)
        result = save(
            CheckpointCommand(
                tenant=tenant(),
                user_id=body.user_id,
                session_id=session_id,
                trigger=body.trigger,
                digest=Digest(focus=body.focus, recent_remembers=body.recent_remembers, queries=body.queries),
                project=body.project,
                namespace=body.namespace,
            )
        )
        answer = CheckpointSaved(
            checkpoint=CheckpointOut.of(session_id, result.checkpoint),
            debounced=not result.created,
            pruned=result.pruned,
        )
        status = 201 if result.created else 200
        return Response(status_code=status, content_type=content_types.APPLICATION_JSON, body=answer)

    @app.get(
        "/v1/sessions/<session_id>/checkpoints/latest",
        summary="the latest checkpoint as a recovery digest, for an agent whose context was compacted",
        tags=[SESSIONS],
        security=AUTHENTICATED,
        responses=responses({200: (RecoveryOut, "the recovery digest")}, 404, 422, 401, 429),
    )
    def latest_checkpoint_route(
        session_id: SessionId,
        user_id: Annotated[UserId, Query()],
        budget_chars: Annotated[int, Query(ge=200, le=20000)] = 2000,
    ) -> RecoveryOut:
        ref = SessionRef(tenant(), user_id, session_id)
        recovery = recovery_digest(transcripts(), ref, budget_chars, c.settings.sessions, c.clock.now())
        return RecoveryOut(
            session_id=session_id,
            checkpoint=CheckpointOut.of(session_id, recovery.checkpoint) if recovery.checkpoint else None,
            digest=recovery.text,
            chars=len(recovery.text),
            truncated=recovery.truncated,
        )
