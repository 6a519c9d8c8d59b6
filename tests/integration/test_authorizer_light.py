"""The authorizer's light path (settings from the environment, one botocore client, keys read without
pydantic) answers exactly what the service's key check and powertools' policy answer."""

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

from engram.adapters.dynamo_key_lookup import DynamoKeyLookup, KeyGrant
from engram.adapters.dynamo_keys import DynamoKeyStore
from engram.domain.errors import Unauthorized
from engram.observability import logger
from engram.runtime.authorizer import AuthorizerSettings, authorize, key_store
from engram.settings import Settings
from engram.usecases.keys import authenticate_key, authorizer_context, create_key
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


def expected(keys: DynamoKeyStore, authorization: str | None) -> dict[str, Any]:
    """The answer of the service's key check and powertools' allow-all policy (the reference)."""
    event = APIGatewayAuthorizerRequestEvent(request(authorization))
    record = authenticate_key(keys, event.headers.get("authorization"))
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


@pytest.mark.parametrize(
    ("rate", "burst"),
    [(None, None), (0.5, 2), (2.5, None), (100.0, 7)],
    ids=["unlimited", "0.5/2", "2.5", "100/7"],
)
def test_a_valid_key_gets_the_policy_and_context_the_service_check_gives(
    keys: DynamoKeyStore, lookup: DynamoKeyLookup, rate: float | None, burst: int | None
) -> None:
    secret, record = create_key(keys, "acme", rate=rate, burst=burst)

    for header in (f"Bearer {secret}", f"  bearer   {secret}  "):
        policy = authorize(lookup, request(header))
        assert policy == expected(keys, header)
    assert policy["principalId"] == "acme"
    assert lookup.find(record.key_hash) == KeyGrant(
        key_id=record.key_id, tenant="acme", rate=record.rate, burst=record.burst
    )


def test_a_revoked_unknown_or_malformed_key_is_unauthorized_as_the_service_check_says(
    keys: DynamoKeyStore, lookup: DynamoKeyLookup
) -> None:
    secret, record = create_key(keys, "acme")
    keys.revoke(record.key_id)

    for header in (f"Bearer {secret}", "Bearer engram_unknown", "Basic abc", "", None):
        with pytest.raises(Unauthorized):
            expected(keys, header)
        with pytest.raises(Exception, match=r"^Unauthorized$"):
            authorize(lookup, request(header))


def test_the_service_key_store_and_a_powertools_event_still_work(keys: DynamoKeyStore) -> None:
    """`authorize` takes any KeyStore and the powertools event (engram serve, the quota tests)."""
    secret, _ = create_key(keys, "globex", rate=1.0)

    policy = authorize(keys, APIGatewayAuthorizerRequestEvent(request(f"Bearer {secret}")))

    assert policy == expected(keys, f"Bearer {secret}")


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
    ],
)
def test_the_authorizer_reads_its_settings_as_the_service_settings_do(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str]
) -> None:
    for name in ("ENGRAM_BACKEND", "ENGRAM_TABLE_NAME", "ENGRAM_REGION"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)

    light, full = AuthorizerSettings.from_env(), Settings()

    assert (light.backend, light.table_name, light.region) == (full.backend, full.table_name, full.region)


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
