"""Shared fixtures: a local container on a temp dir, a controllable clock, sample events."""

from __future__ import annotations

import copy
import hashlib
import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Property tests must not fail because the machine is slow: no per-example deadline, and no health
# check that times data generation (CI runs the suite on 2 busy cores).
settings.register_profile(
    "engram", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile("engram")

os.environ.setdefault("POWERTOOLS_METRICS_DISABLED", "true")
os.environ.setdefault("POWERTOOLS_TRACE_DISABLED", "true")
os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "CRITICAL")
os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
os.environ.setdefault("AWS_ACCESS_KEY_ID", "testing")
os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "testing")

ROOT = Path(__file__).resolve().parents[1]
EVENTS = ROOT / "events"


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, start: datetime | None = None) -> None:
        self.current = start or datetime(2026, 11, 18, 9, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.current

    def advance(self, **delta: float) -> datetime:
        self.current += timedelta(**delta)
        return self.current


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def settings(tmp_path):
    from engram.settings import Settings

    return Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"})


@pytest.fixture
def container(settings):
    from engram.runtime.container import local

    return local(settings)


def load_event(name: str) -> dict:
    return json.loads((EVENTS / name).read_text())


def sqs_event(messages: list[dict]) -> dict:
    """The SQS event Lambda hands the enrich function for messages received from the queue."""
    template = load_event("enrich/sqs.json")["Records"][0]
    records = []
    for message in messages:
        record = copy.deepcopy(template)
        record.update(
            messageId=message["MessageId"],
            receiptHandle=message["ReceiptHandle"],
            body=message["Body"],
            md5OfBody=hashlib.md5(message["Body"].encode()).hexdigest(),
        )
        records.append(record)
    return {"Records": records}


def api_event(method: str, path: str, body=None, *, tenant: str | None = "acme", query=None) -> dict:
    """An API Gateway REST proxy event built from the committed sample, as API Gateway sends it."""
    event = copy.deepcopy(load_event("api/remember.json"))
    event.update(
        httpMethod=method,
        path=path,
        resource=path,
        body=body if isinstance(body, str) or body is None else json.dumps(body),
        queryStringParameters=query,
        multiValueQueryStringParameters={k: [v] for k, v in query.items()} if query else None,
    )
    event["requestContext"]["authorizer"] = {"principalId": tenant, "tenant": tenant} if tenant else None
    return event


@pytest.fixture
def call(container):
    """Call the API in-process: (method, path, body) → (status, json)."""
    from engram.api.app import EngramApi

    api = EngramApi(container)

    def _call(method: str, path: str, body=None, *, tenant: str | None = "acme", query=None):
        response = api.handle(api_event(method, path, body, tenant=tenant, query=query), None)
        return response["statusCode"], json.loads(response["body"]) if response["body"] else None

    return _call
