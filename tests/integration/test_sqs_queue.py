"""SqsJobQueue against moto: jobs round-trip, batches are chunked, depth is counted, the DLQ redrives."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from engram.adapters.dynamo.sqs_queue import EnqueueFailed, SqsJobQueue, parse_job
from engram.ports import EnrichJob, Job, RetrievalJob
from tests.integration.aws_fixtures import aws, queues, sqs  # noqa: F401

AT = datetime(2025, 1, 1, 12, tzinfo=UTC)


@pytest.fixture
def queue(sqs: Any, queues: tuple[str, str]) -> SqsJobQueue:  # noqa: F811
    return SqsJobQueue(sqs, *queues, receive_wait_s=0)


def enrich(n: int) -> EnrichJob:
    return EnrichJob(tenant="acme", memory_id=f"m{n:03}", content_hash=f"{n:064x}")


def enriched(message: dict[str, Any]) -> str:
    """The memory id of the enrich job in a message."""
    job = parse_job(message["Body"])
    assert isinstance(job, EnrichJob)
    return job.memory_id


def receive_all(sqs: Any, url: str) -> list[dict[str, Any]]:  # noqa: F811
    """Every visible message, each once (they stay invisible for 30 s after being received)."""
    messages: list[dict[str, Any]] = []
    while batch := sqs.receive_message(
        QueueUrl=url, MaxNumberOfMessages=10, VisibilityTimeout=30, MessageAttributeNames=["All"]
    ).get("Messages", []):
        messages.extend(batch)
    return messages


def test_enqueued_jobs_arrive_with_the_same_content(queue: SqsJobQueue, sqs: Any) -> None:  # noqa: F811
    jobs: list[Job] = [enrich(1), RetrievalJob(tenant="acme", memory_ids=["m1", "m2"], at=AT)]

    queue.enqueue(jobs)

    messages = receive_all(sqs, queue.queue_url)
    assert sorted((parse_job(m["Body"]) for m in messages), key=lambda j: j.kind) == jobs
    assert sorted(m["MessageAttributes"]["kind"]["StringValue"] for m in messages) == ["enrich", "retrieval"]


def test_more_than_ten_jobs_are_sent_in_chunks(
    queue: SqsJobQueue,
    sqs: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sizes: list[int] = []
    send = sqs.send_message_batch

    def spy(**kwargs: Any) -> Any:
        sizes.append(len(kwargs["Entries"]))
        return send(**kwargs)

    monkeypatch.setattr(sqs, "send_message_batch", spy)

    queue.enqueue([enrich(n) for n in range(25)])

    assert sizes == [10, 10, 5]
    received = sorted(enriched(m) for m in receive_all(sqs, queue.queue_url))
    assert received == [f"m{n:03}" for n in range(25)]


def test_refused_messages_are_retried_once_then_raise(
    queue: SqsJobQueue,
    sqs: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    send = sqs.send_message_batch
    refusals = {"left": 1}

    def flaky(**kwargs: Any) -> Any:
        if refusals["left"] > 0:
            refusals["left"] -= 1
            first, *rest = kwargs["Entries"]
            response = send(**{**kwargs, "Entries": rest}) if rest else {"Successful": []}
            response["Failed"] = [{"Id": first["Id"], "SenderFault": False, "Code": "InternalError"}]
            return response
        return send(**kwargs)

    monkeypatch.setattr(sqs, "send_message_batch", flaky)

    queue.enqueue([enrich(n) for n in range(3)])  # one refusal: retried and delivered
    assert len(receive_all(sqs, queue.queue_url)) == 3

    refusals["left"] = 2
    with pytest.raises(EnqueueFailed, match="InternalError"):
        queue.enqueue([enrich(n) for n in range(3)])


def test_depth_counts_queued_in_flight_and_dead(queue: SqsJobQueue, sqs: Any) -> None:  # noqa: F811
    assert queue.depth() == {"queued": 0, "in_flight": 0, "dead": 0}
    queue.enqueue([enrich(n) for n in range(5)])
    sqs.receive_message(QueueUrl=queue.queue_url, MaxNumberOfMessages=2, VisibilityTimeout=30)
    sqs.send_message(QueueUrl=queue.dlq_url, MessageBody=enrich(9).model_dump_json())

    assert queue.depth() == {"queued": 3, "in_flight": 2, "dead": 1}


def test_failed_jobs_reach_the_dlq_and_redrive_back(queue: SqsJobQueue, sqs: Any) -> None:  # noqa: F811
    # Given jobs that failed maxReceiveCount (3) times and were moved to the DLQ by SQS
    queue.enqueue([enrich(n) for n in range(13)])
    for _ in range(100):
        if queue.depth()["dead"] == 13:
            break
        sqs.receive_message(QueueUrl=queue.queue_url, MaxNumberOfMessages=10, VisibilityTimeout=0)
    assert queue.depth() == {"queued": 0, "in_flight": 0, "dead": 13}

    # When the operator redrives some, then the rest
    assert queue.redrive_dead(limit=4) == 4
    assert queue.depth() == {"queued": 4, "in_flight": 0, "dead": 9}
    assert queue.redrive_dead(limit=100) == 9

    # Then every job is back on the queue, once, with its content and kind
    messages = receive_all(sqs, queue.queue_url)
    assert sorted(enriched(m) for m in messages) == [f"m{n:03}" for n in range(13)]
    assert {m["MessageAttributes"]["kind"]["StringValue"] for m in messages} == {"enrich"}
    assert queue.depth()["dead"] == 0


def test_redrive_needs_a_dlq(sqs: Any, queues: tuple[str, str]) -> None:  # noqa: F811
    with pytest.raises(ValueError):
        SqsJobQueue(sqs, queues[0]).redrive_dead(10)
    assert SqsJobQueue(sqs, queues[0]).depth()["dead"] == 0
