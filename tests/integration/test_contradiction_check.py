"""The optional semantic contradiction check (issue 11, item 2): an LLM enricher, a new memory the
decision stage keeps beside a candidate (add), and one more bounded model call that may flag it
`review_needed`. Against the loopback OpenAI-compatible fake, on SQLite and on DynamoDB (moto)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import boto3
import pytest
from botocore.stub import ANY, Stubber

from engram.api.app import EngramApi
from engram.domain.enrichment import Candidate, contradiction_json_schema
from engram.domain.models import HistoryEvent, Memory, Status
from engram.ports import EnrichJob
from engram.providers.enrichers.contradiction import build_contradiction_checker
from engram.runtime.container import Container, local
from engram.settings import EnricherSettings, Settings
from tests.conftest import api_event
from tests.fakes.openai_server import Delay, FakeOpenAIServer
from tests.integration.builders import moto_aws

TENANT = "acme"
# Cosine 0.76 with the hashing embedder: a candidate the model decides about; they cannot both be true.
OLD = "Bruno prefers working from the Lisbon office on Mondays"
NEW = "Bruno prefers working from home on Mondays"
ENRICHMENT = json.dumps(
    {
        "importance": 3,
        "memory_type": "preference",
        "temporal_kind": "persistent",
        "valid_until": None,
        "categories": ["work"],
        "entities": ["Bruno"],
        "confidence": 0.9,
    }
)
ADD = json.dumps({"action": "add", "targets": [], "reason": "Both can be kept.", "confidence": 0.6})
TIMEOUT_S = 0.5

Build = Callable[..., Container]


@pytest.fixture
def model() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(model="qwen3:8b") as fake:
        yield fake


@pytest.fixture(params=["sqlite", "dynamodb"])
def build(request: pytest.FixtureRequest, tmp_path, model: FakeOpenAIServer) -> Iterator[Build]:
    def settings(check: bool, mode: str = "controlled") -> Settings:
        enricher = {
            "provider": "openai",
            "model": "qwen3:8b",
            "base_url": model.base_url,
            "timeout_s": 5,
            "contradiction_check": check,
            "contradiction_timeout_s": TIMEOUT_S,
        }
        return Settings(
            data_dir=tmp_path / "data",
            embedder={"provider": "hashing"},
            enricher=enricher,
            pipeline_mode=mode,
        )

    if request.param == "sqlite":
        yield lambda check=True, mode="controlled": local(settings(check, mode))
        return
    with moto_aws(serverless=True) as aws:
        yield lambda check=True, mode="controlled": aws.container(aws.settings(settings(check, mode)))


def call(engram: Container, method: str, path: str, body: Any = None, **query: str) -> tuple[int, Any]:
    event = api_event(method, path, body, tenant=TENANT, query=query or None)
    response = EngramApi(engram).handle(event, None)
    return response["statusCode"], json.loads(response["body"]) if response["body"] else None


def said(engram: Container, content: str) -> Memory:
    """Remember `content` for alice and enrich it (as the worker would)."""
    status, answer = call(engram, "POST", "/v1/memories", {"content": content, "user_id": "alice"})
    assert status == 201, answer
    stored = engram.store.get(TENANT, answer["id"])
    assert stored is not None
    engram.enrich(EnrichJob(tenant=TENANT, memory_id=stored.id, content_hash=stored.content_hash))
    enriched = engram.store.get(TENANT, stored.id)
    assert enriched is not None
    return enriched


def asked(model: FakeOpenAIServer) -> list[str]:
    """The structured answers the model was asked for, in order."""
    return [r.body["response_format"]["json_schema"]["name"] for r in model.requests]


def contradiction(*targets: str, contradicts: bool = True) -> str:
    reason = "Lisbon office and home cannot both be where he prefers to work on Mondays."
    return json.dumps(
        {"contradicts": contradicts, "targets": list(targets), "reason": reason, "confidence": 0.85}
    )


def contradicting(engram: Container, model: FakeOpenAIServer) -> tuple[Memory, Memory]:
    """OLD, then NEW, which the model keeps beside OLD (add) and finds contradicting it."""
    model.replies.append(ENRICHMENT)
    old = said(engram, OLD)
    model.replies.extend([ENRICHMENT, ADD, contradiction(old.id)])
    return old, said(engram, NEW)


def test_a_contradiction_flags_the_new_memory_and_both_stay_active(
    build: Build, model: FakeOpenAIServer
) -> None:
    # Given a memory, and a newer one the model keeps beside it but finds contradicting it, enriched
    engram = build()
    old, new = contradicting(engram, model)

    # Then one more call was made, with the contradiction schema
    assert asked(model) == [
        "record_enrichment",
        "record_enrichment",
        "record_decision",
        "record_contradiction",
    ]
    prompt = model.requests[-1].body["messages"][1]["content"]
    assert f"CANDIDATE id={old.id}" in prompt and NEW in prompt
    # and the new memory is flagged, nothing superseded: both active
    assert new.review_needed is True and new.status == Status.active
    kept = engram.store.get(TENANT, old.id)
    assert kept is not None and kept.status == Status.active and kept.review_needed is False
    assert kept.superseded_by is None
    # the API says so, and the history says which memory, why, how sure and who
    status, got = call(engram, "GET", f"/v1/memories/{new.id}")
    assert status == 200 and got["review_needed"] is True and got["status"] == "active"
    status, history = call(engram, "GET", f"/v1/memories/{new.id}/history")
    [flag] = [e for e in history["events"] if e["event"] == "review_needed"]
    assert flag["detail"]["contradicts"] == [old.id]
    assert flag["detail"]["confidence"] == 0.85 and "Lisbon" in flag["detail"]["reason"]
    assert flag["detail"]["source"] == "openai:qwen3:8b"
    assert HistoryEvent.superseded not in [r.event for r in engram.store.history(TENANT, old.id)]
    # and the list filters on the flag
    status, flagged = call(engram, "GET", "/v1/memories", user_id="alice", review_needed="true")
    assert status == 200 and [m["id"] for m in flagged["items"]] == [new.id]
    status, unflagged = call(engram, "GET", "/v1/memories", user_id="alice", review_needed="false")
    assert status == 200 and [m["id"] for m in unflagged["items"]] == [old.id]


def test_a_person_clears_the_flag_after_review_and_the_history_says_so(
    build: Build, model: FakeOpenAIServer
) -> None:
    # Given a memory the contradiction check flagged
    engram = build()
    _, new = contradicting(engram, model)
    assert new.review_needed is True

    # When a person reviews it and clears the flag
    status, patched = call(engram, "PATCH", f"/v1/memories/{new.id}", {"review_needed": False})

    # Then it is no longer flagged, its content and status unchanged, and the history records the change
    assert status == 200, patched
    assert patched["review_needed"] is False and patched["content"] == NEW and patched["status"] == "active"
    status, flagged = call(engram, "GET", "/v1/memories", user_id="alice", review_needed="true")
    assert status == 200 and flagged["items"] == []
    status, history = call(engram, "GET", f"/v1/memories/{new.id}/history")
    assert history["events"][-1]["event"] == "updated"
    assert history["events"][-1]["detail"]["fields"] == ["review_needed"]
    # and a flag that is not a boolean is a 422 that changes nothing
    status, error = call(engram, "PATCH", f"/v1/memories/{new.id}", {"review_needed": "no"})
    assert status == 422 and "body.review_needed" in [d["path"] for d in error["details"]], error
    kept = engram.store.get(TENANT, new.id)
    assert kept is not None and kept.review_needed is False


def test_in_shadow_mode_the_check_is_recorded_and_nothing_is_flagged(
    build: Build, model: FakeOpenAIServer
) -> None:
    # Given a memory, then the pipeline in shadow mode (decisions proposed, not applied)
    engram = build()
    model.replies.append(ENRICHMENT)
    old = said(engram, OLD)
    shadow = build(mode="shadow")
    model.replies.extend([ENRICHMENT, ADD, contradiction(old.id)])

    # When a contradicting memory is enriched in shadow mode
    new = said(shadow, NEW)

    # Then the check was asked, its answer is in the shadow proposal, and nothing is flagged
    assert asked(model)[-1] == "record_contradiction"
    assert new.review_needed is False and new.status == Status.active
    [proposal] = [r for r in shadow.store.history(TENANT, new.id) if r.event == HistoryEvent.shadow]
    assert proposal.detail["decision"]["action"] == "add"
    assert proposal.detail["review_needed"]["contradicts"] == [old.id]
    assert "Lisbon" in proposal.detail["review_needed"]["reason"]
    status, flagged = call(shadow, "GET", "/v1/memories", user_id="alice", review_needed="true")
    assert status == 200 and flagged["items"] == []


def test_a_hallucinated_id_is_dropped_and_nothing_is_flagged(build: Build, model: FakeOpenAIServer) -> None:
    engram = build()
    model.replies.append(ENRICHMENT)
    said(engram, OLD)
    model.replies.extend([ENRICHMENT, ADD, contradiction("01NOTACANDIDATE")])

    new = said(engram, NEW)

    assert asked(model)[-1] == "record_contradiction"
    assert new.review_needed is False and new.status == Status.active
    assert HistoryEvent.review_needed not in [r.event for r in engram.store.history(TENANT, new.id)]
    assert HistoryEvent.enriched in [r.event for r in engram.store.history(TENANT, new.id)]


def test_a_model_slower_than_the_timeout_leaves_it_unflagged_and_enrichment_completes(
    build: Build, model: FakeOpenAIServer
) -> None:
    engram = build()
    model.replies.append(ENRICHMENT)
    old = said(engram, OLD)
    # The model answers after 20 s; the check gives up after 0.5 s. The bound below leaves a loaded
    # machine 10 s for the rest of the enrichment, and still fails if the check waited for the model.
    model.replies.extend([ENRICHMENT, ADD, Delay(20.0, contradiction(old.id))])

    started = time.monotonic()
    new = said(engram, NEW)
    took = time.monotonic() - started

    assert took < 10.5  # bounded by the check's timeout (0.5 s), not by the model's 20 s
    assert asked(model)[-1] == "record_contradiction"
    assert new.review_needed is False and new.status == Status.active
    assert new.enrichment.state.value == "done"
    assert HistoryEvent.review_needed not in [r.event for r in engram.store.history(TENANT, new.id)]


def test_a_model_error_leaves_it_unflagged(build: Build, model: FakeOpenAIServer) -> None:
    engram = build()
    model.replies.append(ENRICHMENT)
    said(engram, OLD)
    model.replies.extend([ENRICHMENT, ADD, (503, {"error": {"message": "overloaded"}})])

    new = said(engram, NEW)

    assert new.review_needed is False and new.enrichment.state.value == "done"


def test_no_contradiction_flags_nothing(build: Build, model: FakeOpenAIServer) -> None:
    engram = build()
    model.replies.append(ENRICHMENT)
    said(engram, OLD)
    model.replies.extend([ENRICHMENT, ADD, contradiction(contradicts=False)])

    new = said(engram, NEW)

    assert new.review_needed is False
    assert HistoryEvent.review_needed not in [r.event for r in engram.store.history(TENANT, new.id)]


def test_with_the_setting_off_no_check_is_asked_for(build: Build, model: FakeOpenAIServer) -> None:
    engram = build(check=False)
    assert engram.contradiction_checker is None
    model.replies.append(ENRICHMENT)
    said(engram, OLD)
    model.replies.extend([ENRICHMENT, ADD])

    new = said(engram, NEW)

    assert "record_contradiction" not in asked(model)
    assert new.review_needed is False and new.enrichment.state.value == "done"


def test_the_rules_enricher_gets_no_check_even_with_the_setting_on(tmp_path) -> None:
    settings = Settings(data_dir=tmp_path / "data", enricher={"contradiction_check": True})
    assert local(settings).contradiction_checker is None


# --------------------------------------------------------------------------- Bedrock: the forced tool call


def bedrock_answer(payload: dict[str, Any]) -> dict[str, Any]:
    use = {"toolUse": {"toolUseId": "tooluse_fake1", "name": "record_contradiction", "input": payload}}
    return {
        "output": {"message": {"role": "assistant", "content": [use]}},
        "stopReason": "tool_use",
        "usage": {"inputTokens": 310, "outputTokens": 42, "totalTokens": 352},
        "metrics": {"latencyMs": 812},
    }


def test_bedrock_answers_with_the_contradiction_tool_and_a_service_error_is_no_answer() -> None:
    client = boto3.client(
        "bedrock-runtime", region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x"
    )
    settings = EnricherSettings(provider="bedrock", model="m", contradiction_check=True)
    checker = build_contradiction_checker(settings, bedrock_client=client)
    assert checker is not None and checker.name == "bedrock:m"
    old = Memory(id="01OLD", tenant=TENANT, user_id="alice", content=OLD, content_hash="a")
    new = Memory(id="01NEW", tenant=TENANT, user_id="alice", content=NEW, content_hash="b")
    payload = {
        "contradicts": True,
        "targets": ["01OLD", "01GHOST"],
        "reason": "Office vs home.",
        "confidence": 0.7,
    }
    tool = {
        "name": "record_contradiction",
        "description": ANY,
        "inputSchema": {"json": contradiction_json_schema()},
    }
    expected = {
        "modelId": "m",
        "system": ANY,
        "messages": ANY,
        "toolConfig": {
            "tools": [{"toolSpec": tool}],
            "toolChoice": {"tool": {"name": "record_contradiction"}},
        },
        "inferenceConfig": ANY,
    }
    with Stubber(client) as stub:
        stub.add_response("converse", bedrock_answer(payload), expected)
        stub.add_client_error("converse", "ThrottlingException", http_status_code=429)

        found = checker.check(new, [Candidate(old, 0.76)])
        failed = checker.check(new, [Candidate(old, 0.76)])

        stub.assert_no_pending_responses()
    assert found is not None and (found.contradicts, found.targets) == (True, ["01OLD"])
    assert failed is None
