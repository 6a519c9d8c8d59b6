"""Quotas on both backends (the `world` fixture: SQLite, and DynamoDB under moto), on a clock the
test owns: a key's request rate answers 429 with Retry-After, and a tenant's storage cap."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from aws_lambda_powertools.utilities.data_classes.api_gateway_authorizer_event import (
    APIGatewayAuthorizerRequestEvent,
)

from engram.api.app import EngramApi
from engram.runtime.authorizer import authorize
from engram.usecases.keys import create_key
from tests.conftest import api_event, load_event
from tests.integration.deployments import World


def _authorized(world: World, secret: str) -> dict[str, Any]:
    """What API Gateway hands the API function: the authorizer's context, every value a string."""
    request = {**load_event("authorizer/request.json"), "headers": {"Authorization": f"Bearer {secret}"}}
    policy = authorize(world.c.keys, APIGatewayAuthorizerRequestEvent(request))
    return {k: str(v) for k, v in policy["context"].items()}


def _get(world: World, context: dict[str, Any]) -> dict:
    event = api_event("GET", "/v1/memories", query={"user_id": "maya"})
    event["requestContext"]["authorizer"] = {"principalId": context["tenant"], **context}
    return EngramApi(world.c).handle(event, None)


def test_a_key_over_its_rate_is_answered_429_with_retry_after_until_a_token_refills(world: World) -> None:
    secret, record = create_key(world.c.keys, "acme", rate=0.5, burst=2)
    context = _authorized(world, secret)
    assert context["key_id"] == record.key_id and float(context["rate"]) == 0.5

    assert [_get(world, context)["statusCode"] for _ in range(2)] == [200, 200]  # the burst
    limited = _get(world, context)
    assert limited["statusCode"] == 429
    assert limited["headers"]["Retry-After"] == "2"  # one token at 0.5/s
    body = json.loads(limited["body"])
    assert body["error"] == "rate_limited" and "0.5 requests a second" in body["message"]

    world.clock.advance(seconds=1)
    assert _get(world, context)["statusCode"] == 429  # half a token
    world.clock.advance(seconds=1)
    assert _get(world, context)["statusCode"] == 200
    assert _get(world, context)["statusCode"] == 429


def test_a_key_without_a_rate_is_never_limited(world: World) -> None:
    secret, record = create_key(world.c.keys, "acme")
    context = _authorized(world, secret)
    assert context == {"tenant": "acme"} and record.rate is None

    assert {_get(world, context)["statusCode"] for _ in range(20)} == {200}


def test_each_key_has_its_own_bucket(world: World) -> None:
    first, _ = create_key(world.c.keys, "acme", rate=1, burst=1)
    second, _ = create_key(world.c.keys, "acme", rate=1, burst=1)
    one, two = _authorized(world, first), _authorized(world, second)

    assert [_get(world, one)["statusCode"], _get(world, one)["statusCode"]] == [200, 429]
    assert _get(world, two)["statusCode"] == 200


def test_concurrent_requests_never_take_more_than_the_burst(world: World) -> None:
    _, record = create_key(world.c.keys, "acme", rate=0.001, burst=5)
    statuses: list[int] = []

    def hit() -> None:
        wait = world.c.keys.take_token(record.key_id, 0.001, 5, world.clock.now())
        statuses.append(200 if wait == 0 else 429)

    threads = [threading.Thread(target=hit) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert statuses.count(200) <= 5 and len(statuses) == 12
    assert statuses.count(200) >= 1


def test_the_rate_is_stored_with_the_key(world: World) -> None:
    _, record = create_key(world.c.keys, "acme", name="ci", rate=2.5)

    found = world.c.keys.find(record.key_hash)
    assert found is not None and found.rate == 2.5 and found.burst == 3
    assert [k.rate for k in world.c.keys.list("acme")] == [2.5]


@pytest.mark.parametrize(("rate", "burst"), [(0.0, None), (-1.0, None), (None, 3), (1.0, 0)])
def test_a_rate_must_be_positive_and_a_burst_needs_one(world: World, rate, burst) -> None:
    with pytest.raises(ValueError):
        create_key(world.c.keys, "acme", rate=rate, burst=burst)
