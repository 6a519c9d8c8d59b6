"""Write path on the embedded default: in-process remember latency and HTTP throughput.

python bench/bench_write.py [--n 5000] [--clients 16] [--seconds 10]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import Client, Served, drive, latencies_ms, percentile


def in_process(n: int) -> dict:
    from engram.runtime.container import local
    from engram.settings import Settings
    from engram.usecases.remember import RememberCommand

    container = local(Settings(data_dir=Path(tempfile.mkdtemp(prefix="engram-bench-"))))
    remember = container.remember
    for i in range(200):  # warm-up
        remember(RememberCommand(tenant="bench", user_id="warm", content=f"warm-up memory number {i}"))

    def command(i: int, content: str) -> RememberCommand:
        return RememberCommand(tenant="bench", user_id=f"user-{i % 50}", content=content)

    latencies = latencies_ms(
        remember, (command(i, f"User {i} prefers option {i * 7 % 13} for lunch") for i in range(n))
    )
    dedup = latencies_ms(  # the same facts, differently cased: each one a dedup hit
        remember, (command(i, f"user {i} PREFERS option {i * 7 % 13} for lunch") for i in range(min(n, 1000)))
    )
    return {
        "n": n,
        "remember_ms_p50": percentile(latencies, 50),
        "remember_ms_p99": percentile(latencies, 99),
        "dedup_ms_p50": percentile(dedup, 50),
        "dedup_ms_p99": percentile(dedup, 99),
    }


def over_http(clients: int, seconds: float, workers: int) -> dict:
    # The worker is off so the measurement is the write path alone (enrichment has its own bench).
    served = Served({"ENGRAM_WORKER_ENABLED": "false", "ENGRAM_HTTP_WORKERS": str(workers)})

    def write(client: Client, k: int, i: int) -> int:
        body = {"content": f"Client {k} fact {i}: the build uses cache level {i % 97}", "user_id": f"u{k}"}
        status, _ = client.call("POST", "/v1/memories", body)
        return status

    try:
        driven = drive(served, clients, seconds, write)
        return {
            "clients": clients,
            "seconds": round(driven["seconds"], 2),
            "writes": driven["n"],
            "errors": driven["errors"],
            "writes_per_s": driven["per_s"],
            "http_ms_p50": driven["p50_ms"],
            "http_ms_p99": driven["p99_ms"],
        }
    finally:
        served.stop()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=5000)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2], help="HTTP processes to measure")
    args = parser.parse_args()
    a = in_process(args.n)
    print(
        f"remember in-process ({a['n']} writes): p50 {a['remember_ms_p50']:.3f} ms,"
        f" p99 {a['remember_ms_p99']:.3f} ms;"
        f" dedup p50 {a['dedup_ms_p50']:.3f} ms, p99 {a['dedup_ms_p99']:.3f} ms"
    )
    http = {}
    for workers in args.workers:
        b = over_http(args.clients, args.seconds, workers)
        http[f"http_workers_{workers}"] = b
        print(
            f"remember over HTTP, engram serve --workers {workers} ({b['clients']} keep-alive clients,"
            f" {b['seconds']} s): {b['writes_per_s']:.0f} writes/s,"
            f" p50 {b['http_ms_p50']:.2f} ms, p99 {b['http_ms_p99']:.2f} ms, errors {b['errors']}"
        )
    print(json.dumps({"bench": "write", **a, **http}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
