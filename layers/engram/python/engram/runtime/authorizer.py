"""The REQUEST authorizer's logic: the same key check `engram serve` applies."""

from __future__ import annotations

from aws_lambda_powertools.utilities.data_classes.api_gateway_authorizer_event import (
    APIGatewayAuthorizerRequestEvent,
    APIGatewayAuthorizerResponse,
)

from engram.domain.errors import Unauthorized
from engram.observability import logger
from engram.ports import KeyStore
from engram.usecases.keys import authenticate


def authorize(keys: KeyStore, event: APIGatewayAuthorizerRequestEvent) -> dict:
    """Allow every route of the API for a valid key (the result is cached per key), with the tenant
    in the context; an invalid key raises "Unauthorized", which API Gateway turns into a 401."""
    headers = {k.lower(): v for k, v in (event.headers or {}).items()}
    try:
        tenant = authenticate(keys, headers.get("authorization"))
    except Unauthorized as exc:
        logger.info("denied", extra={"reason": exc.message})
        raise Exception("Unauthorized") from exc  # the exact message API Gateway maps to 401
    arn = event.parsed_arn
    policy = APIGatewayAuthorizerResponse(
        principal_id=tenant,
        context={"tenant": tenant},
        region=arn.region,
        aws_account_id=arn.aws_account_id,
        api_id=arn.api_id,
        stage=arn.stage,
    )
    policy.allow_all_routes()
    return policy.asdict()
