"""`engram serve`: the HTTP API on the embedded default, with its background loops (the enrichment
worker, the janitor's scheduler) in the same process, and with `--dev-key` the API key it keeps in the
data dir (engram.cli.dev_key)."""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engram.cli.common import DEFAULT_TENANT, container_of, export_data_dir
from engram.cli.dev_key import ensure_key, key_path
from engram.observability import configure_tracing

if TYPE_CHECKING:
    from engram.runtime.server import Listener


def serve_environment() -> None:
    """The environment `engram serve` sets for itself and its processes, where the user has not.

    OpenBLAS (NumPy's exact k-NN) runs one thread, since a thread per core spins on cores serve's other
    processes use (figures: docs/performance.md). NumPy reads the variable once, at import, so this runs
    before anything imports it.
    """
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")  # no EMF lines on a terminal
    os.environ.setdefault("POWERTOOLS_TRACE_DISABLED", "true")
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def cmd_serve(args: argparse.Namespace) -> int:
    export_data_dir(args)
    serve_environment()
    configure_tracing()  # OTLP/HTTP spans when OTEL_* asks; the forked HTTP processes keep exporting
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]  # logs reach a file at once
    # this command's own (see engram.cli); runtime.server needs uvicorn, the local extra
    from engram.runtime import background
    from engram.runtime.server import default_workers, serve

    workers = args.workers if args.workers > 0 else default_workers()
    container = container_of(args)
    settings = container.settings
    dev_key, new_key = None, False
    key_file = key_path(settings.data_dir).resolve()
    if args.dev_key:
        dev_key, new_key = ensure_key(container.keys, key_file, args.dev_tenant)
    loops = background.loops(container, worker=args.worker and settings.worker_enabled)

    def ready(server: Listener) -> None:
        print(f"engram {settings.backend} data dir: {settings.data_dir.resolve()}")
        processes = f"{workers} HTTP processes" if workers > 1 else "1 HTTP process"
        print(f"listening on {server.url}  ({processes}; docs: {server.url}/v1/docs)")
        if dev_key:
            state = "new" if new_key else "kept across restarts"
            print(f"API key for tenant '{args.dev_tenant}' ({state}; stored in {key_file}, mode 0600;")
            print("`engram keys rotate` replaces it):")
            print(dev_key)
        sys.stdout.flush()

    try:
        serve(
            container,
            args.host,
            args.port,
            loops,
            on_ready=ready,
            workers=workers,
            build=lambda: container_of(args),
        )
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE:
            raise
        print(
            f"error: port {args.port} on {args.host} is already in use; "
            "stop what holds it or pick another (make run PORT=…, engram serve --port …)",
            file=sys.stderr,
        )
        return 1
    return 0


def add_serve_command(sub: Any, data_dir: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser("serve", help="run the HTTP API on the embedded default")
    data_dir(p)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8080)
    p.add_argument(
        "--dev-key",
        action="store_true",
        help="print the API key for --dev-tenant kept in the data dir (minted on first use)",
    )
    p.add_argument("--dev-tenant", default=DEFAULT_TENANT)
    p.add_argument(
        "--no-worker", dest="worker", action="store_false", help="do not run the enrichment worker"
    )
    p.add_argument(
        "--workers",
        type=int,
        default=int(os.environ.get("ENGRAM_HTTP_WORKERS") or 0),
        help="HTTP processes sharing the port (default, or 0: one per core, up to 8; ENGRAM_HTTP_WORKERS)",
    )
    p.set_defaults(func=cmd_serve)
