"""The machinery the FAKE JSON-over-HTTP servers share, for tests only.

`LoopbackJsonServer` listens on a free loopback port while used as a context manager, records every
`POST` it receives (`requests`), and answers from a queue of scripted replies (`replies`) through the
`answer` hook a subclass provides. A `Delay` in the queue makes the server wait before answering.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self


@dataclass(frozen=True)
class Delay:
    """Wait `seconds`, then answer with `reply` (None: answer as if nothing was scripted)."""

    seconds: float
    reply: Any = None


@dataclass
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: Any = field(default=None)  # the parsed JSON body (None when it was not JSON)
    raw: bytes = field(repr=False, default=b"")


class LoopbackJsonServer:
    """Subclasses implement `answer`; `thread_name` and `protocol_version` tune the server."""

    thread_name = "fake-loopback"
    protocol_version = "HTTP/1.0"

    def __init__(self) -> None:
        self.replies: deque[Any] = deque()
        self.requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name=self.thread_name, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def takes_reply(self, path: str) -> bool:
        """Whether a request to `path` consumes the next scripted reply."""
        return True

    def answer(self, path: str, body: Any, reply: Any) -> tuple[int, Any]:
        """The (status, payload) for a request; `reply` is the scripted one, or None. Bytes go out as-is."""
        raise NotImplementedError

    def _receive(self, request: RecordedRequest) -> Any:
        with self._lock:
            self.requests.append(request)
            if self.replies and self.takes_reply(request.path):
                return self.replies.popleft()
        return None

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = fake.protocol_version

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = None
                headers = dict(self.headers.items())
                reply = fake._receive(RecordedRequest("POST", self.path, headers, body, raw))
                if isinstance(reply, Delay):
                    time.sleep(reply.seconds)
                    reply = reply.reply
                self._send(*fake.answer(self.path, body, reply))

            def _send(self, status: int, payload: Any) -> None:
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
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
