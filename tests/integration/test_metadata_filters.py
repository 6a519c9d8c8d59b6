"""Metadata filters, agent_id and run_id, executed inside each backend's query.

Property tests: for generated filters, a filtered list (SQLite, DynamoDB on moto) and each recall leg
(SQLite FTS5 and k-NN; OpenSearch BM25 and k-NN over the loopback fake) return exactly the memories
the Python predicate `engram.domain.filters.matches` selects, never one of another user or tenant.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engram.adapters.local.index import LocalIndex
from engram.adapters.opensearch.index import OpenSearchIndex, build_client
from engram.adapters.sqlite.db import SqliteDatabase
from engram.adapters.sqlite.store import SqliteMemoryStore
from engram.domain import filters
from engram.domain.errors import InvalidRequest
from engram.domain.models import Memory
from engram.ports import IndexedMemory, ListQuery, SearchFilters, SearchScope
from tests.fakes.opensearch_server import FakeOpenSearch
from tests.integration.store_backends import BACKENDS, make_store

TENANT, USER = "acme", "alice"
KEYS = ["topic", "priority", "done", "when"]
SCALARS: list[Any] = [
    "billing",
    "ops",
    "1",
    "",
    "2024-05-01",
    "2025-01-31",
    0,
    1,
    2,
    -3,
    1.5,
    2.0,
    True,
    False,
]
ODD: list[Any] = [None, [1, 2], {"nested": "billing"}]  # never comparable


def _metadata(i: int) -> dict[str, Any]:
    """A deterministic spread of metadata: every key missing, scalar of each type, or odd."""
    values = SCALARS + ODD
    out: dict[str, Any] = {}
    for j, key in enumerate(KEYS):
        pick = (i * (j + 3) + j * 7) % (len(values) + 2)
        if pick < len(values):
            out[key] = values[pick]
    return out


def _memory(i: int, *, tenant: str = TENANT, user_id: str = USER) -> Memory:
    content = f"note {i} about the offsite for {user_id}"
    return Memory(
        id=f"01J{tenant[:2].upper()}{user_id[:2].upper()}{i:020d}",
        tenant=tenant,
        user_id=user_id,
        content=content,
        content_hash=hashlib.sha256(content.encode()).hexdigest(),
        metadata=_metadata(i),
        agent_id=["planner", "coder", None][i % 3],
        run_id=f"run-{i % 4}",
    )


MINE = [_memory(i) for i in range(40)]
THEIRS = [_memory(i, user_id="bob") for i in range(10)] + [_memory(i, tenant="other") for i in range(10)]


def expected(f: filters.Filter | None, *, agent_id: str | None = None, run_id: str | None = None) -> set[str]:
    return {
        m.id
        for m in MINE
        if filters.matches(m.metadata, f)
        and (agent_id is None or m.agent_id == agent_id)
        and (run_id is None or m.run_id == run_id)
    }


# --------------------------------------------------------------------------- generated filters

scalar = st.sampled_from(SCALARS)
comparison = st.one_of(
    st.builds(lambda k, v: {k: v}, st.sampled_from(KEYS), scalar),
    st.builds(
        lambda k, op, v: {k: {op: v}},
        st.sampled_from(KEYS),
        st.sampled_from(["eq", "ne", "gt", "gte", "lt", "lte"]),
        scalar,
    ).filter(
        lambda f: (
            not (
                next(iter(next(iter(f.values())))) in ("gt", "gte", "lt", "lte")
                and isinstance(next(iter(next(iter(f.values())).values())), bool)
            )
        )
    ),
    st.builds(
        lambda k, op, vs: {k: {op: vs}},
        st.sampled_from(KEYS),
        st.sampled_from(["in", "nin"]),
        st.lists(scalar, min_size=1, max_size=4),
    ),
)
FILTERS = st.recursive(
    comparison,
    lambda inner: st.one_of(
        st.builds(
            lambda op, fs: {op: fs},
            st.sampled_from(["AND", "OR", "NOT"]),
            st.lists(inner, min_size=1, max_size=3),
        ),
        st.builds(lambda a, b: {**a, **b}, inner, comparison),  # entries of one object: an implicit AND
    ),
    max_leaves=6,
)
PROPERTY = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def test_the_predicate_means_what_the_grammar_says() -> None:
    memory = {"n": 1, "s": "1", "b": True, "when": "2024-05-01", "odd": [1], "nothing": None}

    def holds(data: dict[str, Any]) -> bool:
        return filters.matches(memory, filters.parse(data))

    assert holds({"n": 1}) and holds({"n": 1.0}) and not holds({"n": True}) and not holds({"n": "1"})
    assert holds({"s": "1"}) and not holds({"s": 1}) and holds({"b": True}) and not holds({"b": 1})
    assert holds({"when": {"gte": "2024-01-01", "lt": "2024-06"}}) and not holds({"when": {"gt": 5}})
    assert holds({"missing": {"ne": 1}}) and holds({"missing": {"nin": [1]}}) and not holds({"missing": 1})
    assert not holds({"odd": 1}) and not holds({"nothing": {"gte": 0}}) and holds({"odd": {"ne": 1}})
    assert holds({"OR": [{"n": 2}, {"s": "1"}]}) and not holds({"NOT": [{"n": 2}, {"s": "1"}]})
    assert holds({"n": {"in": [3, 1]}, "b": True}) and not holds({"n": {"in": [3, 1]}, "b": False})
    assert holds({}) and filters.parse({}) is None


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ([1], "metadata"),
        ({"AND": {}}, "metadata.AND"),
        ({"AND": []}, "metadata.AND"),
        ({"OR": [{"a": 1}, "x"]}, "metadata.OR.1"),
        ({"a": {"like": 1}}, "metadata.a.like"),
        ({"a": {}}, "metadata.a"),
        ({"a": [1, 2]}, "metadata.a"),
        ({"a": None}, "metadata.a"),
        ({"a": {"gt": True}}, "metadata.a.gt"),
        ({"a": {"in": []}}, "metadata.a.in"),
        ({"a": {"in": [1, {"x": 1}]}}, "metadata.a.in.1"),
        ({"a": {"eq": 2**60}}, "metadata.a.eq"),
        ({"a": "x" * 300}, "metadata.a"),
        ({'a"b': 1}, 'metadata.a"b'),
        ({"and": [{"a": 1}]}, "metadata.and"),
        (
            {"AND": [{"AND": [{"AND": [{"AND": [{"AND": [{"a": 1}]}]}]}]}]},
            "metadata.AND.0.AND.0.AND.0.AND.0.AND",
        ),
        ({"OR": [{f"k{i}": i} for i in range(21)]}, "metadata.OR"),
    ],
)
def test_a_bad_filter_names_the_path_of_its_fault(data: Any, path: str) -> None:
    with pytest.raises(InvalidRequest) as caught:
        filters.parse(data)
    assert caught.value.detail["field"] == path


# --------------------------------------------------------------------------- list, on both stores


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path) -> Iterator[Any]:
    with make_store(request.param, tmp_path) as store:
        for memory in MINE + THEIRS:
            store.insert_or_dedup(memory)
        yield store


def _listed(store: Any, **query: Any) -> set[str]:
    page = store.list(ListQuery(TENANT, USER, limit=200, **query))
    assert page.cursor is None
    assert all(m.tenant == TENANT and m.user_id == USER for m in page.items)
    return {m.id for m in page.items}


@PROPERTY
@given(data=FILTERS)
def test_a_filtered_list_is_exactly_what_the_predicate_selects(store: Any, data: dict[str, Any]) -> None:
    f = filters.parse(data)
    assert _listed(store, metadata=f) == expected(f)


def test_list_by_agent_and_run_on_both_stores(store: Any) -> None:
    assert _listed(store, agent_id="planner") == expected(None, agent_id="planner") != set()
    assert _listed(store, agent_id="coder", run_id="run-1") == expected(
        None, agent_id="coder", run_id="run-1"
    )
    f = filters.parse({"topic": "billing"})
    assert _listed(store, run_id="run-2", metadata=f) == expected(f, run_id="run-2")


def test_a_filtered_list_pages_through_every_match(store: Any) -> None:
    f = filters.parse({"NOT": [{"topic": "ops"}]})
    seen: list[str] = []
    cursor = None
    while True:
        page = store.list(ListQuery(TENANT, USER, limit=3, cursor=cursor, metadata=f))
        seen += [m.id for m in page.items]
        if not (cursor := page.cursor):
            break
    assert len(seen) == len(set(seen)) and set(seen) == expected(f)


# --------------------------------------------------------------------------- recall legs


def _vector(i: int) -> list[float]:
    return [1.0, (i % 7) / 10, (i % 5) / 10, 0.5]


@pytest.fixture
def local_legs(tmp_path) -> LocalIndex:
    db = SqliteDatabase(tmp_path / "legs.sqlite3")
    store = SqliteMemoryStore(db)
    index = LocalIndex(db)
    for memory in MINE + THEIRS:
        store.insert_or_dedup(memory)
    index.upsert([IndexedMemory(m, _vector(i)) for i, m in enumerate(MINE + THEIRS)])
    return index


@pytest.fixture(scope="module")
def opensearch() -> Iterator[OpenSearchIndex]:
    with FakeOpenSearch() as fake:
        index = OpenSearchIndex(build_client(fake.url, mode="es"), "engram-filters", 4, mode="es")
        index.upsert([IndexedMemory(m, _vector(i)) for i, m in enumerate(MINE + THEIRS)])
        yield index


def _legs(index: Any, f: filters.Filter | None, **scoped: Any) -> tuple[set[str], set[str]]:
    scope = SearchScope(TENANT, USER, filters=SearchFilters(metadata=f, **scoped))
    lexical = {h.memory_id for h in index.search(scope, "offsite note", 100)}
    vector = {h.memory_id for h in index.knn(scope, [1.0, 0.2, 0.1, 0.5], 100)}
    return lexical, vector


@PROPERTY
@given(data=FILTERS)
def test_both_local_legs_filter_inside_the_query(local_legs: LocalIndex, data: dict[str, Any]) -> None:
    f = filters.parse(data)
    assert _legs(local_legs, f) == (expected(f), expected(f))


@PROPERTY
@given(data=FILTERS)
def test_both_opensearch_legs_filter_inside_the_query(
    opensearch: OpenSearchIndex, data: dict[str, Any]
) -> None:
    f = filters.parse(data)
    assert _legs(opensearch, f) == (expected(f), expected(f))


@pytest.mark.parametrize("legs", ["local", "opensearch"])
def test_legs_filter_by_agent_and_run(legs: str, request: pytest.FixtureRequest) -> None:
    index = request.getfixturevalue("local_legs" if legs == "local" else "opensearch")
    want = expected(None, agent_id="planner", run_id="run-2")
    assert want and _legs(index, None, agent_id="planner", run_id="run-2") == (want, want)


def test_opensearch_receives_the_filter_in_the_knn_clause(opensearch: OpenSearchIndex) -> None:
    from engram.adapters.opensearch.index import scope_filter

    f = filters.parse({"priority": {"gte": 1}})
    clause = scope_filter(SearchScope(TENANT, USER, filters=SearchFilters(metadata=f, agent_id="coder")))
    assert {"term": {"agent_id": "coder"}} in clause["bool"]["filter"]
    assert any("range" in c and "meta" in c["range"] for c in clause["bool"]["filter"])


# --------------------------------------------------------------------------- over HTTP


def test_search_and_list_filter_over_http(call) -> None:
    ids = {}
    for topic, priority, agent in (("billing", 1, "planner"), ("billing", 3, "coder"), ("ops", 5, "planner")):
        status, body = call(
            "POST",
            "/v1/memories",
            {
                "content": f"The {topic} review has priority {priority} this quarter",
                "user_id": USER,
                "metadata": {"topic": topic, "priority": priority},
                "agent_id": agent,
                "run_id": "run-1",
            },
        )
        assert status == 201, body
        ids[(topic, priority)] = body["id"]
    where = {"topic": "billing", "priority": {"gt": 1}}
    status, found = call(
        "POST",
        "/v1/memories/search",
        {"query": "review priority", "user_id": USER, "filters": {"metadata": where}},
    )
    assert status == 200 and [r["memory"]["id"] for r in found["results"]] == [ids[("billing", 3)]]
    status, found = call(
        "POST", "/v1/memories/search", {"query": "review", "user_id": USER, "agent_id": "planner"}
    )
    assert {r["memory"]["id"] for r in found["results"]} == {ids[("billing", 1)], ids[("ops", 5)]}

    query = {
        "user_id": USER,
        "metadata_filter": '{"OR": [{"topic": "ops"}, {"priority": 1}]}',
        "agent_id": "planner",
    }
    status, page = call("GET", "/v1/memories", query=query)
    assert status == 200 and {m["id"] for m in page["items"]} == {ids[("billing", 1)], ids[("ops", 5)]}
    status, page = call("GET", "/v1/memories", query={"user_id": USER, "run_id": "run-2"})
    assert status == 200 and page["items"] == []
    assert {m["agent_id"] for m in call("GET", "/v1/memories", query={"user_id": USER})[1]["items"]} == {
        "planner",
        "coder",
    }


@pytest.mark.parametrize(
    ("method", "path", "body", "query", "where"),
    [
        (
            "POST",
            "/v1/memories/search",
            {"query": "x", "user_id": USER, "filters": {"metadata": {"a": {"bad": 1}}}},
            None,
            "body.filters.metadata.a.bad",
        ),
        (
            "POST",
            "/v1/memories/search",
            {"query": "x", "user_id": USER, "filters": {"metadata": {"OR": []}}},
            None,
            "body.filters.metadata.OR",
        ),
        (
            "POST",
            "/v1/memories/search",
            {"query": "x", "user_id": USER, "filters": {"metadata": []}},
            None,
            "body.filters.metadata",
        ),
        (
            "GET",
            "/v1/memories",
            None,
            {"user_id": USER, "metadata_filter": "{not json"},
            "query.metadata_filter",
        ),
        (
            "GET",
            "/v1/memories",
            None,
            {"user_id": USER, "metadata_filter": "[" * 3000},
            "query.metadata_filter",
        ),
        (
            "GET",
            "/v1/memories",
            None,
            {"user_id": USER, "metadata_filter": '{"a": {"gt": true}}'},
            "query.metadata_filter.a.gt",
        ),
        ("GET", "/v1/memories", None, {"user_id": USER, "agent_id": ""}, "query.agent_id"),
    ],
)
def test_a_bad_filter_is_a_422_naming_its_path(call, method, path, body, query, where) -> None:
    status, answer = call(method, path, body, query=query)
    assert status == 422, answer
    assert where in [d["path"] for d in answer["details"]], answer
