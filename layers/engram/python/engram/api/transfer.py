"""Moving a user's data, requests and answers: `GET /v1/export` (paged NDJSON), `POST /v1/import`, erasure.

Export is paged because API Gateway's REST integration buffers a Lambda's whole answer (6 MB at
most). A page that is not the last ends with `{"kind": "page", "cursor": …}` to pass back as
`cursor`; the last ends with the `end` record. `engram export` follows the pages.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from pydantic import ConfigDict, Field

from engram.api.base import ApiModel
from engram.domain.transfer import ErasureRecord, ErasureState

if TYPE_CHECKING:
    from engram.usecases.transfer import ImportReport

NDJSON = "application/x-ndjson"
MAX_IMPORT_RECORDS = 500


class ImportRequest(ApiModel):
    model_config = ConfigDict(extra="forbid")

    records: list[dict[str, Any]] = Field(
        min_length=1,
        max_length=MAX_IMPORT_RECORDS,
        description="records of an engram export (`GET /v1/export`), in the order exported",
    )

    def __repr__(self) -> str:  # never the records themselves in a log line
        return f"ImportRequest(records={len(self.records)})"

    __str__ = __repr__


class ImportRejection(ApiModel):
    record: int = Field(description="the record's index in `records`")
    reason: str = Field(description="why it was not imported")
    field: str | None = Field(default=None, description="the field at fault, when one is")


class ImportResponse(ApiModel):
    records: dict[str, int] = Field(description="records applied, by kind")
    created: int = Field(description="memories newly stored")
    existing: int = Field(description="memories already stored by an earlier import of the same records")
    conflicts: list[str] = Field(
        description="memories not imported: their id is taken by another user of this tenant, or a live "
        "memory of the scope holds the same content"
    )
    queued: int = Field(
        default=0, description="memories stored still to enrich (a mem0 import's): queued for enrichment"
    )
    rejected: list[ImportRejection] = Field(
        default_factory=list,
        description="records not imported, each with why: a name or size POST /v1/memories refuses, a "
        "secret the PII policy rejects, or a record that is not an export's; the others are imported",
    )
    redactions: list[str] = Field(
        default_factory=list, description="PII kinds redacted in what was imported, as remember redacts"
    )

    @classmethod
    def of(cls, report: ImportReport) -> ImportResponse:
        return cls(
            records=report.records,
            created=report.created,
            existing=report.existing,
            conflicts=report.conflicts,
            queued=report.queued,
            rejected=[ImportRejection(**r) for r in report.rejected],
            redactions=report.redactions,
        )


class ErasureOut(ApiModel):
    """An erasure job: when it was asked for and ran, and how much of each kind it erased. It keeps no
    content and not the user id (only a digest of it), so it can outlive the data as an audit record."""

    job_id: str
    state: ErasureState = Field(description="queued → running → done (or failed, then retried)")
    requested_at: datetime
    started_at: datetime | None = None
    completed_at: datetime | None = None
    attempts: int = 0
    erased: dict[str, int] = Field(
        default_factory=dict,
        description="what went, by kind: memories, history, vectors, index_entries, entities, relations, "
        "sessions, messages",
    )
    status_url: str = Field(description="where to follow the job")

    @classmethod
    def of(cls, record: ErasureRecord, user_id: str) -> ErasureOut:
        return cls(
            **record.model_dump(include=set(cls.model_fields) - {"status_url"}),
            status_url=f"/v1/users/{quote(user_id, safe='')}/erasures/{record.job_id}",
        )
