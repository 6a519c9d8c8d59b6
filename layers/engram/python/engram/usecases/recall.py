"""Recall: lexical + vector candidates within the scope, fused and weighted (domain.scoring).

Retrieval events go to the job queue (one job per recall), never as synchronous writes per result.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from engram.domain.models import EnrichmentState, Memory, Provenance, Status
from engram.domain.scoring import Components, Weights, bm25_scores, components, fuse, is_expired
from engram.ports import (
    Clock,
    Embedder,
    JobQueue,
    LexicalIndex,
    ListQuery,
    MemoryStore,
    RetrievalJob,
    SearchFilters,
    SearchScope,
    SystemClock,
    VectorIndex,
)
from engram.settings import RankingSettings

log = logging.getLogger(__name__)
_LEGS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="recall-lexical")


@dataclass(frozen=True)
class RecallQuery:
    tenant: str
    user_id: str
    query: str
    project: str | None = None
    namespaces: tuple[str, ...] | None = None
    top_k: int = 10
    filters: SearchFilters = field(default_factory=SearchFilters)
    min_score: float | None = None
    include_stale: bool = True
    include_superseded: bool = False  # superseded memories ("what did X use to…"), ranked far below
    weights: dict[str, float] = field(default_factory=dict)  # per-request overrides of RankingSettings


@dataclass(frozen=True)
class Recalled:
    memory: Memory
    score: float
    components: Components


def weights_from(settings: RankingSettings, overrides: dict[str, float] | None = None) -> Weights:
    s = settings.model_copy(update=overrides or {})
    return Weights(
        lexical=s.lexical_weight,
        vector=s.vector_weight,
        importance=s.importance_weight,
        recency=s.recency_weight,
        recency_half_life_days=s.recency_half_life_days,
        provenance=s.provenance_weight,
        provenance_factors={
            Provenance.user_stated: s.provenance_user_stated,
            Provenance.episode_summary: s.provenance_episode_summary,
            Provenance.assistant_derived: s.provenance_assistant_derived,
            Provenance.imported: s.provenance_imported,
        },
        stale_multiplier=s.stale_multiplier,
        hits=s.hits_weight,
        superseded_multiplier=s.superseded_multiplier,
    )


@dataclass
class Recall:
    store: MemoryStore
    lexical: LexicalIndex
    vectors: VectorIndex
    embedder: Embedder | None
    queue: JobQueue
    ranking: RankingSettings
    clock: Clock = field(default_factory=SystemClock)
    merge_pending: bool = False  # AWS: the lexical index only sees enriched memories

    def __call__(self, q: RecallQuery) -> list[Recalled]:
        now = self.clock.now()
        w = weights_from(self.ranking, q.weights)
        statuses: tuple[Status, ...] = (Status.active, Status.stale) if q.include_stale else (Status.active,)
        if q.include_superseded:
            statuses += (Status.superseded,)
        scope = SearchScope(
            q.tenant, q.user_id, q.project, q.namespaces or None, statuses, _without_empty(q.filters)
        )
        n = max(self.ranking.candidates, q.top_k)

        # The legs run concurrently: SQLite/OpenSearch I/O and NumPy both release the GIL, so the
        # lexical leg overlaps the query embedding and the k-NN scan.
        lexical_leg = _LEGS.submit(self._lexical, scope, q.query, n) if w.lexical > 0 else None
        vector: dict[str, float] = {}
        if w.vector > 0 and self.embedder is not None:
            query_vector = self.embedder.embed([q.query])[0]
            vector = {h.memory_id: h.score for h in self.vectors.knn(scope, query_vector, n)}
        lexical = lexical_leg.result() if lexical_leg else {}

        fused = fuse(lexical, vector, w)
        memories = {m.id: m for m in self.store.get_many(q.tenant, list(fused))}
        results = []
        for memory_id, value in fused.items():
            memory = memories.get(memory_id)
            if memory is None or not self._in_scope(memory, scope, q.include_stale, now):
                continue  # an index lagging behind the store never leaks a deleted or foreign memory
            c = components(memory, value, lexical.get(memory_id), vector.get(memory_id), now, w)
            results.append(Recalled(memory, c.score, c))
        results.sort(key=lambda r: (-r.score, r.memory.id))
        if q.min_score is not None:
            results = [r for r in results if r.score >= q.min_score]
        results = results[: q.top_k]
        self._log_retrievals(q.tenant, [r.memory.id for r in results], now)
        return results

    @staticmethod
    def _in_scope(memory: Memory, scope: SearchScope, include_stale: bool, now: datetime) -> bool:
        if memory.user_id != scope.user_id or memory.status not in scope.statuses:
            return False
        if scope.project is not None and memory.project != scope.project:
            return False
        if scope.namespaces and memory.namespace not in scope.namespaces:
            return False
        if not matches_filters(memory, scope.filters):
            return False  # an index lagging behind the store never returns what the filters exclude
        return include_stale or not is_expired(memory, now)

    def _lexical(self, scope: SearchScope, query: str, n: int) -> dict[str, float]:
        lexical = {h.memory_id: h.score for h in self.lexical.search(scope, query, n)}
        if self.merge_pending:
            lexical |= self._pending(scope, query, lexical)
        return lexical

    def _pending(self, scope: SearchScope, query: str, known: dict[str, float]) -> dict[str, float]:
        page = self.store.list(
            ListQuery(scope.tenant, scope.user_id, scope.project, None, Status.active, 200)
        )
        pending = [
            m
            for m in page.items
            if m.enrichment.state == EnrichmentState.pending
            and m.id not in known
            and (not scope.namespaces or m.namespace in scope.namespaces)
            and matches_filters(m, scope.filters)
        ]
        scores = bm25_scores({m.id: m.content for m in pending}, query)
        if scores and known:
            top = max(known.values())  # put them on the index's scale
            peak = max(scores.values())
            return {k: v / peak * top for k, v in scores.items()}
        return scores

    def _log_retrievals(self, tenant: str, ids: list[str], at: datetime) -> None:
        if not ids:
            return
        try:
            self.queue.enqueue([RetrievalJob(tenant=tenant, memory_ids=ids, at=at)])
        except Exception:
            log.exception("could not queue retrieval events")  # never fail a recall over bookkeeping


def matches_filters(memory: Memory, f: SearchFilters) -> bool:
    """The recall filters, checked on a stored memory as the index legs check them (an empty list
    filters nothing; categories and entities match case-insensitively)."""
    if f.memory_types and memory.memory_type not in f.memory_types:
        return False
    if f.provenance and memory.provenance not in f.provenance:
        return False
    if f.categories and not _any_of(memory.categories, f.categories):
        return False
    if f.entities and not _any_of(memory.entities, f.entities):
        return False
    if f.observed_after is not None and memory.observed_at < _aware(f.observed_after):
        return False
    if f.observed_before is not None and memory.observed_at >= _aware(f.observed_before):
        return False
    return f.min_importance is None or memory.importance >= f.min_importance


def _without_empty(f: SearchFilters) -> SearchFilters:
    """An empty "any of" list filters nothing, on every backend (OpenSearch would match nothing)."""
    lists = ("memory_types", "categories", "entities", "provenance")
    return replace(f, **{name: None for name in lists if getattr(f, name) == ()})


def _any_of(labels: Sequence[str], wanted: Sequence[str]) -> bool:
    return not {label.lower() for label in labels}.isdisjoint(w.lower() for w in wanted)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def with_weights(q: RecallQuery, **weights: float) -> RecallQuery:
    return replace(q, weights={**q.weights, **weights})
