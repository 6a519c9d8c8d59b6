"""One unit of work on SQLite: a memory's insert and its inline graph links commit together.

A write inside a write of the same thread is a savepoint of it: it commits with the outer one, and an
error in it rolls back only its own changes.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import pytest

from engram.adapters.sqlite.db import SqliteDatabase
from engram.adapters.sqlite.graph import SqliteGraphStore
from engram.adapters.sqlite.queue import SqliteJobQueue
from engram.domain.graph import GraphScope, Mention, Triple
from engram.domain.models import EnrichmentState, Status
from engram.ports import Job
from engram.runtime.container import Container, local
from engram.settings import Settings
from engram.usecases.remember import Outcome, RememberCommand


@pytest.fixture
def db(tmp_path: Path) -> SqliteDatabase:
    database = SqliteDatabase(tmp_path / "uow.sqlite3")
    database.connection().execute("CREATE TABLE t (v TEXT)")
    return database


def _values(db: SqliteDatabase) -> list[str]:
    return [row[0] for row in db.connection().execute("SELECT v FROM t ORDER BY v")]


def test_a_nested_write_commits_with_the_outer_one(db: SqliteDatabase) -> None:
    with db.write() as conn:
        conn.execute("INSERT INTO t VALUES ('outer')")
        with db.write() as inner:
            inner.execute("INSERT INTO t VALUES ('inner')")

    assert _values(db) == ["inner", "outer"]


def test_an_error_in_a_nested_write_rolls_back_only_its_changes(db: SqliteDatabase) -> None:
    with db.write() as conn:
        conn.execute("INSERT INTO t VALUES ('outer')")
        with pytest.raises(RuntimeError), db.write() as inner:
            inner.execute("INSERT INTO t VALUES ('inner')")
            raise RuntimeError("the link failed")
        conn.execute("INSERT INTO t VALUES ('after')")

    assert _values(db) == ["after", "outer"]


def test_an_error_in_the_outer_write_rolls_back_the_nested_ones_too(db: SqliteDatabase) -> None:
    with pytest.raises(RuntimeError), db.write() as conn:
        conn.execute("INSERT INTO t VALUES ('outer')")
        with db.write() as inner:
            inner.execute("INSERT INTO t VALUES ('inner')")
        raise RuntimeError("the insert failed")

    assert _values(db) == []
    with db.write() as conn:  # and the database takes writes again afterwards
        conn.execute("INSERT INTO t VALUES ('next')")
    assert _values(db) == ["next"]


class _GraphThatFailsMidLink(SqliteGraphStore):
    """Writes the links as the real store does, then fails before its write ends."""

    def link(
        self,
        scope: GraphScope,
        memory_id: str,
        mentions: Sequence[Mention],
        triples: Sequence[Triple],
        at: datetime,
    ) -> None:
        with self.db.write():
            super().link(scope, memory_id, mentions, triples, at)
            raise RuntimeError("disk hiccup in the middle of linking")


class _GraphThatLooksFromOutside(SqliteGraphStore):
    """Links as the real store does, and records whether another connection sees the memory yet."""

    def __init__(self, db: SqliteDatabase) -> None:
        super().__init__(db)
        self.seen_from_outside: list[int] = []

    def link(
        self,
        scope: GraphScope,
        memory_id: str,
        mentions: Sequence[Mention],
        triples: Sequence[Triple],
        at: datetime,
    ) -> None:
        super().link(scope, memory_id, mentions, triples, at)
        with sqlite3.connect(self.db.path) as other:
            (count,) = other.execute("SELECT count(*) FROM memories WHERE id = ?", (memory_id,)).fetchone()
        self.seen_from_outside.append(count)


def test_the_inline_link_runs_inside_the_inserts_transaction(tmp_path: Path) -> None:
    c = local(Settings(data_dir=tmp_path, embedder={"provider": "hashing"}))
    c.graph = graph = _GraphThatLooksFromOutside(c.graph.db)  # type: ignore[union-attr]

    result = c.remember(RememberCommand(tenant="t", user_id="u", content="Jonas's manager is Sabine Hartl."))

    # While the graph was linking, the insert was not committed yet: one transaction for both
    assert result.outcome == Outcome.stored
    assert graph.seen_from_outside == [0]
    assert graph.entity_page(GraphScope("t", "u", "default"), 10).items  # and both committed after


def test_remember_links_inside_the_inserts_transaction_and_a_failed_link_loses_nothing(
    tmp_path: Path,
) -> None:
    c = local(Settings(data_dir=tmp_path, embedder={"provider": "hashing"}))
    assert c.graph is not None
    scope = GraphScope("t", "u", "default")
    text = "Jonas's manager is Sabine Hartl."

    # A link that writes half its rows and then fails: the memory is stored, the half link is gone
    c.graph = _GraphThatFailsMidLink(c.graph.db)  # type: ignore[attr-defined]
    c.__dict__.pop("link_memory", None)
    c.__dict__.pop("remember", None)
    failed = c.remember(RememberCommand(tenant="t", user_id="u", content=text))
    assert failed.outcome == Outcome.stored and failed.memory is not None
    assert c.store.get("t", failed.memory.id).status == Status.active  # type: ignore[union-attr]
    assert c.graph.entity_page(scope, 10).items == []

    # The same write with a working graph: entities are there as soon as remember returns
    c.graph = SqliteGraphStore(c.graph.db)  # type: ignore[attr-defined]
    c.__dict__.pop("link_memory", None)
    c.__dict__.pop("remember", None)
    stored = c.remember(RememberCommand(tenant="t", user_id="u", content="Priya's manager is Omar Haddad."))
    assert stored.outcome == Outcome.stored
    assert {e.canonical for e in c.graph.entity_page(scope, 10).items} >= {"priya", "omar haddad"}


class _QueueThatLooksFromOutside(SqliteJobQueue):
    """Queues as the real queue does, and records whether another connection sees the memory yet."""

    def __init__(self, db: SqliteDatabase, memory_ids: list[int]) -> None:
        super().__init__(db)
        self.seen_from_outside = memory_ids

    def enqueue(self, jobs: Sequence[Job]) -> None:
        super().enqueue(jobs)
        with sqlite3.connect(self.db.path) as other:
            (count,) = other.execute("SELECT count(*) FROM memories").fetchone()
        self.seen_from_outside.append(count)


class _QueueThatFailsMidEnqueue(SqliteJobQueue):
    def enqueue(self, jobs: Sequence[Job]) -> None:
        with self.db.write():
            super().enqueue(jobs)
            raise RuntimeError("disk hiccup in the middle of queueing")


def _jobs(c: Container) -> list[str]:
    return [row[0] for row in c.store.db.connection().execute("SELECT payload FROM jobs")]  # type: ignore[attr-defined]


def test_a_memorys_enrichment_job_commits_in_the_inserts_transaction(tmp_path: Path) -> None:
    c = local(Settings(data_dir=tmp_path, embedder={"provider": "hashing"}))
    seen: list[int] = []
    c.queue = _QueueThatLooksFromOutside(c.store.db, seen)  # type: ignore[attr-defined]

    result = c.remember(RememberCommand(tenant="t", user_id="u", content="The build cache lives on the NAS."))

    # While the job was queued, the memory was not committed yet: one transaction for both
    assert result.outcome == Outcome.stored and result.memory is not None
    assert seen == [0]
    [payload] = _jobs(c)
    assert result.memory.id in payload  # and both committed after


def test_a_failed_enqueue_keeps_the_memory_pending_without_a_half_queued_job(tmp_path: Path) -> None:
    c = local(Settings(data_dir=tmp_path, embedder={"provider": "hashing"}))
    c.queue = _QueueThatFailsMidEnqueue(c.store.db)  # type: ignore[attr-defined]

    result = c.remember(RememberCommand(tenant="t", user_id="u", content="The build cache lives on the NAS."))

    # The memory is stored and left pending for the janitor's repair job; the job's rows rolled back
    assert result.outcome == Outcome.stored and result.memory is not None
    stored = c.store.get("t", result.memory.id)
    assert stored is not None and stored.enrichment.state == EnrichmentState.pending
    assert _jobs(c) == []


def test_a_nested_write_without_a_savepoint_is_a_plain_part_of_the_outer_one(db: SqliteDatabase) -> None:
    with db.write() as conn:
        conn.execute("INSERT INTO t VALUES ('outer')")
        with db.write(savepoint=False) as inner:
            inner.execute("INSERT INTO t VALUES ('inner')")
    assert _values(db) == ["inner", "outer"]

    # Its error is the outer write's: nothing of either is kept
    with pytest.raises(RuntimeError), db.write() as conn:
        conn.execute("INSERT INTO t VALUES ('second outer')")
        with db.write(savepoint=False) as inner:
            inner.execute("INSERT INTO t VALUES ('second inner')")
            raise RuntimeError("over the cap")
    assert _values(db) == ["inner", "outer"]
