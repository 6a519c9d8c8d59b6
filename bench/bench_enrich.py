"""Enrichment throughput on the embedded default (MiniLM embedder + rules enricher).

python bench/bench_enrich.py [--n 2000] [--embedder minilm]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

SUBJECTS = [
    "Alice",
    "Bob",
    "The team",
    "Our client",
    "Priya",
    "The billing service",
    "Marco",
    "The on-call rotation",
]
VERBS = [
    "prefers",
    "decided to use",
    "must not use",
    "switched to",
    "is allergic to",
    "loves",
    "needs",
    "meets about",
]
OBJECTS = [
    "PostgreSQL 16 for reporting",
    "dark roast coffee",
    "peanuts and tree nuts",
    "Terraform over CloudFormation",
    "weekly retros on Thursday",
    "the Berlin office",
    "TypeScript for the frontend",
    "a standing desk",
    "deploys on Fridays",
    "the quarterly roadmap review",
    "green tea in the afternoon",
    "Kubernetes 1.30",
]
TAILS = [
    "",
    " from next week",
    " until the end of March",
    " because of latency",
    " after the outage",
    " tomorrow",
]


def sentences(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    out = set()
    while len(out) < n:
        out.add(
            f"{rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)}{rng.choice(TAILS)}"
            f" (note {len(out)})"
        )
    return sorted(out)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--embedder", default="minilm")
    args = parser.parse_args()

    from engram.runtime.container import local
    from engram.runtime.worker import drain
    from engram.settings import Settings
    from engram.usecases.remember import RememberCommand

    container = local(
        Settings(
            data_dir=Path(tempfile.mkdtemp(prefix="engram-bench-")), embedder={"provider": args.embedder}
        )
    )
    container.embedder.embed(["warm up the model"])  # model load is not throughput
    texts = sentences(args.n)
    container.remember.many(
        [RememberCommand(tenant="bench", user_id=f"user-{i % 20}", content=t) for i, t in enumerate(texts)]
    )
    start = time.perf_counter()
    processed = drain(container, batch=64)
    elapsed = time.perf_counter() - start
    depth = container.queue.depth()
    summary = {
        "bench": "enrich",
        "embedder": args.embedder,
        "memories": args.n,
        "jobs": processed,
        "seconds": round(elapsed, 2),
        "memories_per_s": round(args.n / elapsed, 1),
        "dead": depth["dead"],
    }
    print(
        f"enrichment ({args.embedder} + rules, embed → dedup → enrich → index): {args.n} memories in"
        f" {elapsed:.1f} s = {args.n / elapsed:.0f} memories/s; dead jobs {depth['dead']}"
    )
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
