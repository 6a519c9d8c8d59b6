"""Running slots: how many requests `engram serve` resolves at once, and a pause that gives one back.

The server's pool has more threads than slots; a request holds a slot while it runs and gives it back
while it only waits (`pause`, e.g. for its memory's enrichment), so a waiting request never keeps
another from running. Outside a slot (the Lambda, the CLI, tests) `pause` is a plain sleep.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from time import sleep

_held = threading.local()  # the slots the current thread's request holds one of, if any


@contextmanager
def running(slots: threading.Semaphore) -> Iterator[None]:
    """Hold one of `slots` for the block (the request this thread resolves)."""
    with slots:
        _held.slots = slots
        try:
            yield
        finally:
            _held.slots = None


def pause(seconds: float) -> None:
    """Sleep `seconds` without holding a slot; take one again before going on."""
    slots: threading.Semaphore | None = getattr(_held, "slots", None)
    if slots is None:
        sleep(seconds)
        return
    slots.release()
    try:
        sleep(seconds)
    finally:
        slots.acquire()
