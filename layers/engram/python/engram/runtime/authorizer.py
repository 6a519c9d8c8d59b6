"""The REQUEST authorizer's logic: the same key check `engram serve` applies, on a light cold start.

The authorizer function builds only what it reads, the key lookup, and on AWS (`ENGRAM_BACKEND=aws`)
it builds it from a few environment variables (no pydantic-settings) over one botocore client (no
boto3 resource): its cold start loads neither pydantic, the memory store, the search index nor the use
cases. The check itself is `engram.usecases.keys.authenticate_key` + `authorizer_context` for a key
read without pydantic (tests hold the two to the same answers), and the policy is the one powertools'
`APIGatewayAuthorizerResponse.allow_all_routes()` builds.

Its log is engram.observability's logger (the standard library's, writing the lines powertools'
Logger writes), not powertools' package, whose Logger, Metrics and Tracer load together: ~18 ms of CPU
of ~330, measured paired, for one line per denied key.
"""

from __future__ import annotations

import hashlib
import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from engram.domain.errors import Unauthorized
from engram.observability import logger
from engram.providers.aws import botocore_session

if TYPE_CHECKING:
    from engram.settings import Settings

_BEARER = re.compile(r"^\s*Bearer\s+(\S+)\s*$", re.I)  # engram.usecases.keys._BEARER


class KeyRecord(Protocol):
    """What the authorizer reads of a stored key: an `ApiKey` (any KeyStore) or a `KeyGrant`."""

    @property
    def key_id(self) -> str: ...

    @property
    def tenant(self) -> str: ...

    @property
    def revoked_at(self) -> object: ...

    @property
    def rate(self) -> float | None: ...

    @property
    def burst(self) -> int | None: ...


class KeyFinder(Protocol):
    """A key by the SHA-256 of its secret: every KeyStore, and the authorizer's DynamoKeyLookup."""

    def find(self, key_hash: str) -> KeyRecord | None: ...


@dataclass(frozen=True)
class AuthorizerSettings:
    """The settings the authorizer reads, from the environment as `engram.settings.Settings` reads
    them (same variables, same defaults), without pydantic-settings."""

    backend: str = "local"
    table_name: str = "engram"
    region: str = ""

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> AuthorizerSettings:
        return cls(
            backend=environ.get("ENGRAM_BACKEND", cls.backend),
            table_name=environ.get("ENGRAM_TABLE_NAME", cls.table_name),
            region=environ.get("ENGRAM_REGION", cls.region),
        )


def key_store(settings: AuthorizerSettings | None = None, *, session: Any = None) -> KeyFinder:
    """The API keys on the configured backend: on AWS one botocore DynamoDB client (`session`: a
    botocore session, for tests); the embedded default's SQLite key store otherwise (`engram invoke`)."""
    settings = settings or AuthorizerSettings.from_env()
    if settings.backend == "aws":
        from engram.adapters.dynamo_key_lookup import DynamoKeyLookup

        session = session or botocore_session(("dynamodb",))
        client = session.create_client("dynamodb", region_name=settings.region or None)
        return DynamoKeyLookup(client, settings.table_name)
    return _local_key_store()


def _local_key_store(settings: Settings | None = None) -> KeyFinder:
    from engram.adapters.sqlite_db import SqliteDatabase
    from engram.adapters.sqlite_keys import SqliteKeyStore
    from engram.settings import Settings

    return SqliteKeyStore(SqliteDatabase((settings or Settings()).db_path))


def authenticate(keys: KeyFinder, authorization: str | None) -> KeyRecord:
    """The key of an `Authorization: Bearer <key>` header, or Unauthorized (as
    `engram.usecases.keys.authenticate_key`, for a KeyFinder)."""
    match = _BEARER.match(authorization or "")
    if not match:
        raise Unauthorized("missing or malformed Authorization header; expected 'Bearer <api key>'")
    record = keys.find(hashlib.sha256(match.group(1).encode("utf-8")).hexdigest())
    if record is None or record.revoked_at is not None:
        raise Unauthorized("invalid or revoked API key")
    return record


def context_of(record: KeyRecord) -> dict[str, Any]:
    """The tenant, and the key's id and rate when it has one (`engram.usecases.keys.authorizer_context`)."""
    context: dict[str, Any] = {"tenant": record.tenant}
    if record.rate is not None:
        burst = record.burst or max(1, math.ceil(record.rate))  # engram.domain.quotas.default_burst
        context.update(key_id=record.key_id, rate=record.rate, burst=burst)
    return context


def allow_all_routes(principal_id: str, method_arn: str, context: dict[str, Any]) -> dict[str, Any]:
    """The IAM policy allowing every route of the API stage `method_arn` belongs to."""
    _, partition, _, region, account, path = method_arn.split(":", 5)
    api_id, stage = path.split("/")[:2]
    resource = f"arn:{partition}:execute-api:{region}:{account}:{api_id}/{stage}/*/*"
    statement = {"Action": "execute-api:Invoke", "Effect": "Allow", "Resource": [resource]}
    return {
        "principalId": principal_id,
        "policyDocument": {"Version": "2012-10-17", "Statement": [statement]},
        "context": context,
    }


def authorize(keys: KeyFinder, event: Mapping[str, Any]) -> dict[str, Any]:
    """Allow every route of the API for a valid key (API Gateway caches it per key for 30 s, so a
    revoked key is refused within 30 s), with the tenant
    in the context (and the key's id and rate, which the API function enforces: a cached allow must
    not skip the limit); an invalid key raises "Unauthorized", which API Gateway turns into a 401."""
    headers = {k.lower(): v for k, v in (event.get("headers") or {}).items()}
    try:
        record = authenticate(keys, headers.get("authorization"))
    except Unauthorized as exc:
        logger.info("denied", extra={"reason": exc.message})
        raise Exception("Unauthorized") from exc  # the exact message API Gateway maps to 401
    return allow_all_routes(record.tenant, event["methodArn"], context_of(record))
