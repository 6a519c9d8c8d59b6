"""OpenAICompatEnricher over real HTTP against the loopback fake chat-completions server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from engram.domain.enrichment import Candidate, DecisionAction, decision_json_schema, enrichment_json_schema
from engram.domain.models import Memory, MemoryType, TemporalKind
from engram.providers.enrichers import FallbackEnricher, OpenAICompatEnricher, RulesEnricher, build_enricher
from engram.settings import EnricherSettings
from tests.fakes.openai_server import Delay, FakeOpenAIServer

OBSERVED = datetime(2026, 11, 18, 9, 0, tzinfo=UTC)  # a Wednesday
ANSWER = {
    "importance": 4,
    "memory_type": "task",
    "temporal_kind": "temporal",
    "valid_until": "2026-11-19T23:59:59Z",
    "categories": ["work", "schedule"],
    "entities": ["Dana"],
    "confidence": 0.9,
}


def memory(content: str = "Meeting with Dana at 3pm tomorrow", memory_id: str = "01NEW") -> Memory:
    return Memory(
        id=memory_id, tenant="acme", user_id="u1", content=content, content_hash="h", observed_at=OBSERVED
    )


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(model="qwen3:8b") as fake:
        yield fake


def make_enricher(
    server: FakeOpenAIServer, *, api_key: str = "sk-test", timeout_s: float = 5.0
) -> FallbackEnricher:
    return FallbackEnricher(
        OpenAICompatEnricher("qwen3:8b", base_url=server.base_url, api_key=api_key, timeout_s=timeout_s)
    )


def test_a_thinking_model_answer_in_a_code_fence_is_parsed(server: FakeOpenAIServer) -> None:
    server.replies.append(
        "<think>\nThe meeting is tomorrow, so it expires at the end of Nov 19. {draft}\n</think>\n"
        f"```json\n{json.dumps(ANSWER)}\n```"
    )

    result, source, fallback_reason = make_enricher(server).enrich_with_source(memory())

    assert (source, fallback_reason) == ("openai:qwen3:8b", None)
    assert result.memory_type is MemoryType.task
    assert result.temporal_kind is TemporalKind.temporal
    assert result.valid_until == datetime(2026, 11, 19, 23, 59, 59, tzinfo=UTC)
    assert result.entities == ["Dana"]


def test_the_request_asks_for_the_json_schema(server: FakeOpenAIServer) -> None:
    server.replies.append(json.dumps(ANSWER))

    make_enricher(server).enrich(memory())

    [request] = server.requests
    assert request.path == "/v1/chat/completions"
    assert request.headers["Authorization"] == "Bearer sk-test"
    assert request.body["model"] == "qwen3:8b"
    assert request.body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "record_enrichment", "schema": enrichment_json_schema(), "strict": True},
    }
    system, user = request.body["messages"]
    assert system["role"] == "system" and "JSON" in system["content"]
    assert "Meeting with Dana at 3pm tomorrow" in user["content"]
    assert "2026-11-18T09:00:00+00:00 (Wednesday)" in user["content"]


def test_no_api_key_means_no_authorization_header(server: FakeOpenAIServer) -> None:
    server.replies.append(json.dumps(ANSWER))

    make_enricher(server, api_key="").enrich(memory())

    assert "Authorization" not in server.requests[0].headers


def test_garbage_twice_falls_back_to_the_rules(server: FakeOpenAIServer) -> None:
    server.replies.extend(
        ["Sure! Here's a haiku about meetings.", '{"importance": "high", "memory_type": "?"}']
    )
    given = memory()

    result, source, fallback_reason = make_enricher(server).enrich_with_source(given)

    assert len(server.requests) == 2  # one retry, no more
    assert source == "rules"
    assert fallback_reason is not None
    assert "openai:qwen3:8b failed 2 attempt(s)" in fallback_reason
    assert "InvalidModelOutput" in fallback_reason
    assert result == RulesEnricher().enrich(given)
    assert result.valid_until == datetime(2026, 11, 19, 23, 59, 59, tzinfo=UTC)


def test_one_bad_answer_is_retried(server: FakeOpenAIServer) -> None:
    server.replies.extend(["<think>hmm, let me think about", json.dumps(ANSWER)])

    result, source, _ = make_enricher(server).enrich_with_source(memory())

    assert source == "openai:qwen3:8b"
    assert result.importance == 4


def test_a_timeout_falls_back(server: FakeOpenAIServer) -> None:
    server.replies.extend([Delay(1.0, json.dumps(ANSWER)), Delay(1.0, json.dumps(ANSWER))])

    given = memory()

    result, source, fallback_reason = make_enricher(server, timeout_s=0.2).enrich_with_source(given)

    assert source == "rules"
    assert fallback_reason is not None and "ModelUnavailable" in fallback_reason
    assert "timed out" in fallback_reason
    assert result == RulesEnricher().enrich(given)


@pytest.mark.parametrize("status", [429, 500, 503])
def test_http_errors_fall_back(server: FakeOpenAIServer, status: int) -> None:
    error = {"error": {"message": "the model is overloaded", "type": "server_error"}}
    server.replies.extend([(status, error), (status, error)])

    _, source, fallback_reason = make_enricher(server).enrich_with_source(memory())

    assert source == "rules"
    assert fallback_reason is not None and f"HTTP {status}" in fallback_reason
    assert "sk-test" not in fallback_reason


def test_an_unreachable_server_falls_back() -> None:
    with FakeOpenAIServer() as gone:
        base_url = gone.base_url
    enricher = FallbackEnricher(OpenAICompatEnricher("m", base_url=base_url, timeout_s=1.0))

    _, source, fallback_reason = enricher.enrich_with_source(memory())

    assert source == "rules"
    assert fallback_reason is not None and "cannot reach" in fallback_reason


def test_decide_asks_for_the_decision_schema(server: FakeOpenAIServer) -> None:
    server.replies.append(
        '{"action": "update", "targets": ["01OLD", "01INVENTED"], "reason": "The taste changed.",'
        ' "confidence": 0.8}'
    )
    old = memory("I like spicy food", "01OLD")
    other = memory("I cook on Sundays", "01OTHER")
    new = memory("I hate spicy food", "01NEW")

    decision, source, _ = make_enricher(server).decide_with_source(
        new, [Candidate(old, 0.88), Candidate(other, 0.5)]
    )

    assert (decision.action, source) == (DecisionAction.update, "openai:qwen3:8b")
    assert decision.targets == ["01OLD"]  # the invented id is dropped
    body = server.requests[0].body
    assert body["response_format"]["json_schema"]["name"] == "record_decision"
    assert body["response_format"]["json_schema"]["schema"] == decision_json_schema()
    prompt = body["messages"][1]["content"]
    assert "id=01OLD" in prompt and "id=01OTHER" in prompt
    assert prompt.index("I like spicy food") < prompt.index("I hate spicy food")  # candidates, then new


def test_a_decision_without_a_reason_falls_back_to_the_rules(server: FakeOpenAIServer) -> None:
    server.replies.extend(['{"action": "none", "targets": ["01OLD"], "reason": "", "confidence": 0.9}'] * 2)
    old = memory("The team standup is at 9:30 every weekday", "01OLD")
    new = memory("The team standup is at 10:00 every weekday", "01NEW")

    decision, source, fallback_reason = make_enricher(server).decide_with_source(new, [Candidate(old, 0.99)])

    assert source == "rules" and fallback_reason is not None and "reason" in fallback_reason
    assert (decision.action, decision.targets) == (DecisionAction.update, ["01OLD"])


def test_build_enricher_reads_the_settings(server: FakeOpenAIServer) -> None:
    server.replies.append(json.dumps(ANSWER))
    settings = EnricherSettings(provider="openai", model="qwen3:8b", base_url=server.base_url, api_key="k")

    enricher = build_enricher(settings)

    assert enricher.enrich_with_source(memory()).source == "openai:qwen3:8b"
    assert server.requests[0].headers["Authorization"] == "Bearer k"


def test_build_enricher_for_rules_needs_no_model() -> None:
    enricher = build_enricher(EnricherSettings(provider="rules"))

    result, source, fallback_reason = enricher.enrich_with_source(memory())

    assert (source, fallback_reason) == ("rules", None)
    assert result.valid_until == datetime(2026, 11, 19, 23, 59, 59, tzinfo=UTC)
