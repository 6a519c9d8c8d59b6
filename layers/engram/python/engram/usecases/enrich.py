"""Enrichment: embed → enrich → decide → index → audit. Idempotent per (memory, content hash).

Runs in the enrich Lambda (SQS) and `engram serve`'s worker; a failure leaves `enrichment.state =
failed` for the queue to retry and the janitor to repair. The decision stage compares each memory with
its scope's nearest candidates: add, update/delete (supersede) or none (merge a true duplicate).
"""
# Decision details:
# * add: keep both (with the optional semantic contradiction check on, a new memory that contradicts
#   one it is kept beside is flagged `review_needed`: advisory, bounded by a timeout, superseding nothing);
# * update / delete: the new memory supersedes the targets (it corrects, changes or negates them);
# * none: a true duplicate, merged into its target (the survivor keeps the better provenance).
# Candidates: the vector index's nearest neighbours above `dedup.related_threshold`, plus the lexical
# leg's best matches above `dedup.candidate_floor`.
# What was said last is never lost: a merge that would drop a number, date, time, name, negation or
# slot value the new memory states is refused (`domain.claims.lost_by_merge`) and becomes an update;
# and time order comes from `observed_at`, not arrival, so an older fact imported after a newer one is
# stored already superseded by it. Every decision, applied or not (shadow mode), is in the history.

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum
from typing import Any, Literal

from engram.domain.claims import Claim, lost_by_merge, user_names
from engram.domain.enrichment import Candidate, Decision, DecisionAction, EnrichmentResult
from engram.domain.errors import Conflict
from engram.domain.models import (
    PROVENANCE_RANK,
    EnrichmentState,
    HistoryEvent,
    HistoryRecord,
    Memory,
    Provenance,
    Status,
    Temporal,
    TemporalKind,
)
from engram.domain.precedence import CHANGE
from engram.domain.quotas import metering
from engram.domain.text import from_placeholder, terms
from engram.observability import count
from engram.ports import (
    Clock,
    ContradictionChecker,
    Embedder,
    EnrichJob,
    IndexedMemory,
    LexicalIndex,
    MemoryStore,
    SearchScope,
    SourcedEnricher,
    SystemClock,
    UnitOfWork,
    VectorHit,
    VectorIndex,
)
from engram.settings import DedupSettings
from engram.tracing import of_batch, of_outcomes, traced
from engram.usecases.graph import LinkMemory
from engram.usecases.keys import count_model_tokens
from engram.usecases.memories import history_record

LIVE = (Status.active, Status.stale)


class EnrichOutcome(StrEnum):
    enriched = "enriched"
    merged = "merged"
    superseded = "superseded"  # it superseded candidates, or was stored already superseded
    shadow = "shadow"
    skipped = "skipped"  # gone, merged, or a newer content hash: nothing to do
    already_done = "already_done"  # redelivery: done at this content hash already
    frozen = "frozen"


Mode = Literal["controlled", "shadow", "frozen"]


def better(a: Memory, b: Memory) -> tuple[Any, float]:
    """The provenance and confidence the survivor of a merge keeps: the better of both."""
    provenance = max(a.provenance, b.provenance, key=lambda p: PROVENANCE_RANK[p])
    return provenance, max(a.confidence, b.confidence)


def apply_enrichment(memory: Memory, result: EnrichmentResult, model: str, now: datetime) -> Memory:
    """Fill in what the enricher found, never overriding what the caller set explicitly."""
    pinned = set(memory.pinned)
    # Whatever the enricher (a model included) proposed, a redaction placeholder is no label.
    update: dict[str, Any] = {
        "categories": [c for c in result.categories if not from_placeholder(c, memory.content)],
        "entities": [e for e in result.entities if not from_placeholder(e, memory.content)],
        "hints": result.hints,
    }
    if "memory_type" not in pinned:
        update["memory_type"] = result.memory_type
    if "importance" not in pinned:
        update["importance"] = result.importance
    if "confidence" not in pinned:
        update["confidence"] = result.confidence
    if "valid_until" not in pinned:
        until = result.valid_until if result.temporal_kind == TemporalKind.temporal else None
        kind = TemporalKind.temporal if until else result.temporal_kind
        update["temporal"] = Temporal(kind=kind, valid_until=until)
    enrichment = memory.enrichment.model_copy(
        update={
            "state": EnrichmentState.done,
            "model": model,
            "error": None,
            "content_hash": memory.content_hash,
            "updated_at": now,
        }
    )
    return memory.model_copy(update={**update, "enrichment": enrichment, "updated_at": now})


# --------------------------------------------------------------------------- deciding


@dataclass(frozen=True)
class Decided:
    """A decision, who made it, and why a model's answer was not used (if it was not)."""

    decision: Decision
    source: str
    fallback: str | None = None

    def audit(self, candidates: Sequence[Candidate]) -> dict[str, Any]:
        """The decision as a history record's detail."""
        return {
            "action": self.decision.action.value,
            "targets": self.decision.targets,
            "reason": self.decision.reason,
            "confidence": self.decision.confidence,
            "source": self.source,
            "candidates": [{"id": c.memory.id, "similarity": round(c.similarity, 4)} for c in candidates],
        }


def claim_of(memory: Memory) -> Claim:
    """What `memory` claims; "I" in it and its user's name are one subject."""
    return Claim.of(memory.content, memory.entities, user_names(memory.user_id))


def decide(
    enricher: SourcedEnricher | None, new: Memory, candidates: Sequence[Candidate], dedup: DedupSettings
) -> Decided:
    """The decision stage for `new` against its candidates (best first).

    A candidate at or above `dedup.duplicate_threshold` that loses nothing of `new` is merged without
    asking the enricher. Whatever the enricher answers, a merge (none) that would lose a value `new`
    states becomes an update: a correction is never folded into what it corrects."""
    if not candidates:
        return Decided(Decision(action=DecisionAction.add, reason="No related memory in the scope."), "none")
    new_claim = claim_of(new)
    top = candidates[0]
    if top.similarity >= dedup.duplicate_threshold and lost_by_merge(new_claim, claim_of(top.memory)) is None:
        reason = f"cosine {top.similarity:.3f} ≥ {dedup.duplicate_threshold}: the same fact reworded"
        return Decided(Decision(action=DecisionAction.none, targets=[top.memory.id], reason=reason), "dedup")
    if enricher is None:
        return Decided(Decision(action=DecisionAction.add, reason="No enricher to decide."), "none")
    decided = Decided(*enricher.decide_with_source(new, candidates))
    decision = decided.decision
    if decision.action == DecisionAction.none and decision.targets:
        target = next(c.memory for c in candidates if c.memory.id == decision.targets[0])
        lost = lost_by_merge(new_claim, claim_of(target))
        if lost is not None:
            guarded = Decision(
                action=DecisionAction.update,
                targets=decision.targets,
                reason=f"Not a duplicate: {lost}; the new memory supersedes it. ({decision.reason})"[:500],
                confidence=decision.confidence,
            )
            return Decided(guarded, f"{decided.source}+guard", decided.fallback)
    return decided


# --------------------------------------------------------------------------- applying


def apply_merge(
    store: MemoryStore,
    new: Memory,
    existing: Memory,
    detail: dict[str, Any],
    now: datetime,
    expected_updated_at: datetime | None = None,
) -> list[HistoryRecord]:
    """Fold `new` into `existing` (a true duplicate): `new` is stored as merged (only if it is still
    as of `expected_updated_at`, default `new.updated_at`); `existing` keeps the better provenance and
    confidence and gains its hits. Returns the history to record."""
    merged = new.model_copy(update={"status": Status.merged, "merged_into": existing.id, "updated_at": now})
    store.put(merged, expected_updated_at=expected_updated_at or new.updated_at)
    provenance, confidence = better(existing, new)
    survivor = existing.model_copy(
        update={"provenance": provenance, "confidence": confidence, "updated_at": now}
    )
    store.put(survivor, expected_updated_at=existing.updated_at)
    store.add_hits(existing.tenant, existing.id, new.hits)
    count("MemoryMerged")
    return [
        history_record(merged, HistoryEvent.merged, now, into=existing.id, **detail),
        history_record(survivor, HistoryEvent.absorbed, now, absorbed=new.id, **detail),
    ]


def superseded(old: Memory, by: Memory, now: datetime) -> Memory:
    """`old` as superseded by `by`: linked, and valid from its own observed_at to `by`'s."""
    return old.model_copy(
        update={
            "status": Status.superseded,
            "superseded_by": by.id,
            "valid_from": old.observed_at,
            "valid_to": by.observed_at,
            "updated_at": now,
        }
    )


def apply_supersession(
    store: MemoryStore,
    index: VectorIndex,
    new: Memory,
    targets: Sequence[Memory],
    detail: dict[str, Any],
    now: datetime,
) -> tuple[Memory, list[HistoryRecord]]:
    """Apply an update or delete of `new` over `targets`, in `observed_at` order: each target observed
    no later than `new` is superseded by it (stored, re-indexed with its new status); if a target was
    observed after `new`, `new` is the older fact and is returned superseded by the earliest such
    target, for the caller to store. Returns `new` (changed or not) and the history to record."""
    records: list[HistoryRecord] = []
    older = [t for t in targets if t.observed_at <= new.observed_at]
    newer = sorted((t for t in targets if t.observed_at > new.observed_at), key=lambda t: t.observed_at)
    retired: list[Memory] = []
    for target in older:
        gone = superseded(target, new, now)
        store.put(gone, expected_updated_at=target.updated_at)
        retired.append(gone)
        records += [
            history_record(gone, HistoryEvent.superseded, now, by=new.id, **detail),
            history_record(new, HistoryEvent.supersedes, now, target=target.id, **detail),
        ]
    reindex(index, retired)
    if newer:
        later = newer[0]
        new = superseded(new, later, now)
        out_of_order = {**detail, "out_of_order": True}
        records += [
            history_record(new, HistoryEvent.superseded, now, by=later.id, **out_of_order),
            history_record(later, HistoryEvent.supersedes, now, target=new.id, **out_of_order),
        ]
    count("MemorySuperseded", len(older) + (1 if newer else 0))
    return new, records


def _distinctive(content: str, n: int = 8) -> str:
    """The `n` longest distinct content words: a short lexical query finds the same candidates as the
    whole text (long words are the rare ones) at a fraction of the cost on a large scope."""
    return " ".join(sorted(set(terms(content)), key=lambda t: (-len(t), t))[:n])


# The lexical candidates' cosine floor for a statement of a change (domain.precedence.CHANGE).
CHANGE_FLOOR = 0.25

# Farther than float32 rounding moves a cosine (k-NN scores are float32 sums over 384 dimensions).
KNN_MARGIN = 1e-4


def _settled_by_knn(itself: str, hits: Sequence[VectorHit], scores: dict[str, float], k: int) -> bool:
    """Whether the k-NN hits (the scope's best k + 1) alone decide the `k` candidates, so the lexical leg
    can be skipped: at least k hits are related and nothing the lexical leg could add beats the k-th by
    more than rounding. Only valid where the k-NN is exact (`VectorIndex.exact`).
    """
    if k <= 0 or len(scores) < k:
        return False
    best = sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:k]
    kth = best[-1][1]
    chosen = {memory_id for memory_id, _ in best}
    rest = [h.score for h in hits if h.memory_id not in chosen and h.memory_id != itself]
    if len(hits) > k:  # the k-NN stopped at k + 1: a memory it did not return scores at most its last
        rest.append(min(h.score for h in hits))
    return not rest or max(rest) < kth - KNN_MARGIN


def reindex(index: VectorIndex, memories: Sequence[Memory]) -> None:
    """Re-index memories whose status changed (OpenSearch filters on the status it stored)."""
    if not memories:
        return
    tenant = memories[0].tenant
    vectors = index.get_vectors(tenant, [m.id for m in memories])
    index.upsert([IndexedMemory(m, vectors[m.id]) for m in memories if m.id in vectors])


@dataclass
class Enrich:
    store: MemoryStore
    index: VectorIndex
    embedder: Embedder
    enricher: SourcedEnricher
    dedup: DedupSettings
    mode: Mode = "controlled"
    clock: Clock = field(default_factory=SystemClock)
    lexical: LexicalIndex | None = None  # the decision stage's lexical leg (None: k-NN only)
    link: LinkMemory | None = None  # the knowledge graph: relinked with the enricher's entities
    contradictions: ContradictionChecker | None = None  # the optional, advisory semantic check
    # What a memory settles as and its history commit together (SQLite: one write transaction), so no
    # reader sees a memory enriched, merged or shadowed without the record of why.
    unit_of_work: UnitOfWork = nullcontext

    def __call__(self, job: EnrichJob) -> EnrichOutcome:
        outcome = self.many([job])[0]
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    @traced("engram.enrich", subject=of_batch, result=of_outcomes)
    def many(self, jobs: list[EnrichJob]) -> list[EnrichOutcome | Exception]:
        """Enrich a batch: one embedding call for all, then each memory in order (so a later memory
        in the batch sees an earlier near-duplicate). One failure never affects the others."""
        outcomes: list[EnrichOutcome | Exception | None] = [None] * len(jobs)
        todo: list[tuple[int, Memory]] = []
        for i, job in enumerate(jobs):
            memory, skip = self._load(job)
            if skip is not None:
                outcomes[i] = skip
            elif memory is not None:
                todo.append((i, memory))
        vectors = self._embed([m for _, m in todo]) if todo else []
        for (i, memory), vector in zip(todo, vectors, strict=True):
            try:
                if isinstance(vector, Exception):
                    raise vector
                outcomes[i] = self._metered(memory, vector)
            except Conflict as exc:
                # Another delivery of this job (in this batch or another worker) got there first.
                settled = self._settled(jobs[i])
                if settled is None:
                    self._record_failure(memory, exc)
                outcomes[i] = settled or exc
            except Exception as exc:
                self._record_failure(memory, exc)
                outcomes[i] = exc
        return outcomes  # type: ignore[return-value]

    def _embed(self, memories: list[Memory]) -> list[list[float] | Exception]:
        """One embedding call for the batch; if it fails, one call per memory, so that a text the
        model rejects fails its own memory only."""
        try:
            return list(self.embedder.embed([m.content for m in memories]))
        except Exception as exc:
            if len(memories) == 1:
                return [exc]
        vectors: list[list[float] | Exception] = []
        for memory in memories:
            try:
                vectors.append(self.embedder.embed([memory.content])[0])
            except Exception as exc:
                vectors.append(exc)
        return vectors

    def _settled(self, job: EnrichJob) -> EnrichOutcome | None:
        """Whether the job needs doing no more (done, merged, deleted, or changed since)."""
        try:
            _, skip = self._load(job)
        except Exception:
            return None
        return skip if skip in (EnrichOutcome.already_done, EnrichOutcome.skipped) else None

    def _load(self, job: EnrichJob) -> tuple[Memory | None, EnrichOutcome | None]:
        memory = self.store.get(job.tenant, job.memory_id)
        if memory is None or memory.status in (Status.deleted, Status.merged):
            return None, EnrichOutcome.skipped
        if memory.content_hash != job.content_hash:
            return None, EnrichOutcome.skipped  # the content changed; its own job carries the new hash
        if (
            memory.enrichment.state == EnrichmentState.done
            and memory.enrichment.content_hash == memory.content_hash
        ):
            return None, EnrichOutcome.already_done
        if self.mode == "frozen":
            return None, EnrichOutcome.frozen
        return memory, None

    def _metered(self, memory: Memory, vector: list[float]) -> EnrichOutcome:
        """`_run`, adding the model tokens it spent (however it ends) to the tenant's counter."""
        with metering() as meter:
            try:
                return self._run(memory, vector)
            finally:
                count_model_tokens(self.store, memory.tenant, meter)

    def _run(self, memory: Memory, vector: list[float]) -> EnrichOutcome:
        now = self.clock.now()
        result, model, fallback = self.enricher.enrich_with_source(memory)
        enriched = apply_enrichment(memory, result, model, now)
        # An episode summary retells a session's facts: it is never merged with them, never supersedes
        # them, and is never superseded by a later fact (engram.usecases.checkpoints).
        deciding = memory.status in LIVE and memory.provenance != Provenance.episode_summary
        candidates = self._candidates(enriched, vector) if deciding else []
        decided = decide(self.enricher, enriched, candidates, self.dedup) if candidates else None
        history = []
        for reason in filter(None, (fallback, decided.fallback if decided else None)):
            history.append(history_record(memory, HistoryEvent.fell_back, now, reason=reason, to="rules"))

        if self.mode == "shadow":
            proposal = {"enrichment": result.model_dump(mode="json"), "model": model}
            if decided is not None:
                proposal["decision"] = decided.audit(candidates)
                if decided.decision.action == DecisionAction.add:
                    # what the contradiction check would flag, recorded and not applied
                    _, flagged = self._check_contradictions(enriched, candidates, now)
                    if flagged:
                        proposal["review_needed"] = flagged[0].detail
            state = memory.enrichment.model_copy(update={"state": EnrichmentState.shadow, "updated_at": now})
            with self.unit_of_work():
                self.store.put(
                    memory.model_copy(update={"enrichment": state, "updated_at": now}), memory.updated_at
                )
                shadowed = history_record(memory, HistoryEvent.shadow, now, **proposal)
                self.store.add_history([*history, shadowed])
            return EnrichOutcome.shadow

        outcome = EnrichOutcome.enriched
        if decided is not None:
            audit = decided.audit(candidates)
            decision = decided.decision
            targets = [c.memory for c in candidates if c.memory.id in decision.targets]
            by_id = {c.memory.id: c for c in candidates}
            if decision.action == DecisionAction.none and targets:
                merge_detail = {
                    "similarity": round(by_id[targets[0].id].similarity, 4),
                    "reason": decision.reason,
                    "source": decided.source,
                }
                with self.unit_of_work():
                    merged = apply_merge(
                        self.store, enriched, targets[0], merge_detail, now, memory.updated_at
                    )
                    self.store.add_history([*history, *merged])
                self._unlink([enriched])  # the survivor speaks for it now
                return EnrichOutcome.merged
            if decision.action in (DecisionAction.update, DecisionAction.delete) and targets:
                pair = {k: audit[k] for k in ("action", "reason", "confidence", "source")}
                enriched, records = apply_supersession(self.store, self.index, enriched, targets, pair, now)
                history.extend(records)
                outcome = EnrichOutcome.superseded
                # What a superseded memory said ("Dana's manager is Priya") no longer links the graph.
                self._unlink([t for t in targets if t.observed_at <= enriched.observed_at])

        if decided is not None and decided.decision.action == DecisionAction.add:
            enriched, flagged = self._check_contradictions(enriched, candidates, now)
            if flagged:
                count("MemoryReviewNeeded")
            history.extend(flagged)
        links = self.link.read(enriched, enriched.entities) if self.link is not None else None
        # The memory, its history, its vector and its links commit together (SQLite: one transaction a
        # job, and never an enriched memory without its vector); elsewhere, in this order.
        with self.unit_of_work():
            stored = self.store.put(enriched, expected_updated_at=memory.updated_at)
            detail: dict[str, Any] = {
                "model": model,
                "importance": stored.importance,
                "memory_type": stored.memory_type.value,
            }
            if decided is not None:
                detail["decision"] = decided.audit(candidates)  # every decision is audited, add included
            self.store.add_history([*history, history_record(stored, HistoryEvent.enriched, now, **detail)])
            self.index.upsert([IndexedMemory(stored, vector)])
            if self.link is not None and links is not None:
                if stored.status == Status.superseded:
                    self.link.forget(stored)  # imported out of order: already superseded on arrival
                else:
                    self.link.apply(replace(links, at=stored.updated_at))
        count("MemoryEnriched")
        return outcome

    def _check_contradictions(
        self, new: Memory, candidates: Sequence[Candidate], now: datetime
    ) -> tuple[Memory, list[HistoryRecord]]:
        """The optional semantic contradiction check of a memory kept beside its candidates (add): a
        contradiction flags it `review_needed`, with an audit record, and supersedes nothing; an answer
        of none clears an earlier flag; no answer in time (a timeout, a model error) changes nothing."""
        if self.contradictions is None or not candidates:
            return new, []
        found = self.contradictions.check(new, candidates)
        if found is None:
            return new, []
        known = {c.memory.id for c in candidates}
        targets = [t for t in found.targets if t in known] if found.contradicts else []
        if not targets:
            return new.model_copy(update={"review_needed": False}), []
        flagged = new.model_copy(update={"review_needed": True})
        detail = {
            "contradicts": targets,
            "reason": found.reason,
            "confidence": found.confidence,
            "source": self.contradictions.name,
        }
        return flagged, [history_record(flagged, HistoryEvent.review_needed, now, **detail)]

    def _unlink(self, memories: Sequence[Memory]) -> None:
        if self.link is not None:
            for memory in memories:
                self.link.forget(memory)

    def _candidates(self, memory: Memory, vector: list[float]) -> list[Candidate]:
        """The decision stage's candidates: live memories of the memory's scope, best first, at most
        `dedup.neighbours`: k-NN hits at or above `related_threshold`, plus lexical hits whose cosine
        is at or above `candidate_floor`."""
        scope = SearchScope(
            tenant=memory.tenant,
            user_id=memory.user_id,
            project=memory.project,
            namespaces=(memory.namespace,),
            statuses=LIVE,
        )
        k = self.dedup.neighbours
        hits = self.index.knn(scope, vector, k + 1)
        scores = {
            h.memory_id: h.score
            for h in hits
            if h.memory_id != memory.id and h.score >= self.dedup.related_threshold
        }
        # A statement of a change is compared wider: what it changes is often worded far from it, and
        # the decision supersedes only on syntactic evidence (leaving the rest to recall's precedence).
        floor = self.dedup.candidate_floor
        if CHANGE.search(memory.content):
            floor = min(floor, CHANGE_FLOOR)
        if (
            self.lexical is not None
            and floor < self.dedup.related_threshold
            and not (_settled_by_knn(memory.id, hits, scores, k) and self.index.exact(scope))
        ):
            lexical = [h.memory_id for h in self.lexical.search(scope, _distinctive(memory.content), k + 1)]
            unseen = [i for i in lexical if i != memory.id and i not in scores]
            for memory_id, other in self.index.get_vectors(memory.tenant, unseen).items():
                cosine = sum(a * b for a, b in zip(vector, other, strict=False))
                if cosine >= floor:
                    scores[memory_id] = cosine
        best = sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:k]
        found = {m.id: m for m in self.store.get_many(memory.tenant, [i for i, _ in best])}
        return [
            Candidate(found[i], score)
            for i, score in best
            if i in found
            and found[i].status in LIVE
            and found[i].user_id == memory.user_id
            and found[i].provenance != Provenance.episode_summary
        ]

    def _record_failure(self, memory: Memory, exc: Exception) -> None:
        now = self.clock.now()
        current = self.store.get(memory.tenant, memory.id) or memory
        enrichment = current.enrichment.model_copy(
            update={
                "state": EnrichmentState.failed,
                "attempts": current.enrichment.attempts + 1,
                "error": f"{type(exc).__name__}: {exc}"[:300],
                "updated_at": now,
            }
        )
        try:
            self.store.put(current.model_copy(update={"enrichment": enrichment, "updated_at": now}))
            self.store.add_history(
                [
                    history_record(
                        current, HistoryEvent.failed, now, error=enrichment.error, attempt=enrichment.attempts
                    )
                ]
            )
        finally:
            count("EnrichmentFailed")
