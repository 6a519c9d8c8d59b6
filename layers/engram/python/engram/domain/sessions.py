"""Sessions: a conversation's lossless transcript, the extraction jobs run over it, and their facts.

A session belongs to one user of one tenant (`SessionRef`); messages are numbered by `seq` (gaps
allowed) and stored PII-screened first. Each message's idempotency key (`message_key`) means
appending it again stores nothing twice.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Literal

from pydantic import ConfigDict, Field

from engram.domain.models import DomainModel, MemoryType, Provenance, utcnow


class Role(StrEnum):
    user = "user"
    assistant = "assistant"
    system = "system"
    tool = "tool"


@dataclass(frozen=True)
class SessionRef:
    """Which session: its id is the caller's, unique per (tenant, user)."""

    tenant: str
    user_id: str
    session_id: str


class NewMessage(DomainModel):
    """A message as appended: already PII-screened, with its idempotency key."""

    model_config = ConfigDict(extra="forbid")

    role: Role
    content: str
    name: str | None = None
    created_at: datetime | None = None
    message_id: str | None = None  # the client's id, if it sent one
    message_key: str
    redactions: list[str] = Field(default_factory=list)
    metadata: dict[str, Any] = Field(default_factory=dict)  # the client's small JSON, PII-screened


class Message(NewMessage):
    """A stored transcript message."""

    id: str  # ours (ULID), used as a derived memory's source
    seq: int  # append order within the session
    received_at: datetime


class SessionInfo(DomainModel):
    model_config = ConfigDict(extra="forbid")

    tenant: str
    user_id: str
    session_id: str
    project: str = "default"
    namespace: str = "default"
    agent_id: str | None = None
    message_count: int = 0
    chars: int = 0
    last_seq: int = 0  # the highest seq handed out
    queued_through: int = 0  # every message up to this seq is covered by a queued extraction job
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)

    @property
    def ref(self) -> SessionRef:
        return SessionRef(self.tenant, self.user_id, self.session_id)


@dataclass(frozen=True)
class Appended:
    session: SessionInfo
    stored: list[Message]  # newly stored, in order
    duplicates: list[Message]  # already in the transcript (same key), as stored then


class JobState(StrEnum):
    queued = "queued"
    running = "running"
    done = "done"
    failed = "failed"


class ExtractionRecord(DomainModel):
    """What one extraction job did (or is doing), kept with its session."""

    model_config = ConfigDict(extra="forbid")

    job_id: str
    from_seq: int
    through_seq: int
    kind: Literal["extract", "summary"] = "extract"  # summary: session_end's episode summary
    state: JobState = JobState.queued
    attempts: int = 0
    extractor: str | None = None
    facts_written: int = 0  # new memories
    facts_deduplicated: int = 0  # already remembered in the scope
    facts_proposed: int = 0  # below the minimum confidence: recorded, not written
    facts_rejected: int = 0  # refused by the write gate or PII policy
    warnings: list[str] = Field(default_factory=list)
    error: str | None = None
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class FactState(StrEnum):
    proposed = "proposed"  # below the minimum confidence: recorded only
    writing = "writing"  # handed to the write path; a retry finishes it
    stored = "stored"
    deduplicated = "deduplicated"
    rejected = "rejected"


class CandidateFact(DomainModel):
    """One fact an extractor found: a self-contained sentence and where it came from."""

    model_config = ConfigDict(extra="forbid")

    content: str
    memory_type: MemoryType = MemoryType.fact
    confidence: float = Field(ge=0.0, le=1.0)
    provenance: Provenance = Provenance.user_stated
    source_message_ids: list[str] = Field(min_length=1)
    observed_at: datetime | None = None


@dataclass(frozen=True)
class Extracted:
    """What an extractor found in some messages, who found it, and what it had to cut or drop."""

    facts: list[CandidateFact]
    source: str
    warnings: list[str] = field(default_factory=list)


class FactRecord(DomainModel):
    """A candidate fact as the session remembers it: once per content, whatever job found it."""

    model_config = ConfigDict(extra="forbid")

    fact_key: str
    state: FactState
    content: str
    memory_type: MemoryType
    confidence: float
    provenance: Provenance
    source_message_ids: list[str]
    memory_id: str | None = None
    job_id: str
    reason: str | None = None
    at: datetime = Field(default_factory=utcnow)


def message_key(
    role: str, content: str, created_at: datetime | None, occurrence: int, message_id: str | None
) -> str:
    """The idempotency key of a message: the client's `message_id` when it sent one, else its role,
    (screened) content, `created_at`, and how many identical messages came before it in the same call
    (so a retried call maps onto itself, and "yes" twice in one call is two messages)."""
    if message_id is not None:
        raw = "id\x1f" + message_id
    else:
        stamp = created_at.isoformat() if created_at is not None else ""
        raw = "\x1f".join(("m", role, content, stamp, str(occurrence)))
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def fact_key(content_hash: str) -> str:
    """A session derives each fact once, whichever job (or redelivery) found it."""
    return content_hash


def source_of(metadata: dict[str, Any]) -> tuple[str | None, list[str]]:
    """The session and message ids a derived memory's metadata names."""
    session = metadata.get("session_id")
    ids = metadata.get("source_message_ids") or []
    return (session if isinstance(session, str) else None), [i for i in ids if isinstance(i, str)]
