"""What an `Idempotency-Key` costs a write on the embedded default: `POST /v1/memories` in-process on
SQLite, without a key, with a new key each time (an in-progress record, then the answer kept), and a
replay of a kept key, interleaved; median and p95 over `--n` requests each.

python bench/bench_idempotency.py [--n 300]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import percentile


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=300)
    args = parser.parse_args()

    from engram.api.app import EngramApi
    from engram.runtime.container import local
    from engram.settings import Settings

    api = EngramApi(local(Settings(data_dir=tempfile.mkdtemp(), embedder={"provider": "hashing"})))

    def post(i: int, key: str | None) -> float:
        body = json.dumps({"content": f"Benchmark fact number {i} about the billing service", "user_id": "u"})
        headers = {"Content-Type": "application/json"} | ({"Idempotency-Key": key} if key else {})
        event = {
            "httpMethod": "POST",
            "path": "/v1/memories",
            "resource": "/v1/memories",
            "headers": headers,
            "multiValueHeaders": {k: [v] for k, v in headers.items()},
            "body": body,
            "isBase64Encoded": False,
            "requestContext": {"authorizer": {"tenant": "bench"}, "stage": "local", "path": "/v1/memories"},
        }
        started = time.perf_counter()
        response = api.handle(event, None)
        elapsed = (time.perf_counter() - started) * 1000
        assert response["statusCode"] in (200, 201), response
        return elapsed

    post(-1, "warm-up")
    runs: dict[str, list[float]] = {"no key": [], "new key": [], "replayed key": []}
    for i in range(args.n):  # interleaved: the database grows alike under each
        runs["no key"].append(post(2 * i, None))
        runs["new key"].append(post(2 * i + 1, f"key-{i}"))
        runs["replayed key"].append(post(2 * i + 1, f"key-{i}"))
    for name, ms in runs.items():
        print(f"{name:>13}: median {percentile(ms, 50):.2f} ms, p95 {percentile(ms, 95):.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
