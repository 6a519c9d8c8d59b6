"""Meta routes: `GET /v1/health`, the OpenAPI document and its Swagger UI."""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.api_gateway import Router

from engram import __version__
from engram.api.contract import META, document, responses, swagger_page
from engram.api.resolver import RequestScopedResolver, new_router
from engram.api.schemas import Health


def router(app: RequestScopedResolver) -> Router:
    """The routes that describe `app` itself (its document is served under its own base path)."""
    routes = new_router()

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
        return document(app, app.base_path())

    @routes.get("/v1/docs", summary="Swagger UI over this document", include_in_schema=False)
    def docs() -> Response[str]:
        page = swagger_page(document(app, app.base_path()))
        return Response(status_code=200, content_type="text/html; charset=utf-8", body=page)

    return routes
