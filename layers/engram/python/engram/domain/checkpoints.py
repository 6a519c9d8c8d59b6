"""Checkpoints: what an agent was doing in a session, saved so it can resume after context compaction.

A checkpoint belongs to a session (`SessionRef`), with or without a transcript; its digest (focus,
recent remembers, queries) is PII-screened like a memory. At the session's end it becomes an episode
summary memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from pydantic import ConfigDict, Field

from engram.domain.models import DomainModel, utcnow


class Trigger(StrEnum):
    periodic = "periodic"  # on a timer: debounced
    pre_compaction = "pre_compaction"  # the agent's context is about to be compacted
    session_end = "session_end"  # the session is over: its episode summary is written
    explicit = "explicit"  # the agent or its user asked for one


class Digest(DomainModel):
    model_config = ConfigDict(extra="forbid")

    focus: str | None = None  # what the agent is working on
    recent_remembers: list[str] = Field(default_factory=list)  # what it remembered lately
    queries: list[str] = Field(default_factory=list)  # what it searched for lately

    def is_empty(self) -> bool:
        return not (self.focus or self.recent_remembers or self.queries)


class Checkpoint(DomainModel):
    model_config = ConfigDict(extra="forbid")

    id: str  # ULID: checkpoints sort by id in the order they were taken
    trigger: Trigger
    digest: Digest
    digest_hash: str  # the screened digest's: a checkpoint repeating the latest is not stored again
    redactions: list[str] = Field(default_factory=list)
    transcript_seq: int = 0  # the session's last message when it was taken
    project: str = "default"
    namespace: str = "default"
    summary_job_id: str | None = None  # session_end: the job writing the episode summary
    summary_memory_id: str | None = None  # and the memory it wrote, once it has
    created_at: datetime = Field(default_factory=utcnow)


@dataclass(frozen=True)
class Summary:
    """An episode summary of a session: its text (empty: nothing worth summarizing), who wrote it, the
    messages it draws on, and what went wrong on the way (a model that failed, and the fallback)."""

    content: str
    source: str
    source_message_ids: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
