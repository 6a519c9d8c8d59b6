"""Precedence at recall: among recall's candidates, a newer statement of a change ranks above the older
statement it changes. Ordering, never dropping: a wrong call costs a rank, never a memory.

A pair (newer N, older O, by observed_at) takes precedence when N states a change (the language of
change: cessation, negation, replacement, movement, a value going up or down; or a changed value of
O's attribute) about a subject the two share (a name or entity, or the user: "I", "we" and the user's
own name are the user) and the two are about one topic (a content word beyond the subject, or a
second shared subject). Distinct facts about one subject share only the subject, and keep their order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from typing import Protocol, TypeVar

from engram.domain.claims import (
    Claim,
    contradiction,
    same_voice,
    slot_change,
    speaker,
    stem,
    value_change,
)
from engram.domain.models import Status
from engram.domain.scoring import Components

# The bounded language of change: general English, not a list of any scenario's words.
CHANGE = re.compile(
    r"\b(?:no longer|not any ?more|any ?more|any longer|no more|instead|nowadays|these days|from now on|"
    r"(?<!right )(?<!for )(?<!until )(?<!by )(?<!just )now(?! and then| that)|actually|correction|"
    r"(?:switch|swapp|chang|migrat|mov|replac|convert|upgrad|downgrad|relocat|transferr|reschedul|postpon|"
    r"cancell?|renam|rebrand|revert|delet|remov|retir|resign|rais|lower|increas|decreas|reduc|updat|"
    r"revis|stopp|ceas|dropp|ditch|quitt|abandon|uninstall)(?:ed|ing)|"
    r"(?:moves|switches|changes) (?:to|over)|quits?|"
    r"gave up|given up|giving up|took over|taken over|handed over|turned (?:off|on)|shut (?:down|off)|"
    r"called off|pushed back|brought forward|went (?:up|down|back)|gone (?:up|down)|back to|"
    r"sold|left|joined|became|become|broke up|split up|ended)\b",
    re.IGNORECASE,
)
_FIRST_PERSON = re.compile(
    r"\b(?:I|I'm|I've|I'll|I'd|(?i:me|my|mine|myself|we|we're|we've|we'll|we'd|us|our|ours|ourselves))\b"
)
USER = "@user"  # the subject key of the scope's user
_WINDOW = 20  # candidates considered beyond top_k (newer facts a few ranks below the top k)
_NUDGE = 1e-6  # a lifted score is this much (relatively) above the older one's


class Ranked(Protocol):
    """What precedence reads of a candidate (a domain.scoring.Candidate fits)."""

    @property
    def id(self) -> str: ...
    @property
    def content(self) -> str: ...
    @property
    def entities(self) -> list[str]: ...
    @property
    def observed_at(self) -> datetime: ...
    @property
    def status(self) -> Status: ...


R = TypeVar("R", bound=Ranked)


@dataclass(frozen=True)
class Reading:
    """One candidate as precedence reads it."""

    claim: Claim
    subjects: frozenset[str]  # name words (stemmed) and USER
    topic: frozenset[str]  # content words beyond the subjects and the language of change
    changes: bool  # worded as a change


@lru_cache(maxsize=4096)
def read(content: str, entities: tuple[str, ...] = (), user: tuple[str, ...] = ()) -> Reading:
    """What a statement is about and whether it states a change. `user`: the user's name, lowercased."""
    voice, said = speaker(content)
    claim = Claim.of(content, entities)
    words = {stem(w) for name in claim.names for w in name.split() if not w.isdigit()}
    me = {stem(u) for u in user}
    subjects = {USER if w in me else w for w in words}
    if voice is None and _FIRST_PERSON.search(said):
        subjects.add(USER)
    changing = {stem(w.lower()) for m in CHANGE.finditer(said) for w in m.group(0).split()}
    topic = claim.words - words - changing - me
    return Reading(claim, frozenset(subjects), frozenset(topic), bool(CHANGE.search(said)))


def change(new: Reading, old: Reading) -> bool:
    """Whether `new` states a change of what `old` states (said by the same voice)."""
    if not same_voice(new.claim, old.claim):
        return False
    if new.changes:
        return True
    old_claim, new_claim = old.claim, new.claim
    return bool(
        contradiction(old_claim, new_claim)
        or slot_change(old_claim, new_claim)
        or value_change(old_claim, new_claim)
    )


def related(new: Reading, old: Reading) -> bool:
    """Whether two statements are about one thing: a shared subject and a shared topic word or a second
    shared subject; without a subject on one side, two shared topic words."""
    shared = new.subjects & old.subjects
    topic = new.topic & old.topic
    if shared:
        return bool(topic) or len(shared) >= 2
    return (not new.subjects or not old.subjects) and len(topic) >= 2


def takes_precedence(new: Reading, old: Reading) -> bool:
    return related(new, old) and change(new, old)


def precedence(items: Sequence[Ranked], user: Iterable[str] = ()) -> dict[str, tuple[str, ...]]:
    """For each item that takes precedence over others: their ids (older, by observed_at)."""
    names = tuple(sorted({u.lower() for u in user}))
    live = [i for i in items if i.status != Status.superseded]
    readings = {i.id: read(i.content, tuple(i.entities), names) for i in live}
    found: dict[str, tuple[str, ...]] = {}
    for new in live:
        over = tuple(
            old.id
            for old in live
            if old.observed_at < new.observed_at and takes_precedence(readings[new.id], readings[old.id])
        )
        if over:
            found[new.id] = over
    return found


def precede(
    ranked: Sequence[tuple[R, Components]], top_k: int, user: Iterable[str] = ()
) -> list[tuple[R, Components]]:
    """`ranked` (best first) with every newer statement of a change lifted just above the older ones
    it takes precedence over, within the top `top_k` + a window; explain shows them as `precedes`."""
    window = list(ranked[: top_k + _WINDOW])
    over = precedence([m for m, _ in window], user)
    if not over:
        return list(ranked)
    score = {m.id: c.score for m, c in window}
    lifted: dict[str, Components] = {}
    for m, c in sorted(window, key=lambda mc: (mc[0].observed_at, mc[0].id)):
        if m.id not in over:
            continue
        floor = max(score[o] for o in over[m.id])
        target = max(score[m.id], floor + abs(floor) * _NUDGE + 1e-12)
        lifted[m.id] = replace(c, precedes=over[m.id], lifted=target)
        score[m.id] = target
    out = [(m, lifted.get(m.id, c)) for m, c in window] + list(ranked[len(window) :])
    return sorted(out, key=lambda mc: (-mc[1].score, mc[0].id))


__all__ = [
    "CHANGE",
    "USER",
    "Reading",
    "change",
    "precede",
    "precedence",
    "read",
    "related",
    "takes_precedence",
]
