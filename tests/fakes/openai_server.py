"""A FAKE OpenAI-compatible chat-completions server on loopback, for tests only.

It answers `POST /v1/chat/completions` with the real response shape, from a queue of scripted replies,
and records every request it receives:

    with FakeOpenAIServer() as server:
        server.replies.append('{"importance": 3, ...}')          # 200, this string as message content
        server.replies.append((503, {"error": {"message": "overloaded"}}))  # an HTTP error
        server.replies.append(Delay(2.0, '{"importance": 3}'))   # answer late, to exercise timeouts
        OpenAICompatEnricher(base_url=server.base_url, ...)
        server.requests[0].body["response_format"]

An empty queue answers 500, so an unexpected call fails the test loudly.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from itertools import count
from typing import Any


@dataclass(frozen=True)
class Delay:
    """Wait `seconds` before answering with `reply` (a content string or a (status, body) pair)."""

    seconds: float
    reply: str | tuple[int, Any] = "{}"


Reply = str | tuple[int, Any] | Delay


@dataclass
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: Any  # the parsed JSON body (None when it was not JSON)
    raw: bytes = field(repr=False, default=b"")


class FakeOpenAIServer:
    def __init__(self, model: str = "fake-model") -> None:
        self.model = model
        self.replies: deque[Reply] = deque()
        self.requests: list[RecordedRequest] = []
        self._ids = count(1)
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="fake-openai", daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> FakeOpenAIServer:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    # ------------------------------------------------------------------ internals

    def completion(self, content: str) -> dict[str, Any]:
        """The body of a successful chat completion whose message content is `content`."""
        return {
            "id": f"chatcmpl-fake-{next(self._ids)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": self.model,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "logprobs": None,
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 42, "completion_tokens": len(content.split()), "total_tokens": 99},
        }

    def _next_reply(self) -> Reply:
        with self._lock:
            if self.replies:
                return self.replies.popleft()
        return (500, {"error": {"message": "FakeOpenAIServer: no scripted reply left", "type": "fake"}})

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = None
                fake.requests.append(
                    RecordedRequest("POST", self.path, dict(self.headers.items()), body, raw)
                )
                if self.path.rstrip("/") != "/v1/chat/completions":
                    self._send(404, {"error": {"message": f"unknown route {self.path}"}})
                    return
                reply = fake._next_reply()
                if isinstance(reply, Delay):
                    time.sleep(reply.seconds)
                    reply = reply.reply
                if isinstance(reply, tuple):
                    self._send(*reply)
                else:
                    self._send(200, fake.completion(reply))

            def _send(self, status: int, body: Any) -> None:
                if isinstance(body, bytes):
                    data = body
                elif isinstance(body, str):
                    data = body.encode()
                else:
                    data = json.dumps(body).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test): nothing to answer

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return Handler
