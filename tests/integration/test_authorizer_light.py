"""The authorizer's light path (settings from the environment, one botocore client, keys read without
pydantic): the key written by the key store, found by the lookup, answered with powertools' policy."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import botocore.session
import pytest
from aws_lambda_powertools.utilities.data_classes.api_gateway_authorizer_event import (
    APIGatewayAuthorizerRequestEvent,
    APIGatewayAuthorizerResponse,
)

from engram.adapters.dynamo.key_lookup import DynamoKeyLookup, KeyGrant
from engram.adapters.dynamo.keys import DynamoKeyStore
from engram.domain.key_rules import DefaultRate
from engram.observability import logger
from engram.runtime.authorizer import AuthorizerSettings, authorize, key_store
from engram.settings import Settings
from engram.usecases.keys import create_key
from tests.conftest import load_event
from tests.integration.aws_fixtures import REGION, TABLE_NAME, aws, dynamodb, table  # noqa: F401


@pytest.fixture
def keys(table: Any) -> DynamoKeyStore:  # noqa: F811
    return DynamoKeyStore(table)


@pytest.fixture
def lookup(table: Any) -> DynamoKeyLookup:  # noqa: F811
    settings = AuthorizerSettings(backend="aws", table_name=TABLE_NAME, region=REGION)
    found = key_store(settings, session=botocore.session.get_session())
    assert isinstance(found, DynamoKeyLookup)
    return found


def request(authorization: str | None) -> dict[str, Any]:
    event = load_event("authorizer/request.json")
    event["headers"] = {"Authorization": authorization} if authorization is not None else {}
    return event


def powertools_policy(tenant: str, context: dict[str, Any]) -> dict[str, Any]:
    """powertools' allow-all-routes policy for the sample event's method ARN (the reference shape)."""
    arn = APIGatewayAuthorizerRequestEvent(request(None)).parsed_arn
    policy = APIGatewayAuthorizerResponse(
        principal_id=tenant,
        context=context,
        region=arn.region,
        aws_account_id=arn.aws_account_id,
        api_id=arn.api_id,
        stage=arn.stage,
    )
    policy.allow_all_routes()
    return policy.asdict()


@pytest.mark.parametrize(
    ("minted", "limit"),
    [
        ({}, {"rate": 20.0, "burst": 40}),  # the default rate
        ({"rate": 0.5, "burst": 2}, {"rate": 0.5, "burst": 2}),
        ({"rate": 2.5}, {"rate": 2.5, "burst": 3}),
        ({"unlimited": True}, {}),
        ({"users": ["maya", "bob"]}, {"rate": 20.0, "burst": 40, "users": '["bob", "maya"]'}),
    ],
    ids=["default", "0.5/2", "2.5", "unlimited", "users"],
)
def test_a_valid_key_gets_an_allow_for_every_route_with_its_tenant_rate_and_users(
    keys: DynamoKeyStore, lookup: DynamoKeyLookup, minted: dict[str, Any], limit: dict[str, Any]
) -> None:
    secret, record = create_key(keys, "acme", **minted)

    for header in (f"Bearer {secret}", f"  bearer   {secret}  "):
        policy = authorize(lookup, request(header), DefaultRate())
        assert policy == powertools_policy("acme", {"tenant": "acme", "key_id": record.key_id, **limit})
    assert lookup.find(record.key_hash) == KeyGrant(
        key_id=record.key_id,
        tenant="acme",
        rate=record.rate,
        burst=record.burst,
        unlimited=record.unlimited,
        users=record.users,
    )


def test_a_revoked_unknown_or_malformed_key_is_unauthorized(
    keys: DynamoKeyStore, lookup: DynamoKeyLookup
) -> None:
    secret, record = create_key(keys, "acme")
    keys.revoke(record.key_id)

    for header in (f"Bearer {secret}", "Bearer engram_unknown", "Basic abc", "", None):
        with pytest.raises(Exception, match=r"^Unauthorized$"):
            authorize(lookup, request(header))


def test_the_service_key_store_and_a_powertools_event_work_too(keys: DynamoKeyStore) -> None:
    """`authorize` takes any KeyStore and the powertools event (engram serve, the quota tests)."""
    secret, record = create_key(keys, "globex", rate=1.0)

    policy = authorize(keys, APIGatewayAuthorizerRequestEvent(request(f"Bearer {secret}")))

    assert policy == powertools_policy(
        "globex", {"tenant": "globex", "key_id": record.key_id, "rate": 1.0, "burst": 1}
    )


def test_the_policy_keeps_the_partition_of_the_method_arn(
    keys: DynamoKeyStore, lookup: DynamoKeyLookup
) -> None:
    secret, _ = create_key(keys, "acme")
    event = request(f"Bearer {secret}")
    event["methodArn"] = "arn:aws-cn:execute-api:cn-north-1:123456789012:abc123/prod/GET/v1/memories/x"

    (statement,) = authorize(lookup, event)["policyDocument"]["Statement"]

    assert statement["Resource"] == ["arn:aws-cn:execute-api:cn-north-1:123456789012:abc123/prod/*/*"]


@pytest.mark.parametrize(
    "env",
    [
        {},
        {"ENGRAM_BACKEND": "aws", "ENGRAM_TABLE_NAME": "engram-prod", "ENGRAM_REGION": "eu-west-1"},
        {"ENGRAM_BACKEND": "aws", "ENGRAM_TABLE_NAME": "t"},
        {"ENGRAM_DEFAULT_KEY_RATE": "unlimited"},
        {"ENGRAM_DEFAULT_KEY_RATE": "2.5", "ENGRAM_DEFAULT_KEY_BURST": "9"},
        {"ENGRAM_DEFAULT_KEY_BURST": "7"},
    ],
)
def test_the_authorizer_reads_its_settings_as_the_service_settings_do(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str]
) -> None:
    for name in (
        "ENGRAM_BACKEND",
        "ENGRAM_TABLE_NAME",
        "ENGRAM_REGION",
        "ENGRAM_DEFAULT_KEY_RATE",
        "ENGRAM_DEFAULT_KEY_BURST",
    ):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)

    light, full = AuthorizerSettings.from_env(), Settings()

    assert (light.backend, light.table_name, light.region) == (full.backend, full.table_name, full.region)
    assert light.default_rate == full.default_rate


def lambda_context(request_id: str) -> Any:
    return SimpleNamespace(
        function_name="engram-authorizer",
        memory_limit_in_mb=256,
        invoked_function_arn="arn:aws:lambda:us-east-1:123456789012:function:engram-authorizer",
        aws_request_id=request_id,
    )


@pytest.fixture
def logged_at_info() -> Iterator[None]:
    """The shared logger at INFO, as deployed (the suite's conftest quiets every logger to CRITICAL)."""
    level = logger.log_level
    logger.setLevel("INFO")
    yield
    logger.setLevel(level)


def test_a_denied_key_is_one_log_line_with_its_reason_and_the_invocation(
    lookup: DynamoKeyLookup, capsys: pytest.CaptureFixture[str], logged_at_info: None
) -> None:
    """The shared Logger's line: the reason, the invocation's keys, never the key itself."""
    stream = logger.registered_handler.setStream(sys.stdout)  # capsys's stdout, not the one at import

    @logger.inject_lambda_context
    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        return authorize(lookup, event)

    try:
        with pytest.raises(Exception, match=r"^Unauthorized$"):
            handler(request("Bearer engram_unknown"), lambda_context("r1"))
        [line] = [json.loads(out) for out in capsys.readouterr().out.splitlines()]
        assert (line["message"], line["reason"]) == ("denied", "invalid or revoked API key")
        assert (line["level"], line["service"], line["function_request_id"]) == ("INFO", "engram", "r1")
        assert "engram_unknown" not in json.dumps(line)

        # A level above INFO silences it
        logger.setLevel("WARNING")
        with pytest.raises(Exception, match=r"^Unauthorized$"):
            handler(request(None), lambda_context("r2"))
        assert capsys.readouterr().out == ""
    finally:
        logger.registered_handler.setStream(stream)
