"""Ranking that a user of a long-lived memory relies on, on both deployments: the subject is not the
topic, specific beats vague, a rule answers a question about acting.

Each test runs on the embedded default (SQLite) and on AWS (DynamoDB + SQS under moto, OpenSearch over
the loopback fake), with the hashing embedder (so what decides is the ranking, not a model).
"""

from __future__ import annotations

import pytest

from engram.domain.models import MemoryType
from engram.usecases.recall import RecallQuery
from tests.integration.deployments import TENANT, World


def top(world: World, query: str, user_id: str, **weights: float) -> list[str]:
    results = world.c.recall(RecallQuery(tenant=TENANT, user_id=user_id, query=query, weights=weights))
    return [r.memory.content for r in results]


def test_the_users_own_name_does_not_decide_the_ranking(world: World) -> None:
    # Given alice's memories, most of them naming her, one about coffee that does not
    for content in (
        "Alice is allergic to peanuts.",
        "Alice works at Initech as a data engineer.",
        "Alice's sister lives in Porto.",
        "I prefer dark roast coffee, no sugar.",
    ):
        world.remember(content, user_id="alice")

    # When alice asks about coffee by her own name
    ranked = top(world, "what roast of coffee does alice like?", "alice")

    # Then the coffee memory comes first, not the ones that merely share her name
    assert ranked[0] == "I prefer dark roast coffee, no sugar."


def test_a_term_most_memories_share_does_not_decide_the_ranking(world: World) -> None:
    # Given a scope where nearly every memory names Priya, and one answers the question
    contents = [
        "Priya reports to Tobias, the head of data science.",
        "Priya mentioned work has been busy lately.",
        "Priya plays the sitar and takes lessons every other weekend.",
        "Priya's cousin is getting married in Jaipur in December, so she flies to India for two weeks.",
        "Priya likes her coffee strong.",
    ]
    for content in contents:
        world.remember(content, user_id="maya")

    # (hub_term_share is off by default: it costs LoCoMo's multi-hop questions; see settings.py)
    ranked = top(
        world, "why is Priya travelling to India at the end of the year?", "maya", hub_term_share=0.8
    )
    assert ranked[0] == contents[3]


def test_the_specific_fact_beats_chatter_on_the_same_topic(world: World) -> None:
    plan = world.remember("The launch rolls out to 5% of users on June 3, then 50% on June 10.", user_id="u")
    for content in (
        "User mentioned the launch again.",
        "We talked about the launch for a bit.",
        "The launch came up again in standup.",
    ):
        world.remember(content, user_id="u")

    results = world.c.recall(RecallQuery(tenant=TENANT, user_id="u", query="how does the launch roll out?"))
    assert results[0].memory.id == plan.id
    assert results[0].components.specificity > 1
    assert all(r.components.specificity < 1 for r in results[1:])


def test_a_rule_answers_a_question_about_acting(world: World) -> None:
    # Given a rule and topical chatter about the same service
    rule = world.remember(
        "Never deploy card-auth on Fridays; the on-call team is thin at weekends.", user_id="u"
    )
    for content in (
        "The last card-auth deploy went smoothly.",
        "Card-auth deploys take about 40 minutes end to end.",
        "I'm planning to ship the 3DS changes to card-auth this week.",
    ):
        world.remember(content, user_id="u")
    assert rule.memory_type == MemoryType.constraint

    # When the user asks whether they can act
    asked = "I want to deploy card-auth on Friday afternoon, is that ok?"
    boosted = world.c.recall(RecallQuery(tenant=TENANT, user_id="u", query=asked))
    plain = world.c.recall(
        RecallQuery(
            tenant=TENANT,
            user_id="u",
            query=asked,
            weights={"resolution_boost_on_action": 1.0, "resolution_boost": 1.0},
        )
    )

    # Then the resolution boost (shown in explain) lifts the rule, and only the rule
    score = {r.memory.id: r for r in boosted}
    assert score[rule.id].components.specificity == pytest.approx(1.5)
    assert score[rule.id].score == pytest.approx(1.5 * next(r.score for r in plain if r.memory.id == rule.id))
    assert all(r.components.specificity <= 1.05 for r in boosted if r.memory.id != rule.id)

    # And with BM25 scaled by the best match (a weaker lexical match keeps its share instead of
    # dropping to 0 in a small scope), the rule comes first
    scaled = world.c.recall(
        RecallQuery(tenant=TENANT, user_id="u", query=asked, weights={"lexical_scale": "max"})  # type: ignore[dict-item]
    )
    assert scaled[0].memory.id == rule.id


def test_a_memory_naming_only_hub_entities_is_damped(world: World) -> None:
    # Given a scope about Priya at Initech: both are named by most memories (hubs at 3 mentions)
    hub_only = world.remember("Priya said Initech keeps her busy.", user_id="maya")
    for content in (
        "Priya joined Initech in 2019.",
        "Priya leads the Initech payments team.",
        "Priya's cousin lives in Jaipur.",
    ):
        world.remember(content, user_id="maya")
    specific = world.remember("Priya moved the Initech offsite to Lisbon.", user_id="maya")
    assert hub_only.entities and {e.lower() for e in hub_only.entities} <= {"priya", "initech"}

    # When maya asks about Priya with hubs at three mentions
    query = "what did Priya say about Initech?"
    damped = world.c.recall(
        RecallQuery(tenant=TENANT, user_id="maya", query=query, weights={"hub_entity_mentions": 3})
    )
    plain = world.c.recall(
        RecallQuery(
            tenant=TENANT,
            user_id="maya",
            query=query,
            weights={"hub_entity_mentions": 3, "hub_entity_multiplier": 1.0},
        )
    )

    # Then the memory that names only hubs is damped by the multiplier (shown in explain); one that
    # names something else (Lisbon, Jaipur) is not
    by_id = {r.memory.id: r for r in damped}
    assert by_id[hub_only.id].components.hub == pytest.approx(0.9)
    assert by_id[hub_only.id].score == pytest.approx(
        0.9 * next(r.score for r in plain if r.memory.id == hub_only.id)
    )
    assert by_id[specific.id].components.hub == 1.0
    assert all(r.components.hub == 1.0 for r in plain)

    # And at the default threshold (40 mentions) nothing in this small scope is a hub
    default = world.c.recall(RecallQuery(tenant=TENANT, user_id="maya", query=query))
    assert all(r.components.hub == 1.0 for r in default)


def test_what_ended_yields_to_the_newer_statement_of_how_things_are_now(world: World) -> None:
    # Given a loan told as over (its span, in the past), and, weeks later, the same car lent again
    lent = world.remember("Kavya borrowed my Honda for two weeks while her car was in the shop.", user_id="u")
    world.clock.advance(days=30)
    again = world.remember("Kavya has the Honda again, for her move.", user_id="u")
    world.remember("The Honda's oil change is due at 120,000 km.", user_id="u")

    # When the user asks who has it, in words closer to the old loan
    query = "who is borrowing my Honda while her car is in the shop?"
    results = world.c.recall(RecallQuery(tenant=TENANT, user_id="u", query=query))
    ranked = [r.memory.id for r in results]

    # Then the loan that holds now ranks above the one that ended, and explain says over which
    assert ranked.index(again.id) < ranked.index(lent.id)
    assert results[ranked.index(again.id)].components.via == lent.id
