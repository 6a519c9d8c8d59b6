"""The pure rules behind the knowledge graph and "specific beats vague"."""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engram.domain import graph
from engram.domain.graph import USER, aliases, canonical, extract_triples, mentions, query_candidates
from engram.domain.specificity import anchors, asks_to_act, is_vague
from engram.domain.text import from_placeholder, mask_placeholders


def triples(text: str) -> list[tuple[str, str, str]]:
    return [(canonical(t.subject), t.predicate, canonical(t.object)) for t in extract_triples(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dana's manager is Priya Patel.", [("dana", "manager", "priya patel")]),
        ("Priya is Dana's manager.", [("dana", "manager", "priya")]),
        ("My skip-level manager is Teresa Lobo.", [(USER, "skip-level_manager", "teresa lobo")]),
        ("Our landlord is Mr. Serrano, he owns the building.", [(USER, "landlord", "serrano")]),
        (
            "Hollow Oak's creative director is Clara Wynn.",
            [("hollow oak", "creative_director", "clara wynn")],
        ),
        ("Omar reports to Chen.", [("omar", "manager", "chen")]),
        ("Priya manages Omar.", [("omar", "manager", "priya")]),
        ("Sam works at Initech since May.", [("sam", "works_at", "initech")]),
        ("Priya is allergic to tree nuts and shellfish.", [("priya", "allergic_to", "tree nuts")]),
        ("I moved to Lisbon last year.", [(USER, "lives_in", "lisbon")]),
        ("That's what it is Now.", []),
        ("The deploy went smoothly.", []),
    ],
)
def test_relation_frames(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert triples(text) == expected


# Sentences that make and unmake relation frames: who, a frame's words (and near misses), whom.
_WHO_ = ["Dana", "Priya Patel", "My", "my", "I", "Our", "the fleet's", "Dana's", "Sam’s", "this"]
_VERBS = [
    "manager is", "best friend was", "tyre supplier became", "manager Is", "is", "was", "became", "IS",
    "is now", "reports to", "report to", "now reports directly to", "Reports to", "manages", "Manages",
    "works at", "work for", "worked at", "is working for", "still works at", "Works at", "joined",
    "has joined", "Joined", "is allergic to", "am severely allergic to", "Allergic to", "lives in",
    "live in", "lived in", "is living in", "moved to", "relocated to", "Lives in", "is married to",
    "Married to", "owns", "leads", "runs", "maintains", "is responsible for", "Owns", "network", "island",
]  # fmt: skip
_WHOM = [
    "Priya", "Initech", "Lisbon", "tree nuts", "Dr. Helen Moyo", "Dana's manager", "my manager",
    "the billing service",
]  # fmt: skip
_TAIL = ["", ".", " since May.", " and Sam.", ", who knows", "!"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(*(st.sampled_from(choices) for choices in (_WHO_, _VERBS, _WHOM, _TAIL))),
        min_size=1,
        max_size=3,
    )
)
def test_a_frame_is_skipped_only_where_it_cannot_match(sentences: list[tuple[str, str, str, str]]) -> None:
    # Given any text, the frames skipped for lacking their words find exactly what searching them all finds
    text = " ".join(f"{who} {verb} {whom}{tail}" for who, verb, whom, tail in sentences)
    with mock.patch.object(graph, "_FRAME_WORDS", tuple(("",) for _ in graph._FRAME_WORDS)):
        every_frame = extract_triples(text)
    assert extract_triples(text) == every_frame


def test_placeholders_are_never_names() -> None:
    text = "The staging key for Initech is [REDACTED:aws_access_key]"
    assert canonical("[REDACTED:aws_access_key]") is None and canonical("REDACTED") is None
    assert from_placeholder("aws_access_key", text) and from_placeholder("REDACTED", text)
    assert not from_placeholder("Initech", text)
    assert "aws_access_key" not in mask_placeholders(text) and len(mask_placeholders(text)) == len(text)
    assert [m.name for m in mentions(["Initech", "REDACTED"], [], mask_placeholders(text))] == ["Initech"]


def test_canonical_forms() -> None:
    assert canonical("Dana's") == "dana"
    assert canonical("Dr. Helen Moyo") == "helen moyo"
    assert canonical("the Venlo site") == "venlo site"
    assert canonical("my") == USER and canonical("I") == USER
    assert aliases("sabine hartl") == ["sabine", "hartl"] and aliases("sabine") == []


def test_sentence_subjects_are_mentions() -> None:
    found = {m.name for m in mentions([], [], "Sabine is allergic to tree nuts. Keep the cake away.")}
    assert found == {"Sabine"}


def test_query_candidates_name_entities_and_the_user() -> None:
    candidates = query_candidates("What is Dana's manager allergic to?")
    assert {"dana", "manager", "allergic"} <= set(candidates) and USER not in candidates
    assert USER in query_candidates("what is my manager allergic to")


def test_specific_and_vague() -> None:
    assert is_vague("User mentioned the launch again")
    assert is_vague("Priya mentioned work has been busy lately.")
    assert not is_vague("I'm allergic to peanuts")
    # everyday hedges are not chatter: a question can ask what someone has been doing lately
    assert not is_vague("Melanie: I've been painting a lot lately, mostly sunsets.")
    assert not is_vague("Jon: Things have been busy, I finally opened the dance studio.")
    assert not is_vague("The launch rolls out to 5% on June 3, then 50%")
    assert anchors("The launch rolls out to 5% on June 3, then 50%") >= 2
    assert anchors("the weather is nice") == 0


@pytest.mark.parametrize(
    ("query", "acting"),
    [
        ("I want to deploy card-auth on Friday afternoon, is that ok?", True),
        ("I'm shipping the 3DS change on Friday", True),
        ("Can I send the raw data to the US partner?", True),
        # which one a thing should use is a choice to make, whoever makes it
        ("Which message broker should the new consumer use?", True),
        ("Which message broker do we use for settlements?", True),
        ("I'm thinking of taking Rui to the seafood place in Cascais", True),
        ("we're considering a second warehouse in Venlo", True),
        ("would it be a good idea to renew the lease now?", True),
        ("is sushi a good choice for dinner with Priya", True),
        ("For the team lunch, can we book the pizzeria?", True),
        ("Is Friday OK for the release?", True),
        ("do we need to tell the DPO first?", True),
        ("did we need to tell the DPO?", False),
        ("which broker does the settlement consumer use?", False),
        ("what was I thinking of buying for Rui?", False),
        ("where does Alice live", False),
        ("what roast of coffee does alice like?", False),
    ],
)
def test_queries_about_acting(query: str, acting: bool) -> None:
    assert asks_to_act(query) is acting
