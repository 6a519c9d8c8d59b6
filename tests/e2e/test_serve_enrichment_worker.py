"""`engram serve` runs the enrichment worker in a process of its own, at a lower CPU priority than
its HTTP processes, started when jobs are waiting: a burst of writes is answered first, and every
memory it stored is still enriched once the burst is over."""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.e2e.conftest import Client, Server, new_key, wait_for

pytestmark = pytest.mark.e2e

BURST = 120


def test_a_burst_of_writes_is_all_enriched_by_a_lower_priority_worker_process(tmp_path):
    key = new_key(tmp_path, "acme")
    env = {
        "ENGRAM_EMBEDDER__PROVIDER": "hashing",
        "ENGRAM_HTTP_WORKERS": "2",
        "ENGRAM_WORKER_PROCESSES": "1",  # one worker process, whatever the machine's cores
        "POWERTOOLS_LOG_LEVEL": "ERROR",
    }
    server = Server(tmp_path, env)
    try:
        client = Client(server.url, key)
        # Given a server with nothing to enrich: no worker process yet
        assert _workers(server.proc.pid) == []

        # When a burst of writes arrives from 8 clients at once
        def write(i: int) -> tuple[int, dict]:
            content = f"Burst note {i}: the release train leaves on platform {i % 7}"
            return Client(server.url, key).request(
                "POST", "/v1/memories", {"content": content, "user_id": "u1"}
            )

        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(write, range(BURST)))

        # Then every write is stored at once, before any enrichment
        assert [status for status, _ in answers] == [201] * BURST, answers[:3]
        assert {body["enrichment"] for _, body in answers} == {"pending"}

        # And a worker process below the server, at a lower priority than it, enriches every one
        deadline = time.monotonic() + 30
        while not (workers := _workers(server.proc.pid)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(workers) == 1, server.log_path.read_text()[-3000:]
        for _, body in answers:
            memory = wait_for(
                client, body["id"], lambda m: m["enrichment"]["state"] != "pending", timeout_s=120
            )
            assert memory["enrichment"]["state"] == "done", memory
        assert _workers(server.proc.pid) == workers  # one process did it all (it outlives a short idle)
        assert _nice(workers[0]) > _nice(server.proc.pid)
    finally:
        server.stop()

    # When the server stops, so does its worker process
    assert not any(_alive(pid) for pid in workers)


def _workers(pid: int) -> list[int]:
    """The enrichment worker processes started by the server `pid`."""
    found = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            stat = (proc / "stat").read_text()
            cmdline = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"engram.runtime.worker" in cmdline:
            found.append(int(proc.name))
    return found


def _nice(pid: int) -> int:
    return int((Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[16])


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(autouse=True)
def _linux_only():
    if not Path("/proc/self/stat").exists() or not hasattr(os, "nice"):
        pytest.skip("reads the processes and their priorities from /proc")
