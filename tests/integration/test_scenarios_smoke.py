"""The scenario set of bench/scenarios/ (issue 11) is well-formed: every kind, enough of each, every
answer a memory of its own scenario, content that the write path stores as written.

No ranking numbers here: bench/bench_scenarios.py measures those.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from engram.domain import gate, pii

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "bench" / "scenarios"


def _load_package():
    name = "engram_bench_scenarios"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(
        name, PACKAGE / "__init__.py", submodule_search_locations=[str(PACKAGE)]
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


scenarios_pkg = _load_package()
SCENARIOS = scenarios_pkg.load()


def test_the_set_has_no_problems():
    assert scenarios_pkg.problems(SCENARIOS) == []


def test_every_kind_is_present_with_at_least_twelve_scenarios():
    per_kind = Counter(s.kind for s in SCENARIOS)
    assert set(per_kind) == set(scenarios_pkg.KINDS) and len(scenarios_pkg.KINDS) == 8
    assert all(n >= 12 for n in per_kind.values()), per_kind


def test_about_150_questions_each_answered_by_memories_of_its_own_scenario():
    questions = [(s, q) for s in SCENARIOS for q in s.questions]
    assert len(questions) >= 150
    for s, q in questions:
        own = {m.key for m in s.memories if not m.background}
        assert q.answers and set(q.answers) <= own, (s.id, q.query)
        assert q.query.strip(), s.id


def test_ids_are_unique_and_every_scope_is_separate():
    assert len({s.id for s in SCENARIOS}) == len(SCENARIOS)


@pytest.mark.parametrize("s", SCENARIOS, ids=lambda s: s.id)
def test_memories_pass_the_write_gate_unchanged(s):
    for m in s.memories:
        assert gate.rejection_reason(m.content) is None, (s.id, m.key)
        assert pii.detect(m.content) == [], (s.id, m.key, m.content)


def test_observed_dates_spread_over_two_years():
    days = [m.days_ago for s in SCENARIOS for m in s.memories if not m.background]
    assert min(days) <= 7 and max(days) >= 600
    assert all(0 <= d <= 730 for d in days)


REPLACING = [s for s in SCENARIOS if s.kind in ("correction", "negation")]


@pytest.mark.parametrize("s", REPLACING, ids=lambda s: s.id)
def test_corrections_and_negations_are_answered_by_the_newest_fact(s):
    """The answer is newer than the memory it corrects or negates (keys old / oldest)."""
    for q in s.questions:
        answer = min(s.memory(a).days_ago for a in q.answers)
        replaced = [m for m in s.memories if m.key in ("old", "oldest")]
        assert replaced, s.id
        assert all(m.days_ago > answer for m in replaced), (s.id, q.query)


@pytest.mark.parametrize("s", [s for s in SCENARIOS if s.kind == "temporal"], ids=lambda s: s.id)
def test_temporal_scenarios_pit_an_expired_memory_against_a_current_answer(s):
    expired = [m for m in s.memories if m.valid_until_days is not None and m.valid_until_days < 0]
    assert expired, s.id
    for q in s.questions:
        for a in q.answers:
            until = s.memory(a).valid_until_days
            assert until is None or until > 0, (s.id, a)
            assert a not in {m.key for m in expired}


@pytest.mark.parametrize("s", [s for s in SCENARIOS if s.kind == "multihop"], ids=lambda s: s.id)
def test_multihop_answers_are_the_fact_not_the_link(s):
    assert any(m.key == "link" for m in s.memories), s.id
    assert all("link" not in q.answers for q in s.questions), s.id


def test_problems_reports_an_unknown_answer_key():
    s = SCENARIOS[0]
    broken = replace(s, questions=(scenarios_pkg.Question("anything", ("no-such-key",)),))
    assert any("no-such-key" in p for p in scenarios_pkg.problems([broken, *SCENARIOS[1:]]))
