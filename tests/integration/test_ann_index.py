"""The local index's HNSW leg (engram.adapters.local.hnsw): over the threshold, knn answers through a
per-scope graph saved in the data dir, re-ranked exactly and filtered by the scope; below it, or when
too few candidates pass a filter, exactly. The graph file is a cache: stale or missing, it is caught up
or rebuilt from the SQLite vectors."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from engram import cli
from engram.adapters.local.hnsw import Covered, ScopeGraph, scope_file
from engram.adapters.local.index import LocalIndex
from engram.adapters.sqlite.db import SqliteDatabase
from engram.adapters.sqlite.store import SqliteMemoryStore
from engram.domain.models import Memory, Status
from engram.ports import IndexedMemory, SearchScope, VectorHit
from engram.settings import AnnSettings
from tests.integration.builders import new_memory

T0 = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
DIMS = 32
SIZE = 300
ALICE = SearchScope(tenant="acme", user_id="alice")
LOW = AnnSettings(threshold=50, save_every=1_000_000)  # the graph from 51 vectors; saved only when built


def unit(rng: np.random.Generator, n: int) -> np.ndarray:
    v = rng.standard_normal((n, DIMS)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def fill(db: SqliteDatabase, index: LocalIndex) -> tuple[list[Memory], np.ndarray]:
    """SIZE memories of alice over two projects, two namespaces and three statuses, with unit vectors."""
    store = SqliteMemoryStore(db)
    vectors = unit(np.random.default_rng(7), SIZE)
    memories = []
    for i in range(SIZE):
        status = Status.superseded if i % 10 == 3 else Status.stale if i % 10 == 5 else Status.active
        m = new_memory(
            f"memory number {i}",
            at=T0,
            tenant="acme",
            user_id="alice",
            project="p1" if i % 2 else "p2",
            namespace="ns-a" if i % 3 else "ns-b",
            status=status,
        )
        memories.append(store.insert_or_dedup(m).memory)
    index.upsert([IndexedMemory(m, v.tolist()) for m, v in zip(memories, vectors, strict=True)])
    return memories, vectors


def near(vector: np.ndarray, seed: int) -> list[float]:
    """A query close to a stored vector."""
    noise = np.random.default_rng(seed).standard_normal(DIMS).astype(np.float32) * 0.05
    return (vector + noise).tolist()


def exactly(db: SqliteDatabase) -> LocalIndex:
    return LocalIndex(db, AnnSettings(threshold=0))  # 0: never a graph


def ids(hits: list[VectorHit]) -> list[str]:
    return [h.memory_id for h in hits]


@pytest.fixture
def db(tmp_path: Path) -> SqliteDatabase:
    return SqliteDatabase(tmp_path / "engram.sqlite3")


@pytest.fixture
def graph_only(monkeypatch: pytest.MonkeyPatch):
    """Fail a test whose knn falls back to the exact product (to prove the graph answered)."""

    def forbid(index: LocalIndex) -> None:
        def no_exact(*args: object) -> list[VectorHit]:
            raise AssertionError("answered by the exact path")

        monkeypatch.setattr(index, "_exact", no_exact)

    return forbid


def test_below_the_threshold_knn_is_the_exact_product_and_no_graph_is_built(db, tmp_path):
    index = LocalIndex(db, AnnSettings(threshold=SIZE))  # the scope holds SIZE vectors: not over it
    _, vectors = fill(db, index)
    reference = exactly(db)
    for i, scope in enumerate([ALICE, SearchScope("acme", "alice", project="p1", namespaces=("ns-b",))]):
        query = near(vectors[i * 7], seed=i)
        assert index.knn(scope, query, 20) == reference.knn(scope, query, 20)
    time.sleep(0.2)
    assert not index.ready("acme", "alice")
    assert not (tmp_path / "ann").exists()


def test_over_the_threshold_the_graph_finds_the_exact_top_results(db, tmp_path, graph_only):
    index = LocalIndex(db, LOW)
    _, vectors = fill(db, index)
    assert index.prepare("acme", "alice") == SIZE
    assert scope_file(tmp_path / "ann", "acme", "alice").exists()
    graph_only(index)
    reference = exactly(db)
    for i in range(0, SIZE, 37):
        query = near(vectors[i], seed=i)
        got, want = index.knn(ALICE, query, 10), reference.knn(ALICE, query, 10)
        assert ids(got) == ids(want)
        assert [h.score for h in got] == pytest.approx([h.score for h in want], abs=1e-5)


def test_the_first_query_over_the_threshold_is_exact_and_prepares_the_graph_in_the_background(db):
    index = LocalIndex(db, LOW)
    _, vectors = fill(db, index)
    query = near(vectors[11], seed=3)
    assert index.knn(ALICE, query, 5) == exactly(db).knn(ALICE, query, 5)
    deadline = time.monotonic() + 30
    while not index.ready("acme", "alice") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert index.ready("acme", "alice")
    assert ids(index.knn(ALICE, query, 5)) == ids(exactly(db).knn(ALICE, query, 5))


def test_the_graph_respects_project_namespace_and_status(db, graph_only):
    index = LocalIndex(db, LOW)
    memories, vectors = fill(db, index)
    by_id = {m.id: m for m in memories}
    index.prepare("acme", "alice")
    graph_only(index)
    scope = SearchScope("acme", "alice", project="p1", namespaces=("ns-a",), statuses=(Status.active,))
    for i in (1, 2, 4, 10):  # queries near memories in and out of the scope
        query = near(vectors[i], seed=i)
        hits = index.knn(scope, query, 5)
        assert len(hits) == 5
        for hit in hits:
            m = by_id[hit.memory_id]
            assert (m.project, m.namespace, m.status) == ("p1", "ns-a", Status.active)
        assert ids(hits) == ids(exactly(db).knn(scope, query, 5))
    # The superseded memory nearest the query is left out, not returned under another status.
    superseded = memories[3]
    assert superseded.status == Status.superseded
    assert superseded.id not in ids(index.knn(ALICE, near(vectors[3], seed=9), 5))


def test_a_selective_filter_falls_back_to_the_exact_answer(db):
    index = LocalIndex(db, LOW)
    memories, vectors = fill(db, index)
    rare = memories[:3]
    with db.write() as conn:  # three memories in a project of their own
        conn.executemany("UPDATE memories SET project = 'rare' WHERE id = ?", [(m.id,) for m in rare])
    index.prepare("acme", "alice")
    scope = SearchScope("acme", "alice", project="rare", statuses=tuple(Status))
    hits = index.knn(scope, near(vectors[200], seed=1), 10)  # a query far from all three
    assert sorted(ids(hits)) == sorted(m.id for m in rare)
    assert hits == exactly(db).knn(scope, near(vectors[200], seed=1), 10)


def test_deleted_memories_never_come_back_live_after_a_reload_or_from_a_stale_file(db, tmp_path, graph_only):
    index = LocalIndex(db, LOW)
    memories, vectors = fill(db, index)
    index.prepare("acme", "alice")  # saved now; the deletes below are not (save_every is huge)
    gone = {memories[i].id for i in (0, 1, 2, 6)}
    index.delete("acme", sorted(gone))
    graph_only(index)
    for i in (0, 1, 2, 6):
        hits = index.knn(ALICE, vectors[i].tolist(), 10)
        assert len(hits) == 10 and not gone & set(ids(hits))
    # A new process: the file still holds the deleted vectors; SQLite does not.
    again = LocalIndex(SqliteDatabase(tmp_path / "engram.sqlite3"), LOW)
    again.prepare("acme", "alice")
    graph_only(again)
    for i in (0, 1, 2, 6):
        assert not gone & set(ids(again.knn(ALICE, vectors[i].tolist(), 10)))


def test_a_new_index_loads_the_saved_graph_without_building_it(db, tmp_path, graph_only, monkeypatch):
    index = LocalIndex(db, LOW)
    _, vectors = fill(db, index)
    index.prepare("acme", "alice")

    def no_build(*args: object, **kwargs: object) -> None:
        raise AssertionError("built instead of loaded")

    monkeypatch.setattr(ScopeGraph, "build", no_build)
    again = LocalIndex(SqliteDatabase(tmp_path / "engram.sqlite3"), LOW)
    assert again.prepare("acme", "alice") == SIZE
    graph_only(again)
    query = near(vectors[42], seed=42)
    assert ids(again.knn(ALICE, query, 10)) == ids(exactly(db).knn(ALICE, query, 10))


def test_a_stale_graph_file_is_caught_up_with_the_sqlite_vectors(db, tmp_path, graph_only, monkeypatch):
    """What a crash between the SQLite writes and the next save leaves: a file that misses new vectors,
    still holds deleted ones and an old vector of a memory whose vector changed."""
    index = LocalIndex(db, LOW)
    memories, vectors = fill(db, index)
    index.prepare("acme", "alice")
    store = SqliteMemoryStore(db)
    added = [
        store.insert_or_dedup(new_memory(f"added later {i}", at=T0, tenant="acme", user_id="alice")).memory
        for i in range(20)
    ]
    fresh = unit(np.random.default_rng(99), 21)
    writer = exactly(db)  # another process writes; the saved file knows nothing of it
    writer.upsert([IndexedMemory(m, v.tolist()) for m, v in zip(added, fresh[:20], strict=True)])
    moved = memories[10]
    writer.upsert([IndexedMemory(moved, fresh[20].tolist())])
    writer.delete("acme", [memories[20].id])

    monkeypatch.setattr(ScopeGraph, "build", lambda *a, **k: pytest.fail("built instead of caught up"))
    again = LocalIndex(SqliteDatabase(tmp_path / "engram.sqlite3"), LOW)
    assert again.prepare("acme", "alice") == SIZE + 20 - 1
    graph_only(again)
    for m, v in zip(added, fresh[:20], strict=True):
        assert ids(again.knn(ALICE, v.tolist(), 1)) == [m.id]
    assert ids(again.knn(ALICE, fresh[20].tolist(), 1)) == [moved.id]
    assert memories[20].id not in ids(again.knn(ALICE, vectors[20].tolist(), 10))


def test_upserts_reach_a_prepared_graph_at_once(db, graph_only):
    index = LocalIndex(db, LOW)
    memories, _ = fill(db, index)
    index.prepare("acme", "alice")
    graph_only(index)
    target = unit(np.random.default_rng(5), 1)[0]
    index.upsert([IndexedMemory(memories[40], target.tolist())])  # its vector changes
    assert ids(index.knn(ALICE, target.tolist(), 1)) == [memories[40].id]
    assert index.knn(ALICE, target.tolist(), 1)[0].score == pytest.approx(1.0, abs=1e-5)


def test_engram_index_rebuild_writes_every_scope_over_the_threshold(db, tmp_path, monkeypatch, capsys):
    index = exactly(db)
    _, vectors = fill(db, index)
    bob = new_memory("bob's only memory", at=T0, tenant="acme", user_id="bob")
    SqliteMemoryStore(db).insert_or_dedup(bob)
    index.upsert([IndexedMemory(bob, vectors[0].tolist())])
    monkeypatch.setenv("ENGRAM_ANN__THRESHOLD", "50")
    monkeypatch.setenv("ENGRAM_EMBEDDER__DIMENSIONS", str(DIMS))  # the model that made these vectors

    assert cli.main(["index", "rebuild", "--data-dir", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert [(r["tenant"], r["user_id"], r["vectors"]) for r in report["rebuilt"]] == [("acme", "alice", SIZE)]
    assert report["skipped_below_threshold"] == 1
    assert scope_file(tmp_path / "ann", "acme", "alice").exists()
    assert not scope_file(tmp_path / "ann", "acme", "bob").exists()

    assert cli.main(["index", "rebuild", "--data-dir", str(tmp_path), "--user", "bob", "--all"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert [(r["user_id"], r["vectors"]) for r in report["rebuilt"]] == [("bob", 1)]

    # The rebuilt file serves a new index without building anything.
    monkeypatch.setattr(ScopeGraph, "build", lambda *a, **k: pytest.fail("built instead of loaded"))
    again = LocalIndex(SqliteDatabase(tmp_path / "engram.sqlite3"), LOW)
    again.prepare("acme", "alice")
    query = near(vectors[77], seed=77)
    assert ids(again.knn(ALICE, query, 10)) == ids(exactly(db).knn(ALICE, query, 10))


def test_a_scope_left_without_vectors_loses_its_graph_files(db, tmp_path):
    index = LocalIndex(db, LOW)
    memories, _ = fill(db, index)
    index.prepare("acme", "alice")
    path = scope_file(tmp_path / "ann", "acme", "alice")
    assert path.exists() and path.with_suffix(".npz").exists()
    index.delete("acme", [m.id for m in memories[:100]])
    assert path.exists()  # the scope still has vectors: the file stays (its deleted nodes hold zeros)
    # An erasure deletes the rest from another index (the worker's), which never loaded the scope.
    LocalIndex(SqliteDatabase(tmp_path / "engram.sqlite3"), LOW).delete(
        "acme", [m.id for m in memories[100:]]
    )
    assert not path.exists() and not path.with_suffix(".npz").exists()
    assert LocalIndex(SqliteDatabase(tmp_path / "engram.sqlite3"), LOW).knn(ALICE, [1.0] * DIMS, 5) == []


def test_a_write_before_a_scopes_first_search_does_not_hide_its_stored_vectors(db, tmp_path):
    # Given a scope written by another process, then a new index whose first call is a write
    _, vectors = fill(db, exactly(db))
    fresh = LocalIndex(SqliteDatabase(tmp_path / "engram.sqlite3"), AnnSettings(threshold=0))
    late = SqliteMemoryStore(db).insert_or_dedup(
        new_memory("written later", at=T0, tenant="acme", user_id="alice")
    )
    fresh.upsert([IndexedMemory(late.memory, unit(np.random.default_rng(3), 1)[0].tolist())])
    # When it searches / Then it finds the earlier vectors as well as the new one
    query = near(vectors[5], seed=5)
    assert ids(fresh.knn(ALICE, query, 10)) == ids(exactly(db).knn(ALICE, query, 10))
    everything = fresh.knn(ALICE, query, SIZE + 1)
    assert len(everything) > 200 and ids(everything) == ids(exactly(db).knn(ALICE, query, SIZE + 1))


def test_a_scope_served_by_its_graph_keeps_no_matrix_and_answers_exactly_through_sqlite(db):
    index = LocalIndex(db, LOW)
    memories, vectors = fill(db, index)
    index.prepare("acme", "alice")
    assert index._users[("acme", "alice")].dense is None  # the graph holds the only copy in memory
    # A selective scope falls back to the exact answer, read from the vectors table
    rare = memories[:3]
    with db.write() as conn:
        conn.executemany("UPDATE memories SET project = 'rare' WHERE id = ?", [(m.id,) for m in rare])
    scope = SearchScope("acme", "alice", project="rare", statuses=tuple(Status))
    query = near(vectors[100], seed=8)
    assert index.knn(scope, query, 10) == exactly(db).knn(scope, query, 10)


def test_deletes_down_to_the_threshold_bring_back_the_exact_product(db, graph_only):
    index = LocalIndex(db, LOW)
    memories, vectors = fill(db, index)
    index.prepare("acme", "alice")
    index.delete("acme", [m.id for m in memories[40:]])  # 40 left: at or below the threshold of 50
    query = near(vectors[7], seed=7)
    got = index.knn(ALICE, query, 10)
    assert got == exactly(db).knn(ALICE, query, 10)
    assert not index.ready("acme", "alice")


def test_the_index_says_when_its_knn_is_exact_for_a_scope(db):
    """What enrichment relies on to skip its lexical candidate search (engram.usecases.enrich)."""
    assert exactly(db).exact(ALICE)  # an empty scope, and a scope with the graph off
    over = LocalIndex(db, LOW)
    fill(db, over)
    assert not over.exact(ALICE)  # SIZE vectors, over the threshold of 50: a graph may answer
    assert exactly(db).exact(ALICE)
    assert LocalIndex(db, AnnSettings(threshold=SIZE)).exact(ALICE)  # at the threshold: exact
    assert over.exact(SearchScope(tenant="acme", user_id="nobody"))


def test_a_process_keeps_the_recently_searched_small_scopes_within_its_budget(tmp_path: Path) -> None:
    # Given five users of 20 vectors each, and an index that keeps 50 vectors of small scopes in memory
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    store = SqliteMemoryStore(db)
    rng = np.random.default_rng(11)
    users = [f"user-{u}" for u in range(5)]
    stored: dict[str, tuple[list[Memory], np.ndarray]] = {}
    writer = LocalIndex(db)
    for user in users:
        vectors = unit(rng, 20)
        memories = [
            store.insert_or_dedup(new_memory(f"{user} note {i}", at=T0, tenant="acme", user_id=user)).memory
            for i in range(20)
        ]
        writer.upsert([IndexedMemory(m, v.tolist()) for m, v in zip(memories, vectors, strict=True)])
        stored[user] = (memories, vectors)
    index = LocalIndex(db, AnnSettings(dense_vectors=50))
    reference = LocalIndex(db, AnnSettings(dense_vectors=0))  # 0: keeps every scope

    def search(idx: LocalIndex, user: str) -> list[VectorHit]:
        _, vectors = stored[user]
        return idx.knn(SearchScope("acme", user), near(vectors[3], seed=1), 5)

    # When one process searches every user in turn (user-2 twice, before the last)
    for user in [*users[:4], "user-2", users[4]]:
        assert search(index, user) == search(reference, user)
    loaded = list(index._users)  # least recently searched first
    # Then it holds the two most recently searched users' (40 vectors; a third would be 60)
    assert loaded == [("acme", "user-2"), ("acme", "user-4")]
    assert len(reference._users) == 5
    # and a dropped user's next search reads the scope again, answering as before
    first = search(index, "user-0")
    assert first == search(reference, "user-0") and ids(first)[0] == stored["user-0"][0][3].id
    assert list(index._users) == [("acme", "user-4"), ("acme", "user-0")]


def test_a_graph_saved_by_the_earlier_library_is_rebuilt_on_open(db, tmp_path, graph_only):
    """A data dir from before the usearch graph: a chroma-hnswlib file and a format-1 sidecar. It is not
    loaded; the scope's graph is rebuilt from SQLite, answers exactly, and is saved in the new format."""
    index = LocalIndex(db, LOW)
    _, vectors = fill(db, index)
    index.prepare("acme", "alice")
    path = scope_file(tmp_path / "ann", "acme", "alice")
    path.write_bytes(b"hnswlib graph bytes of another library")
    with np.load(path.with_suffix(".npz")) as saved:
        seqs, prints = saved["seqs"], saved["prints"]
    np.savez(path.with_suffix(".npz"), header=np.array([1, DIMS, LOW.m]), seqs=seqs, prints=prints)
    assert ScopeGraph.load(path, DIMS, LOW) is None
    again = LocalIndex(SqliteDatabase(tmp_path / "engram.sqlite3"), LOW)
    assert again.prepare("acme", "alice") == SIZE
    graph_only(again)
    query = near(vectors[17], seed=17)
    assert ids(again.knn(ALICE, query, 10)) == ids(exactly(db).knn(ALICE, query, 10))
    assert ScopeGraph.load(path, DIMS, LOW) is not None


def test_a_removed_vector_is_not_written_to_the_graph_file(tmp_path):
    """A forgotten memory's vector must not survive in the saved graph (a removed slot keeps its bytes)."""
    vectors = unit(np.random.default_rng(3), 60)
    graph = ScopeGraph(DIMS, LOW)
    graph.upsert(np.arange(60, dtype=np.int64), vectors)
    path = tmp_path / "g.hnsw"
    graph.save(path, Covered(np.arange(60, dtype=np.int64), np.zeros(60, dtype=np.float32)))
    assert vectors[5].tobytes() in path.read_bytes()  # the check below can see a vector in the file
    graph.remove(np.array([5, 1000], dtype=np.int64))  # 1000 was never added: ignored
    graph.save(path, Covered(np.arange(60, dtype=np.int64), np.zeros(60, dtype=np.float32)))
    assert vectors[5].tobytes() not in path.read_bytes()
    assert vectors[6].tobytes() in path.read_bytes()
    assert 5 not in graph.search(vectors[5], 10).tolist()


def test_every_vector_a_built_graph_holds_is_reachable_by_search():
    """A graph built in chunks finds each of its vectors as its own nearest neighbour: none is stored
    yet stranded (usearch's concurrent add could strand one, so the build adds on one thread)."""
    vectors = unit(np.random.default_rng(11), 600)
    seqs = np.arange(1, 601, dtype=np.int64)
    for trial in range(3):
        graph = ScopeGraph(DIMS, LOW)
        graph.build((seqs[i : i + 200], vectors[i : i + 200]) for i in range(0, 600, 200))
        for seq, vector in zip(seqs, vectors, strict=True):
            assert graph.search(vector, 1)[0] == seq, f"trial {trial}: seq {seq} unreachable"


def test_reading_a_few_vectors_never_walks_the_models_other_vectors(db):
    """get_vectors (precedence's and the stand-ins' cosines) and a scope's first read look vectors up by
    tenant and id, or tenant and user: never through the model index, which holds every scope's vectors
    of the model (at 100k vectors that walk took 78 ms for ten ids). Counted in SQLite VM steps, not time."""
    index = LocalIndex(db, AnnSettings(threshold=0))
    rng = np.random.default_rng(3)
    store = SqliteMemoryStore(db)
    by_user: dict[str, list[str]] = {}
    for u in range(40):
        user = f"user-{u}"
        made = [
            store.insert_or_dedup(
                new_memory(f"note {i} of {user}", at=T0, tenant="acme", user_id=user)
            ).memory
            for i in range(50)
        ]
        index.upsert([IndexedMemory(m, v.tolist()) for m, v in zip(made, unit(rng, len(made)), strict=True)])
        by_user[user] = [m.id for m in made]
    steps = 0

    def step() -> int:
        nonlocal steps
        steps += 1
        return 0

    conn = db.connection()
    conn.set_progress_handler(step, 100)
    try:
        wanted = by_user["user-7"][:10]
        assert sorted(index.get_vectors("acme", wanted)) == sorted(wanted)
        read_by_id = steps
        steps = 0
        assert index.scopes("acme", "user-9") == [("acme", "user-9", 50)]
        assert index._current(("acme", "user-9")) is not None  # its dims and count, by the user's index
        read_by_user = steps
    finally:
        conn.set_progress_handler(None, 0)
    # 2,000 vectors of the model: a walk of the model index is hundreds of hundred-step ticks
    assert read_by_id < 20, read_by_id
    assert read_by_user < 60, read_by_user
