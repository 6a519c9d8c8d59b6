"""What every janitor step works with: the run's report and its `RunContext`.

A step is one bounded batch of one job: `step(ctx) -> (cursor, complete)`. It reads where the pass
stands (`ctx.cursor`), the run's time (`ctx.now`) and whether it is a dry run (`ctx.dry_run`), works
through the ports the context holds, and records what it did (or would do) in `ctx.report`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from engram.domain.errors import Conflict
from engram.domain.models import HistoryRecord, Memory
from engram.ports import JanitorJob, JobQueue, MemoryStore, Page, SourcedEnricher, VectorIndex
from engram.settings import DedupSettings, JanitorSettings
from engram.usecases.reembed import Reembedder


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
    progress: dict[str, Any] | None = Field(default=None, description="reembed: the embedding progress")

    def record(self, action: str, memory_id: str | None = None, n: int = 1) -> None:
        self.counts[action] = self.counts.get(action, 0) + n
        if memory_id is not None:
            self.ids.setdefault(action, []).append(memory_id)

    def summary(self) -> dict[str, Any]:
        """The part worth keeping as the job's last summary: counts, no ids."""
        return self.model_dump(mode="json", exclude={"ids", "conflicts", "cursor"}) | {
            "conflicts": len(self.conflicts)
        }


Progress = tuple[str | None, bool]
"""What a step returns: the cursor the next batch starts from, and whether the pass is complete."""


@dataclass
class RunContext:
    """One run of one janitor job: the ports and settings it works with, when it runs, its report, and
    the cursor the next batch starts from."""

    store: MemoryStore
    queue: JobQueue
    index: VectorIndex | None
    settings: JanitorSettings
    dedup: DedupSettings
    enricher: Callable[[], SourcedEnricher] | None  # built on first use: only consolidate asks it
    now: datetime
    report: JanitorReport
    cursor: str | None = None
    reembed: Callable[[], Reembedder | None] | None = None  # built on first use: only reembed asks it
    halt: bool = False  # set by a step whose run's budget is spent: the runner stops after this batch
    _records: list[HistoryRecord] = field(default_factory=list, init=False, repr=False)

    @property
    def dry_run(self) -> bool:
        return self.report.dry_run

    def scan(self, cursor: str | None, limit: int) -> Page:
        page = self.store.scan(cursor, limit)
        self.report.examined += len(page.items)
        return page

    def write(self, memory: Memory, changed: Memory) -> bool:
        """Store `changed` unless `memory` changed meanwhile (then it is left for the next pass)."""
        try:
            self.store.put(changed, expected_updated_at=memory.updated_at)
        except Conflict:
            self.report.conflicts.append(memory.id)
            return False
        return True

    def history(self, records: list[HistoryRecord]) -> None:
        """Record history for changes made; written once per batch (one write instead of hundreds)."""
        self._records.extend(r.model_copy(update={"actor": "janitor"}) for r in records)

    def flush_history(self) -> None:
        records, self._records = self._records, []
        if records:
            self.store.add_history(records)


def phase_cursor(phase: str, after: str | None) -> str:
    """The cursor of a job that walks several phases (repair, retention): the phase and where in it."""
    return json.dumps({"phase": phase, "after": after})


def phase_position(cursor: str | None, first: str) -> tuple[str, str | None]:
    if not cursor:
        return first, None
    position = json.loads(cursor)
    return position["phase"], position["after"]
