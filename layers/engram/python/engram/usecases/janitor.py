"""The lifecycle janitor: repair, expire, decay, retention and consolidate, plus the stats report.

Runs from EventBridge schedules (functions/janitor), on a scheduler thread in `engram serve`, and from
`engram janitor run <job>`. Every job is:

* bounded: one batch examines at most `batch_limit` memories (consolidate: also at most
  `consolidate_pairs` pairs); a run is one or more batches (`max_batches`);
* resumable: after each batch the job's cursor is saved (`JanitorState`), so a run cut off part way
  resumes where the last saved batch ended; a batch that died before saving is done again, which
  changes nothing twice because every step is idempotent (it only acts on memories still eligible);
* safe beside writers: each change is a conditional `put(..., expected_updated_at=...)`; a memory
  changed concurrently is skipped (listed under `conflicts`) and looked at again next pass;
* audited: every change writes a history record (actor "janitor") and a metric;
* dry-runnable: `dry_run=True` reports the ids each action would touch and changes nothing, not even
  the saved cursor.

Decisions worth knowing:

* repair re-enqueues memories whose enrichment has been `pending`, or `failed` with attempts left, for
  longer than `pending_after_s` (failed ones get the same grace so the queue's own retries go first).
  A requeued memory is set back to `pending` and its `updated_at` moves, so it is requeued at most
  once per `pending_after_s`. Failed memories out of attempts become `dead` (reported, no retry).
* expire marks active memories whose `temporal.valid_until` has passed `stale` (recall still returns
  them, ranked lower). Memories whose enrichment is still pending are left to the enricher first.
* decay demotes memories never retrieved (`retrieval_count == 0`) that have not changed for their
  provenance's `after_days`, measured from `updated_at` (which is never before `created_at`; not
  `observed_at`, which may lie far in the past for back-filled memories that were never retrievable
  then). A demotion multiplies confidence by the policy's factor, moves provenance one notch down the
  ranking (user_stated → episode_summary → assistant_derived; imported ranks with episode_summary, so it
  goes to assistant_derived; assistant_derived stays and only loses confidence) and sets `updated_at`,
  so a memory is demoted at most once per period and a second run changes nothing. The next period is
  the new provenance's. Behind `cull_enabled`, a demoted memory whose confidence falls below
  `cull_below_confidence` is deleted (tombstone) unless protected: constraints, and memories that are
  or were user_stated (its own decay history says so; that evidence lasts `history_retention_days`).
* retention hard-deletes tombstones older than `tombstone_retention_days` (memory, history, vector),
  history older than `history_retention_days`, and finished local jobs older than `job_retention_days`.
* consolidate looks, within each scope, for the nearest older active neighbour of every active memory
  with cosine ≥ `consolidate_threshold`, and applies enrichment's decision stage to the pair (cosine ≥
  `dedup.duplicate_threshold` and nothing lost: merge; otherwise the enricher decides; a merge that
  would lose a value is an update) with enrichment's own effects (`engram.usecases.enrich`: merge, or
  supersession in `observed_at` order). Each pair is looked at once per pass, from its younger side.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel, Field

from engram.domain.enrichment import Candidate, DecisionAction
from engram.domain.errors import Conflict
from engram.domain.models import (
    EnrichmentState,
    HistoryEvent,
    HistoryRecord,
    Memory,
    MemoryType,
    Provenance,
    Status,
)
from engram.domain.quotas import Usage
from engram.observability import count
from engram.ports import (
    Clock,
    EnrichJob,
    JanitorJob,
    JanitorState,
    JobQueue,
    JobState,
    MemoryCounter,
    MemoryStore,
    Page,
    SearchScope,
    SourcedEnricher,
    SystemClock,
    VectorIndex,
)
from engram.settings import DecayPolicy, DedupSettings, JanitorSettings
from engram.usecases.enrich import apply_merge, apply_supersession, decide, reindex
from engram.usecases.memories import history_record


class JanitorDetail(BaseModel):
    """The `detail` of a scheduled EventBridge event (see events/janitor/*.json)."""

    job: JanitorJob
    dry_run: bool = False
    redrive: bool = Field(default=False, description="repair only: also redrive the dead-letter queue")
    max_batches: int = Field(
        default=1000, ge=1, le=100_000, description="at most this many batches of batch_limit in one run"
    )


# --------------------------------------------------------------------------- report


class JanitorReport(BaseModel):
    """What one run did (or, on a dry run, would do): counts and memory ids per action."""

    job: JanitorJob
    dry_run: bool
    started_at: datetime
    batches: int = 0
    examined: int = 0
    counts: dict[str, int] = Field(default_factory=dict)
    ids: dict[str, list[str]] = Field(default_factory=dict)
    conflicts: list[str] = Field(default_factory=list, description="changed concurrently; next pass")
    notes: list[str] = Field(default_factory=list)
    cursor: str | None = None
    complete: bool = False

    def record(self, action: str, memory_id: str | None = None, n: int = 1) -> None:
        self.counts[action] = self.counts.get(action, 0) + n
        if memory_id is not None:
            self.ids.setdefault(action, []).append(memory_id)

    def summary(self) -> dict[str, Any]:
        """The part worth keeping as the job's last summary: counts, no ids."""
        return self.model_dump(mode="json", exclude={"ids", "conflicts", "cursor"}) | {
            "conflicts": len(self.conflicts)
        }


# --------------------------------------------------------------------------- the janitor

_DEMOTED = {
    Provenance.user_stated: Provenance.episode_summary,
    Provenance.episode_summary: Provenance.assistant_derived,
    Provenance.imported: Provenance.assistant_derived,
    Provenance.assistant_derived: Provenance.assistant_derived,
}
_LIVE = (Status.active, Status.stale)
# one metric per action, emitted once per batch (merges and replacements count themselves)
_METRICS = {
    "requeued": "EnrichmentRequeued",
    "dead": "EnrichmentDead",
    "redriven": "JobsRedriven",
    "expired": "MemoryExpired",
    "decayed": "MemoryDecayed",
    "culled": "MemoryCulled",
    "purged": "MemoryPurged",
    "history_purged": "HistoryPurged",
    "jobs_purged": "JobsPurged",
}

Step = Callable[[str | None, datetime, bool, JanitorReport], tuple[str | None, bool]]


def _phase_cursor(phase: str, after: str | None) -> str:
    return json.dumps({"phase": phase, "after": after})


def _phase_position(cursor: str | None, first: str) -> tuple[str, str | None]:
    if not cursor:
        return first, None
    position = json.loads(cursor)
    return position["phase"], position["after"]


@dataclass
class Janitor:
    store: MemoryStore
    queue: JobQueue
    state: JanitorState
    settings: JanitorSettings = field(default_factory=JanitorSettings)
    dedup: DedupSettings = field(default_factory=DedupSettings)
    index: VectorIndex | None = None
    enricher: Callable[[], SourcedEnricher] | None = None  # built on first use: only consolidate asks it
    clock: Clock = field(default_factory=SystemClock)
    _records: list[HistoryRecord] = field(default_factory=list, init=False, repr=False)

    def run(
        self,
        job: JanitorJob | str,
        *,
        dry_run: bool = False,
        redrive: bool = False,
        max_batches: int = 1,
        keep_going: Callable[[], bool] | None = None,
        now: datetime | None = None,
    ) -> JanitorReport:
        """Run `job` from its saved cursor: batches until its pass completes, `max_batches` are done or
        `keep_going()` says stop (a Lambda's remaining time). The state is saved after every batch."""
        job = JanitorJob(job)
        now = now or self.clock.now()
        report = JanitorReport(job=job, dry_run=dry_run, started_at=now)
        if redrive and job is JanitorJob.repair:
            self._redrive(report)
        steps: dict[JanitorJob, Step] = {
            JanitorJob.repair: self._repair,
            JanitorJob.expire: self._expire,
            JanitorJob.decay: self._decay,
            JanitorJob.retention: self._retention,
            JanitorJob.consolidate: self._consolidate,
        }
        cursor = self.state.load(job).cursor
        counted: dict[str, int] = {}
        while True:
            try:
                cursor, complete = steps[job](cursor, now, dry_run, report)
            finally:
                self._flush_history()  # what was done gets its history, even if the batch failed
            if not dry_run:
                for action, metric in _METRICS.items():
                    count(metric, report.counts.get(action, 0) - counted.get(action, 0))
                counted = dict(report.counts)
            if complete:
                cursor = None
            report.batches += 1
            report.cursor, report.complete = cursor, complete
            if not dry_run:
                self.state.save(JobState(job=job, last_run_at=now, cursor=cursor, summary=report.summary()))
            if complete or report.batches >= max_batches or (keep_going is not None and not keep_going()):
                return report

    def due(self, job: JanitorJob, now: datetime | None = None) -> bool:
        """Whether the scheduler should run `job` now: its interval has passed, or its pass is unfinished."""
        state = self.state.load(job)
        if state.last_run_at is None or state.cursor is not None:
            return True
        interval = timedelta(seconds=getattr(self.settings, f"{job.value}_interval_s"))
        return (now or self.clock.now()) - state.last_run_at >= interval

    # ------------------------------------------------------------------ helpers

    def _write(self, report: JanitorReport, memory: Memory, changed: Memory) -> bool:
        """Store `changed` unless `memory` changed meanwhile (then it is left for the next pass)."""
        try:
            self.store.put(changed, expected_updated_at=memory.updated_at)
        except Conflict:
            report.conflicts.append(memory.id)
            return False
        return True

    def _history(self, records: list[HistoryRecord]) -> None:
        """Record history for changes made; written once per batch (one write instead of hundreds)."""
        self._records.extend(r.model_copy(update={"actor": "janitor"}) for r in records)

    def _flush_history(self) -> None:
        records, self._records = self._records, []
        if records:
            self.store.add_history(records)

    # ------------------------------------------------------------------ repair

    def _redrive(self, report: JanitorReport) -> None:
        limit = self.settings.batch_limit
        if report.dry_run:
            report.record("redriven", n=min(limit, self.queue.depth().get("dead", 0)))
            return
        try:
            moved = self.queue.redrive_dead(limit)
        except ValueError as exc:  # an SQS queue configured without its DLQ
            report.notes.append(f"redrive: {exc}")
            return
        report.record("redriven", n=moved)

    def _repair(
        self, cursor: str | None, now: datetime, dry_run: bool, report: JanitorReport
    ) -> tuple[str | None, bool]:
        phases = [EnrichmentState.pending.value, EnrichmentState.failed.value]
        phase, after = _phase_position(cursor, phases[0])
        before = now - timedelta(seconds=self.settings.pending_after_s)
        budget = self.settings.batch_limit
        for state in phases[phases.index(phase) :]:
            if budget <= 0:
                return _phase_cursor(state, None), False
            page = self.store.find_by_enrichment_state(EnrichmentState(state), before, budget, after)
            for memory in page.items:
                report.examined += 1
                self._repair_one(memory, now, dry_run, report)
            budget -= len(page.items)
            if page.cursor is not None:
                return _phase_cursor(state, page.cursor), False
            after = None
        return None, True

    def _repair_one(self, memory: Memory, now: datetime, dry_run: bool, report: JanitorReport) -> None:
        if memory.status in (Status.deleted, Status.merged):
            return  # nothing left to enrich
        enrichment = memory.enrichment
        if enrichment.state == EnrichmentState.failed and enrichment.attempts >= self.settings.max_attempts:
            action, state = "dead", EnrichmentState.dead
        else:
            action, state = "requeued", EnrichmentState.pending
        if not dry_run:
            changed = memory.model_copy(
                update={
                    "enrichment": enrichment.model_copy(update={"state": state, "updated_at": now}),
                    "updated_at": now,
                }
            )
            if not self._write(report, memory, changed):
                return
            if action == "requeued":
                job = EnrichJob(tenant=memory.tenant, memory_id=memory.id, content_hash=memory.content_hash)
                self.queue.enqueue([job])
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
            self._history([record])
        report.record(action, memory.id)

    # ------------------------------------------------------------------ expire

    def _expire(
        self, cursor: str | None, now: datetime, dry_run: bool, report: JanitorReport
    ) -> tuple[str | None, bool]:
        page = self._scan(cursor, self.settings.batch_limit, report)
        for memory in page.items:
            until = memory.temporal.valid_until
            if (
                memory.status != Status.active
                or until is None
                or until > now
                or memory.enrichment.state == EnrichmentState.pending
            ):
                continue
            if not dry_run:
                stale = memory.model_copy(update={"status": Status.stale, "updated_at": now})
                if not self._write(report, memory, stale):
                    continue
                self._history(
                    [history_record(stale, HistoryEvent.expired, now, valid_until=until.isoformat())]
                )
            report.record("expired", memory.id)
        return page.cursor, page.cursor is None

    # ------------------------------------------------------------------ decay

    def policy(self, provenance: Provenance) -> DecayPolicy:
        policy: DecayPolicy = getattr(self.settings, f"decay_{provenance.value}")
        return policy

    def _decay(
        self, cursor: str | None, now: datetime, dry_run: bool, report: JanitorReport
    ) -> tuple[str | None, bool]:
        page = self._scan(cursor, self.settings.batch_limit, report)
        for memory in page.items:
            if (
                memory.status not in _LIVE
                or memory.retrieval_count > 0
                or memory.enrichment.state == EnrichmentState.pending
            ):
                continue
            policy = self.policy(memory.provenance)
            idle = now - max(memory.created_at, memory.updated_at)
            if idle < timedelta(days=policy.after_days):
                continue
            self._decay_one(memory, policy, idle, now, dry_run, report)
        return page.cursor, page.cursor is None

    def _decay_one(
        self,
        memory: Memory,
        policy: DecayPolicy,
        idle: timedelta,
        now: datetime,
        dry_run: bool,
        report: JanitorReport,
    ) -> None:
        demoted = memory.model_copy(
            update={
                "confidence": round(memory.confidence * policy.factor, 6),
                "provenance": _DEMOTED[memory.provenance],
                "updated_at": now,
            }
        )
        cull = self._cullable(memory, demoted)
        if not dry_run:
            if not self._write(report, memory, demoted):
                return
            detail = {
                "from_provenance": memory.provenance.value,
                "to_provenance": demoted.provenance.value,
                "from_confidence": memory.confidence,
                "to_confidence": demoted.confidence,
                "idle_days": idle.days,
                "after_days": policy.after_days,
            }
            self._history([history_record(demoted, HistoryEvent.decayed, now, **detail)])
        report.record("decayed", memory.id)
        if not cull:
            return
        if not dry_run:
            tombstone = self.store.delete(memory.tenant, memory.id)
            if tombstone is None:
                return
            if self.index is not None:
                self.index.delete(memory.tenant, [memory.id])
            below = self.settings.cull_below_confidence
            record = history_record(
                tombstone, HistoryEvent.culled, now, confidence=demoted.confidence, below=below
            )
            self._history([record])
        report.record("culled", memory.id)

    def _cullable(self, memory: Memory, demoted: Memory) -> bool:
        s = self.settings
        if not s.cull_enabled or demoted.confidence >= s.cull_below_confidence:
            return False
        if s.cull_protected_constraints and memory.memory_type == MemoryType.constraint:
            return False
        return not (s.cull_protected_user_stated and self._was_user_stated(memory))

    def _was_user_stated(self, memory: Memory) -> bool:
        if memory.provenance == Provenance.user_stated:
            return True
        history: Iterable[HistoryRecord] = self.store.history(memory.tenant, memory.id)
        return any(
            r.event == HistoryEvent.decayed and r.detail.get("from_provenance") == Provenance.user_stated
            for r in history
        )

    # ------------------------------------------------------------------ retention

    def _retention(
        self, cursor: str | None, now: datetime, dry_run: bool, report: JanitorReport
    ) -> tuple[str | None, bool]:
        s, limit = self.settings, self.settings.batch_limit
        phase, after = _phase_position(cursor, "tombstones")
        if phase == "tombstones":
            cut = now - timedelta(days=s.tombstone_retention_days)
            page = self._scan(after, limit, report)
            for memory in page.items:
                if memory.status != Status.deleted or memory.updated_at > cut:
                    continue
                if not dry_run:
                    self.store.purge(memory.tenant, memory.id)
                    if self.index is not None:
                        self.index.delete(memory.tenant, [memory.id])
                report.record("purged", memory.id)
            return _phase_cursor("tombstones" if page.cursor else "history", page.cursor), False
        if phase == "history":
            cut = now - timedelta(days=s.history_retention_days)
            if dry_run:
                report.notes.append(f"would purge history recorded before {cut.isoformat()}")
                return _phase_cursor("jobs", None), False
            purged = self.store.purge_history(cut, limit)
            report.record("history_purged", n=purged)
            return _phase_cursor("history" if purged >= limit else "jobs", None), False
        if not self.queue.keeps_finished:  # SQS keeps no finished jobs
            return None, True
        cut = now - timedelta(days=s.job_retention_days)
        if dry_run:
            report.notes.append(f"would purge jobs finished before {cut.isoformat()}")
            return None, True
        purged = self.queue.purge_finished(cut, limit)
        report.record("jobs_purged", n=purged)
        return (_phase_cursor("jobs", None), False) if purged >= limit else (None, True)

    # ------------------------------------------------------------------ consolidate

    def _consolidate(
        self, cursor: str | None, now: datetime, dry_run: bool, report: JanitorReport
    ) -> tuple[str | None, bool]:
        if self.index is None:
            report.notes.append("no vector index: nothing to compare")
            return None, True
        # one pair at most per memory: a batch of `consolidate_pairs` memories stays within the budget
        page = self._scan(
            cursor, max(1, min(self.settings.batch_limit, self.settings.consolidate_pairs)), report
        )
        candidates = [
            m for m in page.items if m.status == Status.active and m.enrichment.state == EnrichmentState.done
        ]
        vectors: dict[str, list[float]] = {}
        for tenant in {m.tenant for m in candidates}:
            vectors |= self.index.get_vectors(tenant, [m.id for m in candidates if m.tenant == tenant])
        for memory in candidates:
            if memory.id in vectors:
                self._consolidate_one(memory, vectors[memory.id], now, dry_run, report)
        return page.cursor, page.cursor is None

    def _consolidate_one(
        self, memory: Memory, vector: list[float], now: datetime, dry_run: bool, report: JanitorReport
    ) -> None:
        assert self.index is not None
        new = self.store.get(memory.tenant, memory.id)  # an earlier pair of this batch may have merged it
        if new is None or new.status != Status.active:
            return
        scope = SearchScope(
            tenant=new.tenant,
            user_id=new.user_id,
            project=new.project,
            namespaces=(new.namespace,),
            statuses=(Status.active,),
        )
        for hit in self.index.knn(scope, vector, self.dedup.neighbours + 1):
            if hit.memory_id == new.id:
                continue
            if hit.score < self.settings.consolidate_threshold:
                return
            existing = self.store.get(new.tenant, hit.memory_id)
            if existing is None or existing.status != Status.active:
                continue
            if (existing.created_at, existing.id) > (new.created_at, new.id):
                continue  # the pair is looked at from its younger side
            self._consolidate_pair(new, existing, round(hit.score, 4), now, dry_run, report)
            return

    def _consolidate_pair(
        self,
        new: Memory,
        existing: Memory,
        similarity: float,
        now: datetime,
        dry_run: bool,
        report: JanitorReport,
    ) -> None:
        assert self.index is not None
        candidates = [Candidate(existing, similarity)]
        decided = decide(self.enricher() if self.enricher else None, new, candidates, self.dedup)
        decision = decided.decision
        if decision.action == DecisionAction.add or not decision.targets:
            report.record("kept_both", new.id)
            return
        detail = {"similarity": similarity, "reason": decision.reason, "source": decided.source}
        # the memory that stops being active: merged, the younger; superseded, the one observed earlier
        merging = decision.action == DecisionAction.none
        gone = new if merging or new.observed_at < existing.observed_at else existing
        if not dry_run:
            try:
                if merging:
                    records = apply_merge(self.store, new, existing, detail, now)
                    self.index.delete(new.tenant, [new.id])  # indexed, unlike enrichment's new memory
                else:
                    detail |= {"action": decision.action.value, "confidence": decision.confidence}
                    changed, records = apply_supersession(
                        self.store, self.index, new, [existing], detail, now
                    )
                    if changed is not new:
                        reindex(self.index, [self.store.put(changed, expected_updated_at=new.updated_at)])
            except Conflict:
                report.conflicts.append(new.id)
                return
            self._history(records)
        report.record("merged" if merging else "superseded", gone.id)

    # ------------------------------------------------------------------ scanning

    def _scan(self, cursor: str | None, limit: int, report: JanitorReport) -> Page:
        page = self.store.scan(cursor, limit)
        report.examined += len(page.items)
        return page


# --------------------------------------------------------------------------- stats


class JobStatus(BaseModel):
    last_run_at: datetime | None = None
    summary: dict[str, Any] = Field(default_factory=dict)


class Stats(BaseModel):
    """Counts per memory status and enrichment state (one tenant's, or everyone's), and the service-wide
    job queue and janitor runs (their summaries hold counts only, never memory ids)."""

    tenant: str | None = Field(default=None, description="whose memories were counted; null: everyone")
    status: dict[str, int]
    enrichment: dict[str, int]
    queue: dict[str, int] | None = Field(
        default=None,
        description="the service-wide job queue; operators only (`engram stats`), null over the API",
    )
    dead_jobs: int | None = Field(default=None, description="dead jobs service-wide; operators only")
    janitor: dict[str, JobStatus] | None = Field(
        default=None, description="the janitor's last runs service-wide; operators only"
    )
    complete: bool = Field(default=True, description="false: the memory count stopped at its bound")
    usage: Usage | None = Field(
        default=None, description="the tenant's usage against its quotas (over the API, for the caller)"
    )


def collect_stats(
    counter: MemoryCounter,
    queue: JobQueue,
    state: JanitorState,
    tenant: str | None = None,
    service_wide: bool = True,
) -> Stats:
    """One tenant's (or everyone's) memory counts; the queue and janitor figures are about every
    tenant, so only an operator (`service_wide`) sees them, never a tenant's API key."""
    counts = counter.count_memories(tenant)
    if not service_wide:
        return Stats(
            tenant=tenant,
            status={s.value: counts.status.get(s.value, 0) for s in Status},
            enrichment={e.value: counts.enrichment.get(e.value, 0) for e in EnrichmentState},
            complete=counts.complete,
        )
    depth = queue.depth()
    jobs = {job.value: state.load(job) for job in JanitorJob}
    return Stats(
        tenant=tenant,
        status={s.value: counts.status.get(s.value, 0) for s in Status},
        enrichment={e.value: counts.enrichment.get(e.value, 0) for e in EnrichmentState},
        queue=depth,
        dead_jobs=depth.get("dead", 0),
        janitor={name: JobStatus(last_run_at=s.last_run_at, summary=s.summary) for name, s in jobs.items()},
        complete=counts.complete,
    )
