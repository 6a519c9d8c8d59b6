"""`engram serve` under concurrent clients, with one process (threads) and with `--workers 2`."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.e2e.conftest import Client, Server, new_key

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module", params=[1, 2], ids=["1-process", "2-processes"])
def two_workers(request, tmp_path_factory):
    """A server with 1 or 2 HTTP processes: concurrent requests in threads or processes."""
    data_dir = tmp_path_factory.mktemp("engram-workers")
    key = new_key(data_dir, "acme")
    env = {
        "ENGRAM_EMBEDDER__PROVIDER": "hashing",
        "ENGRAM_HTTP_WORKERS": "2",
        "POWERTOOLS_LOG_LEVEL": "ERROR",
    }
    server = Server(data_dir, env)
    yield Client(server.url, key), server
    server.stop()


def test_identical_concurrent_writes_make_one_memory_and_no_errors(two_workers):
    client, _ = two_workers

    def write(i: int):
        fresh = Client(client.url, client.key)  # one connection per thread, spread over both processes
        return fresh.request("POST", "/v1/memories", {"content": "Deploys freeze on Dec 20", "user_id": "u"})

    with ThreadPoolExecutor(16) as pool:
        answers = list(pool.map(write, range(48)))
    client, server = two_workers
    failed = [a for a in answers if a[0] not in (200, 201)]
    assert not failed, (failed[:3], server.log_path.read_text()[-3000:])
    ids = {body["id"] for _, body in answers}
    assert len(ids) == 1
    assert sorted(status for status, _ in answers).count(201) == 1
    _, memory = client.request("GET", f"/v1/memories/{ids.pop()}")
    assert memory["hits"] == 48


def test_stopping_the_server_stops_its_worker_processes(tmp_path):
    import os
    import time

    server = Server(tmp_path, {"ENGRAM_EMBEDDER__PROVIDER": "hashing", "ENGRAM_HTTP_WORKERS": "2"})
    children = _children(server.proc.pid)
    assert len(children) == 1
    server.stop()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(pid) for pid in children):
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in children)
    assert server.proc.returncode is not None and os.path.exists(tmp_path / "engram.sqlite3")


def _children(pid: int) -> list[int]:
    from pathlib import Path

    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    from pathlib import Path

    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
