"""`engram mcp`: serve the memory tools over stdio (for an MCP client that launches it) or
streamable HTTP, backed by an engram API or, with `--data-dir`, by a local store in this process.

Over HTTP every request needs `Authorization: Bearer <engram API key>` (engram.mcp.auth), Host and
Origin are always checked, and a host other than loopback is served only over TLS."""

from __future__ import annotations

import argparse
import ipaddress
import os
import sys
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from engram.cli.common import DEFAULT_TENANT, container_of, export_data_dir

if TYPE_CHECKING:
    from engram.mcp.backends import Backend
    from engram.runtime.container import Container

DEFAULT_USER = "default"


def add_mcp_command(sub: Any, data_dir: Callable[[argparse.ArgumentParser], None]) -> None:
    """`engram mcp` has a `--data-dir` of its own: without it, the tools call an engram API."""
    p = sub.add_parser("mcp", help="serve the memory tools to MCP clients (stdio or streamable HTTP)")
    p.add_argument(
        "--transport",
        choices=("stdio", "http"),
        default="stdio",
        help="stdio (default; the MCP client launches this command) or streamable HTTP",
    )
    p.add_argument("--host", default="127.0.0.1", help="with --transport http (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="with --transport http (default 8765)")
    p.add_argument("--path", default="/mcp", help="with --transport http: the endpoint (default /mcp)")
    p.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="with --transport http: a host name clients use to reach this server (Host/Origin check; "
        "loopback names are always allowed; repeat for several)",
    )
    p.add_argument("--ssl-certfile", help="with --transport http: serve HTTPS with this certificate (PEM)")
    p.add_argument("--ssl-keyfile", help="with --transport http: the certificate's private key (PEM)")
    p.add_argument(
        "--data-dir",
        help="serve a local data directory in this process (no engram server needed); "
        "without it, the tools call the API at $ENGRAM_URL with $ENGRAM_API_KEY",
    )
    p.add_argument("--url", help="the engram API (default: $ENGRAM_URL, else http://127.0.0.1:8080)")
    p.add_argument(
        "--tenant",
        default=DEFAULT_TENANT,
        help="with --data-dir over stdio: whose memories (default: local); over HTTP the caller's key says",
    )
    p.add_argument(
        "--user-id",
        default=os.environ.get("ENGRAM_USER_ID", DEFAULT_USER),
        help="the user the tools remember for when a call names none (default: $ENGRAM_USER_ID or 'default')",
    )
    p.add_argument("--project", default=os.environ.get("ENGRAM_PROJECT"), help="default project scope")
    p.add_argument(
        "--no-worker",
        dest="worker",
        action="store_false",
        help="with --data-dir: do not run the enrichment worker in this process",
    )
    p.set_defaults(func=cmd_mcp)


LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _http_problem(args: argparse.Namespace) -> str | None:
    """Why `engram mcp --transport http` must not start as asked, or None."""
    if bool(args.ssl_certfile) != bool(args.ssl_keyfile):
        return "--ssl-certfile and --ssl-keyfile go together"
    if _loopback(args.host):
        return None
    if not args.ssl_certfile:
        return (
            f"--host {args.host} is reachable from the network, and API keys would cross it in clear: "
            "serve HTTPS (--ssl-certfile, --ssl-keyfile) or stay on 127.0.0.1 behind a TLS proxy"
        )
    if args.host in ("0.0.0.0", "::", "") and not args.allow_host:
        return f"--host {args.host} needs --allow-host NAME: the host name clients reach this server by"
    return None


def _transport_security(args: argparse.Namespace) -> Any:
    """Host and Origin checked on every request (DNS rebinding): loopback names, the host served and
    the names given with --allow-host."""
    # the mcp extra's
    from mcp.server.transport_security import TransportSecuritySettings

    names = [*LOOPBACK_NAMES, *args.allow_host]
    if args.host not in ("0.0.0.0", "::", "") and not _loopback(args.host):
        names.append(f"[{args.host}]" if ":" in args.host else args.host)
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=[h for name in names for h in (name, f"{name}:*")],
        allowed_origins=[
            f"{scheme}://{name}{port}"
            for name in names
            for scheme in ("http", "https")
            for port in ("", ":*")
        ],
    )


def _local(args: argparse.Namespace) -> tuple[Container, Callable[[threading.Event], None] | None]:
    # this command's own (see engram.cli)
    from engram.runtime import background

    export_data_dir(args)
    container = container_of(args)
    loops = background.loops(container, worker=args.worker and container.settings.worker_enabled)

    def run_loops(stop: threading.Event) -> None:
        threads = [threading.Thread(target=loop, args=(stop,), daemon=True) for loop in loops]
        for thread in threads:
            thread.start()
        stop.wait()
        for thread in threads:
            thread.join(timeout=5)

    return container, run_loops if loops else None


def _remote(args: argparse.Namespace) -> Backend:
    # this command's own (see engram.cli)
    from engram.client.sync import Engram
    from engram.mcp.backends import ApiBackend

    if not os.environ.get("ENGRAM_API_KEY"):
        raise SystemExit(
            "error: set ENGRAM_API_KEY (and ENGRAM_URL) to serve an engram API, "
            "or pass --data-dir to serve a local store"
        )
    return ApiBackend(Engram(args.url))


def cmd_mcp(args: argparse.Namespace) -> int:
    # Nothing but the protocol may reach stdout; logs and metrics stay quiet (stderr, warnings up).
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
    os.environ.setdefault("POWERTOOLS_TRACE_DISABLED", "true")
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")
    try:
        import mcp  # noqa: F401
    except ImportError:
        print("error: engram mcp needs the mcp extra: pip install 'engram[mcp]'", file=sys.stderr)
        return 2
    http = args.transport == "http"
    if http and (problem := _http_problem(args)):
        print(f"error: {problem}", file=sys.stderr)
        return 2
    # the mcp extra's, once it is known to be installed
    import anyio

    from engram.mcp.auth import ApiKeys, LocalKeys, caller
    from engram.mcp.backends import LocalBackend
    from engram.mcp.server import Defaults, build_server

    background = None
    keys: LocalKeys | ApiKeys
    if args.data_dir:
        container, background = _local(args)
        keys = LocalKeys(container)
    else:
        keys = ApiKeys(args.url, args.user_id)

    @asynccontextmanager
    async def lifespan(_: Any) -> AsyncIterator[None]:
        """The enrichment worker runs while the server does (started once the transport owns stdout)."""
        stop = threading.Event()
        thread = threading.Thread(target=background, args=(stop,), daemon=True) if background else None
        if thread:
            thread.start()
        try:
            yield
        finally:
            stop.set()
            if thread:
                thread.join(timeout=10)

    defaults = Defaults(args.user_id, args.project)
    try:
        if http:
            server = build_server(caller(keys), defaults, lifespan=lifespan, **_auth(args, keys))
            anyio.run(_serve_http, args, server)
        else:  # the one user who launched this command: the --tenant of the data dir, or ENGRAM_API_KEY's
            one = LocalBackend(container, args.tenant) if args.data_dir else _remote(args)
            try:
                anyio.run(build_server(lambda: one, defaults, lifespan=lifespan).run_stdio_async)
            finally:
                one.close()
    except KeyboardInterrupt:
        pass
    finally:
        keys.close()
    return 0


def _auth(args: argparse.Namespace, keys: Any) -> dict[str, Any]:
    """The SDK's bearer-token check in front of every HTTP request: `keys` verifies each token."""
    # the mcp extra's
    from mcp.server.auth.settings import AuthSettings

    scheme = "https" if args.ssl_certfile else "http"
    issuer = args.url or os.environ.get("ENGRAM_URL") or f"{scheme}://127.0.0.1:{args.port}"
    return {"auth": AuthSettings(issuer_url=issuer, resource_server_url=None), "token_verifier": keys}


async def _serve_http(args: argparse.Namespace, server: Any) -> None:
    # the mcp extra's (with uvicorn)
    import uvicorn

    app = server.streamable_http_app(
        streamable_http_path=args.path, transport_security=_transport_security(args), host=args.host
    )
    scheme = "https" if args.ssl_certfile else "http"
    print(f"engram mcp on {scheme}://{args.host}:{args.port}{args.path}", file=sys.stderr, flush=True)
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ssl_certfile=args.ssl_certfile,
        ssl_keyfile=args.ssl_keyfile,
    )
    await uvicorn.Server(config).serve()
