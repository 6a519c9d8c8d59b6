"""Moved to engram.runtime.janitor_wiring (the name said too little beside engram.usecases.janitor).

Kept so the importers not yet moved keep working: engram.runtime.commands, engram.runtime.background,
engram.api.admin, functions/janitor/handler.py and bench/bench_janitor.py. Delete once they import
engram.runtime.janitor_wiring.
"""

from engram.runtime.janitor_wiring import (
    add_janitor_command,
    add_stats_command,
    janitor_enabled,
    janitor_for,
    janitor_state,
    scheduler_loop,
    stats,
)

__all__ = [
    "add_janitor_command",
    "add_stats_command",
    "janitor_enabled",
    "janitor_for",
    "janitor_state",
    "scheduler_loop",
    "stats",
]
