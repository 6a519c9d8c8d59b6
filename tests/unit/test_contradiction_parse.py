"""The contradiction check's answer is validated as strictly as the decision's (issue 11, item 2)."""

from __future__ import annotations

import json

import pytest

from engram.providers.enrichers.model_output import InvalidModelOutput, parse_contradiction
from engram.settings import EnricherSettings, Settings

KNOWN = ["01AAA", "01BBB"]


def answer(**fields: object) -> str:
    base: dict[str, object] = {
        "contradicts": True,
        "targets": ["01AAA"],
        "reason": "Tea vs coffee.",
        "confidence": 0.8,
    }
    return json.dumps({**base, **fields})


def test_hallucinated_ids_are_dropped_and_the_known_kept() -> None:
    found = parse_contradiction(answer(targets=["01ZZZ", "01BBB", "01BBB"]), KNOWN)
    assert (found.contradicts, found.targets) == (True, ["01BBB"])


def test_a_contradiction_naming_only_hallucinated_ids_is_invalid() -> None:
    with pytest.raises(InvalidModelOutput, match="names no candidate"):
        parse_contradiction(answer(targets=["01ZZZ"]), KNOWN)


def test_no_contradiction_has_no_targets() -> None:
    found = parse_contradiction(answer(contradicts=False, targets=["01AAA"]), KNOWN)
    assert (found.contradicts, found.targets) == (False, [])


@pytest.mark.parametrize(
    "fields",
    [
        {"reason": " "},
        {"reason": None},
        {"confidence": 1.5},
        {"confidence": "high"},
        {"contradicts": "maybe"},
    ],
)
def test_an_empty_reason_a_bad_confidence_or_no_verdict_is_invalid(fields: dict[str, object]) -> None:
    with pytest.raises(InvalidModelOutput):
        parse_contradiction(answer(**fields), KNOWN)


def test_a_fenced_answer_from_a_thinking_model_is_parsed() -> None:
    found = parse_contradiction(f"<think>hm</think>\n```json\n{answer()}\n```", KNOWN)
    assert found.targets == ["01AAA"] and found.confidence == 0.8


def test_the_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGRAM_ENRICHER__CONTRADICTION_CHECK", "true")
    monkeypatch.setenv("ENGRAM_ENRICHER__CONTRADICTION_TIMEOUT_S", "2.5")
    enricher = Settings().enricher
    assert (enricher.contradiction_check, enricher.contradiction_timeout_s) == (True, 2.5)
    assert EnricherSettings().contradiction_check is False  # off unless asked for
