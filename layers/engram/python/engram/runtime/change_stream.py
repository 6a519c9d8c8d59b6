"""The events Lambda and the webhooks Lambda, wired: the table's stream to the bus and the webhook
queue (partial batch failures by sequence number), and the queue's deliveries to the endpoints
(a failed try backs off by its visibility timeout; after the queue's last receive, its DLQ)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.batch.types import PartialItemFailureResponse
from aws_lambda_powertools.utilities.data_classes.dynamo_db_stream_event import DynamoDBRecord
from aws_lambda_powertools.utilities.parser.models import SqsRecordModel
from pydantic import BaseModel, Json

from engram.adapters.dynamo.stream import record_events
from engram.domain.events import retry_delay_s
from engram.observability import logger
from engram.ports import WebhookSender, WebhookStore
from engram.runtime.container import Container, MissingSettings
from engram.settings import WebhookSettings
from engram.usecases.change_stream import PublishChanges

MAX_VISIBILITY_S = 43_200  # SQS's ceiling on a message's visibility timeout (12 hours)


class DeliveryFailed(RuntimeError):
    """The receiver did not take the event; SQS hands it back after the backoff."""


def handle_stream(publish: PublishChanges, event: dict[str, Any], context: Any) -> PartialItemFailureResponse:
    processor = BatchProcessor(event_type=EventType.DynamoDBStreams)

    def record_handler(record: DynamoDBRecord) -> None:
        publish(record_events(record.raw_event))

    return process_partial_response(
        event=event, record_handler=record_handler, processor=processor, context=context
    )


class DeliveryMessage(BaseModel):
    webhook_id: str
    tenant: str
    event_id: str
    event_type: str
    body: str  # the event's JSON exactly as it is signed


class DeliveryRecord(SqsRecordModel):
    body: Json[DeliveryMessage]


@dataclass
class Deliveries:
    """What the webhooks Lambda needs: the endpoints, the sender, and its queue (to back off)."""

    store: WebhookStore
    sender: WebhookSender
    sqs: Any
    settings: WebhookSettings

    def handle(self, event: dict[str, Any], context: Any) -> PartialItemFailureResponse:
        # a batch that all failed is still an answer: each message keeps the backoff it was given
        processor = BatchProcessor(
            event_type=EventType.SQS, model=DeliveryRecord, raise_on_entire_batch_failure=False
        )
        return process_partial_response(
            event=event, record_handler=self._deliver, processor=processor, context=context
        )

    def _deliver(self, record: DeliveryRecord) -> None:
        message = record.body
        found = self.store.endpoint(message.tenant, message.webhook_id)
        if found is None:
            return  # the endpoint was deleted: what it had still to receive is dropped
        endpoint, secret = found
        sent = self.sender.send(
            endpoint.url, secret, message.event_id, message.event_type, message.body.encode()
        )
        if sent.ok:
            return
        tries = int(record.attributes.ApproximateReceiveCount)
        delay = retry_delay_s(tries, self.settings.backoff_base_s, self.settings.backoff_max_s)
        self.sqs.change_message_visibility(
            QueueUrl=self.settings.queue_url,
            ReceiptHandle=record.receiptHandle,
            VisibilityTimeout=min(MAX_VISIBILITY_S, max(1, round(delay))),
        )
        logger.warning("webhook delivery failed", extra={"event_id": message.event_id, "error": sent.error})
        raise DeliveryFailed(sent.error or "failed")


def publisher(container: Container, session: Any) -> PublishChanges:
    """The events Lambda's use case over `session` (a botocore session that knows DynamoDB, SQS and
    EventBridge)."""
    from engram.adapters.eventbridge import EventBridgeBus, SqsWebhookOutbox

    s, region = container.settings.webhooks, container.settings.region or None
    missing = {
        name: what
        for name, value, what in (
            ("ENGRAM_WEBHOOKS__BUS_NAME", s.bus_name, "the EventBridge bus"),
            ("ENGRAM_WEBHOOKS__QUEUE_URL", s.queue_url, "the webhook delivery queue"),
        )
        if not value
    }
    if missing or container.webhook_store is None:
        raise MissingSettings("aws", missing)
    bus = EventBridgeBus(session.create_client("events", region_name=region), s.bus_name)
    outbox = SqsWebhookOutbox(session.create_client("sqs", region_name=region), s.queue_url)
    return PublishChanges(bus, outbox, container.webhook_store)


def deliveries(container: Container, session: Any) -> Deliveries:
    """The webhooks Lambda's delivery over `session` (DynamoDB and SQS)."""
    s = container.settings.webhooks
    if not s.queue_url or container.webhook_store is None:
        raise MissingSettings("aws", {"ENGRAM_WEBHOOKS__QUEUE_URL": "the webhook delivery queue"})
    sqs = session.create_client("sqs", region_name=container.settings.region or None)
    return Deliveries(container.webhook_store, container.webhook_sender, sqs, s)
