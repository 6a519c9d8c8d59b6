"""A FAKE throttling proxy on loopback, for tests only: engram serve has no rate limiting yet, so this
stands in front of a real `engram serve` and answers the first requests itself with a scripted error
(429 with `Retry-After`, 503, ...) in the API's error shape, then forwards the rest, unchanged, to the
real server.

    with ThrottlingProxy(upstream=server.url) as proxy:
        proxy.script.extend([(429, "1"), (429, "1")])   # two 429s asking for a 1 s wait, then real answers
        Engram(proxy.url, key).health()
        proxy.seen                                      # every request it received, in order

`lose` forwards the next requests and answers each with a 502 instead of the real answer: a write the
server applied whose answer the client never got. `idempotency_keys` holds each request's key.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Self

_HOP_BY_HOP = {"connection", "content-length", "transfer-encoding", "keep-alive", "host"}


class ThrottlingProxy:
    def __init__(self, upstream: str) -> None:
        self.upstream = upstream.rstrip("/")
        self.script: deque[tuple[int, str | None]] = deque()  # (status, Retry-After or None)
        self.seen: list[tuple[str, str, int]] = []  # (method, path, status answered)
        self.lose = 0  # the next requests forwarded whose answers are replaced by a 502
        self.idempotency_keys: list[str | None] = []  # each request's Idempotency-Key, in order
        self.upstream_headers: list[dict[str, str]] = []  # the real answers' headers, in order
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="fake-throttle", daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _next(self) -> tuple[int, str | None] | None:
        with self._lock:
            return self.script.popleft() if self.script else None

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:
                return

            def _answer(self, status: int, headers: dict[str, str], body: bytes) -> None:
                self.send_response(status)
                for key, value in headers.items():
                    if key.lower() not in _HOP_BY_HOP:
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                with proxy._lock:
                    proxy.seen.append((self.command, self.path, status))

            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                with proxy._lock:
                    proxy.idempotency_keys.append(self.headers.get("Idempotency-Key"))
                    lose = proxy.lose > 0
                    proxy.lose -= lose
                scripted = proxy._next()
                if scripted is not None:
                    status, retry_after = scripted
                    error = {"error": "throttled", "message": "fake: slow down", "details": []}
                    headers = {"Content-Type": "application/json"}
                    if retry_after is not None:
                        headers["Retry-After"] = retry_after
                    self._answer(status, headers, json.dumps(error).encode())
                    return
                request = urllib.request.Request(proxy.upstream + self.path, data=body, method=self.command)
                for key, value in self.headers.items():
                    if key.lower() not in _HOP_BY_HOP:
                        request.add_header(key, value)
                try:
                    with urllib.request.urlopen(request, timeout=30) as resp:
                        answer = (resp.status, dict(resp.headers.items()), resp.read())
                except urllib.error.HTTPError as err:
                    answer = (err.code, dict(err.headers.items()), err.read())
                with proxy._lock:
                    proxy.upstream_headers.append(answer[1])
                if lose:
                    error = {"error": "bad_gateway", "message": "fake: the answer was lost", "details": []}
                    self._answer(502, {"Content-Type": "application/json"}, json.dumps(error).encode())
                    return
                self._answer(*answer)

            do_GET = do_POST = do_PATCH = do_DELETE = _serve

        return Handler
