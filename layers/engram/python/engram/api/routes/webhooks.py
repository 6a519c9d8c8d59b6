"""Webhook routes: a tenant's endpoints for change events (`POST/GET/DELETE /v1/webhooks`). The
signing secret is answered once, at creation."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Path

from engram.api.contract import AUTH, AUTHENTICATED, BODY, WEBHOOKS, responses
from engram.api.routing import new_router, whole_tenant
from engram.api.services import Services
from engram.api.webhooks import WebhookCreated, WebhookDeleted, WebhookList, WebhookRequest, webhook_out

WebhookId = Annotated[
    str, Path(min_length=1, max_length=64, pattern=r"^[0-9A-Za-z]+$", description="the webhook's id")
]


def router(c: Services) -> Router:
    routes = new_router()

    @routes.post(
        "/v1/webhooks",
        summary="send the tenant's change events (memory.created, … document.done) to a URL, signed",
        tags=[WEBHOOKS],
        security=AUTHENTICATED,
        responses=responses(
            {201: (WebhookCreated, "created; the secret is shown this once")}, 404, *BODY, *AUTH
        ),
    )
    def create_route(body: WebhookRequest) -> Response[WebhookCreated]:
        endpoint, secret = c.webhooks.create(whole_tenant(routes), body.url, body.events, body.description)
        answer = WebhookCreated(**webhook_out(endpoint).model_dump(), secret=secret)
        return Response(status_code=201, content_type=content_types.APPLICATION_JSON, body=answer)

    @routes.get(
        "/v1/webhooks",
        summary="the tenant's webhooks (without their secrets)",
        tags=[WEBHOOKS],
        security=AUTHENTICATED,
        responses=responses({200: (WebhookList, "the webhooks")}, 404, *AUTH),
    )
    def list_route() -> WebhookList:
        return WebhookList(webhooks=[webhook_out(e) for e in c.webhooks.list(whole_tenant(routes))])

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
