"""Typed errors of the engram SDK: one class per answer the API documents, each carrying the API's
error code, its message and the field paths it names (`ErrorBody` in `engram.api.schemas`)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

import httpx
from pydantic import ValidationError as PydanticValidationError

from engram.api.schemas import ErrorBody, ErrorDetail


class EngramError(Exception):
    """Every error the SDK raises."""


class EngramConnectionError(EngramError):
    """The API could not be reached (refused, reset, DNS) after the retries allowed."""


class EngramTimeoutError(EngramConnectionError):
    """The API did not answer within the timeout, after the retries allowed."""


class APIError(EngramError):
    """The API answered with an error. `code` is its error code (`not_found`, `validation_error`,
    `pii_rejected`, ...), `details` the fields it names, each with its `path` (e.g. `body.content`),
    `status` the HTTP status (None: the SDK refused the request before sending it)."""

    status: int | None = None

    def __init__(
        self,
        message: str,
        *,
        code: str,
        status: int | None = None,
        details: list[ErrorDetail] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.details = details or []
        self.headers = dict(headers or {})

    @property
    def field_paths(self) -> list[str]:
        return [d.path for d in self.details]

    def __str__(self) -> str:
        where = f" [{', '.join(self.field_paths)}]" if self.details else ""
        status = f"{self.status} " if self.status is not None else ""
        return f"{status}{self.code}: {self.message}{where}"


class BadRequestError(APIError):
    status = 400


class AuthenticationError(APIError):
    status = 401


class PermissionDeniedError(APIError):
    status = 403


class NotFoundError(APIError):
    status = 404


class MethodNotAllowedError(APIError):
    status = 405


class ConflictError(APIError):
    status = 409


class PayloadTooLargeError(APIError):
    status = 413


class UnprocessableError(APIError):
    """422: a field is invalid (`code` "validation_error", its paths in `details`) or the request
    asks for something impossible (`invalid_request`, `invalid_cursor`)."""

    status = 422


class PiiRejectedError(UnprocessableError):
    """422 `pii_rejected`: the content holds a secret that cannot be redacted safely."""


class RateLimitedError(APIError):
    """429: throttled. `retry_after` is the wait the API asked for, in seconds (None: not said)."""

    status = 429

    @property
    def retry_after(self) -> float | None:
        return retry_after_seconds(self.headers)


class ServerError(APIError):
    """5xx: the service failed; the request may succeed later."""


class ServiceUnavailableError(ServerError):
    """503: a service engram depends on is unavailable."""

    status = 503


_BY_STATUS: dict[int, type[APIError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    405: MethodNotAllowedError,
    409: ConflictError,
    413: PayloadTooLargeError,
    422: UnprocessableError,
    429: RateLimitedError,
    503: ServiceUnavailableError,
}


def retry_after_seconds(headers: Mapping[str, str]) -> float | None:
    """The `Retry-After` header in seconds: a number of seconds or an HTTP date."""
    value = next((v for k, v in headers.items() if k.lower() == "retry-after"), None)
    if value is None:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def error_from_response(response: httpx.Response) -> APIError:
    """The typed error for an error answer; its body is the API's `ErrorBody` when it is one."""
    status = response.status_code
    try:
        body = ErrorBody.model_validate_json(response.content)
        code, message, details = body.error, body.message, body.details
    except PydanticValidationError:  # not the API's shape: a proxy, a gateway, an HTML page
        code, message, details = f"http_{status}", response.text[:500] or response.reason_phrase, []
    cls = _BY_STATUS.get(status) or (ServerError if status >= 500 else APIError)
    if status == 422 and code == "pii_rejected":
        cls = PiiRejectedError
    return cls(message, code=code, status=status, details=details, headers=response.headers)


def error_from_validation(exc: PydanticValidationError, where: str = "body") -> UnprocessableError:
    """A request the SDK refused before sending it, in the shape the API would have answered it."""
    details = [
        ErrorDetail(
            path=".".join([where, *(str(part) for part in e["loc"])]),
            message=e["msg"],
            type=e["type"],
        )
        for e in exc.errors()
    ]
    summary = "; ".join(f"{d.path}: {d.message}" for d in details[:5])
    return UnprocessableError(summary or "invalid request", code="validation_error", details=details)
