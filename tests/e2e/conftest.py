"""A real `engram serve` subprocess on a free loopback port, and a tiny HTTP client."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def engram(*args: str, data_dir: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engram.cli", *args, "--data-dir", str(data_dir)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


def new_key(data_dir: Path, tenant: str, *options: str) -> str:
    """A fresh API key for the tenant (`engram keys create`, which prints the secret last); unlimited
    unless `options` give a --rate, so no test meets the default rate unless it asks for it."""
    limit = () if "--rate" in options else ("--rate", "unlimited")
    out = engram("keys", "create", "--tenant", tenant, *limit, *options, data_dir=data_dir).stdout
    return out.strip().splitlines()[-1]


class Client:
    def __init__(self, url: str, key: str | None) -> None:
        self.url, self.key = url, key

    def request(self, method: str, path: str, body=None, *, key: str | None = None, raw: bytes | None = None):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        req = urllib.request.Request(self.url + path, data=data, method=method)
        token = key if key is not None else self.key
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return resp.status, json.loads(resp.read() or b"null")
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read() or b"null")


def wait_for(client: Client, memory_id: str, until: Callable[[dict], bool], timeout_s: float = 30) -> dict:
    """GET the memory until `until(memory)` holds; fail after `timeout_s`."""
    deadline = time.monotonic() + timeout_s
    while True:
        status, memory = client.request("GET", f"/v1/memories/{memory_id}")
        assert status == 200, memory
        if until(memory):
            return memory
        assert time.monotonic() < deadline, f"gave up waiting after {timeout_s} s: {memory}"
        time.sleep(0.2)


class Server:
    def __init__(self, data_dir: Path, env: dict | None = None) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = data_dir / "serve.log"
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "engram.cli",
                "serve",
                "--port",
                str(self.port),
                "--data-dir",
                str(data_dir),
            ],
            cwd=ROOT,
            env={**os.environ, **(env or {})},
            stdout=self.log_path.open("w"),  # a file, not a pipe nobody reads (a full pipe would block it)
            stderr=subprocess.STDOUT,
            text=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"engram serve exited: {self.log_path.read_text()}")
            try:
                with urllib.request.urlopen(self.url + "/v1/health", timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("engram serve did not become healthy in 60 s")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """(client for tenant acme, client for tenant other, server)."""
    data_dir = tmp_path_factory.mktemp("engram-e2e")
    env = {"ENGRAM_EMBEDDER__PROVIDER": "hashing"}
    key = new_key(data_dir, "acme")
    other = new_key(data_dir, "other")
    server = Server(data_dir, env)
    yield Client(server.url, key), Client(server.url, other), server
    server.stop()
