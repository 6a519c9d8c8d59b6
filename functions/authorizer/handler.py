"""authorizer Lambda: REQUEST authorizer resolving `Authorization: Bearer <key>` to a tenant."""

from __future__ import annotations

from engram.runtime.coldstart import cold_start

with cold_start():  # the keys table only (one botocore client), once, without the garbage collector
    from typing import TYPE_CHECKING, Any

    from engram.observability import logger
    from engram.runtime.authorizer import AuthorizerSettings, authorize, key_store

    settings = AuthorizerSettings.from_env()
    keys = key_store(settings)

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext


# Lambda's active tracing records every invocation; its one log line per denied key is the shared Logger's.
@logger.inject_lambda_context
def handler(event: dict[str, Any], context: LambdaContext) -> dict:
    return authorize(keys, event, settings.default_rate)
