"""`engram serve` without --workers runs one HTTP process per core (as `make run` does)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from engram.runtime.server import default_workers
from tests.e2e.conftest import Server

pytestmark = pytest.mark.e2e


def test_serve_without_the_flag_forks_one_process_per_core(tmp_path, monkeypatch):
    monkeypatch.delenv("ENGRAM_HTTP_WORKERS", raising=False)
    server = Server(tmp_path, {"ENGRAM_EMBEDDER__PROVIDER": "hashing", "ENGRAM_WORKER_ENABLED": "false"})
    try:
        expected = default_workers()
        deadline = time.monotonic() + 10  # the health check may answer before every fork is done
        while len(_children(server.proc.pid)) < expected - 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(_children(server.proc.pid)) == expected - 1
        noun = "HTTP processes" if expected > 1 else "HTTP process"
        assert f"({expected} {noun};" in server.log_path.read_text()
    finally:
        server.stop()


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return found


@pytest.fixture(autouse=True)
def _linux_only():
    if not Path("/proc/self/stat").exists() or not hasattr(os, "fork"):
        pytest.skip("counts forked processes through /proc")
