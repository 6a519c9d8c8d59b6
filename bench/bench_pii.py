"""PII/secret screening cost in the write path: one typical memory (about 150 characters) with no
secret, one with a secret, and a small metadata object; median and p99 over many runs.

python bench/bench_pii.py [--n 20000]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import percentile


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=20000)
    args = parser.parse_args()

    started = time.perf_counter()
    from engram.domain.pii import screen, screen_metadata
    from engram.domain.pii_rules import RULES
    from engram.settings import PiiSettings

    import_ms = (time.perf_counter() - started) * 1000
    policy = PiiSettings().model_dump(mode="json")

    clean = (
        "Alice decided to keep the staging database on Postgres 15 and to move the nightly batch "
        "job to 02:00 UTC after the March incident; Bob agreed."
    )
    secret = (
        "Alice keeps the staging database at postgres://app:" + "Xq7" + "vR2mPz9kL4t@db.internal:5432/app "
        "and the nightly job reads it with the token " + "ghp_" + "a1B2c3D4e5F6g7H8i9J0" * 2 + "."
    )
    metadata = {"source": "slack", "thread": "1712345678.123456", "tags": ["db", "ops"], "api_key": "x" * 24}
    cases = {
        f"clean memory ({len(clean)} chars)": lambda: screen(clean, policy),
        f"memory with 2 secrets ({len(secret)} chars)": lambda: screen(secret, policy),
        "metadata, 4 keys": lambda: screen_metadata(metadata, policy),
    }
    results: dict = {
        "rules": len(RULES),
        "import_ms": round(import_ms, 1),  # includes pydantic and the settings model
        "n": args.n,
        "load_average_1m": round(os.getloadavg()[0], 1),
        "cpus": os.cpu_count(),
    }
    for name, call in cases.items():
        for _ in range(500):  # warm-up
            call()
        wall, cpu = [], []
        for _ in range(args.n):
            w, c = time.perf_counter(), time.thread_time()
            call()
            cpu.append((time.thread_time() - c) * 1e6)
            wall.append((time.perf_counter() - w) * 1e6)
        results[name] = {
            "median_us": round(percentile(wall, 50), 1),
            "p99_us": round(percentile(wall, 99), 1),
            # CPU time of this thread only: what the rules cost when the machine is shared
            "cpu_median_us": round(percentile(cpu, 50), 1),
            "cpu_p99_us": round(percentile(cpu, 99), 1),
        }
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
