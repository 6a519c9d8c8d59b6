"""The graph routes' answers: entities and their relations (the routes: engram.api.routes.entities)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from pydantic import Field

from engram.api.base import ApiModel
from engram.domain.graph import Entity, EntityType

if TYPE_CHECKING:
    from engram.usecases.graph import EntityDetail


class EntityOut(ApiModel):
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


class EntityList(ApiModel):
    items: list[EntityOut]
    cursor: str | None = Field(default=None, description="pass back for the next page; null: no more")


class RelationOut(ApiModel):
    id: str
    predicate: str = Field(description='what links them, e.g. "manager", "works_at", "allergic_to"')
    direction: str = Field(description='"out": this entity is the subject; "in": the object')
    other: EntityOut | None
    confidence: float
    mentions: int = Field(description="memories that state it")
    memory_ids: list[str]


class EntityDetailOut(ApiModel):
    entity: EntityOut
    relations: list[RelationOut]
    memory_ids: list[str] = Field(description="memories that mention it, newest first")


def entity_detail_out(detail: EntityDetail) -> EntityDetailOut:
    """The answer of `GET /v1/entities/{id}` (and of the MCP tool `get_entity`) for one entity."""
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
