"""The store's health: a score in [0, 1], the repairs it recommends, and self-repair's guard rails.

Pure: the janitor's health use case measures the figures through ports and calls these functions.
A figure left None could not be measured on this backend; its component is dropped and the other
weights are rescaled to sum to one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from pydantic import Field

from engram.domain.models import DomainModel


class Repair(StrEnum):
    requeue_dead = "requeue_dead"
    release_stale_leases = "release_stale_leases"
    rebuild_index = "rebuild_index"
    run_retention = "run_retention"


# The one place the weights live: a component's share of the score (they sum to one).
WEIGHTS: dict[str, float] = {
    "dead_jobs": 0.30,
    "stale_leases": 0.15,
    "index_coverage": 0.20,
    "embedding_coverage": 0.20,
    "tombstones": 0.15,
}

# What each component, when below `HEALTHY`, asks to be repaired with.
REPAIRS: dict[str, Repair] = {
    "dead_jobs": Repair.requeue_dead,
    "stale_leases": Repair.release_stale_leases,
    "index_coverage": Repair.rebuild_index,
    "embedding_coverage": Repair.rebuild_index,
    "tombstones": Repair.run_retention,
}

HEALTHY = 0.99  # a component at or above this needs no repair
TOMBSTONES_TOLERATED = 0.2  # deleted / all memories up to this ratio is normal churn, not a fault


@dataclass(frozen=True)
class HealthFigures:
    """What was measured. Jobs: those touched within the window; memories: the whole store."""

    jobs_recent: int | None = None
    jobs_dead: int | None = None
    jobs_running: int | None = None
    stale_leases: int | None = None
    active: int | None = None
    active_indexed: int | None = None  # active memories with a row in the lexical (FTS) index
    enriched: int | None = None  # active memories whose enrichment is done
    enriched_with_vector: int | None = None
    deleted: int | None = None
    memories: int | None = None


class Component(DomainModel):
    name: str
    value: float = Field(ge=0, le=1, description="1: healthy")
    weight: float = Field(description="its share of the score, after leaving out what was not measured")
    reason: str


class Health(DomainModel):
    score: float = Field(ge=0, le=1)
    components: list[Component]
    repairs: list[Repair] = Field(description="recommended, in the order of the components that ask them")
    unmeasured: list[str] = Field(default_factory=list, description="components this backend cannot measure")


def _covered(part: int, whole: int) -> float:
    """The share of `whole` that `part` covers: nothing to cover is fully covered."""
    return 1.0 if whole <= 0 else min(1.0, max(0.0, part / whole))


def _share(part: int, whole: int) -> float:
    """The share of `whole` that is at fault: none of nothing."""
    return 0.0 if whole <= 0 else min(1.0, max(0.0, part / whole))


def _components(f: HealthFigures) -> dict[str, tuple[float, str] | None]:
    out: dict[str, tuple[float, str] | None] = dict.fromkeys(WEIGHTS)
    if f.jobs_dead is not None and f.jobs_recent is not None:
        dead = _share(f.jobs_dead, f.jobs_recent)
        out["dead_jobs"] = (1 - dead, f"{f.jobs_dead} of {f.jobs_recent} recent jobs dead-lettered")
    if f.stale_leases is not None and f.jobs_running is not None:
        stale = _share(f.stale_leases, f.jobs_running)
        out["stale_leases"] = (
            1 - stale,
            f"{f.stale_leases} of {f.jobs_running} running jobs past their lease",
        )
    if f.active_indexed is not None and f.active is not None:
        value = _covered(f.active_indexed, f.active)
        out["index_coverage"] = (value, f"{f.active_indexed} of {f.active} active memories in the text index")
    if f.enriched_with_vector is not None and f.enriched is not None:
        value = _covered(f.enriched_with_vector, f.enriched)
        reason = f"{f.enriched_with_vector} of {f.enriched} enriched memories have a vector"
        out["embedding_coverage"] = (value, reason)
    if f.deleted is not None and f.memories is not None:
        ratio = _share(f.deleted, f.memories)
        value = (
            1.0
            if ratio <= TOMBSTONES_TOLERATED
            else 1 - (ratio - TOMBSTONES_TOLERATED) / (1 - TOMBSTONES_TOLERATED)
        )
        out["tombstones"] = (value, f"{f.deleted} of {f.memories} memories are tombstones")
    return out


def diagnose(figures: HealthFigures) -> Health:
    """The weighted score of the measured components and the repairs the unhealthy ones ask for."""
    measured = {k: v for k, v in _components(figures).items() if v is not None}
    total = sum(WEIGHTS[k] for k in measured)
    components = [
        Component(name=k, value=round(v, 4), weight=round(WEIGHTS[k] / total, 4), reason=r)
        for k, (v, r) in measured.items()
    ]
    score = sum(WEIGHTS[k] / total * v for k, (v, _) in measured.items()) if total else 1.0
    repairs: list[Repair] = []
    for c in components:
        if c.value < HEALTHY and REPAIRS[c.name] not in repairs:
            repairs.append(REPAIRS[c.name])
    unmeasured = [k for k in WEIGHTS if k not in measured]
    return Health(score=round(score, 4), components=components, repairs=repairs, unmeasured=unmeasured)


class RepairState(DomainModel):
    """What self-repair remembers of one action: its recent runs, and how many in a row did not help."""

    action: Repair
    runs: list[datetime] = Field(default_factory=list, description="the runs of the last hour")
    ineffective: int = 0
    halted: bool = False
    last_score_before: float | None = None
    last_score_after: float | None = None


@dataclass(frozen=True)
class RepairPolicy:
    cooldown: timedelta = timedelta(minutes=10)
    hourly_budget: int = 3
    halt_after: int = 3  # runs in a row that did not raise the score
    min_gain: float = 0.001  # a score that rose less than this did not improve


def blocked(state: RepairState, now: datetime, policy: RepairPolicy) -> str | None:
    """Why `state.action` may not run now (None: it may)."""
    if state.halted:
        return f"halted after {state.ineffective} runs that did not improve the score (reset it)"
    recent = [t for t in state.runs if now - t < timedelta(hours=1)]
    if recent and now - max(recent) < policy.cooldown:
        return f"cooling down until {(max(recent) + policy.cooldown).isoformat(timespec='seconds')}"
    if len(recent) >= policy.hourly_budget:
        return f"hourly budget of {policy.hourly_budget} runs spent"
    return None


def after_run(
    state: RepairState, before: float, after: float, now: datetime, policy: RepairPolicy
) -> RepairState:
    """The action's state once it ran and moved the score from `before` to `after`."""
    ineffective = 0 if after - before >= policy.min_gain else state.ineffective + 1
    runs = [t for t in state.runs if now - t < timedelta(hours=1)] + [now]
    return state.model_copy(
        update={
            "runs": runs,
            "ineffective": ineffective,
            "halted": ineffective >= policy.halt_after,
            "last_score_before": before,
            "last_score_after": after,
        }
    )
