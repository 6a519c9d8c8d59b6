"""Specific beats vague: what a memory pins down, and what a query asks for. Pure text rules.

"The launch rolls out to 5% on June 3, then 50%" pins down numbers and a date; "User mentioned the
launch again" pins down nothing. A rule ("never deploy on Fridays") or a decision ("we went with
electric vans over hydrogen") resolves a question about acting, which is what "can I deploy on
Friday?" asks. Recall uses these after fusion (domain.scoring); the enricher uses them for
importance and confidence.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache, wraps
from typing import TypeVar

from engram.domain.models import MemoryType

RESOLVING = frozenset({MemoryType.constraint, MemoryType.decision})

# Each kind of anchor once, cheapest first; the second field says whether it reads the lowercased text.
_ANCHORS = [
    (re.compile(r"\d"), False),  # numbers, times, dates, versions, amounts, percentages
    (re.compile(r"\b[A-Z]{2,}[\w-]*\b"), False),  # an acronym or identifier: SLA, DUS-2, PR
    (
        re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+\b"),
        False,
    ),  # a proper name that does not open the sentence
    (
        re.compile(
            r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|"
            r"may|june|july|august|september|october|november|december|tomorrow|weekly|daily|monthly)\b"
        ),
        True,
    ),
    # a channel or handle, a host, a slug (`x-y`, `x_y`)
    (re.compile(r"[#@][\w-]|(?<=[\w-])\.[a-z]{2,}\b|\w[-_]\w"), False),
]
# Talk about a topic rather than what was said about it. Hedges of everyday speech ("lately", "some
# stuff", "a bit") are not here: "I've been painting lately" is a fact a question can ask about.
# Matched against the lowercased text (cheaper than IGNORECASE over an alternation).
_VAGUE = re.compile(
    r"\b(?:mentioned|talked about|talking about|brought up|chatted|discussed|said something|was saying|"
    r"(?:came|comes|coming|come) up|back and forth)\b"
)
_WORD = re.compile(r"[\w'’-]+")
# The answers about a text recall keeps (vague_or_anchored here, its terms in domain.scoring): for the
# last KEPT texts of at most KEPT_CHARS characters, so at most a few MB.
KEPT, KEPT_CHARS = 2048, 1024
T = TypeVar("T")

# A query about acting, deciding or being allowed: a rule or a decision answers it.
_ACTION_QUERY = re.compile(
    r"^\s*(?:can|may|could|should|shall|must)\s+(?:i|we|he|she|they|you|\w+)\b|"
    r"\b(?:is it|is that|would it be) (?:ok|okay|fine|alright|allowed)\b|\bam i allowed\b|\ballowed to\b|"
    r"\b(?:i|we)(?:'m| am|'re| are)? (?:want(?:ing)? to|going to|planning to|about to|shipping|deploying|"
    r"booking|sending|scheduling|setting up|buying)\b|\b(?:i|we)'ll\b|\bi will\b|\bwe will\b|"
    r"\bwhich\b.+\b(?:should|do|does|did|are|is)\s+(?:we|i|they)\s+(?:use|pick|choose|buy|go with)\b|"
    r"\bwhat (?:kind of|type of)?\s*\w*\s*(?:are|do|did|should) we\b|"
    r"\bwhat do (?:i|we) need (?:to|before)\b|\bwho (?:needs|has) to\b|\brules?\b|\bpolicy\b|\bdecid",
    re.IGNORECASE,
)


def anchors(text: str, enough: int = len(_ANCHORS)) -> int:
    """How many kinds of concrete anchor the text carries (0–5), counting no further than `enough`."""
    return _anchors(text, text.lower(), enough)


def _anchors(text: str, lower: str, enough: int) -> int:
    found = 0
    for pattern, lowered in _ANCHORS:
        if pattern.search(lower if lowered else text):
            found += 1
            if found >= enough:
                break
    return found


def kept_for_short_texts(answer: Callable[[str], T]) -> Callable[[str], T]:
    """`answer`, with its answers for the last KEPT texts of at most KEPT_CHARS characters kept.
    Recall asks them of its candidates, and the memories of a scope come back as candidates again and
    again. Keyed by the text itself: a changed memory is a new key, never a stale answer; a long text
    is not kept, so the answers kept hold at most KEPT × KEPT_CHARS characters."""
    kept = lru_cache(maxsize=KEPT)(answer)

    @wraps(answer)
    def ask(text: str) -> T:
        return kept(text) if len(text) <= KEPT_CHARS else answer(text)

    return ask


@kept_for_short_texts
def vague_or_anchored(text: str) -> tuple[bool, bool]:
    """Whether the text is vague (see is_vague) and whether it carries two kinds of anchor or more,
    in one pass over the anchors and one lowercasing (kept for short texts: recall asks both of its
    candidates)."""
    lower = text.lower()
    n = _anchors(text, lower, enough=2)
    if _VAGUE.search(lower):
        return n <= 1, n >= 2
    return n == 0 and len(_WORD.findall(text)) < 4, n >= 2


def is_vague(text: str) -> bool:
    """Chatter about a topic rather than a fact about it ("mentioned the launch again"), or a scrap
    too short to pin anything down. A short plain statement ("I'm allergic to peanuts") is not vague."""
    return vague_or_anchored(text)[0]


def asks_to_act(query: str) -> bool:
    return bool(_ACTION_QUERY.search(query))
