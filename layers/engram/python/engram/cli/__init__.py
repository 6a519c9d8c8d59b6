"""The `engram` command line: serve, keys, invoke, mcp, and the subcommands in modules of their own
(janitor, stats, recall, sessions, export, import, forget-user, index)."""

from __future__ import annotations

import argparse
import errno
import importlib.util
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engram.runtime.container import Container
    from engram.runtime.server import EngramHttpServer
    from engram.settings import Settings

FUNCTIONS = ("api", "authorizer", "enrich", "janitor")


def _settings(args: argparse.Namespace) -> Settings:
    if getattr(args, "data_dir", None):
        os.environ["ENGRAM_DATA_DIR"] = str(args.data_dir)
    from engram.settings import Settings

    return Settings()


def _container(args: argparse.Namespace) -> Container:
    from engram.runtime.container import from_settings

    return from_settings(_settings(args))


# ----------------------------------------------------------------------------- serve


def cmd_serve(args: argparse.Namespace) -> int:
    os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")  # no EMF lines on a terminal
    os.environ.setdefault("POWERTOOLS_TRACE_DISABLED", "true")
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]  # logs reach a file at once
    from engram.cli.dev_key import ensure_key, key_path
    from engram.runtime import background
    from engram.runtime.server import default_workers, serve

    workers = args.workers if args.workers > 0 else default_workers()
    container = _container(args)
    settings = container.settings
    dev_key, new_key = None, False
    key_file = key_path(settings.data_dir).resolve()
    if args.dev_key:
        dev_key, new_key = ensure_key(container.keys, key_file, args.dev_tenant)
    loops = background.loops(container, worker=args.worker and settings.worker_enabled)

    def ready(server: EngramHttpServer) -> None:
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
            build=lambda: _container(args),
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


# ----------------------------------------------------------------------------- keys


def cmd_keys(args: argparse.Namespace) -> int:
    from engram.runtime.container import key_admin
    from engram.usecases.keys import create_key

    admin = key_admin(_settings(args))  # on AWS: the table only, no queue or index needed
    keys = admin.keys
    if args.keys_command == "create":
        from engram.usecases.keys import set_memory_cap, set_transcript_cap

        try:
            if args.max_memories is not None and args.max_memories < 1:
                raise ValueError("--max-memories must be at least 1")
            if args.max_transcript_bytes is not None and args.max_transcript_bytes < 1:
                raise ValueError("--max-transcript-bytes must be at least 1")
            secret, record = create_key(keys, args.tenant, args.name or "", rate=args.rate, burst=args.burst)
            if args.max_memories is not None:
                set_memory_cap(keys, admin.store, args.tenant, args.max_memories)
            if args.max_transcript_bytes is not None:
                set_transcript_cap(admin.transcripts, args.tenant, args.max_transcript_bytes)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        if args.max_memories is not None:
            print(f"tenant {record.tenant} is limited to {args.max_memories} memories")
        if args.max_transcript_bytes is not None:
            print(
                f"tenant {record.tenant} is limited to {args.max_transcript_bytes} bytes"
                " of session transcripts"
            )
        print(f"created key {record.key_id} for tenant {record.tenant}; it is shown once, store it now:")
        print(secret)
    elif args.keys_command == "list":
        rows = keys.list(args.tenant)
        for k in rows:
            state = f"revoked {k.revoked_at:%Y-%m-%d}" if k.revoked_at else "active"
            print(f"{k.key_id}  {k.tenant:<20} {k.name or '-':<12} {k.created_at:%Y-%m-%d %H:%M}  {state}")
        if not rows:
            print("no keys")
    elif args.keys_command == "rotate":
        from engram.cli.dev_key import key_path, rotate_key

        path = key_path(_settings(args).data_dir).resolve()
        try:
            secret = rotate_key(keys, path, args.tenant)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        print(f"revoked the previous dev key of tenant {args.tenant}; the new one is in {path} (mode 0600):")
        print(secret)
    elif args.keys_command == "revoke":
        revoked = keys.revoke(args.key_id)
        if revoked is None:
            print(f"error: no key {args.key_id}", file=sys.stderr)
            return 1
        print(f"revoked {revoked.key_id} (tenant {revoked.tenant})")
    return 0


# ----------------------------------------------------------------------------- invoke


def _functions_dir() -> Path:
    here = Path(__file__).resolve()
    for candidate in (Path.cwd() / "functions", here.parents[5] / "functions"):
        if candidate.is_dir():
            return candidate
    raise SystemExit("error: cannot find the functions/ folder; run from the engram checkout")


def load_handler(name: str) -> Any:
    path = _functions_dir() / name / "handler.py"
    spec = importlib.util.spec_from_file_location(f"engram_function_{name}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.handler


class LocalContext:
    """Enough of a Lambda context for powertools."""

    def __init__(self, name: str) -> None:
        self.function_name = f"engram-{name}"
        self.function_version = "$LATEST"
        self.invoked_function_arn = f"arn:aws:lambda:local:000000000000:function:engram-{name}"
        self.memory_limit_in_mb = 1024
        self.aws_request_id = "local-invoke"
        self.log_group_name = f"/aws/lambda/engram-{name}"
        self.log_stream_name = "local"

    def get_remaining_time_in_millis(self) -> int:
        return 300_000


def cmd_invoke(args: argparse.Namespace) -> int:
    _settings(args)
    os.environ.setdefault("POWERTOOLS_TRACE_DISABLED", "true")
    event = json.loads(Path(args.event).read_text())
    handler = load_handler(args.function)
    try:
        result = handler(event, LocalContext(args.function))
    except Exception as exc:  # an authorizer denies by raising, as on AWS
        print(json.dumps({"errorType": type(exc).__name__, "errorMessage": str(exc)}, indent=2))
        return 1
    print(json.dumps(result, indent=2, default=str))
    return 0


# ----------------------------------------------------------------------------- mcp


def _mcp_arguments(p: argparse.ArgumentParser) -> None:
    from engram.cli.mcp import add_arguments

    add_arguments(p)


def cmd_mcp(args: argparse.Namespace) -> int:
    from engram.cli.mcp import cmd_mcp as run

    return run(args)


# ----------------------------------------------------------------------------- parser


def build_parser() -> argparse.ArgumentParser:
    from engram import __version__

    parser = argparse.ArgumentParser(prog="engram", description="long-term memory for AI agents")
    parser.add_argument("--version", action="version", version=f"engram {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    def data_dir(p: argparse.ArgumentParser) -> None:
        p.add_argument("--data-dir", help="local data directory (default: $ENGRAM_DATA_DIR or ./.engram)")

    p = sub.add_parser("serve", help="run the HTTP API on the embedded default")
    data_dir(p)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8080)
    p.add_argument(
        "--dev-key",
        action="store_true",
        help="print the API key for --dev-tenant kept in the data dir (minted on first use)",
    )
    p.add_argument("--dev-tenant", default="local")
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

    p = sub.add_parser("keys", help="manage API keys")
    ks = p.add_subparsers(dest="keys_command", required=True)
    k = ks.add_parser("create", help="mint a key; printed once, alone on the last line")
    data_dir(k)
    k.add_argument("--tenant", required=True)
    k.add_argument("--name", default="")
    k.add_argument("--rate", type=float, help="requests a second this key may make (default: unlimited)")
    k.add_argument("--burst", type=int, help="requests at once above --rate (default: one second's worth)")
    k.add_argument("--max-memories", type=int, help="the tenant's storage limit, for all its keys")
    k.add_argument(
        "--max-transcript-bytes",
        type=int,
        help="the tenant's limit on session transcripts (UTF-8 bytes of message content), for all its keys",
    )
    k = ks.add_parser("list", help="list keys (never their secrets)")
    data_dir(k)
    k.add_argument("--tenant")
    k = ks.add_parser("rotate", help="replace the local key `engram serve --dev-key` keeps in the data dir")
    data_dir(k)
    k.add_argument("--tenant", default="local", help="the --dev-tenant of engram serve (default: local)")
    k = ks.add_parser("revoke", help="revoke a key by id")
    data_dir(k)
    k.add_argument("key_id")
    p.set_defaults(func=cmd_keys)

    p = sub.add_parser("invoke", help="run a Lambda handler on a sample event, as sam local invoke would")
    data_dir(p)
    p.add_argument("function", choices=FUNCTIONS)
    p.add_argument("event", help="path to an event JSON file (see events/)")
    p.set_defaults(func=cmd_invoke)

    p = sub.add_parser("mcp", help="serve the memory tools to MCP clients (stdio or streamable HTTP)")
    _mcp_arguments(p)
    p.set_defaults(func=cmd_mcp)

    for extra in _extensions():
        extra(sub, data_dir)
    return parser


def _extensions() -> list[Callable[..., None]]:
    """The subcommands in modules of their own."""
    from engram.cli.index import add_index_command
    from engram.cli.recall import add_recall_command
    from engram.cli.sessions import add_sessions_command
    from engram.cli.transfer import add_transfer_commands
    from engram.runtime.janitor_wiring import add_janitor_command, add_stats_command

    return [
        add_janitor_command,
        add_stats_command,
        add_recall_command,
        add_sessions_command,
        add_transfer_commands,
        add_index_command,
    ]


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args) or 0)
