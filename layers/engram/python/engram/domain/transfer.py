"""Moving a user's data: the export records, and the erasure job that forgets a user.

An export is NDJSON records by `kind`: header, memory, entity, relation, session, message, then end
(the counts). Records carry no tenant: an import files them under the importer's tenant. An erasure
record holds no content nor user id, only a digest of (tenant, user id) for status lookups.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from enum import StrEnum

from pydantic import ConfigDict, Field

from engram.domain.models import DomainModel, utcnow

EXPORT_FORMAT = "engram-export"
EXPORT_VERSION = 1


def subject_digest(tenant: str, user_id: str) -> str:
    """Who an erasure was for, without naming them: SHA-256 of the tenant and the user id."""
    return hashlib.sha256(f"{tenant}\x1f{user_id}".encode("utf-8", "surrogatepass")).hexdigest()


class ErasureState(StrEnum):
    queued = "queued"
    running = "running"
    done = "done"
    failed = "failed"


class ErasureRecord(DomainModel):
    model_config = ConfigDict(extra="forbid")

    job_id: str
    tenant: str
    subject: str = Field(description="SHA-256 of the tenant and the user id; never the id itself")
    state: ErasureState = ErasureState.queued
    requested_at: datetime = Field(default_factory=utcnow)
    started_at: datetime | None = None
    completed_at: datetime | None = None
    attempts: int = 0
    erased: dict[str, int] = Field(default_factory=dict, description="how many of each kind went")
    error: str | None = None
