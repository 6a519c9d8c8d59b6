"""retention: hard-delete what has outlived its retention window.

Tombstones older than `tombstone_retention_days` (memory, history, vector), history older than
`history_retention_days`, and finished local jobs older than `job_retention_days`, in that order (the
cursor names the phase).
"""

from __future__ import annotations

from datetime import timedelta

from engram.domain.models import Status
from engram.usecases.janitor.context import Progress, RunContext, phase_cursor, phase_position


def retention(ctx: RunContext) -> Progress:
    s, limit, now, report = ctx.settings, ctx.settings.batch_limit, ctx.now, ctx.report
    phase, after = phase_position(ctx.cursor, "tombstones")
    if phase == "tombstones":
        cut = now - timedelta(days=s.tombstone_retention_days)
        page = ctx.scan(after, limit)
        for memory in page.items:
            if memory.status != Status.deleted or memory.updated_at > cut:
                continue
            if not ctx.dry_run:
                ctx.store.purge(memory.tenant, memory.id)
                if ctx.index is not None:
                    ctx.index.delete(memory.tenant, [memory.id])
            report.record("purged", memory.id)
        return phase_cursor("tombstones" if page.cursor else "history", page.cursor), False
    if phase == "history":
        cut = now - timedelta(days=s.history_retention_days)
        if ctx.dry_run:
            report.notes.append(f"would purge history recorded before {cut.isoformat()}")
            return phase_cursor("jobs", None), False
        purged = ctx.store.purge_history(cut, limit)
        report.record("history_purged", n=purged)
        return phase_cursor("history" if purged >= limit else "jobs", None), False
    if not ctx.queue.keeps_finished:  # SQS keeps no finished jobs
        return None, True
    cut = now - timedelta(days=s.job_retention_days)
    if ctx.dry_run:
        report.notes.append(f"would purge jobs finished before {cut.isoformat()}")
        return None, True
    purged = ctx.queue.purge_finished(cut, limit)
    report.record("jobs_purged", n=purged)
    return (phase_cursor("jobs", None), False) if purged >= limit else (None, True)
