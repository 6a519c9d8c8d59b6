"""The HTTP API: powertools routes shared by the api Lambda and `engram serve`."""

from __future__ import annotations

import json
from typing import Annotated, Any

from aws_lambda_powertools.event_handler import APIGatewayRestResolver, Response, content_types
from aws_lambda_powertools.event_handler.openapi.params import Path, Query

from engram import __version__
from engram.api import errors
from engram.api.admin import register_admin
from engram.api.resolver import RequestScopedResolver
from engram.api.schemas import (
    BatchRequest,
    BatchResponse,
    Health,
    HistoryList,
    HistoryOut,
    MemoryList,
    MemoryOut,
    PatchRequest,
    RememberRequest,
    RememberResponse,
    ScopeName,
    SearchRequest,
    SearchResponse,
    UserId,
)
from engram.api.search import recall_query, search_response
from engram.domain.errors import PayloadTooLarge, PiiRejected, Unauthorized
from engram.domain.models import EnrichmentState, Status
from engram.observability import count, logger
from engram.ports import ListQuery
from engram.runtime.container import Container
from engram.usecases.memories import get_memory, list_memories, memory_history
from engram.usecases.remember import Outcome, RememberCommand, RememberResult

MemoryId = Annotated[str, Path(min_length=1, max_length=64)]

_METRIC = {
    Outcome.stored: "MemoryStored",
    Outcome.deduplicated: "MemoryDeduplicated",
    Outcome.rejected: "MemoryRejected",
    Outcome.pii_rejected: "PiiRejected",
}


def _command(tenant: str, request: RememberRequest) -> RememberCommand:
    return RememberCommand(tenant=tenant, **request.model_dump())


def _answer(result: RememberResult) -> RememberResponse:
    count(_METRIC[result.outcome])
    if result.redactions:
        count("PiiRedacted", len(result.redactions))
    match result.outcome:
        case Outcome.stored:
            assert result.memory is not None
            return RememberResponse(
                id=result.memory.id,
                status="stored",
                enrichment=EnrichmentState.pending,
                redactions=list(result.redactions),
            )
        case Outcome.deduplicated:
            assert result.memory is not None
            return RememberResponse(id=result.memory.id, status="deduplicated", deduplicated=True)
        case Outcome.rejected:
            return RememberResponse(id=None, status="rejected", rejected=result.reason)
        case Outcome.pii_rejected:
            return RememberResponse(id=None, status="error", error="pii_rejected", message=result.reason)


def _json(status: int, model: RememberResponse) -> Response[RememberResponse]:
    return Response(status_code=status, content_type=content_types.APPLICATION_JSON, body=model)


class EngramApi:
    """The resolver plus the checks that must run before any route (body size)."""

    def __init__(self, container: Container) -> None:
        self.container = container
        self.app = build_resolver(container)

    def handle(self, event: dict, context: Any) -> dict:
        body = event.get("body") or ""
        size = len(body.encode("utf-8")) if isinstance(body, str) else len(body)
        if event.get("isBase64Encoded"):
            size = size * 3 // 4
        limit = self.container.settings.max_body_bytes
        if size > limit:
            too_large = errors.error_response(
                413, PayloadTooLarge.code, f"request body is {size} bytes; the limit is {limit}"
            )
            return _raw(too_large)
        response: dict = self.app.resolve(_as_json(event), context)
        logger.info(
            "request",
            extra={
                "method": event.get("httpMethod"),
                "path": event.get("path"),
                "status": response["statusCode"],
            },
        )
        return response


def _as_json(event: dict) -> dict:
    """The API speaks only JSON: a body sent with another (or no) content type, as `curl -d` does,
    is read as JSON rather than as a form."""
    headers = {k: v for k, v in (event.get("headers") or {}).items() if k.lower() != "content-type"}
    multi = {k: v for k, v in (event.get("multiValueHeaders") or {}).items() if k.lower() != "content-type"}
    headers["Content-Type"] = "application/json"
    multi["Content-Type"] = ["application/json"]
    return {**event, "headers": headers, "multiValueHeaders": multi}


def _raw(response: Response) -> dict:
    return {
        "statusCode": response.status_code,
        "headers": {"Content-Type": content_types.APPLICATION_JSON},
        "multiValueHeaders": {},
        "body": response.body,
        "isBase64Encoded": False,
    }


def openapi_document(app: APIGatewayRestResolver) -> dict:
    return json.loads(
        app.get_openapi_json_schema(title="engram", version=__version__, description=DESCRIPTION)
    )


DESCRIPTION = (
    "Long-term memory for AI agents. Authenticate with `Authorization: Bearer <api key>` on every route "
    "but /v1/health."
)


def build_resolver(c: Container) -> RequestScopedResolver:
    app = RequestScopedResolver(enable_validation=True)
    errors.register(app)
    app.enable_swagger(path="/v1/docs", title="engram", version=__version__, description=DESCRIPTION)

    def tenant() -> str:
        """The tenant the authorizer resolved from the API key; never from the request body."""
        value = app.tenant()
        if not value:
            raise Unauthorized("no tenant on the request; is the authorizer configured?")
        return str(value)

    @app.get("/v1/health", summary="liveness")
    def health() -> Health:
        return Health(version=__version__)

    @app.get("/v1/openapi.json", summary="the OpenAPI document")
    def openapi() -> dict:
        return openapi_document(app)

    @app.post("/v1/memories", summary="remember one memory")
    def remember(body: RememberRequest) -> Response[RememberResponse]:
        result = c.remember(_command(tenant(), body))
        answer = _answer(result)  # counts the outcome's metric, a 422 included
        if result.outcome == Outcome.pii_rejected:
            raise PiiRejected(result.reason or "content contains a secret", kinds=list(result.pii_kinds))
        return _json(201 if result.outcome == Outcome.stored else 200, answer)

    @app.post("/v1/memories/batch", summary="remember up to 100 memories, one result each, in order")
    def remember_batch(body: BatchRequest) -> BatchResponse:
        who = tenant()
        results = c.remember.many([_command(who, item) for item in body.items])
        return BatchResponse(results=[_answer(r) for r in results])

    @app.get("/v1/memories", summary="list a user's memories, newest first")
    def list_route(
        user_id: Annotated[UserId, Query()],
        project: Annotated[ScopeName | None, Query()] = None,
        namespace: Annotated[ScopeName | None, Query()] = None,
        status: Annotated[Status | None, Query()] = None,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        cursor: Annotated[str | None, Query(max_length=512)] = None,
    ) -> MemoryList:
        query = ListQuery(tenant(), user_id, project, namespace, status, limit, cursor)
        page = list_memories(c.store, query)
        return MemoryList(items=[MemoryOut.of(m) for m in page.items], cursor=page.cursor)

    @app.post("/v1/memories/search", summary="recall: hybrid BM25 + k-NN, weighted, explainable")
    def search_route(body: SearchRequest) -> SearchResponse:
        results = c.recall(recall_query(tenant(), body))
        count("MemoriesRecalled", len(results))
        return search_response(results, body.explain)

    @app.get("/v1/memories/<memory_id>", summary="one memory")
    def get_route(memory_id: MemoryId) -> MemoryOut:
        return MemoryOut.of(get_memory(c.store, tenant(), memory_id))

    @app.patch("/v1/memories/<memory_id>", summary="change a memory; new content is re-enriched")
    def patch_route(memory_id: MemoryId, body: PatchRequest) -> MemoryOut:
        changes = body.model_dump(exclude_unset=True)
        return MemoryOut.of(c.update(tenant(), memory_id, changes))

    @app.delete("/v1/memories/<memory_id>", summary="forget a memory (tombstone)")
    def delete_route(memory_id: MemoryId) -> MemoryOut:
        memory = c.forget(tenant(), memory_id)
        count("MemoryDeleted")
        return MemoryOut.of(memory)

    @app.get("/v1/memories/<memory_id>/history", summary="what happened to a memory")
    def history_route(memory_id: MemoryId) -> HistoryList:
        records = memory_history(c.store, tenant(), memory_id)
        return HistoryList(
            memory_id=memory_id,
            events=[
                HistoryOut(**r.model_dump(include={"id", "event", "at", "actor", "detail"})) for r in records
            ],
        )

    register_admin(app, c, tenant)
    return app
