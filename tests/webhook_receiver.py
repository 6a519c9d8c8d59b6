"""A webhook receiver on loopback for the tests: records every request, answers 500 to the first
`fail_first` tries of each event id, and can hold requests until released (a delivery in flight)."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from engram.domain.events import EVENT_ID_HEADER, SIGNATURE_HEADER, verify_signature


@dataclass(frozen=True)
class Received:
    event_id: str
    signature: str
    body: bytes
    answered: int

    @property
    def event(self) -> dict[str, Any]:
        return json.loads(self.body)


class Receiver:
    def __init__(self, fail_first: int = 0) -> None:
        self.fail_first = fail_first
        self.received: list[Received] = []
        self.hold = threading.Event()
        self.hold.set()  # cleared: requests wait (up to a minute) until it is set again, then fail
        self.held = threading.Event()  # set when a request is waiting on `hold`
        self._lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                event_id = self.headers.get(EVENT_ID_HEADER, "")
                held = not receiver.hold.is_set()
                with receiver._lock:
                    tries = sum(1 for r in receiver.received if r.event_id == event_id)
                    status = 503 if held else 500 if tries < receiver.fail_first else 200
                    signature = self.headers.get(SIGNATURE_HEADER, "")
                    receiver.received.append(Received(event_id, signature, body, status))
                if held:  # never acknowledged: answered 503 once released, if anyone still listens
                    receiver.held.set()
                    receiver.hold.wait(60)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self.hold.set()
        self.server.shutdown()
        self.server.server_close()

    def accepted(self) -> dict[str, dict[str, Any]]:
        """Each event the receiver acknowledged with a 2xx, by event id (a receiver's dedup)."""
        with self._lock:
            return {r.event_id: r.event for r in self.received if r.answered == 200}

    def all_signed(self, secret: str) -> bool:
        with self._lock:
            return all(verify_signature(secret, r.signature, r.body, time.time()) for r in self.received)

    def wait_for(self, count: int, timeout_s: float = 60) -> dict[str, dict[str, Any]]:
        """Poll (a generous deadline, not a fixed sleep) until `count` distinct events were accepted."""
        deadline = time.monotonic() + timeout_s
        while len(accepted := self.accepted()) < count:
            assert time.monotonic() < deadline, f"got {len(accepted)} of {count} events: {accepted}"
            time.sleep(0.05)
        return accepted
