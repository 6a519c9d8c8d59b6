"""The memory record and the values it is made of.

These are the domain's own models; the API has its own request/response models (engram.api.schemas)
and each store maps to its own item shape.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


def utcnow() -> datetime:
    return datetime.now(UTC)


class DomainModel(BaseModel):
    """The domain's pydantic models: each builds its validator and serializer on first use rather than
    at import (defer_build), so a process builds those it uses, and a cold start none of them."""

    model_config = ConfigDict(defer_build=True)


class MemoryType(StrEnum):
    fact = "fact"
    preference = "preference"
    constraint = "constraint"
    decision = "decision"
    correction = "correction"
    task = "task"
    episodic = "episodic"
    skill = "skill"
    document_chunk = "document_chunk"  # a part of a document (POST /v1/documents), linked to it


class Provenance(StrEnum):
    user_stated = "user_stated"
    assistant_derived = "assistant_derived"
    episode_summary = "episode_summary"
    imported = "imported"


# user_stated > episode_summary > assistant_derived; imported sits with episode summaries.
PROVENANCE_RANK: dict[Provenance, int] = {
    Provenance.user_stated: 3,
    Provenance.episode_summary: 2,
    Provenance.imported: 2,
    Provenance.assistant_derived: 1,
}


class Status(StrEnum):
    active = "active"
    stale = "stale"
    merged = "merged"
    superseded = "superseded"  # a newer memory corrects, negates or changes it; kept, linked, dated
    deleted = "deleted"


class EnrichmentState(StrEnum):
    pending = "pending"
    done = "done"
    failed = "failed"
    shadow = "shadow"
    dead = "dead"


class TemporalKind(StrEnum):
    persistent = "persistent"
    temporal = "temporal"


class Temporal(DomainModel):
    model_config = ConfigDict(extra="forbid")

    kind: TemporalKind = TemporalKind.persistent
    valid_until: datetime | None = None


class Enrichment(DomainModel):
    model_config = ConfigDict(extra="forbid")

    state: EnrichmentState = EnrichmentState.pending
    model: str | None = None
    attempts: int = 0
    error: str | None = None
    content_hash: str | None = None  # the hash this enrichment was computed for (idempotency)
    updated_at: datetime | None = None


class Scope(DomainModel):
    """Where a memory lives: dedup and every query are confined to one scope."""

    model_config = ConfigDict(frozen=True)

    tenant: str
    user_id: str
    project: str = "default"
    namespace: str = "default"

    def key(self) -> str:
        return "\x1f".join((self.tenant, self.user_id, self.project, self.namespace))


class Memory(DomainModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    tenant: str
    user_id: str
    project: str = "default"
    namespace: str = "default"
    content: str
    content_hash: str
    memory_type: MemoryType = MemoryType.fact
    provenance: Provenance = Provenance.user_stated
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    importance: int = Field(default=3, ge=1, le=5)
    categories: list[str] = Field(default_factory=list)
    entities: list[str] = Field(default_factory=list)
    temporal: Temporal = Field(default_factory=Temporal)
    metadata: dict[str, Any] = Field(default_factory=dict)
    # The write protocol agents follow: a one-line summary, why the agent stored it, and the memories
    # of the same scope it refines or depends on.
    summary: str | None = None
    write_reason: str | None = None
    related_ids: list[str] = Field(default_factory=list)
    # Who wrote it: the agent and the run (session) it came from, beside the user it is about.
    agent_id: str | None = None
    run_id: str | None = None
    hits: int = 1
    retrieval_count: int = 0
    last_retrieved_at: datetime | None = None
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    observed_at: datetime = Field(default_factory=utcnow)
    status: Status = Status.active
    merged_into: str | None = None
    # status superseded: the memory that replaced it, and when this one held (its observed_at until
    # the newer memory's observed_at)
    superseded_by: str | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    # The optional semantic contradiction check (engram.usecases.enrich) found that it contradicts a
    # memory it was kept beside: a person should look. Advisory; nothing was superseded.
    review_needed: bool = False
    enrichment: Enrichment = Field(default_factory=Enrichment)
    redactions: list[str] = Field(default_factory=list)
    # Which fields the caller set explicitly; enrichment never overrides these.
    pinned: list[str] = Field(default_factory=list)
    # Prospective hints (settings.hints): questions it would answer, written by a model enricher.
    hints: list[str] = Field(default_factory=list)

    @property
    def scope(self) -> Scope:
        return Scope(tenant=self.tenant, user_id=self.user_id, project=self.project, namespace=self.namespace)


class HistoryEvent(StrEnum):
    created = "created"
    updated = "updated"
    deleted = "deleted"
    enriched = "enriched"
    merged = "merged"
    absorbed = "absorbed"
    replaced = "replaced"
    superseded = "superseded"  # a newer memory superseded this one
    supersedes = "supersedes"  # this memory superseded an older one
    review_needed = "review_needed"  # the contradiction check flagged it: it contradicts a kept memory
    fell_back = "fell_back"
    failed = "failed"
    shadow = "shadow"
    expired = "expired"
    decayed = "decayed"
    culled = "culled"
    requeued = "requeued"


class HistoryRecord(DomainModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    tenant: str
    memory_id: str
    event: HistoryEvent
    at: datetime = Field(default_factory=utcnow)
    actor: str = "system"
    detail: dict[str, Any] = Field(default_factory=dict)


class ApiKey(DomainModel):
    """A stored API key: only the SHA-256 of the secret is ever kept."""

    key_id: str
    tenant: str
    key_hash: str
    name: str = ""
    created_at: datetime = Field(default_factory=utcnow)
    revoked_at: datetime | None = None
    rate: float | None = None  # requests a second (a token bucket); None: the default rate
    burst: int | None = None  # the bucket's size: requests allowed at once
    unlimited: bool = False  # no rate at all, not even the default (an operator's explicit choice)
    users: tuple[str, ...] | None = None  # the only user_ids it may touch; None: the whole tenant
