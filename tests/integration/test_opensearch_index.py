"""OpenSearchIndex over real HTTP against the loopback OpenSearch-protocol fake.

Every behaviour runs against both deployments the adapter supports: a managed domain ("es": `_id` =
memory id, writes wait for a refresh) and a serverless VECTORSEARCH collection ("aoss": the server
assigns ids, no refresh).
"""

from __future__ import annotations

import hashlib
import math
import socket
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from opensearchpy import OpenSearch
from opensearchpy.exceptions import RequestError

from engram.adapters.opensearch.index import (
    IndexUnavailable,
    IndexWriteFailed,
    Mode,
    OpenSearchIndex,
    build_client,
    scope_filter,
    tenant_index,
)
from engram.domain.models import Memory, MemoryType, Provenance, Status, Temporal
from engram.ports import IndexedMemory, SearchFilters, SearchScope
from engram.settings import Settings
from tests.fakes.opensearch_server import FakeOpenSearch, iter_bulk_actions

DIMS = 4
INDEX = "engram-memories"
ACME = tenant_index(INDEX, "acme")  # the index of acme's memories


def memory(memory_id: str, content: str, **fields: Any) -> Memory:
    fields.setdefault("tenant", "acme")
    fields.setdefault("user_id", "alice")
    return Memory(
        id=memory_id, content=content, content_hash=hashlib.sha256(content.encode()).hexdigest(), **fields
    )


def item(memory_id: str, content: str, vector: list[float] | None = None, **fields: Any) -> IndexedMemory:
    return IndexedMemory(memory(memory_id, content, **fields), vector or [1.0, 0.0, 0.0, 0.0])


def at_angle(degrees: float) -> list[float]:
    """A unit vector in the first plane, `degrees` away from [1, 0, 0, 0]."""
    radians = math.radians(degrees)
    return [math.cos(radians), math.sin(radians), 0.0, 0.0]


SCOPE = SearchScope(tenant="acme", user_id="alice")


@pytest.fixture(params=["es", "aoss"])
def mode(request: pytest.FixtureRequest) -> Mode:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture
def fake(mode: Mode) -> Iterator[FakeOpenSearch]:
    with FakeOpenSearch(serverless=mode == "aoss") as server:
        yield server


@pytest.fixture
def index(fake: FakeOpenSearch, mode: Mode) -> OpenSearchIndex:
    return OpenSearchIndex(build_client(fake.url, mode=mode), INDEX, DIMS, mode=mode)


def last_search_body(fake: FakeOpenSearch) -> dict[str, Any]:
    return fake.requests_to("POST", f"/{ACME}/_search")[-1].body  # type: ignore[no-any-return]


# ---------------------------------------------------------------------- index lifecycle


def test_the_index_is_created_once_with_a_filterable_knn_mapping(fake: FakeOpenSearch, mode: Mode) -> None:
    # Given two processes sharing one index
    first = OpenSearchIndex(build_client(fake.url, mode=mode), INDEX, DIMS, mode=mode)
    second = OpenSearchIndex(build_client(fake.url, mode=mode), INDEX, DIMS, mode=mode)

    # When both write and read
    first.upsert([item("m1", "Deploys go through the staging cluster first")])
    second.upsert([item("m2", "The user prefers dark mode")])
    first.knn(SCOPE, at_angle(0), 5)
    second.search(SCOPE, "dark mode", 5)

    # Then the index was created exactly once, with the mapping both legs need
    assert len(fake.requests_to("PUT", f"/{ACME}")) == 1
    mapping = OpenSearch(fake.url).indices.get_mapping(index=ACME)[ACME]["mappings"]
    properties = mapping["properties"]
    assert properties["vector"] == {
        "type": "knn_vector",
        "dimension": DIMS,
        "method": {"name": "hnsw", "engine": "faiss", "space_type": "l2"},
    }
    assert properties["content"] == {"type": "text", "analyzer": "english"}
    for name in ("tenant", "user_id", "project", "namespace", "status", "memory_type", "categories"):
        assert properties[name] == {"type": "keyword"}
    assert properties["observed_at"] == {"type": "date"}
    assert fake.indices[ACME].settings["index.knn"] is True


def test_from_settings_wires_endpoint_mode_index_and_dimensions() -> None:
    with FakeOpenSearch(serverless=True) as fake:
        settings = Settings(
            opensearch_endpoint=fake.url,
            opensearch_mode="aoss",
            opensearch_index="memories-test",
            embedder={"dimensions": 3},
        )
        index = OpenSearchIndex.from_settings(settings)

        index.upsert([IndexedMemory(memory("m1", "Settings decide the index"), [0.0, 0.0, 1.0])])

        # the model's index, served under the tenant's index name (an alias)
        assert fake.aliases[tenant_index("memories-test", "acme")] == index.model_index("acme")
        assert fake.indices[index.model_index("acme")].properties["vector"]["dimension"] == 3
        assert [
            doc["memory_id"] for doc in fake.documents(tenant_index("memories-test", "acme")).values()
        ] == ["m1"]


def test_index_creation_tolerates_another_process_creating_it_first(
    fake: FakeOpenSearch, mode: Mode, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given the index appears between our existence check and our create
    OpenSearchIndex(build_client(fake.url, mode=mode), INDEX, DIMS, mode=mode).ensure_index("acme")
    client = build_client(fake.url, mode=mode)
    monkeypatch.setattr(client.indices, "exists", lambda **_: False)
    late = OpenSearchIndex(client, INDEX, DIMS, mode=mode)

    # When it writes, Then "resource_already_exists_exception" is not an error
    late.upsert([item("m1", "The build runs on every push")])
    assert [hit.memory_id for hit in late.search(SCOPE, "build", 5)] == ["m1"]


# ---------------------------------------------------------------------- vector leg


def test_knn_returns_the_nearest_memories_with_cosine_scores(index: OpenSearchIndex) -> None:
    index.upsert(
        [
            item("near", "Near", [2.0 * x for x in at_angle(10)]),  # not unit length: normalised
            item("mid", "Mid", at_angle(60)),
            item("far", "Far", at_angle(150)),
        ]
    )

    hits = index.knn(SCOPE, at_angle(0), 3)

    assert [hit.memory_id for hit in hits] == ["near", "mid", "far"]
    for hit, degrees in zip(hits, (10, 60, 150), strict=True):
        assert hit.score == pytest.approx(math.cos(math.radians(degrees)), abs=1e-5)
    assert [hit.memory_id for hit in index.knn(SCOPE, at_angle(0), 1)] == ["near"]


def test_the_scope_filter_goes_inside_the_knn_clause(fake: FakeOpenSearch, index: OpenSearchIndex) -> None:
    scope = SearchScope(
        tenant="acme",
        user_id="alice",
        project="apollo",
        namespaces=("work",),
        filters=SearchFilters(categories=("infra",), min_importance=3),
    )

    index.knn(scope, at_angle(0), 7)

    body = last_search_body(fake)
    assert set(body) == {"size", "_source", "query"}  # no post_filter, no outer bool
    assert set(body["query"]) == {"knn"}
    knn = body["query"]["knn"]["vector"]
    assert knn["k"] == 7
    assert knn["filter"] == scope_filter(scope)
    clauses = knn["filter"]["bool"]["filter"]
    assert {"term": {"tenant": "acme"}} in clauses
    assert {"term": {"user_id": "alice"}} in clauses
    assert {"term": {"project": "apollo"}} in clauses
    assert {"terms": {"namespace": ["work"]}} in clauses


def test_knn_takes_the_top_k_among_visible_memories_only(index: OpenSearchIndex) -> None:
    # Given the nearest neighbours belong to someone else
    index.upsert([item(f"other-{n}", "Other", at_angle(n), user_id="bob") for n in range(5)])
    index.upsert([item("mine", "Mine", at_angle(80))])

    # Then k=1 still finds the caller's memory (a post-filter would have returned nothing)
    assert [hit.memory_id for hit in index.knn(SCOPE, at_angle(0), 1)] == ["mine"]


# ---------------------------------------------------------------------- lexical leg


def test_bm25_ranks_an_exact_keyword_match_first(fake: FakeOpenSearch, index: OpenSearchIndex) -> None:
    index.upsert(
        [
            item("colour", "The user likes the colour blue"),
            item("k8s", "Production runs on Kubernetes in eu-west-1"),
            item("theme", "The user prefers the dark theme in the editor"),
            item("coffee", "The user drinks the coffee black"),
        ]
    )

    hits = index.search(SCOPE, "the user kubernetes", 10)

    assert hits[0].memory_id == "k8s"
    assert {hit.memory_id for hit in hits} == {"k8s", "colour", "theme", "coffee"}
    assert all(hit.score > 0 for hit in hits)
    assert hits == sorted(hits, key=lambda hit: -hit.score)
    assert [hit.memory_id for hit in index.search(SCOPE, "KUBERNETES", 10)] == ["k8s"]
    assert index.search(SCOPE, "postgres", 10) == []
    body = last_search_body(fake)
    assert body["query"]["bool"]["must"] == [{"match": {"content": {"query": "postgres"}}}]
    assert body["query"]["bool"]["filter"] == [scope_filter(SCOPE)]


# ---------------------------------------------------------------------- isolation and filters


def test_tenants_users_projects_and_namespaces_never_leak(index: OpenSearchIndex) -> None:
    def same(memory_id: str, **scope: str) -> IndexedMemory:
        return item(memory_id, "The deploy key rotates monthly", at_angle(0), **scope)

    index.upsert(
        [
            same("mine", project="apollo"),
            same("my-work", project="apollo", namespace="work"),
            same("my-other-project", project="gemini"),
            same("other-user", project="apollo", user_id="bob"),
            same("other-tenant", project="apollo", tenant="globex"),
        ]
    )

    def both_legs(scope: SearchScope) -> tuple[set[str], set[str]]:
        vector = {hit.memory_id for hit in index.knn(scope, at_angle(0), 10)}
        lexical = {hit.memory_id for hit in index.search(scope, "deploy key", 10)}
        return vector, lexical

    narrow = SearchScope(tenant="acme", user_id="alice", project="apollo", namespaces=("default",))
    assert both_legs(narrow) == ({"mine"}, {"mine"})
    every_project = SearchScope(tenant="acme", user_id="alice")
    expected = {"mine", "my-work", "my-other-project"}
    assert both_legs(every_project) == (expected, expected)
    assert both_legs(SearchScope(tenant="globex", user_id="alice")) == ({"other-tenant"},) * 2
    assert both_legs(SearchScope(tenant="acme", user_id="alice", namespaces=())) == (set(), set())


def test_only_the_requested_statuses_are_found(index: OpenSearchIndex) -> None:
    index.upsert(
        [
            item(status.value, f"Memory that is {status.value} about backups", status=status)
            for status in Status
        ]
    )

    def found(scope: SearchScope) -> tuple[set[str], set[str]]:
        return (
            {hit.memory_id for hit in index.knn(scope, at_angle(0), 10)},
            {hit.memory_id for hit in index.search(scope, "backups", 10)},
        )

    assert found(SCOPE) == ({"active", "stale"},) * 2
    merged = SearchScope(tenant="acme", user_id="alice", statuses=(Status.merged,))
    assert found(merged) == ({"merged"},) * 2


NOON = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        (SearchFilters(), {"fact", "pref", "old", "noon"}),
        (SearchFilters(memory_types=("preference",)), {"pref"}),
        (SearchFilters(categories=("infra", "billing")), {"fact", "old"}),
        (SearchFilters(entities=("Postgres",)), {"fact"}),
        (SearchFilters(provenance=("imported",)), {"old"}),
        (SearchFilters(observed_after=NOON), {"fact", "pref", "noon"}),  # inclusive
        (SearchFilters(observed_before=NOON), {"old"}),  # exclusive
        (SearchFilters(min_importance=4), {"fact", "noon"}),
        (SearchFilters(categories=("infra",), min_importance=4), {"fact"}),
    ],
)
def test_search_filters_apply_to_both_legs(
    index: OpenSearchIndex, filters: SearchFilters, expected: set[str]
) -> None:
    later = datetime(2025, 7, 1, tzinfo=UTC)
    index.upsert(
        [
            item(
                "fact",
                "Orders live in Postgres",
                categories=["infra"],
                entities=["Postgres"],
                importance=5,
                observed_at=later,
            ),
            item(
                "pref",
                "Orders email should be terse",
                memory_type=MemoryType.preference,
                importance=2,
                observed_at=later,
            ),
            item(
                "old",
                "Orders were billed monthly",
                categories=["billing"],
                provenance=Provenance.imported,
                observed_at=datetime(2024, 1, 1, tzinfo=UTC),
                temporal=Temporal(kind="temporal", valid_until=datetime(2024, 12, 31, tzinfo=UTC)),
            ),
            item("noon", "Orders ship at noon", importance=4, observed_at=NOON),
        ]
    )
    scope = SearchScope(tenant="acme", user_id="alice", filters=filters)

    assert {hit.memory_id for hit in index.knn(scope, at_angle(0), 10)} == expected
    assert {hit.memory_id for hit in index.search(scope, "orders", 10)} == expected


# ---------------------------------------------------------------------- writes


def test_upsert_replaces_a_memory_in_place(fake: FakeOpenSearch, index: OpenSearchIndex) -> None:
    index.upsert([item("m1", "The standup is at nine", at_angle(0))])

    index.upsert([item("m1", "The standup is at ten", at_angle(90), status=Status.stale)])

    assert len(fake.documents(ACME)) == 1
    assert index.search(SCOPE, "nine", 5) == []
    assert [hit.memory_id for hit in index.search(SCOPE, "ten", 5)] == ["m1"]
    [hit] = index.knn(SCOPE, at_angle(90), 5)
    assert hit.score == pytest.approx(1.0, abs=1e-6)


def test_a_memory_without_a_vector_is_still_found_lexically(index: OpenSearchIndex) -> None:
    index.upsert([IndexedMemory(memory("m1", "Lint with ruff before pushing"), vector=None)])

    assert [hit.memory_id for hit in index.search(SCOPE, "ruff", 5)] == ["m1"]
    assert index.knn(SCOPE, at_angle(0), 5) == []
    assert index.get_vectors("acme", ["m1"]) == {}


def test_delete_removes_from_both_legs_within_the_tenant_only(index: OpenSearchIndex) -> None:
    index.upsert(
        [
            item("keep", "Backups run nightly"),
            item("drop", "Backups run weekly"),
            item("globex", "Backups run hourly", tenant="globex"),
        ]
    )

    index.delete("acme", ["drop", "unknown"])
    index.delete("acme", ["globex"])  # another tenant's memory: untouched

    assert {hit.memory_id for hit in index.search(SCOPE, "backups", 10)} == {"keep"}
    assert {hit.memory_id for hit in index.knn(SCOPE, at_angle(0), 10)} == {"keep"}
    assert index.get_vectors("acme", ["drop"]) == {}
    globex = SearchScope(tenant="globex", user_id="alice")
    assert [hit.memory_id for hit in index.search(globex, "backups", 10)] == ["globex"]


def test_get_vectors_round_trips_unit_vectors_within_the_tenant(index: OpenSearchIndex) -> None:
    index.upsert(
        [
            item("a", "Alpha", [3.0, 4.0, 0.0, 0.0]),
            item("b", "Beta", at_angle(30)),
            item("x", "Globex", at_angle(45), tenant="globex"),
        ]
    )

    vectors = index.get_vectors("acme", ["a", "b", "x", "missing"])

    assert set(vectors) == {"a", "b"}
    assert vectors["a"] == pytest.approx([0.6, 0.8, 0.0, 0.0])
    assert vectors["b"] == pytest.approx(at_angle(30))


def test_a_vector_of_the_wrong_dimension_is_refused_before_any_request(index: OpenSearchIndex) -> None:
    with pytest.raises(ValueError, match="dimensions"):
        index.upsert([item("m1", "Too short", [1.0, 0.0])])
    with pytest.raises(ValueError, match="dimensions"):
        index.knn(SCOPE, [1.0, 0.0], 5)


# ---------------------------------------------------------------------- deployment differences


def test_a_managed_domain_uses_memory_ids_and_waits_for_refresh() -> None:
    with FakeOpenSearch() as fake:
        index = OpenSearchIndex(build_client(fake.url, mode="es"), INDEX, DIMS, mode="es")
        index.upsert([item("m1", "Alpha"), item("m2", "Beta")])

        [bulk] = fake.requests_to("POST", f"/{ACME}/_bulk")
        assert bulk.params == {"refresh": "wait_for"}
        assert [meta.get("_id") for _, meta in iter_bulk_actions(bulk)] == ["m1", "m2"]
        assert set(fake.documents(ACME)) == {"m1", "m2"}


def test_serverless_gets_no_custom_ids_and_no_refresh() -> None:
    with FakeOpenSearch(serverless=True) as fake:
        index = OpenSearchIndex(build_client(fake.url, mode="aoss"), INDEX, DIMS, mode="aoss")
        index.upsert([item("m1", "Alpha"), item("m2", "Beta")])
        index.upsert([item("m1", "Alpha again")])
        index.delete("acme", ["m2"])

        bulks = fake.requests_to("POST", f"/{ACME}/_bulk")
        assert bulks and all(bulk.params == {} for bulk in bulks)
        for bulk in bulks:
            for op, meta in iter_bulk_actions(bulk):
                assert op == "delete" or "_id" not in meta
        assert not fake.requests_to("POST", "/_refresh")
        assert sorted(doc["memory_id"] for doc in fake.documents(ACME).values()) == ["m1"]
        assert [hit.memory_id for hit in index.search(SCOPE, "alpha", 5)] == ["m1"]


def test_serverless_duplicates_from_unrefreshed_writes_are_collapsed() -> None:
    with FakeOpenSearch(serverless=True, lag=True) as fake:
        index = OpenSearchIndex(build_client(fake.url, mode="aoss"), INDEX, DIMS, mode="aoss")
        # Given a second write lands before the first one is searchable
        index.upsert([item("m1", "Invoices are due on the first", at_angle(0))])
        index.upsert([item("m1", "Invoices are due on the fifth", at_angle(20))])
        fake.refresh()
        assert len(fake.documents(ACME)) == 2

        # Then each leg still answers one hit per memory
        assert [hit.memory_id for hit in index.knn(SCOPE, at_angle(0), 5)] == ["m1"]
        assert [hit.memory_id for hit in index.search(SCOPE, "invoices", 5)] == ["m1"]

        # And the next upsert of the memory cleans both copies up
        index.upsert([item("m1", "Invoices are due on the tenth", at_angle(40))])
        fake.refresh()
        assert [doc["content"] for doc in fake.documents(ACME).values()] == ["Invoices are due on the tenth"]


# ---------------------------------------------------------------------- failures


def test_an_unreachable_cluster_raises_index_unavailable() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = OpenSearch(hosts=[{"host": "127.0.0.1", "port": port}], max_retries=0, timeout=2)
    index = OpenSearchIndex(client, INDEX, DIMS)

    with pytest.raises(IndexUnavailable) as raised:
        index.search(SCOPE, "anything", 5)
    assert raised.value.code == "index_unavailable"


def test_rejected_bulk_items_raise_index_write_failed(fake: FakeOpenSearch, mode: Mode) -> None:
    # Given the index was created for another embedding size
    OpenSearchIndex(build_client(fake.url, mode=mode), INDEX, 3, mode=mode).ensure_index("acme")
    index = OpenSearchIndex(build_client(fake.url, mode=mode), INDEX, DIMS, mode=mode)

    with pytest.raises(IndexWriteFailed, match="mapper_parsing_exception"):
        index.upsert([item("m1", "A memory")])


# ---------------------------------------------------------------------- the fake itself


def test_the_fake_refuses_query_shapes_it_does_not_implement(fake: FakeOpenSearch, mode: Mode) -> None:
    OpenSearchIndex(build_client(fake.url, mode=mode), INDEX, DIMS, mode=mode).ensure_index("acme")
    client = OpenSearch(fake.url)
    knn = {"knn": {"vector": {"vector": at_angle(0), "k": 3}}}
    unsupported = [
        {"query": {"match_all": {}}, "post_filter": {"term": {"tenant": "acme"}}},
        {"query": {"bool": {"must": [knn], "filter": [{"term": {"tenant": "acme"}}]}}},
        {"query": {"knn": {"vector": {"vector": at_angle(0), "k": 3, "max_distance": 2}}}},
        {"query": {"query_string": {"query": "anything"}}},
        {"query": {"match": {"tenant": "acme"}}},
    ]
    for body in unsupported:
        with pytest.raises(RequestError) as raised:
            client.search(index=ACME, body=body)
        assert raised.value.status_code == 400


def test_the_fake_refuses_an_analyzer_it_does_not_implement(fake: FakeOpenSearch) -> None:
    body = {"mappings": {"properties": {"content": {"type": "text", "analyzer": "french"}}}}

    with pytest.raises(RequestError) as raised:
        OpenSearch(fake.url).indices.create(index="other", body=body)

    assert raised.value.status_code == 400
    assert raised.value.error == "mapper_parsing_exception"


# ---------------------------------------------------------------------- english analyzer


def test_content_is_mapped_with_the_builtin_english_analyzer(
    fake: FakeOpenSearch, index: OpenSearchIndex
) -> None:
    assert index.mapping()["mappings"]["properties"]["content"] == {"type": "text", "analyzer": "english"}

    index.ensure_index("acme")

    request = fake.requests_to("PUT", f"/{ACME}")[0].body
    assert request["mappings"]["properties"]["content"]["analyzer"] == "english"
    assert "analysis" not in request["settings"]  # built in: no custom analysis settings needed


def test_a_stemmed_query_finds_other_forms_of_the_word(index: OpenSearchIndex) -> None:
    index.upsert(
        [
            item("runs", "Alice runs every morning before work"),
            item("deploys", "Bob's deployments happen on Fridays"),
            item("coffee", "The user drinks the coffee black"),
        ]
    )

    assert [hit.memory_id for hit in index.search(SCOPE, "running", 10)] == ["runs"]
    assert [hit.memory_id for hit in index.search(SCOPE, "Which deployment?", 10)] == ["deploys"]
    assert [hit.memory_id for hit in index.search(SCOPE, "bob", 10)] == ["deploys"]  # possessive 's


def test_stop_words_do_not_change_the_ranking(index: OpenSearchIndex) -> None:
    index.upsert(
        [
            item("deploy", "The deploy of the payment service goes through staging"),
            item("service", "The payment service is written in Go"),
            item("staging", "Staging is rebuilt every night"),
        ]
    )

    bare = index.search(SCOPE, "payment service staging", 10)
    padded = index.search(SCOPE, "is the payment service in the staging at this time", 10)
    only_stop_words = index.search(SCOPE, "is the this that", 10)

    assert [hit.memory_id for hit in bare] == ["deploy", "service", "staging"]
    assert [hit.memory_id for hit in padded] == ["deploy", "service", "staging"]
    assert [hit.score for hit in padded] == pytest.approx([hit.score for hit in bare])
    assert only_stop_words == []


def test_opensearch_knn_is_never_taken_as_exact(index: OpenSearchIndex) -> None:
    """Its k-NN walks an HNSW graph: enrichment keeps its lexical candidate search over it."""
    assert index.exact(SCOPE) is False


# ---------------------------------------------------------------------- one index a tenant


def test_another_tenants_writes_change_neither_bm25_scores_nor_ranking(index: OpenSearchIndex) -> None:
    # Given acme's memories, a few holding a rare word
    index.upsert(
        [
            item("a1", "The Zanzibar shipment leaves on Fridays"),
            item("a2", "Zanzibar customs need the signed manifest before the shipment"),
            item("a3", "The staging cluster runs in Frankfurt"),
            item("a4", "Invoices for the Zanzibar office go to finance"),
        ]
    )
    before = [(hit.memory_id, hit.score) for hit in index.search(SCOPE, "zanzibar shipment", 10)]
    # When another tenant stores 15 memories holding the word (its user named alice too), and others
    index.upsert(
        [item(f"g{i}", f"Zanzibar spice order {i} ships weekly", tenant="globex") for i in range(15)]
        + [item(f"h{i}", f"Warehouse note {i}: the shipment was counted", tenant="globex") for i in range(15)]
    )
    # Then acme's scores and ranking are the same (its statistics are its index's alone)
    assert len(before) == 3
    assert [(hit.memory_id, hit.score) for hit in index.search(SCOPE, "zanzibar shipment", 10)] == before
    assert len(index.search(SearchScope("globex", "alice"), "zanzibar", 20)) == 15


def test_a_shared_index_of_before_is_moved_out_a_tenant_at_a_time(fake: FakeOpenSearch, mode: Mode) -> None:
    # Given the one index every tenant shared before, holding two tenants' memories (more than a page)
    client = build_client(fake.url, mode=mode)
    old = OpenSearchIndex(client, INDEX, DIMS, mode=mode)
    client.indices.create(index=INDEX, body=old.mapping())
    lines: list[dict[str, Any]] = []
    for tenant, count in (("acme", 7), ("globex", 3)):
        for i in range(count):
            doc = old._document(item(f"{tenant}-{i}", f"{tenant} deploys on day {i}", tenant=tenant))
            lines += [{"index": {"_id": f"{tenant}-{i}"} if mode == "es" else {}}, doc]
    client.bulk(index=INDEX, body=lines, params={"refresh": "true"} if mode == "es" else {})
    if mode == "es":  # and another process has already written a newer version of one into acme's index
        client.indices.create(index=ACME, body=old.mapping())
        newer = old._document(item("acme-0", "acme deploys on day 0, moved to Mondays"))
        client.bulk(index=ACME, body=[{"index": {"_id": "acme-0"}}, newer], params={"refresh": "true"})
    monkey = OpenSearchIndex(client, INDEX, DIMS, mode=mode)
    # When engram (pages of 3 documents) first serves acme
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("engram.adapters.opensearch.index.MOVE_CHUNK", 3)
        hits = monkey.search(SCOPE, "deploys", 20)
    # Then acme's memories are found, in acme's own index, and left the shared one; globex's stay
    # there until globex is served, then move too
    assert sorted(hit.memory_id for hit in hits) == [f"acme-{i}" for i in range(7)]
    assert sorted(doc["memory_id"] for doc in fake.documents(ACME).values()) == [
        f"acme-{i}" for i in range(7)
    ]
    assert sorted(doc["tenant"] for doc in fake.documents(INDEX).values()) == ["globex"] * 3
    globex = monkey.search(SearchScope("globex", "alice"), "deploys", 20)
    assert sorted(hit.memory_id for hit in globex) == [f"globex-{i}" for i in range(3)]
    assert fake.documents(INDEX) == {}
    if mode == "es":  # the newer version was kept
        assert fake.documents(ACME)["acme-0"]["content"] == "acme deploys on day 0, moved to Mondays"
    # and the vectors came along
    assert set(monkey.get_vectors("acme", ["acme-0"])) == {"acme-0"}


def test_the_fake_pages_a_keyword_sort_with_search_after(fake: FakeOpenSearch, mode: Mode) -> None:
    # Given documents with keyword values, one without the field
    index = OpenSearchIndex(build_client(fake.url, mode=mode), INDEX, DIMS, mode=mode)
    index.upsert([item(m, "a note", project=p) for m, p in (("m1", "b"), ("m2", "a"), ("m3", "c"))])
    client = OpenSearch(fake.url)
    body: dict[str, Any] = {"size": 2, "sort": [{"project": "desc"}], "_source": ["memory_id"]}
    # When they are paged in descending order
    first = client.search(index=ACME, body=body)["hits"]["hits"]
    rest = client.search(index=ACME, body={**body, "search_after": first[-1]["sort"]})["hits"]["hits"]
    # Then each page follows the last, with null scores and the sort values, as OpenSearch answers
    assert [h["_source"]["memory_id"] for h in first + rest] == ["m3", "m1", "m2"]
    assert [h["sort"] for h in first] == [["c"], ["b"]] and first[0]["_score"] is None
    with pytest.raises(RequestError):
        client.search(index=ACME, body={"search_after": ["a"]})
