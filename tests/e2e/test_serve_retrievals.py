"""`engram serve` writes the retrieval counts its HTTP processes folded (runtime.retrievals) when it
stops: every search that returned a memory counts, whichever process answered it (issue 32 item 3)."""

from __future__ import annotations

from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from engram.adapters.sqlite.db import SqliteDatabase
from tests.e2e.conftest import Client, Server, new_key

pytestmark = pytest.mark.e2e


def test_stopping_the_server_writes_the_retrieval_counts_of_every_process(tmp_path):
    # Given a server with 2 HTTP processes whose retrieval counts are written only on shutdown
    key = new_key(tmp_path, "acme")
    env = {
        "ENGRAM_EMBEDDER__PROVIDER": "hashing",
        "ENGRAM_HTTP_WORKERS": "2",
        "ENGRAM_RETRIEVAL_FLUSH_S": "3600",
        "ENGRAM_WORKER_ENABLED": "false",  # no other writer: the counts come from the shutdown alone
        "POWERTOOLS_LOG_LEVEL": "ERROR",
    }
    server = Server(tmp_path, env)
    try:
        client = Client(server.url, key)
        for content in ("The deploy window is Tuesday afternoon", "Deploys need a second reviewer"):
            status, body = client.request("POST", "/v1/memories", {"content": content, "user_id": "u"})
            assert status == 201, body

        # When 48 searches come over 16 connections (spread over both processes)
        def search(i: int) -> list[str]:
            fresh = Client(server.url, key)
            status, body = fresh.request("POST", "/v1/memories/search", {"query": "deploy", "user_id": "u"})
            assert status == 200, body
            return [r["memory"]["id"] for r in body["results"]]

        with ThreadPoolExecutor(16) as pool:
            returned = Counter(i for ids in pool.map(search, range(48)) for i in ids)
        assert returned and all(n > 0 for n in returned.values())
    finally:
        server.stop()
    assert server.proc.returncode == 0, server.log_path.read_text()[-3000:]

    # Then, once it stopped, each memory counts every search that returned it
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    rows = db.connection().execute("SELECT id, retrieval_count FROM memories WHERE tenant = 'acme'")
    assert {r["id"]: r["retrieval_count"] for r in rows} == dict(returned)
