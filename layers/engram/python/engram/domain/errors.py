"""Typed domain errors. engram.api.errors maps each to one HTTP answer, in one place."""

from __future__ import annotations


class EngramError(Exception):
    code = "engram_error"

    def __init__(self, message: str, **detail: object) -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail


class MemoryNotFound(EngramError):
    code = "not_found"


class PiiRejected(EngramError):
    code = "pii_rejected"


class InvalidRequest(EngramError):
    """A request that is well-formed JSON but asks for something impossible (422)."""

    code = "invalid_request"


class InvalidCursor(InvalidRequest):
    code = "invalid_cursor"


class Unauthorized(EngramError):
    code = "unauthorized"


class PayloadTooLarge(EngramError):
    code = "payload_too_large"


class Conflict(EngramError):
    code = "conflict"


class RateLimited(EngramError):
    """The key has spent its request rate (429 with `Retry-After`: `retry_after_s`)."""

    code = "rate_limited"


class QuotaExceeded(EngramError):
    """The tenant is at a storage limit (403: waiting does not help; forgetting memories does)."""

    code = "quota_exceeded"


class DependencyUnavailable(EngramError):
    """A service engram depends on (search index, embedding model, ...) failed or timed out: the
    request may succeed if retried later (503), it is not the caller's fault."""

    code = "dependency_unavailable"


class InvalidIdempotencyKey(InvalidRequest):
    """An `Idempotency-Key` header that is empty, too long, not visible ASCII, or sent twice (422)."""

    code = "invalid_idempotency_key"


class IdempotencyKeyReused(InvalidRequest):
    """An `Idempotency-Key` already used within its window for another request body or route (422)."""

    code = "idempotency_key_reused"


class IdempotencyInProgress(Conflict):
    """The first request under this `Idempotency-Key` is still running: retry it shortly (409)."""

    code = "idempotency_in_progress"


class NotOffered(EngramError):
    """Something this deployment was built without (an idempotency store on AWS without its table): 501."""

    code = "not_offered"
