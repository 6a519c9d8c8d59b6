"""Memory routes: remember one or a batch, list, read, change, forget, and a memory's history."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Path, Query

from engram.api.base import AgentId, RunId, ScopeName, UserId
from engram.api.contract import AUTH, AUTHENTICATED, BODY, MEMORIES, responses
from engram.api.memories import (
    BatchRequest,
    BatchResponse,
    HistoryList,
    MemoryList,
    MemoryOut,
    PatchRequest,
    RememberRequest,
    RememberResponse,
    remember_command,
    remember_response,
    remember_status,
)
from engram.api.recall import metadata_from_query
from engram.api.routing import memory_tenant, new_router, tenant_for
from engram.api.services import Services
from engram.domain.filters import describe as describe_filters
from engram.domain.models import Status
from engram.ports import ListQuery

MemoryId = Annotated[str, Path(min_length=1, max_length=64)]


def _json(
    status: int, model: RememberResponse, headers: dict[str, str] | None = None
) -> Response[RememberResponse]:
    json_type = content_types.APPLICATION_JSON
    return Response(status_code=status, content_type=json_type, body=model, headers=headers)


def router(c: Services) -> Router:
    routes = new_router()

    @routes.post(
        "/v1/memories",
        summary="remember one memory",
        tags=[MEMORIES],
        security=AUTHENTICATED,
        responses=responses(
            {
                201: (RememberResponse, "stored; enrichment is queued (with `wait`: enriched, searchable)"),
                200: (RememberResponse, "deduplicated into an existing memory, or rejected by the gate"),
                202: (RememberResponse, "stored; `wait_timeout_s` passed before enrichment: see `location`"),
            },
            403,
            *BODY,
            *AUTH,
        ),
    )
    def remember(body: RememberRequest) -> Response[RememberResponse]:
        who = tenant_for(routes, body.user_id)
        result = c.remember(remember_command(who, body))  # a secret raises PiiRejected: a 422
        status, answer = remember_status(result), remember_response(result)
        if body.wait is None or result.memory is None:
            return _json(status, answer)
        waited = c.await_enrichment(who, result.memory.id, body.wait_timeout_s)
        answer.enrichment = waited.memory.enrichment.state
        if waited.searchable:
            return _json(status, answer)
        answer.location = f"/v1/memories/{result.memory.id}"
        return _json(202, answer, {"Location": answer.location})

    @routes.post(
        "/v1/memories/batch",
        summary="remember up to 100 memories, one result each, in order",
        tags=[MEMORIES],
        security=AUTHENTICATED,
        responses=responses({200: (BatchResponse, "one result per item, in order")}, *BODY, *AUTH),
    )
    def remember_batch(body: BatchRequest) -> BatchResponse:
        who = tenant_for(routes, *{item.user_id for item in body.items})
        results = c.remember.many([remember_command(who, item) for item in body.items])
        return BatchResponse(results=[remember_response(r) for r in results])

    @routes.get(
        "/v1/memories",
        summary="list a user's memories, newest first",
        tags=[MEMORIES],
        security=AUTHENTICATED,
        responses=responses({200: (MemoryList, "a page of memories")}, 422, *AUTH),
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
            tenant_for(routes, user_id),
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
        page = c.memory_reads.page(query)
        return MemoryList(items=[MemoryOut.of(m) for m in page.items], cursor=page.cursor)

    @routes.get(
        "/v1/memories/<memory_id>",
        summary="one memory",
        tags=[MEMORIES],
        security=AUTHENTICATED,
        responses=responses({200: (MemoryOut, "the memory")}, 404, 422, *AUTH),
    )
    def get_route(memory_id: MemoryId) -> MemoryOut:
        return MemoryOut.of(
            c.memory_reads.get(memory_tenant(routes, c.memory_reads.get, memory_id), memory_id)
        )

    @routes.patch(
        "/v1/memories/<memory_id>",
        summary="change a memory; new content is re-enriched",
        tags=[MEMORIES],
        security=AUTHENTICATED,
        responses=responses({200: (MemoryOut, "the changed memory")}, *BODY, 404, 409, *AUTH),
    )
    def patch_route(memory_id: MemoryId, body: PatchRequest) -> MemoryOut:
        changes = body.model_dump(exclude_unset=True)  # the fields sent: a null one clears it
        return MemoryOut.of(
            c.update(memory_tenant(routes, c.memory_reads.get, memory_id), memory_id, changes)
        )

    @routes.delete(
        "/v1/memories/<memory_id>",
        summary="forget a memory (tombstone)",
        tags=[MEMORIES],
        security=AUTHENTICATED,
        responses=responses({200: (MemoryOut, "the forgotten memory")}, 404, 422, *AUTH, 503),
    )
    def delete_route(memory_id: MemoryId) -> MemoryOut:
        return MemoryOut.of(c.forget(memory_tenant(routes, c.memory_reads.get, memory_id), memory_id))

    @routes.get(
        "/v1/memories/<memory_id>/history",
        summary="what happened to a memory",
        tags=[MEMORIES],
        security=AUTHENTICATED,
        responses=responses({200: (HistoryList, "its events, oldest first")}, 404, 422, *AUTH),
    )
    def history_route(memory_id: MemoryId) -> HistoryList:
        records = c.memory_reads.history(memory_tenant(routes, c.memory_reads.get, memory_id), memory_id)
        return HistoryList.of(memory_id, records)

    return routes
