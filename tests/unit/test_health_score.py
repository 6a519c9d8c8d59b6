"""The health score and the guard rails of self-repair (engram.domain.health): pure functions."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from engram.domain.health import (
    WEIGHTS,
    HealthFigures,
    Repair,
    RepairPolicy,
    RepairState,
    after_run,
    blocked,
    diagnose,
)

HEALTHY = HealthFigures(
    jobs_recent=100,
    jobs_dead=0,
    jobs_running=2,
    stale_leases=0,
    active=50,
    active_indexed=50,
    enriched=40,
    enriched_with_vector=40,
    deleted=5,
    memories=55,
)
NOW = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


def test_weights_sum_to_one() -> None:
    assert sum(WEIGHTS.values()) == pytest.approx(1.0)


def test_a_healthy_store_scores_one_and_needs_no_repair() -> None:
    health = diagnose(HEALTHY)
    assert health.score == 1.0
    assert health.repairs == []
    assert {c.name for c in health.components} == set(WEIGHTS)
    assert all(c.reason for c in health.components)


@pytest.mark.parametrize(
    ("change", "component", "repair"),
    [
        ({"jobs_dead": 40}, "dead_jobs", Repair.requeue_dead),
        ({"stale_leases": 2}, "stale_leases", Repair.release_stale_leases),
        ({"active_indexed": 10}, "index_coverage", Repair.rebuild_index),
        ({"enriched_with_vector": 0}, "embedding_coverage", Repair.rebuild_index),
        ({"deleted": 50, "memories": 100}, "tombstones", Repair.run_retention),
    ],
)
def test_each_fault_lowers_the_score_by_its_weight_and_recommends_its_repair(
    change: dict[str, int], component: str, repair: Repair
) -> None:
    from dataclasses import replace

    health = diagnose(replace(HEALTHY, **change))
    (hurt,) = [c for c in health.components if c.value < 1]
    assert hurt.name == component
    assert health.score == pytest.approx(1 - WEIGHTS[component] * (1 - hurt.value), abs=1e-3)
    assert health.repairs == [repair]


def test_unmeasured_components_are_left_out_and_the_rest_reweighted() -> None:
    """On SQS stale leases are not measurable, on DynamoDB/OpenSearch neither are index figures."""
    health = diagnose(HealthFigures(jobs_recent=10, jobs_dead=5, deleted=0, memories=10))
    assert health.unmeasured == ["stale_leases", "index_coverage", "embedding_coverage"]
    assert sum(c.weight for c in health.components) == pytest.approx(1.0, abs=1e-3)
    expected = WEIGHTS["dead_jobs"] / (WEIGHTS["dead_jobs"] + WEIGHTS["tombstones"]) * 0.5 + WEIGHTS[
        "tombstones"
    ] / (WEIGHTS["dead_jobs"] + WEIGHTS["tombstones"])
    assert health.score == pytest.approx(expected, abs=1e-3)


def test_nothing_measured_or_an_empty_store_is_healthy() -> None:
    assert diagnose(HealthFigures()).score == 1.0
    assert diagnose(HealthFigures(jobs_recent=0, jobs_dead=0, active=0, active_indexed=0)).score == 1.0


def test_cooldown_then_hourly_budget_block_an_action() -> None:
    policy = RepairPolicy(cooldown=timedelta(minutes=10), hourly_budget=2)
    state = RepairState(action=Repair.requeue_dead)
    assert blocked(state, NOW, policy) is None
    state = after_run(state, 0.5, 0.9, NOW, policy)
    assert "cooling down" in (blocked(state, NOW + timedelta(minutes=5), policy) or "")
    state = after_run(state, 0.5, 0.9, NOW + timedelta(minutes=11), policy)
    assert "budget" in (blocked(state, NOW + timedelta(minutes=30), policy) or "")
    assert blocked(state, NOW + timedelta(minutes=72), policy) is None  # the hour has passed


def test_three_runs_without_improvement_halt_an_action_and_one_that_helps_resets_the_count() -> None:
    policy = RepairPolicy(halt_after=3)
    state = RepairState(action=Repair.rebuild_index)
    state = after_run(state, 0.7, 0.7, NOW, policy)
    state = after_run(state, 0.7, 0.7, NOW, policy)
    assert (state.ineffective, state.halted) == (2, False)
    state = after_run(state, 0.7, 0.8, NOW, policy)
    assert (state.ineffective, state.halted) == (0, False)
    for _ in range(3):
        state = after_run(state, 0.8, 0.8, NOW, policy)
    assert state.halted
    assert "halted" in (blocked(state, NOW + timedelta(days=1), policy) or "")
