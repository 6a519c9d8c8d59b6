"""What the user said last wins (issue 28), through the real pipeline on the embedded default: SQLite,
the rules enricher and extractor, the MiniLM embedder (the `make run` default). A newer statement of a
change ranks above what it changes, superseded at write time or preceding it at recall; distinct facts
about one subject keep their order; a correction said in a later session supersedes, and what the
assistant reports having done is an assistant_derived fact."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta

import pytest

from engram.api.app import EngramApi
from engram.domain.models import Provenance, Status
from engram.ports import ListQuery
from engram.runtime.container import Container, local
from engram.runtime.worker import drain
from engram.settings import Settings
from engram.usecases.recall import Recalled, RecallQuery
from engram.usecases.remember import RememberCommand
from tests.conftest import FakeClock, api_event

TENANT = "acme"


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Container, FakeClock]]:
    clock = FakeClock()
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("said-last") / "data", embedder={"provider": "minilm"}
    )
    yield local(settings, clock=clock), clock


def remember(world: tuple[Container, FakeClock], user: str, *contents: str) -> list[str]:
    """Each content said a day after the one before it; enrichment runs to completion."""
    c, clock = world
    ids = []
    for content in contents:
        clock.advance(minutes=24 * 60)
        result = c.remember(RememberCommand(tenant=TENANT, user_id=user, content=content))
        assert result.memory is not None, result
        ids.append(result.memory.id)
    drain(c)
    return ids


def recall(world: tuple[Container, FakeClock], user: str, query: str) -> list[Recalled]:
    return world[0].recall(RecallQuery(tenant=TENANT, user_id=user, query=query, top_k=5))


EXAMPLES = [
    (
        "ops",
        "The staging database runs MySQL 8.",
        "We migrated staging from MySQL to MariaDB 11 last week.",
        "which MySQL version does the staging database run?",
    ),
    (
        "friends",
        "Henrik loves sushi, especially salmon nigiri.",
        "Henrik doesn't eat fish anymore since he went vegan.",
        "what kind of sushi does Henrik love?",
    ),
    (
        "rider",
        "I ride a red Vespa to work.",
        "I sold the Vespa and commute by e-bike now.",
        "how do I ride to work?",
    ),
    (
        "tickets",
        "Our tickets live in Jira.",
        "We moved every ticket from Jira to Linear.",
        "where do our tickets live?",
    ),
    (
        "alice",
        "I prefer dark roast coffee, no sugar.",
        "Actually, Alice no longer drinks coffee; she switched to green tea.",
        "how does alice take her coffee?",
    ),
]
BACKGROUND = [
    "The office is a ten minute walk from the station.",
    "Alice works at Initech as a data engineer.",
    "The team meets on Thursdays for planning.",
]


@pytest.mark.parametrize(("user", "old", "new", "query"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_the_newer_statement_of_a_change_ranks_first(
    world, user: str, old: str, new: str, query: str
) -> None:
    # Given an older statement, some background, and a newer statement that changes it
    old_id, *_, new_id = remember(world, user, old, *BACKGROUND, new)

    # When the user asks in the older statement's own words
    results = recall(world, user, query)

    # Then the newer one comes first; the older is superseded, or still there with the newer preceding it
    assert results[0].memory.id == new_id, [r.memory.content for r in results]
    older = world[0].store.get(TENANT, old_id)
    assert older is not None
    if older.status == Status.active:
        assert old_id in results[0].components.precedes
        assert old_id in [r.memory.id for r in results]  # ordered, never dropped
    else:
        assert older.status == Status.superseded and older.superseded_by == new_id
        assert old_id in results[0].components.precedes  # it ranks where the older one would have


def test_a_memory_superseded_at_write_time_lifts_its_successor_to_its_rank(world) -> None:
    c, clock = world
    # Given a statement the query matches well, superseded at write time by one it matches poorly
    old_id, *_, new_id = remember(
        world,
        "kim",
        "I ride a red Vespa to work.",
        *BACKGROUND,
        "I sold the Vespa and commute by e-bike now.",
    )
    assert c.store.get(TENANT, old_id).superseded_by == new_id  # type: ignore[union-attr]
    query = "how do I ride to work?"

    # When recalled, the successor stands where the superseded memory would have ranked
    results = recall(world, "kim", query)
    assert results[0].memory.id == new_id and results[0].components.precedes == (old_id,)
    assert old_id not in [r.memory.id for r in results]

    # And asked for superseded memories too, the older one is listed, ranked far below
    asked = c.recall(RecallQuery(tenant=TENANT, user_id="kim", query=query, top_k=5, include_superseded=True))
    ids = [r.memory.id for r in asked]
    assert old_id in ids and ids.index(new_id) < ids.index(old_id)

    # Without the stand-in, the successor is scored on its own words alone: lower, preceding nothing
    off = c.settings.ranking.model_copy(update={"successors_stand_in": False})
    plain = local(c.settings.model_copy(update={"ranking": off}), clock=clock)
    alone = {
        r.memory.id: r for r in plain.recall(RecallQuery(tenant=TENANT, user_id="kim", query=query, top_k=5))
    }
    assert alone[new_id].score < results[0].score and alone[new_id].components.precedes == ()


def test_distinct_facts_about_one_subject_keep_their_order(world) -> None:
    # Given Sam's diet, and later Sam's move
    diet, move = remember(
        world, "sam-friend", "Sam is vegetarian and cooks a lot.", "Sam moved to Berlin in March."
    )

    # When asked about Sam's food, or about Sam at all
    for query in ("what does Sam eat?", "tell me about Sam"):
        results = recall(world, "sam-friend", query)
        by_id = {r.memory.id: r for r in results}

        # Then the move takes precedence over nothing: it does not demote the diet
        assert diet not in by_id[move].components.precedes
    assert recall(world, "sam-friend", "what does Sam eat?")[0].memory.id == diet
    assert world[0].store.get(TENANT, diet).status == Status.active  # type: ignore[union-attr]


def say(world: tuple[Container, FakeClock], session: str, *messages: tuple[str, str]) -> None:
    c, clock = world
    clock.advance(minutes=24 * 60)
    body = {
        "user_id": "maya",
        "messages": [{"role": r, "content": t, "created_at": clock.now().isoformat()} for r, t in messages],
    }
    event = api_event("POST", f"/v1/sessions/{session}/messages", body, tenant=TENANT)
    response = EngramApi(c).handle(event, None)
    assert response["statusCode"] == 202, json.loads(response["body"])
    drain(c)


def test_a_flight_moved_in_a_later_session_wins_and_the_assistants_booking_is_a_fact(world) -> None:
    c, clock = world
    # Given a flight date said in one session, and the assistant booking a table
    say(
        world,
        "trip-1",
        ("user", "My flight to Lisbon is on March 10 and my sister Ana picks me up at the airport."),
        ("user", "Can you book a table for two at Nopa on Friday at 7pm?"),
        ("assistant", "Done! I booked a table for two at Nopa on Friday at 7pm under your name."),
    )
    clock.advance(minutes=3 * 24 * 60)
    # When a later session moves the flight
    say(world, "trip-2", ("user", "Change of plans: my flight to Lisbon moved to March 14."))

    # Then the new date comes first for the flight
    results = recall(world, "maya", "when is my flight to Lisbon?")
    assert "March 14" in results[0].memory.content, [r.memory.content for r in results]
    memories = c.store.list(ListQuery(TENANT, "maya", None, None, None, 100)).items
    old = [m for m in memories if "March 10" in m.content]
    assert old and all(
        m.status == Status.superseded or m.id in results[0].components.precedes for m in old
    ), [(m.status, m.content) for m in old]

    # And the assistant's booking is a fact of its own, derived from what the assistant said
    booked = [m for m in memories if "booked a table" in m.content]
    assert len(booked) == 1 and booked[0].provenance == Provenance.assistant_derived, booked
    found = recall(world, "maya", "do I have a dinner reservation at Nopa?")
    assert found[0].memory.id == booked[0].id
    assert found[0].memory.observed_at > clock.now() - timedelta(days=30)
