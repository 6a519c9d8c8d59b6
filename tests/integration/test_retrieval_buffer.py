"""Retrieval counts on the embedded default (issue 32 item 3): recall's retrieval events folded in the
process and written in one transaction a flush, not a queued job (and the worker's writes) a search.
Counts stay exact under concurrent recalls, are written on close, fall back to the job queue when
their write fails, and `retrieval_flush_s = 0` queues a job a recall as before. Real SQLite throughout."""

from __future__ import annotations

import sqlite3
import threading
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engram.adapters.sqlite.db import SqliteDatabase
from engram.adapters.sqlite.queue import SqliteJobQueue
from engram.adapters.sqlite.store import SqliteMemoryStore
from engram.domain.models import Memory
from engram.ports import EnrichJob, RetrievalJob
from engram.runtime.container import Container, local
from engram.runtime.retrievals import RetrievalBuffer
from engram.runtime.worker import drain
from engram.settings import Settings
from engram.usecases.recall import RecallQuery
from engram.usecases.remember import RememberCommand
from tests.conftest import FakeClock
from tests.integration.builders import new_memory

TENANT, USER = "acme", "maya"
FACTS = (
    "The build cache lives on the shared NFS volume",
    "The deploy window is Tuesday afternoon",
    "Lunch orders go in before eleven",
    "Code review needs two approvals for the billing service",
    "The test runner retries flaky tests once",
    "The on-call rota changes every Monday",
)
QUERIES = ("build cache", "deploy window", "lunch orders", "code review", "test runner", "on-call rota")
AT = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


def container(tmp_path: Path, flush_s: float) -> Container:
    settings = Settings(
        data_dir=tmp_path / "data", embedder={"provider": "hashing"}, retrieval_flush_s=flush_s
    )
    c = local(settings, clock=FakeClock())
    for content in FACTS:
        result = c.remember(RememberCommand(tenant=TENANT, user_id=USER, content=content))
        assert result.memory is not None, result
        m = result.memory
        c.enrich.many([EnrichJob(tenant=TENANT, memory_id=m.id, content_hash=m.content_hash)])
    return c


def counts(c: Container) -> dict[str, int]:
    rows = c.store.db.connection().execute(  # type: ignore[attr-defined]
        "SELECT id, retrieval_count FROM memories WHERE tenant = ?", (TENANT,)
    )
    return {r["id"]: r["retrieval_count"] for r in rows if r["retrieval_count"]}


def queued_retrievals(c: Container) -> list[RetrievalJob]:
    queue = c.queue
    assert isinstance(queue, SqliteJobQueue)
    return [j.job for j in queue.claim(1000) if isinstance(j.job, RetrievalJob)]


def test_counts_are_exact_after_many_concurrent_recalls_with_flushes_under_way(tmp_path: Path) -> None:
    # Given a buffer that flushes every 10 ms, and whenever 3 memories are held
    c = container(tmp_path, flush_s=0.01)
    assert c.retrievals is not None
    c.retrievals.max_memories = 3
    returned: Counter[str] = Counter()
    lock = threading.Lock()

    # When 8 threads recall 40 times each, while flushes write what they folded
    def recall(k: int) -> None:
        for i in range(40):
            query = RecallQuery(tenant=TENANT, user_id=USER, query=QUERIES[(k + i) % len(QUERIES)], top_k=3)
            ids = [r.memory.id for r in c.recall(query)]
            with lock:
                returned.update(ids)

    threads = [threading.Thread(target=recall, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    c.flush()

    # Then every memory counts exactly the recalls that returned it: none lost, none twice
    assert sum(returned.values()) >= 8 * 40  # every recall returned something
    assert counts(c) == dict(returned)
    assert queued_retrievals(c) == []  # written directly, never through the job queue


def test_recalls_write_nothing_until_a_flush_writes_them_all_in_one_transaction(tmp_path: Path) -> None:
    # Given a buffer that flushes only when asked (an hour's interval)
    c = container(tmp_path, flush_s=3600)
    db = c.store.db  # type: ignore[attr-defined]
    before = db.write_stats()["transactions"]

    # When 30 recalls run
    returned: Counter[str] = Counter()
    for i in range(30):
        returned.update(
            r.memory.id for r in c.recall(RecallQuery(tenant=TENANT, user_id=USER, query=QUERIES[i % 6]))
        )

    # Then they took no write transaction, and one flush writes every count at once
    assert db.write_stats()["transactions"] == before
    assert counts(c) == {}
    assert c.retrievals is not None and c.retrievals.held() == len(returned)
    c.flush()
    assert db.write_stats()["transactions"] == before + 1
    assert counts(c) == dict(returned)
    # and last_retrieved_at is the latest recall's time, as the queued jobs recorded it
    stored = c.store.get(TENANT, next(iter(returned)))
    assert stored is not None and stored.last_retrieved_at == c.clock.now()


def test_close_writes_what_is_held_and_later_recalls_are_queued(tmp_path: Path) -> None:
    c = container(tmp_path, flush_s=3600)
    first = [r.memory.id for r in c.recall(RecallQuery(tenant=TENANT, user_id=USER, query="deploy window"))]
    assert first

    # When the container closes (engram serve's shutdown)
    c.close()

    # Then what the recall folded is written
    assert counts(c) == dict(Counter(first))
    # and a recall after it is queued as a job, as with retrieval_flush_s 0: nothing is held unwritten
    second = [r.memory.id for r in c.recall(RecallQuery(tenant=TENANT, user_id=USER, query="lunch orders"))]
    assert c.retrievals is not None and c.retrievals.held() == 0
    assert [j.memory_ids for j in queued_retrievals(c)] == [second]


def test_drain_writes_the_held_counts_first(tmp_path: Path) -> None:
    c = container(tmp_path, flush_s=3600)
    ids = [r.memory.id for r in c.recall(RecallQuery(tenant=TENANT, user_id=USER, query="build cache"))]
    drain(c)  # what tests and `engram sessions` use to work the queue off now
    assert counts(c) == dict(Counter(ids))


def test_interval_zero_queues_one_retrieval_job_a_recall_as_before(tmp_path: Path) -> None:
    c = container(tmp_path, flush_s=0)
    ids = [r.memory.id for r in c.recall(RecallQuery(tenant=TENANT, user_id=USER, query="test runner"))]
    assert ids and counts(c) == {}
    assert c.retrievals is not None and c.retrievals.held() == 0
    jobs = queued_retrievals(c)
    assert [(j.tenant, j.memory_ids, j.at) for j in jobs] == [(TENANT, ids, c.clock.now())]


class FailingStore(SqliteMemoryStore):
    """The real store, whose retrieval increments fail `failures` times (a write lock that stayed busy
    past its timeout), after writing the first tenant's counts: the transaction must undo them."""

    def __init__(self, db: SqliteDatabase, failures: int) -> None:
        super().__init__(db)
        self.failures = failures

    def increment_retrievals(self, tenant: str, counts: dict[str, int], at: datetime) -> None:
        super().increment_retrievals(tenant, counts, at)
        if tenant == "beta" and self.failures > 0:
            self.failures -= 1
            raise sqlite3.OperationalError("database is locked")


def stored_pair(store: SqliteMemoryStore) -> tuple[Memory, Memory]:
    a = new_memory("alpha's memory about the deploy window", at=AT, tenant="alpha", user_id="u")
    b = new_memory("beta's memory about the lunch order", at=AT, tenant="beta", user_id="u")
    for m in (a, b):
        store.insert_or_dedup(m)
    return a, b


def buffer_over(db: SqliteDatabase, store: SqliteMemoryStore) -> tuple[RetrievalBuffer, SqliteJobQueue]:
    queue = SqliteJobQueue(db)
    return RetrievalBuffer(queue, store, db.write, interval_s=3600), queue


def retrieval_count(store: SqliteMemoryStore, m: Memory) -> int:
    got = store.get(m.tenant, m.id)
    assert got is not None
    return got.retrieval_count


def test_a_failed_write_falls_back_to_the_job_queue_and_counts_stay_exact(tmp_path: Path) -> None:
    # Given counts folded for two tenants, and a store whose write fails after the first tenant's
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    store = FailingStore(db, failures=1)
    a, b = stored_pair(store)
    buffer, queue = buffer_over(db, store)
    buffer.enqueue([RetrievalJob(tenant="alpha", memory_ids=[a.id], at=AT)] * 3)
    buffer.enqueue([RetrievalJob(tenant="beta", memory_ids=[b.id], at=AT + timedelta(seconds=1))] * 2)

    # When the flush's write fails
    buffer.flush()

    # Then nothing of it stays written (alpha's counts undone with the transaction), and the folded
    # counts wait in the job queue, one job a tenant
    assert (retrieval_count(store, a), retrieval_count(store, b)) == (0, 0)
    jobs = {j.job.tenant: j.job for j in queue.claim(100)}  # type: ignore[union-attr]
    assert sorted(jobs["alpha"].memory_ids) == [a.id] * 3 and jobs["beta"].memory_ids == [b.id] * 2
    assert jobs["beta"].at == AT + timedelta(seconds=1)

    # and once the worker records them, each memory counts its retrievals once
    from engram.usecases.retrievals import record_retrievals

    record_retrievals(store, list(jobs.values()))  # type: ignore[arg-type]
    assert (retrieval_count(store, a), retrieval_count(store, b)) == (3, 2)


def test_when_the_queue_fails_too_the_counts_wait_for_the_next_flush(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    store = FailingStore(db, failures=1)
    a, b = stored_pair(store)
    buffer, queue = buffer_over(db, store)

    class DownQueue(SqliteJobQueue):
        def enqueue(self, jobs):  # type: ignore[no-untyped-def]
            raise sqlite3.OperationalError("database is locked")

    buffer.queue = DownQueue(db)
    buffer.enqueue([RetrievalJob(tenant="beta", memory_ids=[b.id, b.id], at=AT)])

    # When both the write and the queue fail, the flush says so and keeps the counts
    with pytest.raises(sqlite3.OperationalError):
        buffer.flush()
    assert buffer.held() == 1 and retrieval_count(store, b) == 0

    # Then more recalls fold onto them, and the next flush (the write works again) writes them all
    buffer.enqueue([RetrievalJob(tenant="beta", memory_ids=[b.id], at=AT)])
    buffer.flush()
    assert retrieval_count(store, b) == 3 and retrieval_count(store, a) == 0
    assert queue.claim(100) == []
