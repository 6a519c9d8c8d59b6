"""`engram serve`: the same resolver as the api Lambda, behind a local HTTP server.

Each request becomes an API Gateway REST proxy event; the API key is checked exactly as the Lambda
authorizer checks it, and the resolved tenant is placed where API Gateway puts authorizer context.
Background threads (enrichment worker, janitor scheduler) are started by `serve()`.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from engram.api.app import EngramApi
from engram.api.errors import error_response
from engram.domain.errors import Unauthorized
from engram.observability import logger
from engram.runtime.container import Container
from engram.runtime.proxy import proxy_event, response_parts
from engram.usecases.keys import authenticate

PUBLIC_ROUTES = {("GET", "/v1/health")}


class ResolverPool:
    """One resolver per in-flight request. The event, context and tenant are per thread already
    (`RequestScopedResolver`); the pool also keeps whatever else the library sets on an instance
    during a request out of reach of a concurrent one. It grows to the server's concurrency."""

    def __init__(self, container: Container) -> None:
        self.container = container
        self._idle: queue.SimpleQueue[EngramApi] = queue.SimpleQueue()

    @contextmanager
    def take(self) -> Iterator[EngramApi]:
        try:
            api = self._idle.get_nowait()
        except queue.Empty:
            api = EngramApi(self.container)
        try:
            yield api
        finally:
            self._idle.put(api)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go out in two writes: no 40 ms delayed-ACK stall
    server: EngramHttpServer

    def log_message(self, format: str, *args: Any) -> None:
        return  # request logs go through the structured logger when enabled

    def _serve(self) -> None:
        container = self.server.resolvers.container
        length = int(self.headers.get("Content-Length") or 0)
        limit = container.settings.max_body_bytes
        if length > limit:
            # Do not read a body we will refuse; close the connection instead of draining it.
            self.close_connection = True
            resp = error_response(
                413, "payload_too_large", f"request body is {length} bytes; the limit is {limit}"
            )
            self._write(resp.status_code, {"Content-Type": "application/json"}, (resp.body or "").encode())
            return
        body = self.rfile.read(length) if length else b""
        headers = {k: v for k, v in self.headers.items()}
        path = self.path.split("?", 1)[0]
        tenant = None
        if (self.command, path) not in PUBLIC_ROUTES:
            try:
                tenant = authenticate(container.keys, self.headers.get("Authorization"))
            except Unauthorized as exc:
                resp = error_response(401, exc.code, exc.message)
                self._write(
                    401,
                    {"Content-Type": "application/json", "WWW-Authenticate": "Bearer"},
                    (resp.body or "").encode(),
                )
                return
        event = proxy_event(
            self.command, self.path, headers, body, tenant=tenant, source_ip=self.client_address[0]
        )
        with self.server.resolvers.take() as api:
            status, out_headers, raw = response_parts(api.handle(event, None))
        self._write(status, out_headers, raw)

    def _write(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.send_response(status)
        for key, value in headers.items():
            if key.lower() not in ("content-length", "connection"):
                self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_PATCH = do_DELETE = do_PUT = do_HEAD = do_OPTIONS = _serve


class EngramHttpServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256

    def __init__(self, address: tuple[str, int], resolvers: ResolverPool) -> None:
        super().__init__(address, _Handler)
        self.resolvers = resolvers

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        host = host.decode() if isinstance(host, bytes) else host
        return f"http://{host}:{port}"


def make_server(container: Container, host: str = "127.0.0.1", port: int = 8080) -> EngramHttpServer:
    return EngramHttpServer((host, port), ResolverPool(container))


def _interrupt(*_: object) -> None:
    raise KeyboardInterrupt


def _fork_workers(server: EngramHttpServer, n: int, build: Callable[[], Container]) -> list[int]:
    """Fork `n` extra processes that accept on the already-bound socket. Each builds its own
    container after the fork: SQLite connections must never be shared across processes."""
    children = []
    for _ in range(n):
        pid = os.fork()
        if pid == 0:  # child: serve requests only; the parent runs the background loops
            signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            server.resolvers = ResolverPool(build())
            try:
                server.serve_forever(poll_interval=0.2)
            finally:
                os._exit(0)
        children.append(pid)
    return children


def serve(
    container: Container,
    host: str,
    port: int,
    background: list[Callable[[threading.Event], None]],
    on_ready: Callable[[EngramHttpServer], None] | None = None,
    workers: int = 1,
    build: Callable[[], Container] | None = None,
) -> None:
    """Run the server (in `workers` processes) and the background loops until interrupted."""
    server = make_server(container, host, port)
    children = _fork_workers(server, workers - 1, build) if workers > 1 and build else []
    signal.signal(signal.SIGTERM, _interrupt)  # `kill` stops it as cleanly as Ctrl-C
    stop = threading.Event()
    threads = [
        threading.Thread(target=loop, args=(stop,), daemon=True, name=loop.__name__) for loop in background
    ]
    for thread in threads:
        thread.start()
    if on_ready:
        on_ready(server)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        for pid in children:
            os.kill(pid, signal.SIGTERM)
        for pid in children:
            os.waitpid(pid, 0)
        stop.set()
        server.server_close()
        for thread in threads:
            thread.join(timeout=5)
        logger.info("stopped", extra={"threads": json.dumps([t.name for t in threads])})
