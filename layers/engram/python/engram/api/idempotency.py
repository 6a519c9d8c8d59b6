"""`Idempotency-Key`: a write sent again with the same key gets the first answer, and runs once.

powertools' idempotency utility around the whole answer of a POST or PATCH that changes data, keyed by
(tenant, key), its payload the route and body. The same key and body within 24 h: the first answer
again, with `Idempotent-Replayed: true`; another body: 422; while the first still runs: 409. Only a
2xx answer is kept: an error changed nothing, so sending it again runs it again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

from engram.domain.errors import (
    DependencyUnavailable,
    IdempotencyInProgress,
    IdempotencyKeyReused,
    InvalidIdempotencyKey,
)

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.idempotency import BasePersistenceLayer
    from aws_lambda_powertools.utilities.idempotency.persistence.datarecord import DataRecord

HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"
MAX_KEY_CHARS = 255
EXPIRES_AFTER_S = 24 * 3600
# How long a request in progress holds its key where no Lambda context tells its deadline (engram
# serve): longer than any request runs (a wait for enrichment is at most 10 s).
IN_PROGRESS_S = 60
WRITE_METHODS = frozenset({"POST", "PATCH"})
# POSTs that change nothing but retrieval counts: a key on them is ignored.
READ_ONLY_POSTS = frozenset({"/v1/memories/search", "/v1/context"})

Answer = dict[str, Any]


def key_of(event: Mapping[str, Any]) -> str | None:
    """The request's `Idempotency-Key` (surrounding quotes removed: RFC 8941's string form is
    accepted), or None; InvalidIdempotencyKey when it is empty, too long, not visible ASCII, or
    sent more than once with different values."""
    values: list[str] = []
    for name, sent in (event.get("multiValueHeaders") or {}).items():
        if name.lower() == HEADER.lower():
            values += [str(v) for v in sent or []]
    if not values:
        values = [str(v) for k, v in (event.get("headers") or {}).items() if k.lower() == HEADER.lower()]
    if not values:
        return None
    keys = {_unquoted(v.strip()) for v in values}
    if len(keys) > 1:
        raise _invalid("sent more than once with different values")
    key = keys.pop()
    if not key:
        raise _invalid("is empty")
    if len(key) > MAX_KEY_CHARS:
        raise _invalid(f"is longer than {MAX_KEY_CHARS} characters")
    if not all("!" <= ch <= "~" for ch in key):
        raise _invalid("must be visible ASCII characters (a UUID, for instance)")
    return key


def applies(event: Mapping[str, Any]) -> bool:
    """Whether the request changes data: a POST or PATCH, but not a search."""
    return event.get("httpMethod") in WRITE_METHODS and event.get("path") not in READ_ONLY_POSTS


def _unquoted(value: str) -> str:
    return value[1:-1] if len(value) >= 2 and value[0] == value[-1] == '"' else value


def _invalid(why: str) -> InvalidIdempotencyKey:
    return InvalidIdempotencyKey(f"{HEADER} {why}", field=HEADER, location="header")


class _NotKept(Exception):
    """A non-2xx answer, raised through the utility so that it drops the key's record."""

    def __init__(self, answer: Answer) -> None:
        super().__init__(answer.get("statusCode"))
        self.answer = answer


class _Lease:
    """The deadline of a request in progress, as a Lambda context tells it (`engram serve` has none)."""

    def get_remaining_time_in_millis(self) -> int:
        return IN_PROGRESS_S * 1000


class Idempotency:
    """The idempotency utility over `store`, for one EngramApi (which answers one request at a time:
    the Lambda context it registers is this request's)."""

    def __init__(self, store: BasePersistenceLayer) -> None:
        from aws_lambda_powertools.utilities.idempotency import IdempotencyConfig, idempotent_function

        self.config = IdempotencyConfig(
            event_key_jmespath="[tenant, key]",
            payload_validation_jmespath="[method, path, query, body]",
            raise_on_no_idempotency_key=True,
            expires_after_seconds=EXPIRES_AFTER_S,
            hash_function="sha256",  # a key's hash is its tenant's and key's: no crafted collision
            response_hook=_replayed,
        )
        self._run = idempotent_function(
            _answer,
            data_keyword_argument="request",
            persistence_store=store,
            config=self.config,
            key_prefix="api",
        )

    def __call__(
        self, tenant: str, key: str, event: Mapping[str, Any], context: Any, answer: Callable[[], Answer]
    ) -> Answer:
        """`answer()` once for (tenant, key), or the answer it gave; a typed error otherwise."""
        from aws_lambda_powertools.utilities.idempotency.exceptions import (
            IdempotencyAlreadyInProgressError,
            IdempotencyInconsistentStateError,
            IdempotencyPersistenceLayerError,
            IdempotencyValidationError,
        )

        self.config.register_lambda_context(context if context is not None else cast(Any, _Lease()))
        request = {
            "tenant": tenant,
            "key": key,
            "method": event.get("httpMethod"),
            "path": event.get("path"),
            "query": event.get("multiValueQueryStringParameters") or {},
            "body": _digest(event.get("body")),
        }
        try:
            return cast(Answer, self._run(request=request, answer=answer))
        except _NotKept as kept:
            return kept.answer
        except IdempotencyValidationError:
            raise IdempotencyKeyReused(
                f"this {HEADER} was used for another request (another body or route) in the last 24 hours;"
                " use a new key for a new request",
                field=HEADER,
                location="header",
            ) from None
        except (IdempotencyAlreadyInProgressError, IdempotencyInconsistentStateError):
            raise IdempotencyInProgress(
                f"a request with this {HEADER} is still in progress; retry it in a moment"
            ) from None
        except IdempotencyPersistenceLayerError as exc:
            raise DependencyUnavailable(f"the idempotency store failed: {exc}") from exc


def _answer(*, request: dict[str, Any], answer: Callable[[], Answer]) -> Answer:
    response = answer()
    if not 200 <= int(response["statusCode"]) < 300:
        raise _NotKept(response)
    return response


def _replayed(response: Any, idempotent_data: DataRecord) -> Any:
    from engram.observability import count

    count("IdempotentReplayed")
    if "multiValueHeaders" in response:  # the REST resolver's answers name their headers there
        return {**response, "multiValueHeaders": {**response["multiValueHeaders"], REPLAYED: ["true"]}}
    return {**response, "headers": {**(response.get("headers") or {}), REPLAYED: "true"}}


def _digest(body: str | None) -> str:
    """The body's SHA-256, of its JSON with sorted keys where it parses (a client that encodes the same
    request another way sends the same body), else of its text."""
    text = body or ""
    with contextlib.suppress(ValueError, RecursionError):
        text = json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
