"""How `engram serve` reads a request's header section (uvicorn's h11), over real sockets: names in
any case, several requests on one keep-alive connection, and a header section it cannot trust
answered in JSON with the connection closed."""

from __future__ import annotations

import json

import pytest

from tests.e2e.test_http_edges import exchange

pytestmark = pytest.mark.e2e


def test_header_names_are_read_in_any_case_and_requests_share_a_connection(served):
    client, _, server = served
    body = json.dumps({"content": "The staging database moves to eu-west-1", "user_id": "framing"}).encode()
    write = (
        f"POST /v1/memories HTTP/1.1\r\nhost: test\r\nauthorization: Bearer {client.key}\r\n"
        f"content-type: application/json\r\nCONTENT-LENGTH: {len(body)}\r\n\r\n"
    ).encode() + body
    read = f"GET /v1/memories?user_id=framing HTTP/1.1\r\nHost: test\r\nAuthorization:Bearer {client.key}\r\n"
    read += "\r\n"
    status, _, answer, closed = exchange(server.url, write + read.encode())
    # exchange reads the first answer; the second is checked on its own connection below
    assert status == 201 and json.loads(answer)["status"] == "stored" and not closed
    status, _, answer, _ = exchange(server.url, read.encode())
    assert status == 200 and [m["content"] for m in json.loads(answer)["items"]] == [
        "The staging database moves to eu-west-1"
    ]


@pytest.mark.parametrize(
    "line",
    ["no colon here", " Leading-Space: x", "Space-Before-Colon : x", "Nul: a\0b"],
    ids=["no-colon", "leading-space", "space-before-colon", "nul-in-value"],
)
def test_a_malformed_header_line_is_400_json_and_closes(served, line):
    _, _, server = served
    status, headers, body, closed = exchange(
        server.url, f"GET /v1/health HTTP/1.1\r\n{line}\r\nHost: test\r\n\r\n".encode()
    )
    assert status == 400 and json.loads(body)["error"] == "bad_request" and closed
    assert headers["Content-Type"] == "application/json"


def test_too_many_headers_is_431_json(served):
    _, _, server = served
    many = "".join(f"X-H{i}: {i}\r\n" for i in range(100))
    status, _, body, closed = exchange(
        server.url, f"GET /v1/health HTTP/1.1\r\nHost: test\r\n{many}\r\n".encode()
    )
    assert status == 431 and json.loads(body)["error"] == "http_error" and closed


def test_a_header_section_still_unfinished_past_the_size_limit_is_431_json_and_closes(served):
    _, _, server = served
    big = "X-Big: " + "x" * 70_000  # ENGRAM_SERVER__MAX_HEADER_BYTES: 64 KiB, and no end in sight
    status, _, body, closed = exchange(server.url, f"GET /v1/health HTTP/1.1\r\nHost: test\r\n{big}".encode())
    assert status == 431 and json.loads(body)["error"] == "http_error" and closed


def test_a_request_without_host_is_400_as_http_1_1_requires(served):
    _, _, server = served
    status, _, body, closed = exchange(server.url, b"GET /v1/health HTTP/1.1\r\n\r\n")
    assert status == 400 and json.loads(body)["error"] == "bad_request" and closed


def test_http_2_is_505_and_http_1_0_closes_after_its_answer(served):
    _, _, server = served
    status, _, _, closed = exchange(server.url, b"GET /v1/health HTTP/2.0\r\n\r\n")
    assert status == 505 and closed
    status, _, body, closed = exchange(server.url, b"GET /v1/health HTTP/1.0\r\n\r\n")
    assert status == 200 and json.loads(body)["status"] == "ok" and closed
