"""The lifecycle janitor, driven by the SAM-shaped scheduled events through the janitor Lambda handler.

Every behaviour runs against both deployments: the embedded default (SQLite store, SQLite job table,
local vector index) and AWS (DynamoDB and SQS under moto, the OpenSearch index over the loopback
fake), with a clock the test moves.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import math
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from types import ModuleType
from typing import Any

import pytest
from aws_lambda_powertools.event_handler import APIGatewayRestResolver
from ulid import ULID

from engram.adapters.sqlite.queue import SqliteJobQueue
from engram.cli.invoke import LocalContext
from engram.domain.models import (
    Enrichment,
    EnrichmentState,
    HistoryEvent,
    Memory,
    MemoryType,
    Provenance,
    Status,
    Temporal,
    TemporalKind,
)
from engram.domain.text import content_hash
from engram.ports import EnrichJob, IndexedMemory, JanitorJob, SearchScope
from engram.runtime import background
from engram.runtime.container import Container, local
from engram.runtime.janitor_wiring import janitor_enabled, janitor_for, janitor_state, scheduler_loop
from engram.settings import Settings
from engram.usecases.janitor.context import JanitorReport
from engram.usecases.memories import history_record
from engram.usecases.recall import RecallQuery
from tests.conftest import ROOT, FakeClock, load_event
from tests.integration.builders import moto_aws, new_memory

TENANT = "acme"
DUPLICATE = ("Deploy the billing service on Friday, always", "Deploy the billing service on Friday always")
CHANGED_TIME = (  # cosine 0.97 with the hashing embedder
    "The team standup for the billing service runs in the main meeting room on the third floor every"
    " weekday at 9:30 with the whole platform group",
    "The team standup for the billing service runs in the main meeting room on the third floor every"
    " weekday at 10:00 with the whole platform group",
)
REWORDED = (  # cosine 0.93 with the hashing embedder; the rule-based enricher calls it a restatement
    "The user prefers dark mode in every code editor",
    "The user prefers dark mode in every code editor they use",
)


# --------------------------------------------------------------------------- the two deployments


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """Starts at the real time and stamps everything, including what the SQLite adapters stamp."""
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    monkeypatch.setattr("engram.adapters.sqlite.store.utcnow", clock.now)
    monkeypatch.setattr("engram.adapters.sqlite.queue.utcnow", clock.now)
    return clock


@pytest.fixture(scope="module")
def handler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """functions/janitor/handler.py, loaded as `engram invoke` loads it (its cold start builds a local
    container on a scratch dir); each test aims its `janitor` at the test's own deployment."""
    previous = os.environ.get("ENGRAM_DATA_DIR")
    os.environ["ENGRAM_DATA_DIR"] = str(tmp_path_factory.mktemp("handler"))
    try:
        path = ROOT / "functions" / "janitor" / "handler.py"
        spec = importlib.util.spec_from_file_location("engram_function_janitor", path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        if previous is None:
            del os.environ["ENGRAM_DATA_DIR"]
        else:
            os.environ["ENGRAM_DATA_DIR"] = previous
    yield module


Build = Callable[..., Container]


def _settings(tmp_path, janitor: dict[str, Any]) -> Settings:
    return Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}, janitor=janitor)


@pytest.fixture(params=["sqlite", "dynamodb"])
def build(request: pytest.FixtureRequest, tmp_path, clock: FakeClock) -> Iterator[Build]:
    """build(**janitor_settings) → a Container over this test's one store, queue and index."""
    if request.param == "sqlite":
        yield lambda **janitor: local(_settings(tmp_path, janitor), clock=clock)
        return

    from engram.adapters.opensearch.index import OpenSearchIndex, build_client

    with moto_aws(serverless=False) as aws:
        index = OpenSearchIndex(build_client(aws.search.url, mode="es"), "engram-memories", 384, mode="es")

        def build_aws(**janitor: Any) -> Container:
            settings = _settings(tmp_path, janitor).model_copy(update={"backend": "aws"})
            return aws.container(settings, index, clock=clock)

        yield build_aws


@dataclass
class World:
    """One deployment, its clock, and the janitor handler aimed at it."""

    build: Build
    clock: FakeClock
    handler: ModuleType
    c: Container

    def reconfigure(self, **janitor: Any) -> None:
        self.c = self.build(**janitor)

    def run(self, job: str, **detail: Any) -> JanitorReport:
        """Deliver the committed scheduled event for `job` (with `detail` overrides) to the handler."""
        event = copy.deepcopy(load_event(f"janitor/{job}.json"))
        event["detail"].update(detail)
        self.handler.janitor = janitor_for(self.c)
        return JanitorReport.model_validate(self.handler.handler(event, LocalContext("janitor")))

    def seed(self, content: str, *, user: str = "alice", indexed: bool = False, **fields: Any) -> Memory:
        now = self.clock.now()
        fields.setdefault("enrichment", Enrichment(state=EnrichmentState.done, updated_at=now))
        tenant = fields.pop("tenant", TENANT)
        memory = new_memory(
            content, at=now, id=str(ULID.from_datetime(now)), tenant=tenant, user_id=user, **fields
        )
        assert self.c.store.insert_or_dedup(memory).created
        if indexed:
            vector = self.c.embedder.embed([content])[0]
            self.c.vector_index.upsert([IndexedMemory(memory, vector)])
        return memory

    def get(self, memory: Memory) -> Memory:
        found = self.c.store.get(memory.tenant, memory.id)
        assert found is not None
        return found

    def events(self, memory: Memory) -> list[HistoryEvent]:
        return [r.event for r in self.c.store.history(memory.tenant, memory.id)]

    def memories(self) -> list[Memory]:
        found, cursor = [], None
        while True:
            page = self.c.store.scan(cursor, 100)
            found += page.items
            if (cursor := page.cursor) is None:
                return sorted(found, key=lambda m: m.id)

    def snapshot(self) -> dict[str, Any]:
        """Everything a janitor run could change."""
        memories = self.memories()
        state = janitor_state(self.c)
        vectors: dict[str, list[str]] = {}
        for tenant in {m.tenant for m in memories}:
            vectors[tenant] = sorted(self.c.vector_index.get_vectors(tenant, [m.id for m in memories]))
        return {
            "memories": [m.model_dump(mode="json") for m in memories],
            "history": {m.id: [r.id for r in self.c.store.history(m.tenant, m.id)] for m in memories},
            "vectors": vectors,
            "queue": self.c.queue.depth(),
            "janitor": {j.value: state.load(j).model_dump(mode="json") for j in JanitorJob},
        }


@pytest.fixture
def world(build: Build, clock: FakeClock, handler: ModuleType) -> World:
    return World(build, clock, handler, build())


def queued_jobs(c: Container) -> list[EnrichJob]:
    """The enrich jobs waiting in the queue (consumed)."""
    if isinstance(c.queue, SqliteJobQueue):
        return [claimed.job for claimed in c.queue.claim(100) if isinstance(claimed.job, EnrichJob)]
    from engram.adapters.dynamo.sqs_queue import parse_job

    jobs = []
    while messages := c.queue.client.receive_message(
        QueueUrl=c.queue.queue_url, MaxNumberOfMessages=10, VisibilityTimeout=60
    ).get("Messages", []):
        jobs += [job for m in messages if isinstance(job := parse_job(m["Body"]), EnrichJob)]
    return jobs


def nothing_done(report: JanitorReport) -> bool:
    return not any(report.counts.values()) and not report.ids and not report.conflicts


# --------------------------------------------------------------------------- expire


def test_a_temporal_memory_goes_stale_after_its_date_and_is_still_recalled(world: World) -> None:
    # Given a temporal memory valid for two more days, and a persistent one
    until = world.clock.now() + timedelta(days=2)
    trip = world.seed(
        "Alice is in Lisbon for the conference this week",
        temporal=Temporal(kind=TemporalKind.temporal, valid_until=until),
        indexed=True,
    )
    home = world.seed("Alice lives in Berlin and works remotely", indexed=True)

    # When the expire job runs before the date, nothing changes
    assert nothing_done(world.run("expire"))

    # When it runs after the date
    world.clock.advance(days=3)
    report = world.run("expire")

    # Then only the temporal memory is stale, with its reason in the history
    assert report.ids == {"expired": [trip.id]} and report.complete
    assert world.get(trip).status == Status.stale and world.get(home).status == Status.active
    [record] = [r for r in world.c.store.history(TENANT, trip.id) if r.event == HistoryEvent.expired]
    assert record.actor == "janitor" and record.detail["valid_until"] == until.isoformat()
    # and recall still returns it
    recalled = world.c.recall(RecallQuery(tenant=TENANT, user_id="alice", query="Lisbon conference"))
    assert trip.id in [r.memory.id for r in recalled]

    # And a second run changes nothing more
    assert nothing_done(world.run("expire"))


# --------------------------------------------------------------------------- decay and cull


def test_an_unretrieved_assistant_derived_memory_is_demoted_before_a_user_stated_one(world: World) -> None:
    # Given three memories of the same age: derived, stated, and a derived one that was recalled
    derived = world.seed("The user seems to like short answers", provenance=Provenance.assistant_derived)
    stated = world.seed("My favourite editor is Helix", provenance=Provenance.user_stated)
    used = world.seed("The user seems to work late at night", provenance=Provenance.assistant_derived)
    world.c.store.increment_retrievals(TENANT, {used.id: 1}, world.clock.now())

    # When 31 days pass
    world.clock.advance(days=31)
    report = world.run("decay")

    # Then only the unretrieved derived memory is demoted (confidence × 0.8; no lower provenance)
    assert report.ids == {"decayed": [derived.id]}
    assert world.get(derived).confidence == pytest.approx(0.8)
    assert world.get(derived).provenance == Provenance.assistant_derived
    assert world.get(stated) == stated and world.get(used).confidence == 1.0
    # And a second run in the same period changes nothing more
    assert nothing_done(world.run("decay"))

    # When 181 days have passed, the user-stated memory is demoted one notch too, and the derived one
    # again (its period restarted when it was demoted)
    world.clock.advance(days=150)
    report = world.run("decay")
    assert sorted(report.ids["decayed"]) == sorted([derived.id, stated.id])
    demoted = world.get(stated)
    assert (demoted.provenance, demoted.confidence) == (Provenance.episode_summary, pytest.approx(0.95))
    assert world.get(derived).confidence == pytest.approx(0.64)
    assert world.events(stated)[-1] == HistoryEvent.decayed


def test_cull_is_off_by_default_and_never_takes_user_stated_or_constraint_memories(world: World) -> None:
    # Given weak memories, one of them a constraint and one stated by the user
    weak = world.seed("The user may like jazz", provenance=Provenance.assistant_derived, confidence=0.22)
    rule = world.seed(
        "Never deploy on Fridays",
        provenance=Provenance.assistant_derived,
        memory_type=MemoryType.constraint,
        confidence=0.1,
    )
    stated = world.seed("I might move to Porto next year", provenance=Provenance.user_stated, confidence=0.1)

    # When they decay with the default settings, nothing is culled
    world.clock.advance(days=31)
    report = world.run("decay")
    assert sorted(report.ids["decayed"]) == sorted([weak.id, rule.id]) and "culled" not in report.ids
    assert world.get(weak).status == Status.active

    # When cull is switched on, the weak memory goes once it falls below the threshold
    world.reconfigure(cull_enabled=True)
    world.clock.advance(days=31)
    report = world.run("decay")
    assert report.ids["culled"] == [weak.id]
    assert world.get(weak).status == Status.deleted and world.events(weak)[-1] == HistoryEvent.culled
    assert world.get(rule).status == Status.active  # the constraint is protected

    # And the user-stated memory is never culled, even after decay has demoted its provenance twice
    for days in (120, 91):
        world.clock.advance(days=days)
        report = world.run("decay")
        assert stated.id in report.ids["decayed"] and stated.id not in report.ids.get("culled", [])
    assert world.get(stated).provenance == Provenance.assistant_derived
    assert world.get(stated).status == Status.active


# --------------------------------------------------------------------------- repair


def test_repair_requeues_stuck_work_reports_dead_work_and_the_requeued_memories_enrich(world: World) -> None:
    # Given work stuck in pending, failed with attempts left, failed for good, and fresh pending work
    stuck = world.seed("The user uses Neovim for Rust work", enrichment=Enrichment())
    retry = world.seed(
        "The user keeps notes in Obsidian",
        enrichment=Enrichment(state=EnrichmentState.failed, attempts=2, error="TimeoutError"),
    )
    dead = world.seed(
        "The user runs Arch Linux on a ThinkPad",
        enrichment=Enrichment(state=EnrichmentState.failed, attempts=5, error="TimeoutError"),
    )
    world.clock.advance(minutes=9)
    fresh = world.seed("The user drinks oat milk flat whites", enrichment=Enrichment())
    world.clock.advance(minutes=2)

    # When repair runs
    report = world.run("repair")

    # Then the stuck and retryable ones are requeued and pending again, the dead one is reported
    assert sorted(report.ids["requeued"]) == sorted([stuck.id, retry.id])
    assert report.ids["dead"] == [dead.id] and fresh.id not in json.dumps(report.ids)
    assert world.get(retry).enrichment.state == EnrichmentState.pending
    assert world.get(dead).enrichment.state == EnrichmentState.dead
    assert world.events(stuck) == [HistoryEvent.requeued]
    jobs = queued_jobs(world.c)
    assert sorted(j.memory_id for j in jobs) == sorted([stuck.id, retry.id])

    # And a second run changes nothing more
    assert nothing_done(world.run("repair"))

    # And the requeued jobs enrich their memories
    for job in jobs:
        world.c.enrich(job)
    assert world.get(stuck).enrichment.state == world.get(retry).enrichment.state == EnrichmentState.done


def test_repair_redrives_dead_jobs_on_request(world: World) -> None:
    # Given one job in the dead-letter queue
    job = EnrichJob(tenant=TENANT, memory_id="01J0000000000000000000000X", content_hash="0" * 64)
    if isinstance(world.c.queue, SqliteJobQueue):
        world.c.queue.enqueue([job])
        [claimed] = world.c.queue.claim(1)
        world.c.queue.fail(claimed.id, "boom", attempts=5)
    else:
        world.c.queue.client.send_message(QueueUrl=world.c.queue.dlq_url, MessageBody=job.model_dump_json())
    assert world.c.queue.depth()["dead"] == 1

    # When repair runs without asking for a redrive, the job stays dead; a dry run only reports it
    assert "redriven" not in world.run("repair").counts
    assert world.run("repair", redrive=True, dry_run=True).counts["redriven"] == 1
    assert world.c.queue.depth()["dead"] == 1

    # When a redrive is asked for, it is queued again
    assert world.run("repair", redrive=True).counts["redriven"] == 1
    assert world.c.queue.depth()["dead"] == 0
    assert queued_jobs(world.c) == [job]


# --------------------------------------------------------------------------- retention


def test_retention_purges_only_what_is_old_enough(world: World) -> None:
    # Given a tombstone from day 0 and one from day 20, a live memory with history from days 0 and
    # 100, and (locally) a job finished on day 0 and one on day 20
    t0 = world.clock.now()
    old = world.seed("The user used to live in Madrid", indexed=True)
    recent = world.seed("The user used to drive a Golf")
    keep = world.seed("The user lives in Berlin")
    world.c.store.add_history([history_record(keep, HistoryEvent.created, t0)])
    local_queue = isinstance(world.c.queue, SqliteJobQueue)

    def finished_job() -> None:
        if local_queue:
            world.c.queue.enqueue(
                [EnrichJob(tenant=TENANT, memory_id=keep.id, content_hash=keep.content_hash)]
            )
            world.c.queue.complete([c.id for c in world.c.queue.claim(10)])

    world.c.forget(TENANT, old.id)
    finished_job()
    world.clock.advance(days=20)
    world.c.forget(TENANT, recent.id)
    finished_job()

    # When retention runs on day 25, no tombstone is old enough; the day-0 job is (14 days)
    world.clock.advance(days=5)
    report = world.run("retention")
    assert report.ids == {} and report.counts.get("jobs_purged", 0) == (1 if local_queue else 0)

    # When it runs on day 31, only the day-0 tombstone (and its vector) goes
    world.clock.advance(days=6)
    report = world.run("retention")
    assert report.ids == {"purged": [old.id]} and report.complete
    assert world.c.store.get(TENANT, old.id) is None
    assert world.c.vector_index.get_vectors(TENANT, [old.id]) == {}
    assert world.get(recent).status == Status.deleted and world.get(keep).status == Status.active
    if local_queue:
        assert report.counts["jobs_purged"] == 0 and world.c.queue.depth()["done"] == 1

    # When history has aged past 180 days, only the old record goes
    world.clock.advance(days=69)
    newer = history_record(keep, HistoryEvent.updated, world.clock.now())
    world.c.store.add_history([newer])
    world.clock.advance(days=81)  # day 181
    report = world.run("retention")
    assert report.ids == {"purged": [recent.id]} and report.counts["history_purged"] == 1
    assert [r.id for r in world.c.store.history(TENANT, keep.id)] == [newer.id]


# --------------------------------------------------------------------------- consolidate


def test_consolidate_merges_a_near_duplicate_pair_within_its_scope(world: World) -> None:
    # Given a near-duplicate pair that enrichment missed (both enriched at the same time), the same
    # content for another user, and an unrelated memory
    older = world.seed(DUPLICATE[0], provenance=Provenance.assistant_derived, confidence=0.6, indexed=True)
    world.clock.advance(seconds=1)
    newer = world.seed(DUPLICATE[1], confidence=0.9, indexed=True)
    bobs = world.seed(DUPLICATE[1], user="bob", indexed=True)
    other = world.seed("The user lives in Berlin and works remotely", indexed=True)

    # When consolidate runs
    report = world.run("consolidate")

    # Then the newer folds into the older, which keeps the better provenance and confidence
    assert report.ids == {"merged": [newer.id]}
    merged, survivor = world.get(newer), world.get(older)
    assert (merged.status, merged.merged_into) == (Status.merged, older.id)
    assert (survivor.provenance, survivor.confidence, survivor.hits) == (Provenance.user_stated, 0.9, 2)
    assert world.events(newer) == [HistoryEvent.merged] and world.events(older) == [HistoryEvent.absorbed]
    assert world.c.vector_index.get_vectors(TENANT, [newer.id]) == {}
    assert world.get(bobs).status == world.get(other).status == Status.active

    # And a second run changes nothing more
    assert nothing_done(world.run("consolidate"))


def test_consolidate_asks_the_enricher_below_the_duplicate_threshold(world: World) -> None:
    # Given a pair in the grey band whose newer memory restates the older with more detail
    older = world.seed(REWORDED[0], indexed=True)
    world.clock.advance(seconds=1)
    newer = world.seed(REWORDED[1], indexed=True)

    # When consolidate runs, the enricher's decision (update) is applied as enrichment applies it
    report = world.run("consolidate")
    assert report.ids == {"superseded": [older.id]}
    superseded = world.get(older)
    assert (superseded.status, superseded.superseded_by) == (Status.superseded, newer.id)
    assert (superseded.valid_from, superseded.valid_to) == (older.observed_at, newer.observed_at)
    assert world.get(newer).status == Status.active
    assert world.events(older) == [HistoryEvent.superseded]
    assert world.events(newer) == [HistoryEvent.supersedes]


def test_consolidate_never_merges_a_changed_value(world: World) -> None:
    # Given a near-duplicate pair (cosine 0.97) that differs in a time: a correction enrichment missed
    older = world.seed(CHANGED_TIME[0], indexed=True)
    world.clock.advance(days=2)
    newer = world.seed(CHANGED_TIME[1], indexed=True)

    # When consolidate runs
    report = world.run("consolidate")

    # Then the newer value supersedes the older; nothing is merged, and the index knows
    assert report.ids == {"superseded": [older.id]}
    gone = world.get(older)
    assert (gone.status, gone.superseded_by, gone.merged_into) == (Status.superseded, newer.id, None)
    assert world.get(newer).status == Status.active
    assert world.c.vector_index.get_vectors(TENANT, [older.id])  # still indexed, for include_superseded
    scope = SearchScope(TENANT, "alice", statuses=(Status.superseded,))
    vector = world.c.embedder.embed([CHANGED_TIME[0]])[0]
    assert [h.memory_id for h in world.c.vector_index.knn(scope, vector, 5)] == [older.id]
    assert nothing_done(world.run("consolidate"))


# --------------------------------------------------------------------------- every job


def populate(world: World) -> None:
    """Something for every job to do, 40 days on."""
    world.seed("The user is waiting on a reply from the bank", enrichment=Enrichment())  # repair
    world.seed(
        "The user is on call this week",
        temporal=Temporal(kind=TemporalKind.temporal, valid_until=world.clock.now() + timedelta(days=1)),
    )  # expire
    world.seed("The user may prefer tabs", provenance=Provenance.assistant_derived)  # decay
    world.c.forget(TENANT, world.seed("The user had a cat named Tom").id)  # retention
    world.seed(DUPLICATE[0], indexed=True)  # consolidate
    world.clock.advance(seconds=1)
    world.seed(DUPLICATE[1], indexed=True)
    world.clock.advance(days=40)


# reembed (no ids: vectors, not memories) is tested in test_reembed_janitor.py
@pytest.mark.parametrize("job", [j.value for j in JanitorJob if j is not JanitorJob.reembed])
def test_a_dry_run_reports_exactly_what_a_run_then_does_and_a_second_run_does_nothing(
    world: World, job: str
) -> None:
    populate(world)
    before = world.snapshot()

    # When the job runs dry, it lists what it would do and changes nothing (not even its cursor)
    dry = world.run(job, dry_run=True)
    assert dry.dry_run and dry.ids
    assert world.snapshot() == before

    # When it runs for real, it does exactly that
    real = world.run(job)
    assert real.ids == dry.ids
    assert {k: v for k, v in real.counts.items() if k in real.ids} == {
        k: v for k, v in dry.counts.items() if k in dry.ids
    }
    after = world.snapshot()
    assert after != before and after["janitor"][job]["last_run_at"] is not None

    # And a second run changes nothing more
    assert nothing_done(world.run(job))


# --------------------------------------------------------------------------- bounded, resumable


def expiring(world: World, n: int) -> list[Memory]:
    until = world.clock.now() + timedelta(hours=1)
    temporal = Temporal(kind=TemporalKind.temporal, valid_until=until)
    return [world.seed(f"The user is travelling, leg number {i}", temporal=temporal) for i in range(n)]


def test_a_pass_is_split_into_bounded_runs_that_resume_from_the_saved_cursor(world: World) -> None:
    # Given 8 expiring memories among 11, and a batch limit of 3
    world.reconfigure(batch_limit=3)
    due = expiring(world, 8)
    for i in range(3):
        world.seed(f"The user likes hiking, fact number {i}")
    world.clock.advance(hours=2)

    # When the job runs one batch at a time until its pass completes
    reports = [world.run("expire", max_batches=1)]
    assert janitor_state(world.c).load(JanitorJob.expire).cursor is not None
    while not reports[-1].complete:
        reports.append(world.run("expire", max_batches=1))

    # Then each run examined at most 3 and every memory was processed exactly once over the runs
    assert len(reports) == math.ceil(11 / 3) and all(r.examined <= 3 for r in reports)
    expired = [i for r in reports for i in r.ids.get("expired", [])]
    assert sorted(expired) == sorted(m.id for m in due)
    assert janitor_state(world.c).load(JanitorJob.expire).cursor is None  # the next run starts over


def test_nothing_is_lost_when_a_run_is_cut_off_part_way(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given 7 expiring memories, a batch limit of 3, and a store that fails on the 5th write
    world.reconfigure(batch_limit=3)
    due = expiring(world, 7)
    world.clock.advance(hours=2)
    put, calls = world.c.store.put, []

    def flaky_put(memory: Memory, expected_updated_at: datetime | None = None) -> Memory:
        calls.append(memory.id)
        if len(calls) == 5:
            raise RuntimeError("the function timed out")
        return put(memory, expected_updated_at)

    monkeypatch.setattr(world.c.store, "put", flaky_put)

    # When a run dies in its second batch
    with pytest.raises(RuntimeError):
        world.run("expire")

    # Then the next run resumes from the last saved batch and finishes the pass
    report = world.run("expire")
    assert report.complete

    # And every memory expired exactly once
    for memory in due:
        assert world.get(memory).status == Status.stale
        assert world.events(memory).count(HistoryEvent.expired) == 1


# --------------------------------------------------------------------------- stats


def test_stats_count_per_status_for_the_callers_tenant_over_http(world: World) -> None:
    from engram.api.routes import admin

    # Given memories of two tenants, one of acme's stale, and an expire run behind us
    until = world.clock.now()
    world.seed(
        "Acme deploys from the main branch", temporal=Temporal(kind=TemporalKind.temporal, valid_until=until)
    )
    world.seed("Acme uses Postgres for billing")
    world.seed("Globex uses MySQL for billing", tenant="globex")
    world.clock.advance(minutes=1)
    world.run("expire")

    # When acme asks for its stats (the committed sample event)
    app = APIGatewayRestResolver(enable_validation=True)
    app.include_router(admin.router(world.c))
    response = app.resolve(load_event("api/stats.json"), LocalContext("api"))

    # Then it sees its own counts, and none of the service-wide queue and janitor figures
    assert response["statusCode"] == 200
    body = json.loads(response["body"])
    assert body["tenant"] == TENANT
    assert body["status"] == {"active": 1, "stale": 1, "merged": 0, "superseded": 0, "deleted": 0}
    assert body["enrichment"]["done"] == 2
    assert body["queue"] is None and body["dead_jobs"] is None and body["janitor"] is None


# --------------------------------------------------------------------------- local runtime


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engram.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, "ENGRAM_EMBEDDER__PROVIDER": "hashing"},
    )


def test_cli_janitor_dry_run_and_stats(tmp_path) -> None:
    # Given a data dir with one expired temporal memory and one persistent one
    data_dir = tmp_path / "data"
    c = local(Settings(data_dir=data_dir, embedder={"provider": "hashing"}))
    yesterday = datetime.now(UTC) - timedelta(days=1)
    for content, temporal in (
        ("The user was in Lisbon last week", Temporal(kind=TemporalKind.temporal, valid_until=yesterday)),
        ("The user lives in Berlin", Temporal()),
    ):
        now = datetime.now(UTC)
        c.store.insert_or_dedup(
            Memory(
                id=str(ULID()),
                tenant=TENANT,
                user_id="alice",
                content=content,
                content_hash=content_hash(content),
                temporal=temporal,
                enrichment=Enrichment(state=EnrichmentState.done, updated_at=now),
            )
        )
    [trip] = [m for m in c.store.scan(None, 10).items if m.temporal.valid_until]

    # When the expire job runs dry from the command line
    dry = cli("janitor", "run", "expire", "--dry-run", "--data-dir", str(data_dir))

    # Then it prints what it would do, and stats show nothing changed and no run recorded
    assert dry.returncode == 0, dry.stderr
    assert json.loads(dry.stdout)["ids"] == {"expired": [trip.id]}
    before = json.loads(cli("stats", "--json", "--data-dir", str(data_dir)).stdout)
    assert before["status"]["active"] == 2 and before["janitor"]["expire"]["last_run_at"] is None

    # When it runs for real, stats show the stale memory and the run
    assert cli("janitor", "run", "expire", "--data-dir", str(data_dir)).returncode == 0
    after = json.loads(cli("stats", "--json", "--data-dir", str(data_dir)).stdout)
    assert after["status"] == {"active": 1, "stale": 1, "merged": 0, "superseded": 0, "deleted": 0}
    assert after["janitor"]["expire"]["summary"]["counts"] == {"expired": 1}
    assert after["queue"] == {"queued": 0, "in_flight": 0, "dead": 0, "done": 0} and after["dead_jobs"] == 0
    text = cli("stats", "--data-dir", str(data_dir))
    assert text.returncode == 0 and "stale 1" in text.stdout and "expired 1" in text.stdout


@pytest.mark.parametrize(
    ("env", "enabled"),
    [
        ({}, True),
        ({"ENGRAM_JANITOR_ENABLED": "false"}, False),
        ({"ENGRAM_JANITOR__ENABLED": "false"}, False),
        ({"ENGRAM_JANITOR_ENABLED": "true", "ENGRAM_JANITOR__ENABLED": "false"}, False),
        ({"ENGRAM_JANITOR_ENABLED": "1"}, True),
    ],
)
def test_serve_runs_the_janitor_unless_switched_off(
    tmp_path, monkeypatch: pytest.MonkeyPatch, env: dict[str, str], enabled: bool
) -> None:
    for name in ("ENGRAM_JANITOR_ENABLED", "ENGRAM_JANITOR__ENABLED"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    settings = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"})
    assert janitor_enabled(settings) is enabled
    names = [loop.__name__ for loop in background.loops(local(settings), worker=True)]
    janitor = ["janitor_scheduler"] if enabled else []
    assert names == ["enrichment_worker", *janitor, "webhook_delivery", "reembedder"]


def test_the_scheduler_thread_runs_every_due_job(tmp_path, clock: FakeClock, handler: ModuleType) -> None:
    # Given an expired temporal memory on the embedded default
    def build(**janitor: Any) -> Container:
        return local(_settings(tmp_path, janitor), clock=clock)

    world = World(build, clock, handler, build())
    trip = world.seed(
        "The user is in Lisbon", temporal=Temporal(kind=TemporalKind.temporal, valid_until=clock.now())
    )
    clock.advance(minutes=1)

    # When the scheduler thread runs for a moment
    stop = threading.Event()
    thread = threading.Thread(target=scheduler_loop(world.c), args=(stop,), daemon=True)
    thread.start()
    state = janitor_state(world.c)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(state.load(j).last_run_at is None for j in JanitorJob):
        time.sleep(0.05)
    stop.set()
    thread.join(timeout=10)

    # Then every job ran once, and the memory is stale
    assert all(state.load(j).last_run_at == clock.now() for j in JanitorJob)
    assert world.get(trip).status == Status.stale
    assert not janitor_for(world.c).due(JanitorJob.expire)
    clock.advance(seconds=3600)
    assert janitor_for(world.c).due(JanitorJob.expire) and not janitor_for(world.c).due(JanitorJob.decay)
