"""Checkpoints of a session, and the recovery digest an agent reads after its context was compacted.

`SaveCheckpoint` PII-screens the digest, debounces repeats, keeps the newest `max_checkpoints` within
retention, and on session_end queues the episode-summary job (no model runs on the request).
`recovery_digest` answers `GET /v1/sessions/{id}/checkpoints/latest` as text within a budget.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from engram.domain import pii
from engram.domain.checkpoints import Checkpoint, Digest, Trigger
from engram.domain.errors import Conflict, DependencyUnavailable, MemoryNotFound
from engram.domain.sessions import ExtractionRecord, FactState, SessionRef
from engram.domain.text import clean
from engram.ids import new_id
from engram.observability import count
from engram.ports import Clock, ExtractJob, JobQueue, SystemClock, TranscriptStore
from engram.settings import SessionSettings

_LOOKBACK = 200  # checkpoints read to debounce and prune (a session keeps max_checkpoints)


class CheckpointNotFound(MemoryNotFound):
    """No checkpoint and no session under this id for this user of the caller's tenant (404)."""


@dataclass(frozen=True)
class CheckpointCommand:
    tenant: str
    user_id: str
    session_id: str
    trigger: Trigger
    digest: Digest
    project: str = "default"
    namespace: str = "default"


@dataclass(frozen=True)
class CheckpointResult:
    checkpoint: Checkpoint
    created: bool  # False: debounced; `checkpoint` is the one already stored
    pruned: int = 0


def digest_hash(digest: Digest) -> str:
    return hashlib.sha256(digest.model_dump_json().encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class SaveCheckpoint:
    transcripts: TranscriptStore
    queue: JobQueue
    pii_policy: dict[str, str]
    settings: SessionSettings = field(default_factory=SessionSettings)
    clock: Clock = field(default_factory=SystemClock)

    def __call__(self, command: CheckpointCommand) -> CheckpointResult:
        ref = SessionRef(command.tenant, command.user_id, command.session_id)
        digest, redactions = self._screen(command.digest)  # raises PiiRejected: nothing is stored
        session = self.transcripts.session(ref)
        if session is not None and (session.project, session.namespace) != (
            command.project,
            command.namespace,
        ):
            raise Conflict(
                f"session {ref.session_id} belongs to project {session.project!r}, namespace "
                f"{session.namespace!r}"
            )
        now = self.clock.now()
        fresh = [c for c in self.transcripts.checkpoints(ref, _LOOKBACK) if not self._expired(c, now)]
        seq = session.last_seq if session is not None else 0
        hashed = digest_hash(digest)
        if (same := self._debounced(fresh, command.trigger, hashed, seq, now)) is not None:
            count("CheckpointDebounced")
            return CheckpointResult(same, created=False)
        checkpoint = Checkpoint(
            id=new_id(now),
            trigger=command.trigger,
            digest=digest,
            digest_hash=hashed,
            redactions=redactions,
            transcript_seq=seq,
            project=command.project,
            namespace=command.namespace,
            created_at=now,
        )
        if command.trigger == Trigger.session_end:
            checkpoint = checkpoint.model_copy(
                update={"summary_job_id": self._queue_summary(ref, checkpoint)}
            )
        self.transcripts.put_checkpoint(ref, checkpoint)
        pruned = self._prune(ref, [checkpoint, *fresh], now)
        count("CheckpointSaved")
        return CheckpointResult(checkpoint, created=True, pruned=pruned)

    def _screen(self, digest: Digest) -> tuple[Digest, list[str]]:
        kinds: set[str] = set()

        def screened(text: str, where: str) -> str:
            result = pii.screen(clean(text), self.pii_policy, where=where)
            kinds.update(result.redactions)
            return result.content

        out = Digest(
            focus=screened(digest.focus, "digest.focus") if digest.focus else None,
            recent_remembers=[
                screened(t, f"digest.recent_remembers[{i}]") for i, t in enumerate(digest.recent_remembers)
            ],
            queries=[screened(t, f"digest.queries[{i}]") for i, t in enumerate(digest.queries)],
        )
        return out, sorted(kinds)

    def _debounced(
        self, fresh: list[Checkpoint], trigger: Trigger, hashed: str, seq: int, now: datetime
    ) -> Checkpoint | None:
        if trigger == Trigger.session_end:  # once per position in the transcript and digest
            return next(
                (
                    c
                    for c in fresh
                    if c.trigger == Trigger.session_end
                    and c.transcript_seq == seq
                    and c.digest_hash == hashed
                ),
                None,
            )
        if not fresh or now - fresh[0].created_at >= timedelta(seconds=self.settings.checkpoint_debounce_s):
            return None
        latest = fresh[0]
        return latest if trigger == Trigger.periodic or latest.digest_hash == hashed else None

    def _queue_summary(self, ref: SessionRef, checkpoint: Checkpoint) -> str:
        """The job goes out before the checkpoint is stored: a failure stores nothing (503, retry)."""
        job = ExtractJob(
            id=new_id(checkpoint.created_at),
            tenant=ref.tenant,
            user_id=ref.user_id,
            session_id=ref.session_id,
            from_seq=1,
            through_seq=checkpoint.transcript_seq,
            summary_of=checkpoint.id,
        )
        try:
            self.queue.enqueue([job])
        except Exception as exc:
            raise DependencyUnavailable(
                "the session's episode summary could not be queued; send the checkpoint again"
            ) from exc
        self.transcripts.put_job(
            ref,
            ExtractionRecord(
                job_id=job.id,
                from_seq=job.from_seq,
                through_seq=job.through_seq,
                kind="summary",
                created_at=checkpoint.created_at,
                updated_at=checkpoint.created_at,
            ),
        )
        return job.id

    def _prune(self, ref: SessionRef, newest_first: list[Checkpoint], now: datetime) -> int:
        keep = {c.id for c in newest_first[: self.settings.max_checkpoints] if not self._expired(c, now)}
        stored = self.transcripts.checkpoints(ref, _LOOKBACK)
        drop = [c.id for c in stored if c.id not in keep]
        self.transcripts.delete_checkpoints(ref, drop)
        return len(drop)

    def _expired(self, checkpoint: Checkpoint, now: datetime) -> bool:
        return now - checkpoint.created_at > timedelta(days=self.settings.checkpoint_retention_days)


# --------------------------------------------------------------------------- recovery


@dataclass(frozen=True)
class Recovery:
    checkpoint: Checkpoint | None
    text: str
    truncated: bool  # something did not fit the budget


def recovery_digest(
    transcripts: TranscriptStore,
    ref: SessionRef,
    budget_chars: int,
    settings: SessionSettings,
    now: datetime,
) -> Recovery:
    """What an agent needs to carry on, most important first, in at most `budget_chars`: what it was
    working on, what it remembered, what this session taught (its facts), what it searched for, and
    the last messages."""
    retention = timedelta(days=settings.checkpoint_retention_days)
    latest = next((c for c in transcripts.checkpoints(ref, 1) if now - c.created_at <= retention), None)
    session = transcripts.session(ref)
    if latest is None and session is None:
        raise CheckpointNotFound(f"no checkpoint or session {ref.session_id} for user {ref.user_id}")
    digest = latest.digest if latest is not None else Digest()
    facts = (
        [
            f.content
            for f in reversed(transcripts.facts(ref))
            if f.state in (FactState.stored, FactState.deduplicated)
        ]
        if session is not None
        else []
    )
    last = (
        transcripts.window(ref, session.last_seq + 1, session.last_seq, 5)
        if session is not None and session.last_seq
        else []
    )
    when = f", {latest.trigger.value} checkpoint at {latest.created_at.isoformat()}" if latest else ""
    sections: list[tuple[str, list[str]]] = [
        (f"Session {ref.session_id}{when}.", []),
        ("Working on:", [digest.focus] if digest.focus else []),
        ("Remembered recently:", list(reversed(digest.recent_remembers))),
        ("Learned in this session:", facts[:10]),
        ("Searched for:", list(reversed(digest.queries))),
        ("Last messages:", [f"{m.name or m.role.value}: {m.content}" for m in last]),
    ]
    lines: list[str] = []
    used = 0
    truncated = False
    for heading, items in sections:
        if heading.startswith("Session ") or items:
            candidates = [heading, *(f"- {clean(i)}" for i in items)]
        else:
            continue
        for n, line in enumerate(candidates):
            room = budget_chars - used - (1 if lines else 0)
            if len(line) > room:
                truncated = True
                if n == 0 or room < 40:
                    break
                line = line[: room - 1] + "…"  # an item cut to fit, marked
            lines.append(line)
            used += len(line) + (1 if len(lines) > 1 else 0)
            if truncated:
                break
    return Recovery(latest, "\n".join(lines), truncated)
