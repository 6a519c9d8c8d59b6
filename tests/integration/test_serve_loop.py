"""`engram serve`'s HTTP loop in this process on a loopback port, with the poller of Linux (one-shot
epoll, polled by two threads) and the portable one (a selector, one thread): keep-alive, pipelined
requests, a body that arrives in pieces, and an answer bigger than the socket takes at once, which
waits for its slow reader without holding up anyone else."""

from __future__ import annotations

import json
import select
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from engram.runtime.server import EngramHttpServer, _Epoll, _Selector, make_server
from engram.usecases.keys import create_key

POLLERS = [pytest.param(_Selector, id="selector")]
if hasattr(select, "epoll"):
    POLLERS.append(pytest.param(_Epoll, id="epoll"))


@pytest.fixture(params=POLLERS)
def served(request, container) -> Iterator[tuple[EngramHttpServer, str]]:
    secret, _ = create_key(container.keys, "acme")
    server = make_server(container, port=0)
    server.poller_factory = request.param
    # connections accepted from here have a small send buffer: a large answer takes several sends
    server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield server, secret
    server.shutdown()
    thread.join(timeout=10)
    server.server_close()


def connect(server: EngramHttpServer) -> socket.socket:
    return socket.create_connection(server.server_address, timeout=10)


def read_answer(sock: socket.socket, buffer: bytes = b"") -> tuple[int, dict[str, str], bytes, bytes]:
    """(status, headers, body, what came after it) of the next answer on `sock`."""
    while b"\r\n\r\n" not in buffer:
        chunk = sock.recv(65536)
        assert chunk, f"closed before an answer: {buffer!r}"
        buffer += chunk
    head, _, rest = buffer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    length = int(headers["Content-Length"])
    while len(rest) < length:
        chunk = sock.recv(65536)
        assert chunk, "closed mid-body"
        rest += chunk
    return int(lines[0].split()[1]), headers, rest[:length], rest[length:]


def post(secret: str, body: dict, *extra: str) -> tuple[bytes, bytes]:
    raw = json.dumps(body).encode()
    head = "\r\n".join(
        [
            "POST /v1/memories HTTP/1.1",
            "Host: test",
            f"Authorization: Bearer {secret}",
            f"Content-Length: {len(raw)}",
            *extra,
        ]
    )
    return (head + "\r\n\r\n").encode(), raw


def test_pipelined_requests_on_one_connection_are_answered_in_order(served):
    server, secret = served
    requests = b"".join(
        b"".join(post(secret, {"content": f"The deploy window moved to slot {i}", "user_id": "u1"}))
        for i in range(3)
    )
    with connect(server) as sock:
        sock.sendall(requests + b"GET /v1/health HTTP/1.1\r\nHost: test\r\n\r\n")
        rest = b""
        for _ in range(3):
            status, _, body, rest = read_answer(sock, rest)
            assert status == 201 and json.loads(body)["status"] == "stored"
        status, _, body, _ = read_answer(sock, rest)
        assert status == 200 and json.loads(body)["status"] == "ok"


def test_a_body_sent_in_pieces_is_read_whole_even_when_the_client_closes_after(served):
    server, secret = served
    head, body = post(secret, {"content": "The staging database moved to eu-west-1", "user_id": "u1"})
    head = head.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n")
    with connect(server) as sock:
        sock.sendall(head)
        time.sleep(0.1)  # the header section alone is read first
        sock.sendall(body[:10])
        time.sleep(0.1)
        sock.sendall(body[10:])
        status, headers, answer, _ = read_answer(sock)
        assert status == 201 and json.loads(answer)["status"] == "stored"
        assert headers["Connection"] == "close" and sock.recv(1) == b""


def test_a_large_answer_waits_for_its_slow_reader_while_others_are_served(served):
    server, _ = served
    with connect(server) as slow, connect(server) as other:
        slow.sendall(b"GET /v1/openapi.json HTTP/1.1\r\nHost: test\r\n\r\n")
        time.sleep(0.2)  # the answer fills the socket's buffers; nobody reads it yet
        other.sendall(b"GET /v1/health HTTP/1.1\r\nHost: test\r\n\r\n")
        assert read_answer(other)[0] == 200
        status, _, body, _ = read_answer(slow)
        assert status == 200 and json.loads(body)["openapi"].startswith("3.")
        slow.sendall(b"GET /v1/health HTTP/1.1\r\nHost: test\r\n\r\n")  # and the connection goes on
        assert read_answer(slow)[0] == 200


def test_a_head_request_gets_headers_only_and_the_connection_goes_on(served):
    server, _ = served
    with connect(server) as sock:
        sock.sendall(b"HEAD /v1/health HTTP/1.1\r\nHost: t\r\n\r\nGET /v1/health HTTP/1.1\r\nHost: t\r\n\r\n")
        data = b""
        while data.count(b"HTTP/1.1 ") < 2 or not data.endswith(b"}"):
            chunk = sock.recv(65536)
            assert chunk, data
            data += chunk
    first, _, rest = data.partition(b"\r\n\r\n")
    assert first.startswith(b"HTTP/1.1 ") and b"Content-Length: " in first
    assert rest.startswith(b"HTTP/1.1 200")
