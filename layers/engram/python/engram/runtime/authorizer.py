"""The REQUEST authorizer's logic: the same key check `engram serve` applies.

The authorizer function builds only the key store (`key_store`), not the service's container: its cold
start loads neither the memory store, the search index nor the use cases.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aws_lambda_powertools.utilities.data_classes.api_gateway_authorizer_event import (
    APIGatewayAuthorizerRequestEvent,
    APIGatewayAuthorizerResponse,
)

from engram.domain.errors import Unauthorized
from engram.observability import logger
from engram.usecases.keys import authenticate_key, authorizer_context

if TYPE_CHECKING:
    from engram.ports import KeyStore
    from engram.settings import Settings


def key_store(settings: Settings | None = None, *, session: Any = None) -> KeyStore:
    """The API keys on the configured backend (the same store `runtime.container` wires)."""
    from engram.settings import Settings

    settings = settings or Settings()
    if settings.backend == "aws":
        import boto3

        from engram.adapters.dynamo_keys import DynamoKeyStore

        session = session or boto3.session.Session(region_name=settings.region or None)
        return DynamoKeyStore(session.resource("dynamodb").Table(settings.table_name))
    from engram.adapters.sqlite_db import SqliteDatabase
    from engram.adapters.sqlite_keys import SqliteKeyStore

    return SqliteKeyStore(SqliteDatabase(settings.db_path))


def authorize(keys: KeyStore, event: APIGatewayAuthorizerRequestEvent) -> dict:
    """Allow every route of the API for a valid key (the result is cached per key), with the tenant
    in the context (and the key's id and rate, which the API function enforces: a cached allow must
    not skip the limit); an invalid key raises "Unauthorized", which API Gateway turns into a 401."""
    headers = {k.lower(): v for k, v in (event.headers or {}).items()}
    try:
        record = authenticate_key(keys, headers.get("authorization"))
    except Unauthorized as exc:
        logger.info("denied", extra={"reason": exc.message})
        raise Exception("Unauthorized") from exc  # the exact message API Gateway maps to 401
    arn = event.parsed_arn
    policy = APIGatewayAuthorizerResponse(
        principal_id=record.tenant,
        context=authorizer_context(record),
        region=arn.region,
        aws_account_id=arn.aws_account_id,
        api_id=arn.api_id,
        stage=arn.stage,
    )
    policy.allow_all_routes()
    return policy.asdict()
