"""The use cases and model calls as OpenTelemetry spans, recorded by the SDK in memory: their names,
their attributes (ids, counts, outcomes), and never a memory's content, a query, a user or a tenant."""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from botocore.response import StreamingBody
from botocore.stub import ANY, Stubber
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from engram.domain.errors import PiiRejected
from engram.domain.models import Memory
from engram.ports import EnrichJob
from engram.providers.embedders.bedrock import BedrockEmbedder
from engram.providers.enrichers import BedrockEnricher
from engram.runtime.janitor_wiring import janitor_for
from engram.tracing import tracing_requested
from engram.usecases.recall import RecallQuery
from engram.usecases.remember import RememberCommand

TENANT, USER = "acme-corp", "alice.smith"
CONTENT = "Alice prefers oolong tea brewed at eighty degrees"
QUERY = "which oolong temperature"


@pytest.fixture
def exporter(monkeypatch: pytest.MonkeyPatch) -> Iterator[InMemorySpanExporter]:
    """The SDK recording engram's spans in memory, for this test only (no global provider is set)."""
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    monkeypatch.setattr("engram.tracing.tracer", provider.get_tracer("engram"))
    yield exporter
    provider.shutdown()


def by_name(spans: tuple[ReadableSpan, ...]) -> dict[str, ReadableSpan]:
    return {span.name: span for span in spans}


def leaked(spans: tuple[ReadableSpan, ...], *secrets: str) -> list[str]:
    """Every attribute or event value of `spans` that holds one of `secrets` (or a word of one)."""
    words = {w.lower() for s in secrets for w in s.split() if len(w) > 4} | {s.lower() for s in secrets}
    values = [
        f"{span.name}: {key}={value}"
        for span in spans
        for key, value in [*span.attributes.items(), *((e.name, e.attributes) for e in span.events)]
    ]
    return [v for v in values if any(w in str(v).lower() for w in words)]


def test_a_remember_and_a_recall_are_spans_with_ids_and_counts_and_no_content(container, exporter):
    # Given a memory remembered
    remembered = container.remember(RememberCommand(tenant=TENANT, user_id=USER, content=CONTENT))
    # When it is recalled
    found = container.recall(RecallQuery(tenant=TENANT, user_id=USER, query=QUERY, top_k=5))

    # Then each use case was one span
    spans = exporter.get_finished_spans()
    assert [s.name for s in spans] == ["engram.remember", "engram.recall"]
    remember, recall = spans
    tenant = hashlib.sha256(TENANT.encode()).hexdigest()[:16]
    assert remember.attributes == {
        "engram.tenant.hash": tenant,
        "engram.outcome": "stored",
        "engram.memory.id": remembered.memory.id,
    }
    assert [r.memory.id for r in found] == [remembered.memory.id]
    assert recall.attributes == {
        "engram.tenant.hash": tenant,
        "engram.recall.top_k": 5,
        "engram.recall.results": 1,
    }
    assert remember.status.status_code == recall.status.status_code == StatusCode.UNSET
    # And no attribute holds the content, the query, the user or the tenant's name
    assert leaked(spans, CONTENT, QUERY, USER, TENANT) == []


def test_a_refused_write_is_an_error_span_naming_the_error_type_only(container, exporter):
    secret = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC"
    with pytest.raises(PiiRejected):
        container.remember(RememberCommand(tenant=TENANT, user_id=USER, content=secret))
    redacted = container.remember(
        RememberCommand(tenant=TENANT, user_id=USER, content="the staging key is AKIAIOSFODNN7EXAMPLE")
    )

    refused, stored = exporter.get_finished_spans()
    assert refused.status.status_code == StatusCode.ERROR
    assert refused.attributes["error.type"] == "PiiRejected"
    assert refused.events == ()  # no exception event: its message may quote what was refused
    assert stored.attributes["engram.redactions"] == len(redacted.redactions) == 1
    assert leaked((refused, stored), secret, "AKIAIOSFODNN7EXAMPLE", "MIIEvQIBADAN") == []


def test_an_enrichment_batch_and_a_janitor_run_are_spans_with_their_counts(container, exporter):
    memory = container.remember(RememberCommand(tenant=TENANT, user_id=USER, content=CONTENT)).memory
    job = EnrichJob(tenant=TENANT, memory_id=memory.id, content_hash=memory.content_hash)
    gone = EnrichJob(tenant=TENANT, memory_id="01JDOESNOTEXIST0000000000", content_hash="0" * 64)
    exporter.clear()

    assert [str(o) for o in container.enrich.many([job, gone])] == ["enriched", "skipped"]
    janitor_for(container).run("expire", dry_run=True)

    spans = by_name(exporter.get_finished_spans())
    assert spans["engram.enrich"].attributes == {
        "engram.batch.size": 2,
        "engram.outcome.enriched": 1,
        "engram.outcome.skipped": 1,
    }
    janitor = spans["engram.janitor"].attributes
    assert janitor["engram.job"] == "expire" and janitor["engram.dry_run"] is True
    assert janitor["engram.janitor.complete"] is True and janitor["engram.janitor.batches"] == 1
    assert leaked(tuple(spans.values()), CONTENT, USER, TENANT) == []


def test_an_embedding_call_is_a_client_span_with_the_gen_ai_attributes(exporter):
    client = boto3.client("bedrock-runtime", region_name="us-east-1")
    embedder = BedrockEmbedder(client, model_id="amazon.titan-embed-text-v2:0", dimensions=256)
    body = json.dumps({"embedding": [0.0625] * 256, "inputTextTokenCount": 9}).encode()
    with Stubber(client) as stub:
        stub.add_response(
            "invoke_model",
            {"body": StreamingBody(io.BytesIO(body), len(body)), "contentType": "application/json"},
            {"modelId": ANY, "body": ANY, "contentType": ANY, "accept": ANY},
        )
        embedder.embed([CONTENT])

    [span] = exporter.get_finished_spans()
    assert span.name == "embeddings amazon.titan-embed-text-v2:0" and span.kind == SpanKind.CLIENT
    assert span.attributes == {
        "gen_ai.operation.name": "embeddings",
        "gen_ai.provider.name": "aws.bedrock",
        "gen_ai.request.model": "amazon.titan-embed-text-v2:0",
        "gen_ai.embeddings.dimension.count": 256,
        "engram.batch.size": 1,
    }


def test_an_llm_call_is_a_client_span_with_the_gen_ai_attributes_and_no_prompt(exporter):
    client = boto3.client("bedrock-runtime", region_name="us-east-1")
    model = "anthropic.claude-3-haiku-20240307-v1:0"
    answer = {"importance": 3, "memory_type": "preference", "temporal_kind": "persistent", "confidence": 0.9}
    memory = Memory(id="01NEW", tenant=TENANT, user_id=USER, content=CONTENT, content_hash="h")
    with Stubber(client) as stub:
        stub.add_response(
            "converse",
            {
                "output": {
                    "message": {
                        "role": "assistant",
                        "content": [
                            {"toolUse": {"toolUseId": "t1", "name": "record_enrichment", "input": answer}}
                        ],
                    }
                },
                "stopReason": "tool_use",
                "usage": {"inputTokens": 310, "outputTokens": 42, "totalTokens": 352},
                "metrics": {"latencyMs": 812},
            },
        )
        BedrockEnricher(model, client=client).enrich(memory)

    [span] = exporter.get_finished_spans()
    assert span.name == f"chat {model}" and span.kind == SpanKind.CLIENT
    assert span.attributes == {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "aws.bedrock",
        "gen_ai.request.model": model,
    }
    assert leaked((span,), CONTENT, USER, TENANT) == []


@pytest.mark.parametrize(
    ("environ", "wanted"),
    [
        ({}, False),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"}, True),
        ({"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://127.0.0.1:4318/v1/traces"}, True),
        ({"OTEL_TRACES_EXPORTER": "otlp"}, True),
        ({"OTEL_TRACES_EXPORTER": "console"}, True),
        ({"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"}, False),
        ({"OTEL_SDK_DISABLED": "true", "OTEL_TRACES_EXPORTER": "otlp"}, False),
    ],
)
def test_spans_are_exported_only_when_the_standard_environment_asks(environ: dict[str, Any], wanted: bool):
    assert tracing_requested(environ) is wanted


NO_SDK = """
import json, os, sys
for name in [n for n in os.environ if n.startswith("OTEL_")]:
    del os.environ[name]
from engram.tracing import configure_tracing
import engram.observability, engram.usecases.remember
print(json.dumps([configure_tracing(), sorted(m for m in sys.modules if m.startswith("opentelemetry.sdk"))]))
"""


def test_without_the_otel_environment_no_sdk_is_loaded():
    """The API alone: spans are no-ops, and the SDK is not even imported."""
    out = subprocess.run(
        [sys.executable, "-c", NO_SDK], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(out.stdout) == [False, []]
