"""A Lambda handler module's set-up, run without the cyclic garbage collector.

Set-up allocates many long-lived objects and little garbage, so collections during it are wasted work.
`cold_start()` turns the collector off for the block, then `gc.freeze`s what it built (its few garbage
objects are never freed) and turns it back on; one the caller had off stays off. Figures: docs/performance.md.
"""

from __future__ import annotations

import gc
from types import TracebackType

from engram.runtime import snapstart


class cold_start:
    """`with cold_start(): ...` A class rather than a contextlib manager: importing contextlib, before
    the collector is off, would itself start a collection."""

    def __enter__(self) -> None:
        self._enabled = gc.isenabled()
        gc.disable()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        gc.freeze()
        if self._enabled:
            gc.enable()
        snapstart.register()  # SnapStart snapshots right after this block: what to redo on restore
