"""The context route: `POST /v1/context`, a prompt-ready block of a user's memory within a token budget."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.api_gateway import Router

from engram.api.context import ContextRequest, ContextResponse, context_query, context_response
from engram.api.contract import AUTH, AUTHENTICATED, BODY, RECALL, responses
from engram.api.routing import new_router, tenant_for
from engram.api.services import Services


def router(c: Services) -> Router:
    routes = new_router()

    @routes.post(
        "/v1/context",
        summary="context in one call: current memories for a query or conversation, within a token budget",
        tags=[RECALL],
        security=AUTHENTICATED,
        responses=responses(
            {200: (ContextResponse, "the block, and its items with why each was chosen")}, *BODY, *AUTH, 503
        ),
    )
    def context_route(body: ContextRequest) -> ContextResponse:
        return context_response(c.context(context_query(tenant_for(routes, body.user_id), body)))

    return routes
