"""The local enrichment worker: the SQLite job table stands in for SQS, a thread for the Lambda."""

from __future__ import annotations

import threading

from engram.adapters.sqlite_queue import ClaimedJob, SqliteJobQueue
from engram.observability import logger
from engram.ports import EnrichJob, EraseUserJob, ExtractJob, RetrievalJob
from engram.runtime.container import Container
from engram.usecases.retrievals import record_retrievals


def process_batch(container: Container, queue: SqliteJobQueue, claimed: list[ClaimedJob]) -> dict[str, int]:
    """Run one claimed batch; failed jobs go back with backoff (or dead after max attempts)."""
    done: list[int] = []
    stats = {"ok": 0, "failed": 0, "dead": 0}
    enrich = [c for c in claimed if isinstance(c.job, EnrichJob)]
    retrievals = [c for c in claimed if isinstance(c.job, RetrievalJob)]
    if enrich:
        outcomes = container.enrich.many([c.job for c in enrich if isinstance(c.job, EnrichJob)])
        for item, outcome in zip(enrich, outcomes, strict=True):
            if isinstance(outcome, Exception):
                state = queue.fail(item.id, f"{type(outcome).__name__}: {outcome}", item.attempts)
                stats["dead" if state == "dead" else "failed"] += 1
            else:
                done.append(item.id)
    if retrievals:
        try:
            record_retrievals(container.store, [c.job for c in retrievals if isinstance(c.job, RetrievalJob)])
            done.extend(c.id for c in retrievals)
        except Exception as exc:
            for item in retrievals:
                queue.fail(item.id, f"{type(exc).__name__}: {exc}", item.attempts)
            stats["failed"] += len(retrievals)
    for item in claimed:
        if isinstance(item.job, ExtractJob):  # one session's extraction each; a failure is retried
            try:
                container.extract(item.job)
                done.append(item.id)
            except Exception as exc:
                state = queue.fail(item.id, f"{type(exc).__name__}: {exc}", item.attempts)
                stats["dead" if state == "dead" else "failed"] += 1
        if isinstance(item.job, EraseUserJob):  # forget a user (engram.usecases.erase)
            from engram.runtime.userdata import eraser

            try:
                eraser(container)(item.job)
                done.append(item.id)
            except Exception as exc:
                state = queue.fail(item.id, type(exc).__name__, item.attempts)
                stats["dead" if state == "dead" else "failed"] += 1
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


def worker_loop(container: Container, batch: int = 32):
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
