"""Every error the API can answer with, mapped to HTTP in this one place: `register` installs the
resolver's exception handlers. `STATUS` is the whole table: a typed error answers with the status of
its nearest class in it; an `EngramError` not in it is a bug, answered 500 and logged, never guessed
as a client error. A dependency outage (search index, embedding model) is a 503 with `Retry-After`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.exceptions import NotFoundError
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError

from engram.api.base import ErrorBody, ErrorDetail
from engram.domain.errors import (
    Conflict,
    DependencyUnavailable,
    EngramError,
    IdempotencyInProgress,
    InvalidRequest,
    MemoryNotFound,
    NotOffered,
    PayloadTooLarge,
    PiiRejected,
    QuotaExceeded,
    RateLimited,
    Unauthorized,
)
from engram.domain.quotas import retry_after_header
from engram.observability import logger

if TYPE_CHECKING:
    from engram.api.app import EngramResolver

STATUS: dict[type[EngramError], int] = {
    Unauthorized: 401,
    QuotaExceeded: 403,
    MemoryNotFound: 404,
    Conflict: 409,
    PayloadTooLarge: 413,
    InvalidRequest: 422,  # InvalidCursor included
    PiiRejected: 422,
    RateLimited: 429,  # with Retry-After: when the key's bucket holds a token again
    DependencyUnavailable: 503,  # IndexUnavailable, EmbeddingError
    NotOffered: 501,  # a deployment built without it (an idempotency table on AWS)
}
RETRY_AFTER_S = 5  # on a 503: long enough for a timeout or a throttled dependency to clear


def status_of(exc: EngramError) -> int | None:
    """The status of the nearest class of `exc` in the table; None when it is not mapped."""
    return next((STATUS[cls] for cls in type(exc).__mro__ if cls in STATUS), None)


def error_response(
    status: int,
    error: str,
    message: str,
    details: list[ErrorDetail] | None = None,
    headers: Mapping[str, str] | None = None,
) -> Response[str]:
    body = ErrorBody(error=error, message=_printable(message), details=details or [])
    return Response(
        status_code=status,
        content_type=content_types.APPLICATION_JSON,
        body=body.model_dump_json(),
        headers=dict(headers or {}),
    )


def rate_limited(exc: RateLimited) -> Response[str]:
    wait = float(exc.detail.get("retry_after_s") or 1)  # type: ignore[arg-type]
    return error_response(429, exc.code, exc.message, headers={"Retry-After": retry_after_header(wait)})


def internal_error() -> Response[str]:
    return error_response(500, "internal_error", "something went wrong on our side; it has been logged")


def _printable(text: str) -> str:
    """Text as it can go out in JSON: a lone surrogate (which a request can smuggle into a field
    name through a JSON escape) is shown escaped instead of failing the response."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _path(loc: Any) -> str:
    return _printable(".".join(str(part) for part in loc))


def register(app: EngramResolver) -> None:
    """The answers to what a request on `app` raises: invalid input 422 (a body that is not JSON 400),
    a typed error its status, an unrouted path 404 (405 with `Allow` where the path is routed for
    other methods), anything else 500 (logged with its trace)."""

    @app.exception_handler(RequestValidationError)  # type: ignore[untyped-decorator]
    def _validation(exc: RequestValidationError) -> Response[str]:
        return invalid(exc.errors())

    @app.exception_handler(EngramError)  # type: ignore[untyped-decorator]
    def _domain(exc: EngramError) -> Response[str]:
        return domain(exc)

    @app.not_found
    def _not_found(exc: NotFoundError) -> Response[str]:
        event = app.current_event
        return not_found(event.http_method, event.path, app.allowed_methods(event.path))

    @app.exception_handler(Exception)  # type: ignore[untyped-decorator]
    def _unexpected(exc: Exception) -> Response[str]:
        logger.exception("unhandled error")
        return internal_error()


def not_found(method: str, path: str, allowed: list[str]) -> Response[str]:
    """No route for `method` on `path`: 405 with `Allow` when the path is routed for other methods
    (`allowed`), 404 when it is not routed at all."""
    if allowed:
        return error_response(
            405,
            "method_not_allowed",
            f"{method} is not allowed on {path}; use {', '.join(allowed)}",
            headers={"Allow": ", ".join(allowed)},
        )
    return error_response(404, "not_found", f"no route {method} {path}")


def invalid(errors: Sequence[Any]) -> Response[str]:
    """422 naming each invalid field by its path (`body.content`, `query.limit`); 400 when the body
    is not JSON at all."""
    if any(e.get("type") == "json_invalid" for e in errors):
        return error_response(400, "malformed_json", "the request body is not valid JSON")
    details = [
        ErrorDetail(
            path=_path(e.get("loc", ())),
            message=_printable(str(e.get("msg", ""))),
            type=str(e.get("type", "")),
        )
        for e in errors
    ]
    summary = "; ".join(f"{d.path}: {d.message}" for d in details[:5])
    return error_response(422, "validation_error", summary or "invalid request", details)


def domain(exc: EngramError) -> Response[str]:
    status = status_of(exc)
    if status is None:
        logger.exception("unmapped error", extra={"error": exc.code})
        return internal_error()
    if status == 503:
        logger.warning("dependency unavailable", extra={"error": exc.code, "reason": exc.message})
        return error_response(
            503,
            exc.code,
            "a service engram depends on is unavailable; retry later",
            headers={"Retry-After": str(RETRY_AFTER_S)},
        )
    if isinstance(exc, RateLimited):
        return rate_limited(exc)
    if isinstance(exc, IdempotencyInProgress):  # the first request under the key ends within seconds
        return error_response(409, exc.code, exc.message, headers={"Retry-After": "1"})
    details = []
    if "field" in exc.detail:
        where = exc.detail.get("location", "body")  # a query parameter's error says "query"
        details = [ErrorDetail(path=f"{where}.{exc.detail['field']}", message=exc.message, type=exc.code)]
    return error_response(status, exc.code, exc.message, details)
