"""Admin routes: `GET /v1/admin/stats`, the `engram stats` report for the caller's tenant."""

from __future__ import annotations

from collections.abc import Callable

from aws_lambda_powertools.event_handler import APIGatewayRestResolver

from engram.api.contract import ADMIN, AUTHENTICATED, responses
from engram.runtime.container import Container
from engram.usecases.janitor.stats import Stats


def register_admin(app: APIGatewayRestResolver, container: Container, tenant: Callable[[], str]) -> None:
    from engram.runtime.janitor_wiring import janitor_state  # the container store's own adapter

    state = janitor_state(container)

    @app.get(
        "/v1/admin/stats",
        summary="the caller's memories per status and enrichment state, and its usage against its quotas",
        tags=[ADMIN],
        security=AUTHENTICATED,
        responses=responses({200: (Stats, "the caller's counts")}, 401, 429),
    )
    def stats_route() -> Stats:
        from engram.usecases.janitor.stats import collect_stats
        from engram.usecases.keys import tenant_usage

        who = tenant()
        stats = collect_stats(state, container.queue, state, who, service_wide=False)
        stats.usage = tenant_usage(container.keys, who, stats.status, container.transcripts, container.store)
        return stats
