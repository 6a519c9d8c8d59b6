"""authorizer Lambda: REQUEST authorizer resolving `Authorization: Bearer <key>` to a tenant."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engram.runtime.authorizer import authorize, key_store, with_lambda_context

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

keys = key_store()  # cold start: the keys table only (one botocore client), once; nothing else is built


# No X-Ray SDK here: one GetItem per key API Gateway has not cached is not worth its cold start (the
# SDK builds a botocore client of its own); Lambda's active tracing still records every invocation.
# No powertools either (engram.runtime.authorizer: its log is one JSON line per denied key).
@with_lambda_context
def handler(event: dict[str, Any], context: LambdaContext) -> dict:
    return authorize(keys, event)
