"""The janitor wired to a deployment: the use case (engram.usecases.janitor) over a container's store,
queue, index and state adapter, and the scheduler thread of `engram serve`. The `engram janitor run`
and `engram stats` commands are engram.cli.janitor."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from datetime import datetime

from pydantic import TypeAdapter, ValidationError

from engram.domain.health import Repair
from engram.observability import logger
from engram.ports import HealthState, IndexHealth, JanitorJob, JanitorStore, StaleLeases
from engram.runtime.container import Container
from engram.settings import Settings
from engram.usecases.janitor.health import Doctor, RepairRun
from engram.usecases.janitor.runner import Janitor
from engram.usecases.reembed import Reembedder

TICK_S = 5.0  # how often the scheduler looks for a due job
BUSY_TICK_S = 0.05  # between the batches of an unfinished pass


def janitor_state(container: Container) -> JanitorStore:
    """The JanitorState (and MemoryCounter) the composition built beside the container's store."""
    if container.janitor_state is None:
        raise RuntimeError("this container was built without a janitor state adapter (janitor_state)")
    return container.janitor_state


def janitor_for(container: Container, state: JanitorStore | None = None) -> Janitor:
    janitor = _janitor(container, state)
    if container.settings.janitor.health.execute:  # self-repair after each repair pass
        janitor.after_repair = lambda now: doctor_for(container, janitor).run(execute=True, now=now)
    return janitor


def _janitor(container: Container, state: JanitorStore | None) -> Janitor:
    return Janitor(
        store=container.store,
        queue=container.queue,
        state=state or janitor_state(container),
        settings=container.settings.janitor,
        dedup=container.settings.dedup,
        index=container.vector_index,
        enricher=lambda: container.enricher,
        reembed=lambda: _reembedder(container),
        clock=container.clock,
    )


def _reembedder(container: Container) -> Reembedder | None:
    """The re-embedding the `reembed` job runs: none where `engram serve`'s own loop runs it (the
    embedded default with a budget, see engram.runtime.background)."""
    embedder = container.settings.embedder
    if container.settings.backend == "local" and embedder.reembed_budget > 0:
        return None
    return container.reembed


def janitor_enabled(settings: Settings, environ: dict[str, str] | None = None) -> bool:
    """`ENGRAM_JANITOR__ENABLED` (the settings field) and `ENGRAM_JANITOR_ENABLED` (the name the docs
    use) both switch the scheduler thread off; either one set to false is enough."""
    value = (os.environ if environ is None else environ).get("ENGRAM_JANITOR_ENABLED")
    if value is not None:
        try:
            if not TypeAdapter(bool).validate_python(value.strip()):
                return False
        except ValidationError:
            logger.warning("ignoring ENGRAM_JANITOR_ENABLED=%r: not a boolean", value)
    return settings.janitor.enabled


def scheduler_loop(container: Container, janitor: Janitor | None = None) -> Callable[[threading.Event], None]:
    """A background loop running each job when due: one batch at a time, so an unfinished pass goes on
    at once while a finished job waits for its interval."""
    janitor = janitor or janitor_for(container)

    def janitor_scheduler(stop: threading.Event) -> None:
        while not stop.is_set():
            busy = False
            for job in JanitorJob:
                if stop.is_set():
                    return
                try:
                    if janitor.due(job):
                        busy = not janitor.run(job).complete or busy
                except Exception:  # keep the thread alive; the job resumes from its saved cursor
                    logger.exception("janitor job failed", extra={"job": job.value})
            stop.wait(BUSY_TICK_S if busy else TICK_S)

    return janitor_scheduler


def doctor_for(container: Container, janitor: Janitor | None = None) -> Doctor:
    """`engram doctor` over a container: the repair actions this deployment can run (the text index
    rebuild and the HNSW graph rebuild of `engram index rebuild` on the embedded default only)."""
    janitor = janitor or janitor_for(container)
    queue, state, limit = container.queue, janitor_state(container), container.settings.janitor.batch_limit
    index = state if isinstance(state, IndexHealth) else None

    def requeue_dead(now: datetime) -> int:
        try:
            return queue.redrive_dead(limit)
        except ValueError:  # an SQS queue without its DLQ
            return 0

    def run_retention(now: datetime) -> int:
        return sum(janitor.run(JanitorJob.retention, max_batches=100, now=now).counts.values())

    repairs: dict[Repair, RepairRun] = {
        Repair.requeue_dead: requeue_dead,
        Repair.run_retention: run_retention,
    }
    if isinstance(queue, StaleLeases):
        repairs[Repair.release_stale_leases] = lambda now: queue.release_stale_leases(now, limit)
    if index is not None:
        text_index = index

        def rebuild_index(now: datetime) -> int:
            # the local extra's (NumPy, usearch), which the janitor function's layer lacks
            from engram.adapters.local.index import LocalIndex

            added = text_index.rebuild_text_index()
            vectors = container.vector_index
            threshold = container.settings.ann.threshold
            if isinstance(vectors, LocalIndex):  # what `engram index rebuild` does: scopes with a graph
                for tenant, user_id, count in vectors.scopes():
                    if 0 < threshold < count:
                        vectors.prepare(tenant, user_id, rebuild=True)
            return added

        repairs[Repair.rebuild_index] = rebuild_index
    if not isinstance(state, HealthState):
        raise RuntimeError("this deployment's janitor state keeps no self-repair state (HealthState)")
    return Doctor(
        queue=queue,
        counter=state,
        state=state,
        repairs=repairs,
        index=index,
        settings=container.settings.janitor.health,
        clock=container.clock,
    )
