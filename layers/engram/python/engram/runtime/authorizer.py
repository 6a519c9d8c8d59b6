"""The REQUEST authorizer's logic: `engram serve`'s key rules (engram.domain.key_rules); light cold start.

It builds only the key lookup, on AWS from a few environment variables over one botocore client, so
its cold start loads neither pydantic, the store, the index nor the use cases, nor powertools' Logger
(it logs through engram.observability's). The policy is `allow_all_routes()`'s.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engram.adapters.dynamo.key_lookup import DynamoKeyLookup
from engram.domain.errors import Unauthorized
from engram.domain.key_rules import DefaultRate, KeyFinder, KeyRecord, authenticate, context_of
from engram.observability import logger
from engram.providers.aws import botocore_session

if TYPE_CHECKING:
    from engram.settings import Settings


@dataclass(frozen=True)
class AuthorizerSettings:
    """The settings the authorizer reads, from the environment as `engram.settings.Settings` reads
    them (same variables, same defaults), without pydantic-settings."""

    backend: str = "local"
    table_name: str = "engram"
    region: str = ""
    default_rate: DefaultRate = field(default_factory=DefaultRate)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> AuthorizerSettings:
        return cls(
            backend=environ.get("ENGRAM_BACKEND", cls.backend),
            table_name=environ.get("ENGRAM_TABLE_NAME", cls.table_name),
            region=environ.get("ENGRAM_REGION", cls.region),
            default_rate=DefaultRate.from_env(environ),
        )


def key_store(settings: AuthorizerSettings | None = None, *, session: Any = None) -> KeyFinder[KeyRecord]:
    """The API keys on the configured backend: on AWS one botocore DynamoDB client (`session`: a
    botocore session, for tests); the embedded default's SQLite key store otherwise (`engram invoke`)."""
    settings = settings or AuthorizerSettings.from_env()
    if settings.backend == "aws":
        session = session or botocore_session(("dynamodb",))
        client = session.create_client("dynamodb", region_name=settings.region or None)
        return DynamoKeyLookup(client, settings.table_name)
    return _local_key_store()


def _local_key_store(settings: Settings | None = None) -> KeyFinder[KeyRecord]:
    # the local backend only (engram invoke): the SQLite store and the settings load pydantic, which the
    # authorizer function's cold start never does
    from engram.adapters.sqlite.db import SqliteDatabase
    from engram.adapters.sqlite.keys import SqliteKeyStore
    from engram.settings import Settings

    return SqliteKeyStore(SqliteDatabase((settings or Settings()).db_path))


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


def authorize(
    keys: KeyFinder[KeyRecord], event: Mapping[str, Any], default_rate: DefaultRate | None = None
) -> dict[str, Any]:
    """Allow every route for a valid key, the context carrying its tenant, id, rate (its own, else
    `default_rate`: the API function takes the tokens, so a cached Allow skips no limit) and users.
    API Gateway caches the answer per key for 30 s, so a revoked key is refused within 30 s. An
    invalid key raises "Unauthorized", which API Gateway turns into a 401."""
    headers = {k.lower(): v for k, v in (event.get("headers") or {}).items()}
    try:
        record = authenticate(keys, headers.get("authorization"))
    except Unauthorized as exc:
        logger.info("denied", extra={"reason": exc.message})
        raise Exception("Unauthorized") from exc  # the exact message API Gateway maps to 401
    context = context_of(record, default_rate or DefaultRate.from_env())
    return allow_all_routes(record.tenant, event["methodArn"], context)
