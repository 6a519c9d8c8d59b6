"""Recall reads a candidate's text against the query only while the candidate can still reach the top
k (domain.scoring.contenders): its answers must be the ones scoring every candidate in full gives,
for any top k, score floor and weights."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

import engram.usecases.recall as recall_module
from engram.domain.models import Memory, MemoryType, Provenance
from engram.domain.scoring import Components, QueryTraits, Weights, with_query
from engram.usecases.recall import Recalled, RecallQuery
from tests.integration.deployments import TENANT, USER_ID, World

PEOPLE = ["Alice", "Bob", "Priya", "the team lead", "my sister"]
THINGS = ["dark mode", "oat milk", "window seats", "green tea", "the billing service", "the launch"]
TEMPLATES = [
    "{person} prefers {thing}",
    "{person} mentioned {thing} again",  # vague
    "We talked about {thing}",  # vague
    "Never deploy {thing} on Friday without a rollback plan",
    "{person} moved to Lisbon on June 3 and likes {thing}",  # anchored
    "{thing} rolls out to 5% on March 2, then 50%",  # anchored
    "{person} is allergic to peanuts",
]
QUERIES = [
    "what does Alice prefer",
    "can I deploy the billing service on Friday?",
    "the launch",
    "green tea",
    "who moved to Lisbon",
    "is Priya allergic to anything",
]


def every_candidate_in_full(
    plain: list[tuple[Memory, Components]], k: int, query: QueryTraits, w: Weights
) -> list[tuple[Memory, Components]]:
    return [(m, with_query(c, m, query, w)) for m, c in plain]


def answers(results: list[Recalled]) -> list[tuple[str, float, Components]]:
    return [(r.memory.id, r.score, r.components) for r in results]


# The embedded default only: the pruning is the same code on both, and moto takes minutes over 40 writes.
@pytest.mark.parametrize("world", ["local"], indirect=True)
def test_recall_answers_as_if_every_candidate_were_scored_in_full(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a scope of memories of every type, provenance and importance, observed over a year
    rng = random.Random(5)
    seen: set[str] = set()
    while len(seen) < 40:
        text = rng.choice(TEMPLATES).format(person=rng.choice(PEOPLE), thing=rng.choice(THINGS))
        if text in seen:
            continue
        seen.add(text)
        world.remember(
            text,
            enrich=False,
            memory_type=rng.choice(list(MemoryType)),
            provenance=rng.choice(list(Provenance)),
            importance=rng.randint(1, 5),
            observed_at=world.clock.now() - timedelta(days=rng.randrange(365)),
        )
    asks = [
        RecallQuery(tenant=TENANT, user_id=USER_ID, query=q, top_k=k, min_score=floor, weights=weights)
        for q in QUERIES
        for k, floor, weights in [
            (1, None, {}),
            (5, None, {}),
            (10, 0.2, {}),
            (5, None, {"anchored_boost": 1.6, "vague_multiplier": 0.4, "no_overlap_multiplier": 0.3}),
            (3, None, {"importance_weight": 10.0}),  # negative importance factors
        ]
    ]

    # When recall answers them, and again scoring every candidate in full
    kept = [answers(world.c.recall(q)) for q in asks]
    monkeypatch.setattr(recall_module, "contenders", every_candidate_in_full)
    full = [answers(world.c.recall(q)) for q in asks]

    # Then the answers are the same: memories, order, scores and every factor
    assert kept == full
    assert any(len(a) >= 5 for a in kept)  # the scope gave candidates enough to choose among
