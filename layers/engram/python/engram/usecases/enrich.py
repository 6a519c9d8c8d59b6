"""Enrichment: embed → semantic dedup → enrich → index → audit. Idempotent per (memory, content hash).

Runs in the enrich Lambda (SQS) and on `engram serve`'s worker thread. A failure raises, leaving the
memory stored with `enrichment.state = failed` and the error; the queue retries, the janitor repairs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Literal

from engram.domain.enrichment import EnrichmentResult, MergeAction, MergeDecision
from engram.domain.errors import Conflict
from engram.domain.models import (
    PROVENANCE_RANK,
    EnrichmentState,
    HistoryEvent,
    HistoryRecord,
    Memory,
    Status,
    Temporal,
    TemporalKind,
)
from engram.observability import count
from engram.ports import (
    Clock,
    Embedder,
    Enricher,
    EnrichJob,
    IndexedMemory,
    MemoryStore,
    SearchScope,
    SystemClock,
    VectorHit,
    VectorIndex,
)
from engram.settings import DedupSettings
from engram.usecases.memories import history_record


class EnrichOutcome(StrEnum):
    enriched = "enriched"
    merged = "merged"
    replaced = "replaced"
    shadow = "shadow"
    skipped = "skipped"  # gone, merged, or a newer content hash: nothing to do
    already_done = "already_done"  # redelivery: done at this content hash already
    frozen = "frozen"


Mode = Literal["controlled", "shadow", "frozen"]


def better(a: Memory, b: Memory) -> tuple[Any, float]:
    """The provenance and confidence the survivor of a merge keeps: the better of both."""
    provenance = max(a.provenance, b.provenance, key=lambda p: PROVENANCE_RANK[p])
    return provenance, max(a.confidence, b.confidence)


def apply_enrichment(memory: Memory, result: EnrichmentResult, model: str, now) -> Memory:
    """Fill in what the enricher found, never overriding what the caller set explicitly."""
    pinned = set(memory.pinned)
    update: dict[str, Any] = {"categories": result.categories, "entities": result.entities}
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


def apply_merge(
    store: MemoryStore,
    index: VectorIndex,
    new: Memory,
    existing: Memory,
    decision: MergeDecision,
    similarity: float | None,
    now: datetime,
    expected_updated_at: datetime | None = None,
) -> list[HistoryRecord]:
    """Apply a near-duplicate decision between `new` and `existing`; returns the history to record.

    Shared by enrichment's semantic dedup and the janitor's consolidation.
    merge: `new` is stored as merged into `existing` (only if it is still as of `expected_updated_at`,
    default `new.updated_at`); `existing` keeps the better provenance and confidence and gains its hits.
    replace: `existing` is retired (merged into `new`) and leaves the vector index; storing `new` is
    the caller's business. keep_both: nothing changes.
    """
    detail = {"similarity": similarity, "reason": decision.reason}
    if decision.action == MergeAction.merge:
        merged = new.model_copy(
            update={"status": Status.merged, "merged_into": existing.id, "updated_at": now}
        )
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
    if decision.action == MergeAction.replace:
        retired = existing.model_copy(
            update={"status": Status.merged, "merged_into": new.id, "updated_at": now}
        )
        store.put(retired, expected_updated_at=existing.updated_at)
        index.delete(existing.tenant, [existing.id])
        count("MemoryReplaced")
        return [history_record(retired, HistoryEvent.replaced, now, by=new.id, **detail)]
    return []


def _enrich_with_source(enricher: Enricher, memory: Memory) -> tuple[EnrichmentResult, str, str | None]:
    """(result, model that produced it, why we fell back — or None)."""
    with_source = getattr(enricher, "enrich_with_source", None)
    if with_source is not None:
        return with_source(memory)
    return enricher.enrich(memory), enricher.name, None


def _decide_with_source(
    enricher: Enricher, new: Memory, existing: Memory, similarity: float
) -> tuple[MergeDecision, str | None]:
    with_source = getattr(enricher, "decide_with_source", None)
    if with_source is not None:
        decision, _, fallback = with_source(new, existing, similarity)
        return decision, fallback
    return enricher.decide(new, existing, similarity), None


@dataclass
class Enrich:
    store: MemoryStore
    index: VectorIndex
    embedder: Embedder
    enricher: Enricher
    dedup: DedupSettings
    mode: Mode = "controlled"
    clock: Clock = field(default_factory=SystemClock)

    def __call__(self, job: EnrichJob) -> EnrichOutcome:
        outcome = self.many([job])[0]
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

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
                outcomes[i] = self._run(memory, vector)
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

    def _run(self, memory: Memory, vector: list[float]) -> EnrichOutcome:
        now = self.clock.now()
        neighbour, existing = self._nearest(memory, vector)
        decision, decide_fallback = self._decision(memory, neighbour, existing)
        result, model, fallback = _enrich_with_source(self.enricher, memory)
        history = []
        for reason in filter(None, (fallback, decide_fallback)):
            history.append(history_record(memory, HistoryEvent.fell_back, now, reason=reason, to="rules"))

        if self.mode == "shadow":
            proposal = {"enrichment": result.model_dump(mode="json"), "model": model}
            if decision is not None and existing is not None:
                proposal |= {"action": decision.action.value, "with": existing.id, "reason": decision.reason}
            state = memory.enrichment.model_copy(update={"state": EnrichmentState.shadow, "updated_at": now})
            self.store.put(
                memory.model_copy(update={"enrichment": state, "updated_at": now}), memory.updated_at
            )
            self.store.add_history([*history, history_record(memory, HistoryEvent.shadow, now, **proposal)])
            return EnrichOutcome.shadow

        enriched = apply_enrichment(memory, result, model, now)
        similarity = round(neighbour.score, 4) if neighbour else None
        if decision is not None and existing is not None and decision.action == MergeAction.merge:
            merged = apply_merge(
                self.store, self.index, enriched, existing, decision, similarity, now, memory.updated_at
            )
            self.store.add_history([*history, *merged])
            return EnrichOutcome.merged

        outcome = EnrichOutcome.enriched
        if decision is not None and existing is not None and decision.action == MergeAction.replace:
            history.extend(apply_merge(self.store, self.index, enriched, existing, decision, similarity, now))
            outcome = EnrichOutcome.replaced
        stored = self.store.put(enriched, expected_updated_at=memory.updated_at)
        self.index.upsert([IndexedMemory(stored, vector)])
        detail = {"model": model, "importance": stored.importance, "memory_type": stored.memory_type.value}
        self.store.add_history([*history, history_record(stored, HistoryEvent.enriched, now, **detail)])
        count("MemoryEnriched")
        return outcome

    def _nearest(self, memory: Memory, vector: list[float]) -> tuple[VectorHit | None, Memory | None]:
        scope = SearchScope(
            tenant=memory.tenant,
            user_id=memory.user_id,
            project=memory.project,
            namespaces=(memory.namespace,),
            statuses=(Status.active, Status.stale),
        )
        hits = [
            h for h in self.index.knn(scope, vector, self.dedup.neighbours + 1) if h.memory_id != memory.id
        ]
        for hit in hits:
            if hit.score < self.dedup.related_threshold:
                break
            existing = self.store.get(memory.tenant, hit.memory_id)
            if existing is not None and existing.status in (Status.active, Status.stale):
                return hit, existing
        return None, None

    def _decision(
        self, memory: Memory, neighbour: VectorHit | None, existing: Memory | None
    ) -> tuple[MergeDecision | None, str | None]:
        if neighbour is None or existing is None:
            return None, None
        if neighbour.score >= self.dedup.duplicate_threshold:
            reason = (
                f"cosine {neighbour.score:.3f} ≥ {self.dedup.duplicate_threshold}: the same fact reworded"
            )
            return MergeDecision(action=MergeAction.merge, reason=reason), None
        return _decide_with_source(self.enricher, memory, existing, neighbour.score)

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
