"""`alternation`: a trie of terms that matches exactly what the plain `t1|t2|…` of them (longest first)
matches, wherever a match is followed by something that makes the longer term fail."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engram.providers.enrichers.rules.entities import _TECH_TERMS
from engram.providers.enrichers.rules.patterns import alternation
from engram.providers.enrichers.rules.temporal import MONTHS


def _plain(terms: list[str]) -> str:
    return "|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True))


def _both(terms: list[str], around: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    return (
        re.compile(around.format(_plain(terms)), re.IGNORECASE),
        re.compile(around.format(alternation(terms)), re.IGNORECASE),
    )


TECH = _both(_TECH_TERMS, r"(?<![\w.@/-])(?:{})(?![\w+#]|\.\w)")
MONTH_DAY = _both(list(MONTHS), r"\b(?P<month>{})\.? (?P<day>\d{{1,2}})\b")
PIECES = [*_TECH_TERMS, *MONTHS, *(t.upper() for t in _TECH_TERMS), "s", "ql", ".", ". ", " ", "-", "@", "+"]
PIECES += ["#", ".x", "5", " 5", " 12", "st", "_", "é", "\n", " Lambdas", "Postgre", "Sept. 3", "sept 3"]


@settings(max_examples=400, derandomize=True)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=12))
def test_a_trie_matches_what_the_plain_alternation_matches(pieces: list[str]) -> None:
    text = "".join(pieces)
    for plain, trie in (TECH, MONTH_DAY):
        assert [(m.span(), m.groups()) for m in trie.finditer(text)] == [
            (m.span(), m.groups()) for m in plain.finditer(text)
        ]


def test_the_longest_term_that_fits_wins() -> None:
    _, trie = TECH
    assert [m.group(0) for m in trie.finditer("AWS Lambda, AWS Lambdas, PostgreSQL and Postgres")] == [
        "AWS Lambda",
        "AWS",
        "PostgreSQL",
        "Postgres",
    ]
