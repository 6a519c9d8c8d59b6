"""Moving a user's data: `GET /v1/export` (paged NDJSON), `POST /v1/import`, and erasing a user
(`DELETE /v1/users/{user_id}`, then its job's state)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Path, Query

from engram.api.base import UserId
from engram.api.contract import AUTHENTICATED, USERS, responses
from engram.api.routing import new_router, tenant_for, whole_tenant
from engram.api.services import Services
from engram.api.transfer import NDJSON, ErasureOut, ImportRequest, ImportResponse
from engram.domain.errors import MemoryNotFound

if TYPE_CHECKING:
    from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse

UserPath = Annotated[str, Path(min_length=1, max_length=128, description="whose data")]
JobId = Annotated[str, Path(min_length=1, max_length=64, description="the erasure job's id")]


def _export_answer() -> dict[int, OpenAPIResponse]:
    answers = responses({}, 422, 401, 429, 503)
    answers[200] = {
        "description": "one page of the export as NDJSON: records with a `kind` (header, memory, entity, "
        "relation, session, message, end); a page that is not the last ends with "
        '`{"kind": "page", "cursor": "…"}`',
        "content": {NDJSON: {"schema": {"type": "string"}}},
    }
    return answers


def router(c: Services) -> Router:
    routes = new_router()

    @routes.get(
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
        page = c.exporter.page(tenant_for(routes, user_id), user_id, cursor, limit, embeddings)
        lines = [json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in page.records]
        if page.cursor is not None:
            lines.append(json.dumps({"kind": "page", "cursor": page.cursor}))
        return Response(status_code=200, content_type=NDJSON, body="\n".join(lines) + "\n")

    @routes.post(
        "/v1/import",
        summary="import records of an export; ids are kept, and importing them again changes nothing",
        tags=[USERS],
        security=AUTHENTICATED,
        responses=responses({200: (ImportResponse, "what was imported")}, 400, 403, 413, 422, 401, 429, 503),
    )
    def import_route(body: ImportRequest) -> ImportResponse:
        return ImportResponse.of(c.importer(whole_tenant(routes), body.records))

    @routes.delete(
        "/v1/users/<user_id>",
        summary="forget a user: erase all their memories, history, index entries, graph and sessions",
        tags=[USERS],
        security=AUTHENTICATED,
        responses=responses(
            {202: (ErasureOut, "the erasure job is queued; follow status_url")}, 422, 401, 429, 503
        ),
    )
    def erase_route(user_id: UserPath) -> Response[ErasureOut]:
        record = c.request_erasure(tenant_for(routes, user_id), user_id)
        body = ErasureOut.of(record, user_id)
        return Response(
            status_code=202,
            content_type=content_types.APPLICATION_JSON,
            body=body,
            headers={"Location": body.status_url},
        )

    @routes.get(
        "/v1/users/<user_id>/erasures/<job_id>",
        summary="the state of an erasure job",
        tags=[USERS],
        security=AUTHENTICATED,
        responses=responses({200: (ErasureOut, "the job")}, 404, 422, 401, 429),
    )
    def erasure_route(user_id: UserPath, job_id: JobId) -> ErasureOut:
        record = c.erasure_status(tenant_for(routes, user_id), user_id, job_id)
        if record is None:
            raise MemoryNotFound(f"no erasure job {job_id} for this user")
        return ErasureOut.of(record, user_id)

    return routes
