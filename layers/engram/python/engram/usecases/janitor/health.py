"""The doctor: measure the store's health through the ports, and (in execute mode) run the repairs it
recommends within each action's cooldown and hourly budget, halting an action that did not raise the
score three runs in a row. The score and its rules are engram.domain.health."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from pydantic import Field

from engram.domain.health import (
    Health,
    HealthFigures,
    Repair,
    RepairPolicy,
    RepairState,
    after_run,
    blocked,
    diagnose,
)
from engram.domain.models import DomainModel
from engram.ports import (
    Clock,
    HealthState,
    IndexHealth,
    JobQueue,
    MemoryCounter,
    QueueHealth,
    SystemClock,
)
from engram.settings import HealthSettings

RepairRun = Callable[[datetime], int]  # runs one repair action at `now`; how many things it changed


class ActionResult(DomainModel):
    action: Repair
    ran: bool
    blocked: str | None = Field(default=None, description="why it did not run")
    changed: int = 0
    score_before: float | None = None
    score_after: float | None = None
    halted: bool = False


class DoctorReport(DomainModel):
    mode: str = Field(description="observe: reported only; execute: repaired what it may")
    health: Health = Field(description="before any repair")
    actions: list[ActionResult] = Field(default_factory=list)
    after: Health | None = Field(default=None, description="after the repairs (execute mode)")
    repairs: dict[str, RepairState] = Field(default_factory=dict, description="each action's state")


def policy_of(settings: HealthSettings) -> RepairPolicy:
    return RepairPolicy(
        cooldown=timedelta(seconds=settings.cooldown_s),
        hourly_budget=settings.hourly_budget,
        halt_after=settings.halt_after,
    )


@dataclass
class Doctor:
    queue: JobQueue
    counter: MemoryCounter
    state: HealthState
    repairs: Mapping[Repair, RepairRun]
    index: IndexHealth | None = None
    settings: HealthSettings = field(default_factory=HealthSettings)
    clock: Clock = field(default_factory=SystemClock)

    def measure(self, now: datetime) -> HealthFigures:
        """Every figure this deployment can measure; the others stay None."""
        figures = HealthFigures()
        if isinstance(self.queue, QueueHealth):
            figures = self.queue.job_health(now - timedelta(seconds=self.settings.window_s), now)
        counts = self.counter.count_memories()
        figures = replace(
            figures, deleted=counts.status.get("deleted", 0), memories=sum(counts.status.values())
        )
        if self.index is not None:
            found = self.index.index_figures()
            figures = replace(
                figures,
                active=found.active,
                active_indexed=found.active_indexed,
                enriched=found.enriched,
                enriched_with_vector=found.enriched_with_vector,
            )
        return figures

    def check(self, now: datetime | None = None) -> Health:
        return diagnose(self.measure(now or self.clock.now()))

    def run(self, *, execute: bool = False, now: datetime | None = None) -> DoctorReport:
        """Observe (report only) or execute: each recommended action with a runner runs unless halted,
        cooling down or out of its hourly budget; the score is measured again after each."""
        now = now or self.clock.now()
        health = self.check(now)
        report = DoctorReport(mode="execute" if execute else "observe", health=health)
        policy, score = policy_of(self.settings), health.score
        for action in health.repairs:
            state = self.state.load_repair(action)
            why = blocked(state, now, policy) or (None if action in self.repairs else "no runner here")
            if not execute or why is not None:
                report.actions.append(ActionResult(action=action, ran=False, blocked=why))
                continue
            changed = self.repairs[action](now)
            after = self.check(now).score
            state = after_run(state, score, after, now, policy)
            self.state.save_repair(state)
            report.actions.append(
                ActionResult(
                    action=action,
                    ran=True,
                    changed=changed,
                    score_before=score,
                    score_after=after,
                    halted=state.halted,
                )
            )
            score = after
        if execute:
            report.after = self.check(now)
        report.repairs = {a.value: self.state.load_repair(a) for a in Repair}
        return report

    def reset(self, actions: list[Repair] | None = None) -> list[Repair]:
        """Clear the halt and the count of ineffective runs of `actions` (all when None)."""
        chosen = actions or list(Repair)
        for action in chosen:
            self.state.save_repair(RepairState(action=action, runs=self.state.load_repair(action).runs))
        return chosen
