"""The API's own router: routes declared as powertools declares them, dispatched without powertools.

The areas declare their routes on a `Routes` (engram.api.routes), with the decorators and keywords of
powertools' `Router` (`summary=`, `tags=`, `security=`, `responses=`, …), their path and query
parameters `Annotated[T, Path(...)]` / `Annotated[T, Query(...)]`, and at most one body model.
`Router` matches a REST proxy event to one of them as powertools' `APIGatewayRestResolver` matched it
(static paths first, then `<name>` rules, a trailing slash ignored, path parameters percent-decoded as
API Gateway decodes them), and the answer is shaped as powertools shaped it, so a client sees the same
bytes. The OpenAPI document is still powertools' (engram.api.contract replays these routes into a
powertools resolver when the document is asked for); nothing of powertools' event handler is loaded
to answer any other request.

The request being answered is a `Request`, made for each call and handed along explicitly; the one
thing a route reads without being passed it (its tenant, through the `tenant()` the area was built
with) is the `Request` of its own call, kept in a `ContextVar`: each thread (and each task) sees its
own, so two requests at once never read each other's event, whatever the router they share.
"""

from __future__ import annotations

import base64
import json
import re
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Generic, TypeVar
from urllib.parse import unquote

from pydantic import BaseModel

__all__ = [
    "APPLICATION_JSON",
    "Path",
    "Query",
    "Request",
    "Response",
    "Route",
    "Router",
    "Routes",
    "current_request",
]

APPLICATION_JSON = "application/json"
T = TypeVar("T")
Func = TypeVar("Func", bound=Callable[..., Any])

# powertools' rule syntax and what a `<name>` matches (api_gateway._NAMED_GROUP_BOUNDARY_PATTERN): any
# URI character but "/"; a trailing slash is ignored (APIGatewayRestResolver._compile_regex).
_SAFE_URI = "-._~()'!*:@,;=+&$"
_UNSAFE_URI = r"%<> \[\]{}|^"
_DYNAMIC = re.compile(r"<(\w+)>")


def _group(name: str) -> str:
    return rf"(?P<{name}>[{_SAFE_URI}{_UNSAFE_URI}\w]+)"


class Param:
    """Where a parameter is read from, and its constraints: powertools' `Path`/`Query` keywords
    (`min_length`, `ge`, `pattern`, `description`, …), which pydantic applies (engram.api.validation)
    and the OpenAPI document shows (engram.api.contract)."""

    where: ClassVar[str]

    def __init__(self, **constraints: Any) -> None:
        self.constraints = constraints

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.constraints.items())})"


class Path(Param):
    where = "path"


class Query(Param):
    where = "query"


class Response(Generic[T]):
    """An answer with its own status, content type, headers or body (a model is dumped as JSON)."""

    def __init__(
        self,
        status_code: int,
        content_type: str | None = None,
        body: T | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self.status_code = status_code
        self.body = body
        self.headers: dict[str, str] = dict(headers) if headers else {}
        if content_type:
            self.headers.setdefault("Content-Type", content_type)

    def proxy(self) -> dict[str, Any]:
        """The API Gateway proxy answer, as powertools builds it for a REST event: a body that is not
        text is JSON when the content type is (compact, ASCII), bytes are base64."""
        body: Any = self.body
        if isinstance(body, BaseModel):
            body = body.model_dump(mode="json", by_alias=True)
        if not isinstance(body, str) and self.headers.get("Content-Type", "").startswith(APPLICATION_JSON):
            body = json.dumps(body, separators=(",", ":"))
        encoded = isinstance(body, bytes)
        if encoded:
            body = base64.b64encode(body).decode()
        return {
            "statusCode": self.status_code,
            "body": body,
            "isBase64Encoded": encoded,
            "multiValueHeaders": {name: [value] for name, value in self.headers.items()},
        }


@dataclass(frozen=True)
class Route:
    """One route: its method, its rule (`/v1/memories/<memory_id>`), its function, and the keywords it
    was declared with (for the OpenAPI document)."""

    method: str
    rule: str
    func: Callable[..., Any]
    options: Mapping[str, Any]
    pattern: re.Pattern[str] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        parts = _DYNAMIC.split(self.rule)  # literal, name, literal, name, …, literal
        regex = "".join(_group(part) if i % 2 else re.escape(part) for i, part in enumerate(parts))
        object.__setattr__(self, "pattern", re.compile(f"^{regex}/*$"))

    @property
    def path_names(self) -> frozenset[str]:
        return frozenset(self.pattern.groupindex)

    @property
    def static(self) -> bool:
        return not self.pattern.groupindex


class Routes:
    """Routes as an area declares them, in order; `Router` dispatches them. An area may also be given
    as a function that declares it (`defer`), called the first time a request no declared route answers
    arrives, or when every route is asked for (`complete`)."""

    def __init__(self) -> None:
        self.routes: list[Route] = []
        self._deferred: list[Callable[[], Routes]] = []
        self._lock = threading.Lock()

    def route(self, rule: str, method: str, **options: Any) -> Callable[[Func], Func]:
        def register(func: Func) -> Func:
            self.routes.append(Route(method.upper(), rule.rstrip("/"), func, options))
            return func

        return register

    def get(self, rule: str, **options: Any) -> Callable[[Func], Func]:
        return self.route(rule, "GET", **options)

    def post(self, rule: str, **options: Any) -> Callable[[Func], Func]:
        return self.route(rule, "POST", **options)

    def put(self, rule: str, **options: Any) -> Callable[[Func], Func]:
        return self.route(rule, "PUT", **options)

    def patch(self, rule: str, **options: Any) -> Callable[[Func], Func]:
        return self.route(rule, "PATCH", **options)

    def delete(self, rule: str, **options: Any) -> Callable[[Func], Func]:
        return self.route(rule, "DELETE", **options)

    def include(self, other: Routes) -> None:
        self.routes.extend(other.routes)
        self._deferred.extend(other._deferred)

    def defer(self, declare: Callable[[], Routes]) -> None:
        """An area whose routes `declare()` returns, included after every route already declared. Only
        for areas none of whose paths an earlier route would answer (the router tries the declared
        routes first): tests/unit/test_router_deferred.py holds engram's areas to that."""
        self._deferred.append(declare)

    @property
    def deferred(self) -> bool:
        return bool(self._deferred)

    def complete(self) -> list[Route]:
        """Every route, the deferred areas' declared now if they were not yet, in order."""
        with self._lock:
            while self._deferred:  # one at a time: an area that fails to load is tried again next time
                self.routes.extend(self._deferred[0]().routes)
                del self._deferred[0]
        return self.routes


class Request:
    """One REST proxy event being answered: what validation reads of it (`get` for the query forms,
    `json_body`), and what a route may ask (its tenant, the base path)."""

    def __init__(self, event: Mapping[str, Any], parse_body: Callable[[str], Any] = json.loads) -> None:
        self.event = event
        self._parse_body = parse_body

    def get(self, key: str, default: Any = None) -> Any:
        return self.event.get(key, default)

    @property
    def method(self) -> str:
        return str(self.event.get("httpMethod") or "")

    @property
    def path(self) -> str:
        return str(self.event.get("path") or "")

    @cached_property
    def json_body(self) -> Any:
        """The body parsed (None when there is none), whatever its content type: the API speaks only
        JSON, even to `curl -d`, which says it sends a form. A body not JSON raises JSONDecodeError."""
        body = self.event.get("body")
        return self._parse_body(body) if body else None

    @property
    def tenant(self) -> str | None:
        """The tenant the authorizer resolved (REST: flattened into `requestContext.authorizer`;
        HTTP-API style: under `lambda`)."""
        authorizer = (self.event.get("requestContext") or {}).get("authorizer") or {}
        value = authorizer.get("tenant") or (authorizer.get("lambda") or {}).get("tenant")
        return str(value) if value else None

    def base_path(self) -> str:
        """The prefix the API is served under: the stage when the URL carries it (API Gateway's
        execute-api host), "" at the root of a host (custom domain, `engram serve`)."""
        context = self.event.get("requestContext") or {}
        stage = context.get("stage")
        if stage and stage != "$default" and str(context.get("path") or "").startswith(f"/{stage}"):
            return f"/{stage}"
        return ""


_current: ContextVar[Request] = ContextVar("engram_request")


def current_request() -> Request:
    """The request the calling route is answering (LookupError outside of a route)."""
    return _current.get()


@contextmanager
def answering(request: Request) -> Iterator[None]:
    token = _current.set(request)
    try:
        yield
    finally:
        _current.reset(token)


class Router:
    """Dispatches REST proxy events to `routes`. `call(route, path_args, request)` runs a matched route
    and `fail(exc, request)` answers what any step raised; neither keeps anything between requests."""

    def __init__(
        self,
        routes: Routes,
        *,
        call: Callable[[Route, Mapping[str, str], Request], Any],
        fail: Callable[[Exception, Request], Response[Any]],
        not_found: Callable[[Request, list[str]], Response[Any]],
        parse_body: Callable[[str], Any] = json.loads,
    ) -> None:
        self._declared = routes
        self._index()
        self._completed = not routes.deferred
        self._lock = threading.Lock()
        self._call, self._fail, self._not_found = call, fail, not_found
        self._parse_body = parse_body

    def _index(self) -> None:
        routes = list(self._declared.routes)
        static: dict[tuple[str, str], Route] = {}
        for route in routes:
            if route.static:
                static.setdefault((route.method, route.rule), route)
        self._static, self._dynamic = static, [route for route in routes if not route.static]
        self.routes = routes

    def complete(self) -> list[Route]:
        """Every route: the deferred areas' (`Routes.defer`) are declared and indexed now if they were not
        yet. A request that misses meanwhile waits for them."""
        if not self._completed:
            with self._lock:
                if not self._completed:
                    self._declared.complete()
                    self._index()
                    self._completed = True
        return self.routes

    def match(self, method: str, path: str) -> tuple[Route, dict[str, str]] | None:
        """The route for `method` on `path` with its path parameters (percent-decoded), or None. A path
        no route declared yet answers declares the deferred areas first (`complete`) and is tried again."""
        found = self._match(method, path)
        if found is None and not self._completed:
            self.complete()
            found = self._match(method, path)
        return found

    def _match(self, method: str, path: str) -> tuple[Route, dict[str, str]] | None:
        method = method.upper()
        static = self._static.get((method, path.rstrip("/")))
        if static is not None:
            return static, {}
        for route in self._dynamic:
            if route.method == method:
                found = route.pattern.match(path)
                if found:
                    return route, {name: unquote(value) for name, value in found.groupdict().items()}
        return None

    def allowed_methods(self, path: str) -> list[str]:
        """The methods routed for `path`, sorted (empty: no route has that path)."""
        return sorted({route.method for route in self.routes if route.pattern.match(path)})

    def dispatch(self, event: Mapping[str, Any]) -> dict[str, Any]:
        """The proxy answer to `event`."""
        request = Request(event, self._parse_body)
        with answering(request):
            try:
                matched = self.match(request.method, request.path)
                if matched is None:
                    response = self._not_found(request, self.allowed_methods(request.path))
                else:
                    response = as_response(self._call(matched[0], matched[1], request))
                return response.proxy()
            except Exception as exc:
                return self._fail(exc, request).proxy()


def as_response(result: Any) -> Response[Any]:
    """A route's result as an answer: a Response as it is; anything else (a model, a dict) is 200 JSON."""
    if isinstance(result, Response):
        return result
    return Response(status_code=200, content_type=APPLICATION_JSON, body=result)
