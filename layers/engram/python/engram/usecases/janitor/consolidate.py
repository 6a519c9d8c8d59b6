"""consolidate: merge the near-duplicates enrichment missed, or supersede the older of a changed pair.

Within each scope, each active memory's nearest older active neighbour with cosine ≥
`consolidate_threshold` goes through enrichment's decision stage, with its effects (merge, or
supersession in `observed_at` order). Each pair is looked at once per pass, from its younger side.
"""

from __future__ import annotations

from engram.domain.enrichment import Candidate, DecisionAction
from engram.domain.errors import Conflict
from engram.domain.models import EnrichmentState, Memory, Status
from engram.ports import SearchScope, VectorIndex
from engram.usecases.enrich import apply_merge, apply_supersession, decide, reindex
from engram.usecases.janitor.context import Progress, RunContext


def consolidate(ctx: RunContext) -> Progress:
    index = ctx.index
    if index is None:
        ctx.report.notes.append("no vector index: nothing to compare")
        return None, True
    # one pair at most per memory: a batch of `consolidate_pairs` memories stays within the budget
    page = ctx.scan(ctx.cursor, max(1, min(ctx.settings.batch_limit, ctx.settings.consolidate_pairs)))
    candidates = [
        m for m in page.items if m.status == Status.active and m.enrichment.state == EnrichmentState.done
    ]
    vectors: dict[str, list[float]] = {}
    for tenant in {m.tenant for m in candidates}:
        vectors |= index.get_vectors(tenant, [m.id for m in candidates if m.tenant == tenant])
    for memory in candidates:
        if memory.id in vectors:
            _consolidate_one(ctx, index, memory, vectors[memory.id])
    return page.cursor, page.cursor is None


def _consolidate_one(ctx: RunContext, index: VectorIndex, memory: Memory, vector: list[float]) -> None:
    new = ctx.store.get(memory.tenant, memory.id)  # an earlier pair of this batch may have merged it
    if new is None or new.status != Status.active:
        return
    scope = SearchScope(
        tenant=new.tenant,
        user_id=new.user_id,
        project=new.project,
        namespaces=(new.namespace,),
        statuses=(Status.active,),
    )
    for hit in index.knn(scope, vector, ctx.dedup.neighbours + 1):
        if hit.memory_id == new.id:
            continue
        if hit.score < ctx.settings.consolidate_threshold:
            return
        existing = ctx.store.get(new.tenant, hit.memory_id)
        if existing is None or existing.status != Status.active:
            continue
        if (existing.created_at, existing.id) > (new.created_at, new.id):
            continue  # the pair is looked at from its younger side
        _consolidate_pair(ctx, index, new, existing, round(hit.score, 4))
        return


def _consolidate_pair(
    ctx: RunContext, index: VectorIndex, new: Memory, existing: Memory, similarity: float
) -> None:
    candidates = [Candidate(existing, similarity)]
    decided = decide(ctx.enricher() if ctx.enricher else None, new, candidates, ctx.dedup)
    decision = decided.decision
    if decision.action == DecisionAction.add or not decision.targets:
        ctx.report.record("kept_both", new.id)
        return
    detail = {"similarity": similarity, "reason": decision.reason, "source": decided.source}
    # the memory that stops being active: merged, the younger; superseded, the one observed earlier
    merging = decision.action == DecisionAction.none
    gone = new if merging or new.observed_at < existing.observed_at else existing
    if not ctx.dry_run:
        store, now = ctx.store, ctx.now
        try:
            if merging:
                records = apply_merge(store, new, existing, detail, now)
                index.delete(new.tenant, [new.id])  # indexed, unlike enrichment's new memory
            else:
                detail |= {"action": decision.action.value, "confidence": decision.confidence}
                changed, records = apply_supersession(store, index, new, [existing], detail, now)
                if changed is not new:
                    reindex(index, [store.put(changed, expected_updated_at=new.updated_at)])
        except Conflict:
            ctx.report.conflicts.append(new.id)
            return
        ctx.history(records)
    ctx.report.record("merged" if merging else "superseded", gone.id)
