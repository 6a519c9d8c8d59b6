"""Every error the API can answer with, mapped to HTTP in this one place."""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.event_handler import APIGatewayRestResolver, Response, content_types
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError

from engram.api.schemas import ErrorBody, ErrorDetail
from engram.domain.errors import (
    Conflict,
    EngramError,
    InvalidRequest,
    MemoryNotFound,
    PayloadTooLarge,
    PiiRejected,
    Unauthorized,
)
from engram.observability import logger

_STATUS: dict[type[EngramError], int] = {
    MemoryNotFound: 404,
    Unauthorized: 401,
    PayloadTooLarge: 413,
    PiiRejected: 422,
    InvalidRequest: 422,
    Conflict: 409,
}


def error_response(
    status: int, error: str, message: str, details: list[ErrorDetail] | None = None
) -> Response:
    body = ErrorBody(error=error, message=message, details=details or [])
    return Response(
        status_code=status, content_type=content_types.APPLICATION_JSON, body=body.model_dump_json()
    )


def _path(loc: Any) -> str:
    return ".".join(str(part) for part in loc)


def register(app: APIGatewayRestResolver) -> None:
    @app.exception_handler(RequestValidationError)
    def _validation(exc: RequestValidationError) -> Response:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return error_response(400, "malformed_json", "the request body is not valid JSON")
        details = [
            ErrorDetail(
                path=_path(e.get("loc", ())), message=str(e.get("msg", "")), type=str(e.get("type", ""))
            )
            for e in errors
        ]
        summary = "; ".join(f"{d.path}: {d.message}" for d in details[:5])
        return error_response(422, "validation_error", summary or "invalid request", details)

    @app.exception_handler(EngramError)
    def _domain(exc: EngramError) -> Response:
        status = next((s for cls, s in _STATUS.items() if isinstance(exc, cls)), 400)
        details = []
        if "field" in exc.detail:
            details = [ErrorDetail(path=f"body.{exc.detail['field']}", message=exc.message, type=exc.code)]
        return error_response(status, exc.code, exc.message, details)

    @app.not_found
    def _not_found(exc: Exception) -> Response:
        event = app.current_event
        return error_response(404, "not_found", f"no route {event.http_method} {event.path}")

    @app.exception_handler(Exception)
    def _unexpected(exc: Exception) -> Response:
        logger.exception("unhandled error")
        return error_response(500, "internal_error", "something went wrong on our side; it has been logged")
