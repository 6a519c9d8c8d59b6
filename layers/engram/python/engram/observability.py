"""One shared Logger and Metrics (powertools), one metric per business event, and spans.

`logger` is the standard library's `engram` logger (JSON lines; handlers add invocation keys and the
API Gateway request id as `correlation_id`); `metrics`/`count()` are CloudWatch EMF metrics flushed
by each handler's `@metrics.log_metrics`; `traced`, `model_call`, `configure_tracing`: engram.tracing.
"""

from __future__ import annotations

import os

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.metrics.functions import is_metrics_disabled

from engram.tracing import SERVICE, configure_tracing, model_call, traced

__all__ = ["SERVICE", "configure_tracing", "count", "logger", "metrics", "model_call", "traced"]

logger = Logger(service=SERVICE)
metrics = Metrics(namespace=SERVICE, service=SERVICE)


def count(name: str, value: int = 1) -> None:
    """Record a business event (MemoryStored, MemoryDeduplicated, MemoryRejected, PiiRedacted, …).

    Only inside a Lambda function, whose handler flushes them; any other process (engram serve, the
    CLI) would only pile them up, and powertools prints a full set even when metrics are disabled."""
    if value and "AWS_LAMBDA_FUNCTION_NAME" in os.environ and not is_metrics_disabled():
        metrics.add_metric(name=name, unit=MetricUnit.Count, value=value)
