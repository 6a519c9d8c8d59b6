"""authorizer Lambda: REQUEST authorizer resolving `Authorization: Bearer <key>` to a tenant."""

from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext

from engram.observability import logger
from engram.runtime.authorizer import authorize, key_store

keys = key_store()  # cold start: the keys table only (one botocore client), once; nothing else is built


# No X-Ray SDK here: one GetItem per key API Gateway has not cached is not worth its cold start (the
# SDK builds a botocore client of its own); Lambda's active tracing still records every invocation.
@logger.inject_lambda_context
def handler(event: dict[str, Any], context: LambdaContext) -> dict:
    return authorize(keys, event)
