"""moto-backed AWS fixtures for the DynamoDB and SQS adapter tests.

Import the fixtures a test module needs (`from tests.integration.aws_fixtures import table`); they are
not in conftest.py so they stay next to the adapters they serve.

moto's in-process DynamoDB is not isolated between threads: a transaction checks its conditions and
writes item by item, and a cancelled one restores a snapshot of the whole table, wiping writes other
threads made meanwhile. Real DynamoDB runs every request atomically (and transactions serializably).
`atomic_requests` restores that guarantee by letting one mocked request run at a time (requests from
many threads still interleave freely between each other), which is what the concurrency tests need to
exercise the adapter's logic rather than moto's races. moto's server mode (ThreadedMotoServer) runs the
same backend code on a threaded HTTP server and shows the same races, only less often.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import boto3
import pytest
from moto import mock_aws
from moto.core.botocore_stubber import BotocoreStubber

from engram.adapters.dynamo.store import create_table
from engram.adapters.dynamo.table import DynamoTable
from engram.providers.aws import botocore_session

REGION = "us-east-1"
TABLE_NAME = "engram-test"


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A mocked AWS account with dummy credentials; nothing leaves the process."""
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    monkeypatch.setenv("AWS_SESSION_TOKEN", "testing")
    monkeypatch.setenv("AWS_DEFAULT_REGION", REGION)
    with mock_aws():
        yield


@contextmanager
def atomic_requests() -> Iterator[None]:
    """Run one mocked AWS request at a time, as DynamoDB runs each request atomically."""
    lock = threading.Lock()
    process_request = BotocoreStubber.process_request

    def serialized(self: BotocoreStubber, request: Any) -> Any:
        with lock:
            return process_request(self, request)

    BotocoreStubber.process_request = serialized  # type: ignore[method-assign]
    try:
        yield
    finally:
        BotocoreStubber.process_request = process_request  # type: ignore[method-assign]


@pytest.fixture
def atomic_moto() -> Iterator[None]:
    with atomic_requests():
        yield


@pytest.fixture
def dynamodb(aws: None) -> Any:
    return boto3.resource("dynamodb", region_name=REGION)


def deployed_table() -> DynamoTable:
    """The engram table as the deployed functions reach it: a DynamoTable over a botocore client of
    the container's session (runtime.container.aws), not boto3's resource."""
    client = botocore_session(("dynamodb", "sqs")).create_client("dynamodb", region_name=REGION)
    return DynamoTable(client, TABLE_NAME)


@pytest.fixture
def table(dynamodb: Any) -> DynamoTable:
    """The engram table, created by the adapter's own `create_table` (both GSIs, TTL on), as the
    deployed functions reach it."""
    create_table(dynamodb, TABLE_NAME)
    return deployed_table()


@pytest.fixture
def sqs(aws: None) -> Any:
    return boto3.client("sqs", region_name=REGION)


@pytest.fixture
def queues(sqs: Any) -> tuple[str, str]:
    """(queue url, dead-letter queue url), the main queue redriving to the DLQ after 3 receives."""
    dlq_url = sqs.create_queue(QueueName="engram-jobs-dlq")["QueueUrl"]
    dlq_arn = sqs.get_queue_attributes(QueueUrl=dlq_url, AttributeNames=["QueueArn"])["Attributes"][
        "QueueArn"
    ]
    queue_url = sqs.create_queue(
        QueueName="engram-jobs",
        Attributes={
            "RedrivePolicy": f'{{"deadLetterTargetArn": "{dlq_arn}", "maxReceiveCount": "3"}}',
            "VisibilityTimeout": "30",
        },
    )["QueueUrl"]
    return queue_url, dlq_url
