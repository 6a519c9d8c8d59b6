"""Graph routes: `GET /v1/entities` and `GET /v1/entities/{id}`, per user scope."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Path, Query

from engram.api.base import ScopeName, UserId
from engram.api.contract import AUTHENTICATED, GRAPH, responses
from engram.api.entities import EntityDetailOut, EntityList, EntityOut, entity_detail_out
from engram.api.routing import new_router, tenant_for
from engram.api.services import Services
from engram.domain.graph import GraphScope

EntityRef = Annotated[str, Path(min_length=1, max_length=128, description="an entity id, or its name")]


def router(c: Services) -> Router:
    routes = new_router()

    def scope(user_id: str, project: str | None) -> GraphScope:
        return GraphScope(tenant_for(routes, user_id), user_id, project or "default")

    @routes.get(
        "/v1/entities",
        summary="the entities a user's memories mention",
        tags=[GRAPH],
        security=AUTHENTICATED,
        responses=responses({200: (EntityList, "a page of entities")}, 404, 422, 401, 429),
    )
    def entities_route(
        user_id: Annotated[UserId, Query()],
        project: Annotated[ScopeName | None, Query()] = None,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        cursor: Annotated[str | None, Query(max_length=512)] = None,
    ) -> EntityList:
        page = c.entity_reads.page(scope(user_id, project), limit, cursor)
        return EntityList(items=[EntityOut.of(e) for e in page.items], cursor=page.cursor)

    @routes.get(
        "/v1/entities/<entity>",
        summary="one entity with its relations and the memories that mention it",
        tags=[GRAPH],
        security=AUTHENTICATED,
        responses=responses({200: (EntityDetailOut, "the entity")}, 404, 422, 401, 429),
    )
    def entity_route(
        entity: EntityRef,
        user_id: Annotated[UserId, Query()],
        project: Annotated[ScopeName | None, Query()] = None,
    ) -> EntityDetailOut:
        return entity_detail_out(c.entity_reads.detail(scope(user_id, project), entity))

    return routes
