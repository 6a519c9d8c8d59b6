"""Prospective hints, the pure parts: the model output's hints validated and capped, the schema asking
for them only when on, and the lexical leg's max-not-sum rule."""

from __future__ import annotations

import json

from engram.domain.enrichment import (
    MAX_HINT_CHARS,
    MAX_HINTS,
    best_hint,
    clean_hints,
    enrichment_json_schema,
)
from engram.domain.models import Memory
from engram.ports import HintHit
from engram.providers.enrichers import build_enricher
from engram.providers.enrichers.model_output import parse_enrichment
from engram.settings import EnricherSettings, Settings
from engram.usecases.recall import with_hints

BASE = {
    "importance": 3,
    "memory_type": "fact",
    "temporal_kind": "persistent",
    "valid_until": None,
    "categories": [],
    "entities": [],
    "confidence": 0.9,
}


def test_hints_are_off_by_default() -> None:
    assert Settings().hints.enabled is False


def test_the_schema_asks_for_hints_only_when_they_are_on() -> None:
    assert "hints" not in enrichment_json_schema()["properties"]
    assert "hints" not in enrichment_json_schema()["required"]
    on = enrichment_json_schema(hints=True)
    assert on["properties"]["hints"]["maxItems"] == MAX_HINTS and "hints" in on["required"]
    assert "hints" not in enrichment_json_schema()["properties"]  # asking once changed nothing


def test_model_hints_are_trimmed_capped_and_deduplicated() -> None:
    answer = {**BASE, "hints": ["  What is\n my dog's name? ", "what is my dog's name?", 7, "", *"abcdef"]}
    result = parse_enrichment("<think>hmm</think>```json\n" + json.dumps(answer) + "\n```")
    assert result.hints == ["What is my dog's name?", "a", "b", "c", "d"]


def test_a_long_hint_is_cut_at_a_word_and_a_json_string_of_hints_is_read() -> None:
    long = "Where " + "exactly " * 60 + "is it?"
    result = parse_enrichment({**BASE, "hints": json.dumps([long, "Who?"])})
    assert len(result.hints[0]) <= MAX_HINT_CHARS and result.hints[0].endswith("exactly")
    assert result.hints[1] == "Who?"


def test_hints_that_are_not_a_list_of_strings_are_dropped_never_fatal() -> None:
    for bad in (42, {"q": "What?"}, None, "[not json", [None, 3, ["nested"]]):
        result = parse_enrichment({**BASE, "hints": bad})
        assert result.hints == [] and result.importance == 3
    assert parse_enrichment(BASE).hints == []  # a model that gives none
    assert clean_hints("What is it?") == ["What is it?"]  # one question, not in a list


def test_the_rule_based_enricher_writes_no_hints() -> None:
    enricher = build_enricher(EnricherSettings(provider="rules"), hints=True)
    memory = Memory(
        id="m1", tenant="t", user_id="u", content="We adopted a beagle called Max", content_hash="h"
    )
    assert enricher.enrich(memory).hints == []


def test_the_lexical_score_is_the_stronger_of_content_and_hint_never_the_sum() -> None:
    lexical = {"a": 2.0, "b": 1.0}
    hinted = {"b": HintHit("b", 3.0, "Q?"), "c": HintHit("c", 0.5, "R?"), "a": HintHit("a", 1.5, "S?")}
    assert with_hints(lexical, hinted) == {"a": 2.0, "b": 3.0, "c": 0.5}
    assert with_hints(lexical, {}) is lexical


def test_the_hint_shown_is_the_one_sharing_most_words_with_the_query() -> None:
    hints = "When did we get a pet?\nWhat is the name of my dog?\nWhat breed is my dog?"
    assert best_hint(hints, "dog name") == "What is the name of my dog?"
    assert best_hint(hints, "unrelated words") == "When did we get a pet?"
