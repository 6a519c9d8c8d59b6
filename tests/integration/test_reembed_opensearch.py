"""Switching the embedding model on OpenSearch (the loopback fake): the new model's vectors go to an index
of their own, k-NN reads only that index and only that model's documents, lexical search keeps reading
the index the tenant's alias serves, and the re-embed fills the new index newest memory first, then
moves the alias onto it in one request."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from engram.adapters.opensearch.index import Mode, OpenSearchIndex, build_client, tenant_index
from engram.domain.models import Memory
from engram.ports import IndexedMemory, SearchScope
from engram.providers.embedders import HashingEmbedder
from tests.fakes.opensearch_server import FakeOpenSearch
from tests.integration.builders import new_memory

DIMS = 16
INDEX = "memories-test"
ALIAS = tenant_index(INDEX, "acme")
SCOPE = SearchScope("acme", "alice")
T0 = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
TOPICS = ["coffee", "tea", "python", "rust", "kayak", "violin", "berlin", "tokyo", "garden", "chess"]


def model_a(texts: Sequence[str]) -> list[list[float]]:
    return HashingEmbedder(DIMS).embed(texts)


def model_b(texts: Sequence[str]) -> list[list[float]]:
    """Model a's vectors negated: the same dimensions, another space (mixed: the wrong sign)."""
    return [[-x for x in v] for v in model_a(texts)]


@pytest.fixture(params=["es", "aoss"])
def mode(request: pytest.FixtureRequest) -> Mode:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture
def fake(mode: Mode) -> Iterator[FakeOpenSearch]:
    with FakeOpenSearch(serverless=mode == "aoss") as server:
        yield server


def index_of(fake: FakeOpenSearch, mode: Mode, model: str) -> OpenSearchIndex:
    return OpenSearchIndex(build_client(fake.url, mode=mode), INDEX, DIMS, mode=mode, model=model)


def memories(n: int) -> list[Memory]:
    """n memories, oldest first, ids in time order (as ULIDs are)."""
    return [
        new_memory(
            f"note {i} about {TOPICS[i % len(TOPICS)]} and {TOPICS[(i * 3 + 1) % len(TOPICS)]}",
            at=T0 + timedelta(seconds=i),
            id=f"m{i:04d}",
            tenant="acme",
            user_id="alice",
        )
        for i in range(n)
    ]


def write(index: OpenSearchIndex, items: list[Memory], embed) -> None:  # type: ignore[no-untyped-def]
    index.upsert([IndexedMemory(m, v) for m, v in zip(items, embed([m.content for m in items]), strict=True)])


def check_knn(index: OpenSearchIndex, by_id: dict[str, Memory], query: str) -> list[str]:
    """The k-NN hits, each scored against model b's vector of its memory (a's would have the other sign)."""
    q = model_b([query])[0]
    hits = index.knn(SCOPE, q, 10)
    for hit in hits:
        expected = float(np.dot(q, model_b([by_id[hit.memory_id].content])[0]))
        assert hit.score == pytest.approx(expected, abs=1e-3), "scored against another model's vector"
    return [h.memory_id for h in hits]


def knn_requests_outside(fake: FakeOpenSearch, allowed: str) -> list[str]:
    """The indices that got a k-NN query, other than `allowed`."""
    return [
        r.path
        for r in fake.requests
        if r.path.endswith("/_search") and "knn" in json.dumps(r.body or {})
        if r.path != f"/{allowed}/_search"
    ]


@pytest.mark.parametrize("before", ["", "hashing:a:16"])
def test_a_switch_fills_the_new_models_index_newest_first_then_moves_the_alias(fake, mode, before):
    """From an index of before models were recorded ("") or from another model's index behind the alias."""
    old = index_of(fake, mode, before)
    items = memories(60)
    by_id = {m.id: m for m in items}
    write(old, items, model_a)
    old_index = old.model_index("acme")
    fake.refresh()

    new = index_of(fake, mode, "hashing:b:16")
    mine = new.model_index("acme")
    assert new.switching("acme")
    assert new.knn(SCOPE, model_b(["coffee"])[0], 5) == []  # nothing of model b yet: never a's vectors
    assert [h.memory_id for h in new.search(SCOPE, "note 7 about kayak", 1)] == ["m0007"]  # lexical: all
    assert new.model_counts("acme") == {"hashing:b:16": 0, "": 60}

    # a memory enriched meanwhile reaches both indices (the old one without a vector)
    late = new_memory(
        "a late note about sourdough", at=T0 + timedelta(hours=1), id="m9999", tenant="acme", user_id="alice"
    )
    by_id[late.id] = late
    write(new, [late], model_b)
    fake.refresh()
    assert check_knn(new, by_id, "sourdough")[0] == "m9999"
    assert [h.memory_id for h in new.search(SCOPE, "sourdough", 1)] == ["m9999"]

    done, cursor = new.reembed("acme", model_b, budget=20)
    fake.refresh()
    assert (done, cursor) == (20, "m0040")
    found = check_knn(new, by_id, "coffee tea python")
    assert found and set(found) <= {f"m{i:04d}" for i in range(40, 60)} | {"m9999"}  # the newest first
    assert new.switching("acme") and fake.aliases.get(ALIAS, ALIAS) == (old_index if before else ALIAS)

    done, cursor = new.reembed("acme", model_b, budget=1000, cursor=cursor)
    fake.refresh()
    assert (done, cursor) == (40, None)
    assert fake.aliases[ALIAS] == mine and not new.switching("acme")
    assert new.model_counts("acme") == {"hashing:b:16": 61}
    assert check_knn(new, by_id, items[3].content)[0] == "m0003"
    assert [h.memory_id for h in new.search(SCOPE, "note 7 about kayak", 1)] == ["m0007"]
    assert knn_requests_outside(fake, mine) == [], "a k-NN query read another model's index"
    if not before:  # the index of before is gone with the switch; another model's index is kept
        assert ALIAS not in fake.indices


def test_deletes_during_a_switch_reach_both_indices(fake, mode):
    old = index_of(fake, mode, "hashing:a:16")
    items = memories(5)
    write(old, items, model_a)
    new = index_of(fake, mode, "hashing:b:16")
    write(new, [items[1]], model_b)
    new.delete("acme", ["m0001"])
    fake.refresh()
    assert not any(d["memory_id"] == "m0001" for d in fake.documents(new.model_index("acme")).values())
    assert not any(d["memory_id"] == "m0001" for d in fake.documents(old.model_index("acme")).values())
    new.reembed("acme", model_b, budget=100)
    fake.refresh()
    assert sorted(d["memory_id"] for d in fake.documents(ALIAS).values()) == [
        "m0000",
        "m0002",
        "m0003",
        "m0004",
    ]


def test_a_fresh_tenant_gets_its_models_index_behind_the_alias_at_once(fake, mode):
    index = index_of(fake, mode, "hashing:b:16")
    write(index, memories(3), model_b)
    assert fake.aliases[ALIAS] == index.model_index("acme") and not index.switching("acme")
    assert index.reembed("acme", model_b, budget=10) == (0, None)


@pytest.mark.parametrize("backend", ["local", "aws"])
def test_a_switch_through_the_container_on_both_backends(backend, tmp_path):
    """The deployment as the API serves it: memories enriched with one model, the configured model
    changes, stats show 0% then 100% after the re-embed, and recall answers before and after."""
    from engram.api.app import EngramApi
    from engram.runtime.container import local
    from engram.settings import Settings
    from engram.usecases.keys import create_key
    from engram.usecases.recall import RecallQuery
    from engram.usecases.remember import RememberCommand
    from tests.conftest import FakeClock, api_event
    from tests.integration.aws_fixtures import atomic_requests
    from tests.integration.builders import moto_aws

    def settings(model: str) -> Settings:
        return Settings(data_dir=tmp_path, embedder={"provider": "hashing", "model": model, "dimensions": 32})

    def stats(c) -> dict:  # type: ignore[no-untyped-def, type-arg]
        response = EngramApi(c).handle(api_event("GET", "/v1/admin/stats", tenant="acme"), None)
        return json.loads(response["body"])["embeddings"]  # type: ignore[no-any-return]

    def scenario(build) -> None:  # type: ignore[no-untyped-def]
        old = build(settings("a"))
        create_key(old.keys, "acme")  # the tenants re-embedded on OpenSearch: those of the API keys
        texts = [
            f"note {i} about {TOPICS[i % len(TOPICS)]} in {TOPICS[(i + 3) % len(TOPICS)]}" for i in range(12)
        ]
        for text in texts:
            stored = old.remember(RememberCommand(tenant="acme", user_id="alice", content=text)).memory
            old.enrich.many([EnrichJob(tenant="acme", memory_id=stored.id, content_hash=stored.content_hash)])
        assert stats(old)["done"] is True

        new = build(settings("b"))
        before = stats(new)
        assert (before["current"], before["percent"]) == (0, 0.0) and before["vectors"] == 12
        query = RecallQuery(tenant="acme", user_id="alice", query=texts[4], top_k=3)
        assert new.recall(query)[0].memory.content == texts[4]  # lexical, meanwhile
        assert new.reembed is not None
        new.reembed.run(1000)
        after = stats(new)
        assert (after["current"], after["percent"], after["done"]) == (12, 100.0, True)
        assert new.recall(query)[0].memory.content == texts[4]

    from engram.ports import EnrichJob

    if backend == "local":
        scenario(lambda s: local(s, clock=FakeClock()))
        return
    with moto_aws(serverless=False) as aws, atomic_requests():
        aws.search.refresh()
        scenario(
            lambda s: aws.container(
                aws.settings(s).model_copy(update={"opensearch_mode": "es"}), clock=FakeClock()
            )
        )
