"""authorizer Lambda: REQUEST authorizer resolving `Authorization: Bearer <key>` to a tenant."""

from aws_lambda_powertools.utilities.data_classes import event_source
from aws_lambda_powertools.utilities.data_classes.api_gateway_authorizer_event import (
    APIGatewayAuthorizerRequestEvent,
)
from aws_lambda_powertools.utilities.typing import LambdaContext

from engram.observability import logger, tracer
from engram.runtime.authorizer import authorize
from engram.runtime.container import from_settings

keys = from_settings().keys


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@event_source(data_class=APIGatewayAuthorizerRequestEvent)
def handler(event: APIGatewayAuthorizerRequestEvent, context: LambdaContext) -> dict:
    return authorize(keys, event)
