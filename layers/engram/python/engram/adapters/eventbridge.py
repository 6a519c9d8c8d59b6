"""The AWS side of change events: the EventBridge bus every event goes to, and the SQS queue of webhook
deliveries (its redrive policy retries and dead-letters them; engram.runtime.webhook_batch sends)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engram.domain.errors import DependencyUnavailable
from engram.domain.events import ChangeEvent, WebhookEndpoint

SOURCE = "engram"
_PUT_EVENTS_BATCH = 10  # PutEvents and SendMessageBatch take ten entries at most


class EventBridgeBus:
    """PutEvents to the deployment's bus: source `engram`, detail-type the event type, detail the event
    with its tenant (the bus is the operator's; webhooks carry no tenant)."""

    def __init__(self, client: Any, bus_name: str) -> None:
        self.client, self.bus_name = client, bus_name

    def publish(self, events: Sequence[tuple[str, ChangeEvent]]) -> None:
        for start in range(0, len(events), _PUT_EVENTS_BATCH):
            entries = [
                {
                    "Source": SOURCE,
                    "DetailType": event.type.value,
                    "Detail": json.dumps({**event.model_dump(mode="json"), "tenant": tenant}),
                    "EventBusName": self.bus_name,
                    "Time": event.occurred_at,
                }
                for tenant, event in events[start : start + _PUT_EVENTS_BATCH]
            ]
            answer = self.client.put_events(Entries=entries)
            if answer.get("FailedEntryCount"):
                errors = {e.get("ErrorCode") for e in answer.get("Entries", []) if e.get("ErrorCode")}
                raise DependencyUnavailable(
                    f"EventBridge refused {answer['FailedEntryCount']} events: {errors}"
                )


class SqsWebhookOutbox:
    """One message per (endpoint, event): the endpoint's id and tenant, and the event's body as signed."""

    def __init__(self, client: Any, queue_url: str) -> None:
        self.client, self.queue_url = client, queue_url

    def enqueue(self, deliveries: Sequence[tuple[WebhookEndpoint, ChangeEvent]]) -> None:
        for start in range(0, len(deliveries), _PUT_EVENTS_BATCH):
            entries = [
                {"Id": str(i), "MessageBody": delivery_message(endpoint, event)}
                for i, (endpoint, event) in enumerate(deliveries[start : start + _PUT_EVENTS_BATCH])
            ]
            answer = self.client.send_message_batch(QueueUrl=self.queue_url, Entries=entries)
            if answer.get("Failed"):
                raise DependencyUnavailable(f"SQS refused {len(answer['Failed'])} webhook deliveries")


def delivery_message(endpoint: WebhookEndpoint, event: ChangeEvent) -> str:
    return json.dumps(
        {
            "webhook_id": endpoint.id,
            "tenant": endpoint.tenant,
            "event_id": event.id,
            "event_type": event.type.value,
            "body": event.model_dump_json(),
        }
    )
