"""The API's routes by area, each area's `router(...)` a `Routes` of its own that the API includes
(engram.api.app). A route reads its tenant through `tenant`, which answers for the request its own call
is handling (engram.api.router.current_request).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable

from engram.api.router import Routes
from engram.api.routes import memories, meta, recall
from engram.api.services import Services

# Declared the first time a request none of the routes above answers arrives (Routes.defer): a fresh
# api Lambda answering memories and searches never loads them (~5% of its cold start's instructions).
DEFERRED = ("admin", "entities", "sessions", "transfer")


def include_routes(app: Routes, services: Services, tenant: Callable[[], str]) -> None:
    """Every area's routes on `app`, in the order the document and the path matching have them."""
    app.include(meta.router(app))
    app.include(memories.router(services, tenant))
    app.include(recall.router(services, tenant))
    for area in DEFERRED:
        app.defer(functools.partial(_declare, area, services, tenant))


def _declare(area: str, services: Services, tenant: Callable[[], str]) -> Routes:
    module = importlib.import_module(f"engram.api.routes.{area}")
    routes: Routes = module.router(services, tenant)
    return routes
