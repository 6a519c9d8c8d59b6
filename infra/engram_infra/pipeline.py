"""The enrichment queue and its dead-letter queue."""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from .config import EngramConfig

# AWS guidance for Lambda event sources: visibility timeout at least six times the function timeout,
# so a batch that is retried after throttling is not handed to a second worker while still running.
VISIBILITY_FACTOR = 6


class Pipeline(Construct):
    """`queue` carries one enrichment job per stored memory; `dlq` keeps jobs that kept failing."""

    def __init__(
        self, scope: Construct, construct_id: str, *, config: EngramConfig, worker_timeout: Duration
    ) -> None:
        super().__init__(scope, construct_id)
        self.dlq = sqs.Queue(
            self,
            "DeadLetterQueue",
            encryption=sqs.QueueEncryption.SQS_MANAGED,
            enforce_ssl=True,
            retention_period=Duration.days(14),
        )
        self.queue = sqs.Queue(
            self,
            "EnrichmentQueue",
            encryption=sqs.QueueEncryption.SQS_MANAGED,
            enforce_ssl=True,
            visibility_timeout=Duration.seconds(worker_timeout.to_seconds() * VISIBILITY_FACTOR),
            retention_period=Duration.days(4),
            dead_letter_queue=sqs.DeadLetterQueue(
                queue=self.dlq, max_receive_count=config.dlq_max_receive_count
            ),
        )
