"""`engram index rebuild`: build the HNSW graphs of the local index again from the SQLite vectors.

Every scope over ENGRAM_ANN__THRESHOLD vectors (or all, with --all) gets a fresh graph in the data
dir's `ann/`; a running server picks it up at its next start. It compacts deleted nodes and recovers a
damaged file; never needed for correctness, as a stale file is caught up on load.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from tqdm import tqdm

from engram.adapters.sqlite.db import SqliteDatabase
from engram.cli.common import settings_of


def cmd_index_rebuild(args: argparse.Namespace) -> int:
    # the local extra's (NumPy, usearch)
    from engram.adapters.local.index import LocalIndex

    settings = settings_of(args)
    if not settings.db_path.exists():
        print(f"no database at {settings.db_path}", file=sys.stderr)
        return 1
    index = LocalIndex(SqliteDatabase(settings.db_path), settings.ann)
    scopes = index.scopes(args.tenant, args.user)
    chosen = [s for s in scopes if args.all or 0 < settings.ann.threshold < s[2]]
    report: dict[str, Any] = {"rebuilt": [], "skipped_below_threshold": len(scopes) - len(chosen)}
    for tenant, user_id, count in chosen:
        with tqdm(total=count, unit="vec", desc=f"{tenant}/{user_id}", file=sys.stderr, disable=None) as bar:
            start = time.perf_counter()
            vectors = index.prepare(
                tenant, user_id, rebuild=True, progress=lambda done, _: bar.update(done - bar.n)
            )
        report["rebuilt"].append(
            {
                "tenant": tenant,
                "user_id": user_id,
                "vectors": vectors,
                "seconds": round(time.perf_counter() - start, 2),
            }
        )
    print(json.dumps(report))
    return 0


def add_index_command(sub: Any, data_dir: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser("index", help="the local index's HNSW graphs")
    cs = p.add_subparsers(dest="index_command", required=True)
    rebuild = cs.add_parser("rebuild", help="build the graphs again from the SQLite vectors")
    data_dir(rebuild)
    rebuild.add_argument("--tenant", help="only this tenant's scopes")
    rebuild.add_argument("--user", help="only this user's scope(s)")
    rebuild.add_argument("--all", action="store_true", help="also scopes at or below the threshold")
    rebuild.set_defaults(func=cmd_index_rebuild)
