"""The table of the API's Idempotency-Key records: what powertools' DynamoDB layer writes (key `id`,
TTL on `expiration`), named in every function's settings, read and written by the api function alone."""

from __future__ import annotations

import json

from infra_helpers import Synth, as_list


def test_the_idempotency_table_keys_each_record_alone_and_expires_it(dev: Synth) -> None:
    dev.template.has_resource(
        "AWS::DynamoDB::Table",
        {
            "Properties": {
                "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
                "BillingMode": "PAY_PER_REQUEST",
                "TimeToLiveSpecification": {"AttributeName": "expiration", "Enabled": True},
            },
        },
    )


def test_only_the_api_function_reaches_the_idempotency_table(dev: Synth) -> None:
    table = dev.logical_id(dev.stack.storage.idempotency)
    variables = dev.resources_json[dev.function_id("api")]["Properties"]["Environment"]["Variables"]
    assert variables["ENGRAM_IDEMPOTENCY_TABLE"] == {"Ref": table}
    for name in ("api", "authorizer", "enrich", "janitor"):
        actions = {
            action
            for statement in dev.statements_of(dev.role_id(name))
            if table in json.dumps(statement["Resource"])
            for action in as_list(statement["Action"])
        }
        if name == "api":
            assert {
                "dynamodb:PutItem",
                "dynamodb:GetItem",
                "dynamodb:UpdateItem",
                "dynamodb:DeleteItem",
            } <= actions
        else:
            assert actions == set(), name
