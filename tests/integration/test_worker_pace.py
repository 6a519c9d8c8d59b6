"""The enrichment worker steps aside while writes are arriving (it takes the same SQLite write lock as
the HTTP processes, at a lower CPU priority), and is never starved by them: once a job has been due
for `Pace.max_wait_s`, it works whatever arrives. Time is a fake clock the test moves, on a real
SQLite job table."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from engram.adapters.sqlite.db import SqliteDatabase
from engram.adapters.sqlite.queue import ClaimedJob, SqliteJobQueue
from engram.runtime import worker
from engram.runtime.container import Container, local
from engram.runtime.worker import Pace, worker_loop, worker_process
from engram.settings import Settings
from engram.usecases.remember import RememberCommand
from tests.conftest import FakeClock

PACE = Pace(jobs=20, window_s=0.5, max_wait_s=30)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """The time the job table stamps its jobs with, and the time the worker paces itself by."""
    clock = FakeClock(datetime(2026, 11, 24, 9, 0, tzinfo=UTC))
    monkeypatch.setattr("engram.adapters.sqlite.queue.utcnow", clock.now)
    monkeypatch.setattr("engram.runtime.worker.utcnow", clock.now)
    return clock


@pytest.fixture
def engram(tmp_path, clock: FakeClock) -> Container:
    return local(Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}), clock=clock)


def queue_of(engram: Container) -> SqliteJobQueue:
    assert isinstance(engram.queue, SqliteJobQueue)
    return engram.queue


def write(engram: Container, n: int, start: int = 0) -> None:
    """`n` memories, each queuing its enrichment job at the clock's current time."""
    for i in range(start, start + n):
        engram.remember(RememberCommand(tenant="acme", user_id="u1", content=f"Note {i}: deploy at {i}:00"))


def wait_until(condition: Callable[[], bool], timeout_s: float = 30) -> None:
    done = threading.Event()
    for _ in range(int(timeout_s / 0.05)):
        if condition():
            return
        done.wait(0.05)
    raise AssertionError(f"not met within {timeout_s} s")


def test_pace_yields_to_a_burst_of_writes_and_not_after_it(engram, clock) -> None:
    queue = queue_of(engram)
    # Given an empty queue, nothing to step aside for
    assert not PACE.yields(queue, clock.now())

    # When 20 jobs are queued within half a second (a burst of writes)
    write(engram, 20)
    clock.advance(seconds=0.4)

    # Then the worker steps aside, but not for fewer jobs (19 newest within the window)
    assert PACE.yields(queue, clock.now())
    assert not Pace(jobs=21, window_s=0.5).yields(queue, clock.now())

    # And once nothing more has arrived for the window, it works again
    clock.advance(seconds=0.2)
    assert not PACE.yields(queue, clock.now())


def test_pace_stops_yielding_once_a_job_has_waited_max_wait_even_while_writes_keep_coming(engram, clock):
    queue = queue_of(engram)
    # Given writes that keep arriving, 20 every quarter second, for 29.75 s
    for second in range(120):
        write(engram, 20, start=second * 20)
        assert PACE.yields(queue, clock.now())
        clock.advance(seconds=0.25)

    # When the first job has been due for 30 s and the writes still come
    write(engram, 20, start=2400)
    assert queue.longest_wait(clock.now()).total_seconds() == 30

    # Then the worker no longer steps aside
    assert not PACE.yields(queue, clock.now())


def test_the_worker_claims_nothing_during_a_burst_then_enriches_every_memory_of_it(engram, clock) -> None:
    queue = queue_of(engram)
    seen: list[bool] = []

    class Watched(Pace):
        def yields(self, queue: SqliteJobQueue, now: datetime | None = None) -> bool:
            seen.append(super().yields(queue, now))
            return seen[-1]

    # Given a burst of 40 writes whose jobs are all queued at the clock's time
    write(engram, 40)
    stop = threading.Event()
    loop = threading.Thread(target=worker_loop(engram, batch=8, pace=Watched(20, 0.5, 30)), args=(stop,))
    loop.start()
    try:
        # When the worker has looked at the queue several times while the burst is on
        wait_until(lambda: len(seen) >= 5)

        # Then it has claimed nothing
        assert all(seen[:5])
        assert queue.depth()["queued"] == 40 and queue.depth()["in_flight"] == 0

        # And when the burst is over (nothing new for the window), it enriches all of it
        clock.advance(seconds=1)
        wait_until(lambda: queue.depth()["done"] == 40)
    finally:
        stop.set()
        loop.join(10)
    assert not loop.is_alive()


def test_a_sustained_load_does_not_starve_the_worker(engram, clock) -> None:
    queue = queue_of(engram)
    # Given 40 queued jobs and writes that never stop arriving
    write(engram, 40)
    stop = threading.Event()
    loop = threading.Thread(target=worker_loop(engram, batch=8, pace=PACE), args=(stop,))
    loop.start()
    try:
        # When the first jobs have waited 30 s, with 20 more arriving just now
        clock.advance(seconds=30)
        write(engram, 20, start=40)

        # Then the worker works through the jobs that waited that long (and whatever it claims with them)
        wait_until(lambda: queue.depth()["done"] >= 40)
    finally:
        stop.set()
        loop.join(10)
    assert not loop.is_alive()


class FakeChild:
    """What `worker_process` needs of a started process: it runs until terminated."""

    def __init__(self) -> None:
        self.returncode: int | None = None

    def poll(self) -> int | None:
        return self.returncode

    def terminate(self) -> None:
        self.returncode = 0

    def wait(self, timeout: float | None = None) -> int | None:
        return self.returncode

    def kill(self) -> None:
        self.returncode = -9


def test_the_worker_process_is_not_started_during_a_burst(engram, clock, monkeypatch) -> None:
    started: list[FakeChild] = []
    monkeypatch.setattr(worker, "_start", lambda settings: started.append(FakeChild()) or started[-1])
    looked: list[bool] = []

    class Watched(Pace):
        def yields(self, queue: SqliteJobQueue, now: datetime | None = None) -> bool:
            looked.append(super().yields(queue, now))
            return looked[-1]

    # Given a burst of writes under way
    write(engram, 40)
    stop = threading.Event()
    supervisor = threading.Thread(target=worker_process(engram, Watched(20, 0.5, 30)), args=(stop,))
    supervisor.start()
    try:
        # When the supervisor has seen the ready jobs several times
        wait_until(lambda: len(looked) >= 3)

        # Then it has not started the worker's process (its imports and model would compete too)
        assert started == []

        # And it starts one once the burst is over
        clock.advance(seconds=1)
        wait_until(lambda: len(started) == 1)
    finally:
        stop.set()
        supervisor.join(10)
    assert not supervisor.is_alive()
    assert started[0].returncode == 0  # stopped with the server


def test_a_worker_polling_an_empty_queue_takes_no_write_lock(engram, tmp_path) -> None:
    queue = queue_of(engram)
    # Given another process in the middle of a write (it holds the database's write lock)
    other = SqliteDatabase(tmp_path / "data" / "engram.sqlite3")
    claimed: list[list[ClaimedJob]] = []
    with other.write():
        # When the worker polls the empty queue meanwhile
        poll = threading.Thread(target=lambda: claimed.append(queue.claim(8)))
        poll.start()
        poll.join(10)

        # Then it has its (empty) answer at once, without waiting for the lock
        assert not poll.is_alive() and claimed == [[]]
