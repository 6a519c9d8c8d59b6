"""The embedded default's search legs over the SQLite database: FTS5 BM25 and exact k-NN.

Vectors live in SQLite (float32 blobs) and, per (tenant, user), in an in-memory matrix loaded on
first use and kept current by this process's upserts/deletes. k-NN is one matrix-vector product over
the user's vectors (exact, no approximation); scope, status and recall filters are applied with the
same SQL predicate the lexical leg uses, to an ever-wider candidate window until k pass or the user's
vectors are exhausted, so a selective filter never drops results.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np

from engram.adapters.sqlite_db import SqliteDatabase, iso
from engram.adapters.sqlite_filters import metadata_predicate
from engram.domain.text import terms
from engram.ports import IndexedMemory, LexicalHit, SearchScope, VectorHit


def scope_predicate(scope: SearchScope, alias: str = "m") -> tuple[str, list]:
    """SQL predicate (on the memories table) for a search scope and its filters."""
    clauses = [f"{alias}.tenant = ?", f"{alias}.user_id = ?"]
    params: list = [scope.tenant, scope.user_id]
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


def fts_query(text: str) -> str | None:
    """A safe FTS5 query: the text's content words, quoted, OR-ed (BM25 does the weighting)."""
    tokens = terms(text)
    if not tokens:
        return None
    return " OR ".join(f'"{t}"' for t in dict.fromkeys(tokens))


class _UserVectors:
    """The vectors of one (tenant, user): a growable float32 matrix plus id ↔ row maps."""

    def __init__(self, dims: int) -> None:
        self.matrix = np.zeros((0, dims), dtype=np.float32)
        self.size = 0
        self.ids: list[str] = []
        self.row: dict[str, int] = {}
        self.live = np.zeros(0, dtype=bool)

    def put(self, memory_id: str, vector: np.ndarray) -> None:
        if memory_id in self.row:
            i = self.row[memory_id]
        else:
            if self.size == len(self.matrix):
                grow = max(64, len(self.matrix))
                self.matrix = np.vstack([self.matrix, np.zeros((grow, self.matrix.shape[1]), np.float32)])
                self.live = np.concatenate([self.live, np.zeros(grow, dtype=bool)])
            i = self.size
            self.size += 1
            self.ids.append(memory_id)
            self.row[memory_id] = i
        self.matrix[i] = vector
        self.live[i] = True

    def remove(self, memory_id: str) -> None:
        i = self.row.get(memory_id)
        if i is not None:
            self.live[i] = False


class LocalIndex:
    """VectorIndex + LexicalIndex for the embedded default."""

    def __init__(self, db: SqliteDatabase) -> None:
        self.db = db
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
                    "SELECT id, dims, vec FROM vectors WHERE tenant = ? AND user_id = ? ORDER BY seq", key
                )
                .fetchall()
            )
            if not rows:
                return None
            users = _UserVectors(rows[0]["dims"])
            for row in rows:
                users.put(row["id"], np.frombuffer(row["vec"], dtype=np.float32))
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
        with self._lock:
            for memory_id, tenant, user_id, dims, _, vec in rows:
                users = self._users.get((tenant, user_id))
                if users is None:
                    users = self._users[(tenant, user_id)] = _UserVectors(dims)
                users.put(memory_id, vec)

    def delete(self, tenant: str, memory_ids: Sequence[str]) -> None:
        if not memory_ids:
            return
        with self.db.write() as conn:
            conn.executemany(
                "DELETE FROM vectors WHERE tenant = ? AND id = ?",
                [(tenant, memory_id) for memory_id in memory_ids],
            )
        with self._lock:
            for (t, _), users in self._users.items():
                if t == tenant:
                    for memory_id in memory_ids:
                        users.remove(memory_id)

    def get_vectors(self, tenant: str, memory_ids: Sequence[str]) -> dict[str, list[float]]:
        if not memory_ids:
            return {}
        marks = ",".join("?" * len(memory_ids))
        rows = self.db.connection().execute(
            f"SELECT id, vec FROM vectors WHERE tenant = ? AND id IN ({marks})", (tenant, *memory_ids)
        )
        return {r["id"]: np.frombuffer(r["vec"], dtype=np.float32).tolist() for r in rows}

    def knn(self, scope: SearchScope, vector: Sequence[float], k: int) -> list[VectorHit]:
        users = self._user(scope.tenant, scope.user_id)
        if users is None or k <= 0:
            return []
        with self._lock:
            size = users.size
            scores = users.matrix[:size] @ np.asarray(vector, dtype=np.float32)
            scores[~users.live[:size]] = -np.inf
            ids = users.ids[:size]
        predicate, params = scope_predicate(scope)
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

    def _passing(self, candidate_ids: list[str], predicate: str, params: list) -> set[str]:
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
        """The k best BM25 matches within the scope.

        First the index's best matches overall (no join, so BM25 is the only per-match cost) are
        checked against the scope; when the scope is selective and too few of them pass, one joined
        query ranks the scope's own matches instead. Either way: the top k of the scope, by BM25."""
        match = fts_query(query)
        if match is None or k <= 0:
            return []
        predicate, params = scope_predicate(scope)
        conn = self.db.connection()
        window = max(4 * k, 200)
        best = conn.execute(
            "SELECT rowid, bm25(memories_fts) AS rank FROM memories_fts WHERE memories_fts MATCH ?"
            " ORDER BY rank, rowid LIMIT ?",
            (match, window),
        ).fetchall()
        passing = self._passing_seqs([r["rowid"] for r in best], predicate, params)
        hits = [LexicalHit(passing[r["rowid"]], -float(r["rank"])) for r in best if r["rowid"] in passing]
        if len(hits) >= k or len(best) < window:
            return hits[:k]
        rows = conn.execute(
            "SELECT m.id AS id, bm25(memories_fts) AS rank FROM memories_fts"
            f" JOIN memories m ON m.seq = memories_fts.rowid WHERE memories_fts MATCH ? AND {predicate}"
            " ORDER BY rank, m.seq LIMIT ?",
            (match, *params, k),
        )
        return [LexicalHit(r["id"], -float(r["rank"])) for r in rows]

    def _passing_seqs(self, seqs: list[int], predicate: str, params: list) -> dict[int, str]:
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
