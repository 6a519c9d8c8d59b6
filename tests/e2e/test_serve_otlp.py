"""`engram serve` with the standard OTEL_EXPORTER_OTLP_ENDPOINT sends its spans over OTLP/HTTP: a
remember and a recall from its HTTP process, the enrichment from its worker process, each decoded
here as a collector would decode it, and none carrying what was remembered or asked."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)

from tests.e2e.conftest import Client, Server, new_key, wait_for

pytestmark = pytest.mark.e2e

CONTENT = "Maya keeps the spare office keys in the blue drawer"
QUERY = "where are the spare office keys"


class Collector(ThreadingHTTPServer):
    """A loopback OTLP/HTTP trace receiver: POST /v1/traces, protobuf in, spans kept."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Receive)
        self.requests: list[ExportTraceServiceRequest] = []
        self.lock = threading.Lock()

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def spans(self) -> list[tuple[str, dict[str, object], dict[str, object]]]:
        """(name, attributes, resource attributes) of every span received."""
        with self.lock:
            requests = list(self.requests)
        return [
            (span.name, _values(span.attributes), _values(resource.resource.attributes))
            for request in requests
            for resource in request.resource_spans
            for scope in resource.scope_spans
            for span in scope.spans
        ]


class _Receive(BaseHTTPRequestHandler):
    server: Collector

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if self.path != "/v1/traces" or self.headers["Content-Type"] != "application/x-protobuf":
            self.send_error(404)
            return
        request = ExportTraceServiceRequest()
        request.ParseFromString(body)
        with self.server.lock:
            self.server.requests.append(request)
        answer = ExportTraceServiceResponse().SerializeToString()
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args: object) -> None:
        pass


def _values(attributes: object) -> dict[str, object]:
    out: dict[str, object] = {}
    for kv in attributes:  # type: ignore[attr-defined]
        kind = kv.value.WhichOneof("value")
        out[kv.key] = getattr(kv.value, kind) if kind else None
    return out


@pytest.fixture
def collector() -> Iterator[Collector]:
    server = Collector()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def test_serve_sends_its_spans_over_otlp_http_without_content(tmp_path, collector: Collector):
    key = new_key(tmp_path, "acme")
    env = {
        "ENGRAM_EMBEDDER__PROVIDER": "hashing",
        "OTEL_EXPORTER_OTLP_ENDPOINT": collector.endpoint,
        "OTEL_BSP_SCHEDULE_DELAY": "100",  # ms between exports: the spans arrive while the test waits
        "OTEL_SERVICE_NAME": "engram-e2e",
    }
    server = Server(tmp_path, env)
    try:
        client = Client(server.url, key)
        # When a memory is remembered, enriched, and recalled
        status, stored = client.request("POST", "/v1/memories", {"content": CONTENT, "user_id": "maya"})
        assert status == 201, stored
        wait_for(client, stored["id"], lambda m: m["enrichment"]["state"] == "done")
        status, found = client.request("POST", "/v1/memories/search", {"query": QUERY, "user_id": "maya"})
        assert status == 200 and [r["memory"]["id"] for r in found["results"]] == [stored["id"]]

        # Then the collector receives their spans
        wanted = {"engram.remember", "engram.enrich", "engram.recall"}
        deadline = time.monotonic() + 60
        while not wanted <= {name for name, _, _ in collector.spans()}:
            assert time.monotonic() < deadline, f"spans received: {collector.spans()}"
            time.sleep(0.1)
    finally:
        server.stop()

    spans = {name: (attributes, resource) for name, attributes, resource in collector.spans()}
    assert spans["engram.remember"][0]["engram.memory.id"] == stored["id"]
    assert spans["engram.remember"][0]["engram.outcome"] == "stored"
    assert spans["engram.enrich"][0]["engram.outcome.enriched"] == 1
    assert spans["engram.recall"][0]["engram.recall.results"] == 1
    assert {resource["service.name"] for _, resource in spans.values()} == {"engram-e2e"}
    # And no span carries the content, the query, the user or the tenant
    everything = repr(collector.spans()).lower()
    for word in ("drawer", "spare", "maya", "acme"):
        assert word not in everything
