"""`engram serve`: the same resolver as the api Lambda, behind a local HTTP server.

Each request becomes an API Gateway REST proxy event; the API key is checked exactly as the Lambda
authorizer checks it, and the resolved tenant is placed where API Gateway puts authorizer context.
Background loops (enrichment worker, janitor scheduler) are started by `serve()`.

Throughput. A process serves HTTP/1.1 itself over non-blocking sockets with as many loop threads as
it has resolvers (`EngramHttpServer`): each thread polls for a connection with something to read,
reads it, and answers every complete request it holds, start to end, so a request is never handed
from one thread to another, and a slow client (a body in pieces, an answer it reads slowly) holds no
thread while it waits. This replaced the standard library's thread per connection and its buffered
request reading: with 16 keep-alive clients and 2 processes, the CPU the HTTP processes spend on a
write fell from ~1.5 ms to ~1.3 (paired runs on 2 busy cores); `make run` went from 750-920 writes/s
to 1000-1160 (bench/bench_throughput.py at load 3-4).
On the embedded default a process resolves at most two requests at a time (`ResolverPool(turns=2)`):
with every connection resolving at once, the one holding SQLite's write lock waits for the GIL
behind the others each time it releases it, while the other processes wait for that lock (16
clients, 2 cores at load 8: 400 writes/s, ~470 with two turns); one turn alone leaves a process idle
whenever its request waits on SQLite or NumPy outside the GIL (searches fell from 45/s to 10/s).
A key seen before costs one read of a revocation count rather than of the key (`KeyCache`).
"""

from __future__ import annotations

import email.utils
import json
import os
import queue
import select
import selectors
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from typing import Any, Protocol

from engram.api.app import EngramApi
from engram.api.contract import PUBLIC_PATHS
from engram.api.errors import error_response
from engram.domain.errors import Unauthorized
from engram.observability import logger
from engram.runtime.container import Container
from engram.runtime.proxy import proxy_event, response_parts
from engram.usecases.keys import KeyCache, authorizer_context

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
    """One API per in-flight request. Isolation does not need it (engram.api.router hands each request
    its own state); it bounds how many requests a process resolves at once. With `turns` it holds that
    many and a request waits for a free one (a blocking `SimpleQueue.get`, in C: a waiting thread is
    woken by the `put` of the one before it, without the Python-level `Condition` a semaphore would
    wake it through); without, it grows to the server's concurrency."""

    def __init__(self, container: Container, turns: int | None = None) -> None:
        self.container = container
        self.turns = turns
        self.keys = KeyCache(container.keys)  # the process's authenticated keys, beside its resolvers
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
MAX_HEAD = MAX_HEADER_LINE * (MAX_HEADERS + 2)  # request line, headers, empty line
RECV_BYTES = 65536
MAX_THREADS = 32  # a process's loops when its resolvers are not limited (AWS: requests wait on the network)
SERVER = f"{BaseHTTPRequestHandler.server_version} {BaseHTTPRequestHandler.sys_version}"
_CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"


def _head_end(buffer: bytes | bytearray) -> int:
    """Where a request's header section ends (after its empty line), or -1 until it has arrived.
    Lines end in CRLF or, as the standard library also reads them, a bare LF."""
    ends = [i for i in (buffer.find(b"\n\r\n"), buffer.find(b"\n\n")) if i >= 0]
    if not ends:
        return -1
    i = min(ends)
    return i + (3 if buffer[i + 1 : i + 2] == b"\r" else 2)


def _parse_fields(lines: list[bytes]) -> RequestHeaders:
    """`name: value` lines, nothing else (a folded or a nameless line is a 400, as RFC 9112 allows;
    a line or a section too long is a 431)."""
    if len(lines) > MAX_HEADERS:
        raise HeaderError(431, f"more than {MAX_HEADERS} headers")
    fields: list[tuple[str, str]] = []
    for line in lines:
        if len(line) > MAX_HEADER_LINE:
            raise HeaderError(431, "header line too long")
        name, colon, value = line.decode("iso-8859-1").partition(":")
        if not colon or not name or name != name.strip() or name[0] in " \t":
            raise HeaderError(400, f"malformed header line {line[:40]!r}")
        fields.append((name, value.strip()))
    return RequestHeaders(fields)


class _Request:
    """A request whose header section has been read and checked, waiting for (or with) its body."""

    __slots__ = ("close", "context", "fields", "length", "method", "target", "tenant")

    def __init__(self, method: str, target: str, fields: RequestHeaders, length: int, close: bool) -> None:
        self.method, self.target, self.fields, self.length = method, target, fields, length
        self.close = close  # the connection is closed after its answer
        self.tenant: str | None = None
        self.context: dict[str, Any] | None = None


class _Refused(Exception):
    """A request answered before the resolver: its status, error body and extra headers."""

    def __init__(
        self, status: int, error: str, message: str, headers: dict[str, str] | None = None, close: bool = True
    ) -> None:
        super().__init__(message)
        self.status, self.error, self.message, self.headers = status, error, message, headers or {}
        self.close = close  # a body left unread (or of unknown length) must not be taken for a request


class _Connection:
    """One client connection: what has arrived and not been answered yet, the request being read,
    and what is left to send of an answer the socket could not take at once."""

    __slots__ = ("buffer", "close_after", "fd", "method", "out", "peer", "request", "sock")

    def __init__(self, sock: socket.socket, peer: str) -> None:
        self.sock, self.fd, self.peer = sock, sock.fileno(), peer
        self.buffer = bytearray()
        self.request: _Request | None = None
        self.out = b""
        self.close_after = False
        self.method = ""


class _Poller(Protocol):
    """Readiness of the listening socket and the connections. An fd reported ready is not reported
    again until `arm`ed: the thread that got it owns the connection until then."""

    threads: bool  # whether several threads may poll at once

    def add(self, fd: int) -> None: ...
    def arm(self, fd: int, write: bool = False) -> None: ...
    def remove(self, fd: int) -> None: ...
    def poll(self, timeout: float) -> list[int]: ...
    def close(self) -> None: ...


class _Epoll:
    """Linux: one-shot epoll, polled by every loop thread of the process at once; each call takes
    one ready fd, which stays off until re-armed (by any thread), so no two threads ever serve one
    connection and a request needs no hand-over between threads."""

    threads = True

    def __init__(self) -> None:
        self._epoll = select.epoll()

    def add(self, fd: int) -> None:
        self._epoll.register(fd, select.EPOLLIN | select.EPOLLONESHOT)

    def arm(self, fd: int, write: bool = False) -> None:
        self._epoll.modify(fd, (select.EPOLLOUT if write else select.EPOLLIN) | select.EPOLLONESHOT)

    def remove(self, fd: int) -> None:
        with suppress(OSError, ValueError):
            self._epoll.unregister(fd)

    def poll(self, timeout: float) -> list[int]:
        return [fd for fd, _ in self._epoll.poll(timeout, 1)]

    def close(self) -> None:
        self._epoll.close()


class _Selector:
    """Elsewhere: the platform's selector, polled by one thread (it re-arms every fd it was given
    before it polls again, so an fd is never reported twice)."""

    threads = False

    def __init__(self) -> None:
        self._selector = selectors.DefaultSelector()
        self._off: set[int] = set()

    def add(self, fd: int) -> None:
        self._selector.register(fd, selectors.EVENT_READ)

    def arm(self, fd: int, write: bool = False) -> None:
        self._off.discard(fd)
        self._selector.modify(fd, selectors.EVENT_WRITE if write else selectors.EVENT_READ)

    def remove(self, fd: int) -> None:
        self._off.discard(fd)
        with suppress(KeyError, ValueError):
            self._selector.unregister(fd)

    def poll(self, timeout: float) -> list[int]:
        ready = [key.fd for key, _ in self._selector.select(timeout) if key.fd not in self._off]
        self._off.update(ready)
        return ready

    def close(self) -> None:
        self._selector.close()


def _poller() -> _Poller:
    return _Epoll() if hasattr(select, "epoll") else _Selector()


class EngramHttpServer:
    """HTTP/1.1 with keep-alive over non-blocking sockets, served by a few loop threads per process
    (as many as it has resolvers: two on the embedded default), each of which polls for a ready
    connection, reads what arrived, and answers every complete request in it itself."""

    def __init__(self, address: tuple[str, int], resolvers: ResolverPool) -> None:
        self.socket = socket.create_server(address, backlog=256)
        self.socket.setblocking(False)
        self.server_address: tuple[str, int] = self.socket.getsockname()[:2]
        self.resolvers = resolvers
        self._connections: dict[int, _Connection] = {}
        self._stop = threading.Event()
        self._poller: _Poller | None = None
        self.poller_factory: Callable[[], _Poller] = _poller

    @property
    def url(self) -> str:
        host, port = self.server_address
        return f"http://{host}:{port}"

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        """Serve until `shutdown()` (or an exception, KeyboardInterrupt above all, in the calling
        thread, which is one of the loops). The poller is made here, in the process that serves:
        a forked process must not share its parent's."""
        self._stop.clear()
        poller = self._poller = self.poller_factory()
        poller.add(self.socket.fileno())
        count = (self.resolvers.turns or MAX_THREADS) if poller.threads else 1
        threads = [
            threading.Thread(target=self._loop, args=(poller, poll_interval), daemon=True, name=f"http-{i}")
            for i in range(1, count)
        ]
        for thread in threads:
            thread.start()
        try:
            self._loop(poller, poll_interval)
        finally:
            self._stop.set()
            for thread in threads:
                thread.join(timeout=5)

    def shutdown(self) -> None:
        self._stop.set()

    def server_close(self) -> None:
        self._stop.set()
        for conn in list(self._connections.values()):
            self._close(conn)
        self.socket.close()
        if self._poller is not None:
            self._poller.close()

    def _loop(self, poller: _Poller, poll_interval: float) -> None:
        listening = self.socket.fileno()
        while not self._stop.is_set():
            for fd in poller.poll(poll_interval):
                if fd == listening:
                    self._accept(poller)
                elif conn := self._connections.get(fd):
                    try:
                        self._ready(poller, conn)
                    except Exception:  # a bug: this connection is dropped, the loop goes on
                        logger.exception("connection failed", extra={"peer": conn.peer})
                        self._close(conn)

    def _accept(self, poller: _Poller) -> None:
        try:
            while True:  # every connection waiting (another process may take some)
                try:
                    sock, peer = self.socket.accept()
                except (BlockingIOError, InterruptedError):
                    return
                except OSError:  # e.g. out of file descriptors: try again at the next poll
                    logger.exception("accept failed")
                    return
                sock.setblocking(False)
                # an answer is sent at once: no 40 ms delayed-ACK stall
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                conn = _Connection(sock, peer[0] if isinstance(peer, tuple) else str(peer))
                self._connections[conn.fd] = conn
                poller.add(conn.fd)
        finally:
            with suppress(OSError, ValueError):  # closed by server_close meanwhile
                poller.arm(self.socket.fileno())

    def _ready(self, poller: _Poller, conn: _Connection) -> None:
        try:
            if conn.out:
                self._send(conn, conn.out)
            else:
                chunk = conn.sock.recv(RECV_BYTES)
                if not chunk:
                    self._close(conn)
                    return
                conn.buffer += chunk
            while not conn.out and not conn.close_after:
                if not self._answer_next(conn):
                    break
            if conn.out:
                poller.arm(conn.fd, write=True)
            elif conn.close_after:
                self._close(conn)
            else:
                poller.arm(conn.fd)
        except (BlockingIOError, InterruptedError):
            poller.arm(conn.fd)
        except OSError:  # the client went away
            self._close(conn)

    def _answer_next(self, conn: _Connection) -> bool:
        """Answer the next request in the buffer if all of it has arrived (then True), else read on."""
        if conn.request is None:
            end = _head_end(conn.buffer)
            if end < 0:
                if len(conn.buffer) > MAX_HEAD:
                    self._refuse(conn, _Refused(431, "http_error", "request header section too long"))
                    return True
                if conn.buffer.find(b"\n") < 0 and len(conn.buffer) > MAX_HEADER_LINE:
                    self._refuse(conn, _Refused(414, "http_error", "request line too long"))
                    return True
                return False
            head = bytes(conn.buffer[:end])
            del conn.buffer[:end]
            try:
                conn.request = self._read_head(conn, head)
            except _Refused as refused:
                self._refuse(conn, refused)
                return True
            if conn.request is None:  # only empty lines: the connection is closed, as before
                conn.close_after = True
                return True
            if len(conn.buffer) < conn.request.length:
                expect = (conn.request.fields.get("Expect") or "").lower()
                if expect == "100-continue":
                    conn.sock.send(_CONTINUE)
        request = conn.request
        if len(conn.buffer) < request.length:
            return False
        body = bytes(conn.buffer[: request.length])
        del conn.buffer[: request.length]
        conn.request = None
        self._resolve(conn, request, body)
        return True

    def _read_head(self, conn: _Connection, head: bytes) -> _Request | None:
        """The request line's and the header section's checks (the standard library's, and the
        framing and API key checks that come before a body is read)."""
        conn.method = ""
        lines = [line.rstrip(b"\r") for line in head.split(b"\n")[:-2]]
        while lines and not lines[0]:
            lines.pop(0)  # empty lines before a request line are skipped (RFC 9112)
        if not lines:
            return None
        if len(lines[0]) > MAX_HEADER_LINE:
            raise _Refused(414, "http_error", "request line too long")
        requestline = lines[0].decode("iso-8859-1")
        words = requestline.split()
        if len(words) != 3:
            raise _Refused(400, "bad_request", f"Bad request syntax ({requestline[:100]!r})")
        method, target, version = words
        major, dot, minor = version.removeprefix("HTTP/").partition(".")
        if (
            not (version.startswith("HTTP/") and dot and major.isdigit() and minor.isdigit())
            or max(len(major), len(minor)) > 10
        ):
            raise _Refused(400, "bad_request", f"Bad request version ({version[:20]!r})")
        if (int(major), int(minor)) >= (2, 0):
            raise _Refused(505, "http_error", f"Invalid HTTP version ({major}.{minor})")
        try:
            fields = _parse_fields(lines[1:])
        except HeaderError as exc:
            raise _Refused(
                exc.status, "bad_request" if exc.status == 400 else "http_error", str(exc)
            ) from None
        conn.method = method
        connection = (fields.get("Connection") or "").lower()
        close = connection == "close" or ((int(major), int(minor)) < (1, 1) and connection != "keep-alive")
        if target.startswith("//"):  # as the standard library: never an absolute URI without scheme
            target = "/" + target.lstrip("/")
        if "Transfer-Encoding" in fields:
            raise _Refused(411, "length_required", "send the body with a Content-Length, not chunked")
        lengths = {v.strip() for v in fields.get_all("Content-Length") or ["0"]}
        declared = lengths.pop() if len(lengths) == 1 else ", ".join(sorted(lengths))
        if not declared.isdigit() or not declared.isascii():
            raise _Refused(400, "bad_request", f"Content-Length {declared[:20]!r} is not a byte count")
        request = _Request(method, target, fields, int(declared), close)
        container = self.resolvers.container
        if target.split("?", 1)[0] not in PUBLIC_PATHS:
            try:
                key = self.resolvers.keys.authenticate(fields.get("Authorization"))
            except Unauthorized as exc:
                raise _Refused(
                    401,
                    exc.code,
                    exc.message,
                    {"WWW-Authenticate": "Bearer"},
                    close=close or request.length > 0,
                ) from None
            request.tenant, request.context = key.tenant, authorizer_context(key)
        limit = container.settings.max_body_bytes
        if request.length > limit:
            raise _Refused(
                413, "payload_too_large", f"request body is {request.length} bytes; the limit is {limit}"
            )
        return request

    def _refuse(self, conn: _Connection, refused: _Refused) -> None:
        """Answer in the API's JSON error shape without reading the request's body."""
        conn.close_after = refused.close
        conn.request = None
        resp = error_response(refused.status, refused.error, refused.message)
        self._write(conn, refused.status, {**_JSON, **refused.headers}, (resp.body or "").encode())

    def _resolve(self, conn: _Connection, request: _Request, body: bytes) -> None:
        event = proxy_event(
            request.method,
            request.target,
            dict(request.fields.fields),
            body,
            tenant=request.tenant,
            context=request.context,
            source_ip=conn.peer,
        )
        conn.close_after = request.close
        try:
            with self.resolvers.take() as api:
                status, headers, raw = response_parts(api.handle(event, None))
        except Exception:  # the resolver maps every error it knows; this is a bug, answered in JSON
            logger.exception("request failed", extra={"method": request.method, "path": request.target})
            conn.close_after = True
            status, headers = 500, _JSON
            raw = (error_response(500, "internal_error", "internal error").body or "").encode()
        self._write(conn, status, headers, raw)

    def _write(self, conn: _Connection, status: int, headers: dict[str, str], body: bytes) -> None:
        """Status line, headers and body in one write (headers only for HEAD, Content-Length included)."""
        try:
            reason = HTTPStatus(status).phrase
        except ValueError:
            reason = ""
        lines = [
            f"HTTP/1.1 {status} {reason}",
            f"Server: {SERVER}",
            f"Date: {_http_date()}",
            *(f"{k}: {v}" for k, v in headers.items() if k.lower() not in ("content-length", "connection")),
            f"Content-Length: {len(body)}",
        ]
        if conn.close_after:
            lines.append("Connection: close")
        head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
        self._send(conn, head if conn.method == "HEAD" else head + body)

    def _send(self, conn: _Connection, data: bytes) -> None:
        """Send what the socket takes now; the rest waits in `out` for the socket to be writable."""
        try:
            sent = conn.sock.send(data)
        except (BlockingIOError, InterruptedError):
            sent = 0
        conn.out = data[sent:]

    def _close(self, conn: _Connection) -> None:
        if self._connections.pop(conn.fd, None) is None:
            return
        if self._poller is not None:
            self._poller.remove(conn.fd)
        with suppress(OSError):
            conn.sock.shutdown(socket.SHUT_WR)
        conn.sock.close()


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
