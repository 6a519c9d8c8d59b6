"""One SQLite database (WAL) for the embedded default: memories, FTS5, vectors, jobs, keys, history.

Each thread gets its own connection; writes run in `BEGIN IMMEDIATE` transactions so concurrent
writers serialise on SQLite's lock instead of failing.
"""

from __future__ import annotations

import contextlib
import contextvars
import fcntl
import functools
import hashlib
import logging
import os
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

from engram.adapters.timestamps import iso as iso  # re-exported: the SQLite adapters' timestamp format
from engram.adapters.timestamps import parse_iso as parse_iso

log = logging.getLogger(__name__)
T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS memories (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL,
    tenant TEXT NOT NULL,
    user_id TEXT NOT NULL,
    project TEXT NOT NULL,
    namespace TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    status TEXT NOT NULL,
    enrichment_state TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    observed_at TEXT NOT NULL,
    hits INTEGER NOT NULL DEFAULT 1,
    retrieval_count INTEGER NOT NULL DEFAULT 0,
    last_retrieved_at TEXT,
    doc TEXT NOT NULL,
    UNIQUE (tenant, id)
);
CREATE UNIQUE INDEX IF NOT EXISTS memories_dedup
    ON memories(tenant, user_id, project, namespace, content_hash) WHERE status != 'deleted';
CREATE INDEX IF NOT EXISTS memories_scope ON memories(tenant, user_id, project, namespace, id);
CREATE INDEX IF NOT EXISTS memories_user ON memories(tenant, user_id, id);
CREATE INDEX IF NOT EXISTS memories_enrichment ON memories(enrichment_state, updated_at);
-- Each memory's words (content) and its user's scope token (scope, engram.adapters.sqlite.db.fts_scope):
-- a search ANDs the token into its MATCH, so FTS5 reads only the user's rows, whatever the index holds.
CREATE VIRTUAL TABLE IF NOT EXISTS memories_fts USING fts5(content, scope, tokenize = 'porter unicode61');
-- Each memory's prospective hints (settings.hints; one per line; rowid: the memory's seq), scoped as
-- memories_fts is: recall's lexical leg searches them beside the content.
CREATE VIRTUAL TABLE IF NOT EXISTS hints_fts USING fts5(content, scope, tokenize = 'porter unicode61');
CREATE TABLE IF NOT EXISTS vectors (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL,
    tenant TEXT NOT NULL,
    user_id TEXT NOT NULL,
    dims INTEGER NOT NULL,
    vec BLOB NOT NULL,
    model TEXT NOT NULL DEFAULT '',  -- the embedding model that made it ('': not recorded)
    UNIQUE (tenant, id)
);
CREATE INDEX IF NOT EXISTS vectors_user ON vectors(tenant, user_id);
-- Per scope, how many writes its vectors have had and how many of them were inserts, moved by every
-- write (from any process): how a process's in-memory copy of a scope sees that another process
-- (engram serve's enrichment worker) changed it, and whether it only added vectors.
CREATE TABLE IF NOT EXISTS vector_changes (
    tenant TEXT NOT NULL,
    user_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    inserts INTEGER NOT NULL,
    PRIMARY KEY (tenant, user_id)
);
CREATE TRIGGER IF NOT EXISTS vector_changes_insert AFTER INSERT ON vectors BEGIN
    INSERT INTO vector_changes (tenant, user_id, version, inserts) VALUES (new.tenant, new.user_id, 1, 1)
        ON CONFLICT (tenant, user_id) DO UPDATE SET version = version + 1, inserts = inserts + 1;
END;
CREATE TRIGGER IF NOT EXISTS vector_changes_update AFTER UPDATE ON vectors BEGIN
    INSERT INTO vector_changes (tenant, user_id, version, inserts) VALUES (new.tenant, new.user_id, 1, 0)
        ON CONFLICT (tenant, user_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER IF NOT EXISTS vector_changes_delete AFTER DELETE ON vectors BEGIN
    INSERT INTO vector_changes (tenant, user_id, version, inserts) VALUES (old.tenant, old.user_id, 1, 0)
        ON CONFLICT (tenant, user_id) DO UPDATE SET version = version + 1;
END;
CREATE TABLE IF NOT EXISTS history (
    id TEXT NOT NULL,
    tenant TEXT NOT NULL,
    memory_id TEXT NOT NULL,
    at TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (tenant, id)
);
CREATE INDEX IF NOT EXISTS history_memory ON history(tenant, memory_id, at);
CREATE INDEX IF NOT EXISTS history_at ON history(at);
CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'queued',
    attempts INTEGER NOT NULL DEFAULT 0,
    available_at TEXT NOT NULL,
    lease_until TEXT,
    last_error TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS jobs_ready ON jobs(state, available_at);
CREATE TABLE IF NOT EXISTS api_keys (
    key_id TEXT PRIMARY KEY,
    tenant TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    revoked_at TEXT
);
CREATE TABLE IF NOT EXISTS key_rates (
    key_id TEXT PRIMARY KEY,
    rate REAL NOT NULL,
    burst INTEGER NOT NULL,
    tokens REAL,
    refilled_at REAL
);
CREATE TABLE IF NOT EXISTS tenant_limits (
    tenant TEXT PRIMARY KEY,
    max_memories INTEGER
);
CREATE TABLE IF NOT EXISTS processed_jobs (
    key TEXT PRIMARY KEY,
    at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS janitor_runs (
    job TEXT PRIMARY KEY,
    last_run_at TEXT,
    cursor TEXT,
    summary TEXT
);
"""


AUTOCHECKPOINT_PAGES = 20_000  # backstop only (~80 MB of WAL); _Checkpointer does the regular work


class _Checkpointer:
    """One daemon thread that checkpoints the WAL of every open database in the background
    (PASSIVE: it never blocks a writer), so no write pays for a checkpoint on its own commit.
    A high `wal_autocheckpoint` stays on as a backstop should this thread fall behind."""

    interval_s = 0.5

    def __init__(self) -> None:
        self._reset()
        # A forked child has no checkpoint thread, and the parent's may have held the lock at the fork.
        os.register_at_fork(after_in_child=self._reset)

    def _reset(self) -> None:
        self._databases: weakref.WeakSet[SqliteDatabase] = weakref.WeakSet()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def register(self, db: SqliteDatabase) -> None:
        with self._lock:
            self._databases.add(db)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            time.sleep(self.interval_s)
            with self._lock:
                databases = list(self._databases)
            for db in databases:
                db.checkpoint()


def _private_files(path: Path) -> None:
    """Memories are private: the data directory is 0700 and the database 0600 before SQLite opens
    it (SQLite would create it 0644, and gives the -wal and -shm files the database's mode)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    for existing in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if existing.exists() and existing.stat().st_mode & 0o077:
            existing.chmod(0o600)  # a file made by an earlier version, readable by others


class _Write:
    """A write handed to group commit: its function, the context it was asked in (its contextvars), what
    it returned or raised, and a lock its thread waits on until it committed or is to lead a group."""

    __slots__ = ("context", "done", "error", "fn", "result", "wake")

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.fn, self.context = fn, contextvars.copy_context()
        self.result: Any = None
        self.error: BaseException | None = None
        self.done = False
        self.wake = threading.Lock()
        self.wake.acquire()


class SqliteDatabase:
    """The embedded default's SQLite database: per-thread read connections, one shared write connection.

    Writers queue on a thread lock and an `flock` before `BEGIN IMMEDIATE`, so a waiting writer (thread
    or process) is woken as soon as the lock is free, and share one connection per process so its page
    cache survives this process's commits (`connection()` inside a write is that one). docs/performance.md.
    Group commit (`transact`): one thread runs the writes its process queued meanwhile in one transaction.
    """

    group_commit = True
    group_max = 64  # writes in one group at most: the first one's answer waits for all of theirs

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        self._lock_file: int | None = None
        if self.path != ":memory:":
            _private_files(Path(self.path))
            self._lock_file = os.open(self.path + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
        self._write_lock = threading.Lock()
        self._local = threading.local()
        # group commit: the writes queued for the next group, and whether a thread leads one
        self._queued = threading.Lock()
        self._queue: list[_Write] = []
        self._leading = False
        self._stats = threading.Lock()
        self.lock_held_s, self.lock_cpu_s, self.transactions, self.writes = 0.0, 0.0, 0, 0
        self._writer: sqlite3.Connection | None = None  # made by the first write, under _write_lock
        self.connection().executescript(SCHEMA)
        self._ids_per_tenant()
        self._scope_fts()
        self._vector_models()
        if self._lock_file is not None:
            _CHECKPOINTER.register(self)

    def _ids_per_tenant(self) -> None:
        """Key memories, vectors and history by (tenant, id) in a database made when an id was unique
        across tenants (so that an import told a tenant which ids another one held): each such table
        is copied, rows and seqs as they are, into one of today's shape, once, in one write."""
        if not any(_unique_on_id_alone(self.connection(), t) for t in _KEYED_BY_TENANT):
            return
        with self.write() as conn:
            for table in _KEYED_BY_TENANT:
                if not _unique_on_id_alone(conn, table):
                    continue  # another process did it while this one waited for the lock
                log.warning("keying %s of %s by (tenant, id) (once)", table, self.path)
                ddl = _create_statement(table).replace(f"IF NOT EXISTS {table}", f"{table}_keyed", 1)
                conn.execute(ddl)
                columns = ", ".join(sorted(_columns(conn, table) & _columns(conn, f"{table}_keyed")))
                conn.execute(f"INSERT INTO {table}_keyed ({columns}) SELECT {columns} FROM {table}")
                last = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = ?", (table,)).fetchone()
                conn.execute(f"DROP TABLE {table}")
                conn.execute("PRAGMA legacy_alter_table = ON")  # a trigger naming the dropped table is fine
                try:
                    conn.execute(f"ALTER TABLE {table}_keyed RENAME TO {table}")
                finally:
                    conn.execute("PRAGMA legacy_alter_table = OFF")
                if last is not None:  # AUTOINCREMENT never hands out a seq it once did
                    conn.execute(
                        "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?", (last[0], table)
                    )
            for statement in _statements(SCHEMA):  # the dropped tables' indexes and triggers
                if not statement.lstrip().startswith("CREATE TABLE"):
                    conn.execute(statement)

    def _scope_fts(self) -> None:
        """Give a database made before the full-text index had its scope column that column: the index
        is built again, once, from the rows it holds, in one write that any other process opening the
        database waits for."""
        if "scope" in _columns(self.connection(), "memories_fts"):
            return
        with self.write() as conn:
            if "scope" in _columns(conn, "memories_fts"):
                return  # another process did it while this one waited for the lock
            rows = conn.execute("SELECT count(*) FROM memories_fts").fetchone()[0]
            log.warning(
                "adding the scope column to the full-text index of %s (%d memories, once)", self.path, rows
            )
            conn.execute(
                "CREATE VIRTUAL TABLE memories_fts_scoped"
                " USING fts5(content, scope, tokenize = 'porter unicode61')"
            )
            conn.execute(
                "INSERT INTO memories_fts_scoped (rowid, content, scope)"
                " SELECT f.rowid, f.content, engram_fts_scope(m.tenant, m.user_id)"
                " FROM memories_fts f JOIN memories m ON m.seq = f.rowid ORDER BY f.rowid"
            )
            conn.execute("DROP TABLE memories_fts")
            conn.execute("ALTER TABLE memories_fts_scoped RENAME TO memories_fts")
            # one segment: built in one statement, the index is left in a dozen that every term's
            # lookup walks (234 page lookups a query at a million memories, 18 once merged)
            conn.execute("INSERT INTO memories_fts (memories_fts) VALUES ('optimize')")

    def _vector_models(self) -> None:
        """Give the vectors table of a database made before vectors recorded their model its `model`
        column ('' on the rows it holds: adopted by the local index, see LocalIndex.adopt), and an index
        on it, so that finding another model's vectors after a switch never scans the table."""
        if "model" not in _columns(self.connection(), "vectors"):
            with self.write() as conn:
                if "model" not in _columns(conn, "vectors"):
                    conn.execute("ALTER TABLE vectors ADD COLUMN model TEXT NOT NULL DEFAULT ''")
        self.connection().execute("CREATE INDEX IF NOT EXISTS vectors_model ON vectors(model, dims)")

    def connection(self) -> sqlite3.Connection:
        """This thread's connection, or inside one of its writes the write's."""
        if getattr(self._local, "depth", 0):
            assert self._writer is not None
            return self._writer
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self._connect()
        return conn

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, timeout=30.0, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA busy_timeout=30000")
        conn.execute(f"PRAGMA wal_autocheckpoint={AUTOCHECKPOINT_PAGES}")
        conn.execute("PRAGMA foreign_keys=ON")
        # fts_scope for SQL that fills memories_fts (the scope column's migration, bulk fills)
        conn.create_function("engram_fts_scope", 2, fts_scope, deterministic=True)
        return conn

    def _writer_connection(self) -> sqlite3.Connection:
        """The connection writes share (under _write_lock). An in-memory database is one per
        connection: there, each thread writes on its own, as it reads."""
        if self.path == ":memory:":
            self._writer = self.connection()
        elif self._writer is None:
            self._writer = self._connect()
        return self._writer

    @contextmanager
    def write(self, savepoint: bool = True) -> Iterator[sqlite3.Connection]:
        """A write transaction that takes the write lock up front (no upgrade deadlocks).

        Nested in a write of the same thread it is a savepoint: it commits with the outer one and an error
        rolls back its own changes only. `savepoint=False` makes it a plain part of the outer one, for a
        write whose error the outer never survives, or a single statement (SQLite undoes it alone).
        """
        depth: int = getattr(self._local, "depth", 0)
        if depth and not savepoint:
            yield self.connection()
            return
        if depth:
            conn = self.connection()
            name = f"nested_{depth}"
            self._local.depth = depth + 1
            pending: list[Callable[[], None]] = self._local.pending
            mark = len(pending)
            conn.execute(f"SAVEPOINT {name}")
            try:
                yield conn
            except BaseException:
                conn.execute(f"ROLLBACK TO {name}")
                conn.execute(f"RELEASE {name}")
                del pending[mark:]  # what it undid is not mirrored either
                raise
            finally:
                self._local.depth = depth
            conn.execute(f"RELEASE {name}")
            return
        committed: list[Callable[[], None]] = []
        with self._write_lock:
            conn = self._writer_connection()
            if self._lock_file is not None:
                fcntl.flock(self._lock_file, fcntl.LOCK_EX)
            self._local.depth, self._local.pending = 1, committed
            started = (time.perf_counter(), time.thread_time())
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    yield conn
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
            finally:
                self._local.depth, self._local.pending = 0, []
                self._held(started, 1)
                if self._lock_file is not None:
                    fcntl.flock(self._lock_file, fcntl.LOCK_UN)
        _run_after(committed)

    def after_commit(self, fn: Callable[[], None]) -> None:
        """Run `fn` once this thread's write transaction has committed and the write lock is free (at
        once outside a transaction); never if the transaction, or the savepoint it was asked in, rolls
        back. For what a write mirrors in memory (the local index's matrices and graphs): no reader sees
        there what SQLite may still undo, and no mirroring runs while the lock is held."""
        if getattr(self._local, "depth", 0):
            self._local.pending.append(fn)
        else:
            _run_after([fn])

    def transact(self, fn: Callable[[], T]) -> T:
        """Run `fn` (its writes through `write()` or `connection()`) in a write transaction, and return
        what it returned once that transaction committed. Group commit: the writes other threads of this
        process hand in while one waits for or holds the write lock share one transaction and one commit,
        the first of them running them all in its thread; a write's error undoes its own changes only."""
        nested: int = getattr(self._local, "depth", 0)
        if nested or not self.group_commit or self._lock_file is None:
            with self.write():
                return fn()
        write = _Write(fn)
        with self._queued:
            self._queue.append(write)
            leads, self._leading = not self._leading, True
        if not leads:
            write.wake.acquire()  # until it committed (or failed), or it is to lead the next group
        if not write.done:
            self._lead()
        if write.error is not None:
            raise write.error
        return cast(T, write.result)

    def _lead(self) -> None:
        """Take the write lock, then run the queued writes (this thread's first) in one transaction until
        none is left or `group_max` ran, commit, answer them, and hand the lead to the next queued write
        (whatever failed: a queued write never waits for a leader that is gone)."""
        carried: list[_Write] = []
        try:
            committed: list[Callable[[], None]] = []
            with self._write_lock:
                conn = self._writer_connection()
                assert self._lock_file is not None
                fcntl.flock(self._lock_file, fcntl.LOCK_EX)
                try:
                    self._commit_group(conn, carried, committed)
                finally:
                    fcntl.flock(self._lock_file, fcntl.LOCK_UN)
            _run_after(committed)  # before the writers are answered: each then reads its own write
        except BaseException as exc:  # no connection, lock or transaction, or it ended: none is stored
            if not carried:  # this thread's write fails; the others stay queued for the next leader
                with self._queued:
                    carried.append(self._queue.pop(0))
            for write in carried:
                write.error = _failed(exc)
        finally:
            with self._queued:
                following = self._queue[0] if self._queue else None
                self._leading = following is not None
            for write in carried:
                write.done = True
                write.wake.release()
            if following is not None:
                following.wake.release()

    def _commit_group(
        self, conn: sqlite3.Connection, carried: list[_Write], committed: list[Callable[[], None]]
    ) -> None:
        """One group's transaction, under the write lock: begin, run the queued writes, commit; what
        they asked to run after the commit is left in `committed`."""
        started = (time.perf_counter(), time.thread_time())
        try:
            conn.execute("BEGIN IMMEDIATE")
            self._local.depth, self._local.pending = 1, committed
            try:
                self._carry_queued(conn, carried)
            finally:
                self._local.depth, self._local.pending = 0, []
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
            raise
        finally:
            self._held(started, len(carried))

    def _carry_queued(self, conn: sqlite3.Connection, carried: list[_Write]) -> None:
        """Run queued writes in the open transaction, adding them to `carried`, until none is queued or
        `group_max` ran. Each runs bare (a savepoint each costs a quarter of a write's time in the lock);
        when one fails, the transaction is rolled back and the others that ran are run again, from then
        on each in a savepoint, so that a write's error undoes its own changes only."""
        ran: list[_Write] = []
        safe = False
        while len(carried) < self.group_max:
            with self._queued:
                taken = self._queue[: self.group_max - len(carried)]
                del self._queue[: len(taken)]
            if not taken:
                return
            carried += taken
            pending: list[Callable[[], None]] = self._local.pending
            for write in taken:
                if _carry(conn, write, safe, pending):
                    ran.append(write)
                elif not safe:  # its changes, if any, are mixed with the others': start again without it
                    conn.execute("ROLLBACK")
                    conn.execute("BEGIN IMMEDIATE")
                    pending.clear()  # the others ask again as they run again
                    safe = True
                    ran = [again for again in ran if _carry(conn, again, safe, pending)]

    def _held(self, started: tuple[float, float], writes: int) -> None:
        """Count a transaction: how long it held the write lock (wall, and its thread's CPU: what a
        busy machine's preemption does not inflate), and how many writes it carried."""
        held, cpu = time.perf_counter() - started[0], time.thread_time() - started[1]
        with self._stats:
            self.lock_held_s += held
            self.lock_cpu_s += cpu
            self.transactions += 1
            self.writes += writes

    def write_stats(self) -> dict[str, float]:
        """Since this database was opened in this process: transactions, writes they carried, and the
        write lock's hold time in all, a transaction and a write (bench/bench_throughput.py)."""
        with self._stats:
            held, cpu = self.lock_held_s, self.lock_cpu_s
            transactions, writes = self.transactions, self.writes
        return {
            "transactions": transactions,
            "writes": writes,
            "lock_held_s": held,
            "lock_cpu_s": cpu,
            "held_ms_a_transaction": held * 1000 / max(transactions, 1),
            "held_ms_a_write": held * 1000 / max(writes, 1),
        }

    def checkpoint(self) -> None:
        """Copy committed WAL pages into the database file without waiting for anyone."""
        with contextlib.suppress(sqlite3.Error):  # busy: the next pass (or the backstop) does it
            self.connection().execute("PRAGMA wal_checkpoint(PASSIVE)")

    def close(self) -> None:
        """Close this thread's connection and the writes' (the next use opens them again)."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None
        with self._write_lock:
            if self._writer is not None and self._writer is not conn:
                self._writer.close()
            self._writer = None


_CHECKPOINTER = _Checkpointer()


def _carry(
    conn: sqlite3.Connection, write: _Write, savepoint: bool, pending: list[Callable[[], None]]
) -> bool:
    """Run one write of a group, in the context it was asked in (in a savepoint: its error undoes its
    changes, and drops what it asked to run after the commit); whether it succeeded. SQLite ends the
    whole transaction on some errors (a full disk): then it raises, and every write of the transaction
    fails."""
    write.result, write.error = None, None
    mark = len(pending)
    if savepoint:
        conn.execute("SAVEPOINT grouped")
    try:
        write.result = write.context.run(write.fn)
    except BaseException as exc:
        write.error = exc
        if not conn.in_transaction:
            raise
        if savepoint:
            conn.execute("ROLLBACK TO grouped")
            conn.execute("RELEASE grouped")
            del pending[mark:]
        return False
    if savepoint:
        conn.execute("RELEASE grouped")
    return True


def _run_after(committed: list[Callable[[], None]]) -> None:
    """What committed writes asked to run after their commit, in order; one that fails is logged and
    the others still run (the transaction stands)."""
    for fn in committed:
        try:
            fn()
        except Exception:
            log.exception("a step after a commit failed")


def _failed(exc: BaseException) -> sqlite3.OperationalError:
    """The error each write of a group that did not commit raises (one each: each thread raises its own)."""
    error = sqlite3.OperationalError(f"the write transaction failed: {exc}")
    error.__cause__ = exc
    return error


@functools.lru_cache(maxsize=4096)  # every write of a user hashes the same pair
def fts_scope(tenant: str, user_id: str) -> str:
    """The token memories_fts holds in its scope column for every memory of this user: "u" and 64 bits
    of a hash of (tenant, user_id) in decimal, one word that the porter tokenizer leaves as it is. A
    collision (about one in 10^19 for two users) only widens what FTS5 reads: every search still keeps
    to its scope's memories by the memories table."""
    digest = hashlib.blake2b(f"{tenant}\0{user_id}".encode(), digest_size=8).digest()
    return f"u{int.from_bytes(digest, 'big')}"


_KEYED_BY_TENANT = ("memories", "vectors", "history")


def _unique_on_id_alone(conn: sqlite3.Connection, table: str) -> bool:
    """Whether the table has a unique index on `id` alone (the schema of before ids were per tenant)."""
    for index in conn.execute(f"PRAGMA index_list({table})").fetchall():
        columns = [c["name"] for c in conn.execute(f"PRAGMA index_info({index['name']})")]
        if index["unique"] and columns == ["id"]:
            return True
    return False


def _statements(script: str) -> list[str]:
    """The statements of a script, each whole (a trigger's body holds semicolons of its own)."""
    out, part = [], ""
    for line in script.splitlines(keepends=True):
        part += line
        if sqlite3.complete_statement(part):
            out.append(part.strip())
            part = ""
    return out


def _create_statement(table: str) -> str:
    return next(s for s in _statements(SCHEMA) if s.startswith(f"CREATE TABLE IF NOT EXISTS {table} ("))


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
