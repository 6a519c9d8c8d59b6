"""The in-memory side of the local index: a scope's vectors as a dense matrix (exact k-NN at or below
the ANN threshold), the writes recorded while its HNSW graph is prepared, and the scope's state."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from engram.adapters.local.hnsw import Covered, ScopeGraph


class Dense:
    """A scope's vectors as a growable float32 matrix with id ↔ row and seq ↔ row maps: how a scope
    at or below the threshold is searched (one matrix product), and one over it until its graph is
    ready when it crossed the threshold in this process."""

    def __init__(self, dims: int) -> None:
        self.matrix = np.zeros((0, dims), dtype=np.float32)
        self.size = 0
        self.count = 0  # live rows
        self.ids: list[str] = []
        self.row: dict[str, int] = {}
        self.seqs = np.zeros(0, dtype=np.int64)  # row → the vectors table's seq
        self.live = np.zeros(0, dtype=bool)

    @classmethod
    def of(cls, dims: int, rows: Sequence[Any]) -> Dense:
        """The matrix of these (id, seq, vec) rows, in their order, built in one piece."""
        dense = cls(dims)
        if rows:
            n = len(rows)
            data = b"".join(r[2] for r in rows)
            dense.matrix = np.frombuffer(data, dtype=np.float32).reshape(n, dims).copy()
            dense.ids = [r[0] for r in rows]
            dense.row = {memory_id: i for i, memory_id in enumerate(dense.ids)}
            dense.seqs = np.fromiter((r[1] for r in rows), dtype=np.int64, count=n)
            dense.live = np.ones(n, dtype=bool)
            dense.size = dense.count = n
        return dense

    def put(self, memory_id: str, seq: int, vector: np.ndarray) -> None:
        if memory_id in self.row:
            i = self.row[memory_id]
        else:
            if self.size == len(self.matrix):
                grow = max(64, len(self.matrix))
                self.matrix = np.vstack([self.matrix, np.zeros((grow, self.matrix.shape[1]), np.float32)])
                self.live = np.concatenate([self.live, np.zeros(grow, dtype=bool)])
                self.seqs = np.concatenate([self.seqs, np.zeros(grow, dtype=np.int64)])
            i = self.size
            self.size += 1
            self.ids.append(memory_id)
            self.row[memory_id] = i
        self.matrix[i] = vector
        self.seqs[i] = seq
        if not self.live[i]:
            self.live[i] = True
            self.count += 1

    def remove(self, memory_id: str) -> None:
        i = self.row.get(memory_id)
        if i is not None and self.live[i]:
            self.live[i] = False
            self.count -= 1


class Changes:
    """The writes to a scope while its graph is being prepared, replayed onto the graph once it is."""

    def __init__(self) -> None:
        self.put: list[tuple[np.ndarray, np.ndarray]] = []  # (seqs, vectors)
        self.gone: list[np.ndarray] = []  # seqs


class Scope:
    """The vectors of one (tenant, user). At or below the threshold: a dense matrix. Over it, once its
    HNSW graph is prepared: the graph alone, which then holds the only in-memory copy of the vectors,
    and what it covers (seqs and fingerprints: 12 bytes a vector). Ids are looked up in SQLite by seq
    for the candidates of a query, so a million vectors cost no Python objects."""

    def __init__(self, dims: int, dense: Dense | None, count: int) -> None:
        self.dims = dims
        self.dense = dense
        self.graph: ScopeGraph | None = None
        self.covered: Covered | None = None  # with the graph, once it serves the scope
        self.loaded_count = count  # the vectors when loaded (no dense matrix, graph not yet ready)
        self.changes: Changes | None = None  # recorded while the graph is being prepared
        self.preparing = False  # a thread is loading or building the graph (or gave up: exact from then on)
        self.build_lock = threading.Lock()  # one load or build of the graph at a time
        self.changes_seen = (0, 0)  # the scope's vector_changes (version, inserts) the copy reflects

    def wrote(self, before: tuple[int, int], after: tuple[int, int]) -> None:
        """This process wrote the scope's vectors (and applies the write to this copy), moving its
        vector_changes from `before` to `after`: a copy current at `before` is current at `after`; one
        behind it still has another process's writes to catch up on."""
        if self.changes_seen == before:
            self.changes_seen = after

    @property
    def count(self) -> int:
        if self.covered is not None:
            return len(self.covered.seqs)
        return self.dense.count if self.dense is not None else self.loaded_count
