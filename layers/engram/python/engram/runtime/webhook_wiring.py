"""The webhook delivery thread of `engram serve`: the outbox into deliveries, then each delivery due,
again and again (engram.usecases.webhooks)."""

from __future__ import annotations

import threading
from collections.abc import Callable

from engram.observability import logger
from engram.runtime.container import Container


def delivery_loop(container: Container) -> Callable[[threading.Event], None]:
    deliver = container.deliver_events
    poll_s = container.settings.webhooks.poll_s

    def webhook_delivery(stop: threading.Event) -> None:
        while not stop.is_set():
            tried = 0
            try:
                tried = deliver.run_once()
            except Exception:  # keep the thread alive: the outbox and the leases survive a failed pass
                logger.exception("webhook delivery pass failed")
            stop.wait(0 if tried else poll_s)

    return webhook_delivery
