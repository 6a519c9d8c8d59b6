"""The api Lambda emits one CloudWatch metric (EMF) per write outcome, with a correlation id in logs."""

from __future__ import annotations

import copy
import json

import pytest

from engram.cli.invoke import LocalContext, load_handler
from tests.conftest import load_event


@pytest.fixture
def api_handler(tmp_path, monkeypatch):
    monkeypatch.setenv("ENGRAM_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "engram-api")
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "false")
    from engram.observability import logger

    monkeypatch.setenv(
        "POWERTOOLS_LOG_LEVEL", "INFO"
    )  # powertools prefers the env var to setLevel's argument
    level = logger.log_level
    logger.setLevel("INFO")
    yield load_handler("api")
    logger.setLevel(level)


def emf_metrics(output: str) -> dict[str, float]:
    """Sum the metric values of every EMF document printed to stdout."""
    totals: dict[str, float] = {}
    for line in output.splitlines():
        try:
            doc = json.loads(line)
        except ValueError:
            continue
        if "_aws" not in doc:
            continue
        for directive in doc["_aws"]["CloudWatchMetrics"]:
            assert directive["Namespace"] == "engram"
            for metric in directive["Metrics"]:
                value = doc[metric["Name"]]
                totals[metric["Name"]] = totals.get(metric["Name"], 0) + (
                    sum(value) if isinstance(value, list) else value
                )
    return totals


def remember(handler, content: str) -> dict:
    event = copy.deepcopy(load_event("api/remember.json"))
    event["body"] = json.dumps({"content": content, "user_id": "alice"})
    return handler(event, LocalContext("api"))


def test_each_outcome_is_one_metric(api_handler, capfd):
    outcomes = [
        remember(api_handler, "Alice prefers dark roast coffee")["statusCode"],
        remember(api_handler, "alice prefers DARK roast coffee")["statusCode"],
        remember(api_handler, "ok")["statusCode"],
        remember(api_handler, "my key is AKIAIOSFODNN7EXAMPLE for staging")["statusCode"],
        remember(api_handler, "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADAN")["statusCode"],
    ]
    assert outcomes == [201, 200, 200, 201, 422]
    printed = capfd.readouterr().out
    assert emf_metrics(printed) == {
        "MemoryStored": 2,
        "MemoryDeduplicated": 1,
        "MemoryRejected": 1,
        "PiiRedacted": 1,
        "PiiRejected": 1,
    }
    assert "AKIAIOSFODNN7EXAMPLE" not in printed  # the raw secret is logged nowhere


def test_logs_carry_the_correlation_id(api_handler, capfd):
    import sys

    from engram.observability import logger

    handler = logger.registered_handler
    previous = handler.setStream(sys.stdout)  # the stream bound at import is not the one captured here
    try:
        remember(api_handler, "Bob is allergic to shellfish")
    finally:
        handler.setStream(previous)
    logs = [json.loads(line) for line in capfd.readouterr().out.splitlines() if line.startswith("{")]
    request_id = load_event("api/remember.json")["requestContext"]["requestId"]
    request_logs = [entry for entry in logs if entry.get("message") == "request"]
    assert request_logs and all(entry["correlation_id"] == request_id for entry in request_logs)
    assert request_logs[-1]["status"] == 201 and request_logs[-1]["path"] == "/v1/memories"


def test_every_entry_point_counts_the_same_metrics(container, monkeypatch):
    """The write and read metrics are the use cases' own: the MCP server's local backend (no route
    involved) counts a remember, a secret refused, a recall and a forget as the API does."""
    from engram.api.schemas import RememberRequest, SearchRequest
    from engram.domain.errors import PiiRejected
    from engram.mcp.backends import LocalBackend

    counted: dict[str, int] = {}

    def count(name: str, value: int = 1) -> None:
        counted[name] = counted.get(name, 0) + value

    for module in ("remember", "recall", "memories"):
        monkeypatch.setattr(f"engram.usecases.{module}.count", count)
    backend = LocalBackend(container, "acme")

    stored = backend.remember(
        RememberRequest(content="my key is AKIAIOSFODNN7EXAMPLE for staging", user_id="al")
    )
    backend.remember(RememberRequest(content="my key is AKIAIOSFODNN7EXAMPLE for staging", user_id="al"))
    with pytest.raises(PiiRejected):
        backend.remember(RememberRequest(content="-----BEGIN PRIVATE KEY-----\nMIIEvQIBADAN", user_id="al"))
    backend.recall(SearchRequest(query="staging key", user_id="al"))
    assert stored.id is not None
    backend.forget(stored.id)

    assert counted == {
        "MemoryStored": 1,
        "MemoryDeduplicated": 1,
        "PiiRedacted": 1,
        "PiiRejected": 1,
        "MemoriesRecalled": 1,
        "MemoryDeleted": 1,
    }


def test_a_single_remember_refused_for_its_quota_is_counted_as_a_batch_item_is(container, monkeypatch):
    from engram.domain.errors import QuotaExceeded
    from engram.usecases.keys import set_memory_cap
    from engram.usecases.remember import RememberCommand

    counted: dict[str, int] = {}

    def count(name: str, value: int = 1) -> None:
        counted[name] = counted.get(name, 0) + value

    monkeypatch.setattr("engram.usecases.remember.count", count)
    set_memory_cap(container.keys, container.store, "acme", 1)
    remember = container.remember
    remember(RememberCommand(tenant="acme", user_id="al", content="Al's first fact is worth keeping"))
    with pytest.raises(QuotaExceeded):
        remember(RememberCommand(tenant="acme", user_id="al", content="Al's second fact is over the cap"))
    [item] = remember.many(
        [RememberCommand(tenant="acme", user_id="al", content="Al's third fact is over the cap too")]
    )
    assert item.outcome.value == "quota_exceeded"
    assert counted == {"MemoryStored": 1, "QuotaExceeded": 2}
