"""Conversations in, facts out: append to a session's lossless transcript, extract facts on the queue.

Raw first: messages are PII-screened and durably appended before an extraction job is queued; if
queueing fails the caller gets a 503 and a retry appends nothing twice. Extraction is idempotent: each
derived fact is recorded once per session, so a redelivered job writes nothing twice.
"""
# On SQLite the append, the job and its record are one write transaction (the unit of work), whose
# failed enqueue rolls back only itself; on DynamoDB and SQS they are three writes in that order.
# Facts go through the normal write path (gate, PII, hash dedup, graph link, enrichment and its decision).

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from engram.domain import pii
from engram.domain.errors import DependencyUnavailable, MemoryNotFound, PayloadTooLarge, PiiRejected
from engram.domain.models import Memory, MemoryType, Provenance, Status
from engram.domain.quotas import metering
from engram.domain.sessions import (
    CandidateFact,
    ExtractionRecord,
    FactRecord,
    FactState,
    JobState,
    Message,
    NewMessage,
    Role,
    SessionInfo,
    SessionRef,
    fact_key,
    message_key,
    source_of,
)
from engram.domain.text import clean, content_hash
from engram.ids import new_id
from engram.observability import count
from engram.ports import (
    Clock,
    ExtractJob,
    Extractor,
    JobQueue,
    MemoryStore,
    MessagePage,
    ModelTokens,
    SystemClock,
    TranscriptStore,
    UnitOfWork,
)
from engram.settings import SessionSettings
from engram.tracing import of_outcome, of_scope, traced
from engram.usecases.checkpoints import Recovery, recovery_digest
from engram.usecases.keys import count_model_tokens
from engram.usecases.remember import Outcome, Remember, RememberCommand, RememberResult

MIN_FACT_CHARS, MAX_FACT_CHARS = 10, 2000


class SessionNotFound(MemoryNotFound):
    """No such session for this user of the caller's tenant (404)."""


# --------------------------------------------------------------------------- append


@dataclass(frozen=True)
class MessageIn:
    role: Role
    content: str
    name: str | None = None
    created_at: datetime | None = None
    message_id: str | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class AppendCommand:
    tenant: str
    user_id: str
    session_id: str
    messages: Sequence[MessageIn]
    project: str = "default"
    namespace: str = "default"
    agent_id: str | None = None


@dataclass(frozen=True)
class AppendResult:
    session_id: str
    accepted: int  # newly stored
    duplicates: int  # already in the transcript
    job_id: str | None  # the extraction job queued, if any message awaited one
    message_ids: list[str]  # every message of the call, in order (a duplicate's stored id)
    redactions: list[str]


def check_limits(messages: Sequence[MessageIn], limits: SessionSettings) -> None:
    if len(messages) > limits.max_messages:
        raise PayloadTooLarge(
            f"{len(messages)} messages in one call; the limit is {limits.max_messages}",
            limit=limits.max_messages,
        )
    chars = sum(len(m.content) for m in messages)
    if chars > limits.max_chars:
        raise PayloadTooLarge(
            f"{chars} characters of message content in one call; the limit is {limits.max_chars}",
            limit=limits.max_chars,
        )


@dataclass
class AppendMessages:
    transcripts: TranscriptStore
    queue: JobQueue
    pii_policy: dict[str, str]
    limits: SessionSettings = field(default_factory=SessionSettings)
    clock: Clock = field(default_factory=SystemClock)
    unit_of_work: UnitOfWork = nullcontext  # the append and the queued job commit together

    def __call__(self, command: AppendCommand) -> AppendResult:
        check_limits(command.messages, self.limits)
        screened = self._screen(command.messages)  # raises PiiRejected: nothing is stored
        now = self.clock.now()
        session = SessionInfo(
            tenant=command.tenant,
            user_id=command.user_id,
            session_id=command.session_id,
            project=command.project,
            namespace=command.namespace,
            agent_id=command.agent_id,
            created_at=now,
            updated_at=now,
        )
        unqueued: DependencyUnavailable | None = None
        with self.unit_of_work():
            appended = self.transcripts.append(session, screened, now)
            try:
                job_id = self._queue(appended.session, now)
            except DependencyUnavailable as exc:  # the messages still commit: raw first
                unqueued = exc
        count("SessionMessagesAppended", len(appended.stored))
        if unqueued is not None:
            raise unqueued
        by_key = {m.message_key: m.id for m in [*appended.stored, *appended.duplicates]}
        return AppendResult(
            session_id=command.session_id,
            accepted=len(appended.stored),
            duplicates=len(appended.duplicates),
            job_id=job_id,
            message_ids=[by_key[m.message_key] for m in screened],
            redactions=sorted({kind for m in screened for kind in m.redactions}),
        )

    def _screen(self, messages: Sequence[MessageIn]) -> list[NewMessage]:
        out: list[NewMessage] = []
        seen: dict[tuple[Any, ...], int] = {}
        for i, message in enumerate(messages):
            result = pii.screen(message.content, self.pii_policy, where=f"messages[{i}].content")
            metadata = pii.screen_metadata(message.metadata, self.pii_policy)
            identity = (message.role, result.content, message.created_at)
            occurrence = seen.get(identity, 0)
            seen[identity] = occurrence + 1
            out.append(
                NewMessage(
                    role=message.role,
                    content=result.content,
                    name=message.name,
                    created_at=message.created_at,
                    message_id=message.message_id,
                    redactions=sorted({*result.redactions, *metadata.redactions}),
                    metadata=metadata.metadata,
                    message_key=message_key(
                        message.role, result.content, message.created_at, occurrence, message.message_id
                    ),
                )
            )
        return out

    def _queue(self, session: SessionInfo, now: datetime) -> str | None:
        """Queue one job for every message no job covers yet (this call's, or an earlier call's whose
        queueing failed). The job goes out before it is recorded, so a failure loses nothing."""
        if session.last_seq <= session.queued_through:
            return None
        job = ExtractJob(
            id=new_id(now),
            tenant=session.tenant,
            user_id=session.user_id,
            session_id=session.session_id,
            from_seq=session.queued_through + 1,
            through_seq=session.last_seq,
        )
        try:
            self.queue.enqueue([job])
        except Exception as exc:
            raise DependencyUnavailable(
                "the messages are stored, but their extraction could not be queued; send them again"
            ) from exc
        record = ExtractionRecord(
            job_id=job.id, from_seq=job.from_seq, through_seq=job.through_seq, created_at=now, updated_at=now
        )
        self.transcripts.mark_queued(session.ref, job.through_seq, record)
        return job.id


# --------------------------------------------------------------------------- extract


class ExtractOutcome(StrEnum):
    extracted = "extracted"
    already_done = "already_done"  # redelivery
    skipped = "skipped"  # the session is gone


def harden(facts: Sequence[CandidateFact], limit: int) -> tuple[list[CandidateFact], list[str]]:
    """An extractor's facts as the write path takes them: 10–2,000 characters, each once, at most
    `limit`; what was cut is said in warnings."""
    kept: list[CandidateFact] = []
    seen: set[str] = set()
    warnings: list[str] = []
    for fact in facts:
        content = clean(fact.content)
        if len(content) < MIN_FACT_CHARS:
            warnings.append(f"dropped a fact under {MIN_FACT_CHARS} characters")
            continue
        if len(content) > MAX_FACT_CHARS:
            warnings.append(f"cut a fact to {MAX_FACT_CHARS} characters")
            content = content[:MAX_FACT_CHARS]
        key = content_hash(content)
        if key in seen:
            continue
        seen.add(key)
        kept.append(fact.model_copy(update={"content": content}))
    if len(kept) > limit:
        warnings.append(f"kept the first {limit} of {len(kept)} facts")
        kept = kept[:limit]
    return kept, warnings


def chunks(messages: Sequence[Message], max_chars: int) -> list[list[Message]]:
    """Messages in order, in groups of at most `max_chars` of content (a longer message alone)."""
    groups: list[list[Message]] = []
    size = 0
    for message in messages:
        if not groups or size + len(message.content) > max_chars:
            groups.append([])
            size = 0
        groups[-1].append(message)
        size += len(message.content)
    return groups


@dataclass
class Extract:
    transcripts: TranscriptStore
    remember: Remember
    extractor: Extractor
    settings: SessionSettings = field(default_factory=SessionSettings)
    clock: Clock = field(default_factory=SystemClock)
    tokens: ModelTokens | None = None  # where the model tokens a job spends are counted

    @traced("engram.extract", subject=of_scope, result=of_outcome)
    def __call__(self, job: ExtractJob) -> ExtractOutcome:
        """Extract (or summarize) the job's messages, adding the model tokens it spent (however it
        ends) to the tenant's counter."""
        with metering() as meter:
            try:
                return self._extract(job)
            finally:
                count_model_tokens(self.tokens, job.tenant, meter)

    def _extract(self, job: ExtractJob) -> ExtractOutcome:
        ref = SessionRef(job.tenant, job.user_id, job.session_id)
        session = self.transcripts.session(ref)
        if session is None and job.summary_of is None:
            return ExtractOutcome.skipped
        now = self.clock.now()
        record = self.transcripts.job(ref, job.id) or ExtractionRecord(
            job_id=job.id,
            from_seq=job.from_seq,
            through_seq=job.through_seq,
            kind="summary" if job.summary_of else "extract",
            created_at=now,
        )
        if record.state == JobState.done:
            return ExtractOutcome.already_done
        record = record.model_copy(
            update={
                "state": JobState.running,
                "attempts": record.attempts + 1,
                "extractor": self.extractor.name,
                "updated_at": now,
            }
        )
        self.transcripts.put_job(ref, record)
        try:
            if job.summary_of is not None:
                warnings, sources = self._summarize(ref, session, job, job.summary_of)
            elif session is not None:
                warnings, sources = self._run(session, job)
        except Exception as exc:
            failed = record.model_copy(
                update={
                    "state": JobState.failed,
                    "error": f"{type(exc).__name__}: {exc}"[:300],
                    "updated_at": self.clock.now(),
                }
            )
            self.transcripts.put_job(ref, failed)
            count("ExtractionFailed")
            raise
        tally = {state: 0 for state in FactState}
        for fact in self.transcripts.facts(ref):
            if fact.job_id == job.id:
                tally[fact.state] += 1
        done = record.model_copy(
            update={
                "state": JobState.done,
                "error": None,
                "extractor": ", ".join(sources) or self.extractor.name,
                "warnings": warnings[:20],
                "facts_written": tally[FactState.stored],
                "facts_deduplicated": tally[FactState.deduplicated],
                "facts_proposed": tally[FactState.proposed],
                "facts_rejected": tally[FactState.rejected],
                "updated_at": self.clock.now(),
            }
        )
        self.transcripts.put_job(ref, done)
        count("SessionExtracted")
        return ExtractOutcome.extracted

    def _run(self, session: SessionInfo, job: ExtractJob) -> tuple[list[str], list[str]]:
        """Extract chunk by chunk; the warnings, and who answered (the model, or its fallback)."""
        ref = session.ref
        window = self.transcripts.window(ref, job.from_seq, job.through_seq, self.settings.context_messages)
        context = [m for m in window if m.seq < job.from_seq]
        warnings: list[str] = []
        sources: list[str] = []
        for group in chunks([m for m in window if m.seq >= job.from_seq], self.settings.max_input_chars):
            found = self.extractor.extract(group, context, session.user_id)
            # At most max_facts a chunk, or two a message where a chunk holds many: a cap on a model's
            # runaway list, not on a long chat's turns (each may state its narrative and a decision).
            facts, cut = harden(found.facts, max(self.settings.max_facts, 2 * len(group)))
            warnings.extend([*found.warnings, *cut])
            sources += [found.source] if found.source not in sources else []
            for fact in facts:
                self._apply(session, job.id, fact, found.source)
            context = (context + group)[-self.settings.context_messages :]
        return warnings, sources

    def _summarize(
        self, ref: SessionRef, session: SessionInfo | None, job: ExtractJob, checkpoint_id: str
    ) -> tuple[list[str], list[str]]:
        """session_end: the episode summary of the transcript up to the checkpoint, written once as an
        `episode_summary` memory linked to the session (and to the checkpoint)."""
        checkpoint = next((c for c in self.transcripts.checkpoints(ref, 200) if c.id == checkpoint_id), None)
        if session is None and checkpoint is None:
            return ["the session and its checkpoint are gone: nothing to summarize"], []
        messages = self._transcript(ref, job.through_seq) if session is not None else []
        focus = checkpoint.digest.focus if checkpoint is not None else None
        summary = self.extractor.summarize(messages, ref.user_id, focus, self.settings.summary_max_chars)
        if len(summary.content) < MIN_FACT_CHARS:
            return [*summary.warnings, "nothing worth an episode summary"], [summary.source]
        said = [m.created_at or m.received_at for m in messages]
        start = min(said) if said else (checkpoint.created_at if checkpoint else self.clock.now())
        end = max(said) if said else start
        project, namespace = (
            (session.project, session.namespace)
            if session is not None
            else (checkpoint.project, checkpoint.namespace)  # type: ignore[union-attr]
        )
        # Not an extractor's fact (those must cite a message): a summary of the focus alone cites none.
        fact = CandidateFact.model_construct(
            content=f"Session {ref.session_id} on {start.date().isoformat()}: {summary.content}",
            memory_type=MemoryType.episodic,
            confidence=0.8,
            provenance=Provenance.episode_summary,
            source_message_ids=summary.source_message_ids[:10],
            observed_at=end,
        )
        self._write(ref, project, namespace, job.id, fact, summary.source, {"checkpoint_id": checkpoint_id})
        written = self.transcripts.fact(ref, fact_key(content_hash(fact.content)))
        if checkpoint is not None and written is not None and written.memory_id:
            self.transcripts.put_checkpoint(
                ref, checkpoint.model_copy(update={"summary_memory_id": written.memory_id})
            )
        return summary.warnings, [summary.source]

    def _transcript(self, ref: SessionRef, through_seq: int, most: int = 2000) -> list[Message]:
        """The transcript up to `through_seq` (its last `most` messages)."""
        return self.transcripts.window(ref, through_seq, through_seq, most - 1) if through_seq > 0 else []

    def _apply(self, session: SessionInfo, job_id: str, fact: CandidateFact, source: str) -> None:
        self._write(session.ref, session.project, session.namespace, job_id, fact, source)

    def _write(
        self,
        ref: SessionRef,
        project: str,
        namespace: str,
        job_id: str,
        fact: CandidateFact,
        source: str,
        extra: dict[str, Any] | None = None,
    ) -> None:
        key = fact_key(content_hash(fact.content))
        existing = self.transcripts.fact(ref, key)
        if existing is not None and existing.state != FactState.writing:
            return  # this session derived it already (a redelivery, or an earlier job)
        record = FactRecord(
            fact_key=key,
            state=FactState.writing,
            content=fact.content,
            memory_type=fact.memory_type,
            confidence=fact.confidence,
            provenance=fact.provenance,
            source_message_ids=fact.source_message_ids,
            job_id=existing.job_id if existing else job_id,
            at=self.clock.now(),
        )
        if fact.confidence < self.settings.min_confidence:
            self.transcripts.put_fact(ref, record.model_copy(update={"state": FactState.proposed}))
            return
        if existing is None:
            self.transcripts.put_fact(ref, record)  # a crash from here on is finished by the retry
        command = RememberCommand(
            tenant=ref.tenant,
            user_id=ref.user_id,
            content=fact.content,
            project=project,
            namespace=namespace,
            memory_type=fact.memory_type,
            provenance=fact.provenance,
            confidence=fact.confidence,
            observed_at=fact.observed_at,
            metadata={
                "session_id": ref.session_id,
                "source_message_ids": fact.source_message_ids,
                "extractor": source,
                **(extra or {}),
            },
        )
        try:
            result = self.remember(command)
        except PiiRejected as exc:  # a fact holding a secret is not kept; the session's others are
            result = RememberResult(Outcome.pii_rejected, reason=exc.message)
        state = {
            Outcome.stored: FactState.stored,
            Outcome.deduplicated: FactState.deduplicated,
        }.get(result.outcome, FactState.rejected)
        memory_id = result.memory.id if result.memory is not None else None
        self.transcripts.put_fact(
            ref, record.model_copy(update={"state": state, "memory_id": memory_id, "reason": result.reason})
        )


# --------------------------------------------------------------------------- recall's expand


@dataclass(frozen=True)
class SourceMessage:
    message: Message  # its content cut to the bound
    truncated: bool


@dataclass(frozen=True)
class Source:
    session_id: str
    messages: list[SourceMessage]


# --------------------------------------------------------------------------- read and delete


@dataclass(frozen=True)
class SessionView:
    session: SessionInfo
    jobs: list[ExtractionRecord]
    facts: list[FactRecord]


@dataclass(frozen=True)
class Deleted:
    session_id: str
    messages: int
    forgotten: list[str]  # memories derived only from this session, forgotten with it (cascade)


def derived_only_from(memory: Memory, ref: SessionRef, sessions: Sequence[SessionRef]) -> bool:
    session_id, _ = source_of(memory.metadata)
    return (
        memory.status != Status.deleted
        and memory.user_id == ref.user_id
        and session_id == ref.session_id
        and all(other == ref for other in sessions)
    )


@dataclass(frozen=True)
class SessionReads:
    """Sessions as the API reads them: one session, its transcript, its latest checkpoint as a
    recovery digest, and the source messages of memories a session taught (recall's `expand`)."""

    transcripts: TranscriptStore
    settings: SessionSettings
    clock: Clock = field(default_factory=SystemClock)

    def get(self, ref: SessionRef, jobs: int = 20) -> SessionView:
        session = self.transcripts.session(ref)
        if session is None:
            raise SessionNotFound(f"no session {ref.session_id} for user {ref.user_id}")
        return SessionView(session, self.transcripts.jobs(ref, jobs), self.transcripts.facts(ref))

    def messages(self, ref: SessionRef, limit: int, cursor: str | None) -> MessagePage:
        if self.transcripts.session(ref) is None:
            raise SessionNotFound(f"no session {ref.session_id} for user {ref.user_id}")
        return self.transcripts.messages(ref, limit, cursor)

    def recovery(self, ref: SessionRef, budget_chars: int) -> Recovery:
        return recovery_digest(self.transcripts, ref, budget_chars, self.settings, self.clock.now())

    def sources(self, tenant: str, memories: Sequence[Memory]) -> dict[str, Source]:
        """For each memory derived from a session of its user: the session and its first
        `expand_messages` source messages, each cut to `expand_chars`. One read per session."""
        max_messages, max_chars = self.settings.expand_messages, self.settings.expand_chars
        wanted: dict[SessionRef, list[tuple[str, list[str]]]] = {}
        for memory in memories:
            session_id, ids = source_of(memory.metadata)
            if session_id is not None and ids and max_messages > 0:
                ref = SessionRef(tenant, memory.user_id, session_id)
                wanted.setdefault(ref, []).append((memory.id, ids[:max_messages]))
        found: dict[str, Source] = {}
        for ref, items in wanted.items():
            by_id = {
                m.id: m for m in self.transcripts.messages_by_id(ref, [i for _, ids in items for i in ids])
            }
            for memory_id, ids in items:
                messages = sorted((by_id[i] for i in set(ids) if i in by_id), key=lambda m: m.seq)
                found[memory_id] = Source(
                    ref.session_id,
                    [
                        SourceMessage(
                            m.model_copy(update={"content": m.content[:max_chars]}),
                            len(m.content) > max_chars,
                        )
                        for m in messages
                    ],
                )
        return found


@dataclass(frozen=True)
class DeleteSession:
    transcripts: TranscriptStore
    store: MemoryStore
    forget: Callable[[str, str], Memory]  # the Forget use case
    clock: Clock = field(default_factory=SystemClock)

    def pop_last(self, ref: SessionRef) -> Message:
        """Remove the transcript's last message and return it. Not yet extracted, it never will be; facts
        already extracted from it stay remembered (the session's facts name it as their source)."""
        if self.transcripts.session(ref) is None:
            raise SessionNotFound(f"no session {ref.session_id} for user {ref.user_id}")
        message = self.transcripts.pop_last(ref, self.clock.now())
        if message is None:
            raise SessionNotFound(f"session {ref.session_id} has no message")
        count("SessionMessagePopped")
        return message

    def __call__(self, ref: SessionRef, *, cascade: bool = False) -> Deleted:
        """Delete a session's transcript, jobs and facts; with `cascade`, first forget (through the
        normal Forget use case) the memories derived from this session and from no other source. A
        session with checkpoints but no transcript is a session too."""
        transcripts = self.transcripts
        if transcripts.session(ref) is None and not transcripts.checkpoints(ref, 1):
            raise SessionNotFound(f"no session {ref.session_id} for user {ref.user_id}")
        forgotten: list[str] = []
        if cascade:
            ids = list(dict.fromkeys(f.memory_id for f in transcripts.facts(ref) if f.memory_id))
            for memory in self.store.get_many(ref.tenant, ids):
                if derived_only_from(memory, ref, transcripts.sessions_of(ref.tenant, memory.id)):
                    self.forget(ref.tenant, memory.id)
                    forgotten.append(memory.id)
        messages = transcripts.delete(ref)
        count("SessionDeleted")
        return Deleted(ref.session_id, messages, forgotten)
