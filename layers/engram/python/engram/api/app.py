"""The HTTP API: the routes shared by the api Lambda and `engram serve`.

`EngramApi(services)` is one router (engram.api.router) with every area's routes (engram.api.routes)
over the services it is given (engram.api.services: the composition root's container is one), and the
checks that run before any route. It keeps no request between calls: one EngramApi answers any number
of requests at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engram.api import errors
from engram.api.body import MalformedBody, parse_json, text_body
from engram.api.router import APPLICATION_JSON, Request, Response, Route, Router, Routes, current_request
from engram.api.routes import include_routes
from engram.api.services import Services
from engram.api.validation import RouteValidation
from engram.domain.errors import PayloadTooLarge, RateLimited, Unauthorized
from engram.observability import logger
from engram.usecases.keys import admit

__all__ = ["EngramApi", "build_router"]


class EngramApi:
    """The router plus the checks that must run before any route (body encoding and size, and the
    request rate of the key the authorizer found)."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.app = build_router(services)

    def handle(self, event: dict[str, Any], context: Any) -> dict[str, Any]:
        try:
            body = text_body(event)
        except MalformedBody as exc:
            return _raw(errors.error_response(400, "malformed_json", str(exc)))
        size = len(body.encode("utf-8", "surrogatepass")) if body else 0
        limit = self.services.settings.max_body_bytes
        if size > limit:
            too_large = errors.error_response(
                413, PayloadTooLarge.code, f"request body is {size} bytes; the limit is {limit}"
            )
            return _raw(too_large)
        authorizer = (event.get("requestContext") or {}).get("authorizer") or {}
        try:
            admit(self.services.keys, authorizer, self.services.clock.now())
        except RateLimited as exc:
            limited = errors.rate_limited(exc)
            return {**_raw(limited), "headers": {**_raw(limited)["headers"], **limited.headers}}
        event = {**event, "body": body, "isBase64Encoded": False}
        response = self.app.dispatch(event)
        logger.info(
            "request",
            extra={
                "method": event.get("httpMethod"),
                "path": event.get("path"),
                "status": response["statusCode"],
            },
        )
        return response


def build_router(services: Services) -> Router:
    """A router over every area's routes. Building it reads nothing of `services`; a route reads what it
    uses when it runs. Its routes' inputs are validated by engram.api.validation before they run."""
    validation = RouteValidation()

    def call(route: Route, path_args: Mapping[str, str], request: Request) -> Any:
        arguments = validation.inputs(route.func, route.path_names).arguments(path_args, request)
        return route.func(**arguments)

    def fail(exc: Exception, request: Request) -> Response[str]:
        return errors.answer(exc)

    def not_found(request: Request, allowed: list[str]) -> Response[str]:
        return errors.not_found(request.method, request.path, allowed)

    def tenant() -> str:
        """The tenant the authorizer resolved from the API key for the request being answered; never
        from the request body."""
        value = current_request().tenant
        if not value:
            raise Unauthorized("no tenant on the request; is the authorizer configured?")
        return value

    routes = Routes()
    include_routes(routes, services, tenant)
    return Router(routes, call=call, fail=fail, not_found=not_found, parse_body=parse_json)


def _raw(response: Response[Any]) -> dict[str, Any]:
    return {
        "statusCode": response.status_code,
        "headers": {"Content-Type": APPLICATION_JSON},
        "multiValueHeaders": {},
        "body": response.body,
        "isBase64Encoded": False,
    }
