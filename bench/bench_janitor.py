"""Benchmark one janitor decay pass on the embedded default (SQLite).

    .venv/bin/python bench/bench_janitor.py [--n 100000] [--batch-limit 500] [--no-tracemalloc]

Inserts `n` memories straight into the SQLite store (a mix of the four provenances, 400 days old,
never retrieved, so every one is due), then runs the decay job over the whole pass in batches of
`batch-limit` and prints the seconds it took and how much memory it grew: the tracemalloc peak (Python
allocations during the pass; tracemalloc slows the pass down, `--no-tracemalloc` times it without) and
the growth of the process's peak RSS (`resource.getrusage`). A one-line JSON summary comes last.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import resource
import sys
import tempfile
import time
import tracemalloc
from datetime import UTC, datetime, timedelta
from pathlib import Path

from ulid import ULID

from engram.domain.models import Enrichment, EnrichmentState, Memory, Provenance
from engram.domain.text import content_hash
from engram.runtime.container import local
from engram.runtime.janitor import janitor_for
from engram.settings import Settings

PROVENANCES = list(Provenance)


class Clock:
    def __init__(self, now: datetime) -> None:
        self.current = now

    def now(self) -> datetime:
        return self.current


def peak_rss_mib() -> float:
    """The process's peak resident set so far (ru_maxrss: KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def seed(store, n: int, at: datetime) -> float:
    """Insert n old, unretrieved, enriched memories; seconds taken."""
    started = time.perf_counter()
    done = Enrichment(state=EnrichmentState.done, updated_at=at)
    for i in range(n):
        content = f"Fact number {i} about user {i % 97}: prefers option {i % 13} for project {i % 31}"
        store.insert_or_dedup(
            Memory(
                id=str(ULID.from_datetime(at)),
                tenant=f"tenant-{i % 5}",
                user_id=f"user-{i % 97}",
                content=content,
                content_hash=content_hash(content),
                provenance=PROVENANCES[i % len(PROVENANCES)],
                confidence=0.9,
                created_at=at,
                updated_at=at,
                observed_at=at,
                enrichment=done,
            )
        )
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="memories to decay")
    parser.add_argument("--batch-limit", type=int, default=500, help="memories per janitor batch")
    parser.add_argument("--no-tracemalloc", dest="trace", action="store_false")
    parser.add_argument("--data-dir", help="where the SQLite database goes (default: a temp dir)")
    args = parser.parse_args(argv)

    data_dir = Path(args.data_dir or tempfile.mkdtemp(prefix="engram-bench-janitor-"))
    now = datetime.now(UTC)
    clock = Clock(now)
    settings = Settings(
        data_dir=data_dir, embedder={"provider": "hashing"}, janitor={"batch_limit": args.batch_limit}
    )
    container = local(settings, clock=clock)
    insert_s = seed(container.store, args.n, now - timedelta(days=400))
    print(f"inserted {args.n:,} memories in {insert_s:.1f} s ({args.n / insert_s:,.0f}/s) into {data_dir}")

    janitor = janitor_for(container)
    rss_before = peak_rss_mib()
    if args.trace:
        tracemalloc.start()
    started = time.perf_counter()
    # powertools prints EMF metric lines to stdout once 100 values pile up; keep the output readable
    with contextlib.redirect_stdout(io.StringIO()):
        report = janitor.run("decay", max_batches=10**9)
    seconds = time.perf_counter() - started
    traced_peak = tracemalloc.get_traced_memory()[1] / (1024 * 1024) if args.trace else None
    tracemalloc.stop()
    rss_growth = peak_rss_mib() - rss_before

    decayed = report.counts.get("decayed", 0)
    assert report.complete and decayed == args.n, report.summary()
    print(f"decay pass: {decayed:,} of {report.examined:,} memories demoted in {report.batches} batches")
    print(f"  {seconds:.1f} s  ({decayed / seconds:,.0f} memories/s)")
    if traced_peak is not None:
        print(f"  tracemalloc peak {traced_peak:.1f} MiB (timing includes tracemalloc's overhead)")
    print(f"  peak RSS grew {rss_growth:.1f} MiB (to {peak_rss_mib():.1f} MiB)")
    summary = {
        "bench": "janitor_decay",
        "backend": "sqlite",
        "memories": args.n,
        "decayed": decayed,
        "batch_limit": args.batch_limit,
        "batches": report.batches,
        "seconds": round(seconds, 2),
        "per_second": round(decayed / seconds),
        "tracemalloc": args.trace,
        "tracemalloc_peak_mib": round(traced_peak, 1) if traced_peak is not None else None,
        "rss_growth_mib": round(rss_growth, 1),
        "insert_seconds": round(insert_s, 1),
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
