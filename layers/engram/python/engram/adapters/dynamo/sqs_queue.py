"""JobQueue on SQS, with a dead-letter queue the operator can redrive.

Each message body is the job's JSON (it carries its `kind`); `parse_job` reads it back. The `kind`
is also a message attribute, for filtering and for reading a queue in the console.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, Any

from pydantic import Field, TypeAdapter

from engram.domain.health import HealthFigures
from engram.ports import Job

_BATCH = 10  # SendMessageBatch / ReceiveMessage / DeleteMessageBatch limit
_JOB: TypeAdapter[Job] = TypeAdapter(Annotated[Job, Field(discriminator="kind")])


class EnqueueFailed(RuntimeError):
    """SQS refused some messages, even after a retry."""


def parse_job(body: str) -> Job:
    """The job in a message body written by `SqsJobQueue.enqueue`."""
    return _JOB.validate_json(body)


def _attributes(message: dict[str, Any]) -> dict[str, Any]:
    """A received message's attributes in the shape SendMessage takes."""
    attributes = {}
    for name, value in message.get("MessageAttributes", {}).items():
        payload = "BinaryValue" if value["DataType"].startswith("Binary") else "StringValue"
        attributes[name] = {"DataType": value["DataType"], payload: value[payload]}
    return attributes


class SqsJobQueue:
    def __init__(
        self, client: Any, queue_url: str, dlq_url: str | None = None, *, receive_wait_s: int = 1
    ) -> None:
        self.client = client
        self.queue_url = queue_url
        self.dlq_url = dlq_url
        self.receive_wait_s = receive_wait_s

    def enqueue(self, jobs: Sequence[Job]) -> None:
        for start in range(0, len(jobs), _BATCH):
            entries = [
                {
                    "Id": str(i),
                    "MessageBody": job.model_dump_json(),
                    "MessageAttributes": {"kind": {"DataType": "String", "StringValue": job.kind}},
                }
                for i, job in enumerate(jobs[start : start + _BATCH])
            ]
            failed = self._send(entries)
            if failed:
                failed = self._send([e for e in entries if e["Id"] in failed])
            if failed:
                raise EnqueueFailed(f"SQS refused {len(failed)} job(s): {'; '.join(failed.values())}")

    def depth(self) -> dict[str, int]:
        queue = self._counts(self.queue_url)
        dead = self._counts(self.dlq_url) if self.dlq_url else {}
        return {
            "queued": queue["ApproximateNumberOfMessages"] + queue["ApproximateNumberOfMessagesDelayed"],
            "in_flight": queue["ApproximateNumberOfMessagesNotVisible"],
            "dead": sum(dead.values()),
        }

    def job_health(self, since: datetime, now: datetime) -> HealthFigures:
        """From the queues' attributes: SQS keeps no count of the jobs done, so the dead-job rate is the
        DLQ's messages over those waiting, in flight and dead now; stale leases are not measurable
        (a message's visibility timeout hands it back by itself)."""
        depth = self.depth()
        return HealthFigures(jobs_recent=sum(depth.values()), jobs_dead=depth["dead"])

    keeps_finished = False  # SQS deletes a message once it is done

    def purge_finished(self, older_than: datetime, limit: int) -> int:
        return 0

    def redrive_dead(self, limit: int) -> int:
        """Move up to `limit` messages from the dead-letter queue back to the queue; how many moved.

        Each message is deleted from the DLQ only after the queue accepted it, so a failure leaves it
        in the DLQ (at worst a job runs twice, which workers tolerate).
        """
        if not self.dlq_url:
            raise ValueError("this queue has no dead-letter queue")
        moved = 0
        while moved < limit:
            messages = self.client.receive_message(
                QueueUrl=self.dlq_url,
                MaxNumberOfMessages=min(_BATCH, limit - moved),
                WaitTimeSeconds=self.receive_wait_s,
                VisibilityTimeout=60,
                MessageAttributeNames=["All"],
            ).get("Messages", [])
            if not messages:
                break
            entries = [{"Id": str(i), "MessageBody": m["Body"]} for i, m in enumerate(messages)]
            for entry, message in zip(entries, messages, strict=True):
                if attributes := _attributes(message):
                    entry["MessageAttributes"] = attributes
            failed = self._send(entries)
            done = [
                {"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]}
                for i, m in enumerate(messages)
                if str(i) not in failed
            ]
            if done:
                self.client.delete_message_batch(QueueUrl=self.dlq_url, Entries=done)
            moved += len(done)
            if failed:
                break  # the rest stay in the DLQ and reappear after their visibility timeout
        return moved

    def _send(self, entries: list[dict[str, Any]]) -> dict[str, str]:
        """Send one batch; the ids of the entries SQS refused, with its reasons."""
        response = self.client.send_message_batch(QueueUrl=self.queue_url, Entries=entries)
        return {f["Id"]: f"{f.get('Code', '')}: {f.get('Message', '')}" for f in response.get("Failed", [])}

    def _counts(self, url: str) -> dict[str, int]:
        names = [
            "ApproximateNumberOfMessages",
            "ApproximateNumberOfMessagesNotVisible",
            "ApproximateNumberOfMessagesDelayed",
        ]
        attributes = self.client.get_queue_attributes(QueueUrl=url, AttributeNames=names)["Attributes"]
        return {name: int(attributes.get(name, 0)) for name in names}
