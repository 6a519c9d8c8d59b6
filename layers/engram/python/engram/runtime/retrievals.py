"""Recall's retrieval events on the embedded default, folded in memory and written once a second.

A queued job a search meant a write transaction a search, then the worker's claim, record and ack: all
on SQLite's one write lock, which every process's searches shared. `RetrievalBuffer` folds them per
(tenant, memory) and writes the counts in one transaction a flush. A crash loses at most one interval
of retrieval counts: bookkeeping (the janitor's "never retrieved"), never a memory. AWS keeps SQS.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import threading
import weakref
from collections import Counter
from collections.abc import Sequence
from datetime import datetime

from engram.observability import logger
from engram.ports import Job, JobQueue, RetrievalCounts, RetrievalJob, UnitOfWork

MAX_MEMORIES = 10_000  # distinct (tenant, memory) pairs held before a flush is due, whatever the time


class RetrievalBuffer:
    """The JobQueue recall and context log retrievals to: retrieval jobs are folded here and written
    every `interval_s` (sooner once `max_memories` are held; and on `close`) as one increment per
    memory in one transaction. Should that write fail (a busy lock), the folded counts go to `queue`
    as retrieval jobs, and should that fail too they stay for the next flush: counts stay exact
    (N searches returning a memory add N). Other jobs, and every job with `interval_s` 0, go to `queue`."""

    def __init__(
        self,
        queue: JobQueue,
        store: RetrievalCounts,
        unit_of_work: UnitOfWork,
        interval_s: float,
        max_memories: int = MAX_MEMORIES,
    ) -> None:
        self.queue, self.store, self.unit_of_work = queue, store, unit_of_work
        self.interval_s, self.max_memories = interval_s, max_memories
        self._reset()
        _BUFFERS.add(self)

    def _reset(self) -> None:
        """No counts, no flusher thread (at start, and in a forked child: its parent writes what it held)."""
        self._lock = threading.Lock()  # the counts
        self._flushing = threading.Lock()  # one flush at a time
        self._counts: dict[str, Counter[str]] = {}
        self._latest: dict[str, datetime] = {}
        self._held = 0
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._closed = False

    # ------------------------------------------------------------------ the queue recall sees

    def enqueue(self, jobs: Sequence[Job]) -> None:
        others = [j for j in jobs if not isinstance(j, RetrievalJob)]
        retrievals = [j for j in jobs if isinstance(j, RetrievalJob)]
        if others:
            self.queue.enqueue(others)
        if not retrievals:
            return
        with self._lock:
            if self.interval_s <= 0 or self._closed:
                direct = True
            else:
                direct = False
                for job in retrievals:
                    self._fold(job.tenant, Counter(job.memory_ids), job.at)
                full = self._held >= self.max_memories
                if self._thread is None:
                    self._thread = threading.Thread(
                        target=_flush_every,
                        args=(weakref.ref(self), self._wake, self.interval_s),
                        name="engram-retrievals",
                        daemon=True,
                    )
                    self._thread.start()
        if direct:
            self.queue.enqueue(retrievals)
        elif full:
            self._wake.set()

    def depth(self) -> dict[str, int]:
        return self.queue.depth()

    def redrive_dead(self, limit: int) -> int:
        return self.queue.redrive_dead(limit)

    @property
    def keeps_finished(self) -> bool:
        return self.queue.keeps_finished

    def purge_finished(self, older_than: datetime, limit: int) -> int:
        return self.queue.purge_finished(older_than, limit)

    # ------------------------------------------------------------------ flushing

    def held(self) -> int:
        """How many (tenant, memory) pairs wait for the next flush."""
        with self._lock:
            return self._held

    def flush(self) -> int:
        """Write the folded counts now: how many memories' counts were written (or queued)."""
        with self._flushing:
            with self._lock:
                counts, latest = self._counts, self._latest
                self._counts, self._latest, self._held = {}, {}, 0
            if not counts:
                return 0
            try:
                with self.unit_of_work():
                    for tenant, per_memory in counts.items():
                        self.store.increment_retrievals(tenant, dict(per_memory), latest[tenant])
            except Exception:
                logger.warning("could not write retrieval counts; queueing them", exc_info=True)
                jobs = [
                    RetrievalJob(tenant=tenant, memory_ids=list(per_memory.elements()), at=latest[tenant])
                    for tenant, per_memory in counts.items()
                ]
                try:
                    self.queue.enqueue(jobs)
                except Exception:
                    logger.exception("could not queue retrieval counts either; kept for the next flush")
                    with self._lock:
                        for tenant, per_memory in counts.items():
                            self._fold(tenant, per_memory, latest[tenant])
                    raise
            return sum(len(c) for c in counts.values())

    def close(self) -> None:
        """Flush, and stop folding: later retrievals go to the queue as they come."""
        with self._lock:
            self._closed = True
        self._wake.set()  # the flusher thread ends
        self.flush()

    def _fold(self, tenant: str, counts: Counter[str], at: datetime) -> None:
        """Add counts (under _lock); the tenant's latest retrieval is its memories' last_retrieved_at, as a
        batch of queued jobs records it (engram.usecases.retrievals)."""
        held = self._counts.setdefault(tenant, Counter())
        before = len(held)
        held.update(counts)
        self._held += len(held) - before
        self._latest[tenant] = max(self._latest.get(tenant, at), at)


def _flush_every(ref: weakref.ref[RetrievalBuffer], wake: threading.Event, interval_s: float) -> None:
    """The flusher thread: a flush every interval (or when woken) while the buffer lives and is open."""
    while True:
        wake.wait(interval_s)
        wake.clear()
        buffer = ref()
        if buffer is None or buffer._closed:
            return
        with contextlib.suppress(Exception):  # logged by flush; the counts wait for the next one
            buffer.flush()
        del buffer


_BUFFERS: weakref.WeakSet[RetrievalBuffer] = weakref.WeakSet()


@atexit.register
def _flush_all() -> None:
    """At a clean exit (a CLI recall, the MCP server) what every open buffer holds is written."""
    for buffer in list(_BUFFERS):
        try:
            buffer.close()
        except Exception:
            logger.exception("could not write retrieval counts at exit")


def _forget_in_child() -> None:
    for buffer in list(_BUFFERS):
        buffer._reset()


os.register_at_fork(after_in_child=_forget_in_child)
