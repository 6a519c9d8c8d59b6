"""The API's routes by area, each a powertools `Router` the resolver includes (engram.api.app).

A `Router` reads its event through the resolver it was last included in, so each area's `router(...)`
builds a fresh router for one resolver; none is shared at module level.
"""

from __future__ import annotations

from aws_lambda_powertools.event_handler import APIGatewayRestResolver

from engram.api.routes import admin, documents, entities, memories, meta, recall, sessions, transfer, webhooks
from engram.api.routes import context as context_routes
from engram.api.services import Services


def include_routes(app: APIGatewayRestResolver, services: Services) -> None:
    """Every area's routes on `app`, in the order the document and the path matching have them."""
    app.include_router(meta.router(app))
    app.include_router(memories.router(services))
    app.include_router(recall.router(services))
    app.include_router(context_routes.router(services))
    app.include_router(admin.router(services))
    app.include_router(entities.router(services))
    app.include_router(sessions.router(services))
    app.include_router(transfer.router(services))
    app.include_router(documents.router(services))
    app.include_router(webhooks.router(services))
