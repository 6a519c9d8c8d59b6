"""The embedded default's search legs over the SQLite database: FTS5 BM25 and exact k-NN.

Vectors live in SQLite (float32 blobs) and, per (tenant, user), in an in-memory matrix loaded on
first use and kept current by this process's upserts/deletes. k-NN is one matrix-vector product over
the user's vectors (exact, no approximation); scope, status and recall filters are applied with the
same SQL predicate the lexical leg uses, to an ever-wider candidate window until k pass or the user's
vectors are exhausted, so a selective filter never drops results.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from engram.adapters.ann_index import Covered, ScopeGraph, catch_up, fingerprints, scope_file
from engram.adapters.lexical_index import Bm25Search, Scoped
from engram.adapters.sqlite_db import SqliteDatabase, iso
from engram.adapters.sqlite_filters import metadata_predicate
from engram.ports import IndexedMemory, LexicalHit, SearchScope, VectorHit
from engram.settings import AnnSettings

log = logging.getLogger(__name__)


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


class _UserVectors:
    """The vectors of one (tenant, user): a growable float32 matrix, id ↔ row and seq ↔ row maps, and
    the scope's HNSW graph once it is prepared (it then holds exactly the live rows' seqs)."""

    def __init__(self, dims: int) -> None:
        self.matrix = np.zeros((0, dims), dtype=np.float32)
        self.size = 0
        self.count = 0  # live rows
        self.ids: list[str] = []
        self.row: dict[str, int] = {}
        self.seqs = np.zeros(0, dtype=np.int64)  # row → the vectors table's seq
        self.seq_row: dict[int, int] = {}
        self.live = np.zeros(0, dtype=bool)
        self.graph: ScopeGraph | None = None
        self.preparing = False  # a thread is loading or building the graph (or gave up: exact from then on)
        self.build_lock = threading.Lock()  # one load or build of the graph at a time

    def put(self, memory_id: str, seq: int, vector: np.ndarray) -> int | None:
        """Store the vector; returns the seq the memory's row had before when it changed (a vector
        deleted then stored again gets a new seq), else None."""
        previous = None
        if memory_id in self.row:
            i = self.row[memory_id]
            if int(self.seqs[i]) != seq:
                previous = int(self.seqs[i])
                if self.seq_row.get(previous) == i:
                    del self.seq_row[previous]
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
        self.seq_row[seq] = i
        if not self.live[i]:
            self.live[i] = True
            self.count += 1
        return previous

    def remove(self, memory_id: str) -> int | None:
        """Mark the memory's row dead; returns its seq when it was live."""
        i = self.row.get(memory_id)
        if i is None or not self.live[i]:
            return None
        self.live[i] = False
        self.count -= 1
        return int(self.seqs[i])

    def live_rows(self) -> np.ndarray:
        return np.flatnonzero(self.live[: self.size])

    def covered(self, rows: np.ndarray) -> Covered:
        """What a graph holding exactly these rows covers."""
        return Covered(self.seqs[rows].copy(), fingerprints(self.matrix[: self.size])[rows])


class LocalIndex:
    """VectorIndex + LexicalIndex for the embedded default."""

    def __init__(self, db: SqliteDatabase, ann: AnnSettings | None = None) -> None:
        self.db = db
        self.ann = ann or AnnSettings()
        self.bm25 = Bm25Search()
        # The graphs live beside the SQLite file; an in-memory database keeps them in memory only.
        self.ann_dir = None if db.path == ":memory:" else Path(db.path).parent / "ann"
        self._users: dict[tuple[str, str], _UserVectors] = {}
        self._lock = threading.RLock()

    # ------------------------------------------------------------------ vectors

    def _user(self, tenant: str, user_id: str) -> _UserVectors | None:
        key = (tenant, user_id)
        with self._lock:
            if key in self._users:
                return self._users[key]
            rows = (
                self.db.connection()
                .execute(
                    "SELECT seq, id, dims, vec FROM vectors WHERE tenant = ? AND user_id = ? ORDER BY seq",
                    key,
                )
                .fetchall()
            )
            if not rows:
                return None
            users = _UserVectors(rows[0]["dims"])
            for row in rows:
                users.put(row["id"], row["seq"], np.frombuffer(row["vec"], dtype=np.float32))
            self._users[key] = users
            return users

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
        with self.db.write() as conn:
            conn.executemany(
                "INSERT INTO vectors (id, tenant, user_id, dims, vec) VALUES (?,?,?,?,?)"
                " ON CONFLICT(id) DO UPDATE SET vec = excluded.vec, dims = excluded.dims",
                [r[:5] for r in rows],
            )
            seqs: dict[str, int] = {}
            for i in range(0, len(rows), 900):
                chunk = [r[0] for r in rows[i : i + 900]]
                found = conn.execute(
                    f"SELECT id, seq FROM vectors WHERE id IN ({','.join('?' * len(chunk))})", chunk
                )
                seqs.update((r["id"], r["seq"]) for r in found)
        changed: dict[tuple[str, str], list[int]] = {}
        with self._lock:
            for memory_id, tenant, user_id, dims, _, vec in rows:
                key = (tenant, user_id)
                users = self._users.get(key)
                if users is None:
                    users = self._users[key] = _UserVectors(dims)
                seq = seqs[memory_id]
                previous = users.put(memory_id, seq, vec)
                if users.graph is not None:
                    if previous is not None:
                        users.graph.remove(np.array([previous], dtype=np.int64))
                    changed.setdefault(key, []).append(users.row[memory_id])
            for key, changed_rows in changed.items():
                users = self._users[key]
                assert users.graph is not None
                at = np.array(changed_rows, dtype=np.int64)
                users.graph.upsert(users.seqs[at], users.matrix[at])
                self._save_if_due(key, users)

    def delete(self, tenant: str, memory_ids: Sequence[str]) -> None:
        """Delete the vectors; a scope left without any also loses its graph files (erasure)."""
        if not memory_ids:
            return
        with self.db.write() as conn:
            owners: set[str] = set()
            for i in range(0, len(memory_ids), 900):
                chunk = list(memory_ids[i : i + 900])
                marks = ",".join("?" * len(chunk))
                owners.update(
                    r["user_id"]
                    for r in conn.execute(
                        f"SELECT DISTINCT user_id FROM vectors WHERE tenant = ? AND id IN ({marks})",
                        (tenant, *chunk),
                    )
                )
            conn.executemany(
                "DELETE FROM vectors WHERE tenant = ? AND id = ?",
                [(tenant, memory_id) for memory_id in memory_ids],
            )
            emptied = [
                user_id
                for user_id in sorted(owners)
                if conn.execute(
                    "SELECT 1 FROM vectors WHERE tenant = ? AND user_id = ? LIMIT 1", (tenant, user_id)
                ).fetchone()
                is None
            ]
        with self._lock:
            for key, users in self._users.items():
                if key[0] == tenant:
                    gone = [seq for memory_id in memory_ids if (seq := users.remove(memory_id)) is not None]
                    if gone and users.graph is not None:
                        users.graph.remove(np.array(gone, dtype=np.int64))
                        self._save_if_due(key, users)
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
            f"SELECT id, vec FROM vectors WHERE tenant = ? AND id IN ({marks})", (tenant, *memory_ids)
        )
        return {r["id"]: np.frombuffer(r["vec"], dtype=np.float32).tolist() for r in rows}

    def knn(self, scope: SearchScope, vector: Sequence[float], k: int) -> list[VectorHit]:
        """The k nearest vectors in the scope that pass its filters, best first. Over the threshold,
        through the scope's graph (once prepared; until then, and whenever too few of its candidates
        pass the filters, exactly)."""
        users = self._user(scope.tenant, scope.user_id)
        if users is None or k <= 0:
            return []
        query = np.asarray(vector, dtype=np.float32)
        predicate, params = scope_predicate(scope)
        if 0 < self.ann.threshold < users.count:
            graph = self._graph((scope.tenant, scope.user_id), users)
            if graph is not None:
                hits = self._approximate(users, graph, query, k, predicate, params)
                if hits is not None:
                    return hits
        return self._exact(users, query, k, predicate, params)

    def _exact(
        self, users: _UserVectors, query: np.ndarray, k: int, predicate: str, params: list[Any]
    ) -> list[VectorHit]:
        """One matrix product over the scope's vectors; filtered in ever wider windows of the best."""
        with self._lock:
            size = users.size
            scores = users.matrix[:size] @ query
            scores[~users.live[:size]] = -np.inf
            ids = users.ids[:size]
        hits: list[VectorHit] = []
        window, start = max(4 * k, 64), 0
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

    def _approximate(
        self,
        users: _UserVectors,
        graph: ScopeGraph,
        query: np.ndarray,
        k: int,
        predicate: str,
        params: list[Any],
    ) -> list[VectorHit] | None:
        """oversample × k candidates from the graph (then four times as many, when fewer than k of
        them pass the scope), re-ranked by their exact scores; None when still fewer than k pass."""
        wanted = k * self.ann.oversample
        for _ in range(2):
            count = min(users.count, wanted)
            hits = self._candidates(users, graph, query, count, predicate, params)
            if hits is None or len(hits) >= k:
                return None if hits is None else hits[:k]
            if count == users.count:
                break
            wanted *= 4
        return None

    def _candidates(
        self,
        users: _UserVectors,
        graph: ScopeGraph,
        query: np.ndarray,
        count: int,
        predicate: str,
        params: list[Any],
    ) -> list[VectorHit] | None:
        """The graph's `count` candidates that pass the scope, by exact score (ties in row order, as
        on the exact path); None when the graph cannot find that many."""
        with self._lock:
            try:
                labels = graph.search(query, count)
            except RuntimeError:  # too few live vectors reachable: the exact path answers
                return None
            found = [users.seq_row.get(seq, -1) for seq in labels.tolist()]
            rows = np.array([r for r in found if r >= 0], dtype=np.int64)
            rows = rows[users.live[rows]]  # the matrix comes from SQLite: a deleted vector is dead here
            scores = users.matrix[rows] @ query
            ids = [users.ids[r] for r in rows.tolist()]
        order = np.lexsort((rows, -scores)).tolist()
        passing = self._passing(ids, predicate, params)
        return [VectorHit(ids[i], float(scores[i])) for i in order if ids[i] in passing]

    # ------------------------------------------------------------------ the HNSW graphs

    def _graph(self, key: tuple[str, str], users: _UserVectors) -> ScopeGraph | None:
        """The scope's graph when it is ready; else start preparing it in the background (None)."""
        with self._lock:
            if users.graph is not None or users.preparing:
                return users.graph
            users.preparing = True
        threading.Thread(
            target=self._prepare_quietly, args=(key, users), name="engram-ann", daemon=True
        ).start()
        return None

    def _prepare_quietly(self, key: tuple[str, str], users: _UserVectors) -> None:
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
        with `rebuild`), save it, and use it from now on. Returns the vectors it holds (0: no vectors).
        `progress(done, total)` is called as vectors are added."""
        users = self._user(tenant, user_id)
        if users is None:
            return 0
        with users.build_lock:
            if users.graph is not None and not rebuild:
                return users.count
            path = None if self.ann_dir is None else scope_file(self.ann_dir, tenant, user_id)
            dims = users.matrix.shape[1]
            loaded = None if rebuild or path is None else ScopeGraph.load(path, dims, self.ann)
            with self._lock:
                rows = users.live_rows()
                now = users.covered(rows)
                matrix = users.matrix
            done = 0

            def step(n: int) -> None:
                nonlocal done
                done += n
                if progress is not None:
                    progress(done, len(rows))

            if loaded is None:
                graph = ScopeGraph(dims, self.ann, capacity=len(rows) + len(rows) // 8)
                graph.build(now.seqs, matrix, rows, step)
            else:
                graph, saved = loaded
                catch_up(graph, saved, now.seqs, now.prints, lambda at: matrix[rows[at]])
                step(len(rows))
            if path is not None and (loaded is None or graph.unsaved):
                graph.save(path, now)
            with self._lock:  # what changed while this thread worked
                rows = users.live_rows()
                latest = users.covered(rows)
                catch_up(graph, now, latest.seqs, latest.prints, lambda at: users.matrix[rows[at]])
                users.graph, users.preparing = graph, False
                return users.count

    def ready(self, tenant: str, user_id: str) -> bool:
        """Whether the scope's graph is prepared in this process (knn uses it over the threshold)."""
        with self._lock:
            users = self._users.get((tenant, user_id))
            return users is not None and users.graph is not None

    def scopes(self, tenant: str | None = None, user_id: str | None = None) -> list[tuple[str, str, int]]:
        """(tenant, user, vectors) of the scopes with vectors, largest first."""
        clauses, params = [], []
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

    def _save_if_due(self, key: tuple[str, str], users: _UserVectors) -> None:
        """Write the graph once enough changed since it was last written (under the lock)."""
        graph = users.graph
        if graph is None or self.ann_dir is None or graph.unsaved < self.ann.save_every:
            return
        rows = users.live_rows()
        graph.save(scope_file(self.ann_dir, *key), users.covered(rows))

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

    def search(self, scope: SearchScope, query: str, k: int) -> list[LexicalHit]:
        """The k best BM25 matches within the scope (engram.adapters.lexical_index bounds the rows
        scored for a query of common terms).

        First the index's best matches overall (no join, so BM25 is the only per-match cost) are
        checked against the scope; when the scope is selective and too few of them pass, the scope's
        own matches are ranked instead. Either way: the top k of the scope, by BM25."""
        if k <= 0:
            return []
        predicate, params = scope_predicate(scope)
        conn = self.db.connection()
        window = max(4 * k, 200)
        best, every = self.bm25.top(conn, query, window)
        passing = self._passing_seqs([rowid for rowid, _ in best], predicate, params)
        hits = [LexicalHit(passing[rowid], score) for rowid, score in best if rowid in passing]
        if len(hits) >= k or (every and len(best) < window):
            return hits[:k]
        ranked, _ = self.bm25.top(conn, query, k, Scoped(predicate, params))
        ids = self._passing_seqs([rowid for rowid, _ in ranked], predicate, params)
        return [LexicalHit(ids[rowid], score) for rowid, score in ranked if rowid in ids]

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


def _best_first(scores: np.ndarray, n: int) -> np.ndarray:
    """The indices of the n best scores (more on a tie at the n-th), best first and ties in index
    order: always a prefix of a stable argsort of -scores, without sorting the whole array."""
    if n >= len(scores):
        return np.argsort(-scores, kind="stable")
    nth = np.partition(scores, len(scores) - n)[len(scores) - n]
    best = np.flatnonzero(scores >= nth)
    return best[np.argsort(-scores[best], kind="stable")]
