"""Meta routes: `GET /v1/health`, the OpenAPI document and its Swagger UI."""

from __future__ import annotations

import functools
import json
from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayRestResolver, Response
from aws_lambda_powertools.event_handler.api_gateway import Router

from engram import __version__
from engram.api.base import Health
from engram.api.contract import META, document, responses, swagger_page
from engram.api.routing import new_router


def router(app: APIGatewayRestResolver) -> Router:
    """The routes that describe `app` itself (its document is served under the request's base path)."""
    routes = new_router()

    @functools.lru_cache(maxsize=4)  # a base path is a stage or "": one or two per resolver
    def described(base_path: str) -> str:
        """The document as JSON text, built once per base path (powertools takes 0.1-0.3 s to build it,
        and the routes do not change once the resolver is built)."""
        return json.dumps(document(app, base_path))

    def base_path() -> str:
        """The prefix the API is served under: the stage when the URL carries it (API Gateway's
        execute-api host), "" at the root of a host (custom domain, `engram serve`)."""
        context = app.current_event.request_context
        stage, path = context.stage, context.path or ""
        return f"/{stage}" if stage and stage != "$default" and path.startswith(f"/{stage}") else ""

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
        doc: dict[str, Any] = json.loads(described(base_path()))
        return doc

    @routes.get("/v1/docs", summary="Swagger UI over this document", include_in_schema=False)
    def docs() -> Response[str]:
        page = swagger_page(json.loads(described(base_path())))
        return Response(status_code=200, content_type="text/html; charset=utf-8", body=page)

    return routes
