"""Meta routes: `GET /v1/health`, the OpenAPI document and its Swagger UI."""

from __future__ import annotations

import functools
import json
from typing import Any

from engram import __version__
from engram.api.contract import META, document, responses, swagger_page
from engram.api.router import Response, Routes, current_request
from engram.api.schemas import Health


def router(app: Routes) -> Routes:
    """The routes that describe `app` itself (its document is served under the request's base path)."""
    routes = Routes()

    @functools.lru_cache(maxsize=4)  # a base path is a stage or "": one or two per process
    def described(base_path: str) -> str:
        """The document as JSON text, built once per base path: building it replays every route into
        a powertools resolver, 0.1-0.3 s, and the routes do not change once all are declared."""
        return json.dumps(document(app.complete(), base_path))

    @routes.get(
        "/v1/health",
        summary="liveness",
        tags=[META],
        responses=responses({200: (Health, "the service is up")}, 429),
    )
    def health() -> Health:
        return Health(version=__version__)

    @routes.get(
        "/v1/openapi.json",
        summary="this OpenAPI document",
        tags=[META],
        responses={200: {"description": "the OpenAPI 3.1 document"}, 429: responses({}, 429)[429]},
    )
    def openapi() -> dict[str, Any]:
        doc: dict[str, Any] = json.loads(described(current_request().base_path()))
        return doc

    @routes.get("/v1/docs", summary="Swagger UI over this document", include_in_schema=False)
    def docs() -> Response[str]:
        page = swagger_page(json.loads(described(current_request().base_path())))
        return Response(status_code=200, content_type="text/html; charset=utf-8", body=page)

    return routes
