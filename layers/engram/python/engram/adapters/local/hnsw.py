"""The local index's approximate vector leg: per (tenant, user) an HNSW graph (usearch), saved in the
data dir as a cache of the SQLite `vectors` table, each vector labelled by its row's `seq`. A sidecar
of seqs and fingerprints lets a loaded graph catch up with the table (a crash costs a catch-up, never a
vector); hits are re-ranked exactly by the caller. Files of chroma-hnswlib (format 1) are not loaded:
the scope's graph is rebuilt from SQLite on first use."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from usearch.index import Index

from engram.settings import AnnSettings

FORMAT = 3  # sidecar layout (1: chroma-hnswlib; 2: built on two threads, may strand nodes); other: rebuild
CHUNK = 10_000  # vectors per add while building (a progress step)
_TOLERANCE = 1e-5  # fingerprints further apart than this: the vector changed


def fingerprints(vectors: np.ndarray) -> np.ndarray:
    """One float per vector (rows of a 2-d float32 array), that changes when the vector does."""
    rng = np.random.default_rng(1729)
    probe = np.asarray(rng.standard_normal(vectors.shape[1]), dtype=np.float32)
    scores: np.ndarray = vectors @ (probe / np.float32(np.linalg.norm(probe)))
    return scores


def scope_file(directory: Path, tenant: str, user_id: str) -> Path:
    """The graph file of a scope (the sidecar is the same path with `.npz`); names are hashed, so any
    tenant or user id makes a safe file name."""
    digest = hashlib.sha256(f"{tenant}\0{user_id}".encode()).hexdigest()[:32]
    return directory / f"{digest}.hnsw"


@dataclass
class Covered:
    """What a graph holds: the seqs of its live labels (ascending) and their vectors' fingerprints."""

    seqs: np.ndarray  # int64
    prints: np.ndarray  # float32

    def put(self, seqs: np.ndarray, prints: np.ndarray) -> None:
        """Record these labels as held, with these fingerprints (a label already held: its new one)."""
        at = np.searchsorted(self.seqs, seqs)
        held = at < len(self.seqs)
        held[held] = self.seqs[at[held]] == seqs[held]
        self.prints[at[held]] = prints[held]
        new = ~held
        if new.any():
            order = np.argsort(seqs[new], kind="stable")
            fresh, fresh_prints = seqs[new][order], prints[new][order]
            unique = np.concatenate([[True], fresh[1:] != fresh[:-1]]) if len(fresh) else fresh.astype(bool)
            fresh, fresh_prints = fresh[unique], fresh_prints[unique]
            where = np.searchsorted(self.seqs, fresh)
            self.seqs = np.insert(self.seqs, where, fresh)
            self.prints = np.insert(self.prints, where, fresh_prints)

    def drop(self, seqs: np.ndarray) -> None:
        """Record these labels as no longer held."""
        keep = ~np.isin(self.seqs, seqs)
        self.seqs, self.prints = self.seqs[keep], self.prints[keep]


class ScopeGraph:
    """One scope's HNSW graph (inner product: the embedders' vectors are unit length). Not thread-safe:
    the local index serialises every call on its lock, or owns the graph alone while building it."""

    def __init__(self, dims: int, settings: AnnSettings, capacity: int = 1024) -> None:
        self.dims = dims
        self.settings = settings
        self.index = _new_index(dims, settings)  # grows as vectors are added (capacity: unused hint)
        self.unsaved = 0  # labels added or removed since the file was written

    @classmethod
    def load(cls, path: Path, dims: int, settings: AnnSettings) -> tuple[ScopeGraph, Covered] | None:
        """The saved graph and what it covers, or None when there is none usable (missing, another
        format, dimension or degree, unreadable): the caller builds one."""
        sidecar = path.with_suffix(".npz")
        try:
            with np.load(sidecar) as saved:
                header = saved["header"].tolist()
                covered = Covered(saved["seqs"].astype(np.int64), saved["prints"].astype(np.float32))
            if header != [FORMAT, dims, settings.m]:
                return None
            graph = cls.__new__(cls)
            graph.dims, graph.settings, graph.unsaved = dims, settings, 0
            graph.index = _new_index(dims, settings)
            graph.index.load(str(path))
            if graph.index.ndim != dims:
                return None
            return graph, covered
        except (OSError, KeyError, ValueError, RuntimeError):
            return None

    def save(self, path: Path, covered: Covered) -> None:
        """Write the graph, then its sidecar, each to a temporary file renamed into place. A crash
        between the two leaves a sidecar older than the graph, which the catch-up on load tolerates
        (it re-adds what the sidecar does not list; the re-ranking drops what SQLite no longer has)."""
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        self.index.save(str(tmp))
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
        tmp_sidecar = path.with_name(f"{path.stem}.{os.getpid()}.tmp.npz")
        np.savez(
            tmp_sidecar,
            header=np.array([FORMAT, self.dims, self.settings.m], dtype=np.int64),
            seqs=covered.seqs,
            prints=covered.prints,
        )
        os.chmod(tmp_sidecar, 0o600)
        os.replace(tmp_sidecar, path.with_suffix(".npz"))
        self.unsaved = 0

    def upsert(self, seqs: np.ndarray, vectors: np.ndarray) -> None:
        """Add these vectors under these labels; a label already present is replaced. One thread:
        usearch's concurrent add can leave a node stored but unreachable by search (its issue #735;
        seen here as a missed top-10 neighbour in about one graph of three at 300 vectors)."""
        if not len(seqs):
            return
        keys = np.asarray(seqs, dtype=np.uint64)
        present = keys[np.asarray(self.index.contains(keys), dtype=bool)]
        if len(present):
            self.index.remove(present)
        self.index.add(keys, np.ascontiguousarray(vectors, dtype=np.float32), threads=1)
        self.unsaved += len(seqs)

    def remove(self, seqs: np.ndarray) -> None:
        """Remove these labels, their vectors overwritten with zeros first (a removed slot keeps its bytes
        until reused; re-adding reuses it), so that a forgotten memory's vector is not kept in memory or
        written to the next file."""
        keys = np.asarray(seqs, dtype=np.uint64)
        keys = keys[np.asarray(self.index.contains(keys), dtype=bool)] if len(keys) else keys
        if not len(keys):
            return
        zeros = np.zeros((len(keys), self.dims), dtype=np.float32)
        self.index.remove(keys)
        self.index.add(keys, zeros, threads=1)
        self.index.remove(keys)
        self.unsaved += len(keys)

    def search(self, vector: np.ndarray, count: int) -> np.ndarray:
        """The labels (seqs) of about the `count` nearest vectors, best first. Raises RuntimeError when
        the graph cannot find `count` live ones (the caller answers exactly instead)."""
        return self.search_scored(vector, count)[0]

    def search_scored(self, vector: np.ndarray, count: int) -> tuple[np.ndarray, np.ndarray]:
        """search's labels and the graph's inner products for them (float32 SIMD sums: within about
        1e-6 of a NumPy product of the same vectors)."""
        self.index.expansion_search = max(self.settings.ef_search, count)  # type: ignore[misc]  # has a setter
        matches = self.index.search(
            np.ascontiguousarray(vector, dtype=np.float32).reshape(-1), count, threads=1
        )
        if len(matches.keys) < count:
            raise RuntimeError(f"the graph found {len(matches.keys)} of {count} neighbours")
        found: np.ndarray = np.asarray(matches.keys).astype(np.int64)
        scores: np.ndarray = 1 - np.asarray(matches.distances).astype(np.float64)
        return found, scores

    def build(
        self,
        chunks: Iterable[tuple[np.ndarray, np.ndarray]],
        progress: Callable[[int], None] | None = None,
    ) -> Covered:
        """Add each chunk's vectors under its seqs (ascending across chunks), reporting each chunk's
        size; returns what the graph then covers. Only one chunk is held at a time."""
        seqs, prints = [], []
        for chunk_seqs, vectors in chunks:
            self.upsert(chunk_seqs, vectors)
            seqs.append(chunk_seqs)
            prints.append(fingerprints(vectors))
            if progress is not None:
                progress(len(chunk_seqs))
        return covering(seqs, prints)


def _new_index(dims: int, settings: AnnSettings) -> Index:
    """An empty inner-product graph of float32 vectors (usearch would otherwise pick a narrower type)."""
    return Index(
        ndim=dims,
        metric="ip",
        dtype="f32",
        connectivity=settings.m,
        expansion_add=settings.ef_construction,
        expansion_search=settings.ef_search,
    )


def covering(seqs: list[np.ndarray], prints: list[np.ndarray]) -> Covered:
    """The Covered of these chunks of (ascending) seqs and their fingerprints."""
    if not seqs:
        return Covered(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32))
    return Covered(np.concatenate(seqs).astype(np.int64), np.concatenate(prints).astype(np.float32))


def catch_up(
    graph: ScopeGraph,
    covered: Covered,
    seqs: np.ndarray,
    prints: np.ndarray,
    vectors: Callable[[np.ndarray], np.ndarray],
) -> int:
    """Bring a graph that holds `covered` to hold exactly `seqs` (with these fingerprints): labels no
    longer there are marked deleted, new or changed vectors (vectors(positions in seqs)) are added.
    Returns how many labels changed."""
    gone = covered.seqs[~np.isin(covered.seqs, seqs)]
    graph.remove(gone)
    order = np.argsort(covered.seqs, kind="stable")
    known = covered.seqs[order]
    at = np.searchsorted(known, seqs).clip(0, max(len(known) - 1, 0))
    same = np.zeros(len(seqs), dtype=bool)
    if len(known):
        same = (known[at] == seqs) & (np.abs(covered.prints[order][at] - prints) <= _TOLERANCE)
    fresh = np.flatnonzero(~same)
    graph.upsert(seqs[fresh], vectors(fresh))
    return len(gone) + len(fresh)
