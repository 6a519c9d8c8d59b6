"""Self-repair with a health score (`engram doctor`) against real parts: the SQLite job table and
store of the embedded default, and DynamoDB + SQS under moto, with a clock the test moves."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from ulid import ULID

from engram.adapters.opensearch.index import OpenSearchIndex, build_client
from engram.adapters.sqlite.queue import SqliteJobQueue
from engram.cli import main
from engram.cli.invoke import LocalContext
from engram.domain.health import Repair
from engram.domain.models import Enrichment, EnrichmentState, Memory
from engram.ports import EnrichJob, IndexedMemory, SearchScope
from engram.runtime.container import Container, local
from engram.runtime.janitor_wiring import doctor_for, janitor_for
from engram.settings import Settings
from engram.usecases.janitor.health import Doctor
from tests.conftest import ROOT, FakeClock, load_event
from tests.integration.builders import moto_aws, new_memory

TENANT = "acme"
HANDLER = ROOT / "functions" / "janitor" / "handler.py"


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    monkeypatch.setattr("engram.adapters.sqlite.store.utcnow", clock.now)
    monkeypatch.setattr("engram.adapters.sqlite.queue.utcnow", clock.now)
    return clock


def _settings(tmp_path: Any, **janitor: Any) -> Settings:
    return Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}, janitor=janitor)


@pytest.fixture
def c(tmp_path: Any, clock: FakeClock) -> Container:
    return local(_settings(tmp_path), clock=clock)


def _jobs(c: Container, n: int) -> None:
    c.queue.enqueue(
        [EnrichJob(tenant=TENANT, memory_id=str(ULID()), content_hash="h" * 64) for _ in range(n)]
    )


def _kill(c: Container, clock: FakeClock, n: int) -> None:
    """Claim `n` jobs and fail each one until the queue dead-letters it (a real retry loop)."""
    queue = c.queue
    assert isinstance(queue, SqliteJobQueue)
    dead = 0
    while dead < n:
        clock.advance(seconds=600)  # past every backoff
        claimed = queue.claim(n - dead)
        assert claimed, "jobs to fail"
        for job in claimed:
            dead += queue.fail(job.id, "killed", job.attempts) == "dead"


def _seed(c: Container, clock: FakeClock, content: str, *, vector: bool = True) -> Memory:
    now = clock.now()
    memory = new_memory(
        content,
        at=now,
        tenant=TENANT,
        user_id="alice",
        enrichment=Enrichment(state=EnrichmentState.done, updated_at=now),
    )
    assert c.store.insert_or_dedup(memory).created
    if vector:
        c.vector_index.upsert([IndexedMemory(memory, c.embedder.embed([content])[0])])
    return memory


def _component(doctor: Doctor, name: str) -> float:
    return next(x.value for x in doctor.check().components if x.name == name)


def test_dead_lettered_jobs_lower_the_score_and_requeueing_them_raises_it(
    c: Container, clock: FakeClock
) -> None:
    # Given ten jobs, six done and four failed until the queue dead-lettered them
    doctor = doctor_for(c)
    _jobs(c, 10)
    healthy = doctor.check()
    assert healthy.score == 1.0
    queue = c.queue
    assert isinstance(queue, SqliteJobQueue)
    queue.complete([j.id for j in queue.claim(6)])
    _kill(c, clock, 4)
    # When the doctor observes
    sick = doctor.run()
    # Then the score fell by the dead-job rate's weight times 4/10, and it recommends a requeue
    dead = next(x for x in sick.health.components if x.name == "dead_jobs")
    assert dead.value == pytest.approx(0.6)
    assert "4 of 10" in dead.reason
    assert sick.health.score < healthy.score
    assert sick.health.repairs == [Repair.requeue_dead]
    assert [(a.action, a.ran) for a in sick.actions] == [(Repair.requeue_dead, False)]
    assert queue.depth()["dead"] == 4  # observe changes nothing
    # When it executes, the dead jobs go back to the queue and the score rises to whole
    done = doctor.run(execute=True)
    (action,) = done.actions
    assert (action.ran, action.changed) == (True, 4)
    assert action.score_after is not None and action.score_before is not None
    assert action.score_after > action.score_before
    assert done.after is not None and done.after.score == 1.0
    assert queue.depth()["dead"] == 0


def test_jobs_whose_worker_died_holding_them_are_stale_leases_released_by_the_doctor(
    c: Container, clock: FakeClock
) -> None:
    queue = c.queue
    assert isinstance(queue, SqliteJobQueue)
    _jobs(c, 4)
    queue.claim(2)  # a worker claims two jobs and is killed
    doctor = doctor_for(c)
    assert _component(doctor, "stale_leases") == 1.0  # within their lease: not stale yet
    clock.advance(seconds=queue.lease.total_seconds() + 1)
    assert _component(doctor, "stale_leases") == 0.0
    report = doctor.run(execute=True)
    assert [(a.action, a.changed) for a in report.actions] == [(Repair.release_stale_leases, 2)]
    assert report.after is not None and report.after.score == 1.0
    assert queue.depth()["queued"] == 4


def test_an_ineffective_repair_is_halted_after_three_runs_and_resumes_when_reset(
    c: Container, clock: FakeClock
) -> None:
    # Given active memories of which two lost their text index rows
    memories = [_seed(c, clock, f"The billing service deploys on weekday number {i}") for i in range(4)]
    db = c.janitor_state.db  # type: ignore[attr-defined]
    with db.write() as conn:
        for m in memories[:2]:
            conn.execute(
                "DELETE FROM memories_fts"
                " WHERE rowid = (SELECT seq FROM memories WHERE tenant = ? AND id = ?)",
                (m.tenant, m.id),
            )
    real = doctor_for(c)
    assert _component(real, "index_coverage") == 0.5
    # and a rebuild that cannot fix the fault
    broken = Doctor(
        queue=real.queue,
        counter=real.counter,
        state=real.state,
        repairs={**real.repairs, Repair.rebuild_index: lambda now: 0},
        index=real.index,
        settings=real.settings,
        clock=clock,
    )
    # When it runs three times, each after the cooldown
    for run in range(3):
        (action,) = broken.run(execute=True).actions
        assert action.ran and action.score_after == action.score_before
        assert action.halted is (run == 2)
        clock.advance(seconds=real.settings.cooldown_s + 1)
    # Then it is halted, also for the next doctor over the same database, within budget or not
    clock.advance(hours=2)
    again = doctor_for(c).run(execute=True)
    (action,) = again.actions
    assert not action.ran and action.blocked is not None and "halted" in action.blocked
    assert again.repairs["rebuild_index"].halted
    # When an operator resets it, the real rebuild runs and restores the index coverage
    assert doctor_for(c).reset([Repair.rebuild_index]) == [Repair.rebuild_index]
    fixed = doctor_for(c).run(execute=True)
    assert [(a.action, a.ran, a.changed) for a in fixed.actions] == [(Repair.rebuild_index, True, 2)]
    assert fixed.after is not None and fixed.after.score == 1.0
    hits = c.lexical_index.search(SearchScope(tenant=TENANT, user_id="alice"), "weekday number", 10)
    assert {h.memory_id for h in hits} == {m.id for m in memories}


def test_the_cooldown_holds_a_repair_back_between_two_runs(tmp_path: Any, clock: FakeClock) -> None:
    c = local(_settings(tmp_path, batch_limit=1), clock=clock)  # one dead job requeued per run
    _jobs(c, 2)
    _kill(c, clock, 2)
    doctor, start = doctor_for(c), clock.now()
    assert doctor.run(execute=True, now=start).actions[0].changed == 1
    (held,) = doctor.run(execute=True, now=start + timedelta(minutes=5)).actions
    assert not held.ran and held.blocked is not None and "cooling down" in held.blocked
    assert c.queue.depth()["dead"] == 1
    (again,) = doctor.run(execute=True, now=start + timedelta(minutes=11)).actions
    assert again.ran and c.queue.depth()["dead"] == 0


def test_embedding_gaps_are_measured_against_enriched_memories(c: Container, clock: FakeClock) -> None:
    _seed(c, clock, "The user prefers dark mode in every code editor")
    _seed(c, clock, "The team standup runs every weekday at half past nine", vector=False)
    health = doctor_for(c).check()
    (gap,) = [x for x in health.components if x.name == "embedding_coverage"]
    assert gap.value == 0.5 and "1 of 2" in gap.reason
    assert Repair.rebuild_index in health.repairs


def test_only_vectors_of_the_configured_model_count_as_embedded(tmp_path: Any, clock: FakeClock) -> None:
    def build(model: str) -> Container:
        embedder = {"provider": "hashing", "model": model, "dimensions": 32}
        return local(Settings(data_dir=tmp_path / "data", embedder=embedder), clock=clock)

    old = build("a")
    _seed(old, clock, "The user prefers dark mode in every code editor")
    _seed(old, clock, "The team standup runs every weekday at half past nine")
    assert _component(doctor_for(old), "embedding_coverage") == 1.0
    new = build("b")  # after a model switch, the old model's vectors are no coverage
    assert _component(doctor_for(new), "embedding_coverage") == 0.0
    assert new.reembed is not None and new.reembed.run(100).reembedded == 2
    assert _component(doctor_for(new), "embedding_coverage") == 1.0


def test_the_scheduler_repairs_after_a_repair_pass_only_when_execute_is_on(
    tmp_path: Any, clock: FakeClock
) -> None:
    off = local(_settings(tmp_path), clock=clock)
    _jobs(off, 1)
    _kill(off, clock, 1)
    janitor_for(off).run("repair")
    assert off.queue.depth()["dead"] == 1  # off by default: the score is only reported
    on = local(_settings(tmp_path, health={"execute": True}), clock=clock)
    janitor_for(on).run("repair")
    assert on.queue.depth()["dead"] == 0


def test_engram_doctor_and_stats_show_the_health(
    tmp_path: Any, clock: FakeClock, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENGRAM_EMBEDDER__PROVIDER", "hashing")
    c = local(_settings(tmp_path), clock=clock)
    _jobs(c, 2)
    _kill(c, clock, 1)
    data = str(tmp_path / "data")

    assert main(["doctor", "--data-dir", data]) == 0
    table = capsys.readouterr().out
    assert "dead_jobs" in table and "1 of 2 recent jobs dead-lettered" in table
    assert "requeue_dead" in table and "recommended" in table

    assert main(["stats", "--data-dir", data, "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["health"]["score"] < 1 and stats["health"]["repairs"] == ["requeue_dead"]

    assert main(["doctor", "--data-dir", data, "--json", "--execute"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["mode"] == "execute" and report["after"]["score"] == 1.0
    assert c.queue.depth()["dead"] == 0

    assert main(["doctor", "--data-dir", data, "--reset"]) == 0
    assert json.loads(capsys.readouterr().out)["reset"] == [r.value for r in Repair]


@pytest.fixture
def aws(tmp_path: Any, clock: FakeClock) -> Iterator[Container]:
    with moto_aws(serverless=False) as moto:
        index = OpenSearchIndex(build_client(moto.search.url, mode="es"), "engram-memories", 384, mode="es")
        settings = _settings(tmp_path).model_copy(update={"backend": "aws"})
        yield moto.container(settings, index, clock=clock)


def test_on_aws_the_dead_letter_queue_counts_and_the_redrive_repairs(
    aws: Container, clock: FakeClock
) -> None:
    queue: Any = aws.queue
    queue.client.send_message(QueueUrl=queue.dlq_url, MessageBody='{"kind": "enrich"}')
    doctor = doctor_for(aws)
    health = doctor.check()
    assert {"stale_leases", "index_coverage", "embedding_coverage"} <= set(health.unmeasured)
    assert health.score < 1 and health.repairs == [Repair.requeue_dead]
    report = doctor.run(execute=True)
    assert [(a.action, a.changed) for a in report.actions] == [(Repair.requeue_dead, 1)]
    assert report.after is not None and report.after.score == 1.0
    assert doctor_for(aws).state.load_repair(Repair.requeue_dead).runs == [clock.now()]


def test_the_janitor_lambda_emits_the_health_score_after_a_repair_run(
    tmp_path: Any, clock: FakeClock, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given the janitor function (as `engram invoke` loads it) aimed at a store with a dead job
    monkeypatch.setenv("ENGRAM_DATA_DIR", str(tmp_path / "cold"))
    monkeypatch.setenv("ENGRAM_EMBEDDER__PROVIDER", "hashing")
    spec = importlib.util.spec_from_file_location("engram_function_janitor_health", HANDLER)
    assert spec and spec.loader
    handler = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(handler)
    c = local(_settings(tmp_path), clock=clock)
    _jobs(c, 2)
    _kill(c, clock, 1)
    handler.janitor, handler.doctor = janitor_for(c), doctor_for(c)
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "false")
    capsys.readouterr()
    # When the repair schedule fires
    handler.handler(load_event("janitor/repair.json"), LocalContext("janitor"))
    # Then its EMF line carries the score
    emf = [json.loads(line) for line in capsys.readouterr().out.splitlines() if '"_aws"' in line]
    (scores,) = [e["HealthScore"] for e in emf if "HealthScore" in e]
    assert scores == [doctor_for(c).check().score] and scores[0] < 1
