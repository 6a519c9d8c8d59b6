"""BedrockEnricher against a real bedrock-runtime client stubbed with botocore's Stubber, which checks
every request against the service model: Converse with a forced tool call, then the fallback."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import boto3
import pytest
from botocore.stub import ANY, Stubber

from engram.domain.enrichment import Candidate, DecisionAction, decision_json_schema, enrichment_json_schema
from engram.domain.models import Memory, MemoryType, TemporalKind
from engram.providers.enrichers import BedrockEnricher, FallbackEnricher, RulesEnricher, build_enricher
from engram.settings import EnricherSettings

MODEL = "anthropic.claude-3-haiku-20240307-v1:0"
OBSERVED = datetime(2026, 11, 18, 9, 0, tzinfo=UTC)  # a Wednesday

ANSWER = {
    "importance": 4,
    "memory_type": "task",
    "temporal_kind": "temporal",
    "valid_until": "2026-11-20T23:59:59Z",
    "categories": ["work", "schedule"],
    "entities": ["Friday"],
    "confidence": 0.95,
}


def memory(content: str = "I'm on-call through Friday", memory_id: str = "01NEW") -> Memory:
    return Memory(
        id=memory_id, tenant="acme", user_id="u1", content=content, content_hash="h", observed_at=OBSERVED
    )


def converse_response(content: list[dict[str, Any]], stop_reason: str = "tool_use") -> dict[str, Any]:
    return {
        "output": {"message": {"role": "assistant", "content": content}},
        "stopReason": stop_reason,
        "usage": {"inputTokens": 310, "outputTokens": 42, "totalTokens": 352},
        "metrics": {"latencyMs": 812},
    }


def tool_use(name: str, payload: Any) -> dict[str, Any]:
    return {"toolUse": {"toolUseId": "tooluse_fake1", "name": name, "input": payload}}


def expected_converse(tool: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {
        "modelId": MODEL,
        "system": ANY,
        "messages": ANY,
        "toolConfig": {
            "tools": [{"toolSpec": {"name": tool, "description": ANY, "inputSchema": {"json": schema}}}],
            "toolChoice": {"tool": {"name": tool}},
        },
        "inferenceConfig": ANY,
    }


@pytest.fixture
def client() -> Any:
    return boto3.client(
        "bedrock-runtime",
        region_name="us-east-1",
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )


@pytest.fixture
def stubber(client: Any) -> Iterator[Stubber]:
    with Stubber(client) as stub:
        yield stub
        stub.assert_no_pending_responses()  # every scripted answer was asked for, with the expected params


@pytest.fixture
def sent(client: Any) -> list[dict[str, Any]]:
    """The Converse parameters the enricher sent, as the client received them."""
    calls: list[dict[str, Any]] = []
    client.meta.events.register(
        "provide-client-params.bedrock-runtime.Converse", lambda params, **_: calls.append(dict(params))
    )
    return calls


@pytest.fixture
def enricher(client: Any) -> FallbackEnricher:
    return FallbackEnricher(BedrockEnricher(MODEL, client=client, max_input_chars=500))


def test_the_forced_tool_call_is_the_enrichment(
    enricher: FallbackEnricher, stubber: Stubber, sent: list[dict[str, Any]]
) -> None:
    stubber.add_response(
        "converse",
        converse_response([tool_use("record_enrichment", ANSWER)]),
        expected_converse("record_enrichment", enrichment_json_schema()),
    )

    result, source, fallback_reason = enricher.enrich_with_source(memory())

    assert (source, fallback_reason) == (f"bedrock:{MODEL}", None)
    assert result.memory_type is MemoryType.task
    assert result.temporal_kind is TemporalKind.temporal
    assert result.valid_until == datetime(2026, 11, 20, 23, 59, 59, tzinfo=UTC)
    prompt = sent[0]["messages"][0]["content"][0]["text"]
    assert "I'm on-call through Friday" in prompt
    assert "2026-11-18T09:00:00+00:00 (Wednesday)" in prompt  # to resolve relative dates
    assert "relative" in sent[0]["system"][0]["text"]


def test_long_content_is_truncated_before_it_is_sent(
    enricher: FallbackEnricher, stubber: Stubber, sent: list[dict[str, Any]]
) -> None:
    stubber.add_response("converse", converse_response([tool_use("record_enrichment", ANSWER)]))

    enricher.enrich(memory("word " * 5000))

    prompt = sent[0]["messages"][0]["content"][0]["text"]
    assert len(prompt) < 800
    assert "…" in prompt


def test_garbage_twice_falls_back_to_the_rules_with_the_reason(
    enricher: FallbackEnricher, stubber: Stubber
) -> None:
    stubber.add_response(
        "converse",
        converse_response([{"text": "I'd be happy to help! What is a memory?"}], stop_reason="end_turn"),
        expected_converse("record_enrichment", enrichment_json_schema()),
    )
    stubber.add_response(
        "converse",
        converse_response([tool_use("record_enrichment", {"importance": "very", "memory_type": "gossip"})]),
        expected_converse("record_enrichment", enrichment_json_schema()),
    )
    given = memory()

    result, source, fallback_reason = enricher.enrich_with_source(given)

    assert source == "rules"
    assert fallback_reason is not None
    assert f"bedrock:{MODEL} failed 2 attempt(s)" in fallback_reason
    assert "InvalidModelOutput" in fallback_reason
    assert result == RulesEnricher().enrich(given)
    assert result.valid_until == datetime(2026, 11, 20, 23, 59, 59, tzinfo=UTC)


def test_one_bad_answer_is_retried_once(enricher: FallbackEnricher, stubber: Stubber) -> None:
    stubber.add_response("converse", converse_response([tool_use("some_other_tool", {})]))
    stubber.add_response("converse", converse_response([tool_use("record_enrichment", ANSWER)]))

    result, source, fallback_reason = enricher.enrich_with_source(memory())

    assert (source, fallback_reason) == (f"bedrock:{MODEL}", None)
    assert result.importance == 4


def test_prose_with_json_instead_of_a_tool_call_is_still_understood(
    enricher: FallbackEnricher, stubber: Stubber
) -> None:
    answer = '{"importance": 3, "memory_type": "fact", "confidence": 0.7}'
    text = f"<think>on-call ends Friday</think>```json\n{answer}\n```"
    stubber.add_response("converse", converse_response([{"text": text}], stop_reason="end_turn"))

    result, source, _ = enricher.enrich_with_source(memory())

    assert source == f"bedrock:{MODEL}"
    assert (result.memory_type, result.confidence) == (MemoryType.fact, 0.7)


def test_service_errors_fall_back_after_one_retry(enricher: FallbackEnricher, stubber: Stubber) -> None:
    stubber.add_client_error("converse", "ThrottlingException", "Too many requests", http_status_code=429)
    stubber.add_client_error("converse", "ModelTimeoutException", "Model timed out", http_status_code=408)

    given = memory()

    result, source, fallback_reason = enricher.enrich_with_source(given)

    assert source == "rules"
    assert fallback_reason is not None and "ModelTimeoutException" in fallback_reason
    assert result == RulesEnricher().enrich(given)


def test_decide_uses_the_decision_tool(enricher: FallbackEnricher, stubber: Stubber) -> None:
    answer = {
        "action": "delete",
        "targets": ["01OLD"],
        "reason": "The new one negates it.",
        "confidence": 0.9,
    }
    stubber.add_response(
        "converse",
        converse_response([tool_use("record_decision", answer)]),
        expected_converse("record_decision", decision_json_schema()),
    )
    old = memory("The project uses Postgres", "01OLD")
    new = memory("The project no longer uses Postgres", "01NEW")

    decision, source, fallback_reason = enricher.decide_with_source(new, [Candidate(old, 0.91)])

    assert (decision.action, decision.targets) == (DecisionAction.delete, ["01OLD"])
    assert (decision.reason, decision.confidence) == ("The new one negates it.", 0.9)
    assert (source, fallback_reason) == (f"bedrock:{MODEL}", None)


def test_a_decision_naming_only_hallucinated_ids_falls_back_to_the_rules(
    enricher: FallbackEnricher, stubber: Stubber
) -> None:
    answer = {"action": "update", "targets": ["01GHOST"], "reason": "It corrects it.", "confidence": 0.8}
    for _ in range(2):
        stubber.add_response("converse", converse_response([tool_use("record_decision", answer)]))
    old = memory("The team standup is at 9:30 every weekday", "01OLD")
    new = memory("The team standup moved to 10:00", "01NEW")

    decision, source, fallback_reason = enricher.decide_with_source(new, [Candidate(old, 0.8)])

    assert source == "rules" and fallback_reason is not None and "01GHOST" in fallback_reason
    assert (decision.action, decision.targets) == (DecisionAction.update, ["01OLD"])


def test_decide_falls_back_to_the_rules(enricher: FallbackEnricher, stubber: Stubber) -> None:
    for _ in range(2):
        stubber.add_response(
            "converse", converse_response([tool_use("record_decision", {"action": "obliterate"})])
        )
    old = memory("The project uses Postgres", "01OLD")
    new = memory("The project no longer uses Postgres", "01NEW")

    decision, source, fallback_reason = enricher.decide_with_source(new, [Candidate(old, 0.91)])

    assert source == "rules"
    assert fallback_reason is not None and "obliterate" in fallback_reason
    assert (decision.action, decision.targets) == (DecisionAction.delete, ["01OLD"])


def test_build_enricher_wires_the_given_client(client: Any, stubber: Stubber) -> None:
    stubber.add_response("converse", converse_response([tool_use("record_enrichment", ANSWER)]))
    settings = EnricherSettings(provider="bedrock", model=MODEL)

    enricher = build_enricher(settings, bedrock_client=client)

    assert enricher.name == f"bedrock:{MODEL}"
    assert enricher.enrich_with_source(memory()).source == f"bedrock:{MODEL}"
