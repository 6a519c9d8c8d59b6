"""Group commit on SQLite (issue 32): the writes a process starts while one holds the write lock join
its transaction, each in a savepoint, and each returns only once that transaction committed. Dedup stays
exact inside a group, a write's error undoes its own changes only, and a kill -9 during group commits
loses no write that was answered."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import textwrap
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

from engram.adapters.sqlite.db import SqliteDatabase
from engram.adapters.sqlite.store import SqliteMemoryStore
from tests.integration.builders import new_memory

AT = datetime(2026, 11, 28, tzinfo=UTC)
ROOT = Path(__file__).resolve().parents[2]


def held_open_until(db: SqliteDatabase, size: int) -> threading.Thread:
    """A write that keeps its group open until `size` writes (its own included) have joined it."""
    opened = threading.Event()

    def lead() -> None:
        with db.write() as conn:
            conn.execute("INSERT INTO processed_jobs (key, at) VALUES ('leader', 'now')")
            opened.set()
            deadline = time.monotonic() + 60
            while db._group is not None and db._group.size < size and time.monotonic() < deadline:
                time.sleep(0.005)

    thread = threading.Thread(target=lead)
    thread.start()
    assert opened.wait(60)
    return thread


def test_concurrent_identical_writes_in_one_group_make_one_memory_and_one_dedup(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    store = SqliteMemoryStore(db)
    before = db.write_stats()
    # Given a group held open until two more writes join it
    leader = held_open_until(db, 3)
    results = []

    def remember() -> None:
        memory = new_memory("the deploy window is Friday", at=AT, tenant="acme", user_id="u1")
        results.append(store.insert_or_dedup(memory))

    # When two threads write the same content at once, into that group
    writers = [threading.Thread(target=remember) for _ in range(2)]
    for w in writers:
        w.start()
    for w in [leader, *writers]:
        w.join(60)
    # Then one transaction carried the three writes, and dedup was exact within it
    after = db.write_stats()
    assert (after["transactions"] - before["transactions"], after["writes"] - before["writes"]) == (1, 3)
    assert sorted(r.created for r in results) == [False, True]
    assert results[0].memory.id == results[1].memory.id
    rows = db.connection().execute("SELECT hits FROM memories").fetchall()
    assert [r[0] for r in rows] == [2]


def test_a_writes_error_undoes_its_own_changes_only(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    leader = held_open_until(db, 3)
    errors: list[BaseException] = []

    def write(key: str, fail: bool) -> None:
        try:
            with db.write() as conn:
                conn.execute("INSERT INTO processed_jobs (key, at) VALUES (?, 'now')", (key,))
                if fail:
                    raise ValueError("bad input")
        except ValueError as exc:
            errors.append(exc)

    threads = [threading.Thread(target=write, args=a) for a in (("kept", False), ("undone", True))]
    for t in threads:
        t.start()
    for t in [leader, *threads]:
        t.join(60)
    keys = {r[0] for r in db.connection().execute("SELECT key FROM processed_jobs")}
    assert keys == {"leader", "kept"} and len(errors) == 1


def test_the_first_writes_error_leaves_the_writes_that_joined_it_stored(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    opened, failed = threading.Event(), []

    def lead() -> None:
        try:
            with db.write() as conn:
                conn.execute("INSERT INTO processed_jobs (key, at) VALUES ('leader', 'now')")
                opened.set()
                deadline = time.monotonic() + 60
                while db._group is not None and db._group.size < 2 and time.monotonic() < deadline:
                    time.sleep(0.005)
                raise ValueError("the leader's own write fails")
        except ValueError as exc:
            failed.append(exc)

    # Given a group whose first write fails after another joined it
    leader = threading.Thread(target=lead)
    leader.start()
    assert opened.wait(60)
    with db.write() as conn:
        conn.execute("INSERT INTO processed_jobs (key, at) VALUES ('member', 'now')")
    leader.join(60)
    # Then the first write's error is its own, and the other is stored
    assert len(failed) == 1
    assert {r[0] for r in db.connection().execute("SELECT key FROM processed_jobs")} == {"member"}


def test_a_failed_commit_fails_every_write_of_the_group(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    # Given a group whose commit will fail (a deferred foreign key left broken by one of its writes)
    db.connection().execute("CREATE TABLE parent (id INTEGER PRIMARY KEY)")
    db.connection().execute(
        "CREATE TABLE child (id INTEGER PRIMARY KEY,"
        " p INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)"
    )
    leader_error: list[BaseException] = []
    member_error: list[BaseException] = []
    opened = threading.Event()

    def lead() -> None:
        try:
            with db.write() as conn:
                conn.execute("INSERT INTO child (id, p) VALUES (1, 42)")  # no parent 42: COMMIT fails
                opened.set()
                while db._group is not None and db._group.size < 2:
                    time.sleep(0.005)
        except Exception as exc:
            leader_error.append(exc)

    def member() -> None:
        try:
            with db.write() as conn:
                conn.execute("INSERT INTO processed_jobs (key, at) VALUES ('member', 'now')")
        except Exception as exc:
            member_error.append(exc)

    leader = threading.Thread(target=lead)
    leader.start()
    assert opened.wait(60)
    joined = threading.Thread(target=member)
    joined.start()
    leader.join(60)
    joined.join(60)
    # Then neither write is answered as done, and neither is stored
    assert leader_error and member_error
    assert db.connection().execute("SELECT count(*) FROM processed_jobs").fetchone()[0] == 0
    assert db.connection().execute("SELECT count(*) FROM child").fetchone()[0] == 0


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
            store.insert_or_dedup(memory)
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
