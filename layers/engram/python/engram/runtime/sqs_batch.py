"""SQS job batches for the enrich Lambda: parse records, run them in one batch, report per record.

Records are processed together (one embedding call for the whole batch), then handed to powertools'
BatchProcessor one by one so that a failed or unparseable record — and only that record — is
reported in `batchItemFailures` and redelivered by SQS.
"""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.batch.types import PartialItemFailureResponse
from aws_lambda_powertools.utilities.parser.models import SqsRecordModel
from pydantic import Field, Json, ValidationError

from engram.observability import logger
from engram.ports import DocumentJob, EnrichJob, EraseUserJob, ExtractJob, RetrievalJob
from engram.runtime.container import Container
from engram.runtime.dispatch import run_jobs

Job = Annotated[
    EnrichJob | RetrievalJob | ExtractJob | EraseUserJob | DocumentJob, Field(discriminator="kind")
]


class JobRecord(SqsRecordModel):
    body: Json[Job]


def run_batch(container: Container, records: list[dict[str, Any]]) -> dict[str, Exception | None]:
    """messageId → None (done) or the exception that failed it. Unparseable records are left out;
    the BatchProcessor fails them itself when it validates them."""
    parsed: list[JobRecord] = []
    for raw in records:
        try:
            parsed.append(JobRecord.model_validate(raw))
        except ValidationError:
            continue
    return {
        record.messageId: error
        for record, error in zip(parsed, run_jobs(container, [r.body for r in parsed]), strict=True)
    }


def handle_sqs(container: Container, event: dict[str, Any], context: Any) -> PartialItemFailureResponse:
    results = run_batch(container, event.get("Records", []))
    processor = BatchProcessor(event_type=EventType.SQS, model=JobRecord)

    def record_handler(record: JobRecord) -> None:
        error = results.get(record.messageId)
        if error is not None:
            logger.warning("job failed", extra={"message_id": record.messageId, "error": str(error)})
            raise error

    return process_partial_response(
        event=event, record_handler=record_handler, processor=processor, context=context
    )
