"""Single janitor jobs on the in-memory fakes: each step called with its RunContext, no database.

tests/integration/test_janitor.py drives every job through the Lambda handler on both real deployments;
these pin down each job's own decisions, cheaply and for every case (every provenance, every job's
interval, every retention phase).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pytest
from ulid import ULID

from engram.domain.models import (
    Enrichment,
    EnrichmentState,
    HistoryEvent,
    Memory,
    Provenance,
    Status,
)
from engram.domain.text import content_hash
from engram.ports import EnrichJob, JanitorJob, JobState
from engram.settings import DecayPolicy, DedupSettings, JanitorSettings
from engram.usecases.janitor.consolidate import consolidate
from engram.usecases.janitor.context import JanitorReport, RunContext
from engram.usecases.janitor.decay import decay
from engram.usecases.janitor.repair import repair
from engram.usecases.janitor.retention import retention
from engram.usecases.janitor.runner import Janitor
from engram.usecases.memories import history_record
from tests.conftest import FakeClock
from tests.fakes.in_memory import (
    InMemoryJanitorState,
    InMemoryJobQueue,
    InMemoryMemoryStore,
    InMemoryVectorIndex,
)

TENANT = "acme"


@dataclass
class Fakes:
    """One deployment's ports, in memory, on a clock the test moves."""

    clock: FakeClock = field(default_factory=FakeClock)
    store: InMemoryMemoryStore = field(init=False)
    queue: InMemoryJobQueue = field(init=False)
    state: InMemoryJanitorState = field(init=False)
    index: InMemoryVectorIndex = field(init=False)

    def __post_init__(self) -> None:
        self.store = InMemoryMemoryStore(self.clock)
        self.queue = InMemoryJobQueue(self.clock)
        self.state = InMemoryJanitorState(self.store)
        self.index = InMemoryVectorIndex(self.store)

    def seed(self, content: str, **fields: Any) -> Memory:
        now = self.clock.now()
        fields.setdefault("enrichment", Enrichment(state=EnrichmentState.done, updated_at=now))
        memory = Memory(
            id=str(ULID.from_datetime(now)),
            tenant=TENANT,
            user_id="alice",
            content=content,
            content_hash=content_hash(content),
            created_at=now,
            updated_at=now,
            observed_at=now,
            **fields,
        )
        assert self.store.insert_or_dedup(memory).created
        return memory

    def context(
        self, job: JanitorJob, *, dry_run: bool = False, settings: JanitorSettings | None = None
    ) -> RunContext:
        """A RunContext for one batch of `job`, now, from the start of its pass."""
        now = self.clock.now()
        return RunContext(
            store=self.store,
            queue=self.queue,
            index=self.index,
            settings=settings or JanitorSettings(),
            dedup=DedupSettings(),
            enricher=None,
            now=now,
            report=JanitorReport(job=job, dry_run=dry_run, started_at=now),
        )

    def janitor(self, settings: JanitorSettings | None = None) -> Janitor:
        return Janitor(
            self.store,
            self.queue,
            self.state,
            settings or JanitorSettings(),
            index=self.index,
            clock=self.clock,
        )

    def get(self, memory: Memory) -> Memory:
        found = self.store.get(memory.tenant, memory.id)
        assert found is not None
        return found


@pytest.fixture
def fakes() -> Fakes:
    return Fakes()


# --------------------------------------------------------------------------- decay


# a period and a factor of its own for each provenance, so a policy read for the wrong one shows
POLICY = {
    Provenance.user_stated: DecayPolicy(after_days=10, factor=0.5),
    Provenance.episode_summary: DecayPolicy(after_days=20, factor=0.6),
    Provenance.imported: DecayPolicy(after_days=30, factor=0.7),
    Provenance.assistant_derived: DecayPolicy(after_days=40, factor=0.8),
}
POLICIES = JanitorSettings(
    decay_user_stated=POLICY[Provenance.user_stated],
    decay_episode_summary=POLICY[Provenance.episode_summary],
    decay_imported=POLICY[Provenance.imported],
    decay_assistant_derived=POLICY[Provenance.assistant_derived],
)
DEMOTED_TO = {
    Provenance.user_stated: Provenance.episode_summary,
    Provenance.episode_summary: Provenance.assistant_derived,
    Provenance.imported: Provenance.assistant_derived,
    Provenance.assistant_derived: Provenance.assistant_derived,
}


@pytest.mark.parametrize("provenance", list(Provenance))
def test_decay_demotes_each_provenance_after_its_own_period(fakes: Fakes, provenance: Provenance) -> None:
    policy = POLICY[provenance]

    # Given a memory nobody retrieved, and one day short of its provenance's period
    memory = fakes.seed("The user keeps their notes in plain text files", provenance=provenance)
    fakes.clock.advance(days=policy.after_days - 1)

    # When decay runs, it is left alone
    assert decay(fakes.context(JanitorJob.decay, settings=POLICIES)) == (None, True)
    assert fakes.get(memory) == memory

    # When the period has passed, it is demoted one notch and loses confidence by the policy's factor
    fakes.clock.advance(days=1)
    ctx = fakes.context(JanitorJob.decay, settings=POLICIES)
    decay(ctx)
    ctx.flush_history()
    demoted = fakes.get(memory)
    assert ctx.report.ids == {"decayed": [memory.id]}
    assert (demoted.provenance, demoted.confidence) == (DEMOTED_TO[provenance], pytest.approx(policy.factor))
    [record] = fakes.store.history(TENANT, memory.id)
    assert (record.event, record.actor) == (HistoryEvent.decayed, "janitor")
    assert record.detail["from_provenance"] == provenance.value
    assert record.detail["after_days"] == policy.after_days


# --------------------------------------------------------------------------- due


# an interval of its own for each job, so an interval read for the wrong job shows
INTERVALS = JanitorSettings(
    repair_interval_s=100,
    expire_interval_s=200,
    decay_interval_s=300,
    retention_interval_s=400,
    consolidate_interval_s=500,
)


@pytest.mark.parametrize(
    ("job", "interval_s"),
    [
        (JanitorJob.repair, 100),
        (JanitorJob.expire, 200),
        (JanitorJob.decay, 300),
        (JanitorJob.retention, 400),
        (JanitorJob.consolidate, 500),
    ],
)
def test_a_finished_job_is_due_again_after_its_own_interval(
    fakes: Fakes, job: JanitorJob, interval_s: int
) -> None:
    janitor = fakes.janitor(INTERVALS)
    assert janitor.due(job)  # never ran

    # Given a finished pass just now
    fakes.state.save(JobState(job=job, last_run_at=fakes.clock.now()))
    assert not janitor.due(job)

    # Then it is not due a second before its interval, and due after it
    assert not janitor.due(job, fakes.clock.now() + timedelta(seconds=interval_s - 1))
    assert janitor.due(job, fakes.clock.now() + timedelta(seconds=interval_s))

    # And an unfinished pass is due at once
    fakes.state.save(JobState(job=job, last_run_at=fakes.clock.now(), cursor="somewhere"))
    assert janitor.due(job)


# --------------------------------------------------------------------------- repair


def test_repair_requeues_stuck_work_and_gives_up_on_work_out_of_attempts(fakes: Fakes) -> None:
    # Given work stuck in pending, failed with attempts left, and failed for good, ten minutes ago
    stuck = fakes.seed("The user uses Neovim for Rust work", enrichment=Enrichment())
    retry = fakes.seed(
        "The user keeps notes in Obsidian", enrichment=Enrichment(state=EnrichmentState.failed, attempts=2)
    )
    dead = fakes.seed(
        "The user runs Arch Linux on a ThinkPad",
        enrichment=Enrichment(state=EnrichmentState.failed, attempts=5),
    )
    fakes.clock.advance(minutes=11)

    # When repair runs dry, it reports and changes nothing
    dry = fakes.janitor().run(JanitorJob.repair, dry_run=True)
    assert dry.ids == {"requeued": [stuck.id, retry.id], "dead": [dead.id]}
    assert fakes.queue.depth()["queued"] == 0 and fakes.get(dead).enrichment.state == EnrichmentState.failed

    # When it runs, the stuck ones are queued again and the one out of attempts is dead
    report = fakes.janitor().run(JanitorJob.repair)
    assert report.ids == dry.ids and report.complete
    assert [c.job for c in fakes.queue.claim(10)] == [
        EnrichJob(tenant=TENANT, memory_id=m.id, content_hash=m.content_hash) for m in (stuck, retry)
    ]
    assert fakes.get(retry).enrichment.state == EnrichmentState.pending
    assert fakes.get(dead).enrichment.state == EnrichmentState.dead
    assert fakes.state.load(JanitorJob.repair).summary["counts"] == {"requeued": 2, "dead": 1}


def test_repair_walks_pending_then_failed_within_one_budget(fakes: Fakes) -> None:
    # Given two stuck pending and two retryable failed memories, a second apart, and a batch of three
    pending, failed = [], []
    for i in range(2):
        pending.append(fakes.seed(f"Pending memory number {i} here", enrichment=Enrichment()))
        fakes.clock.advance(seconds=1)
    for i in range(2):
        failed.append(
            fakes.seed(f"Failed memory {i} here", enrichment=Enrichment(state=EnrichmentState.failed))
        )
        fakes.clock.advance(seconds=1)
    fakes.clock.advance(minutes=11)

    # When one batch runs, it takes both pending and the first failed, and says where it stopped
    ctx = fakes.context(JanitorJob.repair, dry_run=True, settings=JanitorSettings(batch_limit=3))
    cursor, complete = repair(ctx)
    assert not complete and ctx.report.ids == {"requeued": [*(m.id for m in pending), failed[0].id]}

    # When the next batch starts there, it takes the rest and the pass is complete
    ctx = fakes.context(JanitorJob.repair, dry_run=True, settings=JanitorSettings(batch_limit=3))
    ctx.cursor = cursor
    assert repair(ctx) == (None, True) and ctx.report.ids == {"requeued": [failed[1].id]}


# --------------------------------------------------------------------------- retention


def test_retention_walks_tombstones_then_history_then_finished_jobs(fakes: Fakes) -> None:
    # Given a tombstone, a history record and a finished job, all 200 days old, and a live memory
    gone = fakes.seed("The user used to live in Madrid")
    live = fakes.seed("The user lives in Berlin")
    fakes.store.delete(TENANT, gone.id)
    fakes.store.add_history([history_record(live, HistoryEvent.created, fakes.clock.now())])
    fakes.queue.enqueue([EnrichJob(tenant=TENANT, memory_id=live.id, content_hash=live.content_hash)])
    fakes.queue.complete([c.id for c in fakes.queue.claim(1)])
    fakes.clock.advance(days=200)

    # When retention runs its phases one batch at a time
    phases = []
    ctx = fakes.context(JanitorJob.retention)
    while True:
        ctx.cursor, complete = retention(ctx)
        phases.append(ctx.cursor)
        if complete:
            break

    # Then each phase purged what was old enough, and the pass ended after the jobs
    assert len(phases) == 3 and phases[-1] is None
    assert ctx.report.ids == {"purged": [gone.id]}
    assert ctx.report.counts == {"purged": 1, "history_purged": 1, "jobs_purged": 1}
    assert fakes.store.get(TENANT, gone.id) is None and fakes.store.history(TENANT, live.id) == []
    assert fakes.queue.depth()["done"] == 0 and fakes.get(live).status == Status.active


# --------------------------------------------------------------------------- consolidate, conflicts


def test_consolidate_without_a_vector_index_says_so_and_finishes(fakes: Fakes) -> None:
    ctx = fakes.context(JanitorJob.consolidate)
    ctx.index = None
    assert consolidate(ctx) == (None, True)
    assert ctx.report.notes == ["no vector index: nothing to compare"] and not ctx.report.ids


def test_a_memory_changed_meanwhile_is_left_for_the_next_pass(fakes: Fakes) -> None:
    # Given a memory the janitor read, then someone else changed
    read = fakes.seed("The user prefers short answers")
    fakes.clock.advance(seconds=1)
    fakes.store.put(read.model_copy(update={"importance": 5, "updated_at": fakes.clock.now()}))

    # When the janitor writes its change from what it read, nothing is written and the id is listed
    ctx = fakes.context(JanitorJob.expire)
    assert not ctx.write(read, read.model_copy(update={"status": Status.stale}))
    assert ctx.report.conflicts == [read.id] and fakes.get(read).status == Status.active
