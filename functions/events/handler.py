"""events Lambda: the table's DynamoDB stream to the EventBridge bus and the webhook delivery queue."""

from engram.runtime.coldstart import cold_start

with cold_start():
    from aws_lambda_powertools.utilities.typing import LambdaContext

    from engram.observability import logger, metrics
    from engram.providers.aws import botocore_session
    from engram.runtime.change_stream import handle_stream, publisher
    from engram.runtime.container import aws
    from engram.settings import Settings

    session = botocore_session(("dynamodb", "sqs", "events"))
    publish = publisher(aws(Settings(), session=session), session)


@logger.inject_lambda_context
@metrics.log_metrics
def handler(event: dict, context: LambdaContext) -> dict:
    return handle_stream(publish, event, context)
