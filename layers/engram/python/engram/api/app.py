"""The HTTP API: powertools routes shared by the api Lambda and `engram serve`."""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler import APIGatewayRestResolver, Response, content_types
from aws_lambda_powertools.event_handler.openapi.params import Path, Query

from engram import __version__
from engram.api import errors
from engram.api.admin import register_admin
from engram.api.body import MalformedBody, parse_json, text_body
from engram.api.contract import (
    AUTHENTICATED,
    MEMORIES,
    META,
    RECALL,
    document,
    responses,
    swagger_page,
)
from engram.api.entities import register_entities
from engram.api.resolver import RequestScopedResolver
from engram.api.schemas import (
    AgentId,
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
    RunId,
    ScopeName,
    SearchRequest,
    SearchResponse,
    UserId,
)
from engram.api.search import metadata_from_query, recall_query, search_response
from engram.api.sessions import register_sessions
from engram.api.transfer import register_transfer
from engram.domain.errors import PayloadTooLarge, PiiRejected, RateLimited, Unauthorized
from engram.domain.filters import describe as describe_filters
from engram.domain.models import EnrichmentState, Status
from engram.observability import count, logger
from engram.ports import ListQuery
from engram.runtime.container import Container
from engram.usecases.keys import admit
from engram.usecases.memories import get_memory, list_memories, memory_history
from engram.usecases.remember import Outcome, RememberCommand, RememberResult

MemoryId = Annotated[str, Path(min_length=1, max_length=64)]

_METRIC = {
    Outcome.stored: "MemoryStored",
    Outcome.deduplicated: "MemoryDeduplicated",
    Outcome.rejected: "MemoryRejected",
    Outcome.pii_rejected: "PiiRejected",
    Outcome.invalid: "MemoryInvalid",
    Outcome.quota_exceeded: "QuotaExceeded",
}


def _command(tenant: str, request: RememberRequest) -> RememberCommand:
    return RememberCommand(tenant=tenant, **request.model_dump())


def _answer(result: RememberResult) -> RememberResponse:
    count(_METRIC[result.outcome])
    if result.redactions:
        count("PiiRedacted", len(result.redactions))
    return remember_response(result)


def remember_response(result: RememberResult) -> RememberResponse:
    """What the API answers for one remembered item (a batch item's error included)."""
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
        case Outcome.invalid:
            message = f"{result.field}: {result.reason}" if result.field else result.reason
            return RememberResponse(id=None, status="error", error="invalid_request", message=message)
        case Outcome.quota_exceeded:
            return RememberResponse(id=None, status="error", error="quota_exceeded", message=result.reason)


def _json(status: int, model: RememberResponse) -> Response[RememberResponse]:
    return Response(status_code=status, content_type=content_types.APPLICATION_JSON, body=model)


class EngramApi:
    """The resolver plus the checks that must run before any route (body encoding and size, and the
    request rate of the key the authorizer found)."""

    def __init__(self, container: Container) -> None:
        self.container = container
        self.app = build_resolver(container)

    def handle(self, event: dict[str, Any], context: Any) -> dict[str, Any]:
        try:
            body = text_body(event)
        except MalformedBody as exc:
            return _raw(errors.error_response(400, "malformed_json", str(exc)))
        size = len(body.encode("utf-8", "surrogatepass")) if body else 0
        limit = self.container.settings.max_body_bytes
        if size > limit:
            too_large = errors.error_response(
                413, PayloadTooLarge.code, f"request body is {size} bytes; the limit is {limit}"
            )
            return _raw(too_large)
        authorizer = (event.get("requestContext") or {}).get("authorizer") or {}
        try:
            admit(self.container.keys, authorizer, self.container.clock.now())
        except RateLimited as exc:
            limited = errors.rate_limited(exc)
            return {**_raw(limited), "headers": {**_raw(limited)["headers"], **limited.headers}}
        event = {**event, "body": body, "isBase64Encoded": False}
        response: dict[str, Any] = self.app.resolve(_as_json(event), context)
        logger.info(
            "request",
            extra={
                "method": event.get("httpMethod"),
                "path": event.get("path"),
                "status": response["statusCode"],
            },
        )
        return response


def _as_json(event: dict[str, Any]) -> dict[str, Any]:
    """The API speaks only JSON: a body sent with another (or no) content type, as `curl -d` does,
    is read as JSON rather than as a form."""
    headers = {k: v for k, v in (event.get("headers") or {}).items() if k.lower() != "content-type"}
    multi = {k: v for k, v in (event.get("multiValueHeaders") or {}).items() if k.lower() != "content-type"}
    headers["Content-Type"] = "application/json"
    multi["Content-Type"] = ["application/json"]
    return {**event, "headers": headers, "multiValueHeaders": multi}


def _raw(response: Response[Any]) -> dict[str, Any]:
    return {
        "statusCode": response.status_code,
        "headers": {"Content-Type": content_types.APPLICATION_JSON},
        "multiValueHeaders": {},
        "body": response.body,
        "isBase64Encoded": False,
    }


def openapi_document(app: APIGatewayRestResolver) -> dict[str, Any]:
    """The document as committed in openapi.json (served at the root of its host)."""
    return document(app)


# Each route's answers, besides its success: the statuses its body, its path and its dependencies
# can produce. 401 and 429 (API Gateway throttling) can answer any authenticated route.
_AUTH = (401, 429)
_BODY = (400, 413, 422)


def build_resolver(c: Container) -> RequestScopedResolver:
    app = RequestScopedResolver(enable_validation=True, json_body_deserializer=parse_json)
    errors.register(app)

    def tenant() -> str:
        """The tenant the authorizer resolved from the API key; never from the request body."""
        value = app.tenant()
        if not value:
            raise Unauthorized("no tenant on the request; is the authorizer configured?")
        return str(value)

    @app.get(
        "/v1/health",
        summary="liveness",
        tags=[META],
        responses=responses({200: (Health, "the service is up")}, 429),
    )
    def health() -> Health:
        return Health(version=__version__)

    @app.get(
        "/v1/openapi.json",
        summary="this OpenAPI document",
        tags=[META],
        responses={200: {"description": "the OpenAPI 3.1 document"}, 429: responses({}, 429)[429]},
    )
    def openapi() -> dict[str, Any]:
        return document(app, app.base_path())

    @app.get("/v1/docs", summary="Swagger UI over this document", include_in_schema=False)
    def docs() -> Response[str]:
        page = swagger_page(document(app, app.base_path()))
        return Response(status_code=200, content_type="text/html; charset=utf-8", body=page)

    @app.post(
        "/v1/memories",
        summary="remember one memory",
        tags=[MEMORIES],
        security=AUTHENTICATED,
        responses=responses(
            {
                201: (RememberResponse, "stored; enrichment is queued"),
                200: (RememberResponse, "deduplicated into an existing memory, or rejected by the gate"),
            },
            403,
            *_BODY,
            *_AUTH,
        ),
    )
    def remember(body: RememberRequest) -> Response[RememberResponse]:
        result = c.remember(_command(tenant(), body))
        answer = _answer(result)  # counts the outcome's metric, a 422 included
        if result.outcome == Outcome.pii_rejected:
            raise PiiRejected(result.reason or "content contains a secret", kinds=list(result.pii_kinds))
        return _json(201 if result.outcome == Outcome.stored else 200, answer)

    @app.post(
        "/v1/memories/batch",
        summary="remember up to 100 memories, one result each, in order",
        tags=[MEMORIES],
        security=AUTHENTICATED,
        responses=responses({200: (BatchResponse, "one result per item, in order")}, *_BODY, *_AUTH),
    )
    def remember_batch(body: BatchRequest) -> BatchResponse:
        who = tenant()
        results = c.remember.many([_command(who, item) for item in body.items])
        return BatchResponse(results=[_answer(r) for r in results])

    @app.get(
        "/v1/memories",
        summary="list a user's memories, newest first",
        tags=[MEMORIES],
        security=AUTHENTICATED,
        responses=responses({200: (MemoryList, "a page of memories")}, 422, *_AUTH),
    )
    def list_route(
        user_id: Annotated[UserId, Query()],
        project: Annotated[ScopeName | None, Query()] = None,
        namespace: Annotated[ScopeName | None, Query()] = None,
        status: Annotated[Status | None, Query()] = None,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        cursor: Annotated[str | None, Query(max_length=512)] = None,
        agent_id: Annotated[AgentId | None, Query(description="only memories this agent wrote")] = None,
        run_id: Annotated[RunId | None, Query(description="only memories written in this run")] = None,
        review_needed: Annotated[
            bool | None, Query(description="only memories the contradiction check flagged (true) or not")
        ] = None,
        metadata_filter: Annotated[
            str | None, Query(max_length=4096, description="a JSON metadata filter: " + describe_filters())
        ] = None,
    ) -> MemoryList:
        query = ListQuery(
            tenant(),
            user_id,
            project,
            namespace,
            status,
            limit,
            cursor,
            agent_id=agent_id,
            run_id=run_id,
            metadata=metadata_from_query(metadata_filter),
            review_needed=review_needed,
        )
        page = list_memories(c.store, query)
        return MemoryList(items=[MemoryOut.of(m) for m in page.items], cursor=page.cursor)

    @app.post(
        "/v1/memories/search",
        summary="recall: hybrid BM25 + k-NN, weighted, explainable",
        tags=[RECALL],
        security=AUTHENTICATED,
        responses=responses({200: (SearchResponse, "the best matches, best first")}, *_BODY, *_AUTH, 503),
    )
    def search_route(body: SearchRequest) -> SearchResponse:
        results = c.recall(recall_query(tenant(), body))
        count("MemoriesRecalled", len(results))
        if not body.expand or c.transcripts is None:
            return search_response(results, body.explain)
        from engram.usecases.sessions import sources_of

        limits = c.settings.sessions
        memories = [r.memory for r in results]
        sources = sources_of(c.transcripts, tenant(), memories, limits.expand_messages, limits.expand_chars)
        return search_response(results, body.explain, sources)

    @app.get(
        "/v1/memories/<memory_id>",
        summary="one memory",
        tags=[MEMORIES],
        security=AUTHENTICATED,
        responses=responses({200: (MemoryOut, "the memory")}, 404, 422, *_AUTH),
    )
    def get_route(memory_id: MemoryId) -> MemoryOut:
        return MemoryOut.of(get_memory(c.store, tenant(), memory_id))

    @app.patch(
        "/v1/memories/<memory_id>",
        summary="change a memory; new content is re-enriched",
        tags=[MEMORIES],
        security=AUTHENTICATED,
        responses=responses({200: (MemoryOut, "the changed memory")}, *_BODY, 404, 409, *_AUTH),
    )
    def patch_route(memory_id: MemoryId, body: PatchRequest) -> MemoryOut:
        changes = body.model_dump(exclude_unset=True)
        return MemoryOut.of(c.update(tenant(), memory_id, changes))

    @app.delete(
        "/v1/memories/<memory_id>",
        summary="forget a memory (tombstone)",
        tags=[MEMORIES],
        security=AUTHENTICATED,
        responses=responses({200: (MemoryOut, "the forgotten memory")}, 404, 422, *_AUTH, 503),
    )
    def delete_route(memory_id: MemoryId) -> MemoryOut:
        memory = c.forget(tenant(), memory_id)
        count("MemoryDeleted")
        return MemoryOut.of(memory)

    @app.get(
        "/v1/memories/<memory_id>/history",
        summary="what happened to a memory",
        tags=[MEMORIES],
        security=AUTHENTICATED,
        responses=responses({200: (HistoryList, "its events, oldest first")}, 404, 422, *_AUTH),
    )
    def history_route(memory_id: MemoryId) -> HistoryList:
        records = memory_history(c.store, tenant(), memory_id)
        return HistoryList(
            memory_id=memory_id,
            events=[
                HistoryOut(**r.model_dump(include={"id", "event", "at", "actor", "detail"})) for r in records
            ],
        )

    register_admin(app, c, tenant)
    register_entities(app, c, tenant)
    register_sessions(app, c, tenant)
    register_transfer(app, c, tenant)
    return app
