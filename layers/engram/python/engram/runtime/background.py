"""Background loops `engram serve` runs beside the HTTP server: enrichment worker, janitor."""

from __future__ import annotations

import threading
from collections.abc import Callable

from engram.runtime.container import Container


def loops(container: Container, *, worker: bool) -> list[Callable[[threading.Event], None]]:
    found: list[Callable[[threading.Event], None]] = []
    if worker and container.settings.backend == "local":
        from engram.runtime.worker import worker_loop

        found.append(worker_loop(container))
    return found
