"""engram.observability: the shared powertools Logger and Metrics, and when a business event counts."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from engram.observability import count, metrics


def test_counts_are_kept_only_inside_a_lambda_function_with_metrics_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Any other process (engram serve, the CLI) has no handler to flush them."""
    metrics.clear_metrics()
    monkeypatch.delenv("AWS_LAMBDA_FUNCTION_NAME", raising=False)
    count("MemoryStored")
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "engram-api")
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "true")
    count("MemoryStored")
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "false")
    count("MemoryStored", 2)
    count("MemoryRejected", 0)
    try:
        assert {name: m["Value"] for name, m in metrics.metric_set.items()} == {"MemoryStored": [2.0]}
    finally:
        metrics.clear_metrics()


SERVE_LIKE = """
import os
os.environ.update(POWERTOOLS_METRICS_DISABLED="true", POWERTOOLS_LOG_LEVEL="WARNING")
os.environ.pop("AWS_LAMBDA_FUNCTION_NAME", None)
from engram.observability import count, logger
for _ in range(150):  # more than powertools' 100 values per metric, which it prints even when disabled
    count("MemoryStored")
logger.info("quiet")
logger.warning("loud", extra={"status": 503})
"""


def test_a_process_outside_lambda_prints_no_metrics_and_logs_above_its_level() -> None:
    out = subprocess.run(
        [sys.executable, "-c", SERVE_LIKE], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    lines: list[dict[str, Any]] = [json.loads(line) for line in out.splitlines()]
    assert [(e["message"], e["level"], e["service"], e["status"]) for e in lines] == [
        ("loud", "WARNING", "engram", 503)
    ]
