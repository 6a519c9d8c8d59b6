"""What every API area shares: the base model, the field types and validators, and the error body.
Each area's own models sit with its mapping to the use case in `engram.api.<area>` (memories, recall,
sessions, documents, entities, transfer); `engram.api.schemas` re-exports them all."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engram.domain.limits import MAX_METADATA_BYTES as MAX_METADATA_BYTES
from engram.domain.limits import NAME_PATTERN as NAME_PATTERN
from engram.domain.limits import AgentId as AgentId
from engram.domain.limits import Content as Content
from engram.domain.limits import MemoryRef as MemoryRef
from engram.domain.limits import RunId as RunId
from engram.domain.limits import ScopeName as ScopeName
from engram.domain.limits import Summary as Summary
from engram.domain.limits import UserId as UserId
from engram.domain.limits import WriteReason as WriteReason
from engram.domain.limits import small_json as small_json


class ApiModel(BaseModel):
    """Every API model: each builds its validator and serializer on first use rather than at import
    (defer_build), so a request builds those of its route, and the cold start none of them."""

    model_config = ConfigDict(defer_build=True)


RelatedIds = Annotated[
    list[MemoryRef],
    Field(
        max_length=20,
        description="memories this one refines or depends on: live memories of the same user, project and"
        " namespace (≤ 20)",
    ),
]


def _utc(value: datetime | None) -> datetime | None:
    if value is None:
        return value
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)  # naive timestamps are taken as UTC
    try:
        value.astimezone(UTC)
    except OverflowError:
        raise ValueError("must be a time representable in UTC (0001-01-01 to 9999-12-31)") from None
    return value


def _iso_text(value: Any) -> Any:
    """A time is an ISO 8601 string, as the document says; a number (which pydantic would read as a
    Unix time) is refused."""
    if value is not None and not isinstance(value, str | datetime):
        raise ValueError("must be an ISO 8601 date-time string")
    return value


_small_json = small_json


class ErrorDetail(ApiModel):
    path: str
    message: str
    type: str


class ErrorBody(ApiModel):
    error: str
    message: str
    details: list[ErrorDetail] = Field(default_factory=list)


class Health(ApiModel):
    status: Literal["ok"] = "ok"
    version: str
