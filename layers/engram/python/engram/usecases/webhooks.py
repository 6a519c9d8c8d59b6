"""Webhooks: a tenant's endpoints (create, list, delete) and the delivery of its change events.

Delivery is at least once: a delivery is done only after a 2xx; any other answer, or none, is tried
again after an exponential backoff with jitter, and after the last attempt it is dead until an
operator replays it. Receivers drop a second copy by the event id.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Callable
from datetime import timedelta

from engram.domain.errors import InvalidRequest, MemoryNotFound
from engram.domain.events import EventType, WebhookEndpoint, retry_delay_s
from engram.ids import new_id
from engram.ports import Clock, DeliveryQueue, SystemClock, WebhookSender, WebhookStore
from engram.settings import WebhookSettings

SECRET_PREFIX = "whsec_"
FAN_OUT_ROUNDS = 20  # outbox batches a pass turns into deliveries before it delivers


class WebhookNotFound(MemoryNotFound):
    """No webhook with that id in the caller's tenant (404)."""


class Webhooks:
    def __init__(
        self,
        store: WebhookStore,
        sender: WebhookSender,
        settings: WebhookSettings,
        clock: Clock | None = None,
    ) -> None:
        self.store, self.sender, self.settings = store, sender, settings
        self.clock = clock or SystemClock()

    def create(
        self, tenant: str, url: str, events: list[EventType], description: str | None = None
    ) -> tuple[WebhookEndpoint, str]:
        """The new endpoint and its signing secret (shown this once). The URL must pass the address
        rules now; it is checked again at every delivery (a name may resolve elsewhere later)."""
        if not self.settings.enabled:
            raise InvalidRequest("webhooks are turned off on this server (ENGRAM_WEBHOOKS__ENABLED)")
        self.sender.check(url)
        if len(self.store.endpoints(tenant)) >= self.settings.max_endpoints:
            raise InvalidRequest(
                f"a tenant has at most {self.settings.max_endpoints} webhooks; delete one first",
                limit=self.settings.max_endpoints,
            )
        now = self.clock.now()
        endpoint = WebhookEndpoint(
            id=new_id(now),
            tenant=tenant,
            url=url,
            events=sorted(set(events)),
            description=description,
            created_at=now,
        )
        secret = SECRET_PREFIX + secrets.token_urlsafe(32)
        self.store.add_endpoint(endpoint, secret)
        return endpoint, secret

    def list(self, tenant: str) -> list[WebhookEndpoint]:
        return self.store.endpoints(tenant)

    def delete(self, tenant: str, webhook_id: str) -> None:
        if not self.store.delete_endpoint(tenant, webhook_id):
            raise WebhookNotFound(f"no webhook {webhook_id}")


class DeliverEvents:
    """One pass of the delivery worker: the outbox into deliveries, then the deliveries due."""

    def __init__(
        self,
        queue: DeliveryQueue,
        sender: WebhookSender,
        settings: WebhookSettings,
        clock: Clock | None = None,
        rand: Callable[[], float] = random.random,
    ) -> None:
        self.queue, self.sender, self.settings = queue, sender, settings
        self.clock, self.rand = clock or SystemClock(), rand

    def run_once(self) -> int:
        """Deliveries tried in this pass (0: nothing was due)."""
        now = self.clock.now()
        for _ in range(FAN_OUT_ROUNDS):
            if self.queue.fan_out(self.settings.batch, now) < self.settings.batch:
                break
        lease = timedelta(seconds=2 * self.settings.timeout_s + 5)  # a try ends well before it lapses
        due = self.queue.claim_due(now, now + lease, self.settings.batch)
        for delivery in due:
            event_type = str(json.loads(delivery.body).get("type", ""))
            sent = self.sender.send(
                delivery.url, delivery.secret, delivery.event_id, event_type, delivery.body.encode()
            )
            if sent.ok:
                self.queue.delivered(delivery)
                continue
            at = self.clock.now()
            attempts = delivery.attempts + 1
            retry_at = None
            if attempts < self.settings.max_attempts:
                delay = retry_delay_s(
                    attempts, self.settings.backoff_base_s, self.settings.backoff_max_s, self.rand
                )
                retry_at = at + timedelta(seconds=delay)
            self.queue.failed(delivery, sent.error or "failed", at, retry_at)
        return len(due)
