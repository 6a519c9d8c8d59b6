"""Throughput of `engram serve` out of the box: writes/s and searches/s with 16 keep-alive clients.

python bench/bench_throughput.py [--clients 16] [--seconds 10] [--workers auto 1 2]

For each worker setting, `engram serve` starts on a fresh data dir exactly as `make run` starts it
("auto": no --workers, the count it picks from the machine; a number: ENGRAM_HTTP_WORKERS=N), with
the enrichment worker off so the figures are the API's. --clients threads, one keep-alive connection
each, then send `POST /v1/memories` for --seconds (writes/s), then `POST /v1/memories/search` over
what was written for --seconds (searches/s; the default embedder embeds every query, as in `make run`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import Client, Served, drive

TOPICS = ("build cache", "deploy window", "lunch order", "code review", "test runner", "on-call rota")


def write(client: Client, k: int, i: int) -> int:
    body = {
        "content": f"Client {k} note {i}: the {TOPICS[i % len(TOPICS)]} changed to option {i % 97}",
        "user_id": f"u{k % 4}",
    }
    return client.call("POST", "/v1/memories", body)[0]


def search(client: Client, k: int, i: int) -> int:
    body = {"query": f"what is the {TOPICS[(k + i) % len(TOPICS)]} now?", "user_id": f"u{k % 4}", "top_k": 10}
    return client.call("POST", "/v1/memories/search", body)[0]


def measure(workers: str, clients: int, seconds: float) -> dict:
    env = {"ENGRAM_WORKER_ENABLED": "false"}
    if workers != "auto":
        env["ENGRAM_HTTP_WORKERS"] = workers
    saved = os.environ.pop("ENGRAM_HTTP_WORKERS", None)  # "auto" means nothing set
    try:
        served = Served(env)
    finally:
        if saved is not None:
            os.environ["ENGRAM_HTTP_WORKERS"] = saved
    try:
        processes = 1 + len(_children(served.proc.pid))
        writes = drive(served, clients, seconds, write)
        searches = drive(served, clients, seconds, search)
        return {"workers": workers, "processes": processes, "writes": writes, "searches": searches}
    finally:
        served.stop()


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return found


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--workers", nargs="+", default=["auto"], help="'auto' and/or process counts")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    results = []
    for workers in args.workers:
        r = measure(workers, args.clients, args.seconds)
        results.append(r)
        how = "(no flag)" if workers == "auto" else f"--workers {workers}"
        print(f"engram serve {how}: {r['processes']} HTTP processes, {args.clients} keep-alive clients")
        for name in ("writes", "searches"):
            m = r[name]
            print(
                f"  {m['per_s']:6.0f} {name}/s  p50 {m['p50_ms']:.1f} ms, p99 {m['p99_ms']:.1f} ms,"
                f" {m['n']} done, errors {m['errors']}",
                flush=True,
            )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(json.dumps({"bench": "throughput", "clients": args.clients, "results": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
