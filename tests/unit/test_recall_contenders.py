"""Recall scores a candidate's text against the query only when it can still reach the top k
(domain.scoring.contenders): the top k must be the one scoring every candidate in full gives."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from engram.domain.models import Memory, MemoryType, Provenance, Status, Temporal, TemporalKind
from engram.domain.scoring import Components, QueryTraits, Weights, components, contenders, with_query
from engram.domain.specificity import KEPT_CHARS, vague_or_anchored

NOW = datetime(2026, 11, 24, 7, 0, tzinfo=UTC)
TEXTS = [
    "User mentioned the launch again",  # vague
    "The launch rolls out to 5% on June 3, then 50%",  # anchored
    "Never deploy billing on Friday without a rollback plan",
    "I like tea",  # short, unanchored: vague
    "Priya is allergic to peanuts",
    "we talked about the offsite",
    "The checkout service runs on Postgres in Lisbon",
    "Alice prefers dark mode over light mode",
]
QUERIES = [
    "can I deploy billing on Friday?",
    "what does Alice prefer",
    "launch",
    "peanuts allergy",
    "when does the launch roll out right now",
    "who runs the checkout service",
]


def candidates(rng: random.Random, n: int) -> list[tuple[Memory, float, float | None, float | None]]:
    """n memories with their fused score and leg scores; some share a fused score (ties)."""
    out = []
    for i in range(n):
        observed = NOW - timedelta(days=rng.randrange(900))
        memory = Memory(
            id=f"m{rng.randrange(10**6):06d}-{i}",
            tenant="t",
            user_id="u",
            content=rng.choice(TEXTS),
            content_hash=f"h{i}",
            memory_type=rng.choice(list(MemoryType)),
            provenance=rng.choice(list(Provenance)),
            confidence=rng.choice([0.5, 0.8, 1.0]),
            importance=rng.randint(1, 5),
            hits=rng.choice([1, 1, 2, 7]),
            status=rng.choice([Status.active, Status.active, Status.stale, Status.superseded]),
            created_at=observed,
            updated_at=observed,
            observed_at=observed,
            temporal=rng.choice(
                [Temporal(), Temporal(kind=TemporalKind.temporal, valid_until=NOW + timedelta(days=9))]
            ),
        )
        fused = rng.choice([0.5, 0.25, round(rng.random(), 3)])
        bm25 = rng.choice([None, round(rng.uniform(1, 9), 2)])
        out.append((memory, fused, bm25, rng.choice([None, rng.random()])))
    return out


def top(scored: list[tuple[Memory, Components]], k: int) -> list[tuple[str, float, Components]]:
    ranked = sorted(scored, key=lambda mc: (-mc[1].score, mc[0].id))[:k]
    return [(m.id, c.score, c) for m, c in ranked]


WEIGHTS = [
    Weights(),
    Weights(anchored=1.6, vague=0.4, no_overlap=0.3, resolution_on_action=3.0),
    Weights(importance=10.0),  # negative importance factors: ceilings of negative scores
    Weights(vague=1.3, anchored=0.7, resolution=0.5),  # the text factors the other way round
    Weights(answer_shape=1.3, current=1.2),  # the question's wanted shape, and the present
    Weights(answer_shape=0.6, current=0.8),
]


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("k", [1, 3, 10, 40])
def test_the_top_k_is_the_one_scoring_every_candidate_gives(seed: int, k: int) -> None:
    # Given candidates scored without the query, and the same scored in full
    rng = random.Random(seed)
    w = WEIGHTS[seed % len(WEIGHTS)]
    query = QueryTraits.of(QUERIES[seed % len(QUERIES)], NOW)
    pool = candidates(rng, rng.choice([5, 30, 100]))
    plain = [(m, components(m, f, b, v, NOW, w, graph=0.1 * (f > 0.4))) for m, f, b, v in pool]
    full = [(m, components(m, f, b, v, NOW, w, graph=0.1 * (f > 0.4), query=query)) for m, f, b, v in pool]

    # When recall keeps only the contenders
    kept = contenders(plain, k, query, w)

    # Then its top k is the full one, memory for memory, score for score, factor for factor
    assert top(kept, k) == top(full, k)
    assert len(kept) <= len(pool)


def test_most_candidates_are_not_scored_in_full() -> None:
    # Given 100 candidates whose fused scores spread over 0–1, and a top 10
    rng = random.Random(7)
    w = Weights()
    query = QueryTraits.of("what does Alice prefer")
    pool = candidates(rng, 100)
    plain = [(m, components(m, f, b, v, NOW, w)) for m, f, b, v in pool]

    # When recall keeps the contenders, the text of fewer than half is read
    assert len(contenders(plain, 10, query, w)) < 50


def test_with_query_is_components_with_the_query() -> None:
    rng = random.Random(3)
    w = WEIGHTS[1]
    for text in QUERIES:
        query = QueryTraits.of(text)
        for m, f, b, v in candidates(rng, 40):
            plain = components(m, f, b, v, NOW, w, hop=0.6, hub=True)
            assert with_query(plain, m, query, w) == components(
                m, f, b, v, NOW, w, hop=0.6, query=query, hub=True
            )


def test_kept_answers_follow_the_text() -> None:
    """The answers kept per text are keyed by the text: a memory whose content changed is judged anew."""
    assert vague_or_anchored("User mentioned the launch again") == (True, False)
    assert vague_or_anchored("User mentioned the launch again on June 3 in Lisbon") == (False, True)
    assert vague_or_anchored("User mentioned the launch again") == (True, False)


def test_equal_scores_keep_the_order_by_id() -> None:
    # Given 20 candidates that score the same, listed in no particular order
    w = Weights()
    query = QueryTraits.of("launch")
    memory = Memory(id="m", tenant="t", user_id="u", content=TEXTS[1], content_hash="h", observed_at=NOW)
    ids = random.Random(1).sample(range(100, 200), 20)
    plain = [
        (m, components(m, 0.5, 2.0, 0.3, NOW, w))
        for m in (memory.model_copy(update={"id": f"m{i}"}) for i in ids)
    ]

    # When recall keeps the contenders for a top 5, then the top 5 is the five smallest ids
    kept = top(contenders(plain, 5, query, w), 5)
    assert [i for i, _, _ in kept] == [f"m{i}" for i in sorted(ids)[:5]]


def test_long_texts_are_judged_as_short_ones() -> None:
    """Texts over the kept length are not kept, and get the same answers."""
    vague = "User mentioned the launch again " + "and again " * 200
    anchored = "The launch rolls out to 5% on June 3 in Lisbon, then " + "more " * 300
    assert len(vague) > KEPT_CHARS and len(anchored) > KEPT_CHARS
    assert vague_or_anchored(vague) == (True, False)
    assert vague_or_anchored(anchored) == (False, True)
    assert QueryTraits.of("launch Lisbon").shares_terms(anchored)
    assert not QueryTraits.of("peanuts").shares_terms(anchored)


def test_answers_about_long_texts_are_kept_too_within_a_bound_and_never_stale() -> None:
    from engram.domain.specificity import KEPT, LONG_CHARS, LONG_KEPT, kept_for_short_texts

    asked: list[int] = []

    @kept_for_short_texts
    def length(text: str) -> int:
        asked.append(len(text))
        return len(text)

    short, long, longer = "a" * KEPT_CHARS, "b" * LONG_CHARS, "c" * (LONG_CHARS + 1)
    # Recall asks the same candidates' texts again and again: a short or long text is worked out once
    assert [length(t) for t in (short, long, short, long)] == [KEPT_CHARS, LONG_CHARS] * 2
    assert asked == [KEPT_CHARS, LONG_CHARS]
    # a text past LONG_CHARS is never kept; a changed text is a new key
    assert [length(longer), length(longer), length(long + "!")] == [LONG_CHARS + 1] * 2 + [LONG_CHARS + 1]
    assert asked == [KEPT_CHARS, LONG_CHARS, LONG_CHARS + 1, LONG_CHARS + 1, LONG_CHARS + 1]
    # at most LONG_KEPT long texts are kept: the oldest is worked out again once they are crowded out
    for i in range(LONG_KEPT):
        length("d" * (KEPT_CHARS + 1 + i))
    del asked[:]
    length(long)
    assert asked == [LONG_CHARS] and LONG_KEPT < KEPT
