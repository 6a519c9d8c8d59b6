"""Extra CLI subcommands, registered by the modules that own them."""

from __future__ import annotations

from engram.runtime.janitor import add_janitor_command, add_stats_command

REGISTRY: list = [add_janitor_command, add_stats_command]
