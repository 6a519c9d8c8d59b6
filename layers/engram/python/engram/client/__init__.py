"""The engram Python SDK: `Engram` (sync) and `AsyncEngram` over the HTTPS API.

    with Engram("http://127.0.0.1:8080", api_key="engram_...") as engram: engram.remember(...)

Requests and answers are the API's pydantic models; errors are `engram.client.errors` exceptions.
"""

from engram.client._calls import ExportPage, RetryPolicy
from engram.client.aio import AsyncEngram
from engram.client.errors import (
    APIError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    EngramConnectionError,
    EngramError,
    EngramTimeoutError,
    MethodNotAllowedError,
    NotFoundError,
    PayloadTooLargeError,
    PermissionDeniedError,
    PiiRejectedError,
    RateLimitedError,
    ServerError,
    ServiceUnavailableError,
    UnprocessableError,
)
from engram.client.sync import Engram

__all__ = [
    "APIError",
    "AsyncEngram",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "Engram",
    "EngramConnectionError",
    "EngramError",
    "EngramTimeoutError",
    "ExportPage",
    "MethodNotAllowedError",
    "NotFoundError",
    "PayloadTooLargeError",
    "PermissionDeniedError",
    "PiiRejectedError",
    "RateLimitedError",
    "RetryPolicy",
    "ServerError",
    "ServiceUnavailableError",
    "UnprocessableError",
]
