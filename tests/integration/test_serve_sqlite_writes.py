"""`engram serve` writes from its request threads through one SqliteDatabase per process:
the writes share one connection (so a write does not begin with a cold page cache), and each is still
its own transaction, whose reads see its own uncommitted rows and nobody else's."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from engram.adapters.sqlite.db import SqliteDatabase

THREADS = 8
ROUNDS = 25


@pytest.fixture
def db(tmp_path) -> SqliteDatabase:
    database = SqliteDatabase(tmp_path / "engram.sqlite3")
    database.connection().execute("CREATE TABLE notes (thread INTEGER, n INTEGER)")
    return database


def test_threads_writing_at_once_each_see_their_own_transaction_and_lose_nothing(db) -> None:
    seen_inside: list[tuple[int, int]] = []
    start = threading.Barrier(THREADS)

    def writer(thread: int) -> None:
        start.wait()
        for n in range(ROUNDS):
            with db.write() as conn:
                conn.execute("INSERT INTO notes VALUES (?, ?)", (thread, n))
                # a read through the database inside the write is the write's own: it sees the row
                mine = (
                    db.connection()
                    .execute("SELECT count(*) FROM notes WHERE thread = ?", (thread,))
                    .fetchone()[0]
                )
                seen_inside.append((mine, n + 1))

    # When 8 threads write 25 rows each at the same time
    with ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(writer, range(THREADS)))

    # Then each write saw its own uncommitted row, and every row was committed
    assert all(mine == expected for mine, expected in seen_inside)
    assert len(seen_inside) == THREADS * ROUNDS
    rows = db.connection().execute("SELECT thread, count(*) FROM notes GROUP BY thread").fetchall()
    assert {tuple(r) for r in rows} == {(t, ROUNDS) for t in range(THREADS)}


def test_a_read_outside_the_write_does_not_see_its_uncommitted_rows(db) -> None:
    inside = threading.Event()
    read = threading.Event()
    counts: list[int] = []

    def reader() -> None:
        inside.wait(10)
        counts.append(db.connection().execute("SELECT count(*) FROM notes").fetchone()[0])
        read.set()

    thread = threading.Thread(target=reader)
    thread.start()
    # Given a write under way in this thread
    with db.write() as conn:
        conn.execute("INSERT INTO notes VALUES (0, 0)")
        # When another thread reads meanwhile
        inside.set()
        assert read.wait(10)
    thread.join(10)

    # Then it read the committed state, without the row; and after the commit everyone sees it
    assert counts == [0]
    assert db.connection().execute("SELECT count(*) FROM notes").fetchone()[0] == 1


def test_a_failed_write_rolls_back_and_the_next_one_from_another_thread_commits(db) -> None:
    # Given a write that fails half-way in one thread
    with pytest.raises(RuntimeError), db.write() as conn:
        conn.execute("INSERT INTO notes VALUES (1, 1)")
        raise RuntimeError("the request failed")

    # When another thread writes next (on the connection the failed write used)
    def write() -> None:
        with db.write() as conn:
            conn.execute("INSERT INTO notes VALUES (2, 2)")

    with ThreadPoolExecutor(1) as pool:
        pool.submit(write).result()

    # Then only its row is there
    assert [tuple(r) for r in db.connection().execute("SELECT * FROM notes")] == [(2, 2)]


def test_closing_the_database_closes_the_writes_connection_and_the_next_write_opens_one(db) -> None:
    with db.write() as conn:
        conn.execute("INSERT INTO notes VALUES (1, 1)")
    db.close()
    with db.write() as conn:
        conn.execute("INSERT INTO notes VALUES (2, 2)")
    assert db.connection().execute("SELECT count(*) FROM notes").fetchone()[0] == 2
