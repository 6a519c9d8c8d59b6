"""Graph routes: `GET /v1/entities` and `GET /v1/entities/{id}`, per user scope."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Annotated

from aws_lambda_powertools.event_handler import APIGatewayRestResolver
from aws_lambda_powertools.event_handler.openapi.params import Path, Query
from pydantic import BaseModel, Field

from engram.api.contract import AUTHENTICATED, GRAPH, responses
from engram.api.schemas import ScopeName, UserId
from engram.domain.errors import MemoryNotFound
from engram.domain.graph import Entity, EntityType, GraphScope
from engram.ports import GraphStore
from engram.runtime.container import Container
from engram.usecases.graph import entity_detail, list_entities

EntityRef = Annotated[str, Path(min_length=1, max_length=128, description="an entity id, or its name")]


class EntityOut(BaseModel):
    id: str
    name: str
    canonical: str = Field(description="the name it is known by in this scope (lowercase)")
    type: EntityType
    mentions: int = Field(description="memories that mention it")
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, entity: Entity) -> EntityOut:
        return cls(**entity.model_dump(include=set(cls.model_fields)))


class EntityList(BaseModel):
    items: list[EntityOut]
    cursor: str | None = Field(default=None, description="pass back for the next page; null: no more")


class RelationOut(BaseModel):
    id: str
    predicate: str = Field(description='what links them, e.g. "manager", "works_at", "allergic_to"')
    direction: str = Field(description='"out": this entity is the subject; "in": the object')
    other: EntityOut | None
    confidence: float
    mentions: int = Field(description="memories that state it")
    memory_ids: list[str]


class EntityDetailOut(BaseModel):
    entity: EntityOut
    relations: list[RelationOut]
    memory_ids: list[str] = Field(description="memories that mention it, newest first")


def register_entities(app: APIGatewayRestResolver, c: Container, tenant: Callable[[], str]) -> None:
    def graph_of(user_id: str, project: str | None) -> tuple[GraphStore, GraphScope]:
        if c.graph is None:
            raise MemoryNotFound("this deployment keeps no knowledge graph")
        return c.graph, GraphScope(tenant(), user_id, project or "default")

    @app.get(
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
        page = list_entities(*graph_of(user_id, project), limit, cursor)
        return EntityList(items=[EntityOut.of(e) for e in page.items], cursor=page.cursor)

    @app.get(
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
        detail = entity_detail(*graph_of(user_id, project), entity)
        return EntityDetailOut(
            entity=EntityOut.of(detail.entity),
            relations=[
                RelationOut(
                    id=link.relation.id,
                    predicate=link.relation.predicate,
                    direction=link.direction,
                    other=EntityOut.of(link.other) if link.other else None,
                    confidence=link.relation.confidence,
                    mentions=link.relation.mentions,
                    memory_ids=link.relation.memory_ids,
                )
                for link in detail.relations
            ],
            memory_ids=detail.memory_ids,
        )
