"""Model tokens spent per tenant: what the providers report for enrichment and extraction calls
(OpenAI-compatible `usage.prompt_tokens/completion_tokens`, Bedrock Converse `usage.inputTokens/
outputTokens`) is added to the tenant's counter, on both backends, and reported in /v1/admin/stats.
The fake OpenAI server reports 42 prompt tokens a call and a completion token a word."""

from __future__ import annotations

import json
from collections.abc import Iterator

import boto3
import pytest
from botocore.stub import ANY, Stubber

from engram.api.app import EngramApi
from engram.domain.quotas import metering, spend
from engram.providers.enrichers import build_enricher
from engram.providers.enrichers.llm import BedrockEnricher, StructuredRequest
from engram.runtime.container import local
from engram.runtime.worker import drain
from engram.settings import EnricherSettings, Settings
from engram.usecases.sessions import AppendCommand, MessageIn
from tests.conftest import api_event
from tests.fakes.openai_server import FakeOpenAIServer
from tests.integration.test_enrich_pipeline import Build, _variant, deliver, job, remember

GARBAGE = ["Sure! Here is a haiku about on-call.", '{"importance": "very"}']  # 7 words, then 2


@pytest.fixture(params=["local", "aws"])
def build(request: pytest.FixtureRequest, tmp_path) -> Iterator[Build]:
    from tests.integration.builders import moto_aws

    settings = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"})
    if request.param == "local":
        yield _variant(local(settings))
        return
    with moto_aws(serverless=True) as aws:
        yield _variant(aws.container(aws.settings(settings)))


def _usage(engram, tenant: str = "acme") -> dict:
    response = EngramApi(engram).handle(api_event("GET", "/v1/admin/stats", tenant=tenant), None)
    assert response["statusCode"] == 200, response
    return json.loads(response["body"])["usage"]


def test_the_tokens_of_enrichment_calls_are_counted_for_the_tenant(build: Build) -> None:
    with FakeOpenAIServer(model="qwen3:8b") as model:
        model.replies.extend(GARBAGE)  # spent, though the answers are worth nothing (rules take over)
        settings = EnricherSettings(provider="openai", model="qwen3:8b", base_url=model.base_url, timeout_s=5)
        engram = build(enricher=build_enricher(settings))
        assert _usage(engram)["model_input_tokens"] == 0

        stored = remember(engram, "Alice is on call through Friday")
        assert deliver(engram, job(stored)) == []

    assert len(model.requests) == 2
    usage = _usage(engram)
    assert (usage["model_input_tokens"], usage["model_output_tokens"]) == (84, 9)
    other = _usage(engram, tenant="other")
    assert (other["model_input_tokens"], other["model_output_tokens"]) == (0, 0)


def test_the_tokens_of_extraction_calls_are_counted_for_the_tenant(tmp_path) -> None:
    with FakeOpenAIServer(model="qwen3:8b") as model:
        settings = Settings(
            data_dir=tmp_path,
            embedder={"provider": "hashing"},
            enricher={"base_url": model.base_url, "timeout_s": 5.0},
            sessions={"extractor": "openai", "extractor_model": "qwen3:8b"},
        )
        engram = local(settings)
        model.replies.extend(["<think>hmm", "not json at all"])  # 1 word, then 4
        message = MessageIn(role="user", content="I moved to Lisbon in March.")
        engram.append_messages(
            AppendCommand(tenant="acme", user_id="maya", session_id="s", messages=[message])
        )
        drain(engram)

    usage = _usage(engram)
    assert (usage["model_input_tokens"], usage["model_output_tokens"]) == (84, 5)


def test_bedrock_reports_its_converse_usage() -> None:
    client = boto3.client("bedrock-runtime", region_name="us-east-1")
    answer = {"importance": 3}
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
                "usage": {"inputTokens": 120, "outputTokens": 17, "totalTokens": 137},
                "metrics": {"latencyMs": 1},
            },
            {"modelId": ANY, "system": ANY, "messages": ANY, "toolConfig": ANY, "inferenceConfig": ANY},
        )
        request = StructuredRequest(
            name="record_enrichment", description="d", schema={}, system="s", prompt="p"
        )
        with metering() as meter:
            assert BedrockEnricher(client=client)._ask(request) == answer
    assert (meter.input_tokens, meter.output_tokens) == (120, 17)


def test_outside_a_job_spending_counts_nothing_and_odd_values_count_zero() -> None:
    spend(5, 5)  # no meter: ignored
    with metering() as meter:
        spend(3, None)
        spend("7", True)
        spend(-1, 2)
    assert (meter.input_tokens, meter.output_tokens) == (3, 2)
