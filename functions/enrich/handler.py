"""enrich Lambda: SQS batches of enrichment and retrieval jobs, with partial batch failures."""

from aws_lambda_powertools.utilities.typing import LambdaContext

from engram.observability import logger, metrics, tracer
from engram.runtime.container import from_settings
from engram.runtime.sqs_batch import handle_sqs

container = from_settings()  # cold start: adapters once; the embedding model loads on first use


@logger.inject_lambda_context
@tracer().capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: LambdaContext) -> dict:
    return handle_sqs(container, event, context)
