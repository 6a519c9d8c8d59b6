"""Builders the integration tests share: an AWS-shaped deployment and memories made by hand.

`moto_aws()` stands up what `runtime.container.aws()` talks to — the engram table in DynamoDB and the
job queue and its dead-letter queue in SQS, both under moto, and OpenSearch over the loopback fake —
and `MotoAws.container(...)` wires a Container over it as `aws()` wires one, with a clock the test may
own and models built from the settings.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import boto3
from moto import mock_aws
from ulid import ULID

from engram.domain.models import Memory
from engram.domain.text import content_hash
from engram.ports import Clock, SystemClock
from engram.runtime.container import Container
from engram.settings import Settings
from tests.fakes.opensearch_server import FakeOpenSearch
from tests.integration.aws_fixtures import REGION, TABLE_NAME, deployed_table


@dataclass
class MotoAws:
    """The mocked AWS resources of one deployment."""

    table: Any
    sqs: Any
    queue_url: str
    dlq_url: str
    search: FakeOpenSearch

    def settings(self, base: Settings) -> Settings:
        """`base` aimed at these resources, the OpenSearch index as a Serverless (AOSS) collection."""
        return base.model_copy(
            update={
                "backend": "aws",
                "table_name": TABLE_NAME,
                "queue_url": self.queue_url,
                "dlq_url": self.dlq_url,
                "opensearch_endpoint": self.search.url,
                "opensearch_mode": "aoss",
            }
        )

    def container(self, settings: Settings, index: Any = None, *, clock: Clock | None = None) -> Container:
        """A Container over these resources; `index` (default: the one `settings` name) serves both legs."""
        from engram.adapters.dynamo.documents import DynamoDocumentStore
        from engram.adapters.dynamo.graph import DynamoGraphStore
        from engram.adapters.dynamo.janitor_state import DynamoJanitorState
        from engram.adapters.dynamo.keys import DynamoKeyStore
        from engram.adapters.dynamo.sqs_queue import SqsJobQueue
        from engram.adapters.dynamo.store import DynamoMemoryStore
        from engram.adapters.dynamo.transcripts import DynamoTranscriptStore
        from engram.adapters.dynamo.userdata import DynamoUserData
        from engram.adapters.opensearch.index import OpenSearchIndex
        from engram.providers.embedders import build_embedder
        from engram.providers.enrichers import build_enricher

        index = index if index is not None else OpenSearchIndex.from_settings(settings)
        from engram.runtime.container import opensearch_reembed

        return Container(
            settings=settings,
            reembed_factory=opensearch_reembed,
            store=DynamoMemoryStore(self.table, clock=clock),
            queue=SqsJobQueue(self.sqs, self.queue_url, self.dlq_url, receive_wait_s=0),
            keys=DynamoKeyStore(self.table, clock=clock),
            vector_index=index,
            lexical_index=index,
            hint_index=index,
            graph=DynamoGraphStore(self.table),
            transcripts=DynamoTranscriptStore(self.table),
            janitor_state=DynamoJanitorState(self.table),
            userdata=DynamoUserData(self.table),
            document_store=DynamoDocumentStore(self.table),
            clock=clock or SystemClock(),
            embedder_factory=lambda: build_embedder(settings.embedder),
            enricher_factory=lambda: build_enricher(settings.enricher),
        )


@contextmanager
def moto_aws(*, serverless: bool = True) -> Iterator[MotoAws]:
    """The engram table, the job queue and its DLQ under moto, and a FakeOpenSearch, for the block."""
    from engram.adapters.dynamo.store import create_table

    with mock_aws(), FakeOpenSearch(serverless=serverless) as search:
        dynamodb = boto3.resource("dynamodb", region_name=REGION)
        create_table(dynamodb, TABLE_NAME)
        sqs = boto3.client("sqs", region_name=REGION)
        yield MotoAws(
            table=deployed_table(),  # as the deployed functions reach it, not boto3's resource
            sqs=sqs,
            queue_url=sqs.create_queue(QueueName="engram-jobs")["QueueUrl"],
            dlq_url=sqs.create_queue(QueueName="engram-jobs-dlq")["QueueUrl"],
            search=search,
        )


def new_memory(content: str, *, at: datetime, id: str | None = None, **fields: Any) -> Memory:
    """A Memory of `content`, created, updated and observed `at`, with a fresh ULID unless `id` is given."""
    return Memory(
        id=id or str(ULID()),
        content=content,
        content_hash=content_hash(content),
        created_at=at,
        updated_at=at,
        observed_at=at,
        **fields,
    )
