"""One shared Logger, Tracer and Metrics, and one metric per business event."""

from __future__ import annotations

import os

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.metrics.functions import is_metrics_disabled

logger = Logger(service="engram")
tracer = Tracer(service="engram")
metrics = Metrics(namespace="engram", service="engram")


def count(name: str, value: int = 1) -> None:
    """Record a business event (MemoryStored, MemoryDeduplicated, MemoryRejected, PiiRedacted, …).

    Only inside a Lambda function, whose handler flushes them (`@metrics.log_metrics`) as EMF; in any
    other process nothing would flush them and powertools would print EMF lines to stdout."""
    if value and "AWS_LAMBDA_FUNCTION_NAME" in os.environ and not is_metrics_disabled():
        metrics.add_metric(name=name, unit=MetricUnit.Count, value=value)
