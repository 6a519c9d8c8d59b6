"""The webhook routes' requests and answers (the routes: engram.api.routes.webhooks)."""

from __future__ import annotations

from datetime import datetime

from pydantic import ConfigDict, Field

from engram.api.schemas import ApiModel
from engram.domain.events import EventType, WebhookEndpoint


class WebhookRequest(ApiModel):
    model_config = ConfigDict(extra="forbid")

    url: str = Field(
        min_length=8,
        max_length=2048,
        pattern=r"^[hH][tT][tT][pP][sS]?://",
        description="where events are POSTed: http(s), public addresses only unless the operator allows"
        " others (ENGRAM_WEBHOOKS__ALLOWED_NETWORKS)",
    )
    events: list[EventType] = Field(
        default_factory=list, max_length=len(EventType), description="the event types sent; empty: all"
    )
    description: str | None = Field(default=None, max_length=300)


class WebhookOut(ApiModel):
    id: str
    url: str
    events: list[EventType] = Field(description="the event types sent; empty: all")
    description: str | None
    created_at: datetime


class WebhookCreated(WebhookOut):
    secret: str = Field(
        description="the HMAC-SHA256 key of the `Engram-Signature` header (`t=<unix time>,v1=<hex>` over"
        " `<t>.<body>`); shown this once"
    )


class WebhookList(ApiModel):
    webhooks: list[WebhookOut]


class WebhookDeleted(ApiModel):
    id: str
    deleted: bool = True


def webhook_out(endpoint: WebhookEndpoint) -> WebhookOut:
    return WebhookOut(
        id=endpoint.id,
        url=endpoint.url,
        events=endpoint.events,
        description=endpoint.description,
        created_at=endpoint.created_at,
    )
