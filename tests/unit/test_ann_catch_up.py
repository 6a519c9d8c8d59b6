"""catch_up (engram.adapters.local.hnsw): a graph that covers an older state of a scope is brought to
hold exactly the current vectors, touching only what changed."""

from __future__ import annotations

import numpy as np

from engram.adapters.local.hnsw import Covered, ScopeGraph, catch_up, fingerprints
from engram.settings import AnnSettings

DIMS = 16


def vectors(n: int, seed: int) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal((n, DIMS)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def nearest(graph: ScopeGraph, vector: np.ndarray) -> int:
    return int(graph.search(vector, 1)[0])


def test_catch_up_adds_new_and_changed_vectors_and_forgets_vanished_ones():
    # Given a graph built over seqs 1..5
    old = vectors(5, seed=1)
    graph = ScopeGraph(DIMS, AnnSettings())
    seqs = np.arange(1, 6, dtype=np.int64)
    graph.upsert(seqs, old)
    covered = Covered(seqs, fingerprints(old))
    graph.unsaved = 0
    # When the scope now holds 2..7, with seq 3's vector changed
    now_seqs = np.arange(2, 8, dtype=np.int64)
    now = np.vstack([old[1:], vectors(2, seed=2)])
    now[1] = vectors(1, seed=3)[0]  # seq 3
    changes = catch_up(graph, covered, now_seqs, fingerprints(now), lambda at: now[at])
    # Then seq 1 is gone, 6 and 7 are added, 3 is replaced; 2, 4, 5 are untouched
    assert changes == 4
    assert graph.unsaved == 4
    assert nearest(graph, old[0]) != 1
    for seq, vector in zip(now_seqs.tolist(), now, strict=True):
        assert nearest(graph, vector) == seq
    assert sorted(graph.search(now[0], 6).tolist()) == now_seqs.tolist()


def test_catch_up_of_a_current_graph_changes_nothing():
    v = vectors(8, seed=4)
    graph = ScopeGraph(DIMS, AnnSettings())
    seqs = np.arange(10, 18, dtype=np.int64)
    graph.upsert(seqs, v)
    graph.unsaved = 0
    assert catch_up(graph, Covered(seqs, fingerprints(v)), seqs, fingerprints(v), lambda at: v[at]) == 0
    assert graph.unsaved == 0
