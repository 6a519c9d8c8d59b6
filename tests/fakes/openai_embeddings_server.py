"""A FAKE OpenAI-compatible embeddings server on loopback, for tests only.

It answers `POST /v1/embeddings` with the real response shape and records every request:

    with FakeEmbeddingsServer(dimensions=8) as server:
        OpenAIEmbedder(base_url=server.base_url, model="fake-embed", dimensions=8)
        server.replies.append((500, {"error": {"message": "boom"}}))   # the next answer: an HTTP error
        server.replies.append(Delay(1.0))                               # the next answer comes late

Without a scripted reply it embeds the inputs: each vector is `server.vector_for(text)`, deliberately
*not* unit length (clients must normalise), and the `data` items come back in reverse index order
(clients must order by `index`, as the API allows).
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Delay:
    """Wait `seconds`, then answer normally."""

    seconds: float


Reply = tuple[int, Any] | Delay


@dataclass
class RecordedRequest:
    path: str
    headers: dict[str, str]
    body: Any = field(default=None)


class FakeEmbeddingsServer:
    def __init__(self, dimensions: int = 8) -> None:
        self.dimensions = dimensions
        self.replies: deque[Reply] = deque()
        self.requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="fake-embed", daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> FakeEmbeddingsServer:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def vector_for(self, text: str) -> list[float]:
        """A deterministic, non-normalised vector for `text` (entries in [1, 256])."""
        digest = hashlib.sha256(text.encode()).digest()
        return [float(digest[i % len(digest)] + 1) * (1 if i % 2 else -1) for i in range(self.dimensions)]

    def embeddings_response(self, body: dict[str, Any]) -> dict[str, Any]:
        texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
        data = [
            {"object": "embedding", "index": i, "embedding": self.vector_for(text)}
            for i, text in enumerate(texts)
        ]
        tokens = sum(len(text.split()) for text in texts)
        return {
            "object": "list",
            "data": list(reversed(data)),
            "model": body.get("model", ""),
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        }

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = None
                with fake._lock:
                    fake.requests.append(RecordedRequest(self.path, dict(self.headers.items()), body))
                    reply = fake.replies.popleft() if fake.replies else None
                if isinstance(reply, Delay):
                    time.sleep(reply.seconds)
                    reply = None
                if reply is not None:
                    self._send(*reply)
                elif self.path != "/v1/embeddings":
                    self._send(404, {"error": {"message": f"no route {self.path}"}})
                elif not isinstance(body, dict) or "input" not in body:
                    self._send(400, {"error": {"message": "'input' is required"}})
                else:
                    self._send(200, fake.embeddings_response(body))

            def _send(self, status: int, payload: Any) -> None:
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout tests)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return Handler
