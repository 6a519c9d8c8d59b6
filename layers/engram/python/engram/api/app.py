"""The HTTP API: powertools routes shared by the api Lambda and `engram serve`.

`EngramApi(services)` is one validating `APIGatewayRestResolver` with every area's `Router` and the
pre-route checks. A resolver holds the request it answers, so one EngramApi answers one request at a
time: a concurrent server keeps one per request in flight (engram.runtime.server's pool).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote

from aws_lambda_powertools.event_handler import APIGatewayRestResolver, Response, content_types
from aws_lambda_powertools.utilities.data_classes.common import BaseProxyEvent

from engram.api import errors, idempotency
from engram.api.body import MalformedBody, parse_json, text_body
from engram.api.routes import include_routes
from engram.api.routing import claims
from engram.api.services import Services
from engram.domain.errors import EngramError, NotOffered, PayloadTooLarge, RateLimited
from engram.observability import logger
from engram.usecases.keys import admit

__all__ = ["EngramApi", "EngramResolver", "build_resolver"]

# powertools' event handler logs route arguments (the parsed request body among them) at DEBUG; a body
# may carry a secret. Its loggers stay at INFO whatever the service's log level.
logging.getLogger("aws_lambda_powertools.event_handler").setLevel(logging.INFO)


class EngramResolver(APIGatewayRestResolver):
    """powertools' REST resolver, holding its request on itself. powertools stores the event being
    resolved on its `BaseRouter` class, which every resolver of the process reads: this one keeps its
    own on the instance, so two resolvers answering at once (one per request) never read each other's.
    Path parameters are percent-decoded, as API Gateway decodes `pathParameters`."""

    def _to_proxy_event(self, event: dict[str, Any]) -> BaseProxyEvent:
        proxy = super()._to_proxy_event(event)
        self.current_event = proxy  # type: ignore[assignment]
        return proxy

    def _convert_matches_into_route_keys(self, match: re.Match[str]) -> dict[str, str]:
        return {name: unquote(value) for name, value in match.groupdict().items()}

    def allowed_methods(self, path: str) -> list[str]:
        """The methods routed for `path`, sorted (empty: no route has that path)."""
        routes = self._static_routes + self._dynamic_routes
        return sorted({route.method for route in routes if route.rule.match(path)})


class EngramApi:
    """The resolver plus the checks that must run before any route (body encoding and size, and the
    request rate of the key the authorizer found), and the `Idempotency-Key` of a write around it.
    Answers one request at a time."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.app = build_resolver(services)
        self._idempotency: idempotency.Idempotency | None = None  # built by the first keyed write

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
            return _raw(errors.rate_limited(exc))
        event = {**event, "body": body, "isBase64Encoded": False}
        try:
            response = self._answer(event, context)
        except EngramError as exc:  # the Idempotency-Key's errors
            response = _raw(errors.domain(exc))
        logger.info(
            "request",
            extra={
                "method": event.get("httpMethod"),
                "path": event.get("path"),
                "status": response["statusCode"],
            },
        )
        return response

    def _answer(self, event: dict[str, Any], context: Any) -> dict[str, Any]:
        """The route's answer; for a write with an `Idempotency-Key`, through the idempotency utility."""

        def resolve() -> dict[str, Any]:
            answer: dict[str, Any] = self.app.resolve(_as_json(event), context)
            return answer

        tenant = _tenant(event)
        key = idempotency.key_of(event) if tenant and idempotency.applies(event) else None
        if key is None or tenant is None:
            return resolve()
        store = self.services.idempotency_store
        if store is None:
            raise NotOffered(
                f"this deployment keeps no idempotency records (ENGRAM_IDEMPOTENCY_TABLE is not set);"
                f" send the request without {idempotency.HEADER}"
            )
        if self._idempotency is None:
            self._idempotency = idempotency.Idempotency(store)
        return self._idempotency(tenant, key, event, context, resolve)


def _tenant(event: Mapping[str, Any]) -> str | None:
    """The tenant the authorizer found, or None."""
    found = claims((event.get("requestContext") or {}).get("authorizer") or {}).get("tenant")
    return str(found) if found else None


def build_resolver(services: Services) -> EngramResolver:
    """A resolver with its own routers (never shared with another resolver: engram.api.routes).
    Building it reads nothing of `services`; a route reads what it uses when it runs."""
    app = EngramResolver(enable_validation=True, json_body_deserializer=parse_json)
    errors.register(app)
    include_routes(app, services)
    return app


def _as_json(event: Mapping[str, Any]) -> dict[str, Any]:
    """The API speaks only JSON: a body sent with another (or no) content type, as `curl -d` does,
    is read as JSON rather than as a form."""
    headers = {k: v for k, v in (event.get("headers") or {}).items() if k.lower() != "content-type"}
    multi = {k: v for k, v in (event.get("multiValueHeaders") or {}).items() if k.lower() != "content-type"}
    headers["Content-Type"] = content_types.APPLICATION_JSON
    multi["Content-Type"] = [content_types.APPLICATION_JSON]
    return {**event, "headers": headers, "multiValueHeaders": multi}


def _raw(response: Response[Any]) -> dict[str, Any]:
    return {
        "statusCode": response.status_code,
        "headers": {"Content-Type": content_types.APPLICATION_JSON, **response.headers},
        "multiValueHeaders": {},
        "body": response.body,
        "isBase64Encoded": False,
    }
