"""Enrichment never fails on content the API accepts (up to 8,000 characters): the rules path enriches
and decides every long, repetitive, multilingual or code-heavy text, and every reason it gives fits
the decision's schema. Property tests (hypothesis) over generated texts."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engram.domain.enrichment import MAX_REASON_CHARS, Candidate, Decision, DecisionAction
from engram.domain.models import Memory
from engram.providers.enrichers import build_enricher
from engram.settings import DedupSettings, EnricherSettings
from engram.usecases.enrich import decide

MAX_CONTENT = 8000  # what POST /v1/memories accepts
OBSERVED = datetime(2026, 11, 18, 9, 0, tzinfo=UTC)
enricher = build_enricher(EnricherSettings(provider="rules"))

VOCABULARY = (
    "the we moved switched to from no longer not never now uses lives in at on is was meeting deploy "
    "service database Postgres MySQL Berlin Lisbon Alice Bob Priya Monday March 9:30 10:00pm 2026 "
    "£420 15% v1.2.3 #42 release sprint Straße Zürich café naïve 日本語 東京 Привет Москва مرحبا "
    "שלום नमस्ते 😀 🚀 def return {} [] () => == != && || ; : , . ! ? ' \" ` $ @ % ^ & * _ - + = / \\ | ~ "
    "\t \n"
)
WORDS = st.sampled_from(VOCABULARY.split(" "))
CODE = st.sampled_from(
    [
        "def f(x):\n    return x * 2\n",
        "for (let i = 0; i < n; i++) { total += a[i]; }",
        'SELECT id, name FROM users WHERE created_at > "2026-01-01";',
        "```python\nimport os\nprint(os.environ['HOME'])\n```",
        '<div class="a">Hello, World!</div>',
        '{"key": [1, 2, 3], "nested": {"a": null}}',
        "x = [Alpha1, Beta2, Gamma3, Delta4, Epsilon5, Zeta6, Eta7, Theta8, Iota9, Kappa10]",
    ]
)
SENTENCE = st.lists(WORDS, min_size=1, max_size=40).map(" ".join)
NAMES = st.integers(min_value=1, max_value=300).map(
    lambda n: " ".join(
        f"Name{i} met Vendor{i} on {i % 28 + 1} March at {i % 12 + 1}:{i % 60:02d}." for i in range(n)
    )
)
PART = st.one_of(SENTENCE, CODE, NAMES, st.text(min_size=1, max_size=300))
TEXT = st.tuples(st.lists(PART, min_size=1, max_size=8), st.integers(min_value=1, max_value=60)).map(
    lambda parts_times: (" ".join(parts_times[0]) * parts_times[1])[:MAX_CONTENT]
)


def memory(content: str, id: str) -> Memory:
    return Memory(id=id, tenant="acme", user_id="u1", content=content, content_hash=id, observed_at=OBSERVED)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(old=TEXT, extra=TEXT, similarity=st.floats(min_value=0.0, max_value=1.0))
def test_the_rules_path_enriches_and_decides_any_accepted_text(
    old: str, extra: str, similarity: float
) -> None:
    # Given a stored memory and a new one that restates it with more (or other) content
    new = memory((old + " " + extra)[:MAX_CONTENT].strip() or "x", "02NEW")
    existing = memory(old.strip() or "y", "01OLD")
    candidates = [
        Candidate(existing, similarity),
        Candidate(memory(extra.strip() or "z", "01OTHER"), similarity),
    ]

    # When the rules path enriches the new memory and decides it against its candidates
    result, _, _ = enricher.enrich_with_source(new)
    decided = decide(enricher, new, candidates, DedupSettings())

    # Then both succeed, and the decision is a valid one within its bounds
    assert 1 <= result.importance <= 5
    assert isinstance(decided.decision, Decision)
    assert 0 < len(decided.decision.reason) <= MAX_REASON_CHARS
    assert set(decided.decision.targets) <= {"01OLD", "01OTHER"}


def test_a_merge_refused_for_hundreds_of_new_values_has_a_bounded_reason() -> None:
    # Given a long memory and a near-copy that adds hundreds of names and dates (the failure of the
    # long-conversation corpus: the reason listed every one of them)
    old = "We reviewed the deployment plan for the payments service. " * 20
    names = " ".join(f"Person{i} met Vendor{i} on {i % 28 + 1} March." for i in range(300))
    new, existing = memory(old + names, "02NEW"), memory(old + "Budget approved.", "01OLD")

    for similarity in (0.8, 0.99):
        decided = decide(enricher, new, [Candidate(existing, similarity)], DedupSettings())

        assert decided.decision.action != DecisionAction.none  # never folded into what it adds to
        assert len(decided.decision.reason) <= MAX_REASON_CHARS


def test_a_reason_over_the_bound_is_cut_not_refused() -> None:
    decision = Decision(action=DecisionAction.add, reason="word " * 400)
    assert len(decision.reason) == MAX_REASON_CHARS and decision.reason.endswith("…")
