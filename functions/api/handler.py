"""api Lambda: API Gateway REST proxy events → the engram API (engram.api.app)."""

from __future__ import annotations

from engram.runtime.coldstart import cold_start

with cold_start():  # imports, settings from ENGRAM_* and adapters, once, without the garbage collector
    from typing import TYPE_CHECKING

    from aws_lambda_powertools.logging import correlation_paths

    from engram.api.app import EngramApi
    from engram.observability import logger, metrics
    from engram.runtime.container import from_settings

    api = EngramApi(from_settings())

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_REST)
@metrics.log_metrics
def handler(event: dict, context: LambdaContext) -> dict:
    return api.handle(event, context)
