"""The context block's parts that need no store: the offline token estimate, the query made of a
conversation, and fitting items to a budget (whole items, in order, headings counted)."""

from __future__ import annotations

import itertools

import pytest

from engram.domain.tokens import count_tokens
from engram.usecases.context import ContextItem, _fit, candidates_for, query_of


def test_the_estimate_adds_up_over_lines_so_a_block_is_counted_by_its_parts() -> None:
    lines = [
        "Constraints and decisions:",
        "- Never deploy on Fridays.",
        "- Service 12 runs Redis 7.2.",
        "- ✓ café",
    ]
    assert count_tokens("\n".join(lines)) == sum(count_tokens(x) for x in lines) + len(lines) - 1


@pytest.mark.parametrize(
    ("text", "at_least"),
    [
        ("", 0),
        ("the", 1),
        ("1234567", 3),  # digits in groups of three at most
        (" 2026", 3),  # the space apart from the digits
        ("...", 3),
        ("北京是中国的首都", 8),  # other scripts: at least one a character
        ("AKIAIOSFODNN7EXAMPLE", 10),  # capitals split often
        ("    indented", 2),
    ],
)
def test_the_estimate_charges_what_bpe_vocabularies_spend_at_least(text: str, at_least: int) -> None:
    assert count_tokens(text) >= at_least
    assert count_tokens(text) <= max(1, len(text.encode("utf-8")))  # and never more than a byte each


def test_a_longer_text_never_costs_less() -> None:
    text = "Dana's manager is Lee, and the offsite moved to 2026-03-14 in Zürich."
    costs = [count_tokens(text[:n]) for n in range(len(text) + 1)]
    assert all(a <= b + 1 for a, b in itertools.pairwise(costs))  # a cut word may cost one less
    assert count_tokens(text + " More.") > count_tokens(text)


def test_the_query_is_the_last_user_messages_oldest_first() -> None:
    messages = [
        ("user", "first"),
        ("assistant", "a reply"),
        ("user", "second"),
        ("user", "third"),
        ("assistant", "another reply"),
        ("user", "  fourth   one "),
    ]
    assert query_of(messages) == "second third fourth one"
    assert query_of([("assistant", "only the assistant spoke")]) == "only the assistant spoke"
    assert query_of([("user", "x" * 5000)]) == "x" * 2000


def test_candidates_grow_with_the_budget_within_bounds() -> None:
    assert [candidates_for(b) for b in (64, 300, 900, 2000, 32000)] == [10, 10, 30, 60, 60]


def item(i: int, kind: str, words: int) -> ContextItem:
    text = " ".join(["word"] * words)
    return ContextItem(f"m{i}", kind, text, "why", count_tokens(f"- {text}"))  # type: ignore[arg-type]


def test_items_are_kept_whole_in_order_and_a_large_one_is_skipped_for_smaller_ones() -> None:
    items = [item(1, "constraint", 5), item(2, "fact", 500), item(3, "fact", 5), item(4, "entity", 5)]
    block = _fit(items, 40)
    assert [i.id for i in block.items] == ["m1", "m3", "m4"]
    assert block.text.split("\n") == [
        "Constraints and decisions:",
        "- " + " ".join(["word"] * 5),
        "Facts:",
        "- " + " ".join(["word"] * 5),
        "Entities:",
        "- " + " ".join(["word"] * 5),
    ]
    assert block.tokens == count_tokens(block.text) <= 40


@pytest.mark.parametrize("budget", range(0, 60))
def test_the_block_never_exceeds_its_budget(budget: int) -> None:
    items = [
        item(n, kind, n % 7 + 1)
        for n, kind in enumerate(["constraint", "decision", "fact", "fact", "entity", "focus"])
    ]
    block = _fit(items, budget)
    assert block.tokens == count_tokens(block.text) <= budget
    assert [i.id for i in block.items] == [i.id for i in items if i in block.items]
