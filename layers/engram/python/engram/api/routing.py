"""What every area's routes share: a powertools `Router` of their own, and the caller's tenant.

A `Router` included in a resolver reads the request through that resolver (`router.current_event`),
so an area's router is built for one resolver, by its `router(...)`, and never shared.
"""

from __future__ import annotations

from typing import cast

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEvent

from engram.domain.errors import Unauthorized


def new_router() -> Router:
    """An empty powertools Router (its constructor is untyped)."""
    return Router()  # type: ignore[no-untyped-call]


def tenant(routes: Router) -> str:
    """The tenant the authorizer resolved from the API key of the request `routes` is answering, never
    from the request body (REST: flattened into `requestContext.authorizer`; HTTP-API style: under
    `lambda`)."""
    authorizer = cast(APIGatewayProxyEvent, routes.current_event).request_context.authorizer
    value = authorizer.get("tenant") or (authorizer.get("lambda") or {}).get("tenant")
    if not value:
        raise Unauthorized("no tenant on the request; is the authorizer configured?")
    return str(value)
