"""expire: mark active memories whose `temporal.valid_until` has passed `stale`.

Recall still returns them, ranked lower. Memories whose enrichment is still pending are left to the
enricher first.
"""

from __future__ import annotations

from engram.domain.models import EnrichmentState, HistoryEvent, Status
from engram.usecases.janitor.context import Progress, RunContext
from engram.usecases.memories import history_record


def expire(ctx: RunContext) -> Progress:
    now = ctx.now
    page = ctx.scan(ctx.cursor, ctx.settings.batch_limit)
    for memory in page.items:
        until = memory.temporal.valid_until
        if (
            memory.status != Status.active
            or until is None
            or until > now
            or memory.enrichment.state == EnrichmentState.pending
        ):
            continue
        if not ctx.dry_run:
            stale = memory.model_copy(update={"status": Status.stale, "updated_at": now})
            if not ctx.write(memory, stale):
                continue
            ctx.history([history_record(stale, HistoryEvent.expired, now, valid_until=until.isoformat())])
        ctx.report.record("expired", memory.id)
    return page.cursor, page.cursor is None
