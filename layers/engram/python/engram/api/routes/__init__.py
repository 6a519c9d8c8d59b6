"""The API's routes by area, each a powertools `Router` the resolver includes (`engram.api.app`).

powertools keeps the request being handled on the router: once included, a `Router` reads its event
and context through the resolver it was included in (`router.api_resolver`). So a router is built for
one resolver, by its area's `router(...)`, and never shared: `engram serve` resolves concurrent
requests on distinct resolvers, and a module-level router would answer them all through the last one.
Every route reads its tenant through `tenant`, the resolver's own per-thread reading of its request.
"""

from __future__ import annotations

from collections.abc import Callable

from engram.api.resolver import RequestScopedResolver
from engram.api.routes import admin, entities, memories, meta, recall, sessions, transfer
from engram.api.services import Services


def include_routes(app: RequestScopedResolver, services: Services, tenant: Callable[[], str]) -> None:
    """Every area's routes on `app`, in the order the document and the path matching have them."""
    app.include_router(meta.router(app))
    app.include_router(memories.router(services, tenant))
    app.include_router(recall.router(services, tenant))
    app.include_router(admin.router(services, tenant))
    app.include_router(entities.router(services, tenant))
    app.include_router(sessions.router(services, tenant))
    app.include_router(transfer.router(services, tenant))
