"""The embedded default's lexical leg alone, and how close its bounded ranking is to FTS5's exact one.

    python bench/bench_lexical.py --data-dir /path/to/data-dir [--queries 300]
    python bench/bench_lexical.py --size 100000 [--queries 300] [--users 20]

On a data dir filled by bench_recall's generator (`--data-dir`, opened read-only: nothing is written
to it) or on a fresh one of `--size` memories (filled by bench_recall's `populate`, then deleted), the
leg as recall asks it (LocalIndex.search within the scope, k = ranking.candidates) for bench_recall's
query texts: p50/p95/p99 of wall and CPU time, with the load average (CPU time is steadier on a busy
machine), and the SQLite statements a query (FTS5's own included; not blurred by the load). Then the
leg's top k against FTS5's plain `ORDER BY rank` over every match in the scope, in a copy of the
scope's rows alone (a scope's scores are BM25 over its own statistics): the share of the
exact top k's memories it returns (ids; exact ties are broken by the oldest row, the leg prefers
recent ones) and the share of its memories whose exact BM25 is at least the exact k-th's (tie-aware:
equally good answers count). With `--users N` the fresh data dir's memories are dealt to N users in
turn, and the queries are user-1's. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_recall import TENANT, USER, populate, queries, summary

from engram.adapters.local.index import LocalIndex
from engram.adapters.local.lexical import fts_query
from engram.adapters.sqlite.db import fts_scope
from engram.ports import SearchScope
from engram.runtime.container import local
from engram.settings import EmbedderSettings, Settings


class ReadOnly:
    """The part of SqliteDatabase the lexical leg uses, on a read-only connection: a corpus is
    measured as it is (no schema statements, no checkpoints)."""

    def __init__(self, path: Path) -> None:
        self.path = str(path)
        self.conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self.conn.row_factory = sqlite3.Row

    def connection(self) -> sqlite3.Connection:
        return self.conn


def scope_copy(conn: sqlite3.Connection) -> sqlite3.Connection:
    """The user's rows (same rowids) in an in-memory index of their own, and their memories' ids and
    statuses: where FTS5's plain query ranks them by the scope's own statistics."""
    copy = sqlite3.connect(":memory:")
    copy.execute(
        "CREATE VIRTUAL TABLE memories_fts USING fts5(content, scope, tokenize = 'porter unicode61')"
    )
    copy.execute("CREATE TABLE memories (seq INTEGER PRIMARY KEY, id, tenant, user_id, status)")
    rows = conn.execute(
        "SELECT f.rowid, f.content, f.scope, m.id, m.tenant, m.user_id, m.status FROM memories_fts f"
        " CROSS JOIN memories m ON m.seq = f.rowid WHERE memories_fts MATCH ?",
        (f'scope : "{fts_scope(TENANT, USER)}"',),
    )
    while chunk := rows.fetchmany(10_000):
        copy.executemany(
            "INSERT INTO memories_fts (rowid, content, scope) VALUES (?, ?, ?)", [r[:3] for r in chunk]
        )
        copy.executemany("INSERT INTO memories VALUES (?, ?, ?, ?, ?)", [(r[0], *r[3:]) for r in chunk])
    return copy


def exact(conn: sqlite3.Connection, text: str, k: int) -> list[tuple[str, float]]:
    """FTS5's own ranking of every match in the scope: (memory id, BM25) of the best k."""
    rows = conn.execute(
        "SELECT m.id, -bm25(memories_fts) FROM memories_fts CROSS JOIN memories m"
        " ON m.seq = memories_fts.rowid AND m.tenant = ? AND m.user_id = ? AND m.status = 'active'"
        " WHERE memories_fts MATCH ? ORDER BY bm25(memories_fts), memories_fts.rowid LIMIT ?",
        (TENANT, USER, fts_query(text), k),
    )
    return [(r[0], r[1]) for r in rows]


def true_scores(conn: sqlite3.Connection, text: str, ids: list[str]) -> dict[str, float]:
    """The BM25 FTS5 gives these memories for the query."""
    rows = conn.execute(
        "SELECT m.id, -bm25(memories_fts) FROM memories_fts CROSS JOIN memories m"
        f" ON m.seq = memories_fts.rowid WHERE memories_fts MATCH ? AND m.id IN ({','.join('?' * len(ids))})",
        (fts_query(text), *ids),
    )
    return {r[0]: r[1] for r in rows}


def measure(data_dir: Path, texts: list[str]) -> dict[str, Any]:
    db = ReadOnly(data_dir / "engram.sqlite3")
    if "scope" not in {r[1] for r in db.conn.execute("PRAGMA table_info(memories_fts)")}:
        raise SystemExit(f"{data_dir} predates the full-text index's scope column: open it once with engram")
    index = LocalIndex(db)  # type: ignore[arg-type]
    scope = SearchScope(TENANT, USER)
    k = Settings().ranking.candidates
    for text in texts[:20]:  # warm-up: pages cached, document counts estimated
        index.search(scope, text, k)
    wall: list[float] = []
    cpu: list[float] = []
    found: dict[str, list[str]] = {}
    for text in texts:
        started, used = time.perf_counter(), time.thread_time()
        found[text] = [h.memory_id for h in index.search(scope, text, k)]
        cpu.append((time.thread_time() - used) * 1000)
        wall.append((time.perf_counter() - started) * 1000)
    load = os.getloadavg()[0]
    conn = index.db.connection()
    reference = scope_copy(conn)
    # SQLite statements a query, FTS5's own lookups included: a count the machine's load does not blur
    statements = [0]
    conn.set_trace_callback(lambda _: statements.__setitem__(0, statements[0] + 1))
    for text in texts:
        index.search(scope, text, k)
    conn.set_trace_callback(None)
    ids: list[float] = []
    tied: list[float] = []
    for text in texts:
        best = exact(reference, text, k)
        if not best or not found[text]:
            continue
        kth = best[-1][1]
        scores = true_scores(reference, text, found[text])
        ids.append(len({i for i, _ in best} & set(found[text])) / len(best))
        tied.append(sum(1 for i in found[text] if scores[i] >= kth - 1e-9) / len(best))
    return {
        "wall_ms": summary(wall),
        "cpu_ms": summary(cpu),
        "load": round(load, 2),
        "statements": round(statements[0] / len(texts), 1),
        "k": k,
        "overlap_ids": round(sum(ids) / len(ids), 3),
        "overlap_tie_aware": round(sum(tied) / len(tied), 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data-dir", type=Path, help="a data dir filled by bench_recall's generator")
    parser.add_argument("--size", type=int, default=100_000, help="else fill a fresh one with this many")
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--users", type=int, default=1, help="deal a fresh data dir's memories to this many")
    args = parser.parse_args()
    texts = queries(args.queries)
    if args.data_dir is not None:
        result = measure(args.data_dir, texts)
    else:
        data_dir = Path(tempfile.mkdtemp(prefix="engram-bench-lexical-"))
        try:
            filler = local(Settings(data_dir=data_dir, embedder=EmbedderSettings(provider="hashing")))
            populate(filler, args.size, users=args.users)
            result = measure(data_dir, texts)
        finally:
            shutil.rmtree(data_dir, ignore_errors=True)
    print(json.dumps({"users": args.users, **result}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
