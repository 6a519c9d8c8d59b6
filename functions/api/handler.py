"""api Lambda: API Gateway REST proxy events → the engram API (engram.api.app)."""

from aws_lambda_powertools.logging import correlation_paths
from aws_lambda_powertools.utilities.typing import LambdaContext

from engram.api.app import EngramApi
from engram.observability import logger, metrics, tracer
from engram.runtime.container import from_settings

api = EngramApi(from_settings())  # cold start: settings from ENGRAM_* and adapters, once


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_REST)
@tracer().capture_lambda_handler
@metrics.log_metrics
def handler(event: dict, context: LambdaContext) -> dict:
    return api.handle(event, context)
