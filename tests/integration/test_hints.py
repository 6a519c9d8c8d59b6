"""Prospective hints (issue #29 item 5) on both deployments: the embedded default (SQLite hints_fts) and
AWS (DynamoDB under moto, the OpenSearch `hints` field over the loopback fake). A model enricher (the
scripted FakeOpenAIServer) writes each memory's hints; recall's lexical leg scores a memory by the
stronger of its content's and its hints' BM25, only with `hints.enabled`.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from typing import Any

import pytest

from engram.api.app import EngramApi
from engram.domain.models import EnrichmentState, Memory
from engram.ports import EnrichJob
from engram.providers.enrichers import build_enricher
from engram.runtime.container import Container, local
from engram.settings import EnricherSettings, HintSettings, Settings
from tests.conftest import api_event
from tests.fakes.openai_server import FakeOpenAIServer
from tests.integration.builders import moto_aws

TENANT = "acme"
DOG = "We adopted a beagle called Max last spring"
DOG_HINTS = ["What is the name of my dog?", "What breed is my dog?", "When did we get a pet?"]
# shares "name" with the dog question, and nothing else
PROJECT = "The name of the new billing project is Orion"
PROJECT_HINTS = ["What is the billing project called?"]
QUESTION = "what is my dog's name?"


@dataclasses.dataclass
class World:
    """One store and index, a scripted model, and recall with hints on or off over the same data."""

    base: Container
    model: FakeOpenAIServer
    kind: str

    def engram(self, hints: bool) -> Container:
        settings = self.base.settings.model_copy(update={"hints": HintSettings(enabled=hints)})
        enricher = build_enricher(
            EnricherSettings(provider="openai", model="fake", base_url=self.model.base_url, timeout_s=5),
            hints=True,
        )
        return dataclasses.replace(self.base, settings=settings, enricher_factory=lambda: enricher)

    def remember(
        self, content: str, hints: Any, user_id: str = "alice", tenant: str = TENANT, **fields: Any
    ) -> Memory:
        """Remember `content` and enrich it with the model answering `hints` (taken as given)."""
        engram = self.engram(hints=True)
        status, body = call(
            engram, "POST", "/v1/memories", {"content": content, "user_id": user_id, **fields}, tenant
        )
        assert status == 201, body
        self.model.replies.append(json.dumps(enrichment(hints)))
        stored = engram.store.get(tenant, body["id"])
        assert stored is not None
        engram.enrich(EnrichJob(tenant=tenant, memory_id=stored.id, content_hash=stored.content_hash))
        enriched = engram.store.get(tenant, stored.id)
        assert enriched is not None and enriched.enrichment.state == EnrichmentState.done
        return enriched

    def search(self, query: str, hints: bool, tenant: str = TENANT, **fields: Any) -> list[dict[str, Any]]:
        body = {"query": query, "user_id": "alice", "explain": True, **fields}
        status, answer = call(self.engram(hints), "POST", "/v1/memories/search", body, tenant)
        assert status == 200, answer
        return list(answer["results"])


def enrichment(hints: Any) -> dict[str, Any]:
    return {
        "importance": 3,
        "memory_type": "fact",
        "temporal_kind": "persistent",
        "valid_until": None,
        "categories": [],
        "entities": [],
        "confidence": 0.9,
        "hints": hints,
    }


def call(engram: Container, method: str, path: str, body: Any, tenant: str) -> tuple[int, Any]:
    response = EngramApi(engram).handle(api_event(method, path, body, tenant=tenant), None)
    return response["statusCode"], json.loads(response["body"]) if response["body"] else None


@pytest.fixture(params=["local", "aws"])
def world(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[World]:
    settings = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}, worker_enabled=False)
    with FakeOpenAIServer(model="fake") as model:
        if request.param == "local":
            yield World(local(settings), model, "local")
            return
        with moto_aws(serverless=True) as aws:
            yield World(aws.container(aws.settings(settings)), model, "aws")


def ids(results: list[dict[str, Any]]) -> list[str]:
    return [r["memory"]["id"] for r in results]


def test_a_question_worded_like_a_hint_finds_its_memory_only_with_hints_on(world: World) -> None:
    # Given a memory whose hints ask what the user would, and one sharing a word of the question
    dog = world.remember(DOG, DOG_HINTS)
    project = world.remember(PROJECT, PROJECT_HINTS)
    assert dog.hints == DOG_HINTS

    # With hints off, the question (no word of the dog memory) ranks the other memory first
    off = world.search(QUESTION, hints=False)
    assert ids(off)[0] == project.id
    assert all(r["components"]["hint"] is None for r in off)

    # With hints on, the dog memory comes first, and explain names the hint that matched
    on = world.search(QUESTION, hints=True)
    assert ids(on)[0] == dog.id
    top = on[0]["components"]
    assert top["hint"] == "What is the name of my dog?"
    assert top["hint_bm25"] > 0 and top["bm25"] == top["hint_bm25"]
    # the request asked the model for hints in its schema
    schema = world.model.requests[0].body["response_format"]["json_schema"]["schema"]
    assert "hints" in schema["required"] and schema["properties"]["hints"]["maxItems"] == 5


def test_a_hint_match_lifts_by_the_stronger_score_never_the_sum(world: World) -> None:
    # Given a memory whose content and hints both match the query
    tea = world.remember("I drink green tea every morning", ["What tea do I drink every morning?"])
    world.remember(PROJECT, PROJECT_HINTS)

    [content_only] = [
        r for r in world.search("green tea morning", hints=False) if r["memory"]["id"] == tea.id
    ]
    [both] = [r for r in world.search("green tea morning", hints=True) if r["memory"]["id"] == tea.id]

    content_bm25 = content_only["components"]["bm25"]
    hint_bm25 = both["components"]["hint_bm25"]
    assert content_bm25 > 0 and hint_bm25 > 0
    assert both["components"]["bm25"] == pytest.approx(max(content_bm25, hint_bm25))
    assert both["components"]["bm25"] < content_bm25 + hint_bm25


def test_the_hint_index_is_isolated_by_tenant_user_and_scope(world: World) -> None:
    # Given the same hints for another tenant, another user of the tenant, and another namespace
    world.remember(DOG, DOG_HINTS, tenant="globex")
    world.remember(DOG + " (Bob's)", DOG_HINTS, user_id="bob")
    work = world.remember(
        "Our office dog at work is called Biscuit", ["What is the name of my dog?"], namespace="work"
    )
    mine = world.remember(DOG, DOG_HINTS)

    # Then alice's search finds her own memories only, and a namespace filter holds in the hint leg
    found = world.search(QUESTION, hints=True)
    assert set(ids(found)) <= {mine.id, work.id}
    assert ids(found)[0] in {mine.id, work.id}
    home = world.search(QUESTION, hints=True, namespaces=["default"])
    assert work.id not in ids(home) and ids(home)[0] == mine.id
    assert [
        r for r in world.search(QUESTION, hints=True, tenant="globex") if r["memory"]["user_id"] == "alice"
    ]
    assert not {mine.id, work.id} & set(ids(world.search(QUESTION, hints=True, tenant="globex")))


def test_another_tenants_hints_never_change_alices_hint_scores(world: World) -> None:
    """DESIGN invariant 10. The embedded default keeps each user's statistics apart too (as its content
    leg does); OpenSearch keeps one index per tenant."""
    mine = world.remember(DOG, DOG_HINTS)
    world.remember(PROJECT, PROJECT_HINTS)
    before = {r["memory"]["id"]: r["components"]["hint_bm25"] for r in world.search(QUESTION, hints=True)}

    for n in range(3):  # another tenant's (and, embedded, another user's) hints with the same words
        if world.kind == "local":
            world.remember(
                f"Bob's dog number {n} is a poodle", ["What is the name of my dog?"], user_id="bob"
            )
        world.remember(f"Globex dog number {n} is a poodle", ["What is my dog's name?"], tenant="globex")

    after = {r["memory"]["id"]: r["components"]["hint_bm25"] for r in world.search(QUESTION, hints=True)}
    assert after[mine.id] == before[mine.id]


def test_bad_hints_are_capped_or_dropped_and_never_fail_enrichment(world: World) -> None:
    long = "What " + "very " * 80 + "long question is this?"
    many = [f"Question number {n} about the garden?" for n in range(8)]
    stored = world.remember("The garden hose is in the shed", [42, None, long, *many, ["nested"]])
    assert stored.enrichment.model == "openai:fake"  # the model's answer was used, not the rules
    assert len(stored.hints) == 5
    assert all(isinstance(h, str) and 0 < len(h) <= 200 for h in stored.hints)
    assert stored.hints[0].startswith("What very very")

    not_a_list = world.remember("The spare key is under the blue flowerpot", 42)
    assert not_a_list.enrichment.model == "openai:fake" and not_a_list.hints == []
    malformed = world.remember("The wifi password is on the fridge door", '["unclosed')
    assert malformed.enrichment.model == "openai:fake" and malformed.hints == []


def test_a_content_change_drops_the_old_contents_hints(world: World) -> None:
    dog = world.remember(DOG, DOG_HINTS)
    engram = world.engram(hints=True)
    status, body = call(
        engram, "PATCH", f"/v1/memories/{dog.id}", {"content": "We sold the old bicycle"}, TENANT
    )
    assert status == 200, body
    changed = engram.store.get(TENANT, dog.id)
    assert changed is not None and changed.hints == []
    if world.kind == "local":  # the SQLite hint index drops them at once; OpenSearch at re-enrichment
        assert all(r["components"]["hint"] is None for r in world.search(QUESTION, hints=True))


def test_imported_hints_are_screened_and_capped_as_a_models_are(tmp_path: Any) -> None:
    from engram.domain.text import content_hash
    from engram.ids import new_id

    engram = local(
        Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}, worker_enabled=False)
    )
    content = "The garden hose is in the shed"
    at = "2026-01-05T10:00:00Z"
    secret = "AKIAZ7Q3XK2PLM4RT9VW"
    memory = {
        "id": new_id(),
        "user_id": "alice",
        "content": content,
        "content_hash": content_hash(content),
        "created_at": at,
        "updated_at": at,
        "observed_at": at,
        "hints": [f"What is the key {secret}?", *[f"Where is thing {n}?" for n in range(9)]],
    }
    records = [
        {"kind": "header", "format": "engram-export", "version": 1},
        {"kind": "memory", "memory": memory},
    ]
    status, body = call(engram, "POST", "/v1/import", {"records": records}, TENANT)
    assert status == 200 and body["created"] == 1, body
    stored = engram.store.get(TENANT, memory["id"])
    assert stored is not None and len(stored.hints) == 5
    assert secret not in " ".join(stored.hints) and "[REDACTED:aws_access_key]" in stored.hints[0]
