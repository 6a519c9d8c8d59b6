"""Change events in the template: the table's stream, the bus, the webhook queue and its DLQ, the two
functions fed by them, and what each may do (least privilege)."""

from __future__ import annotations

from typing import Any

from engram_infra.events import WEBHOOK_MAX_ATTEMPTS
from infra_helpers import Synth, as_list


def _actions(synth: Synth, name: str) -> set[str]:
    return {a for s in synth.statements_of(synth.role_id(name)) for a in as_list(s["Action"])}


def _arn(synth: Synth, construct: Any) -> dict[str, Any]:
    return {"Fn::GetAtt": [synth.logical_id(construct), "Arn"]}


def _mapping(synth: Synth, source: dict[str, Any]) -> dict[str, Any]:
    (found,) = [
        m["Properties"]
        for m in synth.resources("AWS::Lambda::EventSourceMapping").values()
        if m["Properties"]["EventSourceArn"] == source
    ]
    return found


def test_the_table_streams_both_images_to_the_events_function(dev: Synth) -> None:
    table = dev.resources("AWS::DynamoDB::Table")[dev.logical_id(dev.stack.storage.table)]["Properties"]
    assert table["StreamSpecification"] == {"StreamViewType": "NEW_AND_OLD_IMAGES"}
    mapping = _mapping(dev, {"Fn::GetAtt": [dev.logical_id(dev.stack.storage.table), "StreamArn"]})
    assert dev.alias_id("events") in str(mapping["FunctionName"]), "the live alias"
    assert mapping["StartingPosition"] == "TRIM_HORIZON"
    assert mapping["BisectBatchOnFunctionError"] is True
    assert mapping["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    assert mapping["MaximumRetryAttempts"] == 10
    failures = mapping["DestinationConfig"]["OnFailure"]["Destination"]
    assert failures == _arn(dev, dev.stack.events.stream_failures)


def test_webhook_deliveries_retry_then_dead_letter(dev: Synth) -> None:
    events = dev.stack.events
    queue = dev.resources("AWS::SQS::Queue")[dev.logical_id(events.webhook_queue)]["Properties"]
    assert queue["RedrivePolicy"] == {
        "deadLetterTargetArn": _arn(dev, events.webhook_dlq),
        "maxReceiveCount": WEBHOOK_MAX_ATTEMPTS,
    }
    mapping = _mapping(dev, _arn(dev, events.webhook_queue))
    assert dev.alias_id("webhooks") in str(mapping["FunctionName"])
    assert mapping["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    env = dev.resources("AWS::Lambda::Function")[dev.function_id("webhooks")]["Properties"]["Environment"]
    assert env["Variables"]["ENGRAM_WEBHOOKS__QUEUE_URL"] == {"Ref": dev.logical_id(events.webhook_queue)}
    assert env["Variables"]["ENGRAM_WEBHOOKS__BUS_NAME"] == {"Ref": dev.logical_id(events.bus)}
    assert env["Variables"]["ENGRAM_WEBHOOKS__MAX_ATTEMPTS"] == str(WEBHOOK_MAX_ATTEMPTS)


def test_the_event_functions_get_only_what_they_need(dev: Synth) -> None:
    writes = {"dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem"}
    events = _actions(dev, "events")
    assert {"dynamodb:GetRecords", "dynamodb:Query", "events:PutEvents", "sqs:SendMessage"} <= events
    assert not events & writes and "sqs:ReceiveMessage" not in events
    put_events = [
        s for s in dev.statements_of(dev.role_id("events")) if "events:PutEvents" in as_list(s["Action"])
    ]
    assert [s["Resource"] for s in put_events] == [_arn(dev, dev.stack.events.bus)], "its own bus only"

    webhooks = _actions(dev, "webhooks")
    assert {"dynamodb:GetItem", "sqs:ReceiveMessage", "sqs:ChangeMessageVisibility"} <= webhooks
    assert not webhooks & writes and "events:PutEvents" not in webhooks and "sqs:SendMessage" not in webhooks
    for name in ("api", "enrich", "janitor", "authorizer"):
        assert "events:PutEvents" not in _actions(dev, name), name


def test_the_event_functions_read_webhook_items_only(dev: Synth) -> None:
    table = _arn(dev, dev.stack.storage.table)
    for name in ("events", "webhooks"):
        on_table = [s for s in dev.statements_of(dev.role_id(name)) if table in as_list(s["Resource"])]
        assert [set(as_list(s["Action"])) for s in on_table] == [{"dynamodb:GetItem", "dynamodb:Query"}], name
        assert on_table[0]["Condition"] == {
            "ForAllValues:StringLike": {"dynamodb:LeadingKeys": ["HOOK#*"]}
        }, "never a memory, a key or an index"


def test_outputs_name_the_bus_and_the_webhook_dead_letters(dev: Synth) -> None:
    outputs = dev.template.to_json()["Outputs"]
    assert outputs["EventBusName"]["Value"] == {"Ref": dev.logical_id(dev.stack.events.bus)}
    assert outputs["WebhookDeadLetterQueueUrl"]["Value"] == {
        "Ref": dev.logical_id(dev.stack.events.webhook_dlq)
    }
