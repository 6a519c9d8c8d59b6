"""Functions, storage, pipeline, permissions, monitoring and outputs of the synthesized stack."""

from __future__ import annotations

import json
from typing import Any

import pytest
from aws_cdk.assertions import Match
from engram_infra.functions import ENRICH
from infra_helpers import FUNCTION_NAMES, Synth, as_list, render


def test_every_function_is_arm64_python_traced_with_json_logs_kept_for_a_while(dev: Synth) -> None:
    functions = dev.resources("AWS::Lambda::Function")
    assert len(functions) == len(FUNCTION_NAMES), "no other function (custom resources etc.) in the stack"
    log_groups = dev.resources("AWS::Logs::LogGroup")
    for logical_id, function in functions.items():
        props = function["Properties"]
        assert props["Architectures"] == ["arm64"], logical_id
        assert props["Runtime"].startswith("python3."), logical_id
        assert props["Handler"] == "handler.handler", logical_id
        assert props["TracingConfig"] == {"Mode": "Active"}, logical_id
        assert props["LoggingConfig"]["LogFormat"] == "JSON", logical_id
        log_group = props["LoggingConfig"]["LogGroup"]["Ref"]
        assert log_groups[log_group]["Properties"]["RetentionInDays"] == 30
        assert len(props["Layers"]) == 1, "the shared engram layer"


def test_every_function_reads_the_same_settings_and_powertools_config(dev: Synth) -> None:
    environments = [
        fn["Properties"]["Environment"]["Variables"] for fn in dev.resources("AWS::Lambda::Function").values()
    ]
    assert all(env == environments[0] for env in environments)
    env = environments[0]
    assert env["ENGRAM_BACKEND"] == "aws"
    assert env["ENGRAM_STAGE"] == "dev"
    assert env["ENGRAM_TABLE_NAME"] == {"Ref": dev.logical_id(dev.stack.storage.table)}
    assert env["ENGRAM_QUEUE_URL"] == {"Ref": dev.logical_id(dev.stack.pipeline.queue)}
    assert env["ENGRAM_OPENSEARCH_MODE"] == "aoss"
    assert env["ENGRAM_EMBEDDER__PROVIDER"] == "bedrock"
    assert env["ENGRAM_EMBEDDER__MODEL"] == "amazon.titan-embed-text-v2:0"
    assert env["ENGRAM_EMBEDDER__DIMENSIONS"] == "1024"
    assert env["ENGRAM_JANITOR__CULL_ENABLED"] == "false"
    assert env["POWERTOOLS_SERVICE_NAME"] == "engram"
    assert env["POWERTOOLS_METRICS_NAMESPACE"] == "engram"


def test_the_environment_parses_into_the_applications_settings(
    dev: Synth, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings_module = pytest.importorskip("engram.settings")
    env = dev.resources("AWS::Lambda::Function")[dev.function_id("api")]["Properties"]["Environment"][
        "Variables"
    ]
    placeholders = {
        "ENGRAM_TABLE_NAME": "engram-table",
        "ENGRAM_QUEUE_URL": "https://sqs.us-east-1.amazonaws.com/123456789012/q",
        "ENGRAM_DLQ_URL": "https://sqs.us-east-1.amazonaws.com/123456789012/dlq",
        "ENGRAM_OPENSEARCH_ENDPOINT": "https://abc.us-east-1.aoss.amazonaws.com",
        "ENGRAM_IDEMPOTENCY_TABLE": "engram-idempotency",
        "ENGRAM_WEBHOOKS__BUS_NAME": "engram-dev",
        "ENGRAM_WEBHOOKS__QUEUE_URL": "https://sqs.us-east-1.amazonaws.com/123456789012/webhooks",
    }
    for key, value in env.items():
        monkeypatch.setenv(key, placeholders.get(key, value))

    settings = settings_module.Settings()

    assert settings.backend == "aws"
    assert settings.table_name == "engram-table"
    assert settings.idempotency_table == "engram-idempotency"
    assert settings.opensearch_mode == "aoss"
    assert settings.embedder.provider == "bedrock"
    assert settings.embedder.dimensions == 1024
    assert settings.enricher.model == "anthropic.claude-3-haiku-20240307-v1:0"
    assert settings.janitor.cull_enabled is False
    assert settings.janitor.tombstone_retention_days == 30
    # Every ENGRAM_ variable names a real field, so a typo cannot be silently ignored.
    not_yet_in_settings = {"ENGRAM_DLQ_URL"} - {
        f"ENGRAM_{name.upper()}" for name in settings_module.Settings.model_fields
    }
    for key in env:
        if not key.startswith("ENGRAM_") or key in not_yet_in_settings:
            continue
        model: Any = settings_module.Settings
        for part in key.removeprefix("ENGRAM_").lower().split("__"):
            assert part in model.model_fields, f"{key}: no field {part!r}"
            model = model.model_fields[part].annotation


def test_table_is_on_demand_with_pitr_ttl_and_its_three_indexes(dev: Synth) -> None:
    """gsi3, the tenant index, projects what the adapters read from it (as create_table makes it)."""
    from engram.adapters.dynamo.items import TENANT_INDEX_PROJECTION

    dev.template.has_resource(
        "AWS::DynamoDB::Table",
        {
            "Properties": {
                "KeySchema": [
                    {"AttributeName": "pk", "KeyType": "HASH"},
                    {"AttributeName": "sk", "KeyType": "RANGE"},
                ],
                "BillingMode": "PAY_PER_REQUEST",
                "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": True},
                "TimeToLiveSpecification": {"AttributeName": "expires_at", "Enabled": True},
                "GlobalSecondaryIndexes": [
                    {
                        "IndexName": name,
                        "KeySchema": [
                            {"AttributeName": f"{name}pk", "KeyType": "HASH"},
                            {"AttributeName": f"{name}sk", "KeyType": "RANGE"},
                        ],
                        "Projection": {"ProjectionType": "ALL"},
                    }
                    for name in ("gsi1", "gsi2")
                ]
                + [
                    {
                        "IndexName": "gsi3",
                        "KeySchema": [
                            {"AttributeName": "tenant", "KeyType": "HASH"},
                            {"AttributeName": "pk", "KeyType": "RANGE"},
                        ],
                        "Projection": {
                            "ProjectionType": "INCLUDE",
                            "NonKeyAttributes": list(TENANT_INDEX_PROJECTION),
                        },
                    }
                ],
            },
            "DeletionPolicy": "Delete",
        },
    )
    table = next(iter(dev.resources("AWS::DynamoDB::Table").values()))
    assert not table["Properties"].get("DeletionProtectionEnabled", False)


def test_prod_keeps_its_data_when_the_stack_goes(prod: Synth) -> None:
    prod.template.has_resource(
        "AWS::DynamoDB::Table",
        {
            "Properties": {"DeletionProtectionEnabled": True},
            "DeletionPolicy": "Retain",
            "UpdateReplacePolicy": "Retain",
        },
    )
    for resource_type in ("AWS::OpenSearchServerless::Collection", "AWS::Logs::LogGroup"):
        for logical_id, resource in prod.resources(resource_type).items():
            assert resource["DeletionPolicy"] == "Retain", logical_id
    prod.template.has_resource_properties(
        "AWS::OpenSearchServerless::Collection", {"Name": "engram-prod", "StandbyReplicas": "ENABLED"}
    )
    assert prod.stack.stack_name == "engram-prod"


def test_enrichment_queue_has_a_dead_letter_queue_and_a_long_enough_visibility(dev: Synth) -> None:
    queue = dev.resources("AWS::SQS::Queue")[dev.logical_id(dev.stack.pipeline.queue)]["Properties"]
    dlq_id = dev.logical_id(dev.stack.pipeline.dlq)
    assert queue["RedrivePolicy"] == {
        "deadLetterTargetArn": {"Fn::GetAtt": [dlq_id, "Arn"]},
        "maxReceiveCount": 5,
    }
    enrich = dev.resources("AWS::Lambda::Function")[dev.function_id("enrich")]["Properties"]
    assert enrich["Timeout"] == ENRICH.timeout.to_seconds()
    assert queue["VisibilityTimeout"] >= 6 * enrich["Timeout"]
    for logical_id, props in dev.resources("AWS::SQS::Queue").items():
        assert props["Properties"]["SqsManagedSseEnabled"] is True, logical_id
    # enforceSSL: each queue policy denies requests without TLS.
    for policy in dev.resources("AWS::SQS::QueuePolicy").values():
        (statement,) = policy["Properties"]["PolicyDocument"]["Statement"]
        assert statement["Effect"] == "Deny"
        assert statement["Condition"] == {"Bool": {"aws:SecureTransport": "false"}}


def test_max_receive_count_comes_from_context(synth: Any) -> None:
    stack = synth(dlq_max_receive_count="3")
    queue = stack.resources("AWS::SQS::Queue")[stack.logical_id(stack.stack.pipeline.queue)]
    assert queue["Properties"]["RedrivePolicy"]["maxReceiveCount"] == 3


def test_enrich_consumes_the_queue_in_batches_with_partial_failures(dev: Synth) -> None:
    dev.template.resource_count_is("AWS::Lambda::EventSourceMapping", 3)  # + events' and webhooks'
    dev.template.has_resource_properties(
        "AWS::Lambda::EventSourceMapping",
        {
            "EventSourceArn": {"Fn::GetAtt": [dev.logical_id(dev.stack.pipeline.queue), "Arn"]},
            "FunctionResponseTypes": ["ReportBatchItemFailures"],
            "BatchSize": 10,
            "MaximumBatchingWindowInSeconds": Match.any_value(),
        },
    )
    queue = {"Fn::GetAtt": [dev.logical_id(dev.stack.pipeline.queue), "Arn"]}
    (mapping,) = [
        m
        for m in dev.resources("AWS::Lambda::EventSourceMapping").values()
        if m["Properties"]["EventSourceArn"] == queue
    ]
    assert dev.alias_id("enrich") in json.dumps(mapping["Properties"]["FunctionName"]), "the live alias"


def _all_statements(synth: Synth) -> list[dict[str, Any]]:
    statements = []
    for policy in synth.resources("AWS::IAM::Policy").values():
        statements.extend(policy["Properties"]["PolicyDocument"]["Statement"])
    for role in synth.resources("AWS::IAM::Role").values():
        for policy in role["Properties"].get("Policies", []):
            statements.extend(policy["PolicyDocument"]["Statement"])
    return statements


@pytest.mark.parametrize("variant", ["dev", "domain"])
def test_no_policy_uses_a_wildcard_action_and_only_xray_gets_a_wildcard_resource(
    variant: str, request: pytest.FixtureRequest
) -> None:
    synth: Synth = request.getfixturevalue(variant)
    statements = _all_statements(synth)
    assert statements
    for statement in statements:
        actions = as_list(statement["Action"])
        assert not [action for action in actions if "*" in action], statement
        if "*" in as_list(statement["Resource"]):  # actions without resource-level permissions only
            assert all(a.startswith("xray:") or a == "dynamodb:ListStreams" for a in actions), statement


def _actions(synth: Synth, name: str) -> set[str]:
    return {action for s in synth.statements_of(synth.role_id(name)) for action in as_list(s["Action"])}


def test_each_function_gets_only_what_it_needs(dev: Synth) -> None:
    authorizer = _actions(dev, "authorizer")
    assert {a for a in authorizer if a.startswith("dynamodb:")} == {"dynamodb:GetItem"}
    assert not {a for a in authorizer if a.startswith(("sqs:", "aoss:", "bedrock:"))}

    api = _actions(dev, "api")
    assert {"dynamodb:PutItem", "sqs:SendMessage", "aoss:APIAccessAll", "bedrock:InvokeModel"} <= api
    assert "sqs:ReceiveMessage" not in api
    dlq = {"Fn::GetAtt": [dev.logical_id(dev.stack.pipeline.dlq), "Arn"]}
    on_dlq = {
        a for s in dev.statements_of(dev.role_id("api")) if s["Resource"] == dlq for a in as_list(s["Action"])
    }
    assert on_dlq == {"sqs:GetQueueAttributes"}, "the api only counts dead letters"

    enrich = _actions(dev, "enrich")
    assert {"dynamodb:UpdateItem", "sqs:ReceiveMessage", "aoss:APIAccessAll", "bedrock:InvokeModel"} <= enrich
    assert "sqs:SendMessage" not in enrich

    janitor = _actions(dev, "janitor")
    assert {"dynamodb:UpdateItem", "sqs:SendMessage", "sqs:ReceiveMessage", "aoss:APIAccessAll"} <= janitor


def test_bedrock_is_limited_to_the_configured_models(dev: Synth) -> None:
    def model_arns(name: str) -> set[str]:
        return {
            render(resource)
            for statement in dev.statements_of(dev.role_id(name))
            if "bedrock:InvokeModel" in as_list(statement["Action"])
            for resource in as_list(statement["Resource"])
        }

    embed = "foundation-model/amazon.titan-embed-text-v2:0"
    llm = "foundation-model/anthropic.claude-3-haiku-20240307-v1:0"
    assert {arn.rsplit("::", 1)[1] for arn in model_arns("api")} == {embed}, "recall embeds the query"
    assert {arn.rsplit("::", 1)[1] for arn in model_arns("enrich")} == {embed, llm}
    janitor = {arn.rsplit("::", 1)[1] for arn in model_arns("janitor")}
    assert janitor == {embed, llm}, "consolidate asks the LLM; reembed embeds after a model switch"
    assert model_arns("authorizer") == set()
    assert all(":bedrock:{AWS::Region}::" in arn for arn in model_arns("enrich"))


def test_inference_profiles_are_allowed_by_profile_and_model(synth: Any) -> None:
    stack = synth(llm_model="us.anthropic.claude-3-5-haiku-20241022-v1:0")
    resources = {
        render(resource)
        for statement in stack.statements_of(stack.role_id("enrich"))
        if "bedrock:InvokeModel" in as_list(statement["Action"])
        for resource in as_list(statement["Resource"])
    }
    assert any(
        r.endswith(":inference-profile/us.anthropic.claude-3-5-haiku-20241022-v1:0") for r in resources
    )
    assert any(
        r.endswith(":bedrock:*::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0") for r in resources
    )


def test_alarms_watch_dead_letters_function_errors_throttles_and_api_5xx(dev: Synth) -> None:
    alarms = dev.resources("AWS::CloudWatch::Alarm").values()
    topic = {"Ref": dev.logical_id(dev.stack.monitoring.topic)}
    assert all(alarm["Properties"]["AlarmActions"] == [topic] for alarm in alarms)

    def watched(metric: str) -> list[dict[str, Any]]:
        return [a["Properties"] for a in alarms if a["Properties"].get("MetricName") == metric]

    (dead_letters,) = watched("ApproximateNumberOfMessagesVisible")
    assert dead_letters["Dimensions"] == [
        {"Name": "QueueName", "Value": {"Fn::GetAtt": [dev.logical_id(dev.stack.pipeline.dlq), "QueueName"]}}
    ]
    assert (dead_letters["Threshold"], dead_letters["ComparisonOperator"]) == (0, "GreaterThanThreshold")
    functions = {dev.function_id(name) for name in FUNCTION_NAMES}
    for metric in ("Errors", "Throttles"):
        assert {a["Dimensions"][0]["Value"]["Ref"] for a in watched(metric)} == functions, metric
    assert len(watched("5XXError")) == 1
    dev.template.resource_count_is("AWS::CloudWatch::Dashboard", 1)


def test_outputs_say_where_the_api_is_and_how_to_create_the_first_key(dev: Synth) -> None:
    outputs = dev.template.to_json()["Outputs"]
    stage = dev.logical_id(dev.stack.api.rest_api.deployment_stage)
    assert render(outputs["ApiUrl"]["Value"]).endswith(f"/{{{stage}}}/v1/")
    dev.template.has_resource_properties("AWS::ApiGateway::Stage", {"StageName": "dev"})
    assert outputs["TableName"]["Value"] == {"Ref": dev.logical_id(dev.stack.storage.table)}
    command = render(outputs["CreateFirstApiKey"]["Value"])
    table = dev.logical_id(dev.stack.storage.table)
    assert command == (
        f"AWS_REGION={{AWS::Region}} ENGRAM_BACKEND=aws ENGRAM_TABLE_NAME={{{table}}}"
        " engram keys create --tenant <TENANT>"
    )


def test_the_authorizer_reads_key_items_only(dev: Synth) -> None:
    """Its role can GetItem the items whose partition key is an API key's, and nothing else of the
    table: not a memory, not an index (dynamodb:LeadingKeys)."""
    from fnmatch import fnmatchcase

    from engram.adapters.dynamo.key_lookup import key_item_key

    table = dev.logical_id(dev.stack.storage.table)
    on_table = [s for s in dev.statements_of(dev.role_id("authorizer")) if table in json.dumps(s["Resource"])]
    (statement,) = on_table
    assert as_list(statement["Action"]) == ["dynamodb:GetItem"]
    assert statement["Resource"] == {"Fn::GetAtt": [table, "Arn"]}, "the table only, no index"
    (patterns,) = statement["Condition"]["ForAllValues:StringLike"].values()
    assert list(statement["Condition"]["ForAllValues:StringLike"]) == ["dynamodb:LeadingKeys"]
    assert all(fnmatchcase(key_item_key("ab12" * 16)["pk"], p) for p in as_list(patterns))
    for other in ("KEYID#01J0000000000000000000000", "MEM#acme#01J", "acme#alice", "QUOTA#acme"):
        assert not any(fnmatchcase(other, p) for p in as_list(patterns)), other


def test_every_function_starts_from_a_snapshot_of_its_published_version(dev: Synth) -> None:
    """SnapStart restores published versions only: each function has one behind its `live` alias,
    which API Gateway, the authorizer, SQS and EventBridge invoke (the tests of each assert that)."""
    versions = dev.resources("AWS::Lambda::Version")
    aliases = {
        a["Properties"]["FunctionName"]["Ref"]: a["Properties"]
        for a in dev.resources("AWS::Lambda::Alias").values()
    }
    for name in FUNCTION_NAMES:
        props = dev.resources("AWS::Lambda::Function")[dev.function_id(name)]["Properties"]
        assert props["SnapStart"] == {"ApplyOn": "PublishedVersions"}, name
        assert props["Runtime"] in ("python3.12", "python3.13"), "SnapStart for Python needs 3.12 or later"
        alias = aliases[dev.function_id(name)]
        assert alias["Name"] == "live"
        version = alias["FunctionVersion"]["Fn::GetAtt"]
        assert version[1] == "Version" and versions[version[0]]["Properties"]["FunctionName"] == {
            "Ref": dev.function_id(name)
        }


def test_snapstart_can_be_turned_off_and_needs_python_3_12(synth: Any) -> None:
    from engram_infra.config import ConfigError

    off = synth(snapstart="false", python="3.11")
    for function in off.resources("AWS::Lambda::Function").values():
        assert "SnapStart" not in function["Properties"]
    with pytest.raises(ConfigError, match=r"snapstart needs python 3\.12"):
        synth(python="3.11")
