"""Enrichment in parallel (issue 32): `engram serve` runs `process_count` worker processes, each
claiming its own jobs from the SQLite job table (one atomic UPDATE a claim), so no job is claimed
twice and every memory is enriched once; `engram stats` tells how far enrichment is behind."""

from __future__ import annotations

import signal
import threading
from datetime import UTC, datetime, timedelta

from engram.adapters.sqlite.queue import SqliteJobQueue
from engram.domain.models import EnrichmentState
from engram.runtime import worker
from engram.runtime.container import Container, local
from engram.runtime.worker import Pace, process_count, worker_process
from engram.settings import Settings
from engram.usecases.remember import RememberCommand
from tests.integration.test_worker_pace import FakeChild, wait_until


def settings(tmp_path, **values) -> Settings:
    return Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}, **values)


def write(engram: Container, n: int) -> list[str]:
    ids = []
    for i in range(n):
        result = engram.remember(
            RememberCommand(
                tenant="acme", user_id=f"u{i % 3}", content=f"Note {i}: the deploy moved to {i}:00"
            )
        )
        assert result.memory is not None
        ids.append(result.memory.id)
    return ids


def test_the_process_count_is_the_setting_else_a_share_of_the_cores(tmp_path, monkeypatch) -> None:
    assert process_count(settings(tmp_path, worker_processes=3)) == 3
    monkeypatch.setattr(worker.os, "cpu_count", lambda: 16)
    assert process_count(settings(tmp_path)) == 4
    monkeypatch.setattr(worker.os, "cpu_count", lambda: 2)
    assert process_count(settings(tmp_path)) == 1  # never none


def test_the_supervisor_runs_as_many_worker_processes_as_set_and_replaces_one_that_ends(
    tmp_path, monkeypatch
) -> None:
    started: list[FakeChild] = []
    monkeypatch.setattr(worker, "_start", lambda s: started.append(FakeChild()) or started[-1])
    engram = local(settings(tmp_path, worker_processes=3))
    # Given jobs waiting (and no burst: the pace never says to step aside)
    write(engram, 3)
    stop = threading.Event()
    never = Pace(jobs=10**9)
    supervisor = threading.Thread(target=worker_process(engram, never), args=(stop,))
    supervisor.start()
    try:
        # Then it starts three processes, and a fourth when one of them ends
        wait_until(lambda: len(started) == 3)
        started[0].returncode = 0
        wait_until(lambda: len(started) == 4)
    finally:
        stop.set()
        supervisor.join(10)
    assert not supervisor.is_alive()
    assert [c.returncode for c in started[1:]] == [0, 0, 0]  # every running one stopped with the server


def test_two_worker_processes_enrich_every_memory_once(tmp_path) -> None:
    engram = local(settings(tmp_path))
    queue = engram.queue
    assert isinstance(queue, SqliteJobQueue)
    # Given memories of three users waiting for enrichment
    ids = write(engram, 90)
    # When two real worker processes claim from the same job table at once
    children = [worker._start(engram.settings) for _ in range(2)]
    try:
        wait_until(lambda: queue.depth()["done"] == 90 or any(c.poll() is not None for c in children), 300)
        assert all(c.poll() is None for c in children)  # neither failed
    finally:
        for child in children:
            child.send_signal(signal.SIGTERM)
        for child in children:
            child.wait(30)
    # Then every job was claimed exactly once and every memory enriched
    rows = engram_db_rows(engram, "SELECT state, attempts FROM jobs")
    assert rows == [("done", 1)] * 90
    states = {engram.store.get("acme", i).enrichment.state for i in ids}  # type: ignore[union-attr]
    assert states == {EnrichmentState.done}


def engram_db_rows(engram: Container, sql: str) -> list[tuple]:
    queue = engram.queue
    assert isinstance(queue, SqliteJobQueue)
    return [tuple(r) for r in queue.db.connection().execute(sql).fetchall()]


def test_catch_up_tells_the_jobs_pending_and_the_time_they_take_at_the_recent_rate(tmp_path) -> None:
    engram = local(settings(tmp_path))
    queue = engram.queue
    assert isinstance(queue, SqliteJobQueue)
    now = datetime.now(UTC)
    # Given nothing done yet: no rate to tell by
    write(engram, 40)
    assert queue.catch_up(now) == {"pending": 40, "done_recently": 0, "rate_per_s": 0.0, "eta_s": None}
    # When 30 jobs are done within the last minute
    claimed = queue.claim(30)
    queue.complete([c.id for c in claimed])
    # Then 10 are pending, at half a job a second: 20 s
    assert queue.catch_up(now) == {"pending": 10, "done_recently": 30, "rate_per_s": 0.5, "eta_s": 20.0}
    # and a minute later nothing was done recently
    later = queue.catch_up(now + timedelta(minutes=2))
    assert later["done_recently"] == 0 and later["eta_s"] is None


def test_an_empty_queue_is_caught_up(tmp_path) -> None:
    queue = local(settings(tmp_path)).queue
    assert isinstance(queue, SqliteJobQueue)
    assert queue.catch_up()["eta_s"] == 0.0
