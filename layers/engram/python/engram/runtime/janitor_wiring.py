"""The janitor wired to a deployment: the use case (engram.usecases.janitor) over a container's store,
queue, index and state adapter, the scheduler thread of `engram serve`, and the `engram janitor run` /
`engram stats` commands (registered in engram.runtime.commands)."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import threading
from collections.abc import Callable
from typing import Any

from pydantic import TypeAdapter, ValidationError

from engram.observability import logger
from engram.ports import JanitorJob, JanitorStore
from engram.runtime.container import Container
from engram.settings import Settings
from engram.usecases.janitor.runner import Janitor
from engram.usecases.janitor.stats import Stats, collect_stats

TICK_S = 5.0  # how often the scheduler looks for a due job
BUSY_TICK_S = 0.05  # between the batches of an unfinished pass


def janitor_state(container: Container) -> JanitorStore:
    """The JanitorState (and MemoryCounter) the composition built beside the container's store."""
    if container.janitor_state is None:
        raise RuntimeError("this container was built without a janitor state adapter (janitor_state)")
    return container.janitor_state


def janitor_for(container: Container, state: JanitorStore | None = None) -> Janitor:
    return Janitor(
        store=container.store,
        queue=container.queue,
        state=state or janitor_state(container),
        settings=container.settings.janitor,
        dedup=container.settings.dedup,
        index=container.vector_index,
        enricher=lambda: container.enricher,
        clock=container.clock,
    )


def stats(container: Container, tenant: str | None = None) -> Stats:
    state = janitor_state(container)
    return collect_stats(state, container.queue, state, tenant)


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


# ----------------------------------------------------------------------------- CLI


def _container(args: argparse.Namespace) -> Container:
    from engram.runtime.container import from_settings

    settings = Settings(data_dir=args.data_dir) if getattr(args, "data_dir", None) else Settings()
    return from_settings(settings)


def cmd_janitor_run(args: argparse.Namespace) -> int:
    janitor = janitor_for(_container(args))
    # powertools prints EMF metric lines to stdout once 100 values pile up: not on a terminal
    with contextlib.redirect_stdout(io.StringIO()):
        report = janitor.run(args.job, dry_run=args.dry_run, redrive=args.redrive, max_batches=args.batches)
    print(report.model_dump_json(indent=2))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    report = stats(_container(args), args.tenant)
    if args.json:
        print(report.model_dump_json(indent=2))
        return 0
    scope = f"tenant {report.tenant}" if report.tenant else "all tenants"
    print(f"memories ({scope}){'' if report.complete else ' — partial count'}")
    print("  status      " + "  ".join(f"{k} {v}" for k, v in report.status.items()))
    print("  enrichment  " + "  ".join(f"{k} {v}" for k, v in report.enrichment.items()))
    print("queue         " + "  ".join(f"{k} {v}" for k, v in (report.queue or {}).items()))
    print("janitor")
    for job, status in (report.janitor or {}).items():
        when = status.last_run_at.isoformat(timespec="seconds") if status.last_run_at else "never"
        counts = status.summary.get("counts") or {}
        done = ", ".join(f"{k} {v}" for k, v in counts.items()) or "nothing to do"
        print(f"  {job:<12} last run {when}: {done}")
    sys.stdout.flush()
    return 0


def add_janitor_command(sub: Any, data_dir: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser("janitor", help="lifecycle jobs: repair, expire, decay, retention, consolidate")
    js = p.add_subparsers(dest="janitor_command", required=True)
    run = js.add_parser("run", help="run one job now and print its report as JSON")
    data_dir(run)
    run.add_argument("job", choices=[j.value for j in JanitorJob])
    run.add_argument("--dry-run", action="store_true", help="report what would change; change nothing")
    run.add_argument("--redrive", action="store_true", help="repair: also redrive dead jobs")
    run.add_argument(
        "--batches", type=int, default=1_000_000, help="stop after this many batches (default: whole pass)"
    )
    run.set_defaults(func=cmd_janitor_run)


def add_stats_command(sub: Any, data_dir: Callable[[argparse.ArgumentParser], None]) -> None:
    p = sub.add_parser("stats", help="memories per status and enrichment state, queue, janitor runs")
    data_dir(p)
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--tenant", help="count one tenant's memories only")
    p.set_defaults(func=cmd_stats)
