"""The embedded default's search legs over the SQLite database: FTS5 BM25 and k-NN.

Vectors live in SQLite (float32). A scope at or below the ANN threshold is searched exactly (an
in-memory matrix kept current by this process); above it, its HNSW graph (adapters.local.hnsw). Filters
use the lexical leg's SQL predicate over an ever-wider window, so a selective filter never drops results.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from engram.adapters.local.dense import Changes, Dense, Scope
from engram.adapters.local.hnsw import (
    CHUNK,
    ScopeGraph,
    catch_up,
    covering,
    fingerprints,
    scope_file,
)
from engram.adapters.local.lexical import Bm25Search, Scoped
from engram.adapters.sqlite.db import SqliteDatabase, fts_scope, iso
from engram.adapters.sqlite.filters import metadata_predicate
from engram.domain.enrichment import best_hint
from engram.ports import HintHit, IndexedMemory, LexicalHit, SearchScope, VectorHit
from engram.settings import AnnSettings

log = logging.getLogger(__name__)
# How far below the k-th passing candidate's graph score a candidate is still checked and scored
# exactly: far above the ~1e-6 by which the graph's float32 sums differ from NumPy's.
_MARGIN = 1e-3


def scope_predicate(scope: SearchScope, alias: str = "m") -> tuple[str, list[Any]]:
    """SQL predicate (on the memories table) for a search scope and its filters."""
    clauses = [f"{alias}.tenant = ?", f"{alias}.user_id = ?"]
    params: list[Any] = [scope.tenant, scope.user_id]
    if scope.project is not None:
        clauses.append(f"{alias}.project = ?")
        params.append(scope.project)
    if scope.namespaces:
        clauses.append(f"{alias}.namespace IN ({','.join('?' * len(scope.namespaces))})")
        params.extend(scope.namespaces)
    clauses.append(f"{alias}.status IN ({','.join('?' * len(scope.statuses))})")
    params.extend(s.value for s in scope.statuses)
    f = scope.filters
    for field, values in (("memory_type", f.memory_types), ("provenance", f.provenance)):
        if values:
            clauses.append(f"json_extract({alias}.doc, '$.{field}') IN ({','.join('?' * len(values))})")
            params.extend(values)
    for field, values in (("categories", f.categories), ("entities", f.entities)):
        if values:
            clauses.append(
                f"EXISTS (SELECT 1 FROM json_each({alias}.doc, '$.{field}') j"
                f" WHERE lower(j.value) IN ({','.join('?' * len(values))}))"
            )
            params.extend(v.lower() for v in values)
    if f.observed_after is not None:
        clauses.append(f"{alias}.observed_at >= ?")
        params.append(iso(f.observed_after))
    if f.observed_before is not None:
        clauses.append(f"{alias}.observed_at < ?")
        params.append(iso(f.observed_before))
    if f.min_importance is not None:
        clauses.append(f"json_extract({alias}.doc, '$.importance') >= ?")
        params.append(f.min_importance)
    for field, value in (("agent_id", f.agent_id), ("run_id", f.run_id)):
        if value is not None:
            clauses.append(f"json_extract({alias}.doc, '$.{field}') = ?")
            params.append(value)
    if f.metadata is not None:
        sql, more = metadata_predicate(f.metadata, alias)
        clauses.append(sql)
        params.extend(more)
    return " AND ".join(clauses), params


class LocalIndex:
    """VectorIndex + LexicalIndex for the embedded default."""

    def __init__(self, db: SqliteDatabase, ann: AnnSettings | None = None, model: str = "") -> None:
        """`model`: the embedding model of the vectors this index writes and searches (those of any other
        model are kept until re-embedded, and never searched)."""
        self.db = db
        self.ann = ann or AnnSettings()
        self.model = model
        self.bm25 = Bm25Search()
        self.hint_bm25 = Bm25Search(table="hints_fts")
        # The graphs live beside the SQLite file; an in-memory database keeps them in memory only.
        self.ann_dir = None if db.path == ":memory:" else Path(db.path).parent / "ann"
        # the scopes loaded here, least recently searched first (small ones are dropped past
        # `ann.dense_vectors`)
        self._users: OrderedDict[tuple[str, str], Scope] = OrderedDict()
        self._lock = threading.RLock()

    # ------------------------------------------------------------------ vectors

    def _user(self, tenant: str, user_id: str) -> Scope | None:
        """The scope, loaded on first use: at or below the threshold its matrix from SQLite; over it
        nothing yet (the graph is loaded or built from the vectors table in chunks)."""
        key = (tenant, user_id)
        with self._lock:
            known = self._users.get(key)
            if known is not None:
                self._users.move_to_end(key)
                return known
            conn = self.db.connection()
            seen = _changes(conn, key)  # read first: a write landing meanwhile is seen as a change
            first = conn.execute(  # the scope's dimensions: its most vectors' (a stray of others is skipped)
                "SELECT dims, count(*) AS n FROM vectors WHERE tenant = ? AND user_id = ? AND +model = ?"
                " GROUP BY dims ORDER BY n DESC LIMIT 1",
                (*key, self.model),
            ).fetchone()
            if first is None or not first["n"]:
                return None
            if 0 < self.ann.threshold < first["n"]:
                scope = Scope(first["dims"], None, first["n"])
            else:
                dense = Dense.of(first["dims"], _rows(conn, key, first["dims"], self.model).fetchall())
                scope = Scope(first["dims"], dense, dense.count)
            scope.changes_seen = seen
            self._users[key] = scope
            if scope.dense is not None:
                self._shed(key)
            return scope

    def _shed(self, keep: tuple[str, str]) -> None:
        """Drop the matrices of the least recently searched small scopes while the small scopes loaded
        here hold more than `ann.dense_vectors` vectors (never `keep`, just loaded; never a graph, nor a
        scope on its way to one). A dropped scope is read from SQLite again on its next search: a
        process that has searched every user of a big data dir keeps the recent ones, not all."""
        limit = self.ann.dense_vectors
        if limit <= 0:
            return
        small = [
            (key, scope.dense.size)
            for key, scope in self._users.items()
            if scope.dense is not None and scope.graph is None and not scope.preparing
        ]
        held = sum(size for _, size in small)
        for key, size in small:  # least recently searched first
            if held <= limit:
                return
            if key != keep:
                del self._users[key]
                held -= size

    def _current(self, key: tuple[str, str]) -> Scope | None:
        """The scope, with what other processes (engram serve's enrichment worker, another HTTP
        process) wrote to its vectors since this process last looked. Vectors only added: a matrix or
        a graph gets those. Else a matrix is loaded again; a graph keeps what it has, since a vector
        it holds that was deleted or changed is read from SQLite by seq when it is a candidate (so
        it is dropped, or scored as it is now)."""
        scope = self._user(*key)
        if scope is None:
            return None
        conn = self.db.connection()
        seen = _changes(conn, key)
        if seen == scope.changes_seen:
            return scope
        only_added = seen[0] - scope.changes_seen[0] == seen[1] - scope.changes_seen[1]
        with self._lock:
            if self._users.get(key) is not scope:
                return self._user(*key)
            dense = scope.dense
            if dense is not None and not scope.preparing:
                if not only_added:
                    return self._reload(key, scope)
                after = int(dense.seqs[: dense.size].max()) if dense.size else 0
                for row in _rows(conn, key, scope.dims, self.model, after):
                    dense.put(row["id"], row["seq"], np.frombuffer(row["vec"], dtype=np.float32))
            elif scope.graph is not None and scope.covered is not None:
                after = int(scope.covered.seqs.max()) if len(scope.covered.seqs) else 0
                for seqs, vectors in self._chunks(*key, scope.dims, after=after):
                    scope.graph.upsert(seqs, vectors)
                    scope.covered.put(seqs, fingerprints(vectors))
            else:
                return scope  # read from SQLite as it is until its graph is ready; caught up then
            scope.changes_seen = seen
            return scope

    def _reload(self, key: tuple[str, str], scope: Scope) -> Scope | None:
        """The scope loaded again from SQLite (unless another thread already replaced `scope`)."""
        with self._lock:
            if self._users.get(key) is scope:
                del self._users[key]
            return self._user(*key)

    def _chunks(
        self, tenant: str, user_id: str, dims: int, size: int = CHUNK, after: int = 0
    ) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """The scope's (seqs, vectors) of `dims` dimensions from the vectors table (those past seq
        `after`), `size` at a time in seq order."""
        cursor = self.db.connection().execute(
            "SELECT seq, vec FROM vectors WHERE tenant = ? AND user_id = ? AND seq > ? AND dims = ?"
            " AND +model = ? ORDER BY seq",
            (tenant, user_id, after, dims, self.model),
        )
        while rows := cursor.fetchmany(size):
            seqs = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
            yield seqs, np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32).reshape(len(rows), -1)

    def _by_seq(self, seqs: np.ndarray, dims: int) -> np.ndarray:
        """The vectors of these seqs (all present), in this order."""
        found: dict[int, bytes] = {}
        conn = self.db.connection()
        wanted = seqs.tolist()
        for i in range(0, len(wanted), 900):
            chunk = wanted[i : i + 900]
            rows = conn.execute(
                f"SELECT seq, vec FROM vectors WHERE seq IN ({','.join('?' * len(chunk))})", chunk
            )
            found.update((r[0], r[1]) for r in rows)
        data = b"".join(found[seq] for seq in wanted)
        return np.frombuffer(data, dtype=np.float32).reshape(len(wanted), dims)

    def upsert(self, items: Sequence[IndexedMemory]) -> None:
        rows = []
        for item in items:
            if item.vector is None:
                continue
            m = item.memory
            vec = np.asarray(item.vector, dtype=np.float32)
            rows.append((m.id, m.tenant, m.user_id, len(vec), vec.tobytes(), vec))
        if not rows:
            return
        keys = {(r[1], r[2]) for r in rows}
        with self.db.write() as conn:
            before = {key: _changes(conn, key) for key in keys}
            # another model's vector goes, and the new one gets a new seq: a process's graph of this
            # model takes it up as an added vector (a seq never changes model)
            conn.executemany(
                "DELETE FROM vectors WHERE tenant = ? AND id = ? AND model != ?",
                [(r[1], r[0], self.model) for r in rows],
            )
            conn.executemany(
                "INSERT INTO vectors (id, tenant, user_id, dims, vec, model) VALUES (?,?,?,?,?,?)"
                " ON CONFLICT(tenant, id) DO UPDATE SET vec = excluded.vec, dims = excluded.dims"
                " WHERE vec IS NOT excluded.vec",
                [(*r[:5], self.model) for r in rows],
            )
            seqs: dict[tuple[str, str], int] = {}  # (tenant, id): ids are unique per tenant
            for tenant in {r[1] for r in rows}:  # by (tenant, id): the unique index, never a scan
                ids = [r[0] for r in rows if r[1] == tenant]
                for i in range(0, len(ids), 900):
                    chunk = ids[i : i + 900]
                    marks = ",".join("?" * len(chunk))
                    found = conn.execute(
                        f"SELECT id, seq FROM vectors WHERE tenant = ? AND id IN ({marks})", (tenant, *chunk)
                    )
                    seqs.update(((tenant, r["id"]), r["seq"]) for r in found)
            after = {key: _changes(conn, key) for key in keys}
        by_scope: dict[tuple[str, str], list[tuple[str, int, np.ndarray]]] = {}
        for memory_id, tenant, user_id, _, _, vec in rows:
            by_scope.setdefault((tenant, user_id), []).append((memory_id, seqs[tenant, memory_id], vec))
        self.db.after_commit(partial(self._mirror, by_scope, self._put, before, after))

    def _mirror(
        self,
        by_scope: dict[tuple[str, str], Any],
        apply: Callable[[tuple[str, str], Scope, Any], None],
        before: dict[tuple[str, str], tuple[int, int]],
        after: dict[tuple[str, str], tuple[int, int]],
    ) -> None:
        """A committed write of vectors, applied to the scopes loaded here (`apply`, under the lock). One
        that fails to take it is dropped, to be read from SQLite again on its next search."""
        with self._lock:
            for key, changed in by_scope.items():
                scope = self._users.get(key)
                if scope is None:
                    continue  # not loaded here: its first use reads these rows from SQLite
                try:
                    scope.wrote(before[key], after[key])
                    apply(key, scope, changed)
                except Exception:
                    self._users.pop(key, None)
                    raise

    def _put(self, key: tuple[str, str], scope: Scope, changed: list[tuple[str, int, np.ndarray]]) -> None:
        """Added or changed vectors, into the scope's matrix or graph."""
        changed = [c for c in changed if len(c[2]) == scope.dims]  # another size: never searched
        if not changed:
            return
        if scope.dense is not None:
            for memory_id, seq, vec in changed:
                scope.dense.put(memory_id, seq, vec)
        at = np.array([seq for _, seq, _ in changed], dtype=np.int64)
        vectors = np.vstack([vec for _, _, vec in changed])
        if scope.changes is not None:
            scope.changes.put.append((at, vectors))
        if scope.graph is not None and scope.covered is not None:
            scope.graph.upsert(at, vectors)
            scope.covered.put(at, fingerprints(vectors))
            self._save_if_due(key, scope)

    def delete(self, tenant: str, memory_ids: Sequence[str]) -> None:
        """Delete the vectors; a scope left without any also loses its graph files (erasure)."""
        if not memory_ids:
            return
        gone: dict[str, list[tuple[str, int]]] = {}  # user → (id, seq)
        with self.db.write() as conn:
            for i in range(0, len(memory_ids), 900):
                chunk = list(memory_ids[i : i + 900])
                marks = ",".join("?" * len(chunk))
                for r in conn.execute(
                    f"SELECT user_id, id, seq FROM vectors WHERE tenant = ? AND id IN ({marks})",
                    (tenant, *chunk),
                ):
                    gone.setdefault(r["user_id"], []).append((r["id"], r["seq"]))
            before = {user_id: _changes(conn, (tenant, user_id)) for user_id in gone}
            conn.executemany(
                "DELETE FROM vectors WHERE tenant = ? AND id = ?",
                [(tenant, memory_id) for memory_id in memory_ids],
            )
            emptied = [
                user_id
                for user_id in sorted(gone)
                if conn.execute(
                    "SELECT 1 FROM vectors WHERE tenant = ? AND user_id = ? LIMIT 1", (tenant, user_id)
                ).fetchone()
                is None
            ]
            after = {user_id: _changes(conn, (tenant, user_id)) for user_id in gone}
        keys = {(tenant, user_id): removed for user_id, removed in gone.items()}
        self.db.after_commit(
            partial(
                self._mirror,
                keys,
                self._remove,
                {(tenant, u): v for u, v in before.items()},
                {(tenant, u): v for u, v in after.items()},
            )
        )
        self.db.after_commit(partial(self._emptied, tenant, emptied))

    def _remove(self, key: tuple[str, str], scope: Scope, removed: list[tuple[str, int]]) -> None:
        """Deleted vectors, out of the scope's matrix or graph."""
        seqs = np.array([seq for _, seq in removed], dtype=np.int64)
        if scope.dense is not None:
            for memory_id, _ in removed:
                scope.dense.remove(memory_id)
        if scope.changes is not None:
            scope.changes.gone.append(seqs)
        if scope.graph is not None and scope.covered is not None:
            scope.graph.remove(seqs)
            scope.covered.drop(seqs)
            self._save_if_due(key, scope)

    def _emptied(self, tenant: str, emptied: list[str]) -> None:
        """Scopes left without vectors: forgotten here, their graph files deleted (erasure)."""
        with self._lock:
            for user_id in emptied:
                self._users.pop((tenant, user_id), None)
                if self.ann_dir is not None:
                    path = scope_file(self.ann_dir, tenant, user_id)
                    path.unlink(missing_ok=True)
                    path.with_suffix(".npz").unlink(missing_ok=True)

    def get_vectors(self, tenant: str, memory_ids: Sequence[str]) -> dict[str, list[float]]:
        if not memory_ids:
            return {}
        marks = ",".join("?" * len(memory_ids))
        rows = self.db.connection().execute(
            # `+model`: looked up by (tenant, id); left to itself SQLite walks the model's index, every
            # scope's vectors (here and in a scope's reads below, which go by (tenant, user_id))
            f"SELECT id, vec FROM vectors WHERE tenant = ? AND +model = ? AND id IN ({marks})",
            (tenant, self.model, *memory_ids),
        )
        return {r["id"]: np.frombuffer(r["vec"], dtype=np.float32).tolist() for r in rows}

    def exact(self, scope: SearchScope) -> bool:
        """Whether the scope is searched exactly: at or under the threshold (or with the graph off)."""
        users = self._current((scope.tenant, scope.user_id))
        return users is None or not 0 < self.ann.threshold < users.count

    def knn(self, scope: SearchScope, vector: Sequence[float], k: int) -> list[VectorHit]:
        """The k nearest vectors in the scope that pass its filters, best first. Over the threshold,
        through the scope's graph (once prepared; until then, and whenever too few of its candidates
        pass the filters, exactly)."""
        key = (scope.tenant, scope.user_id)
        users = self._current(key)
        if users is None or k <= 0:
            return []
        if users.dense is None and users.count <= self.ann.threshold and not users.preparing:
            users = self._reload(key, users)  # deletes took a graph-served scope down to the threshold
            if users is None:
                return []
        query = np.asarray(vector, dtype=np.float32)
        if query.shape != (users.dims,):
            return []  # the scope's vectors were made by another model than the query's
        predicate, params = scope_predicate(scope)
        if 0 < self.ann.threshold < users.count:
            graph = self._graph(key, users)
            if graph is not None:
                hits = self._approximate(key, users, graph, query, k, predicate, params)
                if hits is not None:
                    return hits
        return self._exact(key, users, query, k, predicate, params)

    def _exact(
        self,
        key: tuple[str, str],
        users: Scope,
        query: np.ndarray,
        k: int,
        predicate: str,
        params: list[Any],
    ) -> list[VectorHit]:
        """One matrix product over the scope's vectors; filtered in ever wider windows of the best.
        A scope served by its graph has no matrix: its vectors are read from SQLite in chunks."""
        with self._lock:
            dense = users.dense
            if dense is not None:
                size = dense.size
                scores = dense.matrix[:size] @ query
                scores[~dense.live[:size]] = -np.inf
                ids = dense.ids[:size]
        if dense is None:
            return self._exact_from_sqlite(key, users.dims, query, k, predicate, params)
        hits: list[VectorHit] = []
        window, start = k + k // 4 + 8, 0  # most pass: the rest are read only when too few do
        while start < size and len(hits) < k:
            ranked = _best_first(scores, start + window)[start : start + window]
            chunk = ranked[scores[ranked] > -np.inf].tolist()
            if not chunk:
                break
            passing = self._passing([ids[i] for i in chunk], predicate, params)
            hits.extend(VectorHit(ids[i], float(scores[i])) for i in chunk if ids[i] in passing)
            start += window
            window *= 4
        return hits[:k]

    def _exact_from_sqlite(
        self, key: tuple[str, str], dims: int, query: np.ndarray, k: int, predicate: str, params: list[Any]
    ) -> list[VectorHit]:
        """The exact answer for a scope with no matrix in memory: every vector read in chunks and
        scored (ties in seq order), the best filtered in ever wider windows."""
        seqs, parts = [], []
        for chunk_seqs, vectors in self._chunks(*key, dims):
            seqs.append(chunk_seqs)
            parts.append(vectors @ query)
        if not seqs:
            return []
        all_seqs, scores = np.concatenate(seqs), np.concatenate(parts)
        hits: list[VectorHit] = []
        window, start = max(4 * k, 64), 0
        while start < len(scores) and len(hits) < k:
            ranked = _best_first(scores, start + window)[start : start + window]
            chunk = all_seqs[ranked]
            passing = self._passing_vectors(key, chunk, predicate, params)
            hits.extend(
                VectorHit(passing[seq][0], float(score))
                for seq, score in zip(chunk.tolist(), scores[ranked].tolist(), strict=True)
                if seq in passing
            )
            start += window
            window *= 4
        return hits[:k]

    def _approximate(
        self,
        key: tuple[str, str],
        users: Scope,
        graph: ScopeGraph,
        query: np.ndarray,
        k: int,
        predicate: str,
        params: list[Any],
    ) -> list[VectorHit] | None:
        """The best k of oversample × k candidates from the graph (then four times as many, when fewer
        than k of them pass the scope) by their exact scores; None when still fewer than k pass."""
        wanted = k * self.ann.oversample
        for _ in range(2):
            count = min(users.count, wanted)
            hits = self._candidates(key, graph, query, count, k, predicate, params)
            if hits is None or len(hits) >= k:
                return hits
            if count == users.count:
                break
            wanted *= 4
        return None

    def _candidates(
        self,
        key: tuple[str, str],
        graph: ScopeGraph,
        query: np.ndarray,
        count: int,
        k: int,
        predicate: str,
        params: list[Any],
    ) -> list[VectorHit] | None:
        """The best k (or all there are) of the graph's `count` candidates that pass the scope, by exact score
        of their SQLite vectors (ties in seq order); None when the graph cannot find `count`.

        Candidates are checked a window at a time until k pass, plus those within _MARGIN of the k-th, so the
        k best by exact score are among those checked (the graph sums the same products in another order).
        """
        with self._lock:
            try:
                labels, approx = graph.search_scored(query, count)
            except RuntimeError:  # too few live vectors reachable: the exact path answers
                return None
        passing: dict[int, tuple[str, bytes]] = {}
        end = 0
        while end < len(labels):
            # The first window is the k best (the scope's vectors mostly pass: each row checked is a
            # read of two random pages); once some failed, more than the shortfall.
            wanted = k if end == 0 else max(k - len(passing), 1) + k // 4 + 8
            window = labels[end : end + wanted]
            passing |= self._passing_vectors(key, window, predicate, params, with_vectors=True)
            end += len(window)
            if len(passing) >= k:
                kth = np.sort(approx[:end][np.isin(labels[:end], list(passing))])[-k]
                close = np.flatnonzero(approx[end:] >= kth - _MARGIN) + end
                if len(close):
                    passing |= self._passing_vectors(key, labels[close], predicate, params, with_vectors=True)
                break
        if not passing:
            return []
        seqs = np.fromiter(passing, dtype=np.int64, count=len(passing))
        vectors = np.frombuffer(b"".join(v for _, v in passing.values()), dtype=np.float32)
        # row by row, so a vector's score never depends on which others were checked with it
        scores = np.einsum("ij,j->i", vectors.reshape(len(seqs), -1), query)
        order = np.lexsort((seqs, -scores))[:k].tolist()
        ids = [memory_id for memory_id, _ in passing.values()]
        return [VectorHit(ids[i], float(scores[i])) for i in order]

    def _passing_vectors(
        self,
        key: tuple[str, str],
        seqs: np.ndarray,
        predicate: str,
        params: list[Any],
        with_vectors: bool = False,
    ) -> dict[int, tuple[str, bytes]]:
        """seq → (memory id, vector bytes or b"") of those of these vectors of the scope still in
        SQLite whose memories pass the predicate."""
        passing: dict[int, tuple[str, bytes]] = {}
        conn = self.db.connection()
        wanted = seqs.tolist()
        vec = "v.vec" if with_vectors else "x''"
        for i in range(0, len(wanted), 900):
            chunk = wanted[i : i + 900]
            rows = conn.execute(
                # CROSS JOIN: each vector by its seq, then its memory by id; never a scan of the scope.
                # NOT INDEXED: the vector by its rowid, not through the scope's index (a third less)
                f"SELECT v.seq, v.id, {vec} FROM vectors v NOT INDEXED CROSS JOIN memories m ON m.id = v.id"
                f" WHERE v.seq IN ({','.join('?' * len(chunk))}) AND v.tenant = ? AND v.user_id = ?"
                f" AND v.model = ? AND m.tenant = v.tenant AND {predicate}",
                (*chunk, *key, self.model, *params),
            )
            passing.update((r[0], (r[1], r[2])) for r in rows)
        return passing

    # ------------------------------------------------------------------ the HNSW graphs

    def _graph(self, key: tuple[str, str], users: Scope) -> ScopeGraph | None:
        """The scope's graph when it is ready; else start preparing it in the background (None)."""
        with self._lock:
            if users.graph is not None or users.preparing:
                return users.graph
            users.preparing = True
        threading.Thread(
            target=self._prepare_quietly, args=(key, users), name="engram-ann", daemon=True
        ).start()
        return None

    def _prepare_quietly(self, key: tuple[str, str], users: Scope) -> None:
        try:
            self.prepare(*key)
        except Exception:  # the exact path keeps answering; `engram index rebuild` or a restart retries
            log.exception("preparing the HNSW graph of a scope failed; its k-NN stays exact")

    def prepare(
        self,
        tenant: str,
        user_id: str,
        rebuild: bool = False,
        progress: Callable[[int, int], None] | None = None,
    ) -> int:
        """Load the scope's saved graph and catch it up with the vectors table, or build it (always,
        with `rebuild`), save it, and use it from now on (the scope's matrix, if it had one, is then
        dropped). Returns the vectors it holds (0: no vectors). `progress(done, total)` is called as
        vectors are added. The vectors table is read in chunks: at most one chunk besides the graph
        is in memory."""
        users = self._user(tenant, user_id)
        if users is None:
            return 0
        with users.build_lock:
            if users.graph is not None and not rebuild:
                return users.count
            path = None if self.ann_dir is None else scope_file(self.ann_dir, tenant, user_id)
            loaded = None if rebuild or path is None else ScopeGraph.load(path, users.dims, self.ann)
            with self._lock:
                users.changes = Changes()  # the writes from now on, replayed onto the graph at the end
                total = users.count
            done = 0

            def step(n: int) -> None:
                nonlocal done
                done += n
                if progress is not None:
                    progress(done, max(total, done))

            try:
                if loaded is None:
                    graph = ScopeGraph(users.dims, self.ann, capacity=total + total // 8)
                    covered = graph.build(self._chunks(tenant, user_id, users.dims), step)
                else:
                    graph, saved = loaded
                    seqs, prints = [], []
                    for chunk_seqs, vectors in self._chunks(tenant, user_id, users.dims):
                        seqs.append(chunk_seqs)
                        prints.append(fingerprints(vectors))
                        step(len(chunk_seqs))
                    covered = covering(seqs, prints)
                    catch_up(
                        graph,
                        saved,
                        covered.seqs,
                        covered.prints,
                        lambda at: self._by_seq(covered.seqs[at], users.dims),
                    )
                if path is not None and (loaded is None or graph.unsaved):
                    graph.save(path, covered)
            except BaseException:
                with self._lock:
                    users.changes = None
                raise
            with self._lock:  # what changed while this thread worked
                changes, users.changes = users.changes, None
                assert changes is not None
                for seqs_put, vectors in changes.put:
                    graph.upsert(seqs_put, vectors)
                    covered.put(seqs_put, fingerprints(vectors))
                for seqs_gone in changes.gone:
                    graph.remove(seqs_gone)
                    covered.drop(seqs_gone)
                users.graph, users.covered, users.dense, users.preparing = graph, covered, None, False
                return users.count

    def ready(self, tenant: str, user_id: str) -> bool:
        """Whether the scope's graph is prepared in this process (knn uses it over the threshold)."""
        with self._lock:
            users = self._users.get((tenant, user_id))
            return users is not None and users.graph is not None

    def scopes(self, tenant: str | None = None, user_id: str | None = None) -> list[tuple[str, str, int]]:
        """(tenant, user, vectors) of the scopes with vectors, largest first."""
        clauses, params = ["model = ?"], [self.model]
        for column, value in (("tenant", tenant), ("user_id", user_id)):
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = self.db.connection().execute(
            f"SELECT tenant, user_id, count(*) AS n FROM vectors {where} GROUP BY tenant, user_id"
            " ORDER BY n DESC, tenant, user_id",
            params,
        )
        return [(r["tenant"], r["user_id"], r["n"]) for r in rows]

    # ------------------------------------------------------------------ embedding models

    def adopt(self, dims: int) -> int:
        """Stamp the vectors written before vectors recorded their model (model '') with this index's
        model where they have its dimensions (they were made by the model configured then); those of
        other dimensions stay unstamped, to be re-embedded. Returns how many were stamped."""
        if not self.model:
            return 0
        conn = self.db.connection()
        if (
            conn.execute("SELECT 1 FROM vectors WHERE model = '' AND dims = ? LIMIT 1", (dims,)).fetchone()
            is None
        ):
            return 0
        with self.db.write() as conn:
            return conn.execute(
                "UPDATE vectors SET model = ? WHERE model = '' AND dims = ?", (self.model, dims)
            ).rowcount

    def has_stale(self) -> bool:
        """Whether any vector was made by another model than this index's (one look in its index)."""
        row = (
            self.db.connection()
            .execute(
                "SELECT 1 FROM vectors WHERE model < ?"
                " UNION ALL SELECT 1 FROM vectors WHERE model > ? LIMIT 1",
                (self.model, self.model),
            )
            .fetchone()
        )
        return row is not None

    def model_counts(self, tenant: str | None = None) -> dict[str, int]:
        """The vectors per embedding model (one tenant's, or everyone's)."""
        where, params = ("WHERE tenant = ?", [tenant]) if tenant is not None else ("", [])
        rows = self.db.connection().execute(
            f"SELECT model, count(*) AS n FROM vectors {where} GROUP BY model", params
        )
        return {r["model"]: r["n"] for r in rows}

    def stale_vectors(self, below: int | None, limit: int) -> tuple[list[tuple[str, str]], int | None]:
        """Up to `limit` (tenant, memory id) whose vector another model made, newest memory first, from
        memory seq `below` down (None: the newest), then those with no memory; and where the next page
        starts (None: no more)."""
        cursor = self.db.connection().execute(
            # CROSS JOIN: memories newest first by seq, each vector by (tenant, id); never a sort
            "SELECT m.seq, m.tenant, m.id FROM memories m CROSS JOIN vectors v"
            " ON v.tenant = m.tenant AND v.id = m.id WHERE m.seq < ? AND v.model != ?"
            " ORDER BY m.seq DESC LIMIT ?",
            (below if below is not None else 1 << 62, self.model, limit),
        )
        rows = cursor.fetchall()
        found = [(r["tenant"], r["id"]) for r in rows]
        if len(rows) == limit:
            return found, rows[-1]["seq"]
        orphans = self.db.connection().execute(  # at the end of a pass: vectors whose memory is gone
            "SELECT tenant, id FROM vectors v WHERE (model < ? OR model > ?) AND NOT EXISTS"
            " (SELECT 1 FROM memories m WHERE m.tenant = v.tenant AND m.id = v.id) LIMIT ?",
            (self.model, self.model, limit - len(rows)),
        )
        return found + [(r["tenant"], r["id"]) for r in orphans], None

    def _save_if_due(self, key: tuple[str, str], users: Scope) -> None:
        """Write the graph once enough changed since it was last written (under the lock)."""
        graph = users.graph
        if (
            graph is None
            or users.covered is None
            or self.ann_dir is None
            or graph.unsaved < self.ann.save_every
        ):
            return
        graph.save(scope_file(self.ann_dir, *key), users.covered)

    def _passing(self, candidate_ids: list[str], predicate: str, params: list[Any]) -> set[str]:
        passing: set[str] = set()
        conn = self.db.connection()
        for i in range(0, len(candidate_ids), 900):
            chunk = candidate_ids[i : i + 900]
            rows = conn.execute(
                f"SELECT m.id FROM memories m WHERE m.id IN ({','.join('?' * len(chunk))}) AND {predicate}",
                (*chunk, *params),
            )
            passing.update(r["id"] for r in rows)
        return passing

    # ------------------------------------------------------------------ lexical

    def search(
        self, scope: SearchScope, query: str, k: int, bm25: Bm25Search | None = None
    ) -> list[LexicalHit]:
        """The k best BM25 matches within the scope (lexical.py bounds common-term queries; `bm25`: other
        bounds than recall's).

        FTS5 reads the user's rows only, so cost depends on the user's memories, not the index's. The user's
        best matches are checked against the rest of the scope; if too few pass, passing matches are ranked
        instead. Either way: the scope's top k, by BM25 over the user's own statistics.
        """
        if k <= 0:
            return []
        bm25 = bm25 or self.bm25
        predicate, params = scope_predicate(scope)
        token = fts_scope(scope.tenant, scope.user_id)
        conn = self.db.connection()
        window = max(4 * k, 200)
        best, every = bm25.top(conn, query, window, Scoped(token))
        # the best first: most of them pass, the rest are checked only when too few do
        first = k + k // 4 + 8
        passing = self._passing_seqs([rowid for rowid, _ in best[:first]], predicate, params)
        if len(passing) < k:
            passing |= self._passing_seqs([rowid for rowid, _ in best[first:]], predicate, params)
        hits = [LexicalHit(passing[rowid], score) for rowid, score in best if rowid in passing]
        if len(hits) >= k or (every and len(best) < window):
            return hits[:k]
        ranked, _ = bm25.top(conn, query, k, Scoped(token, predicate, params))
        ids = self._passing_seqs([rowid for rowid, _ in ranked], predicate, params)
        return [LexicalHit(ids[rowid], score) for rowid, score in ranked if rowid in ids]

    def search_hints(self, scope: SearchScope, query: str, k: int) -> list[HintHit]:
        """The k memories of the scope whose prospective hints match the query best: BM25 over hints_fts
        with the user's own statistics (as `search`), each with the hint that shares most of its words."""
        if k <= 0:
            return []
        predicate, params = scope_predicate(scope)
        conn = self.db.connection()
        ranked, _ = self.hint_bm25.top(
            conn, query, k, Scoped(fts_scope(scope.tenant, scope.user_id), predicate, params)
        )
        ids = self._passing_seqs([rowid for rowid, _ in ranked], predicate, params)
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        texts = dict(
            conn.execute(
                f"SELECT rowid, content FROM hints_fts WHERE rowid IN ({marks})", list(ids)
            ).fetchall()
        )
        return [
            HintHit(ids[rowid], score, best_hint(texts.get(rowid, ""), query))
            for rowid, score in ranked
            if rowid in ids
        ]

    def _passing_seqs(self, seqs: list[int], predicate: str, params: list[Any]) -> dict[int, str]:
        """seq → memory id of those of these memories that pass the predicate."""
        passing: dict[int, str] = {}
        conn = self.db.connection()
        for i in range(0, len(seqs), 900):
            chunk = seqs[i : i + 900]
            marks = ",".join("?" * len(chunk))
            rows = conn.execute(
                # NOT INDEXED: look the rows up by seq (rowid), never by scanning the user's index
                f"SELECT m.seq, m.id FROM memories m NOT INDEXED WHERE m.seq IN ({marks}) AND {predicate}",
                (*chunk, *params),
            )
            passing.update((r["seq"], r["id"]) for r in rows)
        return passing


class CandidateSearch:
    """The decision stage's lexical leg on the embedded default (engram.usecases.enrich): the index's
    search, on the bounded path past a few hundred matches and with sets of the three rarest terms. It
    looks for candidates that the decision then weighs by cosine, and a new memory's words are mostly
    the scope's common ones: every match of each scored exactly (term frequencies read through
    highlight(), 5× a row's length) was most of a job's CPU (docs/performance.md)."""

    def __init__(self, index: LocalIndex, bm25: Bm25Search | None = None) -> None:
        self.index = index
        self.bm25 = bm25 or Bm25Search(exact_below=200, max_terms=3)

    def search(self, scope: SearchScope, query: str, k: int) -> list[LexicalHit]:
        return self.index.search(scope, query, k, bm25=self.bm25)


def _rows(conn: Any, key: tuple[str, str], dims: int, model: str, after: int = 0) -> Any:
    """The scope's (id, seq, vec) rows of `model` and `dims` dimensions past seq `after`, in seq order:
    what a matrix is built from."""
    return conn.execute(
        "SELECT id, seq, vec FROM vectors WHERE tenant = ? AND user_id = ? AND seq > ? AND dims = ?"
        " AND +model = ? ORDER BY seq",
        (*key, after, dims, model),
    )


def _changes(conn: Any, key: tuple[str, str]) -> tuple[int, int]:
    """The scope's vector writes so far and how many were inserts (vector_changes, kept by triggers)."""
    row = conn.execute(
        "SELECT version, inserts FROM vector_changes WHERE tenant = ? AND user_id = ?", key
    ).fetchone()
    return (int(row[0]), int(row[1])) if row else (0, 0)


def _best_first(scores: np.ndarray, n: int) -> np.ndarray:
    """The indices of the n best scores (more on a tie at the n-th), best first and ties in index
    order: always a prefix of a stable argsort of -scores, without sorting the whole array."""
    if n >= len(scores):
        return np.argsort(-scores, kind="stable")
    nth = np.partition(scores, len(scores) - n)[len(scores) - n]
    best = np.flatnonzero(scores >= nth)
    return best[np.argsort(-scores[best], kind="stable")]
