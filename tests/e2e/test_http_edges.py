"""What `engram serve` answers before the resolver runs, over real sockets: framing it cannot trust
is a 400 JSON answer and a closed connection, the API key is checked before a body is read, and any
method gets a JSON answer (issue 9)."""

from __future__ import annotations

import json
import socket
import urllib.request

import pytest

pytestmark = pytest.mark.e2e


def exchange(url: str, request: bytes, timeout: float = 5.0) -> tuple[int, dict[str, str], bytes, bool]:
    """Send raw bytes; (status, headers, body, whether the server closed the connection)."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=timeout) as sock:
        sock.sendall(request)
        data = b""
        closed = False
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            assert chunk, f"connection closed without an answer: {data!r}"
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = dict(line.split(": ", 1) for line in lines[1:])
        expected = int(headers.get("Content-Length", "0"))
        if not request.startswith(b"HEAD "):
            while len(body) < expected:
                chunk = sock.recv(65536)
                assert chunk, "connection closed mid-body"
                body += chunk
        try:
            sock.settimeout(0.5)  # a server that keeps the connection open sends nothing more
            closed = sock.recv(1) == b""
        except TimeoutError:
            closed = False
        return int(lines[0].split()[1]), headers, body, closed


def request(method: str, path: str, key: str | None, *extra: str, body: bytes = b"") -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: test", *extra]
    if key:
        lines.append(f"Authorization: Bearer {key}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


@pytest.mark.parametrize("length", ["abc", "-5", "-1", "1e3", " 12 3"])
def test_a_content_length_that_is_not_a_byte_count_is_400_and_closes(served, length):
    client, _, server = served
    raw = request("POST", "/v1/memories", client.key, f"Content-Length: {length}", body=b"{}")
    status, headers, body, closed = exchange(server.url, raw)
    assert status == 400 and json.loads(body)["error"] == "bad_request"
    assert headers["Content-Type"] == "application/json" and closed


def test_two_different_content_lengths_are_400(served):
    client, _, server = served
    raw = request("POST", "/v1/memories", client.key, "Content-Length: 2", "Content-Length: 3", body=b"{}")
    assert exchange(server.url, raw)[0] == 400


def test_a_chunked_body_is_411(served):
    client, _, server = served
    raw = request(
        "POST", "/v1/memories", client.key, "Transfer-Encoding: chunked", body=b"2\r\n{}\r\n0\r\n\r\n"
    )
    status, _, body, closed = exchange(server.url, raw)
    assert status == 411 and json.loads(body)["error"] == "length_required" and closed


def test_the_key_is_checked_before_the_body_is_read(served):
    _, _, server = served
    # 60 KB announced, none sent: an answer now means the server did not wait for the body.
    raw = request("POST", "/v1/memories", "not-a-key", "Content-Length: 60000")
    status, headers, body, closed = exchange(server.url, raw, timeout=3)
    assert status == 401 and json.loads(body)["error"] == "unauthorized"
    assert headers["WWW-Authenticate"] == "Bearer" and closed


def test_a_body_that_is_not_utf8_is_400(served):
    client, _, server = served
    raw = request("POST", "/v1/memories", client.key, "Content-Length: 1", body=b"\xff")
    status, _, body, _ = exchange(server.url, raw)
    assert status == 400 and json.loads(body)["error"] == "malformed_json"


@pytest.mark.parametrize("method", ["TRACE", "PUT", "OPTIONS", "PROPFIND"])
def test_any_method_on_a_known_path_is_a_json_405_with_allow(served, method):
    client, _, server = served
    status, headers, body, _ = exchange(server.url, request(method, "/v1/memories", client.key))
    assert status == 405 and headers["Allow"] == "GET, POST"
    assert json.loads(body)["error"] == "method_not_allowed"


def test_head_is_a_405_without_a_body(served):
    client, _, server = served
    host, port = server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=5) as sock:
        sock.sendall(request("HEAD", "/v1/memories", client.key) + request("GET", "/v1/health", None))
        data = b""
        while data.count(b"HTTP/1.1 ") < 2 or not data.endswith(b"}"):
            chunk = sock.recv(65536)
            assert chunk, data
            data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 405") and b"Allow: GET, POST" in head
    assert rest.startswith(b"HTTP/1.1 200")  # the next answer on the connection, not a HEAD body


def test_a_malformed_request_line_is_answered_in_json(served):
    _, _, server = served
    status, _, body, closed = exchange(server.url, b"GET /v1/health HTTP/1.1 extra\r\n\r\n")
    assert status == 400 and json.loads(body)["error"] == "bad_request" and closed


def test_docs_and_openapi_need_no_key_and_name_this_server(served):
    _, _, server = served
    with urllib.request.urlopen(server.url + "/v1/openapi.json", timeout=10) as resp:
        doc = json.loads(resp.read())
    assert doc["servers"] == [{"url": "/"}]  # not /local: Swagger's "Try it out" calls this host
    with urllib.request.urlopen(server.url + "/v1/docs", timeout=10) as resp:
        page = resp.read().decode()
    assert resp.status == 200 and "swagger" in page.lower() and '"url": "/"' in page
