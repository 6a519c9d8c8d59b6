"""Recall: lexical + vector candidates within the scope, fused and weighted (domain.scoring).

Retrieval events go to the job queue (one job per recall), never as synchronous writes per result.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import lru_cache
from typing import Literal, Protocol, runtime_checkable

from engram.domain.claims import user_names
from engram.domain.filters import matches as metadata_matches
from engram.domain.graph import GraphScope, canonical, entity_id
from engram.domain.models import EnrichmentState, Memory, MemoryType, Provenance, Status
from engram.domain.precedence import current_over_ended, first_person, precede, user_aliases
from engram.domain.scoring import (
    LINK_WINDOW,
    Candidate,
    Components,
    QueryTraits,
    Weights,
    answers_ride_with_links,
    as_long_memory,
    best_passage_bm25,
    bm25_scores,
    components,
    contenders,
    cosines,
    ended_yields_to_current,
    fuse,
    governing_rule_first,
    hub_terms,
    is_expired,
    query_coverage,
    topic_of,
    without_words,
)
from engram.domain.specificity import RESOLVING, is_rule
from engram.domain.text import terms
from engram.observability import count, logger
from engram.ports import (
    Clock,
    Embedder,
    GraphStore,
    HintHit,
    HintIndex,
    JobQueue,
    LexicalIndex,
    ListQuery,
    MemoryStore,
    Reranker,
    RetrievalJob,
    SearchFilters,
    SearchScope,
    SystemClock,
    VectorIndex,
)
from engram.settings import RankingSettings, RerankerSettings
from engram.tracing import of_query, of_results, traced
from engram.usecases.graph import NO_EXPANSION, ExpandQuery, Expansion

_OLDER = 10  # superseded memories the lexical leg finds, to stand in for their successors
_SUCCESSION_HOPS = 5  # a correction of a correction …: how far a superseded memory's successor is followed
_LEGS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="recall-lexical")
# Graph expansion has a pool of its own: an expansion that misses its deadline keeps running, and in
# the legs' pool it would make the next recalls' lexical legs queue behind it.
_GRAPH = ThreadPoolExecutor(max_workers=2, thread_name_prefix="recall-graph")
# The reranker's calls, under their timeout: one that runs late keeps its thread until its own
# client timeout ends it, never the recall.
_RERANK = ThreadPoolExecutor(max_workers=4, thread_name_prefix="recall-rerank")


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
    sources: Literal["memories", "documents", "all"] = "all"  # document chunks (POST /v1/documents) or not
    log_retrievals: bool = True  # False: the caller counts what it uses of the results (a context block)
    graph_deadline_ms: float | None = None  # the graph expansion's deadline; None: the ranking settings'

    @property
    def graph_scope(self) -> GraphScope:
        """The user's knowledge graph this query reads (entities are shared across namespaces)."""
        return GraphScope(self.tenant, self.user_id, self.project or "default")


@runtime_checkable
class CandidateStore(Protocol):
    """A store that reads the memories recall ranks as Candidates (the SQLite store); from any other,
    recall makes them of whole memories."""

    def candidates(self, tenant: str, memory_ids: Sequence[str]) -> list[Candidate]: ...


Scored = tuple[Candidate, float, Components]  # a ranked candidate, its score, and why


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
        graph=s.graph_boost,
        hop_damping=s.graph_hop_damping,
        lexical_scale=s.lexical_scale,
        resolution=s.resolution_boost,
        resolution_on_action=s.resolution_boost_on_action,
        anchored=s.anchored_boost,
        vague=s.vague_multiplier,
        no_overlap=s.no_overlap_multiplier,
        hub=s.hub_entity_multiplier,
        hub_mentions=s.hub_entity_mentions,
        answer_shape=s.answer_shape_boost,
        current=s.current_boost,
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
    graph: GraphStore | None = None  # one-hop expansion through the user's knowledge graph
    # The vectors of the most recent distinct queries: an agent asks the same thing again and again,
    # and the query embedding is the largest single cost of a recall on the embedded default.
    query_cache: int = 512
    reranker: Reranker | None = None  # the optional second stage over the top `reranking.top_n`
    reranking: RerankerSettings = field(default_factory=RerankerSettings)
    hints: HintIndex | None = None  # prospective hints (settings.hints), searched beside the content

    def __post_init__(self) -> None:
        self._query_vector = lru_cache(maxsize=self.query_cache)(self._embed_query)
        store = self.store
        self._candidates = store.candidates if isinstance(store, CandidateStore) else self._whole_memories

    def _whole_memories(self, tenant: str, memory_ids: Sequence[str]) -> list[Candidate]:
        return [Candidate.of(m) for m in self.store.get_many(tenant, memory_ids)]

    def _embed_query(self, text: str) -> tuple[float, ...]:
        assert self.embedder is not None
        return tuple(self.embedder.embed([text])[0])

    @traced("engram.recall", subject=of_query, result=of_results)
    def __call__(self, q: RecallQuery) -> list[Recalled]:
        q = with_sources(q)
        now = self.clock.now()
        w = weights_from(self.ranking, q.weights)
        statuses: tuple[Status, ...] = (Status.active, Status.stale) if q.include_stale else (Status.active,)
        if q.include_superseded:
            statuses += (Status.superseded,)
        scope = SearchScope(q.tenant, q.user_id, q.project, q.namespaces or None, statuses, q.filters)
        # Superseded memories the query matches by its words (a leg of their own, scored apart, so that
        # a scope's many corrections never crowd out or rescale what is current) stand in for their
        # successors (successors_stand_in), then are left out unless asked for.
        stand_ins = self.ranking.successors_stand_in and not q.include_superseded and w.lexical > 0
        n = max(self.ranking.candidates, q.top_k)

        # The legs run concurrently: SQLite/OpenSearch I/O, NumPy and ONNX Runtime release the GIL, so
        # the lexical leg, and the loading of its candidates' memories, overlap the query embedding
        # and the k-NN search.
        # The user's own name is the scope, not the topic: it never decides the lexical ranking.
        known = user_names(q.user_id)
        lexical_query = without_words(q.query, known)
        # (with stand-ins, one lexical search over current and superseded alike, `_OLDER` deeper: a
        # search for the superseded alone would walk every current match to find the few)
        searched, depth = (
            (replace(scope, statuses=(*statuses, Status.superseded)), n + _OLDER) if stand_ins else (scope, n)
        )
        lexical_leg = (
            _LEGS.submit(self._lexical_and_memories, searched, lexical_query, depth)
            if w.lexical > 0
            else None
        )
        expansion = self._expand(q, w)
        vector: dict[str, float] = {}
        query_vector: tuple[float, ...] | None = None
        if w.vector > 0 and self.embedder is not None:
            query_vector = self._query_vector(topic_of(q.query) if self.ranking.names_by_words else q.query)
            vector = {h.memory_id: h.score for h in self.vectors.knn(scope, query_vector, n)}
        lexical, loaded, hinted = lexical_leg.result() if lexical_leg else ({}, {}, {})
        older: dict[str, float] = {}
        older_vector: dict[str, float] = {}
        if stand_ins:
            gone = {i for i in lexical if i in loaded and loaded[i].status == Status.superseded}
            older = dict(sorted(((i, lexical[i]) for i in gone), key=lambda iv: -iv[1])[:_OLDER])
            lexical = {i: v for i, v in lexical.items() if i not in gone}
            if older and query_vector is not None:
                older_vector = cosines(query_vector, self.vectors.get_vectors(q.tenant, list(older)))
        leg = lexical

        fused = fuse(lexical, vector, w)
        traits = QueryTraits.of(q.query, now)
        expanded = expansion()
        boosts = expanded.boosts
        candidates = list(fused) + [m for m in boosts if m not in fused]
        memories = {i: loaded[i] for i in candidates if i in loaded}
        rest = [i for i in candidates if i not in loaded]
        memories |= {m.id: m for m in self._candidates(q.tenant, rest)} if rest else {}
        # A name the query calls the user by, learned from how the memories name them (user_aliases):
        # like the user id's own words, it is the scope, not the topic.
        users = user_aliases(q.query, [m.content for m in memories.values()], known)
        learned = {t for name in users[len(known) :] for t in terms(name)}
        lexical = self._without_hub_terms(lexical, fused, memories, traits, learned)
        lexical, coverage = self._by_passages(lexical, vector, memories, lexical_query)
        answered: dict[str, float] = {}
        if self.ranking.lexical_coverage > 0 and lexical:
            docs = {i: memories[i].content for i in lexical if i in memories}
            for i, h in hinted.items():  # a memory found by its hint covers what the hint says too
                if i in docs and h.hint:
                    docs[i] = f"{docs[i]} {h.hint}"
            share = query_coverage(docs, traits.terms - learned - set(known))
            answered = {i: v**self.ranking.lexical_coverage for i, v in share.items()}
        if lexical is not leg or coverage or answered:
            if hinted and lexical is not leg:  # re-scored over the content alone: the hints lift again
                lexical = with_hints(lexical, hinted)
            fused = fuse(lexical, vector, w, coverage, answered)
        # the superseded ones, scored as if they were current, beside (not among) the current ones
        olds = {i: loaded[i] for i in older}
        successors = self._successors(q.tenant, olds, memories, scope)
        older_fused = fuse({**lexical, **older}, {**vector, **older_vector}, w) if successors else {}
        for successor in successors.values():
            if successor.id not in memories:
                memories[successor.id] = successor
                candidates.append(successor.id)
        memories |= {i: olds[i] for i in successors}
        hubbed = self._about_hubs_only(q, memories.values(), w.hub_mentions) if w.hub < 1 else set()
        plain: list[tuple[Candidate, Components]] = []  # scored without the query's text factors
        standing: dict[str, tuple[str, float]] = {}  # successor id → (a superseded memory, its score)
        for memory_id in [*candidates, *successors]:
            memory = memories.get(memory_id)
            stands_in = memory_id in successors
            if memory is None or not (stands_in or self._in_scope(memory, scope, q.include_stale, now)):
                continue  # an index lagging behind the store never leaks a deleted or foreign memory
            c = components(
                memory,
                (older_fused if stands_in else fused).get(memory_id, 0.0),
                (older if stands_in else lexical).get(memory_id),
                (older_vector if stands_in else vector).get(memory_id),
                now,
                w,
                graph=boosts.get(memory_id, 0.0),
                hop=expanded.hops.get(memory_id, 1.0),
                hub=memory_id in hubbed,
            )
            if memory_id in hinted:
                c = replace(c, hint=hinted[memory_id].hint, hint_bm25=hinted[memory_id].score)
            if 0 < self.ranking.long_memory_chars < len(memory.content):
                c = as_long_memory(c, memory, w)
            if stands_in:
                heir = successors[memory_id].id
                own = replace(c, superseded=1.0).score  # where it would rank, were it not superseded
                if own > standing.get(heir, ("", -math.inf))[1]:
                    standing[heir] = (memory_id, own)
                continue
            plain.append((memory, c))
        plain = [(m, _standing_for(c, *standing[m.id]) if m.id in standing else c) for m, c in plain]
        # The links' stage reads (and may lift from) a wider window than the top k: it is scored in full.
        exact = max(q.top_k, LINK_WINDOW) if self.ranking.links_carry_answers else q.top_k
        ranked = sorted(contenders(plain, exact, traits, w), key=lambda mc: (-mc[1].score, mc[0].id))
        if self.ranking.links_carry_answers:
            ranked = answers_ride_with_links(ranked, traits, long_chars=self.ranking.long_memory_chars)
        if self.ranking.governing_rule_first:
            ranked = governing_rule_first(ranked, traits, _is_rule)
        if self.ranking.ended_yields:
            ranked = ended_yields_to_current(ranked)
        if self.ranking.current_over_ended:
            ranked = current_over_ended(
                ranked, q.query, users, lambda ids: self.vectors.get_vectors(q.tenant, ids)
            )
        # What the user said last ranks first (embeddings read only for a pair sharing just its subject).
        ranked = precede(
            ranked,
            q.top_k,
            users,
            lambda ids: self.vectors.get_vectors(q.tenant, ids),
            q.query,
        )
        if q.min_score is not None:
            ranked = [(m, c) for m, c in ranked if c.score >= q.min_score]
        reranked = self._reranked(q.query, [(m, c.score, c) for m, c in ranked])[: q.top_k]
        results = [Recalled(m.memory(), score, c) for m, score, c in reranked]
        if q.log_retrievals:
            self._log_retrievals(q.tenant, [r.memory.id for r in results], now)
        count("MemoriesRecalled", len(results))
        return results

    def _reranked(self, query: str, ranked: list[Scored]) -> list[Scored]:
        """The top `top_n` re-scored by the reranker within its timeout: each one's score becomes
        (1 − weight) × its share of the best score + weight × the reranker's (min-max over the top n),
        on the best score's scale. On a timeout or an error, recall's own order, marked so."""
        settings, reranker = self.reranking, self.reranker
        if reranker is None or len(ranked) < 2:
            return ranked
        head, tail = ranked[: settings.top_n], ranked[settings.top_n :]
        try:
            future = _RERANK.submit(reranker.rerank, query, [m.content for m, _, _ in head])
            scores = future.result(timeout=settings.timeout_s)
            if len(scores) != len(head) or not all(math.isfinite(s) for s in scores):
                raise ValueError(f"{len(scores)} scores for {len(head)} documents")
        except FutureTimeout:
            logger.warning("reranker missed its timeout", extra={"timeout_s": settings.timeout_s})
            return [(m, score, replace(c, rerank_status="timeout")) for m, score, c in head] + tail
        except Exception:
            logger.exception("reranker failed; recall keeps its own order")
            return [(m, score, replace(c, rerank_status="error")) for m, score, c in head] + tail
        top = max(score for _, score, _ in head)
        lo, hi = min(scores), max(scores)
        w = settings.weight
        rescored = []
        for (m, score, c), s in zip(head, scores, strict=True):
            own = score / top if top > 0 else 0.0
            theirs = (s - lo) / (hi - lo) if hi > lo else 1.0
            rescored.append(
                (m, top * ((1 - w) * own + w * theirs), replace(c, rerank=s, rerank_status="reranked"))
            )
        return sorted(rescored, key=lambda r: (-r[1], r[0].id)) + tail

    def _without_hub_terms(
        self,
        lexical: dict[str, float],
        fused: dict[str, float],
        memories: dict[str, Candidate],
        traits: QueryTraits,
        users: set[str],
    ) -> dict[str, float]:
        """The lexical leg re-scored without the query terms most candidates share (the subject the
        whole scope is about), and with the words the query calls the user by (`users`, learned) found
        in the memories the user speaks in the first person ("I sold the Focus" is Dan's): so the terms
        that tell memories apart decide the ranking, whoever's voice a memory is in."""
        r = self.ranking
        asked = users & traits.terms
        if not lexical or (r.hub_term_share >= 1 and not asked):
            return lexical
        docs = {i: memories[i].content for i in fused if i in memories}
        hubs = (
            hub_terms(traits.terms, docs.values(), r.hub_term_share, r.hub_term_min)
            if r.hub_term_share < 1
            else set()
        )
        if not asked and not hubs:
            return lexical
        if asked:
            said = " ".join(sorted(asked))
            docs = {i: f"{text} {said}" if first_person(text) else text for i, text in docs.items()}
        else:
            docs = {i: docs[i] for i in lexical if i in docs}
        rescored = bm25_scores(docs, " ".join(sorted(traits.terms - hubs)))  # hub_terms leaves a term
        if rescored:
            top, peak = max(lexical.values()), max(rescored.values())
            rescored = {i: v / peak * top for i, v in rescored.items()}
        return rescored

    def _by_passages(
        self,
        lexical: dict[str, float],
        vector: dict[str, float],
        memories: dict[str, Candidate],
        query: str,
    ) -> tuple[dict[str, float], dict[str, float] | None]:
        """When a candidate is long (over `long_memory_chars`): its one vector is of its opening only,
        so the vector leg weighs for it by the share it describes (`vector_chars` of its length, the
        coverage returned for fuse); and, with `passage_lexical`, the lexical leg is re-scored over every
        candidate by its best-matching passage (domain.scoring.best_passage_bm25), on the index's scale."""
        r = self.ranking
        lengths = {i: len(memories[i].content) for i in lexical.keys() | vector.keys() if i in memories}
        if r.long_memory_chars <= 0 or all(n <= r.long_memory_chars for n in lengths.values()):
            return lexical, None
        if lexical and r.passage_lexical:
            rescored = best_passage_bm25({i: memories[i].content for i in lengths}, query, r.passage_chars)
            if rescored:
                top, peak = max(lexical.values()), max(rescored.values())
                lexical = {i: v / peak * top for i, v in rescored.items()}
        coverage = {i: min(1.0, r.vector_chars / n) for i, n in lengths.items() if n > r.vector_chars}
        return lexical, coverage if r.vector_chars > 0 else None

    def _about_hubs_only(self, q: RecallQuery, memories: Iterable[Candidate], floor: int) -> set[str]:
        """The memories whose named entities are all hubs of the user's graph: each mentioned by at
        least `floor` memories. A memory naming no entity is not one of them."""
        if self.graph is None:
            return set()
        scope = q.graph_scope
        named = {m.id: {entity_id(scope, c) for e in m.entities if (c := canonical(e))} for m in memories}
        wanted = sorted(set().union(*named.values()))
        if not wanted:
            return set()
        hubs = {e.id for e in self.graph.entities_by_id(scope, wanted) if e.mentions >= floor}
        return {m for m, ids in named.items() if ids and ids <= hubs}

    def _expand(self, q: RecallQuery, w: Weights) -> Callable[[], Expansion]:
        """Start the graph expansion beside the legs; the returned call waits for it, up to the deadline."""
        if self.graph is None or w.graph <= 0:
            return lambda: NO_EXPANSION
        expand = ExpandQuery(self.graph, w.graph, hop_damping=w.hop_damping)
        deadline_ms = q.graph_deadline_ms
        if deadline_ms is None:
            deadline_ms = self.ranking.graph_deadline_ms
        return expand.within(_GRAPH, q.graph_scope, q.query, deadline_ms / 1000)

    @staticmethod
    def _in_scope(memory: Candidate, scope: SearchScope, include_stale: bool, now: datetime) -> bool:
        if memory.user_id != scope.user_id or memory.status not in scope.statuses:
            return False
        if scope.project is not None and memory.project != scope.project:
            return False
        if scope.namespaces and memory.namespace not in scope.namespaces:
            return False
        if not matches_filters(memory, scope.filters):
            return False  # an index lagging behind the store never returns what the filters exclude
        return include_stale or not is_expired(memory, now)

    def _successors(
        self, tenant: str, olds: dict[str, Candidate], known: dict[str, Candidate], scope: SearchScope
    ) -> dict[str, Candidate]:
        """For each superseded memory found, the memory in the scope that now stands for it: its
        superseded_by, followed along a chain of corrections (a few hops at most) to one in scope."""
        found: dict[str, Candidate] = {}
        known = dict(known)  # and the successors loaded here, each once
        for memory_id, memory in olds.items():
            if memory.status != Status.superseded or memory.user_id != scope.user_id:
                continue
            current: Candidate | None = memory
            for _ in range(_SUCCESSION_HOPS):
                if current is None or current.status != Status.superseded:
                    break
                next_id = current.memory().superseded_by
                if next_id is None:
                    current = None
                    break
                current = known.get(next_id) or next(iter(self._candidates(tenant, [next_id])), None)
                if current is not None:
                    known[next_id] = current
            if current is not None and current.status in scope.statuses and current.user_id == scope.user_id:
                found[memory_id] = current
        return found

    def _lexical_and_memories(
        self, scope: SearchScope, query: str, n: int
    ) -> tuple[dict[str, float], dict[str, Candidate], dict[str, HintHit]]:
        """The lexical leg's scores (each memory's content or hints, the stronger), its candidates'
        memories (loaded here, beside the other leg), and the hints that matched."""
        lexical = self._lexical(scope, query, n)
        hinted = {h.memory_id: h for h in self.hints.search_hints(scope, query, n)} if self.hints else {}
        lexical = with_hints(lexical, hinted)
        loaded = self._candidates(scope.tenant, list(lexical)) if lexical else []
        return lexical, {m.id: m for m in loaded}, hinted

    def _lexical(self, scope: SearchScope, query: str, n: int) -> dict[str, float]:
        lexical = {h.memory_id: h.score for h in self.lexical.search(scope, query, n)}
        if self.merge_pending:
            lexical |= self._pending(scope, query, lexical)
        return lexical

    def _pending(self, scope: SearchScope, query: str, known: dict[str, float]) -> dict[str, float]:
        page = self.store.list(
            ListQuery(
                scope.tenant,
                scope.user_id,
                scope.project,
                None,
                Status.active,
                200,
                agent_id=scope.filters.agent_id,
                run_id=scope.filters.run_id,
                metadata=scope.filters.metadata,
            )
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
            logger.exception("could not queue retrieval events")  # never fail a recall over bookkeeping


def _standing_for(c: Components, old_id: str, old_score: float) -> Components:
    """A successor ranked at least where the memory it superseded would have ranked; explain shows it as
    taking precedence over that memory."""
    if old_score <= c.score:
        return replace(c, precedes=(*c.precedes, old_id))
    return replace(c, precedes=(*c.precedes, old_id), lifted=old_score * (1 + 1e-6) + 1e-12)


def with_hints(lexical: dict[str, float], hinted: dict[str, HintHit]) -> dict[str, float]:
    """Each memory's lexical score as the stronger of its content's and its hints' BM25, never their
    sum: a memory is lifted by the hint it answers, not scored twice for saying the same thing."""
    if not hinted:
        return lexical
    lifted = dict(lexical)
    for memory_id, hit in hinted.items():
        lifted[memory_id] = max(lifted.get(memory_id, hit.score), hit.score)
    return lifted


def _is_rule(memory: Candidate) -> bool:
    return memory.memory_type in RESOLVING or is_rule(memory.content)


def matches_filters(memory: Memory | Candidate, f: SearchFilters) -> bool:
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
    if f.agent_id is not None and memory.agent_id != f.agent_id:
        return False
    if f.run_id is not None and memory.run_id != f.run_id:
        return False
    if not metadata_matches(memory.metadata, f.metadata):
        return False
    return f.min_importance is None or memory.importance >= f.min_importance


def _any_of(labels: Sequence[str], wanted: Sequence[str]) -> bool:
    return not {label.lower() for label in labels}.isdisjoint(w.lower() for w in wanted)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def with_sources(q: RecallQuery) -> RecallQuery:
    """The query with `sources` as a memory-type pre-filter in every leg: "documents" keeps document
    chunks only, "memories" every other type (each within the caller's own memory_types, if any)."""
    if q.sources == "all":
        return q
    chunk = MemoryType.document_chunk.value
    wanted = (chunk,) if q.sources == "documents" else tuple(t.value for t in MemoryType if t.value != chunk)
    given = q.filters.memory_types
    types = wanted if given is None else tuple(t for t in given if t in wanted)
    # nothing left: a type no memory has, so that every leg matches nothing (an empty tuple filters nothing)
    return replace(q, filters=replace(q.filters, memory_types=types or ("-",)))
