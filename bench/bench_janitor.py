"""Benchmark one janitor decay pass on the embedded default (SQLite).

    .venv/bin/python bench/bench_janitor.py [--n 100000] [--batch-limit 500]

Inserts `n` memories straight into the SQLite store (a mix of the four provenances, 400 days old,
never retrieved, so every one is due) and copies the database, then runs the decay job's whole pass
(batches of `batch-limit`) twice, once on each copy: first plain, for the seconds it takes and the
growth of the process's peak RSS (`resource.getrusage`); then under tracemalloc, for the peak of
Python allocations during the pass (tracemalloc slows it down, so its time is reported apart).
A one-line JSON summary comes last.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import resource
import shutil
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
from engram.runtime.janitor_wiring import janitor_for
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
    store.db.connection().execute("PRAGMA synchronous=OFF")  # seeding only: no fsync per insert
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
    store.db.connection().execute("PRAGMA synchronous=NORMAL")
    store.db.connection().execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return time.perf_counter() - started


def decay_pass(settings: Settings, now: datetime, *, traced: bool) -> dict[str, float]:
    """One whole decay pass on the database in `settings.data_dir`."""
    janitor = janitor_for(local(settings, clock=Clock(now)))
    rss_before = peak_rss_mib()
    if traced:
        tracemalloc.start()
    started = time.perf_counter()
    # powertools prints EMF metric lines to stdout once 100 values pile up; keep the output readable
    with contextlib.redirect_stdout(io.StringIO()):
        report = janitor.run("decay", max_batches=10**9)
    seconds = time.perf_counter() - started
    traced_peak = tracemalloc.get_traced_memory()[1] / (1024 * 1024) if traced else 0.0
    tracemalloc.stop()
    decayed = report.counts.get("decayed", 0)
    assert report.complete and decayed == report.examined, report.summary()
    return {
        "decayed": decayed,
        "batches": report.batches,
        "seconds": seconds,
        "rss_growth_mib": peak_rss_mib() - rss_before,
        "tracemalloc_peak_mib": traced_peak,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="memories to decay")
    parser.add_argument("--batch-limit", type=int, default=500, help="memories per janitor batch")
    parser.add_argument("--data-dir", help="where the SQLite databases go (default: a temp dir)")
    args = parser.parse_args(argv)

    root = Path(args.data_dir or tempfile.mkdtemp(prefix="engram-bench-janitor-"))
    now = datetime.now(UTC)
    plain, traced = (
        Settings(
            data_dir=root / name, embedder={"provider": "hashing"}, janitor={"batch_limit": args.batch_limit}
        )
        for name in ("plain", "traced")
    )
    insert_s = seed(local(plain, clock=Clock(now)).store, args.n, now - timedelta(days=400))
    traced.data_dir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(plain.db_path, traced.db_path)
    print(f"inserted {args.n:,} memories in {insert_s:.1f} s into {root}")

    run = decay_pass(plain, now, traced=False)
    memory = decay_pass(traced, now, traced=True)
    assert run["decayed"] == memory["decayed"] == args.n
    print(f"decay pass: {args.n:,} memories demoted in {run['batches']:.0f} batches of {args.batch_limit}")
    print(f"  {run['seconds']:.1f} s  ({args.n / run['seconds']:,.0f} memories/s)")
    print(f"  peak RSS grew {run['rss_growth_mib']:.1f} MiB (process peak {peak_rss_mib():.1f} MiB)")
    print(
        f"  tracemalloc peak {memory['tracemalloc_peak_mib']:.1f} MiB"
        f" (traced pass on a copy: {memory['seconds']:.1f} s)"
    )
    summary = {
        "bench": "janitor_decay",
        "backend": "sqlite",
        "memories": args.n,
        "batch_limit": args.batch_limit,
        "batches": run["batches"],
        "seconds": round(run["seconds"], 2),
        "per_second": round(args.n / run["seconds"]),
        "rss_growth_mib": round(run["rss_growth_mib"], 1),
        "tracemalloc_peak_mib": round(memory["tracemalloc_peak_mib"], 1),
        "traced_seconds": round(memory["seconds"], 2),
        "insert_seconds": round(insert_s, 1),
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
