"""Admin routes: `GET /v1/admin/stats`, the `engram stats` report for the caller's tenant."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engram.api.contract import ADMIN, AUTHENTICATED, responses
from engram.api.router import Routes
from engram.api.services import Services
from engram.usecases.janitor.stats import Stats

if TYPE_CHECKING:
    from aws_lambda_powertools.event_handler import APIGatewayRestResolver


def router(c: Services, tenant: Callable[[], str]) -> Routes:
    routes = Routes()

    @routes.get(
        "/v1/admin/stats",
        summary="the caller's memories per status and enrichment state, and its usage against its quotas",
        tags=[ADMIN],
        security=AUTHENTICATED,
        responses=responses({200: (Stats, "the caller's counts")}, 401, 429),
    )
    def stats_route() -> Stats:
        return c.tenant_stats(tenant())

    return routes


def register_admin(app: APIGatewayRestResolver, services: Services, tenant: Callable[[], str]) -> None:
    """The admin routes on a powertools resolver (a test's plain one), reading `tenant` per request."""
    from engram.api.contract import replay

    replay(app, router(services, tenant).routes)
