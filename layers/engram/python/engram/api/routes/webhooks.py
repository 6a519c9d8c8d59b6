"""Webhook routes: a tenant's endpoints for change events (`POST/GET/DELETE /v1/webhooks`). The
signing secret is answered once, at creation."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Path
from pydantic import ConfigDict, Field

from engram.api.contract import AUTH, AUTHENTICATED, BODY, WEBHOOKS, responses
from engram.api.routing import new_router, whole_tenant
from engram.api.schemas import ApiModel
from engram.api.services import Services
from engram.domain.events import EventType, WebhookEndpoint

WebhookId = Annotated[
    str, Path(min_length=1, max_length=64, pattern=r"^[0-9A-Za-z]+$", description="the webhook's id")
]


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


def _out(endpoint: WebhookEndpoint) -> WebhookOut:
    return WebhookOut(
        id=endpoint.id,
        url=endpoint.url,
        events=endpoint.events,
        description=endpoint.description,
        created_at=endpoint.created_at,
    )


def router(c: Services) -> Router:
    routes = new_router()

    @routes.post(
        "/v1/webhooks",
        summary="send the tenant's change events (memory.created, … document.done) to a URL, signed",
        tags=[WEBHOOKS],
        security=AUTHENTICATED,
        responses=responses({201: (WebhookCreated, "created; the secret is shown this once")}, *BODY, *AUTH),
    )
    def create_route(body: WebhookRequest) -> Response[WebhookCreated]:
        endpoint, secret = c.webhooks.create(whole_tenant(routes), body.url, body.events, body.description)
        answer = WebhookCreated(**_out(endpoint).model_dump(), secret=secret)
        return Response(status_code=201, content_type=content_types.APPLICATION_JSON, body=answer)

    @routes.get(
        "/v1/webhooks",
        summary="the tenant's webhooks (without their secrets)",
        tags=[WEBHOOKS],
        security=AUTHENTICATED,
        responses=responses({200: (WebhookList, "the webhooks")}, 404, *AUTH),
    )
    def list_route() -> WebhookList:
        return WebhookList(webhooks=[_out(e) for e in c.webhooks.list(whole_tenant(routes))])

    @routes.delete(
        "/v1/webhooks/<webhook_id>",
        summary="stop sending events to a webhook; what it had still to receive is dropped",
        tags=[WEBHOOKS],
        security=AUTHENTICATED,
        responses=responses({200: (WebhookDeleted, "deleted")}, 404, 422, *AUTH),
    )
    def delete_route(webhook_id: WebhookId) -> WebhookDeleted:
        c.webhooks.delete(whole_tenant(routes), webhook_id)
        return WebhookDeleted(id=webhook_id)

    return routes
