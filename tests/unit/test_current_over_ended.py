"""What ended yields to what is current (domain.precedence.current_over_ended, issue 28): a state told
as over by its aspect, or expired, ranks below the newer memory about the same subject and slot that
says what holds now, for a question not about the past; chatter and history keep their order."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engram.domain.precedence import current_over_ended, finished
from engram.domain.scoring import Components
from tests.unit.test_precedence import Item


def comps(score: float, expiry: float = 1.0) -> Components:
    return Components(
        bm25=None, vector=None, fused=score, importance=1, recency=1, provenance=1, expiry=expiry, hits=1
    )


def ids(ranked: Sequence[tuple[Item, Components]]) -> list[str]:
    return [m.id for m, _ in ranked]


def vectors_of(table: Mapping[str, list[float]]):  # type: ignore[no-untyped-def]
    return lambda wanted: {i: table[i] for i in wanted if i in table}


def test_aspect_tells_a_finished_state_from_a_current_one() -> None:
    assert finished("Kenji worked at Rakuten on the points platform for five years.")
    assert finished("Priya led the SSO project; it shipped in June and the team was wound down.")
    assert finished("Tärnan used to be moored at the Uppsala sailing club.")
    # an act that starts a state, the present perfect, or a present clause: not over
    assert not finished("Kenji joined PayNami, a payments startup in Osaka, as a backend engineer.")
    assert not finished("I have been vegan for 5 years.")
    assert not finished("Finished the MEd! Graduation was in August. Weekends are mine again.")


def test_a_finished_job_yields_to_the_newer_one_of_the_same_subject_and_slot() -> None:
    old = Item("old", "Kenji worked at Rakuten on the points platform for five years.", 0)
    new = Item("new", "Kenji joined PayNami, a payments startup in Osaka, as a senior backend engineer.", 300)
    hobby = Item("hobby", "Kenji plays shogi online most evenings.", 310)
    ranked = [(old, comps(1.0)), (hobby, comps(0.5)), (new, comps(0.3))]
    # the two jobs are close in meaning; the hobby is not
    table = {"old": [1.0, 0.0, 0.2], "new": [0.9, 0.1, 0.3], "hobby": [0.0, 1.0, 0.0]}

    result = current_over_ended(ranked, "Where does Kenji work?", vectors=vectors_of(table))

    assert ids(result) == ["new", "old", "hobby"]
    assert next(c for m, c in result if m is new).via == "old"
    # without a vector nothing ties the two beyond the name: the order stays
    assert ids(current_over_ended(ranked, "Where does Kenji work?")) == ["old", "hobby", "new"]


def test_a_question_about_the_past_keeps_the_order() -> None:
    old = Item("old", "Kenji worked at Rakuten on the points platform for five years.", 0)
    new = Item("new", "Kenji joined PayNami, a payments startup in Osaka, as a senior backend engineer.", 300)
    hobby = Item("hobby", "Kenji plays shogi online most evenings.", 310)
    ranked = [(old, comps(1.0)), (new, comps(0.3)), (hobby, comps(0.2))]
    table = {"old": [1.0, 0.0, 0.2], "new": [0.9, 0.1, 0.3], "hobby": [0.0, 1.0, 0.0]}
    # (the same pair, asked about the present, does yield)
    assert ids(current_over_ended(ranked, "Where does Kenji work?", vectors=vectors_of(table)))[0] == "new"

    for query in ("Where did Kenji work before?", "What happened to Kenji's job at Rakuten?"):
        assert ids(current_over_ended(ranked, query, vectors=vectors_of(table))) == ["old", "new", "hobby"]


def test_an_expired_event_keeps_its_rank_above_chatter_told_in_the_past() -> None:
    fact = Item("fact", "Rui's birthday dinner is booked at Taberna da Rua das Flores, Saturday 8pm.", 0)
    chat = Item("chat", "Talked about gift ideas for Rui's birthday dinner.", 5)
    ranked = [(fact, comps(1.4, expiry=0.5)), (chat, comps(0.45))]

    assert ids(current_over_ended(ranked, "Where is Rui's birthday dinner booked?")) == ["fact", "chat"]


def test_an_expired_stay_yields_to_a_newer_statement_of_how_things_are_now() -> None:
    old = Item("old", "Lucía's mother is staying in the guest room until Sunday.", 0)
    new = Item("new", "The guest room is free now, Lucía's mother went home.", 20)
    weaker = comps(0.2)
    ranked = [(old, comps(1.0, expiry=0.5)), (new, comps(0.4))]

    assert ids(current_over_ended(ranked, "Is anyone staying in Lucía's guest room?")) == ["new", "old"]
    # one that matches the query far less than the expired one does not take its place
    assert ids(current_over_ended([(old, comps(1.0, expiry=0.5)), (new, weaker)], "guest room?")) == [
        "old",
        "new",
    ]


def test_a_turn_of_a_conversation_is_ordered_as_ranked() -> None:
    old = Item("old", "Kenji worked at Rakuten on the points platform for five years.", 0)
    turn = Item("turn", "Kenji: I left Rakuten, I'm a backend engineer at PayNami now.", 300)
    hobby = Item("hobby", "Kenji plays shogi online most evenings.", 310)
    ranked = [(old, comps(1.0)), (hobby, comps(0.5)), (turn, comps(0.3))]
    table = {"old": [1.0, 0.0, 0.2], "turn": [0.9, 0.1, 0.3], "hobby": [0.0, 1.0, 0.0]}

    assert ids(current_over_ended(ranked, "Where does Kenji work?", vectors=vectors_of(table))) == [
        "old",
        "hobby",
        "turn",
    ]
