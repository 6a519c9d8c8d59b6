"""Group commit on SQLite (issue 32): the writes a process hands to `SqliteDatabase.transact` while one of
them waits for or holds the write lock share one transaction, and each returns only once it committed.
Dedup stays exact inside a group, a write's error undoes its own changes only, each write gets its own
answer in its own context, and a kill -9 during group commits loses no write that was answered."""

from __future__ import annotations

import contextvars
import fcntl
import os
import select
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from engram.adapters.sqlite.db import SqliteDatabase
from engram.adapters.sqlite.store import SqliteMemoryStore
from engram.domain.errors import QuotaExceeded
from engram.runtime.container import local
from engram.settings import Settings
from engram.usecases.remember import Outcome, RememberCommand
from tests.integration.builders import new_memory

AT = datetime(2026, 11, 28, tzinfo=UTC)
ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def queued_behind_another_process(
    db: SqliteDatabase,
    writes: int,
    before: Callable[[int], None] = lambda i: None,
    call: Callable[[Callable[[], Any]], Any] | None = None,
) -> Iterator[list[Any]]:
    """While another opener of the database (as another process would) holds the write lock, start
    `writes` threads that each call `before(i)` then hand the function they are given to `db.transact`
    (or to `call`, which does); once all are queued, let the lock go. Yields the list the functions go
    in, which then holds each one's outcome in the same order (its result, or the error it raised)."""
    other = SqliteDatabase(db.path)  # its own flock: it excludes this one as another process's does
    calls: list[Any] = []
    yield calls
    outcomes: list[Any] = [None] * len(calls)

    def run(i: int, fn: Callable[[], Any]) -> None:
        before(i)
        try:
            outcomes[i] = (call or db.transact)(fn)
        except Exception as exc:
            outcomes[i] = exc

    with other.write():
        threads = []
        for i, fn in enumerate(calls):
            threads.append(threading.Thread(target=run, args=(i, fn), daemon=True))
            threads[-1].start()
            deadline = time.monotonic() + 60
            while len(db._queue) < i + 1 and time.monotonic() < deadline:  # queued in this order
                time.sleep(0.002)
        assert len(db._queue) == writes
    for t in threads:
        t.join(60)
    calls[:] = outcomes
    other.close()


def insert_key(db: SqliteDatabase, key: str, fail: bool = False) -> Callable[[], str]:
    def fn() -> str:
        db.connection().execute("INSERT INTO processed_jobs (key, at) VALUES (?, 'now')", (key,))
        if fail:
            raise ValueError(f"{key} fails")
        return key

    return fn


def keys(db: SqliteDatabase) -> list[str]:
    return sorted(r[0] for r in db.connection().execute("SELECT key FROM processed_jobs"))


def test_writes_queued_while_another_process_holds_the_lock_share_one_commit(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    before = db.write_stats()
    # Given five writes of this process queued while another process holds the write lock
    with queued_behind_another_process(db, 5) as calls:
        calls += [insert_key(db, f"k{i}") for i in range(5)]
    # Then they committed in one transaction, and each got its own answer
    after = db.write_stats()
    assert (after["transactions"] - before["transactions"], after["writes"] - before["writes"]) == (1, 5)
    assert calls == [f"k{i}" for i in range(5)]
    assert keys(db) == [f"k{i}" for i in range(5)]


def test_a_queue_longer_than_a_group_is_committed_in_groups_of_group_max(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(SqliteDatabase, "group_max", 2)
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    before = db.write_stats()
    # Given five writes queued at once, at most two a group
    with queued_behind_another_process(db, 5) as calls:
        calls += [insert_key(db, f"k{i}") for i in range(5)]
    # Then three transactions carried them in order, each write answered once its own committed
    after = db.write_stats()
    assert (after["transactions"] - before["transactions"], after["writes"] - before["writes"]) == (3, 5)
    assert calls == [f"k{i}" for i in range(5)] and keys(db) == [f"k{i}" for i in range(5)]


def test_concurrent_identical_writes_in_one_group_make_one_memory_and_one_dedup(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    store = SqliteMemoryStore(db)

    def remember() -> Any:
        memory = new_memory("the deploy window is Friday", at=AT, tenant="acme", user_id="u1")
        return store.insert_or_dedup(memory)

    # When three threads write the same content at once, into one group
    with queued_behind_another_process(db, 3) as calls:
        calls += [remember, remember, remember]
    # Then dedup was exact within it: one memory, two dedups that name it, hits 3
    assert [r.created for r in calls] == [True, False, False]
    assert len({r.memory.id for r in calls}) == 1
    assert [r[0] for r in db.connection().execute("SELECT hits FROM memories")] == [3]


def test_a_writes_error_undoes_its_own_changes_only_and_the_others_are_stored_once(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    before = db.write_stats()
    # Given a group whose second and fourth writes fail after writing (the first failure rolls the
    # transaction back and runs the first write again; from then on each runs in a savepoint)
    with queued_behind_another_process(db, 5) as calls:
        calls += [
            insert_key(db, "a"),
            insert_key(db, "b", fail=True),
            insert_key(db, "c"),
            insert_key(db, "d", fail=True),
            insert_key(db, "e"),
        ]
    # Then the failing writes raise their own errors and stored nothing; the others are stored, once
    # (processed_jobs.key is a primary key: a second insert of "a" would have failed it)
    assert [c if isinstance(c, str) else str(c) for c in calls] == ["a", "b fails", "c", "d fails", "e"]
    assert keys(db) == ["a", "c", "e"]
    after = db.write_stats()
    assert (after["transactions"] - before["transactions"], after["writes"] - before["writes"]) == (1, 5)


def test_a_failed_commit_fails_every_write_of_the_group(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    # Given a group whose commit will fail (a deferred foreign key left broken by one of its writes)
    db.connection().execute("CREATE TABLE parent (id INTEGER PRIMARY KEY)")
    db.connection().execute(
        "CREATE TABLE child (id INTEGER PRIMARY KEY,"
        " p INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)"
    )

    def broken() -> None:
        db.connection().execute("INSERT INTO child (id, p) VALUES (1, 42)")  # no parent 42: COMMIT fails

    with queued_behind_another_process(db, 2) as calls:
        calls += [broken, insert_key(db, "member")]
    # Then neither write is answered as done, and neither is stored
    assert all(isinstance(c, sqlite3.OperationalError) for c in calls), calls
    assert keys(db) == []
    assert db.connection().execute("SELECT count(*) FROM child").fetchone()[0] == 0
    # and the next write commits as usual
    assert db.transact(insert_key(db, "after")) == "after" and keys(db) == ["after"]


def test_a_write_that_cannot_begin_fails_and_the_ones_queued_behind_it_are_not_left_waiting(
    tmp_path: Path,
) -> None:
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    db._writer_connection().execute("PRAGMA busy_timeout=50")
    # Given SQLite's write lock held by a connection that takes no flock (the sqlite3 shell, say)
    outsider = sqlite3.connect(db.path, isolation_level=None)
    outsider.execute("BEGIN IMMEDIATE")
    outcomes: list[Any] = []
    threads = [
        threading.Thread(target=lambda k=k: outcomes.append(_outcome(db, insert_key(db, k)))) for k in "xy"
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    # Then each write fails on its own (database is locked), none waits forever
    assert not any(t.is_alive() for t in threads)
    assert len(outcomes) == 2 and all(isinstance(o, sqlite3.OperationalError) for o in outcomes)
    outsider.execute("ROLLBACK")
    # and once the lock is free the next write commits
    assert db.transact(insert_key(db, "z")) == "z" and keys(db) == ["z"]


def test_a_leader_that_cannot_take_the_lock_fails_alone_and_hands_the_lead_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    flock, outcomes = fcntl.flock, []
    second = threading.Thread(
        target=lambda: outcomes.append(_outcome(db, insert_key(db, "second"))), daemon=True
    )

    def failing_once(fd: int, operation: int) -> None:
        if operation == fcntl.LOCK_EX and not second.is_alive() and not outcomes:
            # Given a second write queued behind this leader, whose flock then fails
            second.start()
            deadline = time.monotonic() + 60
            while len(db._queue) < 2 and time.monotonic() < deadline:
                time.sleep(0.002)
            raise OSError("no lock")
        flock(fd, operation)

    monkeypatch.setattr(fcntl, "flock", failing_once)
    first = _outcome(db, insert_key(db, "first"))
    second.join(60)
    # Then the leader's own write fails, and the queued one leads the next group and is stored
    assert isinstance(first, sqlite3.OperationalError) and "no lock" in str(first)
    assert outcomes == ["second"] and keys(db) == ["second"]


def _outcome(db: SqliteDatabase, fn: Callable[[], Any]) -> Any:
    try:
        return db.transact(fn)
    except Exception as exc:
        return exc


def test_each_write_runs_in_the_context_it_was_asked_in(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    request: contextvars.ContextVar[str] = contextvars.ContextVar("request")
    # Given three threads, each in its own request's context, whose writes share one group
    with queued_behind_another_process(db, 3, before=lambda i: request.set(f"r{i}")) as calls:
        calls += [request.get] * 3
    # Then the leader ran every write of the group in the context of the thread that asked for it
    assert calls == ["r0", "r1", "r2"]


@pytest.mark.parametrize("group_commit", [False, True])
def test_a_write_inside_a_write_is_part_of_it(tmp_path: Path, group_commit: bool, monkeypatch) -> None:
    monkeypatch.setattr(SqliteDatabase, "group_commit", group_commit)
    db = SqliteDatabase(tmp_path / "engram.sqlite3")

    def outer() -> str:
        db.transact(insert_key(db, "inner"))
        raise ValueError("the outer write fails")

    with pytest.raises(ValueError):
        db.transact(outer)
    assert keys(db) == []


def test_remembers_share_a_group_and_one_over_its_tenants_cap_is_refused_alone(tmp_path: Path) -> None:
    c = local(Settings(data_dir=tmp_path, embedder={"provider": "hashing"}))
    db = c.store.db  # type: ignore[attr-defined]
    db.connection().execute("INSERT INTO tenant_limits (tenant, max_memories) VALUES ('capped', 0)")
    before = db.write_stats()

    def remember(tenant: str, content: str) -> Callable[[], Any]:
        return lambda: c.remember(RememberCommand(tenant=tenant, user_id="u", content=content))

    # Given three remembers in one group, the second one's tenant at its cap (it fails after its insert)
    with queued_behind_another_process(db, 3, call=lambda fn: fn()) as calls:
        calls += [
            remember("acme", "The build cache lives on the NAS"),
            remember("capped", "The deploy window is Friday"),
            remember("acme", "Standups moved to 9:30"),
        ]
    # Then the capped one is refused and stored nothing; the others are stored once, with their jobs
    first, refused, third = calls
    assert isinstance(refused, QuotaExceeded)
    assert first.outcome == third.outcome == Outcome.stored
    rows = db.connection().execute("SELECT tenant, id FROM memories ORDER BY seq").fetchall()
    assert [tuple(r) for r in rows] == [("acme", first.memory.id), ("acme", third.memory.id)]
    jobs = [r[0] for r in db.connection().execute("SELECT payload FROM jobs ORDER BY id")]
    assert len(jobs) == 2 and first.memory.id in jobs[0] and third.memory.id in jobs[1]
    after = db.write_stats()
    assert (after["transactions"] - before["transactions"], after["writes"] - before["writes"]) == (1, 3)


def test_a_batch_is_one_transaction_and_an_item_over_the_cap_is_refused_alone(tmp_path: Path) -> None:
    c = local(Settings(data_dir=tmp_path, embedder={"provider": "hashing"}))
    db = c.store.db  # type: ignore[attr-defined]
    db.connection().execute("INSERT INTO tenant_limits (tenant, max_memories) VALUES ('acme', 2)")
    before = db.write_stats()
    contents = ["The build cache lives on the NAS", "Standups moved to 9:30"]
    contents += ["the build cache lives on the NAS.", "Deploys freeze on Dec 20"]  # a repeat, then a third
    # When a batch of four is remembered (the third repeats the first)
    results = c.remember.many([RememberCommand(tenant="acme", user_id="u", content=t) for t in contents])
    # Then one transaction carried it; the repeat deduplicated, the fourth refused, nothing else lost
    assert [r.outcome for r in results] == [
        Outcome.stored,
        Outcome.stored,
        Outcome.deduplicated,
        Outcome.quota_exceeded,
    ]
    after = db.write_stats()
    assert after["transactions"] - before["transactions"] == 1
    stored = [r[0] for r in db.connection().execute("SELECT id FROM memories ORDER BY seq")]
    assert stored == [results[0].memory.id, results[1].memory.id]  # type: ignore[union-attr]
    assert results[2].memory.id == stored[0] and results[2].memory.hits == 2  # type: ignore[union-attr]
    jobs = [r[0] for r in db.connection().execute("SELECT payload FROM jobs ORDER BY id")]
    assert len(jobs) == 2 and all(i in j for i, j in zip(stored, jobs, strict=True))


WRITER = textwrap.dedent(
    """
    import sys, threading
    from datetime import UTC, datetime
    from engram.adapters.sqlite.db import SqliteDatabase
    from engram.adapters.sqlite.store import SqliteMemoryStore
    from tests.integration.builders import new_memory

    db = SqliteDatabase(sys.argv[1])
    store = SqliteMemoryStore(db)
    out = threading.Lock()

    def writer(k):
        i = 0
        while True:
            memory = new_memory(f"writer {k} note {i}", at=datetime.now(UTC), tenant="acme", user_id="u1")
            db.transact(lambda: store.insert_or_dedup(memory))
            stats = db.write_stats()
            with out:  # acknowledged: the write returned, so its group committed
                sys.stdout.write(f"ack {memory.id} {stats['transactions']} {stats['writes']}\\n")
                sys.stdout.flush()
            i += 1

    for k in range(8):
        threading.Thread(target=writer, args=(k,), daemon=True).start()
    threading.Event().wait()
    """
)


def test_a_kill_during_group_commits_loses_no_acknowledged_write(tmp_path: Path) -> None:
    path = tmp_path / "engram.sqlite3"
    SqliteDatabase(path).close()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, cwd=ROOT, env=env, text=True
    )
    acked: list[str] = []
    grouped = False
    try:
        # Given a process of 8 writer threads whose writes share commits (more writes than transactions)
        assert child.stdout is not None
        deadline = time.monotonic() + 240
        while (len(acked) < 300 or not grouped) and time.monotonic() < deadline:
            if not select.select([child.stdout], [], [], 1.0)[0]:
                continue
            line = child.stdout.readline()
            if not line:
                break
            _, memory_id, transactions, writes = line.split()
            acked.append(memory_id)
            grouped = grouped or int(writes) > int(transactions)
        assert grouped and len(acked) >= 300, (grouped, len(acked))
    finally:
        # When it is killed mid-stream (-9: no cleanup, whatever group is under way)
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    # Then every write it acknowledged is in the database
    stored = {r[0] for r in SqliteDatabase(path).connection().execute("SELECT id FROM memories")}
    assert set(acked) <= stored


def test_what_a_write_asks_to_run_after_its_commit_runs_then_never_after_a_rollback(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    ran: list[str] = []

    def after(name: str) -> Callable[[], None]:
        def fn() -> None:
            # run once the write lock is free: a write of its own is a transaction of its own
            with db.write() as conn:
                conn.execute("INSERT INTO processed_jobs (key, at) VALUES (?, 'now')", (f"after-{name}",))
            ran.append(name)

        return fn

    # Outside a transaction: at once
    db.after_commit(after("alone"))
    assert ran == ["alone"]
    # Inside one: only after its commit, and a savepoint that rolls back drops what it asked
    with db.write():
        db.after_commit(after("outer"))
        with pytest.raises(ValueError), db.write():
            db.after_commit(after("undone"))
            raise ValueError("the savepoint rolls back")
        with db.write():
            db.after_commit(after("nested"))
        assert ran == ["alone"]
    assert ran == ["alone", "outer", "nested"]
    # A transaction that rolls back runs none of them
    with pytest.raises(ValueError), db.write():
        db.after_commit(after("rolled back"))
        raise ValueError("the transaction rolls back")
    assert ran == ["alone", "outer", "nested"]
    assert keys(db) == ["after-alone", "after-nested", "after-outer"]


def test_in_a_group_a_failed_write_drops_only_what_it_asked_to_run_after_the_commit(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    ran: list[str] = []
    answered: list[list[str]] = []

    def write(key: str, fail: bool = False) -> Callable[[], str]:
        def fn() -> str:
            db.after_commit(lambda: ran.append(key))
            return insert_key(db, key, fail)()

        return fn

    def call(fn: Callable[[], str]) -> str:
        result = db.transact(fn)
        answered.append(list(ran))  # what had run when this write was answered
        return result

    # Given a group whose second write fails (the first then runs again, in a savepoint)
    with queued_behind_another_process(db, 3, call=call) as calls:
        calls += [write("a"), write("b", fail=True), write("c")]
    # Then what the stored writes asked ran once each, in order, before any of them was answered;
    # the failed write's never ran
    assert ran == ["a", "c"]
    assert keys(db) == ["a", "c"]
    assert answered == [["a", "c"], ["a", "c"]]
