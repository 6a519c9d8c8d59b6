"""The local enrichment worker: the SQLite job table retries failed jobs with backoff, then gives up
on them as dead — and the memory is never lost on the way."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import UTC, datetime

import pytest

from engram.adapters.sqlite.queue import SqliteJobQueue
from engram.domain.models import EnrichmentState, HistoryEvent, Memory, Status
from engram.providers.embedders import EmbeddingError, HashingEmbedder
from engram.runtime.container import Container, local
from engram.runtime.worker import process_batch
from engram.settings import Settings
from engram.usecases.remember import RememberCommand
from tests.conftest import FakeClock

TENANT = "acme"


class FlakyEmbedder:
    """The hashing embedder behind a model that fails its first `failures` calls (None: every call)."""

    name = "flaky-hashing"
    dimensions = 384

    def __init__(self, failures: int | None) -> None:
        self.failures = failures
        self.calls = 0
        self.inner = HashingEmbedder(self.dimensions)

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        if self.failures is None or self.calls <= self.failures:
            raise EmbeddingError(f"model unavailable (call {self.calls})")
        return self.inner.embed(texts)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """The time the job table stamps and backs off from; the test moves it."""
    clock = FakeClock(datetime(2026, 11, 18, 9, 0, tzinfo=UTC))
    monkeypatch.setattr("engram.adapters.sqlite.queue.utcnow", clock.now)
    return clock


def worker(tmp_path, embedder: FlakyEmbedder, clock: FakeClock) -> Container:
    settings = Settings(
        data_dir=tmp_path / "data", embedder={"provider": "hashing"}, janitor={"max_attempts": 4}
    )
    return dataclasses.replace(local(settings, clock=clock), embedder_factory=lambda: embedder)


def remember(engram: Container, content: str) -> Memory:
    result = engram.remember(RememberCommand(tenant=TENANT, user_id="alice", content=content))
    assert result.memory is not None
    return result.memory


def run_due(engram: Container, at: datetime) -> dict[str, int] | None:
    """One pass of the worker at time `at`: claim the jobs due by then and process them."""
    queue = engram.queue
    assert isinstance(queue, SqliteJobQueue)
    claimed = queue.claim(10, now=at)
    return process_batch(engram, queue, claimed) if claimed else None


def test_a_failing_model_is_retried_with_backoff_until_the_memory_is_enriched(tmp_path, clock) -> None:
    # Given a memory whose embedding model fails twice, then recovers
    embedder = FlakyEmbedder(failures=2)
    engram = worker(tmp_path, embedder, clock)
    stored = remember(engram, "Alice is on call through Friday")

    # When the worker runs it: the first attempt fails, and the job waits out its backoff
    assert run_due(engram, clock.now()) == {"ok": 0, "failed": 1, "dead": 0}
    failed = engram.store.get(TENANT, stored.id)
    assert failed.enrichment.state == EnrichmentState.failed
    assert "EmbeddingError: model unavailable (call 1)" in failed.enrichment.error
    assert run_due(engram, clock.advance(seconds=1)) is None  # not yet: 2 s backoff

    # the second attempt fails too, and the backoff grows
    assert run_due(engram, clock.advance(seconds=1)) == {"ok": 0, "failed": 1, "dead": 0}
    assert run_due(engram, clock.advance(seconds=3)) is None  # not yet: 4 s backoff
    assert engram.queue.depth() == {"queued": 1, "in_flight": 0, "dead": 0, "done": 0}

    # Then the third attempt succeeds, and the job is done
    assert run_due(engram, clock.advance(seconds=1)) == {"ok": 1, "failed": 0, "dead": 0}
    assert embedder.calls == 3
    enriched = engram.store.get(TENANT, stored.id)
    assert enriched.enrichment.state == EnrichmentState.done and enriched.enrichment.error is None
    assert enriched.temporal.kind == "temporal"
    assert [r.event for r in engram.store.history(TENANT, stored.id)] == [
        HistoryEvent.failed,
        HistoryEvent.failed,
        HistoryEvent.enriched,
    ]
    assert engram.queue.depth() == {"queued": 0, "in_flight": 0, "dead": 0, "done": 1}
    assert run_due(engram, clock.advance(days=1)) is None


def test_a_job_that_always_fails_ends_dead_and_the_memory_failed_but_kept(tmp_path, clock) -> None:
    # Given a model that never recovers (the worker allows 4 attempts)
    embedder = FlakyEmbedder(failures=None)
    engram = worker(tmp_path, embedder, clock)
    stored = remember(engram, "Our team decided to use PostgreSQL 16 for the billing service")

    # When the worker keeps running long enough for every retry
    passes = []
    for _ in range(10):
        stats = run_due(engram, clock.advance(minutes=10))
        if stats is not None:
            passes.append(stats)

    # Then it tried max_attempts times, then gave the job up as dead
    assert embedder.calls == 4
    assert passes == [{"ok": 0, "failed": 1, "dead": 0}] * 3 + [{"ok": 0, "failed": 0, "dead": 1}]
    assert engram.queue.depth() == {"queued": 0, "in_flight": 0, "dead": 1, "done": 0}
    # and the memory is still there, untouched but for its failed enrichment and the reason
    kept = engram.store.get(TENANT, stored.id)
    assert kept.content == stored.content and kept.status == Status.active
    assert kept.enrichment.state == EnrichmentState.failed
    assert kept.enrichment.attempts == 4
    assert kept.enrichment.error == "EmbeddingError: model unavailable (call 4)"
    assert [r.event for r in engram.store.history(TENANT, stored.id)] == [HistoryEvent.failed] * 4


def test_no_reader_sees_a_memory_enriched_before_its_history_is_recorded(tmp_path, clock) -> None:
    """The settled memory and its history commit as one: a second connection reading the file while
    the history is being written still sees the memory pending, never "done" with an empty history."""
    engram = worker(tmp_path, FlakyEmbedder(failures=0), clock)
    stored = remember(engram, "Maya prefers the window seat on long flights")
    reader = local(engram.settings, clock=clock)  # its own SqliteDatabase: another process's view
    seen: list[EnrichmentState] = []
    add_history = engram.store.add_history

    def add_history_observed(records):  # type: ignore[no-untyped-def]
        seen.append(reader.store.get(TENANT, stored.id).enrichment.state)
        return add_history(records)

    engram.store.add_history = add_history_observed  # type: ignore[method-assign]

    run_due(engram, clock.now())

    assert seen == [EnrichmentState.pending]
    settled = reader.store.get(TENANT, stored.id)
    assert settled.enrichment.state == EnrichmentState.done
    assert HistoryEvent.enriched in [r.event for r in reader.store.history(TENANT, stored.id)]
