"""In-memory fakes of the ports the use cases take (engram.ports): no SQLite file, no moto, no server.

"Fakes are in-memory implementations of our interface … Remove the need for mocks" (the
serverless-python-demo way). Each one keeps the semantics of the SQLite adapter for what it implements,
so a use-case test on the fakes means what it would mean on the embedded default:

* `InMemoryMemoryStore` — MemoryStore: dedup within a scope over live memories, atomically (one lock);
  optimistic `put`; counters (hits, retrievals) that `put` never overwrites; tombstones that free the
  content hash; opaque cursors (`InvalidCursor` on a foreign one). It keeps no per-tenant memory caps
  (those are the key store's tenant limits, which the fakes do not have). tests/integration/
  test_store_contract_fake.py runs the store contract on it.
* `InMemoryJobQueue` — JobQueue, as the SQLite job table: queued → running (leased) → done, or back to
  queued on a failure until `max_attempts`, then dead; finished jobs kept until `purge_finished`.
* `InMemoryJanitorState` — JanitorState and MemoryCounter (counts over an `InMemoryMemoryStore`).
* `InMemoryVectorIndex` — VectorIndex, as the local index: exact k-NN by dot product (the embedders'
  vectors are unit-normalised) over the user's vectors, with the scope and its filters applied to the
  memory as the store holds it now.

Stored values are copies both ways in and out: a caller changing a memory it got changes nothing stored.
The clock (default: the system's) stamps what the SQLite adapters stamp with `utcnow()`.
"""

from __future__ import annotations

import builtins
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial

from engram.adapters.cursor import decode_cursor, encode_cursor
from engram.adapters.timestamps import iso
from engram.domain.errors import Conflict
from engram.domain.filters import matches
from engram.domain.models import EnrichmentState, HistoryRecord, Memory, Status
from engram.ports import (
    Clock,
    IndexedMemory,
    InsertResult,
    JanitorJob,
    Job,
    JobState,
    ListQuery,
    MemoryCounts,
    Page,
    SearchScope,
    SystemClock,
    VectorHit,
)

Scope = tuple[str, str, str, str]  # (tenant, user_id, project, namespace)


def _scope(memory: Memory) -> Scope:
    return memory.tenant, memory.user_id, memory.project, memory.namespace


def _copy(memory: Memory) -> Memory:
    return memory.model_copy(deep=True)


class InMemoryMemoryStore:
    """MemoryStore (with RetrievalCounts, JobClaims and ModelTokens) in a dict, one lock for atomicity."""

    def __init__(self, clock: Clock | None = None) -> None:
        self.clock = clock or SystemClock()
        self._lock = threading.RLock()
        self._memories: dict[tuple[str, str], Memory] = {}  # (tenant, id) → memory
        self._seq: dict[tuple[str, str], int] = {}  # insertion order, for scan
        self._next_seq = 0
        self._history: dict[str, HistoryRecord] = {}
        self._claims: dict[str, datetime] = {}
        self._tokens: dict[str, tuple[int, int]] = {}

    # ------------------------------------------------------------------ model tokens

    def add_model_tokens(self, tenant: str, input_tokens: int, output_tokens: int) -> None:
        with self._lock:
            before_in, before_out = self._tokens.get(tenant, (0, 0))
            self._tokens[tenant] = (before_in + input_tokens, before_out + output_tokens)

    def model_tokens(self, tenant: str) -> tuple[int, int]:
        return self._tokens.get(tenant, (0, 0))

    # ------------------------------------------------------------------ writes

    def _live_with_hash(
        self, scope: Scope, content_hash: str, other_than: str | None = None
    ) -> Memory | None:
        for memory in self._memories.values():
            if (
                memory.status != Status.deleted
                and memory.content_hash == content_hash
                and _scope(memory) == scope
                and memory.id != other_than
            ):
                return memory
        return None

    def prepare_insert(self, memory: Memory) -> Callable[[], InsertResult]:
        return partial(self.insert_or_dedup, memory)

    def insert_or_dedup(self, memory: Memory) -> InsertResult:
        with self._lock:
            existing = self._live_with_hash(_scope(memory), memory.content_hash)
            if existing is None:
                key = (memory.tenant, memory.id)
                self._memories[key] = _copy(memory)
                self._seq[key] = self._next_seq = self._next_seq + 1
                return InsertResult(_copy(memory), created=True)
            existing.hits += 1
            return InsertResult(_copy(existing), created=False)

    def _stored(self, memory: Memory, stored: Memory) -> Memory:
        """`memory` with the counters as stored (they change by increments, never by a put)."""
        counters = {
            "hits": stored.hits,
            "retrieval_count": stored.retrieval_count,
            "last_retrieved_at": stored.last_retrieved_at,
        }
        return _copy(memory).model_copy(update=counters)

    def put(self, memory: Memory, expected_updated_at: datetime | None = None) -> Memory:
        with self._lock:
            stored = self._memories.get((memory.tenant, memory.id))
            if (
                stored is None
                or stored.content_hash != memory.content_hash
                or (expected_updated_at is not None and stored.updated_at != expected_updated_at)
            ):
                raise Conflict(f"memory {memory.id} changed concurrently; retry")
            self._memories[(memory.tenant, memory.id)] = self._stored(memory, stored)
            return _copy(self._memories[(memory.tenant, memory.id)])

    def replace_content(self, old: Memory, new: Memory) -> Memory:
        with self._lock:
            stored = self._memories.get((old.tenant, old.id))
            if stored is None or stored.updated_at != old.updated_at:
                raise Conflict(f"memory {old.id} changed concurrently; retry")
            if new.status != Status.deleted and self._live_with_hash(
                _scope(stored), new.content_hash, old.id
            ):
                raise Conflict("the same content already exists in this scope")
            self._memories[(old.tenant, old.id)] = self._stored(new, stored)
            return _copy(self._memories[(old.tenant, old.id)])

    def delete(self, tenant: str, memory_id: str) -> Memory | None:
        with self._lock:
            stored = self._memories.get((tenant, memory_id))
            if stored is None or stored.status == Status.deleted:
                return None
            tombstone = stored.model_copy(update={"status": Status.deleted, "updated_at": self.clock.now()})
            self._memories[(tenant, memory_id)] = tombstone
            return _copy(tombstone)

    def purge(self, tenant: str, memory_id: str) -> None:
        with self._lock:
            self._memories.pop((tenant, memory_id), None)
            self._seq.pop((tenant, memory_id), None)
            for record in [
                r for r in self._history.values() if (r.tenant, r.memory_id) == (tenant, memory_id)
            ]:
                del self._history[record.id]

    def increment_retrievals(self, tenant: str, counts: dict[str, int], at: datetime) -> None:
        with self._lock:
            for memory_id, n in counts.items():
                stored = self._memories.get((tenant, memory_id))
                if stored is None:
                    continue
                stored.retrieval_count += n
                last = stored.last_retrieved_at
                stored.last_retrieved_at = at if last is None or last < at else last

    def claim_once(self, key: str, at: datetime) -> bool:
        with self._lock:
            if key in self._claims:
                return False
            self._claims[key] = at
            return True

    def add_hits(self, tenant: str, memory_id: str, n: int) -> None:
        with self._lock:
            stored = self._memories.get((tenant, memory_id))
            if stored is not None:
                stored.hits += n

    # ------------------------------------------------------------------ reads

    def get(self, tenant: str, memory_id: str) -> Memory | None:
        stored = self._memories.get((tenant, memory_id))
        return _copy(stored) if stored else None

    def get_many(self, tenant: str, memory_ids: Sequence[str]) -> list[Memory]:
        found = (self.get(tenant, memory_id) for memory_id in dict.fromkeys(memory_ids))
        return [m for m in found if m is not None]

    def list(self, query: ListQuery) -> Page:
        if not query.user_id:
            raise ValueError("list needs a user_id")
        before = decode_cursor(query.cursor, ("before",))["before"] if query.cursor else None

        def wanted(m: Memory) -> bool:
            return (
                (m.tenant, m.user_id) == (query.tenant, query.user_id)
                and query.project in (None, m.project)
                and query.namespace in (None, m.namespace)
                and (m.status != Status.deleted if query.status is None else m.status == query.status)
                and query.agent_id in (None, m.agent_id)
                and query.run_id in (None, m.run_id)
                and query.review_needed in (None, m.review_needed)
                and (query.metadata is None or matches(m.metadata, query.metadata))
                and (before is None or m.id < before)
            )

        with self._lock:
            found = sorted(
                (m for m in self._memories.values() if wanted(m)), key=lambda m: m.id, reverse=True
            )
            items = [_copy(m) for m in found[: query.limit]]
        cursor = encode_cursor({"before": items[-1].id}) if len(found) > query.limit else None
        return Page(items, cursor)

    def scan(self, cursor: str | None, limit: int, tenant: str | None = None) -> Page:
        after = decode_cursor(cursor, ("after",))["after"] if cursor else 0
        with self._lock:
            found = sorted(
                (seq, key) for key, seq in self._seq.items() if seq > after and tenant in (None, key[0])
            )
            page = found[:limit]
            items = [_copy(self._memories[key]) for _, key in page]
        next_cursor = encode_cursor({"after": page[-1][0]}) if len(found) > limit else None
        return Page(items, next_cursor)

    def find_by_enrichment_state(
        self, state: EnrichmentState, updated_before: datetime, limit: int, cursor: str | None = None
    ) -> Page:
        after = decode_cursor(cursor, ("after",))["after"] if cursor else ""
        with self._lock:
            found = sorted(
                (position, m)
                for m in self._memories.values()
                if m.enrichment.state == state
                and m.updated_at < updated_before
                and (position := f"{iso(m.updated_at)}#{m.id}") > after
            )
            page = found[:limit]
            items = [_copy(m) for _, m in page]
        next_cursor = encode_cursor({"after": page[-1][0]}) if len(found) > limit else None
        return Page(items, next_cursor)

    # ------------------------------------------------------------------ history

    def add_history(self, records: Iterable[HistoryRecord]) -> None:
        with self._lock:
            for record in records:
                self._history.setdefault(record.id, record.model_copy(deep=True))

    def history(self, tenant: str, memory_id: str) -> builtins.list[HistoryRecord]:
        with self._lock:
            mine = [r for r in self._history.values() if (r.tenant, r.memory_id) == (tenant, memory_id)]
        return [r.model_copy(deep=True) for r in sorted(mine, key=lambda r: (r.at, r.id))]

    def purge_history(self, older_than: datetime, limit: int) -> int:
        with self._lock:
            old = sorted((r for r in self._history.values() if r.at < older_than), key=lambda r: r.at)[:limit]
            for record in old:
                del self._history[record.id]
            return len(old)

    # ------------------------------------------------------------------ for MemoryCounter

    def all(self) -> builtins.list[Memory]:
        with self._lock:
            return [_copy(m) for m in self._memories.values()]


@dataclass
class _QueuedJob:
    id: int
    job: Job
    state: str = "queued"  # queued | running | done | dead
    attempts: int = 0
    updated_at: datetime | None = None


@dataclass(frozen=True)
class ClaimedJob:
    id: int
    job: Job
    attempts: int  # including this one


class InMemoryJobQueue:
    """JobQueue as the SQLite job table keeps it (no leases expiring: nothing here runs concurrently
    with a claim but the test that made it)."""

    keeps_finished = True  # done jobs stay until purge_finished, as in the SQLite job table

    def __init__(self, clock: Clock | None = None, *, max_attempts: int = 5) -> None:
        self.clock = clock or SystemClock()
        self.max_attempts = max_attempts
        self._jobs: dict[int, _QueuedJob] = {}
        self._next_id = 0
        self._lock = threading.Lock()

    def enqueue(self, jobs: Sequence[Job]) -> None:
        with self._lock:
            for job in jobs:
                job_id = self._next_id = self._next_id + 1
                self._jobs[job_id] = _QueuedJob(
                    job_id, job.model_copy(deep=True), updated_at=self.clock.now()
                )

    def claim(self, limit: int) -> list[ClaimedJob]:
        """Lease up to `limit` queued jobs, oldest first."""
        with self._lock:
            ready = [j for j in sorted(self._jobs.values(), key=lambda j: j.id) if j.state == "queued"][
                :limit
            ]
            for queued in ready:
                queued.state, queued.attempts, queued.updated_at = (
                    "running",
                    queued.attempts + 1,
                    self.clock.now(),
                )
            return [ClaimedJob(j.id, j.job, j.attempts) for j in ready]

    def complete(self, job_ids: Sequence[int]) -> None:
        with self._lock:
            for job_id in job_ids:
                self._jobs[job_id].state, self._jobs[job_id].updated_at = "done", self.clock.now()

    def fail(self, job_id: int) -> str:
        """A failed attempt: queued again, or dead after `max_attempts`."""
        with self._lock:
            queued = self._jobs[job_id]
            queued.state = "dead" if queued.attempts >= self.max_attempts else "queued"
            queued.updated_at = self.clock.now()
            return queued.state

    def depth(self) -> dict[str, int]:
        states = [j.state for j in self._jobs.values()]
        return {
            "queued": states.count("queued"),
            "in_flight": states.count("running"),
            "dead": states.count("dead"),
            "done": states.count("done"),
        }

    def redrive_dead(self, limit: int) -> int:
        with self._lock:
            dead = [j for j in sorted(self._jobs.values(), key=lambda j: j.id) if j.state == "dead"][:limit]
            for queued in dead:
                queued.state, queued.attempts, queued.updated_at = "queued", 0, self.clock.now()
            return len(dead)

    def purge_finished(self, older_than: datetime, limit: int) -> int:
        with self._lock:
            done = [
                j.id
                for j in sorted(self._jobs.values(), key=lambda j: j.id)
                if j.state == "done" and j.updated_at is not None and j.updated_at < older_than
            ][:limit]
            for job_id in done:
                del self._jobs[job_id]
            return len(done)


@dataclass
class InMemoryJanitorState:
    """JanitorState, and MemoryCounter over `store`."""

    store: InMemoryMemoryStore
    _states: dict[JanitorJob, JobState] = field(default_factory=dict)

    def load(self, job: JanitorJob) -> JobState:
        state = self._states.get(job)
        return state.model_copy(deep=True) if state else JobState(job=job)

    def save(self, state: JobState) -> None:
        self._states[state.job] = state.model_copy(deep=True)

    def count_memories(self, tenant: str | None = None) -> MemoryCounts:
        status: dict[str, int] = {}
        enrichment: dict[str, int] = {}
        for memory in self.store.all():
            if tenant not in (None, memory.tenant):
                continue
            status[memory.status.value] = status.get(memory.status.value, 0) + 1
            if memory.status != Status.deleted:
                state = memory.enrichment.state.value
                enrichment[state] = enrichment.get(state, 0) + 1
        return MemoryCounts(status=status, enrichment=enrichment)


def in_scope(scope: SearchScope, m: Memory) -> bool:
    """Whether a memory is within a search scope and passes its filters (the local index's predicate)."""
    f = scope.filters
    lowered = {name: {v.lower() for v in values} for name, values in (("c", m.categories), ("e", m.entities))}
    return (
        (m.tenant, m.user_id) == (scope.tenant, scope.user_id)
        and scope.project in (None, m.project)
        and (not scope.namespaces or m.namespace in scope.namespaces)
        and m.status in scope.statuses
        and (not f.memory_types or m.memory_type.value in f.memory_types)
        and (not f.provenance or m.provenance.value in f.provenance)
        and (not f.categories or bool(lowered["c"] & {v.lower() for v in f.categories}))
        and (not f.entities or bool(lowered["e"] & {v.lower() for v in f.entities}))
        and (f.observed_after is None or m.observed_at >= f.observed_after)
        and (f.observed_before is None or m.observed_at < f.observed_before)
        and (f.min_importance is None or m.importance >= f.min_importance)
        and f.agent_id in (None, m.agent_id)
        and f.run_id in (None, m.run_id)
        and (f.metadata is None or matches(m.metadata, f.metadata))
    )


class InMemoryVectorIndex:
    """VectorIndex over `store`'s memories: vectors per (tenant, user), exact k-NN by dot product."""

    def __init__(self, store: InMemoryMemoryStore) -> None:
        self.store = store
        self._vectors: dict[tuple[str, str], tuple[str, list[float]]] = {}  # (tenant, id) → (user, vector)

    def upsert(self, items: Sequence[IndexedMemory]) -> None:
        for item in items:
            if item.vector is not None:
                m = item.memory
                self._vectors[(m.tenant, m.id)] = (m.user_id, [float(x) for x in item.vector])

    def delete(self, tenant: str, memory_ids: Sequence[str]) -> None:
        for memory_id in memory_ids:
            self._vectors.pop((tenant, memory_id), None)

    def get_vectors(self, tenant: str, memory_ids: Sequence[str]) -> dict[str, list[float]]:
        found = {i: self._vectors.get((tenant, i)) for i in memory_ids}
        return {i: list(entry[1]) for i, entry in found.items() if entry is not None}

    def exact(self, scope: SearchScope) -> bool:
        return True  # knn below scores every vector

    def knn(self, scope: SearchScope, vector: Sequence[float], k: int) -> list[VectorHit]:
        if k <= 0:
            return []
        scored = [
            VectorHit(memory_id, sum(a * b for a, b in zip(stored, vector, strict=True)))
            for (tenant, memory_id), (user_id, stored) in self._vectors.items()
            if (tenant, user_id) == (scope.tenant, scope.user_id)
        ]
        hits = []
        for hit in sorted(scored, key=lambda h: -h.score):
            memory = self.store.get(scope.tenant, hit.memory_id)
            if memory is not None and in_scope(scope, memory):
                hits.append(hit)
                if len(hits) == k:
                    break
        return hits
