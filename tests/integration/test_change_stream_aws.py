"""Change events on AWS, against moto: real writes of the DynamoDB adapters read back from the
table's stream, mapped to events, put on an EventBridge bus (a rule copies them to a queue the test
reads), and queued as webhook deliveries that the webhooks Lambda's code sends to a loopback
receiver, backing off by the message's visibility on a failure."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import boto3
import pytest

from engram.adapters.dynamo.documents import DynamoDocumentStore
from engram.adapters.dynamo.store import DynamoMemoryStore
from engram.adapters.dynamo.stream import record_events
from engram.adapters.dynamo.transcripts import DynamoTranscriptStore
from engram.adapters.dynamo.webhooks import DynamoWebhookStore
from engram.adapters.eventbridge import EventBridgeBus, SqsWebhookOutbox
from engram.cli.invoke import LocalContext
from engram.domain.documents import Document, DocumentState
from engram.domain.events import EventType, WebhookEndpoint
from engram.domain.models import EnrichmentState, Memory, Status
from engram.domain.sessions import ExtractionRecord, JobState, SessionRef
from engram.providers.fetch import Fetcher
from engram.providers.webhooks import HttpWebhookSender
from engram.runtime.change_stream import Deliveries, DeliveryRecord, handle_stream
from engram.settings import WebhookSettings
from engram.usecases.change_stream import PublishChanges
from tests.conftest import load_event, sqs_event
from tests.integration.aws_fixtures import REGION, TABLE_NAME, aws, dynamodb, table  # noqa: F401
from tests.webhook_receiver import Receiver

TENANT = "acme"
SECRET = "whsec_aws"


class Stream:
    """The table's stream as Lambda's event records, each read once. Read from moto's own table: its
    HTTP front answers DescribeStream with 404 under this botocore, and a cancelled transaction puts
    back a copy of the table (its stream too), which a shard iterator would not follow."""

    def __init__(self) -> None:
        from moto.core import DEFAULT_ACCOUNT_ID
        from moto.dynamodb.models import dynamodb_backends

        client = boto3.client("dynamodb", region_name=REGION)
        client.update_table(
            TableName=TABLE_NAME,
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
        )
        self.arn = client.describe_table(TableName=TABLE_NAME)["Table"]["LatestStreamArn"]
        self.backend = dynamodb_backends[DEFAULT_ACCOUNT_ID][REGION]
        self.read_up_to = 0

    def read(self) -> dict[str, Any]:
        shard = self.backend.get_table(TABLE_NAME).stream_shard
        items, self.read_up_to = shard.items[self.read_up_to :], len(shard.items)
        records = []
        for item in items:
            record = item.to_json()
            change = dict(record["dynamodb"])
            created = change["ApproximateCreationDateTime"]
            change["ApproximateCreationDateTime"] = (
                created.timestamp() if isinstance(created, datetime) else created
            )
            records.append({**record, "dynamodb": change, "eventSourceARN": self.arn})
        return {"Records": json.loads(json.dumps(records, default=str))}


@pytest.fixture
def world(table: Any) -> Iterator[dict[str, Any]]:  # noqa: F811
    stream = Stream()
    sqs = boto3.client("sqs", region_name=REGION)
    events = boto3.client("events", region_name=REGION)
    events.create_event_bus(Name="engram-test")
    seen_url = sqs.create_queue(QueueName="bus-copy")["QueueUrl"]
    seen_arn = sqs.get_queue_attributes(QueueUrl=seen_url, AttributeNames=["QueueArn"])["Attributes"][
        "QueueArn"
    ]
    events.put_rule(Name="all", EventBusName="engram-test", EventPattern=json.dumps({"source": ["engram"]}))
    events.put_targets(Rule="all", EventBusName="engram-test", Targets=[{"Id": "copy", "Arn": seen_arn}])
    hooks_url = sqs.create_queue(QueueName="webhooks")["QueueUrl"]
    hooks = DynamoWebhookStore(table)
    receiver = Receiver()
    yield {
        "table": table,
        "stream": stream,
        "sqs": sqs,
        "seen": seen_url,
        "hooks_url": hooks_url,
        "hooks": hooks,
        "receiver": receiver,
        "publish": PublishChanges(
            EventBridgeBus(events, "engram-test"), SqsWebhookOutbox(sqs, hooks_url), hooks
        ),
    }
    receiver.close()


def memory(content: str) -> Memory:
    digest = hashlib.sha256(content.lower().encode()).hexdigest()
    return Memory(
        id=f"01M{digest[:23].upper()}", tenant=TENANT, user_id="ada", content=content, content_hash=digest
    )


def drain(sqs: Any, url: str) -> list[dict[str, Any]]:
    messages = []
    while batch := sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10).get("Messages", []):
        messages += batch
        sqs.delete_message_batch(
            QueueUrl=url,
            Entries=[{"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(batch)],
        )
    return messages


def test_stream_records_become_bus_events_and_webhook_deliveries(world: dict[str, Any]) -> None:
    hooks: DynamoWebhookStore = world["hooks"]
    wants_deletes = WebhookEndpoint(id="01HOOK", tenant=TENANT, url="https://hooks.example.com/in",
                                    events=[EventType.memory_deleted])  # fmt: skip
    hooks.add_endpoint(wants_deletes, SECRET)
    store = DynamoMemoryStore(world["table"])
    old, new = memory("The standup is at 9:30"), memory("The standup is at 10:00")
    store.insert_or_dedup(old)
    store.insert_or_dedup(old)  # a duplicate: hits only, no event
    done = {"enrichment": old.enrichment.model_copy(update={"state": EnrichmentState.done}), "importance": 4}
    store.put(old.model_copy(update=done))
    store.insert_or_dedup(new)
    store.put(stored := store.get(TENANT, old.id).model_copy(update={"status": Status.superseded,  # type: ignore[union-attr]
                                                                     "superseded_by": new.id}))  # fmt: skip
    assert stored.status == Status.superseded
    store.delete(TENANT, new.id)
    now = datetime.now(UTC)
    documents = DynamoDocumentStore(world["table"])
    document = Document(id="01DOC", tenant=TENANT, user_id="ada", source="text", content_type="text/plain",
                        created_at=now, updated_at=now)  # fmt: skip
    documents.create(document, b"raw text")
    documents.save(
        document.model_copy(update={"state": DocumentState.done, "chunk_ids": [old.id], "chunks": 1})
    )
    transcripts = DynamoTranscriptStore(world["table"])
    ref = SessionRef(tenant=TENANT, user_id="a#da", session_id="s1")
    transcripts.put_job(ref, ExtractionRecord(job_id="01JOB", from_seq=1, through_seq=2, state=JobState.done))

    event = world["stream"].read()
    response = handle_stream(world["publish"], event, LocalContext("events"))

    assert response == {"batchItemFailures": []}
    bus = [json.loads(m["Body"]) for m in drain(world["sqs"], world["seen"])]
    subjects = sorted(
        (e["detail-type"], e["detail"]["data"].get("memory_id") or e["detail"]["data"].get("document_id")
         or e["detail"]["data"]["session_id"]) for e in bus
    )  # fmt: skip
    assert subjects == sorted(
        [
            ("memory.created", old.id),
            ("memory.enriched", old.id),
            ("memory.created", new.id),
            ("memory.superseded", old.id),
            ("memory.deleted", new.id),
            ("document.done", "01DOC"),
            ("session.extracted", "s1"),
        ]
    )
    assert all(e["source"] == "engram" and e["detail"]["tenant"] == TENANT for e in bus)
    assert all("standup" not in json.dumps(e) for e in bus)  # never content
    [session] = [e for e in bus if e["detail-type"] == "session.extracted"]
    assert session["detail"]["data"]["user_id"] == "a#da"  # the key's escaping undone
    # the webhook wants deletions only: one delivery, for the deleted memory
    [delivery] = [json.loads(m["Body"]) for m in drain(world["sqs"], world["hooks_url"])]
    assert (delivery["webhook_id"], delivery["event_type"]) == ("01HOOK", "memory.deleted")
    assert json.loads(delivery["body"])["data"]["memory_id"] == new.id

    # a retried batch sends the same event ids (receivers drop the second copy)
    handle_stream(world["publish"], event, LocalContext("events"))
    again = [json.loads(m["Body"]) for m in drain(world["sqs"], world["seen"])]
    assert sorted(e["detail"]["id"] for e in again) == sorted(e["detail"]["id"] for e in bus)


def test_a_failed_delivery_backs_off_then_arrives_signed(world: dict[str, Any]) -> None:
    receiver: Receiver = world["receiver"]
    receiver.fail_first = 1
    hooks: DynamoWebhookStore = world["hooks"]
    hooks.add_endpoint(WebhookEndpoint(id="01HOOK", tenant=TENANT, url=receiver.url), SECRET)
    DynamoMemoryStore(world["table"]).insert_or_dedup(memory("The release train leaves on Thursdays"))
    handle_stream(world["publish"], world["stream"].read(), LocalContext("events"))
    # received as Lambda would, but left visible: only the handler's backoff can hide it
    messages = world["sqs"].receive_message(QueueUrl=world["hooks_url"], VisibilityTimeout=0)["Messages"]
    assert world["sqs"].receive_message(QueueUrl=world["hooks_url"], VisibilityTimeout=0)["Messages"]
    settings = WebhookSettings(
        allowed_networks=["127.0.0.1/32"], queue_url=world["hooks_url"], backoff_base_s=60
    )
    deliver = Deliveries(hooks, HttpWebhookSender(Fetcher(allowed_networks=settings.allowed_networks)),
                         world["sqs"], settings)  # fmt: skip
    event = sqs_event(messages)

    first = deliver.handle(event, LocalContext("webhooks"))
    assert [f["itemIdentifier"] for f in first["batchItemFailures"]] == [messages[0]["MessageId"]]
    # backed off: the message stays invisible for its backoff (30-60 s for a first failure)
    assert world["sqs"].receive_message(QueueUrl=world["hooks_url"]).get("Messages", []) == []

    event["Records"][0]["attributes"]["ApproximateReceiveCount"] = "2"  # SQS hands it back later
    assert deliver.handle(event, LocalContext("webhooks")) == {"batchItemFailures": []}
    [accepted] = receiver.accepted().values()
    assert accepted["type"] == "memory.created"
    assert receiver.all_signed(SECRET)

    hooks.delete_endpoint(TENANT, "01HOOK")  # a delivery for a deleted endpoint is dropped, not retried
    assert deliver.handle(event, LocalContext("webhooks")) == {"batchItemFailures": []}
    assert len(receiver.received) == 2


def test_the_sample_events_are_what_the_functions_read() -> None:
    stream = load_event("events/stream.json")
    [(tenant, event)] = record_events(stream["Records"][0])
    assert (tenant, event.type) == (TENANT, EventType.memory_superseded)
    assert event.data["superseded_by"] == "01JDQZ9A1B2C3D4E5F6G7H8J9K"
    [record] = load_event("webhooks/sqs.json")["Records"]
    message = DeliveryRecord.model_validate(record).body
    assert json.loads(message.body)["id"] == message.event_id
