"""A powertools REST resolver whose per-request state belongs to the request's own thread.

powertools keeps the request being handled on the router *class*: `resolve()` assigns
`BaseRouter.current_event` and `BaseRouter.lambda_context`, and every resolver instance reads them
back through `self.current_event`. One event at a time per Lambda instance makes that safe on
Lambda; a threaded server does not, because a request could read another request's event (its
tenant, its body, its query) half-way through. Here those slots, and the per-request `context`
dict, are properties backed by a `threading.local`, so whatever `resolve()` writes on the class,
what this resolver reads is the event its own thread is handling.

`tests/e2e/test_tenant_isolation.py` drives two tenants at once through real HTTP and checks every
item; `tests/unit/test_resolver_isolation.py` pins the library behaviour this relies on.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote

from aws_lambda_powertools.event_handler import APIGatewayRestResolver
from aws_lambda_powertools.event_handler.api_gateway import Route, Router
from aws_lambda_powertools.utilities.data_classes.common import BaseProxyEvent
from aws_lambda_powertools.utilities.typing import LambdaContext

# powertools' event handler logs route arguments (the parsed request body among them) at DEBUG, before
# any redaction could run; a body may carry a secret. Its loggers stay at INFO whatever the service's
# log level, so debugging engram never writes what a user asked it not to keep.
logging.getLogger("aws_lambda_powertools.event_handler").setLevel(logging.INFO)


class IsolationBroken(RuntimeError):
    """The library handed a route another request's event. Answered as a 500, never served."""


class RequestScopedResolver(APIGatewayRestResolver):
    def __init__(self, **options: Any) -> None:
        self._request = threading.local()  # before super().__init__, which assigns self.context
        super().__init__(**options)

    def resolve(self, event: Mapping[str, Any], context: Any) -> dict[str, Any]:
        self._request.event = self._to_proxy_event(dict(event))
        self._request.lambda_context = context
        self._request.tenant = authorizer_tenant(event)
        try:
            return super().resolve(event, context)
        finally:
            del self._request.event, self._request.lambda_context, self._request.tenant

    def tenant(self) -> str | None:
        """The tenant of the request this thread is resolving, from the raw event it was given,
        checked against the event the library hands the routes: if those ever differ, the request
        fails rather than act for another tenant."""
        expected: str | None = self._request.tenant
        if authorizer_tenant(self.current_event.raw_event) != expected:
            raise IsolationBroken("the event being resolved is not this request's event")
        return expected

    def _convert_matches_into_route_keys(self, match: re.Match[str]) -> dict[str, str]:
        """Path parameters percent-decoded, as API Gateway decodes `pathParameters` (the library
        reads them from the still-encoded `path`), so they are validated as the caller meant them."""
        return {name: unquote(value) for name, value in match.groupdict().items()}

    def base_path(self) -> str:
        """The prefix the API is served under for this request: the stage when the URL carries it
        (API Gateway's execute-api host), "" at the root of a host (custom domain, `engram serve`)."""
        return self._get_base_path()

    def allowed_methods(self, path: str) -> list[str]:
        """The methods this resolver routes for `path`, sorted (empty: no route has that path)."""
        return sorted({route.method for route in self.routes() if route.rule.match(path)})

    def routes(self) -> list[Route]:
        """Every route this resolver has, as powertools holds them."""
        return self._static_routes + self._dynamic_routes

    @property  # type: ignore[override]
    def current_event(self) -> BaseProxyEvent:
        try:
            return self._request.event  # type: ignore[no-any-return]
        except AttributeError:
            raise IsolationBroken("no request is being resolved on this thread") from None

    @current_event.setter
    def current_event(self, value: BaseProxyEvent) -> None:
        self._request.event = value

    @property
    def lambda_context(self) -> LambdaContext:
        return getattr(self._request, "lambda_context", None)  # type: ignore[return-value]

    @lambda_context.setter
    def lambda_context(self, value: LambdaContext) -> None:
        self._request.lambda_context = value

    @property
    def context(self) -> dict[str, Any]:
        slot = getattr(self._request, "context", None)
        if slot is None:
            slot = self._request.context = {}
        return slot

    @context.setter
    def context(self, value: dict[str, Any]) -> None:
        self._request.context = value


def new_router() -> Router:
    """An empty powertools Router (its constructor is untyped). Build one per resolver: once included,
    it reads its request through that resolver (engram.api.routes)."""
    return Router()  # type: ignore[no-untyped-call]


def authorizer_tenant(event: Mapping[str, Any]) -> str | None:
    """The tenant the authorizer resolved, read from the raw proxy event (REST: flattened into
    `requestContext.authorizer`; HTTP-API style: under `lambda`)."""
    authorizer = (event.get("requestContext") or {}).get("authorizer") or {}
    value = authorizer.get("tenant") or (authorizer.get("lambda") or {}).get("tenant")
    return str(value) if value else None
