"""The janitor's orchestration: run one job's batches from its saved cursor, and say when a job is due.

Each job is one module of this package (repair, expire, decay, retention, consolidate, reembed); each batch is
one call of the job's step with the run's `RunContext`. After every batch the runner writes the
batch's history, emits one metric per action and saves the job's cursor (not on a dry run).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from pydantic import BaseModel, Field

from engram.observability import count
from engram.ports import (
    Clock,
    JanitorJob,
    JanitorState,
    JobQueue,
    JobState,
    MemoryStore,
    SourcedEnricher,
    SystemClock,
    VectorIndex,
)
from engram.settings import DedupSettings, JanitorSettings
from engram.tracing import of_job, of_report, traced
from engram.usecases.janitor.consolidate import consolidate
from engram.usecases.janitor.context import JanitorReport, Progress, RunContext
from engram.usecases.janitor.decay import decay
from engram.usecases.janitor.expire import expire
from engram.usecases.janitor.reembed import reembed
from engram.usecases.janitor.repair import redrive_dead_jobs, repair
from engram.usecases.janitor.retention import retention
from engram.usecases.reembed import Reembedder


class JanitorDetail(BaseModel):
    """The `detail` of a scheduled EventBridge event (see events/janitor/*.json)."""

    job: JanitorJob
    dry_run: bool = False
    redrive: bool = Field(default=False, description="repair only: also redrive the dead-letter queue")
    max_batches: int = Field(
        default=1000, ge=1, le=100_000, description="at most this many batches of batch_limit in one run"
    )


Step = Callable[[RunContext], Progress]

STEPS: dict[JanitorJob, Step] = {
    JanitorJob.repair: repair,
    JanitorJob.expire: expire,
    JanitorJob.decay: decay,
    JanitorJob.retention: retention,
    JanitorJob.consolidate: consolidate,
    JanitorJob.reembed: reembed,
}

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
    "reembedded": "MemoryReembedded",
    "reembed_failed": "ReembedFailed",
}


def interval(settings: JanitorSettings, job: JanitorJob) -> timedelta:
    """How long a job waits between two complete passes."""
    seconds = {
        JanitorJob.repair: settings.repair_interval_s,
        JanitorJob.expire: settings.expire_interval_s,
        JanitorJob.decay: settings.decay_interval_s,
        JanitorJob.retention: settings.retention_interval_s,
        JanitorJob.consolidate: settings.consolidate_interval_s,
        JanitorJob.reembed: settings.reembed_interval_s,
    }
    return timedelta(seconds=seconds[job])


@dataclass
class Janitor:
    store: MemoryStore
    queue: JobQueue
    state: JanitorState
    settings: JanitorSettings = field(default_factory=JanitorSettings)
    dedup: DedupSettings = field(default_factory=DedupSettings)
    index: VectorIndex | None = None
    enricher: Callable[[], SourcedEnricher] | None = None  # built on first use: only consolidate asks it
    reembed: Callable[[], Reembedder | None] | None = None  # likewise: only reembed asks it
    clock: Clock = field(default_factory=SystemClock)
    # self-repair after each complete repair pass (engram doctor --execute), when settings.health.execute
    after_repair: Callable[[datetime], object] | None = None

    @traced("engram.janitor", subject=of_job, result=of_report)
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
        ctx = RunContext(
            store=self.store,
            queue=self.queue,
            index=self.index,
            settings=self.settings,
            dedup=self.dedup,
            enricher=self.enricher,
            now=now,
            report=report,
            reembed=self.reembed,
        )
        if redrive and job is JanitorJob.repair:
            redrive_dead_jobs(ctx)
        step = STEPS[job]
        ctx.cursor = self.state.load(job).cursor
        counted: dict[str, int] = {}
        while True:
            try:
                cursor, complete = step(ctx)
            finally:
                ctx.flush_history()  # what was done gets its history, even if the batch failed
            if not dry_run:
                for action, metric in _METRICS.items():
                    count(metric, report.counts.get(action, 0) - counted.get(action, 0))
                counted = dict(report.counts)
            if complete:
                cursor = None
            ctx.cursor = cursor
            report.batches += 1
            report.cursor, report.complete = cursor, complete
            if not dry_run:
                self.state.save(JobState(job=job, last_run_at=now, cursor=cursor, summary=report.summary()))
            repaired = complete and job is JanitorJob.repair and not dry_run
            if repaired and self.settings.health.execute and self.after_repair is not None:
                self.after_repair(now)
            if (
                complete
                or ctx.halt
                or report.batches >= max_batches
                or (keep_going is not None and not keep_going())
            ):
                return report

    def due(self, job: JanitorJob, now: datetime | None = None) -> bool:
        """Whether the scheduler should run `job` now: its interval has passed, or its pass is unfinished."""
        state = self.state.load(job)
        if state.last_run_at is None or state.cursor is not None:
            return True
        return (now or self.clock.now()) - state.last_run_at >= interval(self.settings, job)
