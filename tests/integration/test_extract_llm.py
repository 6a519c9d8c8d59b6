"""The LLM extractor against a loopback OpenAI-compatible fake and a stubbed Bedrock client: output
hardening (think blocks, fences, caps, hallucinated message ids), provenance from who spoke, and the
fallback to the rules extractor when a model answers garbage — down to the job's warnings."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import boto3
import pytest
from botocore.stub import ANY, Stubber

from engram.domain.models import MemoryType, Provenance
from engram.domain.sessions import Message, Role, SessionRef
from engram.providers.enrichers.llm import OpenAICompatEnricher
from engram.providers.extractors import FallbackExtractor, ModelExtractor, RulesExtractor, build_extractor
from engram.providers.extractors.llm import EXTRACT_TOOL, extraction_json_schema
from engram.runtime.container import local
from engram.runtime.worker import drain
from engram.settings import Settings
from engram.usecases.sessions import AppendCommand, MessageIn
from tests.fakes.openai_server import FakeOpenAIServer

AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
USER_MSG = Message(
    role=Role.user, content="I moved to Lisbon and I'm vegan now.", message_key="k1", id="m1", seq=1,
    received_at=AT, created_at=AT,
)  # fmt: skip
ASSISTANT_MSG = Message(
    role=Role.assistant, content="You prefer trains over flights, noted.", message_key="k2", id="m2", seq=2,
    received_at=AT,
)  # fmt: skip


def fact(content: str, ids: list[str], kind: str = "fact", confidence: float = 0.9) -> dict[str, Any]:
    return {"content": content, "memory_type": kind, "confidence": confidence, "source_message_ids": ids}


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(model="qwen3:8b") as fake:
        yield fake


def extractor(server: FakeOpenAIServer) -> FallbackExtractor:
    model = OpenAICompatEnricher("qwen3:8b", base_url=server.base_url, timeout_s=5.0)
    return FallbackExtractor(ModelExtractor(model))


def test_facts_cite_real_messages_and_provenance_comes_from_who_spoke(server: FakeOpenAIServer) -> None:
    answer = {
        "facts": [
            fact("maya moved to Lisbon.", ["m1"]),
            fact("maya prefers trains over flights.", ["m2", "m99"], "preference"),  # one id made up
            fact("maya owns a boat named Gaivota.", ["m42"]),  # only a made-up id
            fact("short", ["m1"]),
        ]
    }
    server.replies.append("<think>the user moved...</think>\n```json\n" + json.dumps(answer) + "\n```")

    found = extractor(server).extract([USER_MSG, ASSISTANT_MSG], [], "maya")

    assert [(f.content, f.provenance, f.source_message_ids) for f in found.facts] == [
        ("maya moved to Lisbon.", Provenance.user_stated, ["m1"]),
        ("maya prefers trains over flights.", Provenance.assistant_derived, ["m2"]),
    ]
    assert found.facts[1].memory_type == MemoryType.preference
    assert found.facts[0].observed_at == AT
    assert found.source == "openai:qwen3:8b" and len(found.warnings) == 3
    # and the model was asked for the schema, with the one criterion
    [request] = server.requests
    assert request.body["response_format"]["json_schema"]["schema"] == extraction_json_schema()
    system = " ".join(request.body["messages"][0]["content"].split())
    assert "help a future conversation that does not include this one" in system
    assert 'id="m1"' in request.body["messages"][1]["content"]


def test_at_most_twenty_facts_are_kept(server: FakeOpenAIServer) -> None:
    server.replies.append(
        json.dumps({"facts": [fact(f"maya visited city number {i}.", ["m1"]) for i in range(25)]})
    )
    found = extractor(server).extract([USER_MSG], [], "maya")
    assert len(found.facts) == 20 and any("first 20" in w for w in found.warnings)


def test_garbage_twice_falls_back_to_the_rules(server: FakeOpenAIServer) -> None:
    server.replies.extend(["I cannot help with that.", '{"facts": "none"}'])
    found = extractor(server).extract([USER_MSG], [], "maya")
    assert found.source == "rules" and "fell back to rules" in found.warnings[0]
    assert found.facts == RulesExtractor().extract([USER_MSG], [], "maya").facts
    assert len(server.requests) == 2


def test_a_garbage_answer_is_a_warning_in_the_job_and_the_rules_facts_are_written(
    server: FakeOpenAIServer, tmp_path
) -> None:
    # Given engram with an OpenAI-compatible extractor that answers garbage
    settings = Settings(
        data_dir=tmp_path,
        embedder={"provider": "hashing"},
        enricher={"base_url": server.base_url, "timeout_s": 5.0},
        sessions={"extractor": "openai", "extractor_model": "qwen3:8b"},
    )
    engram = local(settings)
    server.replies.extend(["<think>hmm", "not json at all"])
    engram.append_messages(
        AppendCommand(tenant="acme", user_id="maya", session_id="s",
                      messages=[MessageIn(role=USER_MSG.role, content="I moved to Lisbon in March.")])
    )  # fmt: skip

    # When the worker runs the extraction
    drain(engram)

    # Then the job is done by the rules, says why, and the fact is written
    assert engram.transcripts is not None
    ref = SessionRef("acme", "maya", "s")
    [job] = engram.transcripts.jobs(ref, 5)
    assert job.state == "done" and job.extractor == "rules" and job.facts_written == 1
    assert "openai:qwen3:8b failed 2 attempt(s), fell back to rules" in job.warnings[0]
    [stored] = engram.transcripts.facts(ref)
    assert stored.content == "maya moved to Lisbon in March."


def test_bedrock_extracts_with_a_forced_tool_call() -> None:
    client = boto3.client("bedrock-runtime", region_name="us-east-1")
    payload = {"facts": [fact("maya is vegan.", ["m1"], "preference", 0.95)]}
    with Stubber(client) as stub:
        stub.add_response(
            "converse",
            {
                "output": {
                    "message": {
                        "role": "assistant",
                        "content": [{"toolUse": {"toolUseId": "t1", "name": EXTRACT_TOOL, "input": payload}}],
                    }
                },
                "stopReason": "tool_use",
                "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2},
                "metrics": {"latencyMs": 1},
            },
            {
                "modelId": "anthropic.claude-3-haiku-20240307-v1:0",
                "system": ANY,
                "messages": ANY,
                "toolConfig": {
                    "tools": [
                        {
                            "toolSpec": {
                                "name": EXTRACT_TOOL,
                                "description": ANY,
                                "inputSchema": {"json": extraction_json_schema()},
                            }
                        }
                    ],
                    "toolChoice": {"tool": {"name": EXTRACT_TOOL}},
                },
                "inferenceConfig": ANY,
            },
        )
        settings = Settings(sessions={"extractor": "bedrock"})
        found = build_extractor(settings, bedrock_client=client).extract([USER_MSG], [], "maya")
    assert [(f.content, f.confidence) for f in found.facts] == [("maya is vegan.", 0.95)]
    assert found.source.startswith("bedrock:")


# --------------------------------------------------------------------------- episode summaries


def test_a_model_writes_the_episode_summary_cut_to_its_bound(server: FakeOpenAIServer) -> None:
    server.replies.append(
        "<think>a move</think>\n```json\n" + json.dumps({"summary": "maya moved. " * 40}) + "\n```"
    )
    summary = extractor(server).summarize([USER_MSG, ASSISTANT_MSG], "maya", "planning the move", 100)
    assert summary.source == "openai:qwen3:8b" and summary.content.startswith("maya moved. maya moved.")
    assert len(summary.content) <= 100 and summary.warnings == ["cut the summary to 100 characters"]
    assert summary.source_message_ids == ["m1", "m2"]
    [request] = server.requests
    prompt = request.body["messages"][1]["content"]
    assert "planning the move" in prompt and "I moved to Lisbon" in prompt
    system = " ".join(request.body["messages"][0]["content"].split())
    assert "helps a future conversation that does not include this one" in system


def test_a_garbage_summary_falls_back_to_the_extractive_one(server: FakeOpenAIServer) -> None:
    server.replies.extend(["no summary here", '{"summary": 42}'])
    summary = extractor(server).summarize([USER_MSG, ASSISTANT_MSG], "maya", None, 500)
    assert summary.source == "rules" and "fell back to rules" in summary.warnings[0]
    assert summary.content == RulesExtractor().summarize([USER_MSG, ASSISTANT_MSG], "maya", None, 500).content
    assert "maya moved to Lisbon" in summary.content


def test_session_end_with_a_model_writes_its_summary_as_an_episode_memory(
    server: FakeOpenAIServer, tmp_path
) -> None:
    from engram.domain.checkpoints import Digest, Trigger
    from engram.usecases.checkpoints import CheckpointCommand, SaveCheckpoint

    settings = Settings(
        data_dir=tmp_path,
        embedder={"provider": "hashing"},
        enricher={"base_url": server.base_url, "timeout_s": 5.0},
        sessions={"extractor": "openai", "extractor_model": "qwen3:8b"},
    )
    engram = local(settings)
    engram.append_messages(
        AppendCommand(tenant="acme", user_id="maya", session_id="s",
                      messages=[MessageIn(role=USER_MSG.role, content="I moved to Lisbon in March.")])
    )  # fmt: skip
    server.replies.append(json.dumps({"facts": [fact("maya moved to Lisbon in March.", ["x"])]}))
    drain(engram)
    save = SaveCheckpoint(engram.transcripts, engram.queue, engram.pii_policy, settings.sessions)
    saved = save(CheckpointCommand("acme", "maya", "s", Trigger.session_end, Digest(focus="the move")))
    server.replies.append(json.dumps({"summary": "maya talked about moving to Lisbon in March."}))
    drain(engram)

    ref = SessionRef("acme", "maya", "s")
    [checkpoint] = engram.transcripts.checkpoints(ref, 5)
    assert checkpoint.id == saved.checkpoint.id and checkpoint.summary_memory_id
    memory = engram.store.get("acme", checkpoint.summary_memory_id)
    assert memory is not None and memory.provenance == Provenance.episode_summary
    assert memory.content.endswith(": maya talked about moving to Lisbon in March.")
    assert memory.metadata["extractor"] == "openai:qwen3:8b"
