"""Background loops `engram serve` runs beside the HTTP server: the enrichment worker's (which starts
the worker in a process of its own at a lower CPU priority, see engram.runtime.worker), janitor,
webhook delivery."""

from __future__ import annotations

import threading
from collections.abc import Callable

from engram.runtime.container import Container
from engram.runtime.janitor_wiring import janitor_enabled, scheduler_loop
from engram.runtime.worker import worker_process


def loops(container: Container, *, worker: bool) -> list[Callable[[threading.Event], None]]:
    found: list[Callable[[threading.Event], None]] = []
    if container.settings.backend != "local":
        return found  # on AWS the queue feeds the enrich Lambda and EventBridge runs the janitor
    if worker:
        found.append(worker_process(container))
    if janitor_enabled(container.settings):
        found.append(scheduler_loop(container))
    if container.settings.webhooks.enabled and container.delivery_queue is not None:
        from engram.runtime.webhook_wiring import delivery_loop

        found.append(delivery_loop(container))
    from engram.usecases.reembed import Reembed

    reembed, embedder = container.reembed, container.settings.embedder
    if isinstance(reembed, Reembed) and embedder.reembed_budget > 0:  # after a model switch
        found.append(reembed.background(embedder.reembed_budget, embedder.reembed_interval_s))
    return found
