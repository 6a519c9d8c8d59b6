"""Moving a user's data: `GET /v1/export` (paged NDJSON) and `POST /v1/import`.

An export is served a page at a time rather than as one stream: API Gateway's REST integration
buffers a Lambda's whole answer (6 MB at most), so one response cannot carry a user of any size.
Each page is NDJSON; a page that is not the last ends with `{"kind": "page", "cursor": …}`, to be
passed back as `cursor`; the last page ends with the `end` record. `engram export` follows the pages.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Annotated, Any

from aws_lambda_powertools.event_handler import APIGatewayRestResolver, Response, content_types
from aws_lambda_powertools.event_handler.openapi.params import Path, Query
from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse
from pydantic import BaseModel, ConfigDict, Field

from engram.api.contract import AUTHENTICATED, USERS, responses
from engram.api.schemas import UserId
from engram.domain.errors import MemoryNotFound
from engram.domain.transfer import ErasureRecord, ErasureState
from engram.runtime.container import Container

NDJSON = "application/x-ndjson"
UserPath = Annotated[str, Path(min_length=1, max_length=128, description="whose data")]
JobId = Annotated[str, Path(min_length=1, max_length=64, description="the erasure job's id")]
MAX_IMPORT_RECORDS = 500


class ImportRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    records: list[dict[str, Any]] = Field(
        min_length=1,
        max_length=MAX_IMPORT_RECORDS,
        description="records of an engram export (`GET /v1/export`), in the order exported",
    )

    def __repr__(self) -> str:  # never the records themselves in a log line
        return f"ImportRequest(records={len(self.records)})"

    __str__ = __repr__


class ImportResponse(BaseModel):
    records: dict[str, int] = Field(description="records applied, by kind")
    created: int = Field(description="memories newly stored")
    existing: int = Field(description="memories already stored by an earlier import of the same records")
    conflicts: list[str] = Field(
        description="memories not imported: their id is taken on this install, or a live memory of "
        "the scope holds the same content"
    )
    queued: int = Field(
        default=0, description="memories stored still to enrich (a mem0 import's): queued for enrichment"
    )


class ErasureOut(BaseModel):
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
        from urllib.parse import quote

        return cls(
            **record.model_dump(include=set(cls.model_fields) - {"status_url"}),
            status_url=f"/v1/users/{quote(user_id, safe='')}/erasures/{record.job_id}",
        )


def _export_answer() -> dict[int, OpenAPIResponse]:
    answers = responses({}, 422, 401, 429, 503)
    answers[200] = {
        "description": "one page of the export as NDJSON: records with a `kind` (header, memory, entity, "
        "relation, session, message, end); a page that is not the last ends with "
        '`{"kind": "page", "cursor": "…"}`',
        "content": {NDJSON: {"schema": {"type": "string"}}},
    }
    return answers


def register_transfer(app: APIGatewayRestResolver, c: Container, tenant: Callable[[], str]) -> None:
    from engram.runtime.userdata import exporter, importer

    @app.get(
        "/v1/export",
        summary="export a user's memories, history, graph and sessions (paged NDJSON)",
        tags=[USERS],
        security=AUTHENTICATED,
        responses=_export_answer(),
    )
    def export_route(
        user_id: Annotated[UserId, Query()],
        cursor: Annotated[str | None, Query(max_length=2048)] = None,
        limit: Annotated[int, Query(ge=1, le=1000, description="records a page, at most")] = 200,
        embeddings: Annotated[bool, Query(description="include each memory's embedding")] = False,
    ) -> Response[str]:
        page = exporter(c).page(tenant(), user_id, cursor, limit, embeddings)
        lines = [json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in page.records]
        if page.cursor is not None:
            lines.append(json.dumps({"kind": "page", "cursor": page.cursor}))
        return Response(status_code=200, content_type=NDJSON, body="\n".join(lines) + "\n")

    @app.post(
        "/v1/import",
        summary="import records of an export; ids are kept, and importing them again changes nothing",
        tags=[USERS],
        security=AUTHENTICATED,
        responses=responses({200: (ImportResponse, "what was imported")}, 400, 413, 422, 401, 429, 503),
    )
    def import_route(body: ImportRequest) -> ImportResponse:
        report = importer(c)(tenant(), body.records)
        return ImportResponse(
            records=report.records,
            created=report.created,
            existing=report.existing,
            conflicts=report.conflicts,
            queued=report.queued,
        )

    from engram.runtime.userdata import request_erasure, userdata_for
    from engram.usecases.erase import erasure_status

    @app.delete(
        "/v1/users/<user_id>",
        summary="forget a user: erase all their memories, history, index entries, graph and sessions",
        tags=[USERS],
        security=AUTHENTICATED,
        responses=responses(
            {202: (ErasureOut, "the erasure job is queued; follow status_url")}, 422, 401, 429, 503
        ),
    )
    def erase_route(user_id: UserPath) -> Response[ErasureOut]:
        record = request_erasure(c)(tenant(), user_id)
        body = ErasureOut.of(record, user_id)
        return Response(
            status_code=202,
            content_type=content_types.APPLICATION_JSON,
            body=body,
            headers={"Location": body.status_url},
        )

    @app.get(
        "/v1/users/<user_id>/erasures/<job_id>",
        summary="the state of an erasure job",
        tags=[USERS],
        security=AUTHENTICATED,
        responses=responses({200: (ErasureOut, "the job")}, 404, 422, 401, 429),
    )
    def erasure_route(user_id: UserPath, job_id: JobId) -> ErasureOut:
        record = erasure_status(userdata_for(c), tenant(), user_id, job_id)
        if record is None:
            raise MemoryNotFound(f"no erasure job {job_id} for this user")
        return ErasureOut.of(record, user_id)
