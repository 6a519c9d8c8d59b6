"""Shared bench helpers: a started `engram serve`, a keep-alive JSON client, latencies, percentiles."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def latencies_ms(call: Callable[[Any], object], args: Iterable[Any]) -> list[float]:
    """`call(arg)` for each arg in turn, each one timed, in milliseconds."""
    latencies = []
    for arg in args:
        t = time.perf_counter()
        call(arg)
        latencies.append((time.perf_counter() - t) * 1000)
    return latencies


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """`engram serve` in a subprocess on a fresh data dir, with an API key for tenant `bench` (unlimited:
    the benchmarks measure the server, not the key's rate; a number makes it take a token a request)."""

    def __init__(
        self, env: dict[str, str] | None = None, data_dir: str | None = None, key_rate: str = "unlimited"
    ) -> None:
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="engram-bench-")
        self.env = {**os.environ, "POWERTOOLS_LOG_LEVEL": "ERROR", **(env or {})}
        cli = [sys.executable, "-m", "engram.cli"]
        out = subprocess.run(
            [*cli, "keys", "create", "--tenant", "bench", "--rate", key_rate, "--data-dir", self.data_dir],
            capture_output=True,
            text=True,
            check=True,
            env=self.env,
            cwd=ROOT,
        )
        self.key = out.stdout.strip().splitlines()[-1]
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [*cli, "serve", "--port", str(self.port), "--data-dir", self.data_dir],
            env=self.env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/v1/health", timeout=1).read()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("engram serve did not start")

    def client(self) -> Client:
        return Client(self.port, self.key)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=15)


class Client:
    """One keep-alive connection; not thread-safe (make one per thread)."""

    def __init__(self, port: int, key: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}

    def call(self, method: str, path: str, body=None) -> tuple[int, dict]:
        self.conn.request(
            method, path, body=json.dumps(body) if body is not None else None, headers=self.headers
        )
        response = self.conn.getresponse()
        return response.status, json.loads(response.read() or b"null")


def drive(served: Served, clients: int, seconds: float, call: Callable[[Client, int, int], int]) -> dict:
    """`clients` threads each calling `call(client, k, i)` (an HTTP status) until `seconds` are up."""
    done = [0] * clients
    errors = [0] * clients
    latencies: list[list[float]] = [[] for _ in range(clients)]
    connections = [served.client() for _ in range(clients)]
    stop = time.monotonic() + seconds

    def run(k: int) -> None:
        i = 0
        while time.monotonic() < stop:
            t = time.perf_counter()
            status = call(connections[k], k, i)
            latencies[k].append((time.perf_counter() - t) * 1000)
            if status in (200, 201):
                done[k] += 1
            else:
                errors[k] += 1
            i += 1

    threads = [threading.Thread(target=run, args=(k,)) for k in range(clients)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start
    flat = [x for xs in latencies for x in xs]
    return {
        "seconds": elapsed,
        "per_s": sum(done) / elapsed,
        "n": sum(done),
        "errors": sum(errors),
        "p50_ms": percentile(flat, 50),
        "p99_ms": percentile(flat, 99),
    }
