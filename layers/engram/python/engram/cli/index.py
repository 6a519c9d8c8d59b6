"""`engram index rebuild`: build the HNSW graphs of the local index again from the SQLite vectors.
`engram index reembed`: after an embedding model switch, re-embed the old model's vectors now.

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
from engram.cli.common import container_of, settings_of


def cmd_index_rebuild(args: argparse.Namespace) -> int:
    # the local extra's (NumPy, usearch)
    from engram.adapters.local.index import LocalIndex
    from engram.providers.embedders import model_id

    settings = settings_of(args)
    if not settings.db_path.exists():
        print(f"no database at {settings.db_path}", file=sys.stderr)
        return 1
    index = LocalIndex(SqliteDatabase(settings.db_path), settings.ann, model=model_id(settings.embedder))
    index.adopt(settings.embedder.dimensions)
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


def cmd_index_reembed(args: argparse.Namespace) -> int:
    """What `engram serve` does in the background after a model switch, in the foreground, to the end
    (or --budget vectors), with a progress bar; prints the run and the progress as JSON."""
    from tqdm import tqdm

    reembed = container_of(args).reembed
    if reembed is None:
        print("this deployment's index does not record embedding models", file=sys.stderr)
        return 1
    before = reembed.progress()
    left = before.vectors - before.current
    budget = left if args.budget is None else min(args.budget, left)
    with tqdm(
        total=budget, unit="vec", desc=f"re-embedding ({before.model})", file=sys.stderr, disable=None
    ) as bar:
        run = reembed.run(budget, on_batch=bar.update) if budget > 0 else None
    report = {
        "reembedded": run.reembedded if run else 0,
        "failed": run.failed if run else 0,
        "dropped": run.dropped if run else 0,
        "progress": reembed.progress().model_dump(mode="json"),
    }
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
    reembed = cs.add_parser("reembed", help="re-embed the vectors of another model with the configured one")
    data_dir(reembed)
    reembed.add_argument("--budget", type=int, help="at most this many vectors (default: all of them)")
    reembed.set_defaults(func=cmd_index_reembed)
