"""engram.observability writes what powertools' Logger, Metrics and Tracer write (the formats
CloudWatch Logs Insights queries, metric filters and EMF read), without importing powertools."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from aws_lambda_powertools import Logger as PowertoolsLogger
from aws_lambda_powertools import Metrics as PowertoolsMetrics

from engram.observability import API_GATEWAY_REST, Logger, Metrics, Tracer, count, logger, metrics


def lambda_context(request_id: str) -> SimpleNamespace:
    return SimpleNamespace(
        function_name="engram-api",
        memory_limit_in_mb=1024,
        invoked_function_arn="arn:aws:lambda:us-east-1:123456789012:function:engram-api",
        aws_request_id=request_id,
    )


EVENT = {"requestContext": {"requestId": "req-1"}}


@pytest.fixture(autouse=True)
def info_level(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Logged at INFO, as deployed (the suite's conftest quiets every logger to CRITICAL)."""
    monkeypatch.delenv("POWERTOOLS_LOG_LEVEL", raising=False)
    monkeypatch.delenv("LOG_LEVEL", raising=False)
    level = logger.log_level
    logger.setLevel("INFO")
    yield
    logger.setLevel(level)


def lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def comparable(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry less what differs between two loggers by construction: the time, the service name,
    the line it was logged from, and the exception's own frames (two functions, two files)."""
    entry = {k: v for k, v in entry.items() if k not in ("timestamp", "service", "location")}
    if "stack_trace" in entry:
        entry["stack_trace"] = {k: v for k, v in entry["stack_trace"].items() if k != "frames"}
        entry["exception"] = entry["exception"].splitlines()[-1]
    return entry


def test_log_lines_have_the_keys_and_values_powertools_logger_writes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("_X_AMZN_TRACE_ID", "Root=1-5759e988-bd862e3fe1be46a994272793;Sampled=1")
    # Both as in a fresh environment's first call, whatever earlier tests invoked
    monkeypatch.setattr("engram.observability._cold_start", True)
    monkeypatch.setattr("aws_lambda_powertools.logging.logger.is_cold_start", True)
    reference = PowertoolsLogger(service="powertools-reference")
    ours = Logger("engram-ours")

    def invocation(log: Any) -> Any:
        def handler(event: Any, context: Any) -> None:
            log.info("stored", extra={"status": 201, "path": "/v1/memories"})
            log.warning("slow %s", "model")
            try:
                raise ValueError("no such thing")
            except ValueError:
                log.exception("failed")

        return log.inject_lambda_context(handler, correlation_id_path=API_GATEWAY_REST)

    invocation(reference)(EVENT, lambda_context("r1"))
    wanted = lines(capsys.readouterr().out)
    invocation(ours)(EVENT, lambda_context("r1"))
    got = lines(capsys.readouterr().out)

    assert len(got) == len(wanted) == 3
    assert [comparable(e) for e in got] == [comparable(e) for e in wanted]
    assert got[0]["location"].startswith("handler:") and got[0]["service"] == "engram-ours"
    assert (
        got[0]["correlation_id"] == "req-1"
        and got[0]["xray_trace_id"] == "1-5759e988-bd862e3fe1be46a994272793"
    )
    assert got[2]["stack_trace"]["frames"][-1]["function"] == "handler"


def test_the_first_invocation_is_the_cold_start_and_its_keys_end_with_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    @logger.inject_lambda_context
    def handler(event: Any, context: Any) -> None:
        logger.info("inside")

    handler({}, lambda_context("a"))
    handler({}, lambda_context("b"))
    logger.info("between invocations")
    first, second, outside = lines(capsys.readouterr().out)
    assert first["function_request_id"] == "a" and second["function_request_id"] == "b"
    assert second["cold_start"] is False
    assert "function_request_id" not in outside and "cold_start" not in outside


def test_a_level_above_info_silences_info(capsys: pytest.CaptureFixture[str]) -> None:
    level = logger.log_level
    logger.setLevel("WARNING")
    try:
        logger.info("quiet")
        logger.warning("loud")
    finally:
        logger.setLevel(level)
    assert [e["message"] for e in lines(capsys.readouterr().out)] == ["loud"]


def test_metrics_are_one_emf_document_per_invocation_as_powertools_writes_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "false")
    reference, ours = PowertoolsMetrics(namespace="engram", service="engram"), Metrics("engram", "engram")

    def handler_of(m: Any) -> Any:
        def handler(event: Any, context: Any) -> None:
            m.add_metric(name="MemoryStored", unit="Count", value=1)
            m.add_metric(name="MemoryStored", unit="Count", value=2)
            m.add_metric(name="PiiRedacted", unit="Count", value=1)

        return m.log_metrics(handler)

    handler_of(reference)({}, lambda_context("r"))
    wanted = lines(capsys.readouterr().out)
    handler_of(ours)({}, lambda_context("r"))
    got = lines(capsys.readouterr().out)
    handler_of(ours)({}, lambda_context("r"))
    again = lines(capsys.readouterr().out)
    for document in (*wanted, *got, *again):
        document["_aws"].pop("Timestamp")
    assert got == wanted
    assert again == wanted  # nothing left over from the last invocation


def test_counts_are_kept_only_inside_a_lambda_function_with_metrics_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("AWS_LAMBDA_FUNCTION_NAME", raising=False)
    count("MemoryStored")
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "engram-api")
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "true")
    count("MemoryStored")
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "false")
    count("MemoryStored", 2)
    try:
        assert metrics._values == {"MemoryStored": [2.0]}
    finally:
        metrics._values.clear()


def test_outside_lambda_the_tracer_passes_the_handler_through(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LAMBDA_TASK_ROOT", raising=False)

    def handler(event: Any, context: Any) -> str:
        return "answer"

    assert Tracer().capture_lambda_handler(handler) is handler


def test_importing_it_loads_no_powertools_and_no_xray() -> None:
    script = (
        "import sys, engram.observability; "
        "print([m for m in sys.modules if m.startswith(('aws_lambda_powertools', 'aws_xray_sdk'))])"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
