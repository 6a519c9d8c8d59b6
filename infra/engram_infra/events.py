"""Change events: the EventBridge bus every memory, document and session change goes to, the queue of
webhook deliveries with its dead-letter queue, and the queue of stream batches that kept failing.

The events function reads the table's stream (engram.runtime.change_stream) and writes to the bus and
the webhook queue; the webhooks function drains that queue. Both are made and granted in functions.py.
"""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_events as events
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from .config import EngramConfig
from .nag import acknowledge

# A delivery's tries before its dead-letter queue (engram's WebhookSettings.max_attempts); the backoff
# between them is the webhooks function's visibility timeout, doubling from 2 s up to 10 minutes.
WEBHOOK_MAX_ATTEMPTS = 8
WEBHOOK_TIMEOUT_S = 30  # the webhooks function's timeout: a batch of ten 10 s POSTs, sent one by one


class ChangeEvents(Construct):
    """`bus` (events.EventBus), `webhook_queue` and `webhook_dlq` (the dead list an operator redrives),
    `stream_failures` (stream records the events function gave up on)."""

    def __init__(self, scope: Construct, construct_id: str, *, config: EngramConfig) -> None:
        super().__init__(scope, construct_id)
        self.bus = events.EventBus(self, "Bus", event_bus_name=f"engram-{config.stage}")
        self.webhook_dlq = self._queue("WebhookDeadLetters", Duration.days(14))
        self.webhook_queue = sqs.Queue(
            self,
            "WebhookQueue",
            encryption=sqs.QueueEncryption.SQS_MANAGED,
            enforce_ssl=True,
            visibility_timeout=Duration.seconds(6 * WEBHOOK_TIMEOUT_S),
            retention_period=Duration.days(4),
            dead_letter_queue=sqs.DeadLetterQueue(
                queue=self.webhook_dlq, max_receive_count=WEBHOOK_MAX_ATTEMPTS
            ),
        )
        self.stream_failures = self._queue("StreamFailures", Duration.days(14))
        acknowledge(
            self.stream_failures,
            (
                "AwsSolutions-SQS3",
                "It is a dead-letter destination itself: the stream mapping's on-failure queue.",
            ),
        )

    def _queue(self, construct_id: str, retention: Duration) -> sqs.Queue:
        return sqs.Queue(
            self,
            construct_id,
            encryption=sqs.QueueEncryption.SQS_MANAGED,
            enforce_ssl=True,
            retention_period=retention,
        )
