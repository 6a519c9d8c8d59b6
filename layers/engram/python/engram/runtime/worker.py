"""The local enrichment worker: the SQLite job table stands in for SQS, a thread for the Lambda."""

from __future__ import annotations

import threading
from collections.abc import Callable

from engram.adapters.sqlite_queue import ClaimedJob, SqliteJobQueue
from engram.observability import logger
from engram.ports import EraseUserJob, RetrievalJob
from engram.runtime.container import Container
from engram.runtime.dispatch import run_jobs


def process_batch(container: Container, queue: SqliteJobQueue, claimed: list[ClaimedJob]) -> dict[str, int]:
    """Run one claimed batch; failed jobs go back with backoff (or dead after max attempts)."""
    done: list[int] = []
    stats = {"ok": 0, "failed": 0, "dead": 0}
    for item, error in zip(claimed, run_jobs(container, [c.job for c in claimed]), strict=True):
        if error is None:
            done.append(item.id)
            continue
        # an erasure's error may quote the user's data: only its type is kept with the job
        reason = (
            type(error).__name__ if isinstance(item.job, EraseUserJob) else f"{type(error).__name__}: {error}"
        )
        state = queue.fail(item.id, reason, item.attempts)
        # a retrieval job that fails is counted as failed (its counts are lost, never doubled)
        dead = state == "dead" and not isinstance(item.job, RetrievalJob)
        stats["dead" if dead else "failed"] += 1
    queue.complete(done)
    stats["ok"] = len(done)
    return stats


def drain(container: Container, batch: int = 32) -> int:
    """Process every ready job now (tests, CLI). Returns how many jobs were claimed."""
    queue = container.queue
    assert isinstance(queue, SqliteJobQueue)
    total = 0
    while claimed := queue.claim(batch):
        process_batch(container, queue, claimed)
        total += len(claimed)
    return total


def worker_loop(container: Container, batch: int = 32) -> Callable[[threading.Event], None]:
    queue = container.queue
    assert isinstance(queue, SqliteJobQueue)

    def enrichment_worker(stop: threading.Event) -> None:
        while not stop.is_set():
            try:
                claimed = queue.claim(batch)
                if not claimed:
                    stop.wait(container.settings.worker_poll_s)
                    continue
                process_batch(container, queue, claimed)
            except Exception:  # keep the thread alive; the jobs' leases expire and they are retried
                logger.exception("worker batch failed")
                stop.wait(1.0)

    return enrichment_worker
