"""The local enrichment worker: the SQLite job table stands in for SQS, a process for the Lambda.

`engram serve` starts it in processes of its own (off the server's GIL; `process_count` of them) when
jobs wait, at lower CPU priority, each ending after IDLE_EXIT_S idle. It also steps aside during write
bursts (`Pace`), since it shares the SQLite write lock, but never longer than `Pace.max_wait_s`.
"""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from engram.adapters.sqlite.queue import ClaimedJob, SqliteJobQueue
from engram.domain.models import utcnow
from engram.observability import logger
from engram.ports import EraseUserJob, RetrievalJob
from engram.runtime.container import Container, from_settings
from engram.runtime.dispatch import run_jobs
from engram.tracing import configure_tracing

if TYPE_CHECKING:
    from engram.settings import Settings

# Added to the worker process's nice value. CFS weighs a nice-10 process at about a tenth of a nice-0
# one: during a burst on 2 cores it gets some 7% of the CPU beside two busy HTTP processes and their
# client, and all of an idle machine. Nice 19 (1.5%) could starve it for minutes on a machine whose
# other users keep every core busy.
WORKER_NICENESS = 10
IDLE_EXIT_S = 60.0  # an idle worker process gives its memory (the embedding model's above all) back
RESTART_DELAY_S = 5.0  # after a worker process failed, before the next one is started
STOP_TIMEOUT_S = 3.0  # then it is killed; the jobs of an unfinished batch are retried when their lease ends
YIELD_S = 0.1  # how long the worker steps aside before it looks at the queue again


@dataclass(frozen=True)
class Pace:
    """When the worker steps aside for the HTTP processes: while writes are arriving (at least
    `jobs` jobs were queued in the last `window_s`, 40 a second by default), unless the queued job
    due first has waited `max_wait_s` already (a sustained load cannot postpone enrichment longer:
    the worker then works until no due job has waited that long). Two reads of a few index rows."""

    jobs: int = 20
    window_s: float = 0.5
    max_wait_s: float = 30.0

    def yields(self, queue: SqliteJobQueue, now: datetime | None = None) -> bool:
        now = now or utcnow()
        arriving = queue.queued_since(now - timedelta(seconds=self.window_s), self.jobs)
        return arriving and queue.longest_wait(now) < timedelta(seconds=self.max_wait_s)


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
    """Process every ready job now (tests, CLI), the retrieval counts this process holds written first.
    Returns how many jobs were claimed."""
    queue = container.queue
    assert isinstance(queue, SqliteJobQueue)
    container.flush()
    total = 0
    while claimed := queue.claim(batch):
        process_batch(container, queue, claimed)
        total += len(claimed)
    return total


def worker_loop(
    container: Container, batch: int = 32, idle_exit_s: float | None = None, pace: Pace | None = None
) -> Callable[[threading.Event], None]:
    """Claim and run batches until `stop` is set (or, with `idle_exit_s`, the queue has had nothing
    ready for that long); with `pace`, none while it says to step aside."""
    queue = container.queue
    assert isinstance(queue, SqliteJobQueue)

    def enrichment_worker(stop: threading.Event) -> None:
        busy_at = time.monotonic()
        while not stop.is_set():
            try:
                if pace is not None and pace.yields(queue):
                    busy_at = time.monotonic()  # jobs are waiting: not idle
                    stop.wait(YIELD_S)
                    continue
                claimed = queue.claim(batch)
                if not claimed:
                    if idle_exit_s is not None and time.monotonic() - busy_at > idle_exit_s:
                        return
                    stop.wait(container.settings.worker_poll_s)
                    continue
                process_batch(container, queue, claimed)
                busy_at = time.monotonic()
            except Exception:  # keep the loop alive; the jobs' leases expire and they are retried
                logger.exception("worker batch failed")
                stop.wait(1.0)

    return enrichment_worker


def process_count(settings: Settings) -> int:
    """How many enrichment processes `engram serve` runs: the setting, else a quarter of the cores
    (at least one), leaving the rest to the HTTP processes. Each claims its own jobs (the claim is one
    atomic UPDATE), so they scale until SQLite's one writer is the limit."""
    configured = settings.worker_processes
    return configured if configured > 0 else max(1, (os.cpu_count() or 1) // 4)


def worker_process(container: Container, pace: Pace | None = None) -> Callable[[threading.Event], None]:
    """A loop for `serve()`'s background threads: while jobs are ready, fewer than `process_count`
    worker processes run and `pace` does not say to step aside (a start, imports and model, is CPU
    too), start the missing ones (`python -m engram.runtime.worker`, with this container's settings);
    stop them with SIGTERM when `stop` is set."""
    queue = container.queue
    assert isinstance(queue, SqliteJobQueue)
    poll_s = max(container.settings.worker_poll_s, 0.2)
    pace = pace or Pace()
    wanted = process_count(container.settings)

    def enrichment_worker(stop: threading.Event) -> None:
        children: list[subprocess.Popen[bytes]] = []
        start_after = 0.0
        try:
            while not stop.wait(poll_s):
                for child in [c for c in children if c.poll() is not None]:
                    if child.returncode != 0:
                        logger.error("the enrichment worker process failed", extra={"code": child.returncode})
                        start_after = time.monotonic() + RESTART_DELAY_S
                    children.remove(child)
                if (
                    len(children) < wanted
                    and time.monotonic() >= start_after
                    and queue.ready()
                    and not pace.yields(queue)
                ):
                    children.extend(_start(container.settings) for _ in range(wanted - len(children)))
        except Exception:
            logger.exception("the enrichment worker's supervisor failed")
        finally:
            for child in children:
                child.terminate()  # all asked at once, then each waited for
            for child in children:
                _stop(child)

    return enrichment_worker


def _start(settings: Settings) -> subprocess.Popen[bytes]:
    child = subprocess.Popen(
        [sys.executable, "-m", "engram.runtime.worker"],
        stdin=subprocess.PIPE,
        stdout=2,  # its logs go to stderr: this process's stdout may carry a protocol (`engram mcp`)
        process_group=0,  # Ctrl-C reaches the terminal's process group only: the server stops it
    )
    assert child.stdin is not None
    child.stdin.write(pickle.dumps(settings))
    child.stdin.close()
    return child


def _stop(child: subprocess.Popen[bytes]) -> None:
    child.terminate()
    try:
        child.wait(STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()


def main() -> None:
    """The worker process: settings pickled on stdin by its parent, its own container, SQLite
    connection and embedding model, a lower CPU priority once they are ready (it is started when a
    burst of writes is over: its model read at nice 10 on a busy machine would hold the catch-up up
    for seconds), until SIGTERM or IDLE_EXIT_S idle."""
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    settings = pickle.loads(sys.stdin.buffer.read())  # from the parent process, never from a client
    configure_tracing()  # its spans (enrich, extract, model calls) exported as serve's are, if asked

    container = from_settings(settings)
    container.embedder.warm()  # a local model (MiniLM) is read now, before the lower priority
    os.nice(WORKER_NICENESS)
    # The loop runs in a thread of its own: the SIGTERM handler runs in the main thread and takes the
    # Event's lock, which a main thread caught inside stop.wait() may hold (a deadlock: no exit).
    loop = threading.Thread(
        target=worker_loop(container, idle_exit_s=IDLE_EXIT_S, pace=Pace()), args=(stop,), name="worker"
    )
    loop.start()
    while loop.is_alive():
        loop.join(0.5)


if __name__ == "__main__":
    main()
