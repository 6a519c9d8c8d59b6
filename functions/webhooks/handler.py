"""webhooks Lambda: SQS batches of webhook deliveries, signed POSTs, partial batch failures."""

from engram.runtime.coldstart import cold_start

with cold_start():
    from aws_lambda_powertools.utilities.typing import LambdaContext

    from engram.observability import logger, metrics
    from engram.providers.aws import botocore_session
    from engram.runtime.change_stream import deliveries
    from engram.runtime.container import aws
    from engram.settings import Settings

    session = botocore_session(("dynamodb", "sqs"))
    deliver = deliveries(aws(Settings(), session=session), session)


@logger.inject_lambda_context
@metrics.log_metrics
def handler(event: dict, context: LambdaContext) -> dict:
    return deliver.handle(event, context)
