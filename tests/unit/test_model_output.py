"""Model output hardening: what models actually answer, turned into validated results or rejected."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from engram.domain.enrichment import DecisionAction
from engram.domain.models import MemoryType, TemporalKind
from engram.providers.enrichers.model_output import (
    InvalidModelOutput,
    json_objects,
    parse_decision,
    parse_enrichment,
    strip_reasoning,
    truncate_input,
)

VALID = {
    "importance": 4,
    "memory_type": "constraint",
    "temporal_kind": "persistent",
    "valid_until": None,
    "categories": ["food", "health"],
    "entities": ["peanuts"],
    "confidence": 0.9,
}
VALID_JSON = json.dumps(VALID)


@pytest.mark.parametrize(
    "output",
    [
        VALID_JSON,
        f"<think>The user says they are allergic. {{not json}} So constraint.</think>\n{VALID_JSON}",
        f"```json\n{VALID_JSON}\n```",
        f"<think>hmm</think>\nHere is the enrichment:\n```json\n{VALID_JSON}\n```\nLet me know!",
        f"Sure! The result is {VALID_JSON} — hope that helps.",
        # the template opened the think block in the prompt: only the closing tag is in the output
        f"reasoning about {{braces}} and more</think>{VALID_JSON}",
        # an unterminated think block that drafts an object first: the final answer is the last one
        f"<think>Draft: {json.dumps({**VALID, 'importance': 1})} — no, allergies matter more.\n{VALID_JSON}",
    ],
)
def test_wrapped_json_is_found_and_validated(output: str) -> None:
    result = parse_enrichment(output)

    assert result.memory_type is MemoryType.constraint
    assert result.importance == 4
    assert result.categories == ["food", "health"]


def test_a_tool_input_object_is_validated_directly() -> None:
    assert parse_enrichment(VALID).confidence == 0.9


@pytest.mark.parametrize(
    "output",
    [
        "I'm sorry, I can't help with that.",
        "",
        "<think>I will answer {importance: 4}</think>",
        '{"importance": 9, "memory_type": "fact", "confidence": 0.5}',  # out of range
        '{"importance": 3, "memory_type": "rumour", "confidence": 0.5}',  # unknown type
        '{"importance": 3, "memory_type": "fact"}',  # confidence missing
        '{"importance": 3, "memory_type": "fact", "confidence": 0.5, "valid_until": "next friday"}',
        '["not", "an", "object"]',
    ],
)
def test_garbage_is_rejected_with_a_reason(output: str) -> None:
    with pytest.raises(InvalidModelOutput) as raised:
        parse_enrichment(output)

    assert str(raised.value)


def test_first_valid_candidate_wins_over_an_invalid_one() -> None:
    output = 'Example: {"importance": 10}. Answer: ' + VALID_JSON

    assert parse_enrichment(output).importance == 4


@pytest.mark.parametrize(
    ("valid_until", "expected"),
    [
        ("2026-12-01T17:00:00Z", datetime(2026, 12, 1, 17, 0, tzinfo=UTC)),
        ("2026-12-01T17:00:00+02:00", datetime(2026, 12, 1, 15, 0, tzinfo=UTC)),
        ("2026-12-01T17:00:00", datetime(2026, 12, 1, 17, 0, tzinfo=UTC)),  # naive: UTC
        ("2026-12-01", datetime(2026, 12, 1, 23, 59, 59, tzinfo=UTC)),  # a date: the end of that day
        ("null", None),
        ("", None),
    ],
)
def test_valid_until_becomes_an_aware_utc_datetime(valid_until: str, expected: datetime | None) -> None:
    result = parse_enrichment({**VALID, "temporal_kind": "temporal", "valid_until": valid_until})

    assert result.valid_until == expected
    if result.valid_until is not None:
        assert result.valid_until.utcoffset() == timedelta(0)


def test_a_dated_memory_is_temporal_even_if_the_model_said_persistent() -> None:
    result = parse_enrichment({**VALID, "temporal_kind": "persistent", "valid_until": "2026-12-01"})

    assert result.temporal_kind is TemporalKind.temporal


def test_known_model_quirks_are_coerced() -> None:
    result = parse_enrichment(
        {
            **VALID,
            "memory_type": " Preference ",
            "importance": "4",
            "confidence": 85,  # a percentage
            "categories": '["Food", "food", "Travel"]',  # an array encoded as a string (Bedrock)
            "entities": "Lisbon, TAP Air Portugal",
        }
    )

    assert result.memory_type is MemoryType.preference
    assert result.confidence == 0.85
    assert result.categories == ["food", "travel"]
    assert result.entities == ["Lisbon", "TAP Air Portugal"]


def test_list_caps_come_from_the_domain_model() -> None:
    result = parse_enrichment(
        {**VALID, "categories": [f"c{i}" for i in range(30)], "entities": [f"e{i}" for i in range(30)]}
    )

    assert (len(result.categories), len(result.entities)) == (8, 20)


CANDIDATES = ["01OLD", "01OTHER"]


@pytest.mark.parametrize(
    ("output", "action", "targets"),
    [
        (
            '{"action": "none", "targets": ["01OLD"], "reason": "same fact", "confidence": 0.9}',
            "none",
            ["01OLD"],
        ),
        (
            '<think>they conflict</think>```json\n{"action": "UPDATE", "targets": ["01OLD", "01OTHER"],'
            ' "reason": "the time changed", "confidence": 1}\n```',
            DecisionAction.update,
            ["01OLD", "01OTHER"],
        ),
        (
            {"action": "delete", "target_ids": "01OLD", "reason": "it negates it", "confidence": 0.7},
            DecisionAction.delete,
            ["01OLD"],
        ),
        ({"action": "keep both", "targets": ["01OLD"], "reason": "distinct", "confidence": 0.5}, "add", []),
        (
            {"action": "merge", "targets": ["01OLD", "01OTHER"], "reason": "same", "confidence": 0.8},
            "none",
            ["01OLD"],
        ),
    ],
)
def test_decisions_are_parsed(output: str | dict, action: str, targets: list[str]) -> None:
    decision = parse_decision(output, CANDIDATES)

    assert (decision.action, decision.targets) == (action, targets)
    assert decision.reason and 0 <= decision.confidence <= 1


def test_hallucinated_target_ids_are_dropped() -> None:
    output = {"action": "update", "targets": ["01OLD", "01MADEUP"], "reason": "changed", "confidence": 0.8}

    assert parse_decision(output, CANDIDATES).targets == ["01OLD"]


@pytest.mark.parametrize(
    "output",
    [
        {"action": "delete_everything", "targets": [], "reason": "why not", "confidence": 0.5},
        {"action": "update", "targets": ["01MADEUP"], "reason": "only a hallucinated id", "confidence": 0.8},
        {"action": "none", "targets": [], "reason": "no target", "confidence": 0.8},
        {"action": "update", "targets": ["01OLD"], "reason": "  ", "confidence": 0.8},
        {"action": "update", "targets": ["01OLD"], "confidence": 0.8},
        {"action": "update", "targets": ["01OLD"], "reason": "changed", "confidence": 1.5},
        {"action": "update", "targets": ["01OLD"], "reason": "changed", "confidence": "high"},
        {"action": "update", "targets": ["01OLD"], "reason": "changed"},
        {"action": "update", "targets": {"id": "01OLD"}, "reason": "changed", "confidence": 0.8},
    ],
)
def test_an_invalid_decision_is_rejected(output: dict) -> None:
    with pytest.raises(InvalidModelOutput):
        parse_decision(output, CANDIDATES)


def test_strip_reasoning_reports_an_unterminated_block() -> None:
    assert strip_reasoning("<think>a</think>{}") == ("{}", False)
    assert strip_reasoning("  <think>still thinking {") == ("still thinking {", True)


def test_json_objects_ignores_non_objects_and_keeps_order() -> None:
    assert json_objects('[1, 2] {"a": 1} text {"b": 2}') == [{"a": 1}, {"b": 2}]


@pytest.mark.parametrize("limit", [1, 10, 25, 100])
def test_truncate_input_respects_the_limit(limit: int) -> None:
    text = "remember that the quarterly planning offsite moved to the lake house " * 5

    truncated = truncate_input(text, limit)

    assert len(truncated) <= limit
    assert text.startswith(truncated.rstrip("…").rstrip())


def test_truncate_input_leaves_short_text_alone() -> None:
    assert truncate_input("short text", 4000) == "short text"
