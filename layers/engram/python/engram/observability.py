"""One shared Logger, Tracer and Metrics, and one metric per business event."""

from __future__ import annotations

import os
from functools import cache

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.metrics.functions import is_metrics_disabled

# X-Ray patches what engram calls: botocore (DynamoDB, SQS, Bedrock) and http.client (OpenSearch via
# urllib3, the OpenAI-compatible providers). Patching everything it supports would import requests,
# httpx and sqlite3 into every cold start, for calls engram never makes.
TRACED_MODULES = ("botocore", "httplib")

logger = Logger(service="engram")
metrics = Metrics(namespace="engram", service="engram")


@cache
def tracer() -> Tracer:
    """The shared X-Ray tracer, built by the functions that trace (api, enrich, janitor) at their cold
    start. Not at import: building one loads the X-Ray SDK, whose recorder makes a botocore client of
    its own, even when tracing is off (`engram serve`, the CLI, the authorizer)."""
    return Tracer(service="engram", patch_modules=TRACED_MODULES)


def count(name: str, value: int = 1) -> None:
    """Record a business event (MemoryStored, MemoryDeduplicated, MemoryRejected, PiiRedacted, …).

    Only inside a Lambda function, whose handler flushes them (`@metrics.log_metrics`) as EMF; in any
    other process nothing would flush them and powertools would print EMF lines to stdout."""
    if value and "AWS_LAMBDA_FUNCTION_NAME" in os.environ and not is_metrics_disabled():
        metrics.add_metric(name=name, unit=MetricUnit.Count, value=value)
