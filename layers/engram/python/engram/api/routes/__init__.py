"""The API's routes by area, each area's `router(...)` a `Routes` of its own that the API includes
(engram.api.app). A route reads its tenant through `tenant`, which answers for the request its own call
is handling (engram.api.router.current_request).
"""

from __future__ import annotations

from collections.abc import Callable

from engram.api.router import Routes
from engram.api.routes import admin, entities, memories, meta, recall, sessions, transfer
from engram.api.services import Services


def include_routes(app: Routes, services: Services, tenant: Callable[[], str]) -> None:
    """Every area's routes on `app`, in the order the document and the path matching have them."""
    app.include(meta.router(app))
    app.include(memories.router(services, tenant))
    app.include(recall.router(services, tenant))
    app.include(admin.router(services, tenant))
    app.include(entities.router(services, tenant))
    app.include(sessions.router(services, tenant))
    app.include(transfer.router(services, tenant))
