"""A document's lifecycle through the API on both backends: the embedded default (SQLite, local worker)
and AWS (DynamoDB and SQS under moto, the enrich Lambda's SQS batch handling, the OpenSearch fake).
A Markdown text and a URL served by a loopback test server (loopback allowed in this test only)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from engram.api.app import EngramApi
from engram.cli.invoke import LocalContext
from engram.runtime.container import Container, local
from engram.runtime.sqs_batch import handle_sqs
from engram.runtime.worker import drain
from engram.settings import Settings
from tests.conftest import api_event, sqs_event
from tests.integration.aws_fixtures import atomic_requests
from tests.integration.builders import MotoAws, moto_aws
from tests.integration.document_samples import RUNBOOK

PAGE = (
    b"<html><head><title>Ledger FAQ</title><script>beacon()</script></head><body>"
    b"<p>The ledger snapshot is taken every night at three by the archivist job.</p></body></html>"
)


class _Page(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def page_url() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Page)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/faq"
    httpd.shutdown()
    httpd.server_close()


@dataclass
class World:
    c: Container
    aws: MotoAws | None = None

    def call(self, method: str, path: str, body: Any = None, query: dict | None = None) -> tuple[int, Any]:
        response = EngramApi(self.c).handle(api_event(method, path, body, query=query), None)
        return response["statusCode"], json.loads(response["body"])

    def run_jobs(self) -> None:
        if self.aws is None:
            drain(self.c)
            return
        while messages := self.aws.sqs.receive_message(
            QueueUrl=self.aws.queue_url, MaxNumberOfMessages=10, WaitTimeSeconds=0
        ).get("Messages", []):
            response = handle_sqs(self.c, sqs_event(messages), LocalContext("enrich"))
            assert response["batchItemFailures"] == []
            for message in messages:
                self.aws.sqs.delete_message(
                    QueueUrl=self.aws.queue_url, ReceiptHandle=message["ReceiptHandle"]
                )


@pytest.fixture(params=["local", "aws"])
def world(request: pytest.FixtureRequest, tmp_path) -> Iterator[World]:
    settings = Settings(
        data_dir=tmp_path / "data",
        embedder={"provider": "hashing"},
        worker_enabled=False,
        documents={"fetch_allowed_networks": ["127.0.0.1/32"]},  # the loopback page server, this test only
    )
    if request.param == "local":
        yield World(local(settings))
        return
    with moto_aws(serverless=True) as aws, atomic_requests():
        yield World(aws.container(aws.settings(settings)), aws)


@pytest.mark.parametrize("kind", ["markdown", "url"])
def test_lifecycle(world: World, page_url: str, kind: str) -> None:
    if kind == "markdown":
        body = {"user_id": "ana", "text": RUNBOOK, "content_type": "text/markdown", "title": "Runbook"}
        query, title = "ledger worker port 8406 queue depth", "Runbook"
    else:
        body = {"user_id": "ana", "url": page_url}
        query, title = "when is the ledger snapshot taken", "Ledger FAQ"
    status, accepted = world.call("POST", "/v1/documents", body)
    assert status == 202 and accepted["state"] == "queued"
    assert world.call("GET", f"/v1/documents/{accepted['id']}")[1]["state"] == "queued"

    world.run_jobs()
    status, document = world.call("GET", f"/v1/documents/{accepted['id']}")
    assert status == 200 and document["state"] == "done", document
    assert document["title"] == title and document["chunk_ids"]
    assert [
        d["id"] for d in world.call("GET", "/v1/documents", query={"user_id": "ana"})[1]["documents"]
    ] == [accepted["id"]]
    search = {"user_id": "ana", "query": query, "sources": "documents"}
    status, found = world.call("POST", "/v1/memories/search", search)
    assert status == 200 and {r["memory"]["id"] for r in found["results"]} & set(document["chunk_ids"])
    assert all(r["document"]["id"] == accepted["id"] for r in found["results"])
    chunk = world.call("GET", f"/v1/memories/{document['chunk_ids'][0]}")[1]
    assert chunk["memory_type"] == "document_chunk" and "beacon" not in chunk["content"]

    status, deleted = world.call("DELETE", f"/v1/documents/{accepted['id']}")
    assert status == 200 and deleted["chunks_deleted"] == len(document["chunk_ids"])
    assert world.call("GET", f"/v1/documents/{accepted['id']}")[0] == 404
    assert world.call("GET", "/v1/documents", query={"user_id": "ana"})[1]["documents"] == []
    for memory_id in document["chunk_ids"]:
        assert world.call("GET", f"/v1/memories/{memory_id}")[0] == 404
    status, found = world.call("POST", "/v1/memories/search", search)
    assert status == 200 and found["results"] == []


def test_a_refused_url_fails_the_document_with_its_reason(world: World) -> None:
    status, accepted = world.call(
        "POST", "/v1/documents", {"user_id": "ana", "url": "http://169.254.169.254/"}
    )
    assert status == 202
    world.run_jobs()
    document = world.call("GET", f"/v1/documents/{accepted['id']}")[1]
    assert document["state"] == "failed" and "metadata" in document["error"]


def test_erasing_a_user_drops_their_documents_raw_sources_included(world: World) -> None:
    status, accepted = world.call("POST", "/v1/documents", {"user_id": "ana", "text": RUNBOOK})
    assert status == 202
    world.call("POST", "/v1/documents", {"user_id": "bo", "text": "Bo's own notes on the ledger worker."})
    world.run_jobs()
    assert world.call("DELETE", "/v1/users/ana")[0] == 202
    world.run_jobs()
    assert world.call("GET", f"/v1/documents/{accepted['id']}")[0] == 404
    assert world.c.document_store is not None and world.c.document_store.raw("acme", accepted["id"]) is None
    assert len(world.call("GET", "/v1/documents", query={"user_id": "bo"})[1]["documents"]) == 1
