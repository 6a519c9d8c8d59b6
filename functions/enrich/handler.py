"""enrich Lambda: SQS batches of enrichment and retrieval jobs, with partial batch failures."""

from engram.runtime.coldstart import cold_start

with cold_start():  # adapters once, without the garbage collector; the embedding model loads on first use
    from aws_lambda_powertools.utilities.typing import LambdaContext

    from engram.observability import logger, metrics
    from engram.runtime.container import from_settings
    from engram.runtime.sqs_batch import handle_sqs

    container = from_settings()


@logger.inject_lambda_context
@metrics.log_metrics
def handler(event: dict, context: LambdaContext) -> dict:
    return handle_sqs(container, event, context)
