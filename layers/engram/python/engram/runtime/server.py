"""`engram serve`: the same resolver as the api Lambda, behind a local HTTP server.

Each request becomes an API Gateway REST proxy event; the API key is checked exactly as the Lambda
authorizer checks it, and the resolved tenant is placed where API Gateway puts authorizer context.
Background loops (enrichment worker, janitor scheduler) are started by `serve()`.

Throughput. The standard library's request handling is kept (a thread per connection, its request
line checks), but headers are read by `_read_fields` rather than the `email` package (a third of the
HTTP layer's CPU per request) and an answer goes out in one write. On the embedded default a process
resolves at most two requests at a time (`ResolverPool(turns=2)`): with a thread per connection all
resolving at once, the one holding SQLite's write lock waits for the GIL behind the others each time
it releases it, while the other processes wait for that lock (16 clients, 2 cores at load 8: 400 writes/s,
~470 with two turns); one turn alone leaves a process idle whenever its request waits on SQLite or
NumPy outside the GIL (searches fell from 45/s to 10/s). Connections are still read in parallel.
"""

from __future__ import annotations

import email.utils
import json
import os
import queue
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from engram.api.app import EngramApi
from engram.api.contract import PUBLIC_PATHS
from engram.api.errors import error_response
from engram.domain.errors import Unauthorized
from engram.observability import logger
from engram.runtime.container import Container
from engram.runtime.proxy import proxy_event, response_parts
from engram.usecases.keys import authenticate_key, authorizer_context

_JSON = {"Content-Type": "application/json"}
MAX_AUTO_WORKERS = 8  # each process holds its own container and, once it searches, its own model


def default_workers() -> int:
    """`engram serve` without --workers: one HTTP process per core this process may run on, up to
    MAX_AUTO_WORKERS. Requests in one process share its GIL; in several, parsing, validation, query
    embedding and scoring run in parallel, and SQLite serialises only the writes themselves."""
    if not hasattr(os, "fork"):  # the extra processes are forked
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity outside Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_AUTO_WORKERS))


LOCAL_TURNS = 2


def turns_for(container: Container) -> int | None:
    """How many requests a process resolves at once: two on the embedded default, whose requests
    are CPU and local SQLite (see the module's docstring); no limit on AWS, whose requests wait on
    the network most of their time."""
    return LOCAL_TURNS if container.settings.backend == "local" else None


class ResolverPool:
    """One resolver per in-flight request. The event, context and tenant are per thread already
    (`RequestScopedResolver`); the pool also keeps whatever else the library sets on an instance
    during a request out of reach of a concurrent one. With `turns` it holds that many resolvers and a
    request waits for a free one (a blocking `SimpleQueue.get`, in C: a waiting thread is woken by the
    `put` of the one before it, without the Python-level `Condition` a semaphore would wake it through);
    without, it grows to the server's concurrency."""

    def __init__(self, container: Container, turns: int | None = None) -> None:
        self.container = container
        self.turns = turns
        self._idle: queue.SimpleQueue[EngramApi] = queue.SimpleQueue()
        for _ in range(turns or 0):
            self._idle.put(EngramApi(container))

    @contextmanager
    def take(self) -> Iterator[EngramApi]:
        if self.turns:
            api = self._idle.get()
        else:
            try:
                api = self._idle.get_nowait()
            except queue.Empty:
                api = EngramApi(self.container)
        try:
            yield api
        finally:
            self._idle.put(api)


class RequestHeaders:
    """A request's header fields in the order they came, looked up by name whatever its case."""

    def __init__(self, fields: list[tuple[str, str]]) -> None:
        self.fields = fields
        self._by_name: dict[str, list[str]] = {}
        for name, value in fields:
            self._by_name.setdefault(name.lower(), []).append(value)

    def get(self, name: str, default: str | None = None) -> str | None:
        values = self._by_name.get(name.lower())
        return values[0] if values else default

    def get_all(self, name: str) -> list[str]:
        return self._by_name.get(name.lower(), [])

    def __contains__(self, name: str) -> bool:
        return name.lower() in self._by_name


class HeaderError(ValueError):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


MAX_HEADER_LINE = 65536  # the standard library's limits
MAX_HEADERS = 100


def _read_fields(rfile: Any) -> RequestHeaders:
    """The header section up to its empty line: `name: value` lines, nothing else (a folded or a
    nameless line is a 400, as RFC 9112 allows; a line or a section too long is a 431)."""
    fields: list[tuple[str, str]] = []
    while True:
        line = rfile.readline(MAX_HEADER_LINE + 1)
        if len(line) > MAX_HEADER_LINE:
            raise HeaderError(431, "header line too long")
        if line in (b"\r\n", b"\n", b""):
            return RequestHeaders(fields)
        if len(fields) >= MAX_HEADERS:
            raise HeaderError(431, f"more than {MAX_HEADERS} headers")
        name, colon, value = line.decode("iso-8859-1").partition(":")
        if not colon or not name or name != name.strip() or name[0] in " \t":
            raise HeaderError(400, f"malformed header line {line[:40]!r}")
        fields.append((name, value.strip()))


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    default_request_version = "HTTP/1.1"  # a malformed request line still gets a status line and headers
    disable_nagle_algorithm = True  # an answer is written at once: no 40 ms delayed-ACK stall
    server: EngramHttpServer
    fields: RequestHeaders  # the request's headers (`self.headers`, the email parser's, is not read)

    def log_message(self, format: str, *args: Any) -> None:
        return  # request logs go through the structured logger when enabled

    def __getattr__(self, name: str) -> Any:
        """Every method reaches the resolver (`do_TRACE`, `do_FOO`, ...), which answers a known path
        asked with a method it does not route with a JSON 405 and `Allow`, rather than the standard
        library's HTML 501."""
        if name.startswith("do_"):
            return self._serve
        raise AttributeError(name)

    def parse_request(self) -> bool:
        """The standard library's checks of the request line and its `Connection` and `Expect`
        handling, with the headers read by `_read_fields`."""
        self.command = None  # type: ignore[assignment]  # set in case of an error on the first line
        self.request_version = self.default_request_version
        self.close_connection = True
        self.requestline = str(self.raw_requestline, "iso-8859-1").rstrip("\r\n")
        words = self.requestline.split()
        if not words:
            return False
        if len(words) != 3:
            self.send_error(400, f"Bad request syntax ({self.requestline[:100]!r})")
            return False
        command, path, version = words
        major, dot, minor = version.removeprefix("HTTP/").partition(".")
        if (
            not (version.startswith("HTTP/") and dot and major.isdigit() and minor.isdigit())
            or max(len(major), len(minor)) > 10
        ):
            self.send_error(400, f"Bad request version ({version[:20]!r})")
            return False
        if (int(major), int(minor)) >= (2, 0):
            self.send_error(505, f"Invalid HTTP version ({major}.{minor})")
            return False
        self.close_connection = (int(major), int(minor)) < (1, 1)
        self.command, self.path, self.request_version = command, path, version
        if self.path.startswith("//"):  # as the standard library: never an absolute URI without scheme
            self.path = "/" + self.path.lstrip("/")
        try:
            self.fields = _read_fields(self.rfile)
        except HeaderError as exc:
            self.send_error(exc.status, str(exc))
            return False
        connection = (self.fields.get("Connection") or "").lower()
        if connection == "close":
            self.close_connection = True
        elif connection == "keep-alive":
            self.close_connection = False
        expect = (self.fields.get("Expect") or "").lower()
        if expect == "100-continue" and self.request_version >= "HTTP/1.1":
            return self.handle_expect_100()
        return True

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """What the standard library refuses itself (a malformed request line, headers too long, an
        unsupported HTTP version) is answered in the API's JSON error shape too."""
        self.close_connection = True
        reason = message or self.responses.get(code, ("error",))[0]
        resp = error_response(code, "bad_request" if code == 400 else "http_error", reason)
        self._write(code, _JSON, (resp.body or "").encode())

    def _refuse(
        self, status: int, error: str, message: str, headers: dict[str, str] | None = None, close: bool = True
    ) -> None:
        """Answer without reading the request's body. The connection is closed when a body is left
        unread (or its length is unknown): it must not be taken for the next request."""
        self.close_connection = self.close_connection or close
        resp = error_response(status, error, message)
        self._write(status, {**_JSON, **(headers or {})}, (resp.body or "").encode())

    def _serve(self) -> None:
        container = self.server.resolvers.container
        if "Transfer-Encoding" in self.fields:
            self._refuse(411, "length_required", "send the body with a Content-Length, not chunked")
            return
        lengths = {v.strip() for v in self.fields.get_all("Content-Length") or ["0"]}
        declared = lengths.pop() if len(lengths) == 1 else ", ".join(sorted(lengths))
        if not declared.isdigit() or not declared.isascii():
            self._refuse(400, "bad_request", f"Content-Length {declared[:20]!r} is not a byte count")
            return
        length = int(declared)
        path = self.path.split("?", 1)[0]
        tenant, context = None, None
        if path not in PUBLIC_PATHS:
            try:
                key = authenticate_key(container.keys, self.fields.get("Authorization"))
                tenant, context = key.tenant, authorizer_context(key)
            except Unauthorized as exc:
                self._refuse(401, exc.code, exc.message, {"WWW-Authenticate": "Bearer"}, close=length > 0)
                return
        limit = container.settings.max_body_bytes
        if length > limit:
            self._refuse(413, "payload_too_large", f"request body is {length} bytes; the limit is {limit}")
            return
        body = self.rfile.read(length) if length else b""
        if len(body) < length:  # the client closed the connection before sending all it announced
            self.close_connection = True
            return
        event = proxy_event(
            self.command,
            self.path,
            dict(self.fields.fields),
            body,
            tenant=tenant,
            context=context,
            source_ip=self.client_address[0],
        )
        with self.server.resolvers.take() as api:
            status, out_headers, raw = response_parts(api.handle(event, None))
        self._write(status, out_headers, raw)

    def _write(self, status: int, headers: dict[str, str], body: bytes) -> None:
        """Status line, headers and body in one write."""
        reason = self.responses[status][0] if status in self.responses else ""
        lines = [
            f"{self.protocol_version} {status} {reason}",
            f"Server: {self.version_string()}",
            f"Date: {_http_date()}",
            *(f"{k}: {v}" for k, v in headers.items() if k.lower() not in ("content-length", "connection")),
            f"Content-Length: {len(body)}",
        ]
        if self.close_connection:
            lines.append("Connection: close")
        head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
        # a HEAD answer has headers only (Content-Length included)
        self.wfile.write(head if self.command == "HEAD" else head + body)


_date: tuple[int, str] = (0, "")


def _http_date() -> str:
    """The `Date` header's value, formatted once a second rather than for every answer."""
    global _date
    now = int(time.time())
    second, formatted = _date
    if second != now:
        formatted = email.utils.formatdate(now, usegmt=True)
        _date = (now, formatted)
    return formatted


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
    return EngramHttpServer((host, port), ResolverPool(container, turns_for(container)))


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
            container = build()
            server.resolvers = ResolverPool(container, turns_for(container))
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
    """Run the server (in `workers` processes) and the background loops until interrupted.

    `on_ready` runs once the socket listens and before any process answers on it (so what it prints,
    the dev key above all, is there before the first answer), and before the fork (no thread yet)."""
    server = make_server(container, host, port)
    if on_ready:
        on_ready(server)
    children = _fork_workers(server, workers - 1, build) if workers > 1 and build else []
    signal.signal(signal.SIGTERM, _interrupt)  # `kill` stops it as cleanly as Ctrl-C
    stop = threading.Event()
    threads = [
        threading.Thread(target=loop, args=(stop,), daemon=True, name=loop.__name__) for loop in background
    ]
    for thread in threads:
        thread.start()
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
