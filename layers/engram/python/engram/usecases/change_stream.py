"""Change events on AWS: each event of the table's stream goes to the EventBridge bus, and to a
webhook delivery for each of its tenant's endpoints that wants it (engram.adapters.dynamo.stream
maps the stream; engram.runtime.webhook_batch delivers)."""

from __future__ import annotations

from collections.abc import Sequence

from engram.domain.events import ChangeEvent, WebhookEndpoint
from engram.ports import EventBus, WebhookOutbox, WebhookStore


class PublishChanges:
    def __init__(self, bus: EventBus, outbox: WebhookOutbox, endpoints: WebhookStore) -> None:
        self.bus, self.outbox, self.endpoints = bus, outbox, endpoints

    def __call__(self, events: Sequence[tuple[str, ChangeEvent]]) -> int:
        """Publish the events; the webhook deliveries queued."""
        if not events:
            return 0
        self.bus.publish(events)
        hooks: dict[str, list[WebhookEndpoint]] = {}
        deliveries = []
        for tenant, event in events:
            if tenant not in hooks:
                hooks[tenant] = self.endpoints.endpoints(tenant)
            deliveries += [(endpoint, event) for endpoint in hooks[tenant] if endpoint.wants(event.type)]
        self.outbox.enqueue(deliveries)
        return len(deliveries)
