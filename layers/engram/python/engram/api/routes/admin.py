"""Admin routes: `GET /v1/admin/stats`, the `engram stats` report for the caller's tenant."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.api_gateway import Router

from engram.api.contract import ADMIN, AUTHENTICATED, responses
from engram.api.routing import new_router, whole_tenant
from engram.api.services import Services
from engram.usecases.janitor.stats import Stats


def router(c: Services) -> Router:
    routes = new_router()

    @routes.get(
        "/v1/admin/stats",
        summary="the caller's memories per status and enrichment state, and its usage against its quotas",
        tags=[ADMIN],
        security=AUTHENTICATED,
        responses=responses({200: (Stats, "the caller's counts")}, 401, 429),
    )
    def stats_route() -> Stats:
        return c.tenant_stats(whole_tenant(routes))

    return routes
