"""The write path: gate → PII → normalize + hash → atomic insert-or-dedup → enqueue enrichment.

No model runs here. A memory is durable before its job is queued; if queueing fails it stays `pending`
and the janitor's repair requeues it. On SQLite a memory, its links and its job are one unit of work
(`transact`: a transaction that concurrent remembers share), built before it so it holds the lock briefly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum
from typing import Any

from engram.domain import gate, pii
from engram.domain.errors import InvalidRequest, PiiRejected, QuotaExceeded
from engram.domain.models import (
    Memory,
    MemoryType,
    Provenance,
    Scope,
    Status,
    Temporal,
    TemporalKind,
)
from engram.domain.text import clean, content_hash
from engram.ids import new_id
from engram.observability import count, logger
from engram.ports import (
    Clock,
    EnrichJob,
    InsertResult,
    JobQueue,
    MemoryStore,
    SystemClock,
    Transact,
    UnitOfWork,
    run_now,
)
from engram.tracing import of_batch, of_outcomes, of_remembered, of_scope, traced
from engram.usecases.graph import LinkMemory, Links


class Outcome(StrEnum):
    stored = "stored"
    deduplicated = "deduplicated"
    rejected = "rejected"
    pii_rejected = "pii_rejected"
    invalid = "invalid"  # batch only: the item asks for something impossible (reason, field)
    quota_exceeded = "quota_exceeded"  # batch only: the tenant is at its storage limit (reason)


METRIC = {  # one business metric per outcome, whichever entry point remembered (API, MCP, sessions)
    Outcome.stored: "MemoryStored",
    Outcome.deduplicated: "MemoryDeduplicated",
    Outcome.rejected: "MemoryRejected",
    Outcome.pii_rejected: "PiiRejected",
    Outcome.invalid: "MemoryInvalid",
    Outcome.quota_exceeded: "QuotaExceeded",
}


@dataclass(frozen=True)
class RememberCommand:
    tenant: str
    user_id: str
    content: str
    project: str = "default"
    namespace: str = "default"
    memory_type: MemoryType | None = None
    provenance: Provenance = Provenance.user_stated
    confidence: float | None = None
    importance: int | None = None
    valid_until: datetime | None = None
    observed_at: datetime | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)
    summary: str | None = None
    write_reason: str | None = None
    related_ids: Sequence[str] = ()
    agent_id: str | None = None
    run_id: str | None = None
    force: bool = False


@dataclass(frozen=True)
class RememberResult:
    outcome: Outcome
    memory: Memory | None = None
    reason: str | None = None  # why it was rejected
    redactions: Sequence[str] = ()
    field: str | None = None  # Outcome.invalid: the field (path) at fault


class Remember:
    def __init__(
        self,
        store: MemoryStore,
        queue: JobQueue,
        pii_policy: Mapping[str, str],
        clock: Clock | None = None,
        link: LinkMemory | None = None,
        transact: Transact = run_now,
        unit_of_work: UnitOfWork = nullcontext,
    ) -> None:
        self.store = store
        self.queue = queue
        self.pii_policy = dict(pii_policy)
        self.clock = clock or SystemClock()
        self.link = link  # the knowledge graph's inline linker (patterns only, no model)
        self.transact = transact  # the insert, its graph links and its job commit together
        self.unit_of_work = unit_of_work  # a batch item's part of the batch's transaction (a savepoint)

    @traced("engram.remember", subject=of_scope, result=of_remembered)
    def __call__(self, command: RememberCommand) -> RememberResult:
        """One memory. A secret that cannot be redacted raises PiiRejected (as an impossible request
        raises InvalidRequest): nothing is stored, and the caller's error mapping answers it."""
        try:
            result = self._prepare(command)
            if isinstance(result, _Prepared):
                ready = result
                result = self.transact(lambda: self._insert(ready, enqueue=True))
        except (PiiRejected, QuotaExceeded, InvalidRequest) as exc:
            count(METRIC[_REFUSED[type(exc)]])  # refused: counted as a batch item's outcome is
            raise
        _count(result)
        return result

    @traced("engram.remember.batch", subject=of_batch, result=of_outcomes)
    def many(self, commands: Sequence[RememberCommand]) -> list[RememberResult]:
        """Each item independently: an item's typed error is its result's outcome, and one bad item
        never affects the others (its insert is undone alone). The items' inserts and their jobs are
        one unit of work: one transaction on SQLite, prepared before it."""
        prepared: list[RememberResult | _Prepared] = []
        for command in commands:
            try:
                prepared.append(self._prepare(command))
            except (InvalidRequest, PiiRejected) as exc:
                prepared.append(_refused(exc))

        def insert_all() -> list[RememberResult]:
            results = [self._insert_alone(p) if isinstance(p, _Prepared) else p for p in prepared]
            stored = {r.memory.id for r in results if r.outcome == Outcome.stored and r.memory}
            self._enqueue([p.job for p in prepared if isinstance(p, _Prepared) and p.memory.id in stored])
            return results

        results = self.transact(insert_all)
        for result in results:
            _count(result)
        return results

    def _prepare(self, command: RememberCommand) -> RememberResult | _Prepared:
        """Gate, screen and build one memory, its links and its job, and its insert, all before the
        write lock is taken: a result when the gate rejects it."""
        if not command.force and (reason := gate.rejection_reason(command.content)):
            return RememberResult(Outcome.rejected, reason=reason)
        screened = pii.screen(command.content, self.pii_policy)  # each raises PiiRejected
        metadata = pii.screen_metadata(command.metadata, self.pii_policy)
        notes = {
            name: pii.screen(text, self.pii_policy, where=name)
            for name in ("summary", "write_reason")
            if (text := getattr(command, name)) is not None
        }
        c = command
        scope = Scope(tenant=c.tenant, user_id=c.user_id, project=c.project, namespace=c.namespace)
        related = check_related(self.store, scope, command.related_ids)
        summary, reason = (
            clean(notes[n].content) or None if n in notes else None for n in ("summary", "write_reason")
        )
        command = replace(
            command, metadata=metadata.metadata, related_ids=related, summary=summary, write_reason=reason
        )
        redactions = sorted(
            {*screened.redactions, *metadata.redactions, *(k for n in notes.values() for k in n.redactions)}
        )
        memory = self._new_memory(command, clean(screened.content), redactions)
        return _Prepared(
            memory=memory,
            redactions=redactions,
            links=self._read_links(memory),  # patterns over the text
            job=EnrichJob(tenant=memory.tenant, memory_id=memory.id, content_hash=memory.content_hash),
            insert=self.store.prepare_insert(memory),
        )

    def _insert(self, prepared: _Prepared, enqueue: bool) -> RememberResult:
        """Insert (or dedup) and link one prepared memory, in the unit of work; with `enqueue`, its job
        too (failing, it leaves the memory pending for the janitor's repair)."""
        inserted = prepared.insert()
        if not inserted.created:
            return RememberResult(Outcome.deduplicated, memory=inserted.memory)
        self._link(prepared.links)
        if enqueue:
            self._enqueue([prepared.job])
        return RememberResult(Outcome.stored, memory=prepared.memory, redactions=prepared.redactions)

    def _insert_alone(self, prepared: _Prepared) -> RememberResult:
        """A batch item's insert in its own savepoint of the batch's unit of work: its error (the
        tenant's cap) undoes its own changes only, and is its result."""
        try:
            with self.unit_of_work():
                return self._insert(prepared, enqueue=False)
        except QuotaExceeded as exc:
            return _refused(exc)

    def _new_memory(self, command: RememberCommand, content: str, redactions: list[str]) -> Memory:
        now = self.clock.now()
        pinned = [
            name
            for name in ("memory_type", "confidence", "importance", "valid_until")
            if getattr(command, name) is not None
        ]
        temporal = (
            Temporal(kind=TemporalKind.temporal, valid_until=command.valid_until)
            if command.valid_until
            else Temporal()
        )
        optional: dict[str, Any] = {
            k: v
            for k, v in (
                ("memory_type", command.memory_type),
                ("confidence", command.confidence),
                ("importance", command.importance),
            )
            if v is not None
        }
        return Memory(
            id=new_id(now),
            tenant=command.tenant,
            user_id=command.user_id,
            project=command.project,
            namespace=command.namespace,
            content=content,
            content_hash=content_hash(content),
            provenance=command.provenance,
            temporal=temporal,
            metadata=dict(command.metadata),
            summary=command.summary,
            write_reason=command.write_reason,
            related_ids=list(command.related_ids),
            agent_id=command.agent_id,
            run_id=command.run_id,
            created_at=now,
            updated_at=now,
            observed_at=command.observed_at or now,
            redactions=redactions,
            pinned=pinned,
            **optional,
        )

    def _read_links(self, memory: Memory) -> Links | None:
        if self.link is None:
            return None
        try:
            return self.link.read(memory)
        except Exception:
            logger.exception("inline graph link failed for %s", memory.id)
            return None

    def _link(self, links: Links | None) -> None:
        if self.link is None or links is None:
            return
        try:
            self.link.apply(links)
        except Exception:
            # The memory is stored (on SQLite the link's own writes roll back to their savepoint);
            # enrichment links it again, so a failed inline link only delays it.
            logger.exception("inline graph link failed for %s", links.memory_id)

    def _enqueue(self, jobs: list[EnrichJob]) -> None:
        if not jobs:
            return
        try:
            self.queue.enqueue(jobs)
        except Exception:
            # Raw first: the memories are stored and stay `pending`; the janitor's repair job re-queues
            # them. The client still gets its 201, because its memory is safe.
            logger.exception("enqueue failed; %d memories left pending for repair", len(jobs))


@dataclass(frozen=True)
class _Prepared:
    """One memory ready to insert: built, screened, its links read and its insert prepared."""

    memory: Memory
    redactions: list[str]
    links: Links | None
    job: EnrichJob
    insert: Callable[[], InsertResult]


def _refused(exc: InvalidRequest | PiiRejected | QuotaExceeded) -> RememberResult:
    """A batch item's typed error as its result."""
    if isinstance(exc, InvalidRequest):
        return RememberResult(Outcome.invalid, reason=exc.message, field=str(exc.detail.get("field")))
    return RememberResult(_REFUSED[type(exc)], reason=exc.message)


_REFUSED: dict[type[Exception], Outcome] = {
    PiiRejected: Outcome.pii_rejected,
    QuotaExceeded: Outcome.quota_exceeded,
    InvalidRequest: Outcome.invalid,
}


def _count(result: RememberResult) -> None:
    count(METRIC[result.outcome])
    if result.redactions:
        count("PiiRedacted", len(result.redactions))


def check_related(
    store: MemoryStore, scope: Scope, related_ids: Sequence[str], itself: str | None = None
) -> list[str]:
    """The related ids, each once and in order, when every one names a live memory of `scope` (not
    `itself`); else InvalidRequest naming the first bad one's path (`related_ids.<i>`)."""
    ids = list(dict.fromkeys(related_ids))
    found = {m.id: m for m in store.get_many(scope.tenant, ids)} if ids else {}
    for i, memory_id in enumerate(related_ids):
        memory = found.get(memory_id)
        if memory_id == itself:
            raise InvalidRequest("a memory cannot be related to itself", field=f"related_ids.{i}")
        if memory is None or memory.status == Status.deleted or memory.scope != scope:
            raise InvalidRequest(
                f"no memory {memory_id!r} in this scope (user, project and namespace)",
                field=f"related_ids.{i}",
            )
    return ids
