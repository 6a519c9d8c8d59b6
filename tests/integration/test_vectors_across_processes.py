"""`engram serve` runs its HTTP processes and its enrichment worker as separate processes over one
SQLite file. The worker embeds and indexes what the HTTP processes store, so each HTTP process's
in-memory copy of a scope's vectors (a matrix, or an HNSW graph over the threshold) must see those
writes: a memory enriched elsewhere is found by the vector leg of the process that answers the recall.

Two containers over the same data dir stand for two processes (each its own connections and its own
in-memory copies); `drain` is the worker's loop."""

from __future__ import annotations

from pathlib import Path

import pytest

from engram.runtime.container import Container, local
from engram.runtime.worker import drain
from engram.settings import Settings
from engram.usecases.remember import RememberCommand

TENANT, USER = "acme", "maya"


def _pair(tmp_path: Path, **settings: object) -> tuple[Container, Container]:
    s = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}, **settings)
    return local(s), local(s)


def _remember(c: Container, content: str) -> str:
    result = c.remember(RememberCommand(tenant=TENANT, user_id=USER, content=content))
    assert result.memory is not None
    return result.memory.id


def _nearest(c: Container, query: str, k: int = 5) -> list[str]:
    from engram.ports import SearchScope

    vector = c.embedder.embed([query])[0]
    return [h.memory_id for h in c.vector_index.knn(SearchScope(TENANT, USER), vector, k)]


FILLER = [f"Maya's note number {n} about the quarterly planning of team {n % 7}" for n in range(40)]


def test_a_vector_another_process_indexed_is_found_by_a_process_that_loaded_the_scope_before(
    tmp_path: Path,
) -> None:
    http, worker = _pair(tmp_path)
    first = _remember(http, "Maya prefers aisle seats on long flights")
    drain(worker)
    assert first in _nearest(http, "aisle seats")  # http has the scope's matrix in memory now
    scope = http.vector_index._users[(TENANT, USER)]  # type: ignore[attr-defined]

    later = _remember(http, "Maya is allergic to peanuts and shellfish")
    drain(worker)  # embedded and indexed by the other process

    assert _nearest(http, "allergic to peanuts")[0] == later
    assert http.vector_index._users[(TENANT, USER)] is scope  # type: ignore[attr-defined]  # added to


def test_a_vector_another_process_deleted_is_not_found_by_a_process_that_loaded_it(tmp_path: Path) -> None:
    http, worker = _pair(tmp_path)
    kept = _remember(http, "Maya prefers aisle seats on long flights")
    dropped = _remember(http, "Maya is allergic to peanuts and shellfish")
    drain(worker)
    assert dropped in _nearest(http, "allergic to peanuts")

    worker.forget(TENANT, dropped)

    found = _nearest(http, "allergic to peanuts")
    assert dropped not in found and kept in found


def test_a_graph_served_scope_gets_what_another_process_indexed(tmp_path: Path) -> None:
    http, worker = _pair(tmp_path, ann={"threshold": 20})
    for content in FILLER:
        _remember(http, content)
    drain(worker)
    assert http.vector_index.prepare(TENANT, USER) == len(FILLER)  # over the threshold: the graph
    assert http.vector_index.ready(TENANT, USER)

    later = _remember(http, "Maya is allergic to peanuts and shellfish")
    drain(worker)

    assert _nearest(http, "allergic to peanuts")[0] == later
    assert http.vector_index.ready(TENANT, USER)  # caught up in place, not rebuilt


def test_own_writes_do_not_make_a_process_reload_its_scope(tmp_path: Path) -> None:
    http, _ = _pair(tmp_path)
    _remember(http, "Maya prefers aisle seats on long flights")
    drain(http)
    _nearest(http, "aisle seats")
    scope = http.vector_index._users[(TENANT, USER)]  # type: ignore[attr-defined]

    _remember(http, "Maya is allergic to peanuts and shellfish")
    drain(http)  # this process indexes it: its matrix is updated in place

    assert _nearest(http, "allergic to peanuts")
    assert http.vector_index._users[(TENANT, USER)] is scope  # type: ignore[attr-defined]


def test_another_process_indexing_a_vector_again_unchanged_leaves_the_copy_as_it_is(tmp_path: Path) -> None:
    # Given an HTTP process holding the scope's matrix (a supersession re-indexes its targets with the
    # vectors they have: an UPDATE that changes nothing)
    from engram.ports import IndexedMemory

    http, worker = _pair(tmp_path)
    first = _remember(http, "Maya prefers aisle seats on long flights")
    drain(worker)
    assert first in _nearest(http, "aisle seats")
    scope = http.vector_index._users[(TENANT, USER)]  # type: ignore[attr-defined]
    memory = worker.store.get(TENANT, first)
    assert memory is not None
    vector = worker.vector_index.get_vectors(TENANT, [first])[first]
    # When the worker indexes it again with the same vector
    worker.vector_index.upsert([IndexedMemory(memory, vector)])
    # Then the HTTP process keeps its copy (no reload of the whole matrix), and scores the memory as before
    before = _score(http, "aisle seats")
    assert _score(http, "aisle seats") == before > 0
    assert http.vector_index._users[(TENANT, USER)] is scope  # type: ignore[attr-defined]
    # and a changed vector is still followed: the copy is reloaded, and the memory scored by its new vector
    worker.vector_index.upsert([IndexedMemory(memory, [-x for x in vector])])
    assert _score(http, "aisle seats") == pytest.approx(-before)
    assert http.vector_index._users[(TENANT, USER)] is not scope  # type: ignore[attr-defined]


def _score(c: Container, query: str) -> float:
    from engram.ports import SearchScope

    hits = c.vector_index.knn(SearchScope(TENANT, USER), c.embedder.embed([query])[0], 1)
    return hits[0].score
