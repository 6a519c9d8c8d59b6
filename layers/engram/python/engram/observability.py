"""One shared Logger, Tracer and Metrics, and one metric per business event."""

from __future__ import annotations

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.metrics.functions import is_metrics_disabled

logger = Logger(service="engram")
tracer = Tracer(service="engram")
metrics = Metrics(namespace="engram", service="engram")


def count(name: str, value: int = 1) -> None:
    """Record a business event (MemoryStored, MemoryDeduplicated, MemoryRejected, PiiRedacted, …)."""
    if value and not is_metrics_disabled():  # disabled locally: nothing would flush them
        metrics.add_metric(name=name, unit=MetricUnit.Count, value=value)
