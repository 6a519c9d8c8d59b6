"""repair: re-enqueue memories whose enrichment is stuck, and (on request) redrive the dead letters.

Memories `pending`, or `failed` with attempts left, for longer than `pending_after_s` are set back to
`pending` and requeued (at most once per `pending_after_s`, after the queue's own retries); failed
ones out of attempts become `dead` (reported, no retry).
"""

from __future__ import annotations

from datetime import timedelta

from engram.domain.models import EnrichmentState, HistoryEvent, Memory, Status
from engram.ports import EnrichJob
from engram.usecases.janitor.context import Progress, RunContext, phase_cursor, phase_position
from engram.usecases.memories import history_record


def redrive_dead_jobs(ctx: RunContext) -> None:
    """Move up to `batch_limit` dead jobs back onto the queue (a dry run counts them)."""
    limit, report = ctx.settings.batch_limit, ctx.report
    if ctx.dry_run:
        report.record("redriven", n=min(limit, ctx.queue.depth().get("dead", 0)))
        return
    try:
        moved = ctx.queue.redrive_dead(limit)
    except ValueError as exc:  # an SQS queue configured without its DLQ
        report.notes.append(f"redrive: {exc}")
        return
    report.record("redriven", n=moved)


def repair(ctx: RunContext) -> Progress:
    phases = [EnrichmentState.pending.value, EnrichmentState.failed.value]
    phase, after = phase_position(ctx.cursor, phases[0])
    before = ctx.now - timedelta(seconds=ctx.settings.pending_after_s)
    budget = ctx.settings.batch_limit
    for state in phases[phases.index(phase) :]:
        if budget <= 0:
            return phase_cursor(state, None), False
        page = ctx.store.find_by_enrichment_state(EnrichmentState(state), before, budget, after)
        for memory in page.items:
            ctx.report.examined += 1
            _repair_one(ctx, memory)
        budget -= len(page.items)
        if page.cursor is not None:
            return phase_cursor(state, page.cursor), False
        after = None
    return None, True


def _repair_one(ctx: RunContext, memory: Memory) -> None:
    if memory.status in (Status.deleted, Status.merged):
        return  # nothing left to enrich
    now, enrichment = ctx.now, memory.enrichment
    if enrichment.state == EnrichmentState.failed and enrichment.attempts >= ctx.settings.max_attempts:
        action, state = "dead", EnrichmentState.dead
    else:
        action, state = "requeued", EnrichmentState.pending
    if not ctx.dry_run:
        changed = memory.model_copy(
            update={
                "enrichment": enrichment.model_copy(update={"state": state, "updated_at": now}),
                "updated_at": now,
            }
        )
        if not ctx.write(memory, changed):
            return
        if action == "requeued":
            job = EnrichJob(tenant=memory.tenant, memory_id=memory.id, content_hash=memory.content_hash)
            ctx.queue.enqueue([job])
            record = history_record(
                changed,
                HistoryEvent.requeued,
                now,
                was=enrichment.state.value,
                attempts=enrichment.attempts,
            )
        else:
            record = history_record(
                changed, HistoryEvent.failed, now, state="dead", attempts=enrichment.attempts
            )
        ctx.history([record])
    ctx.report.record(action, memory.id)
