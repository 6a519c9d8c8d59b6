"""The helpers every rule module builds its patterns with."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any


def rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def alternation(terms: Iterable[str]) -> str:
    """A pattern for case-insensitive use that matches what `t1|t2|…` matches with its terms tried
    longest first (a term is escaped, not a pattern), built as a trie: one branch per common prefix.
    Terms that match at one position are prefixes of one another, and the trie tries the longer one
    of each such pair first too (its optional tails are greedy); but it tests a position once per
    character rather than once per term (docs/performance.md)."""
    trie: dict[str, Any] = {}
    for term in terms:
        node = trie
        for ch in term.lower():
            node = node.setdefault(ch, {})
        node[""] = {}  # a term ends here

    def branch(node: dict[str, Any]) -> str:
        arms = [re.escape(ch) + branch(child) for ch, child in sorted(node.items()) if ch]
        if not arms:
            return ""
        body = arms[0] if len(arms) == 1 else "(?:" + "|".join(arms) + ")"
        return f"(?:{body})?" if "" in node else body

    return branch(trie)
