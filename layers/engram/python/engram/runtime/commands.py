"""Extra CLI subcommands, registered by the modules that own them."""

from __future__ import annotations

from collections.abc import Callable

from engram.runtime.index_cli import add_index_command
from engram.runtime.janitor_wiring import add_janitor_command, add_stats_command
from engram.runtime.recall_cli import add_recall_command
from engram.runtime.sessions_cli import add_sessions_command
from engram.runtime.transfer_cli import add_transfer_commands

REGISTRY: list[Callable[..., None]] = [
    add_janitor_command,
    add_stats_command,
    add_recall_command,
    add_sessions_command,
    add_transfer_commands,
    add_index_command,
]
