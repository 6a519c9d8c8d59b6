"""Documents end to end against `engram serve`: a Markdown text and a URL served by a loopback test
server (loopback allowed by the operator setting, in this test only), recalled, deleted as a unit."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.e2e.conftest import Client, Server, new_key
from tests.integration.document_samples import RUNBOOK

PAGE = b"""<html><head><title>Ledger FAQ</title><script>steal()</script><style>b{}</style></head>
<body><h1>FAQ</h1><p>The ledger snapshot is taken every night at three by the archivist job.</p>
<p>Snapshots older than forty days are pruned by the janitor.</p></body></html>"""


class _Page(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def pages() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Page)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def client(tmp_path_factory) -> Iterator[Client]:
    data_dir = tmp_path_factory.mktemp("engram-docs")
    env = {"ENGRAM_EMBEDDER__PROVIDER": "hashing", "ENGRAM_DOCUMENTS__FETCH_ALLOWED_NETWORKS": "127.0.0.1/32"}
    key = new_key(data_dir, "acme")
    server = Server(data_dir, env)
    yield Client(server.url, key)
    server.stop()


def settled(client: Client, doc_id: str, timeout_s: float = 60) -> dict:
    deadline = time.monotonic() + timeout_s
    while True:
        status, document = client.request("GET", f"/v1/documents/{doc_id}")
        assert status == 200, document
        if document["state"] in ("done", "failed"):
            return document
        assert time.monotonic() < deadline, f"gave up waiting: {document}"
        time.sleep(0.2)


def recalled(client: Client, query: str) -> set[str]:
    status, body = client.request("POST", "/v1/memories/search", {"user_id": "ana", "query": query})
    assert status == 200, body
    return {r["memory"]["id"] for r in body["results"]}


@pytest.mark.parametrize("kind", ["markdown", "url"])
def test_document_lifecycle(client: Client, pages: str, kind: str) -> None:
    if kind == "markdown":
        body = {"user_id": "ana", "text": RUNBOOK, "content_type": "text/markdown", "title": "Runbook"}
        query, title = "ledger worker port 8403 queue depth", "Runbook"
    else:
        body = {"user_id": "ana", "url": f"{pages}/faq"}
        query, title = "when is the ledger snapshot taken", "Ledger FAQ"
    status, accepted = client.request("POST", "/v1/documents", body)
    assert status == 202 and accepted["state"] == "queued"
    document = settled(client, accepted["id"])
    assert document["state"] == "done", document
    assert document["title"] == title and document["chunk_ids"]
    assert recalled(client, query) & set(document["chunk_ids"])
    chunk = client.request("GET", f"/v1/memories/{document['chunk_ids'][0]}")[1]
    assert chunk["memory_type"] == "document_chunk" and "steal()" not in chunk["content"]

    status, deleted = client.request("DELETE", f"/v1/documents/{accepted['id']}")
    assert status == 200 and deleted["chunks_deleted"] == len(document["chunk_ids"])
    assert client.request("GET", f"/v1/documents/{accepted['id']}")[0] == 404
    assert not recalled(client, query) & set(document["chunk_ids"])


def test_without_the_setting_loopback_is_refused(tmp_path, pages: str) -> None:
    data_dir = tmp_path / "plain"
    data_dir.mkdir()
    key = new_key(data_dir, "acme")
    server = Server(data_dir, {"ENGRAM_EMBEDDER__PROVIDER": "hashing"})
    try:
        client = Client(server.url, key)
        status, accepted = client.request("POST", "/v1/documents", {"user_id": "ana", "url": f"{pages}/faq"})
        assert status == 202
        document = settled(client, accepted["id"])
        assert document["state"] == "failed" and "loopback" in document["error"]
    finally:
        server.stop()
