"""`EngramStore` against a real `engram serve` (MiniLM, the rules enricher): LangGraph's store cases,
written here because LangGraph does not ship its store tests, and a graph that remembers in one thread
and finds by meaning in another."""

from __future__ import annotations

import asyncio
import operator
import time
from typing import Annotated, Any, TypedDict

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from langgraph.store.base import GetOp, InvalidNamespaceError, ListNamespacesOp, PutOp, SearchOp

from engram.client import AsyncEngram, Engram
from engram.integrations.langgraph import EngramStore
from tests.e2e.conftest import Server, new_key

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("engram-langgraph")
    key = new_key(data_dir, "graphs")
    server = Server(data_dir)  # the embedded default: MiniLM embeddings, so recall finds by meaning
    yield server.url, key
    server.stop()


@pytest.fixture(scope="module")
def engram(server):
    url, key = server
    with Engram(url, key) as client:
        yield client


@pytest.fixture
def store(engram, request):
    """A store in a project of its own per test, so that listings see only what the test wrote."""
    return EngramStore(engram, project=request.node.name[:40].replace("[", "-").replace("]", ""))


def settled(engram: Engram, user_id: str, project: str, timeout_s: float = 120) -> None:
    """Wait until every memory of the user's project is enriched (embedded and indexed)."""
    deadline = time.monotonic() + timeout_s
    while True:
        states = [m.enrichment.state.value for m in engram.iter_memories(user_id, project=project)]
        if states and all(state in ("done", "failed") for state in states):
            return
        assert time.monotonic() < deadline, f"enrichment did not finish: {states}"
        time.sleep(0.2)


def test_put_get_update_delete(store: EngramStore) -> None:
    # Given an item
    ns = ("users", "ann", "prefs")
    store.put(ns, "theme", {"mode": "dark", "size": 14})
    first = store.get(ns, "theme")
    assert first is not None and first.value == {"mode": "dark", "size": 14}
    assert (first.namespace, first.key) == (ns, "theme")
    # When it is put again under the same key, it is updated in place (one item, same creation time)
    store.put(ns, "theme", {"mode": "light", "size": 14})
    second = store.get(ns, "theme")
    assert second is not None and second.value == {"mode": "light", "size": 14}
    assert second.created_at == first.created_at and second.updated_at >= first.updated_at
    assert len(store.search(ns)) == 1
    # And put with None (or delete) removes it
    store.delete(ns, "theme")
    assert store.get(ns, "theme") is None
    assert store.get(ns, "never-written") is None


def test_same_value_under_two_keys_and_two_namespaces_are_four_items(store: EngramStore) -> None:
    # engram deduplicates equal content in a scope: the store must still keep each key its own item
    for ns in [("team", "a"), ("team", "b")]:
        for key in ("k1", "k2"):
            store.put(ns, key, {"text": "The deploy window is Tuesday at noon"})
    found = store.search(("team",))
    assert sorted((i.namespace, i.key) for i in found) == [
        (("team", "a"), "k1"),
        (("team", "a"), "k2"),
        (("team", "b"), "k1"),
        (("team", "b"), "k2"),
    ]
    store.delete(("team", "a"), "k1")
    assert store.get(("team", "a"), "k2") is not None and store.get(("team", "a"), "k1") is None


def test_users_namespace_is_the_engram_user(store: EngramStore, engram: Engram) -> None:
    # ("users", <id>, ...) lands on that engram user, in the store's project; other namespaces on its user
    store.put(("users", "bea", "notes"), "n1", {"text": "Bea works on the billing service"})
    store.put(("docs",), "d1", {"text": "The runbook lives in the wiki"})
    bea = list(engram.iter_memories("bea", project=store.project))
    assert [m.namespace for m in bea] == ["ns.notes"] and bea[0].metadata["lg_ns"] == "users.bea.notes"
    default = list(engram.iter_memories("langgraph", project=store.project))
    assert [m.namespace for m in default] == ["ns.docs"]


def test_batch_answers_in_order(store: EngramStore) -> None:
    ns = ("batch",)
    results = store.batch(
        [
            PutOp(ns, "a", {"n": 1}),
            GetOp(ns, "a"),
            PutOp(ns, "b", {"n": 2}),
            SearchOp(ns, None, 10, 0),
            GetOp(ns, "missing"),
            ListNamespacesOp(None, None, 10, 0),
        ]
    )
    assert results[0] is None and results[2] is None
    assert results[1] is not None and results[1].value == {"n": 1}  # type: ignore[union-attr]
    assert sorted(i.key for i in results[3]) == ["a", "b"]  # type: ignore[union-attr]
    assert results[4] is None
    assert results[5] == [("batch",)]


def test_search_filters_limit_offset(store: EngramStore) -> None:
    ns = ("tasks",)
    for i in range(5):
        store.put(ns, f"t{i}", {"kind": "bug" if i % 2 else "feature", "rank": i, "meta": {"team": "x"}})
    store.put(("other",), "t9", {"kind": "bug", "rank": 9})
    bugs = store.search(ns, filter={"kind": "bug"})
    assert sorted(i.key for i in bugs) == ["t1", "t3"]
    assert sorted(i.key for i in store.search(ns, filter={"rank": {"$gte": 3}})) == ["t3", "t4"]
    assert sorted(i.key for i in store.search(ns, filter={"kind": {"$ne": "bug"}})) == ["t0", "t2", "t4"]
    assert len(store.search(ns, filter={"meta": {"team": "x"}})) == 5
    assert store.search(ns, filter={"meta": {"team": "y"}}) == []
    # limit and offset page through the same listing without overlap
    pages = [store.search(ns, limit=2, offset=o) for o in (0, 2, 4)]
    assert [len(p) for p in pages] == [2, 2, 1]
    assert len({i.key for p in pages for i in p}) == 5
    # the prefix is honoured: ("other",) is not under ("tasks",)
    assert {i.namespace for i in store.search(ns)} == {ns}


def test_string_filter_on_a_value_whose_strings_do_not_all_fit_metadata(store: EngramStore) -> None:
    # A string over 256 characters is not in the memory's metadata: the item is still found by its
    # other fields (the server lets it through, the store checks it)
    long = "x" * 300
    store.put(("wide",), "w", {"kind": "note", "body": long})
    found = store.search(("wide",), filter={"kind": "note"})
    assert [i.value["body"] for i in found] == [long]
    assert store.search(("wide",), filter={"body": long})[0].key == "w"


def test_list_namespaces(store: EngramStore) -> None:
    for ns in [("a", "b", "c"), ("a", "b", "d"), ("a", "e"), ("x", "b"), ("users", "cy", "mem")]:
        store.put(ns, "k", {"v": 1})
    assert store.list_namespaces() == [("a", "b", "c"), ("a", "b", "d"), ("a", "e"), ("x", "b")]
    assert store.list_namespaces(prefix=("a",)) == [("a", "b", "c"), ("a", "b", "d"), ("a", "e")]
    assert store.list_namespaces(suffix=("b",)) == [("x", "b")]
    assert store.list_namespaces(prefix=("a", "*", "d")) == [("a", "b", "d")]
    assert store.list_namespaces(prefix=("a",), max_depth=2) == [("a", "b"), ("a", "e")]
    assert store.list_namespaces(limit=2, offset=1) == [("a", "b", "d"), ("a", "e")]
    # a user's namespaces are listed when a prefix names the user
    assert store.list_namespaces(prefix=("users", "cy")) == [("users", "cy", "mem")]


def test_bad_input_is_a_clear_error(store: EngramStore) -> None:
    with pytest.raises(InvalidNamespaceError):
        store.put(("bad.label",), "k", {"v": 1})
    with pytest.raises(ValueError, match="at most 8000 characters"):
        store.put(("big",), "k", {"text": "y" * 9000})
    with pytest.raises(ValueError, match="must name the user"):
        store.search(("users",), query="anything")
    assert store.get(("big",), "k") is None  # nothing was written


def test_semantic_search_ranks_by_meaning(store: EngramStore, engram: Engram) -> None:
    ns = ("users", "dee", "memories")
    store.put(ns, "drink", {"text": "Dee's favourite drink is green tea"})
    store.put(ns, "pet", {"text": "Dee has a cat named Miso"})
    store.put(ns, "city", {"text": "Dee lives in Lisbon, Portugal"})
    settled(engram, "dee", store.project)
    best = store.search(("users", "dee"), query="which beverage does she like?", limit=1)
    assert [i.key for i in best] == ["drink"] and best[0].score is not None
    animals = store.search(("users", "dee"), query="animal companion at home", limit=1)
    assert [i.key for i in animals] == ["pet"]


def test_async_store(server) -> None:
    url, key = server

    async def scenario() -> None:
        async with AsyncEngram(url, key) as client:
            store = EngramStore(aclient=client, project="async-store")
            await store.aput(("users", "eve", "m"), "k", {"text": "Eve prefers trains to planes"})
            item = await store.aget(("users", "eve", "m"), "k")
            assert item is not None and item.value == {"text": "Eve prefers trains to planes"}
            found = await store.asearch(("users", "eve"))
            assert [i.key for i in found] == ["k"]
            assert await store.alist_namespaces(prefix=("users", "eve")) == [("users", "eve", "m")]
            await store.adelete(("users", "eve", "m"), "k")
            assert await store.aget(("users", "eve", "m"), "k") is None

    asyncio.run(scenario())


class Turn(TypedDict):
    said: str
    found: Annotated[list[str], operator.add]


def test_graph_remembers_in_one_thread_and_recalls_by_meaning_in_another(engram: Engram) -> None:
    """A scripted agent (no LLM): a node writes what the user said as a memory; in a later thread a
    node looks it up by meaning, through the store LangGraph hands it."""
    store = EngramStore(engram, project="graph")

    def remember(state: Turn, runtime: Runtime[Any]) -> dict[str, Any]:
        assert runtime.store is not None
        if state["said"].startswith("remember:"):
            fact = state["said"].removeprefix("remember:").strip()
            runtime.store.put(("users", "fay", "memories"), f"m{len(fact)}", {"text": fact})
        return {}

    def recall(state: Turn, runtime: Runtime[Any]) -> dict[str, Any]:
        assert runtime.store is not None
        if not state["said"].startswith("ask:"):
            return {}
        hits = runtime.store.search(("users", "fay"), query=state["said"].removeprefix("ask:"), limit=1)
        return {"found": [h.value["text"] for h in hits]}

    builder = StateGraph(Turn)
    builder.add_node("remember", remember)
    builder.add_node("recall", recall)
    builder.add_edge(START, "remember")
    builder.add_edge("remember", "recall")
    builder.add_edge("recall", END)
    graph = builder.compile(checkpointer=InMemorySaver(), store=store)

    graph.invoke(
        {"said": "remember: I am allergic to peanuts", "found": []}, {"configurable": {"thread_id": "1"}}
    )
    graph.invoke(
        {"said": "remember: My sister lives in Oslo", "found": []}, {"configurable": {"thread_id": "1"}}
    )
    settled(engram, "fay", "graph")
    out = graph.invoke(
        {"said": "ask: which foods must be avoided in her meals?", "found": []},
        {"configurable": {"thread_id": "2"}},
    )
    assert out["found"] == ["I am allergic to peanuts"]
