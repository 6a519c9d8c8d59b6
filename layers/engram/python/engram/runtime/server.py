"""`engram serve`: the api Lambda's API behind uvicorn, through a thin ASGI adapter (`GatewayApp`).

Each request becomes the API Gateway REST proxy event; the key is checked as the authorizer does,
before the body is read. The synchronous API runs in a thread pool, one EngramApi per request in
flight (`ResolverPool`). `EngramProtocol` adds limits uvicorn lacks; `--workers N` forks N-1 more.
"""

from __future__ import annotations

import asyncio
import gc
import heapq
import json
import os
import queue
import resource
import signal
import socket
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import uvicorn
from pydantic import BaseModel
from uvicorn.protocols.http.h11_impl import H11Protocol

import engram.api.schemas
import engram.api.sessions
import engram.domain.models
import engram.ports
from engram.api.app import EngramApi
from engram.api.contract import PUBLIC_PATHS
from engram.api.errors import error_response
from engram.domain.errors import Unauthorized
from engram.observability import logger
from engram.runtime import slots
from engram.runtime.container import Container
from engram.runtime.proxy import proxy_event, response_parts
from engram.settings import ServerSettings
from engram.usecases.keys import KeyCache, authorizer_context

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

MAX_AUTO_WORKERS = 8  # each process holds its own container and, once it searches, its own model
LOCAL_THREADS = 2  # requests resolved at once on the embedded default (CPU and SQLite, one GIL)
AWS_THREADS = 32  # … on AWS, whose requests wait on the network most of their time
WAITING_THREADS = 16  # more threads, for requests that wait for enrichment without a slot (runtime.slots)
# asyncio accepts up to uvicorn's `backlog` connections at a time, and a few batches may come before
# the first of them is shed: uvicorn gets this batch, the kernel's queue the operator's backlog.
ACCEPT_BATCH = 16
UNSHED_BATCHES = 4
RESERVED_FDS = 64  # the process's own files: SQLite, the model, pipes, the worker process's
_JSON = [(b"Content-Type", b"application/json")]


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


def threads_for(container: Container) -> int:
    settings = container.settings
    default = LOCAL_THREADS if settings.backend == "local" else AWS_THREADS
    return settings.server.threads or default


def connection_cap(limits: ServerSettings) -> int:
    """`max_connections`, lowered to what the file-descriptor limit leaves once the process's own
    files and an accept batch are counted: past the cap a connection is shed, so `accept` never
    runs out of descriptors and a health check always gets one."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    room = (
        soft - RESERVED_FDS - UNSHED_BATCHES * ACCEPT_BATCH
        if soft != resource.RLIM_INFINITY
        else limits.max_connections
    )
    return max(1, min(limits.max_connections, room))


class ResolverPool:
    """The process's API: one EngramApi per request in flight (the resolver keeps its request on
    itself), lent to one request at a time and run in a pool of threads, so a request never waits for
    an API, only for a thread. `threads` requests run at once (slots); WAITING_THREADS more may wait
    for enrichment meanwhile. A key seen before costs one read of a revocation count (`KeyCache`)."""

    def __init__(self, container: Container, threads: int) -> None:
        self.container = container
        self.keys = KeyCache(container.keys)
        self._idle: queue.SimpleQueue[EngramApi] = queue.SimpleQueue()
        self._slots = threading.Semaphore(threads)
        self._threads = ThreadPoolExecutor(threads + WAITING_THREADS, thread_name_prefix="engram-api")

    def handle(self, event: dict[str, Any]) -> dict[str, Any]:
        with slots.running(self._slots):
            try:
                api = self._idle.get_nowait()
            except queue.Empty:  # at most one per thread is ever made
                api = EngramApi(self.container)
            try:
                return api.handle(event, None)
            finally:
                self._idle.put(api)

    async def run(self, call: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._threads, call, *args)

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)


class _Refused(Exception):
    """A request answered before the API: its status, error body, headers, and whether the
    connection must close (a body left unread must not be taken for the next request)."""

    def __init__(
        self, status: int, error: str, message: str, headers: dict[str, str] | None = None, close: bool = True
    ) -> None:
        super().__init__(message)
        self.status, self.error, self.message = status, error, message
        self.headers, self.close = headers or {}, close


class GatewayApp:
    """ASGI → API Gateway REST proxy event → EngramApi → ASGI, with the checks API Gateway and the
    authorizer make before the Lambda runs: framing, the API key (public paths excepted), body size."""

    def __init__(self, container: Container, pool: ResolverPool) -> None:
        self.pool = pool
        self.max_body = container.settings.max_body_bytes
        self.max_headers = container.settings.server.max_headers
        self.local_keys = container.settings.backend == "local"  # SQLite: read in the loop's thread

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # no lifespan, no websockets
            return
        try:
            await self._serve(scope, receive, send)
        except _Refused as refused:
            await _answer(send, refused.status, refused.headers, _error(refused), close=refused.close)
        except Exception:  # the API maps every error it knows; this is a bug, answered in JSON
            logger.exception("request failed", extra={"method": scope["method"], "path": scope["path"]})
            await _answer(
                send, 500, {}, _error(_Refused(500, "internal_error", "internal error")), close=True
            )

    async def _serve(self, scope: Scope, receive: Receive, send: Send) -> None:
        fields = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in scope["headers"]]
        if len(fields) > self.max_headers:
            raise _Refused(431, "http_error", f"more than {self.max_headers} headers")
        if scope["http_version"] not in ("1.0", "1.1"):
            raise _Refused(505, "http_error", f"Invalid HTTP version ({scope['http_version']})")
        headers = dict(fields)  # names in lower case (h11), the last of a repeated one
        if "transfer-encoding" in headers:
            raise _Refused(411, "length_required", "send the body with a Content-Length, not chunked")
        length = int(headers.get("content-length") or 0)  # h11 has checked it is one byte count
        target = scope["raw_path"].decode("latin-1")
        if target.startswith("//"):  # never an absolute URI without a scheme
            target = "/" + target.lstrip("/")
        tenant = context = None
        if target not in PUBLIC_PATHS:
            authorization = headers.get("authorization")
            try:
                if self.local_keys:
                    key = self.pool.keys.authenticate(authorization)
                else:
                    key = await self.pool.run(self.pool.keys.authenticate, authorization)
            except Unauthorized as exc:
                raise _Refused(
                    401, exc.code, exc.message, {"WWW-Authenticate": "Bearer"}, close=length > 0
                ) from None
            tenant, context = key.tenant, authorizer_context(key)
        if length > self.max_body:
            raise _Refused(
                413, "payload_too_large", f"request body is {length} bytes; the limit is {self.max_body}"
            )
        body = b""
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        if scope["query_string"]:
            target += "?" + scope["query_string"].decode("latin-1")
        peer = scope.get("client")
        source_ip = peer[0] if peer else "127.0.0.1"
        event = proxy_event(
            scope["method"], target, fields, body, tenant=tenant, context=context, source_ip=source_ip
        )
        status, answer_headers, raw = response_parts(await self.pool.run(self.pool.handle, event))
        await _answer(send, status, answer_headers, raw)


def _error(refused: _Refused) -> bytes:
    return (error_response(refused.status, refused.error, refused.message).body or "").encode()


async def _answer(send: Send, status: int, headers: dict[str, str], body: bytes, close: bool = False) -> None:
    """The answer with its names as the API wrote them (as API Gateway sends them on)."""
    fields = [
        (k.encode("latin-1"), str(v).encode("latin-1"))
        for k, v in headers.items()
        if k.lower() not in ("content-length", "connection")
    ]
    if not any(name.lower() == b"content-type" for name, _ in fields):
        fields += _JSON
    fields.append((b"Content-Length", str(len(body)).encode()))
    if close:
        fields.append((b"Connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": fields})
    await send({"type": "http.response.body", "body": body})


class EngramProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 (h11) plus what it lacks: a deadline for a whole request (uvicorn times out
    only idle keep-alive connections, never one that sent nothing or part of a request), a cap on
    connections that sheds the one waiting longest for a request (a flood cannot take the descriptors
    a health check needs), and JSON for the 400 it answers a request h11 cannot parse."""

    max_connections = 4096
    request_timeout_s = 10.0
    max_header_bytes = 65536
    _deadline: asyncio.TimerHandle | None = None
    _waiting_since = 0.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._await_request()
        if len(self.connections) > self.max_connections:
            self._shed()

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._await_request()

    def waiting(self) -> bool:
        """Whether the connection waits for a request (or the rest of one) rather than on an answer."""
        return (
            self.cycle is None or self.cycle.response_complete or self.cycle.more_body
        ) and not self.transport.is_closing()

    def _await_request(self) -> None:
        self._waiting_since = self.loop.time()
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self.loop.call_later(self.request_timeout_s, self._overdue)

    def _overdue(self) -> None:
        self._deadline = None
        if self.waiting():
            self.transport.close()

    def _shed(self) -> None:
        """Close the connections that have waited longest for a request, down to a batch below the
        cap (a flood is shed a batch at a time, not one scan per connection); this one if none waits."""
        open_ = [
            c for c in self.connections if isinstance(c, EngramProtocol) and not c.transport.is_closing()
        ]
        excess = len(open_) - self.max_connections
        if excess <= 0:
            return
        waiting = [c for c in open_ if c is not self and c.waiting()]
        victims = heapq.nsmallest(excess + ACCEPT_BATCH, waiting, key=lambda c: c._waiting_since)
        for victim in victims or [self]:
            victim.transport.close()

    def send_400_response(self, msg: str) -> None:
        if len(self.conn.trailing_data[0]) > self.max_header_bytes:
            status, text = 431, "request header section too long"
        else:
            status, text = 400, "Bad request syntax"
        body = _error(_Refused(status, "bad_request" if status == 400 else "http_error", text))
        head = (
            f"HTTP/1.1 {status} {'Bad Request' if status == 400 else 'Request Header Fields Too Large'}\r\n"
        )
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        self.transport.write(head.encode() + body)
        self.transport.close()


def protocol_for(limits: ServerSettings) -> type[EngramProtocol]:
    return type(
        "EngramProtocol",
        (EngramProtocol,),
        {
            "max_connections": connection_cap(limits),
            "request_timeout_s": limits.request_timeout_s,
            "max_header_bytes": limits.max_header_bytes,
        },
    )


class Listener(socket.socket):
    """The listening socket, bound before the processes fork. asyncio listens with its accept batch
    (uvicorn's `backlog`); the kernel keeps the operator's backlog."""

    queue_length = 2048

    def listen(self, backlog: int = 0) -> None:
        super().listen(self.queue_length)

    @property
    def url(self) -> str:
        host, port = self.getsockname()[:2]
        return f"http://{host}:{port}" if ":" not in host else f"http://[{host}]:{port}"


def listen(host: str, port: int, backlog: int) -> Listener:
    # IPPROTO_TCP named: asyncio turns Nagle off (TCP_NODELAY) only on sockets that say they are TCP
    sock = Listener(
        socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP
    )
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.queue_length = backlog
        sock.bind((host, port))
        sock.listen()
        sock.set_inheritable(True)
    except OSError:
        sock.close()
        raise
    return sock


def run(container: Container, sock: Listener) -> None:
    """Serve on `sock` in this thread until SIGINT or SIGTERM (uvicorn's graceful shutdown)."""
    limits = container.settings.server
    pool = ResolverPool(container, threads_for(container))
    config = uvicorn.Config(
        GatewayApp(container, pool),
        http=protocol_for(limits),
        loop="asyncio",
        ws="none",
        lifespan="off",
        interface="asgi3",
        log_level="warning",
        access_log=False,
        proxy_headers=False,  # the peer is the client: nothing in front of this server
        h11_max_incomplete_event_size=limits.max_header_bytes,
        timeout_keep_alive=limits.keep_alive_s,
        timeout_graceful_shutdown=limits.graceful_shutdown_s,
        backlog=ACCEPT_BATCH,
    )
    # What set-up built (modules, models, the container) is permanent to the collector, as in the Lambda
    # handlers (runtime.coldstart): its full passes then scan only what requests made since. A full pass
    # over set-up's objects took 45-54 ms in a recall at 100k memories (docs/performance.md).
    gc.freeze()
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        pool.close()
        container.close()  # what it holds in memory (retrieval counts) written


def _interrupt(*_: object) -> None:
    raise KeyboardInterrupt


def _fork_workers(sock: Listener, n: int, build: Callable[[], Container]) -> list[int]:
    """Fork `n` extra processes that accept on the already-bound socket. Each builds its own
    container after the fork: SQLite connections must never be shared across processes."""
    children = []
    for _ in range(n):
        pid = os.fork()
        if pid == 0:  # child: serve requests only; the parent runs the background loops
            try:
                # raised again after uvicorn's shutdown: run's finally writes what the container holds
                signal.signal(signal.SIGTERM, _interrupt)
                signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C: the parent stops it
                run(build(), sock)
            finally:
                os._exit(0)
        children.append(pid)
    return children


def build_models() -> int:
    """Build every deferred API and domain model (defer_build) now, before the server's threads and
    forks: pydantic 2.14 still races two first uses of one deferred model (a thread reads the mock
    core schema while another replaces it: "'dict' object has no attribute 'rebuild'"). Lambda serves
    one request at a time and keeps the deferral; serve pays ~60 ms once. Returns how many it built."""
    modules = (engram.api.schemas, engram.api.sessions, engram.domain.models, engram.ports)
    deferred = {
        value
        for module in modules
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, BaseModel)
        and value is not BaseModel
        and not value.__pydantic_complete__
    }
    for model in deferred:
        model.model_rebuild()
    return len(deferred)


def serve(
    container: Container,
    host: str,
    port: int,
    background: list[Callable[[threading.Event], None]],
    on_ready: Callable[[Listener], None] | None = None,
    workers: int = 1,
    build: Callable[[], Container] | None = None,
) -> None:
    """Run the server (in `workers` processes) and the background loops until interrupted.

    `on_ready` runs once the socket listens and before any process answers on it (so what it prints,
    the dev key above all, is there before the first answer), and before the fork (no thread yet)."""
    build_models()
    sock = listen(host, port, container.settings.server.backlog)
    if on_ready:
        on_ready(sock)
    children = _fork_workers(sock, workers - 1, build) if workers > 1 and build else []
    signal.signal(signal.SIGTERM, _interrupt)  # `kill` stops it as cleanly as Ctrl-C
    stop = threading.Event()
    threads = [
        threading.Thread(target=loop, args=(stop,), daemon=True, name=loop.__name__) for loop in background
    ]
    for thread in threads:
        thread.start()
    try:
        run(container, sock)
    except KeyboardInterrupt:
        pass
    finally:
        for pid in children:
            os.kill(pid, signal.SIGTERM)
        for pid in children:
            os.waitpid(pid, 0)
        stop.set()
        sock.close()
        for thread in threads:
            thread.join(timeout=5)
        logger.info("stopped", extra={"threads": json.dumps([t.name for t in threads])})
