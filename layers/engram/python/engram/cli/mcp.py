"""`engram mcp`: serve the memory tools over stdio (for an MCP client that launches it) or
streamable HTTP, backed by an engram API or, with `--data-dir`, by a local store in this process."""

from __future__ import annotations

import argparse
import os
import sys
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from engram.cli.common import DEFAULT_TENANT, container_of, export_data_dir

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
        "--data-dir",
        help="serve a local data directory in this process (no engram server needed); "
        "without it, the tools call the API at $ENGRAM_URL with $ENGRAM_API_KEY",
    )
    p.add_argument("--url", help="the engram API (default: $ENGRAM_URL, else http://127.0.0.1:8080)")
    p.add_argument(
        "--tenant", default=DEFAULT_TENANT, help="with --data-dir: whose memories (default: local)"
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


def _local(args: argparse.Namespace) -> tuple[Any, Callable[[threading.Event], None] | None]:
    from engram.mcp.backends import LocalBackend
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

    return LocalBackend(container, args.tenant), run_loops if loops else None


def _remote(args: argparse.Namespace) -> Any:
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
    import anyio

    from engram.mcp.server import Defaults, build_server

    background = None
    if args.data_dir:
        backend, background = _local(args)
    else:
        backend = _remote(args)

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

    server = build_server(backend, Defaults(args.user_id, args.project), lifespan=lifespan)
    try:
        if args.transport == "stdio":
            anyio.run(server.run_stdio_async)
        else:
            print(f"engram mcp on http://{args.host}:{args.port}{args.path}", file=sys.stderr, flush=True)
            anyio.run(
                lambda: server.run_streamable_http_async(
                    host=args.host, port=args.port, streamable_http_path=args.path
                )
            )
    except KeyboardInterrupt:
        pass
    finally:
        backend.close()
    return 0
