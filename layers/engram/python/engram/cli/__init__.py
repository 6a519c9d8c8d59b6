"""The `engram` command line: one module per command group, each adding its subcommands to the parser.

Groups: serve, keys, invoke, mcp, recall, sessions, transfer, janitor, index, doctor, webhooks; `common` holds
--data-dir, its settings and container. What one command alone runs (the janitor, the worker, export and
import, the HTTP client, mcp, uvicorn) it imports itself: at the top, every command would start ~60% slower.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from engram import __version__
from engram.cli.common import add_data_dir
from engram.cli.doctor import add_doctor_command
from engram.cli.index import add_index_command
from engram.cli.invoke import add_invoke_command
from engram.cli.janitor import add_janitor_command, add_stats_command
from engram.cli.keys import add_keys_command
from engram.cli.mcp import add_mcp_command
from engram.cli.recall import add_recall_command
from engram.cli.serve import add_serve_command
from engram.cli.sessions import add_sessions_command
from engram.cli.transfer import add_transfer_commands
from engram.cli.webhooks import add_webhooks_command

COMMANDS: list[Callable[[Any, Callable[[argparse.ArgumentParser], None]], None]] = [
    add_serve_command,
    add_keys_command,
    add_invoke_command,
    add_mcp_command,
    add_janitor_command,
    add_stats_command,
    add_recall_command,
    add_sessions_command,
    add_transfer_commands,
    add_index_command,
    add_doctor_command,
    add_webhooks_command,
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="engram", description="long-term memory for AI agents")
    parser.add_argument("--version", action="version", version=f"engram {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for add_command in COMMANDS:
        add_command(sub, add_data_dir)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args) or 0)
