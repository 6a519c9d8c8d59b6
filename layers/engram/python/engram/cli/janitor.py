"""`engram janitor run JOB` (one lifecycle job now, its report as JSON) and `engram stats` (memories per
status and enrichment state, the queue, the janitor's runs, the health score), against --data-dir or
the deployment the environment names."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from collections.abc import Callable
from typing import Any

from engram.cli.common import container_of
from engram.ports import JanitorJob
from engram.usecases.janitor.stats import collect_stats


def cmd_janitor_run(args: argparse.Namespace) -> int:
    # this command's own (see engram.cli)
    from engram.runtime.janitor_wiring import janitor_for

    janitor = janitor_for(container_of(args))
    # powertools prints EMF metric lines to stdout once 100 values pile up: not on a terminal
    with contextlib.redirect_stdout(io.StringIO()):
        report = janitor.run(args.job, dry_run=args.dry_run, redrive=args.redrive, max_batches=args.batches)
    print(report.model_dump_json(indent=2))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    # this command's own (see engram.cli)
    from engram.runtime.janitor_wiring import doctor_for

    container = container_of(args)
    state = container.janitor_state  # the memory counts and the janitor's state, beside the store
    report = collect_stats(state, container.queue, state, args.tenant)
    if container.reembed is not None:
        report.embeddings = container.reembed.progress(args.tenant)
    health = doctor_for(container).check()  # service-wide, as the queue figures are
    catch_up = getattr(container.queue, "catch_up", None)  # the embedded default's job table only
    behind = catch_up() if callable(catch_up) else None
    if args.json:
        extra = {"catch_up": behind} if behind is not None else {}
        whole = {**report.model_dump(mode="json"), "health": health.model_dump(mode="json"), **extra}
        print(json.dumps(whole, indent=2))
        return 0
    scope = f"tenant {report.tenant}" if report.tenant else "all tenants"
    print(f"memories ({scope}){'' if report.complete else ' — partial count'}")
    print("  status      " + "  ".join(f"{k} {v}" for k, v in report.status.items()))
    print("  enrichment  " + "  ".join(f"{k} {v}" for k, v in report.enrichment.items()))
    print("queue         " + "  ".join(f"{k} {v}" for k, v in (report.queue or {}).items()))
    if behind is not None:
        eta = "unknown (none done in the last minute)" if behind["eta_s"] is None else f"{behind['eta_s']} s"
        print(
            f"catch-up      {behind['pending']} jobs pending, {behind['rate_per_s']}/s over the last minute:"
            f" {eta} to catch up"
        )
    print(f"health        {health.score:.2f}  (engram doctor for its components and repairs)")
    if report.embeddings is not None:
        e = report.embeddings
        others = ", ".join(f"{m or '(not recorded)'} {n}" for m, n in e.other_models.items())
        print(
            f"embeddings    {e.model}: {e.current} of {e.vectors} ({e.percent:.1f}%)"
            + (f"; re-embedding {others}" if others else "")
        )
    print("janitor")
    for job, status in (report.janitor or {}).items():
        when = status.last_run_at.isoformat(timespec="seconds") if status.last_run_at else "never"
        counts = status.summary.get("counts") or {}
        done = ", ".join(f"{k} {v}" for k, v in counts.items()) or "nothing to do"
        print(f"  {job:<12} last run {when}: {done}")
    sys.stdout.flush()
    return 0


def add_janitor_command(sub: Any, data_dir: Callable[[argparse.ArgumentParser], None]) -> None:
    jobs = "repair, expire, decay, retention, consolidate, reembed"
    p = sub.add_parser("janitor", help=f"lifecycle jobs: {jobs}")
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
