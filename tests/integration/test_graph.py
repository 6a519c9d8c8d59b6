"""The knowledge graph on both deployments: linked at write time, relinked after enrichment, unlinked
when a memory is superseded or forgotten, expanded one hop at recall, and read through the API.

The embedded default (SQLite) and AWS (DynamoDB + SQS under moto, OpenSearch over the loopback fake),
wired as `runtime.container.local()` / `aws()` wire them.
"""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

from engram.domain.graph import USER
from engram.domain.models import Status
from engram.runtime.container import local
from engram.settings import Settings
from engram.usecases.recall import RecallQuery
from engram.usecases.remember import RememberCommand
from tests.integration.deployments import SCOPE, TENANT, USER_ID, World


def test_entities_and_relations_are_queryable_as_soon_as_the_memory_is_stored(world: World) -> None:
    # When a memory naming a relation is remembered, before any enrichment runs
    memory = world.remember("Jonas's manager is Sabine Hartl, she runs the payments group.", enrich=False)

    # Then both people are entities of the user's graph, linked by the relation and to the memory
    jonas, sabine = world.entity("Jonas"), world.entity("Sabine Hartl")
    assert jonas is not None and sabine is not None
    assert jonas.mentions == 1 and sabine.type == "person"
    assert world.relations("Jonas") == [("jonas", "manager", "sabine hartl")]
    assert world.c.graph is not None
    assert world.c.graph.memories_of(SCOPE, [sabine.id], 10) == {sabine.id: [memory.id]}


def test_linking_twice_counts_once(world: World) -> None:
    # Given a memory linked inline at write time, then again by enrichment (and a redelivery)
    memory = world.remember("Priya is allergic to tree nuts.")
    assert world.c.link_memory is not None
    world.c.link_memory(memory, memory.entities)

    # Then each entity and relation counts that memory once
    priya = world.entity("Priya")
    assert priya is not None and priya.mentions == 1
    assert world.c.graph is not None
    [relation] = world.c.graph.relations(SCOPE, [priya.id])
    assert (
        relation.predicate == "allergic_to" and relation.mentions == 1 and relation.memory_ids == [memory.id]
    )


def test_a_question_through_a_relation_reaches_the_fact_one_hop_away(world: World) -> None:
    # Given a linking fact, the fact that answers, and distractors about the first person
    link = world.remember("Jonas's manager is Sabine Hartl, she runs the payments platform group.")
    world.remember("Jonas has a cat allergy, keep Pimenta away from him when he visits.")
    answer = world.remember("Sabine is allergic to tree nuts, so no walnut cake at the offsite.")
    world.remember("Aiko is finalising the offsite menu.")

    # When the user asks about the manager
    results = world.c.recall(
        RecallQuery(tenant=TENANT, user_id=USER_ID, query="What is Jonas's manager allergic to?")
    )

    # Then the answer is first, boosted by the graph; the linking fact is damped as the hop, not dropped
    by_id = {r.memory.id: r for r in results}
    assert results[0].memory.id == answer.id
    assert by_id[answer.id].components.graph > 0
    assert by_id[link.id].components.hop < 1 and by_id[link.id].components.graph == 0

    # And with the graph switched off for the request, the answer gets no boost
    plain = world.c.recall(
        RecallQuery(
            tenant=TENANT,
            user_id=USER_ID,
            query="What is Jonas's manager allergic to?",
            weights={"graph_boost": 0},
        )
    )
    assert all(r.components.graph == 0 and r.components.hop == 1 for r in plain)


def test_a_superseded_relation_no_longer_links(world: World) -> None:
    # Given Dana's manager was Priya, and later became Lee
    old = world.remember("Dana's manager is Priya.")
    world.clock.advance(days=30)
    new = world.remember("Dana's manager is Lee.", observed_at=world.clock.now())

    # Then the old memory is superseded and only the new relation links Dana
    assert world.c.store.get(TENANT, old.id).status == Status.superseded  # type: ignore[union-attr]
    assert world.c.store.get(TENANT, new.id).status == Status.active  # type: ignore[union-attr]
    assert world.relations("Dana") == [("dana", "manager", "lee")]


def test_forgetting_a_memory_unlinks_it(world: World) -> None:
    memory = world.remember("Omar works at Initech.")
    assert world.relations("Omar") == [("omar", "works_at", "initech")]
    world.c.forget(TENANT, memory.id)
    omar = world.entity("Omar")
    assert omar is not None and omar.mentions == 0
    assert world.relations("Omar") == []


def test_first_person_memories_link_the_user(world: World) -> None:
    world.remember("My manager is Teresa Lobo.")
    assert world.relations(USER) == [(USER, "manager", "teresa lobo")]


def test_redaction_placeholders_are_never_entities(world: World) -> None:
    # Given a memory whose secret was redacted (its kind appears in the placeholder)
    memory = world.remember("The staging AWS key for Initech is AKIAIOSFODNN7EXAMPLE")
    assert "[REDACTED:aws_access_key]" in memory.content

    # Then neither the enricher nor the graph treats the placeholder as a name
    assert world.c.graph is not None
    names = {e.canonical for e in world.c.graph.entity_page(SCOPE, 200).items}
    assert "initech" in names
    assert not {n for n in names if "redacted" in n or "aws_access_key" in n}
    assert not [e for e in memory.entities if "REDACTED" in e.upper() or "aws_access_key" in e]


def test_the_api_lists_entities_per_user_and_tenant(world: World) -> None:
    world.remember("Jonas's manager is Sabine Hartl.")
    world.remember("Kim works at Globex.", user_id="someone-else")

    status, page = world.call("GET", "/v1/entities", query={"user_id": USER_ID})
    assert status == 200
    assert {e["canonical"] for e in page["items"]} == {"jonas", "sabine hartl"}

    status, detail = world.call("GET", "/v1/entities/Jonas", query={"user_id": USER_ID})
    assert status == 200 and detail["entity"]["name"] == "Jonas"
    [relation] = detail["relations"]
    assert relation["predicate"] == "manager" and relation["direction"] == "out"
    assert relation["other"]["canonical"] == "sabine hartl" and len(detail["memory_ids"]) == 1

    by_id = detail["entity"]["id"]
    assert world.call("GET", f"/v1/entities/{by_id}", query={"user_id": USER_ID})[0] == 200
    # Another user of the tenant, and another tenant, see none of it
    assert world.call("GET", f"/v1/entities/{by_id}", query={"user_id": "someone-else"})[0] == 404
    assert world.call("GET", f"/v1/entities/{by_id}", query={"user_id": USER_ID}, tenant="globex")[0] == 404
    status, other = world.call("GET", "/v1/entities", query={"user_id": USER_ID}, tenant="globex")
    assert status == 200 and other["items"] == []


def test_entities_page_with_a_cursor(world: World) -> None:
    for i, name in enumerate(["Ana", "Bruno", "Carla", "Diego", "Elena"]):
        world.remember(f"{name} lives in Lisbon since {2015 + i}.", enrich=False)
    seen: list[str] = []
    cursor = None
    while True:
        query = {"user_id": USER_ID, "limit": "2", **({"cursor": cursor} if cursor else {})}
        status, page = world.call("GET", "/v1/entities", query=query)
        assert status == 200 and len(page["items"]) <= 2
        seen += [e["canonical"] for e in page["items"]]
        cursor = page["cursor"]
        if not cursor:
            break
    assert sorted(seen) == sorted({"ana", "bruno", "carla", "diego", "elena", "lisbon"})
    assert len(seen) == len(set(seen))


def test_out_of_order_import_does_not_relink_the_older_fact(world: World) -> None:
    # Given the newer fact first, then an older one imported later
    now = world.clock.now()
    world.remember("Dana's manager is Lee.", observed_at=now)
    older = world.remember("Dana's manager is Priya.", observed_at=now - timedelta(days=90))

    # Then the older one arrives superseded and links nothing
    assert older.status == Status.superseded
    assert world.relations("Dana") == [("dana", "manager", "lee")]


def test_a_slow_graph_costs_the_boost_never_the_recall(tmp_path) -> None:
    settings = Settings(
        data_dir=tmp_path / "data", embedder={"provider": "hashing"}, ranking={"graph_deadline_ms": 20}
    )
    c = local(settings)
    assert c.graph is not None
    for content in ("Jonas's manager is Sabine.", "Sabine is allergic to tree nuts."):
        c.remember(RememberCommand(tenant=TENANT, user_id=USER_ID, content=content))
    release = threading.Event()
    slow = c.graph.relations

    def stuck(*args: Any) -> Any:
        release.wait(5)
        return slow(*args)

    c.graph.relations = stuck  # type: ignore[method-assign]
    try:
        results = c.recall(
            RecallQuery(tenant=TENANT, user_id=USER_ID, query="What is Jonas's manager allergic to?")
        )
    finally:
        release.set()
    assert len(results) == 2 and all(r.components.graph == 0 for r in results)
