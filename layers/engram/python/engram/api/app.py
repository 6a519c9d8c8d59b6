"""The HTTP API: powertools routes shared by the api Lambda and `engram serve`.

`EngramApi(services)` is one resolver with every area's routes (engram.api.routes) over the services
it is given (engram.api.services: the composition root's container is one), and the checks that run
before any route.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.event_handler import Response, content_types

from engram.api import errors
from engram.api.body import MalformedBody, parse_json, text_body
from engram.api.resolver import RequestScopedResolver
from engram.api.routes import include_routes
from engram.api.services import Services
from engram.api.validation import RequestValidation
from engram.domain.errors import PayloadTooLarge, RateLimited, Unauthorized
from engram.observability import logger
from engram.usecases.keys import admit

__all__ = ["EngramApi", "build_resolver"]


class EngramApi:
    """The resolver plus the checks that must run before any route (body encoding and size, and the
    request rate of the key the authorizer found)."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.app = build_resolver(services)

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
        response: dict[str, Any] = self.app.resolve(_as_json(event), context)
        logger.info(
            "request",
            extra={
                "method": event.get("httpMethod"),
                "path": event.get("path"),
                "status": response["statusCode"],
            },
        )
        return response


def build_resolver(services: Services) -> RequestScopedResolver:
    """A resolver with its own routers (never shared with another resolver: see engram.api.routes).
    Building it reads nothing of `services`; a route reads what it uses when it runs. Its routes'
    inputs are validated by engram.api.validation, not by powertools' `enable_validation`."""
    app = RequestScopedResolver(json_body_deserializer=parse_json)
    validation = RequestValidation()
    app.use([validation])
    errors.register(app)

    def tenant() -> str:
        """The tenant the authorizer resolved from the API key; never from the request body."""
        value = app.tenant()
        if not value:
            raise Unauthorized("no tenant on the request; is the authorizer configured?")
        return str(value)

    include_routes(app, services, tenant)
    for route in app.routes():
        validation.declare(route.func, frozenset(route.rule.groupindex))  # the path's parameters
    return app


def _as_json(event: dict[str, Any]) -> dict[str, Any]:
    """The API speaks only JSON: a body sent with another (or no) content type, as `curl -d` does,
    is read as JSON rather than as a form."""
    headers = {k: v for k, v in (event.get("headers") or {}).items() if k.lower() != "content-type"}
    multi = {k: v for k, v in (event.get("multiValueHeaders") or {}).items() if k.lower() != "content-type"}
    headers["Content-Type"] = "application/json"
    multi["Content-Type"] = ["application/json"]
    return {**event, "headers": headers, "multiValueHeaders": multi}


def _raw(response: Response[Any]) -> dict[str, Any]:
    return {
        "statusCode": response.status_code,
        "headers": {"Content-Type": content_types.APPLICATION_JSON},
        "multiValueHeaders": {},
        "body": response.body,
        "isBase64Encoded": False,
    }
