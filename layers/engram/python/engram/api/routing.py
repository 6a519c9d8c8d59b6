"""What every area's routes share: a powertools `Router` of their own, and the caller's tenant and users.

A `Router` included in a resolver reads the request through that resolver (`router.current_event`),
so an area's router is built for one resolver, by its `router(...)`, and never shared.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.utilities.data_classes import APIGatewayProxyEvent

from engram.domain.errors import MemoryNotFound, Unauthorized
from engram.domain.key_rules import allowed_users, check_user
from engram.domain.models import Memory


def new_router() -> Router:
    """An empty powertools Router (its constructor is untyped)."""
    return Router()  # type: ignore[no-untyped-call]


def claims(authorizer: Mapping[str, Any]) -> Mapping[str, Any]:
    """What the authorizer said of the request's key, from `requestContext.authorizer` (REST: flattened
    there; HTTP-API style: under `lambda`)."""
    nested = authorizer.get("lambda")
    return nested if isinstance(nested, Mapping) and "tenant" in nested else authorizer


def _authorizer(routes: Router) -> Mapping[str, Any]:
    return claims(cast(APIGatewayProxyEvent, routes.current_event).request_context.authorizer)


def tenant(routes: Router) -> str:
    """The tenant the authorizer resolved from the API key of the request `routes` is answering, never
    from the request body."""
    value = _authorizer(routes).get("tenant")
    if not value:
        raise Unauthorized("no tenant on the request; is the authorizer configured?")
    return str(value)


def tenant_for(routes: Router, *user_ids: str) -> str:
    """The tenant, once the key may touch every one of `user_ids`: a key restricted to some users
    (`engram keys create --users`) gets 404 for any other, as for what does not exist."""
    for user_id in user_ids:
        check_user(_authorizer(routes), user_id)
    return tenant(routes)


def whole_tenant(routes: Router) -> str:
    """The tenant, for a route over all of its users (its stats, an import): 404 for a key restricted
    to some users."""
    if allowed_users(_authorizer(routes)) is not None:
        raise MemoryNotFound("not found")
    return tenant(routes)


def memory_tenant(routes: Router, read: Callable[[str, str], Memory], memory_id: str) -> str:
    """The tenant, once the key may touch memory `memory_id` (read first only for a key restricted
    to some users: 404 when it is another user's)."""
    who = tenant(routes)
    if allowed_users(_authorizer(routes)) is not None:
        tenant_for(routes, read(who, memory_id).user_id)
    return who
