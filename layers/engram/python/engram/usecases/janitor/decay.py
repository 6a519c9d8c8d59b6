"""decay: demote memories nobody retrieves, and (behind `cull_enabled`) cull the weakest.

A never-retrieved memory unchanged for its provenance's `after_days` (from `updated_at`) loses
confidence and moves one provenance notch down; `updated_at` moves, so it is demoted once per period.
Culling deletes demoted memories below `cull_below_confidence`, never constraints nor (ex-)user_stated.
"""
# Demotion order: user_stated → episode_summary → assistant_derived; imported ranks with
# episode_summary, so it goes to assistant_derived; assistant_derived stays and only loses confidence.
# `updated_at` (never before `created_at`) rather than `observed_at`, which may lie far in the past for
# back-filled memories that were never retrievable then. The next period is the new provenance's.
# Evidence of having been user_stated is the memory's own decay history (kept `history_retention_days`).

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

from engram.domain.models import (
    EnrichmentState,
    HistoryEvent,
    HistoryRecord,
    Memory,
    MemoryType,
    Provenance,
    Status,
)
from engram.settings import DecayPolicy, JanitorSettings
from engram.usecases.janitor.context import Progress, RunContext
from engram.usecases.memories import history_record

_DEMOTED = {
    Provenance.user_stated: Provenance.episode_summary,
    Provenance.episode_summary: Provenance.assistant_derived,
    Provenance.imported: Provenance.assistant_derived,
    Provenance.assistant_derived: Provenance.assistant_derived,
}
_LIVE = (Status.active, Status.stale)


def decay_policy(settings: JanitorSettings, provenance: Provenance) -> DecayPolicy:
    """The decay policy of memories of this provenance."""
    policies = {
        Provenance.user_stated: settings.decay_user_stated,
        Provenance.episode_summary: settings.decay_episode_summary,
        Provenance.imported: settings.decay_imported,
        Provenance.assistant_derived: settings.decay_assistant_derived,
    }
    return policies[provenance]


def decay(ctx: RunContext) -> Progress:
    page = ctx.scan(ctx.cursor, ctx.settings.batch_limit)
    for memory in page.items:
        if (
            memory.status not in _LIVE
            or memory.retrieval_count > 0
            or memory.enrichment.state == EnrichmentState.pending
        ):
            continue
        policy = decay_policy(ctx.settings, memory.provenance)
        idle = ctx.now - max(memory.created_at, memory.updated_at)
        if idle < timedelta(days=policy.after_days):
            continue
        _decay_one(ctx, memory, policy, idle)
    return page.cursor, page.cursor is None


def _decay_one(ctx: RunContext, memory: Memory, policy: DecayPolicy, idle: timedelta) -> None:
    now = ctx.now
    demoted = memory.model_copy(
        update={
            "confidence": round(memory.confidence * policy.factor, 6),
            "provenance": _DEMOTED[memory.provenance],
            "updated_at": now,
        }
    )
    cull = _cullable(ctx, memory, demoted)
    if not ctx.dry_run:
        if not ctx.write(memory, demoted):
            return
        detail = {
            "from_provenance": memory.provenance.value,
            "to_provenance": demoted.provenance.value,
            "from_confidence": memory.confidence,
            "to_confidence": demoted.confidence,
            "idle_days": idle.days,
            "after_days": policy.after_days,
        }
        ctx.history([history_record(demoted, HistoryEvent.decayed, now, **detail)])
    ctx.report.record("decayed", memory.id)
    if not cull:
        return
    if not ctx.dry_run:
        tombstone = ctx.store.delete(memory.tenant, memory.id)
        if tombstone is None:
            return
        if ctx.index is not None:
            ctx.index.delete(memory.tenant, [memory.id])
        below = ctx.settings.cull_below_confidence
        record = history_record(
            tombstone, HistoryEvent.culled, now, confidence=demoted.confidence, below=below
        )
        ctx.history([record])
    ctx.report.record("culled", memory.id)


def _cullable(ctx: RunContext, memory: Memory, demoted: Memory) -> bool:
    s = ctx.settings
    if not s.cull_enabled or demoted.confidence >= s.cull_below_confidence:
        return False
    if s.cull_protected_constraints and memory.memory_type == MemoryType.constraint:
        return False
    return not (s.cull_protected_user_stated and _was_user_stated(ctx, memory))


def _was_user_stated(ctx: RunContext, memory: Memory) -> bool:
    if memory.provenance == Provenance.user_stated:
        return True
    history: Iterable[HistoryRecord] = ctx.store.history(memory.tenant, memory.id)
    return any(
        r.event == HistoryEvent.decayed and r.detail.get("from_provenance") == Provenance.user_stated
        for r in history
    )
