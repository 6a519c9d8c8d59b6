"""Precedence at recall: a newer statement of a change ranks above the older statement it changes.

Ordering, never dropping: a wrong call costs a rank, never a memory. A pair (newer N, older O) takes
precedence when N states a change about a subject the two share and both are about one topic;
distinct facts about one subject keep their order.
"""

from __future__ import annotations

import math
import re
import statistics
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from operator import mul
from typing import Protocol, TypeVar

from engram.domain.claims import (
    DISPOSES,
    STOPWORDS,
    content_words,
    names,
    normalise_times,
    speaker,
    stem,
)
from engram.domain.models import Status
from engram.domain.scoring import Components, shares_a_term, term_set, unit
from engram.domain.specificity import is_rule, vague_or_anchored
from engram.domain.text import terms

# The bounded language of change: general English, not a list of any scenario's words.
# Said of the present: a statement of how things are now, not always of what it replaced.
CURRENT = re.compile(
    r"\b(?:nowadays|these days|(?<!right )(?<!for )(?<!until )(?<!by )(?<!just )now(?! and then| that)|"
    r"actually|"
    # the onset of how things are: "since last Monday", "as of June", "from this release", "starting today"
    r"since (?:last|this) \w+|as of|starting (?:from|on|with|today|tomorrow|this|next|in)|"
    r"from (?:this|next) \w+(?: on)?|with effect from|effective (?:from|immediately|today)|"
    # a slip put right: "I had it wrong", "I got that wrong"
    r"(?:had|got) (?:it|that|this) wrong|i was wrong|mistaken|"
    r"(?:told|gave) (?:you|them) (?:\w+ )?wrong|(?:that|it) was wrong|my mistake|typo|scratch that|"
    r"i meant)\b",
    re.IGNORECASE,
)
# Saying that something does not hold: of a newer statement, a change of an older one that said it did.
NEGATION = re.compile(
    r"\b(?:not|no|never|none|nothing|neither|nor|without)\b|n['’]t\b|"
    r"\b(?:is|are|was|were|been|went|gone|goes|go)(?: \w+)? off\b|['’]s off\b",
    re.IGNORECASE,
)
# Cessation, negation of a habit, replacement, movement, a value going up or down.
CHANGE = re.compile(
    r"\b(?:no longer|not any ?more|any ?more|any longer|no more|instead|from now on|correction|"
    r"(?:switch|swapp|chang|migrat|mov|replac|convert|upgrad|downgrad|relocat|transferr|reschedul|postpon|"
    r"cancell?|renam|rebrand|revert|delet|remov|retir|resign|rais|lower|increas|decreas|reduc|updat|"
    r"revis|stopp|ceas|dropp|ditch|quitt|abandon|uninstall)(?:ed|ing)|"
    r"(?:moves|switches) (?:to|over)|quits?|"
    r"gave up|given up|giving up|took over|taken over|handed over|turned (?:off|on)|shut (?:down|off)|"
    r"called off|pushed back|brought forward|went (?:up|down|back)|gone (?:up|down)|back to|"
    r"sold(?! out)|left|joined|became|become|broke up|split up|ended|parted (?:ways|company)|fell through|"
    r"pulled out|dropped out|walked away|called it quits|wound down|(?:is|was|are|were) over|"
    r"['’](?:s|re) over)\b",
    re.IGNORECASE,
)
# The user speaking, or an agent's note about its user ("The user prefers …").
_FIRST_PERSON = re.compile(
    r"\b(?:I|I'm|I've|I'll|I'd|(?i:me|my|mine|myself|we|we're|we've|we'll|we'd|us|our|ours|ourselves|"
    r"the user(?:['’]s)?))\b"
)
# A user introducing themselves: "I'm Maren", "my name is Dan", "call me Jo".
_SELF_NAMED = re.compile(r"\b(?:I['’]m|I am|(?i:my name is|my name's|call me))\s+([A-Z][\w'’-]*)")
# A name opening a sentence as its subject: "Dan drives …", "Kwame's mother …" (a verb or 's follows).
_SUBJECT = re.compile(r"(?:^|[.!?;]\s+)([A-Z][\w’'-]*?)(?:['’]s\b|\s+(?!and\b|or\b|of\b|[A-Z])[a-z]+)")
# Kinship words: "Mum", "Dad" open sentences as a person's title, never as the user's name.
KIN = frozenset(
    (
        *("mum", "mom", "mother", "mam", "mama", "mamma", "mommy", "mummy", "ma"),
        *("dad", "father", "papa", "daddy", "pa", "grandma", "granny", "gran", "nana", "grandpa"),
        *("granddad", "grandad", "grandmother", "grandfather", "sis", "bro", "auntie", "aunt", "uncle"),
    )
)
# A question about what was ("when did …", "what was …", "used to"): history, where what came later
# takes no precedence over what it asks about.
PAST = re.compile(
    r"\b(?:did|didn't|was|wasn't|were|weren't|had|hadn't|used to|previously|originally|formerly|"
    r"at first|before|ago|last (?:year|month|week|time))\b",
    re.IGNORECASE,
)
USER = "@user"  # the subject key of the scope's user
TIME = "@time"  # the unit of a time of day
_NUDGE = 1e-6  # a lifted score is this much (relatively) above the older one's
# Related by meaning: a cosine at least this, and this much above the newer memory's median cosine to
# the other candidates (MiniLM: a change and what it changes, median 0.68; unrelated facts about one
# person, median 0.41).
_MEANING_FLOOR = 0.5
_MEANING_MARGIN = 0.15


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

    voice: str | None  # a transcript line's speaker
    subjects: frozenset[str]  # name words (stemmed) and USER
    named: frozenset[str]  # the subjects named mid-sentence (a capitalised opening word may be common)
    topic: frozenset[str]  # content words beyond those names and the language of change
    quantities: frozenset[tuple[str, str]]  # (unit, amount): "138 vans", "£420", "20%"
    changes: bool  # worded as a change (or said of the present)
    ends: bool  # worded as an end or a replacement of something
    negative: bool = False  # says that something does not hold ("no football for him this season")
    unnamed: bool = False  # names no one past its opening word: the user's world, unless it names them
    wholes: frozenset[frozenset[str]] = frozenset()  # each name's words together ("Little Acorns")


def read(content: str, entities: tuple[str, ...] = (), user: tuple[str, ...] = ()) -> Reading:
    """What a statement is about and whether it states a change. `user`: the user's name, lowercased.
    Accents are folded first: "Álvaro" is a name, not the word "lvaro"."""
    return _read(_fold(content), tuple(_fold(e) for e in entities), tuple(_fold(u) for u in user))


def _fold(text: str) -> str:
    """Latin letters without their accents ("Álvaro" → "Alvaro"); other scripts as they are."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


@lru_cache(maxsize=4096)
def _read(content: str, entities: tuple[str, ...] = (), user: tuple[str, ...] = ()) -> Reading:
    voice, said = speaker(content)
    me = {stem(u) for u in (*user, "user")}  # an agent's note names its user "User" too
    wholes = {frozenset(USER if w in me else w for w in name) for name in _wholes(said, entities)}
    words = {w for name in wholes for w in name}
    subjects = set(words)
    mid = {stem(w) for w in _name_words(_OPENING.sub(_lower, said))}
    mid -= {w for name in wholes if not name <= mid for w in name}  # "Little Acorns" opening a sentence
    if voice is None and _FIRST_PERSON.search(said):
        subjects.add(USER)
    named = {USER if w in me else w for w in mid} | (subjects & {USER})
    marked = [*CHANGE.finditer(said), *CURRENT.finditer(said)]
    disposed = bool(DISPOSES.search(said))  # parted with a thing: sold, got rid of, scrapped …
    changing = {root(w.lower()) for m in marked for w in m.group(0).split()}
    topic = {_undouble(w) for w in content_words(said)} - mid - changing - me
    return Reading(
        voice,
        frozenset(subjects),
        frozenset(named),
        frozenset(topic),
        quantities(said),
        bool(marked) or disposed,
        any(m.re is CHANGE for m in marked) or disposed,
        bool(NEGATION.search(said)),
        voice is None and not mid,
        frozenset(w for w in wholes if w),
    )


_RUN = re.compile(r"[A-Z][\w'’.-]*(?:[ \t]+[A-Z][\w'’.-]*)*")


def _wholes(text: str, entities: Iterable[str] = ()) -> set[frozenset[str]]:
    """The text's names (stemmed), the words of one name together: adjacent capitalised name words
    ("Little Acorns", "Premiere Pro") are one name, every other name word a name of its own."""
    words = _name_words(text, entities)
    runs = [run for m in _RUN.finditer(text) if (run := _run_words(m.group(0), words))]
    alone = words.difference(*runs)
    return {frozenset(stem(w) for w in run) for run in runs} | {frozenset({stem(w)}) for w in alone}


def _run_words(run: str, words: set[str]) -> set[str]:
    """The name words of a run of capitalised words, when it holds more than one."""
    found = {re.sub(r"['’]s$", "", w.lower().rstrip(".")) for w in run.split()} & words
    return found if len(found) > 1 else set()


def _name_words(text: str, entities: Iterable[str] = ()) -> set[str]:
    """The words of the text's proper names (claims.names), lowercased, numbers left out."""
    return {w for name in names(text, entities) for w in name.split() if not w.isdigit()}


def first_person(text: str) -> bool:
    """Whether the user speaks in the text, or an agent's note is about its user ("The user …")."""
    return speaker(text)[0] is None and bool(_FIRST_PERSON.search(text))


def user_aliases(query: str, contents: Iterable[str], known: Sequence[str] = ()) -> tuple[str, ...]:
    """The words the query calls the scope's user by: `known` (from the user id), and a name of the query
    that is the memories' main subject: it opens their sentences more often than any other name, at
    least twice ("Dan drives a Focus", "Dan's a Guinness man"; "I'm Maren" counts twice), and no memory
    names it beside a first-person word ("I", "my", "the user"). An agent notes its user in the third
    person while the user speaks in the first ("I sold the Focus"): both are the user's."""
    asked = _name_words(query) - {k.lower() for k in known}
    if not asked:
        return tuple(known)
    subject: dict[str, int] = {}
    other: set[str] = set()
    for text in contents:
        voice, said = speaker(text)
        if voice is not None:  # a transcript line: its speaker is one of the people talking
            other.add(voice)
            continue
        introduced = {m.group(1).lower() for m in _SELF_NAMED.finditer(said)}
        for name in introduced:
            subject[name] = subject.get(name, 0) + 2
        if _FIRST_PERSON.search(_SELF_NAMED.sub("", said)):  # "Kavya's away, Ishaan stays with me"
            other |= _name_words(said) - introduced
            continue
        openers = {m.group(1).lower() for m in _SUBJECT.finditer(said)} - introduced - KIN
        for name in openers:
            subject[name] = subject.get(name, 0) + 1
    ranked = sorted(((n, t) for n, t in subject.items() if n not in other), key=lambda nt: -nt[1])
    if not ranked or ranked[0][1] < 2 or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
        return tuple(known)
    main = ranked[0][0]
    return (*known, main) if main in asked else tuple(known)


def root(word: str) -> str:
    """`claims.stem`, and a doubled final consonant undone: "running" and "runs" meet at "run"."""
    return _undouble(stem(word))


def _undouble(w: str) -> str:
    return w[:-1] if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "aeiouls" else w


def _lower(m: re.Match[str]) -> str:
    return m.group(1) + m.group(2).lower()


_OPENING = re.compile(r"(^\W*|[.!?:;]\s+\W*)([A-Z])")
_QUANTITY = re.compile(
    r"([£$€¥])\s?(\d[\d,]*(?:\.\d+)?)(?:\s*(?:a|an|per|/)\s*([a-z]+))?|(\d[\d,]*(?:\.\d+)?)\s?(%|[a-z]{2,})",
    re.IGNORECASE,
)


def quantities(text: str) -> frozenset[tuple[str, str]]:
    """Amounts with their unit: a currency before the number (and what it is per), or the word after it;
    and times of day (HH:MM, unit TIME)."""
    text, times = normalise_times(text)
    found = {(TIME, t) for t in times}
    for m in _QUANTITY.finditer(text):
        if m.group(1):
            per = f"/{stem(m.group(3).lower())}" if m.group(3) else ""
            found.add((m.group(1) + per, m.group(2).replace(",", "")))
        elif m.group(5).lower() not in STOPWORDS:
            found.add((stem(m.group(5).lower()), m.group(4).replace(",", "")))
    return frozenset(found)


def _changed_amount(new: Reading, old: Reading) -> bool:
    """The same unit at another amount, the old amount not restated: "120 vans" → "138 vans"."""
    units = {u for u, _ in new.quantities} & {u for u, _ in old.quantities}
    return any(
        {a for u, a in new.quantities if u == unit}.isdisjoint({a for u, a in old.quantities if u == unit})
        for unit in units
    )


def change(new: Reading, old: Reading) -> bool:
    """Whether `new` states a change of what `old` states (said by the same voice): the language of
    change, or another amount of one unit. (A changed slot value without either is the decision
    stage's, at write time: parsing slots costs more than a recall can spend on every candidate.)"""
    if not _same_voice(new, old):
        return False
    if new.changes or _changed_amount(new, old):
        return True
    # what it says does not hold is what the older one said: a word of it beyond whom it is about
    return _negates(new, old) and bool((new.topic & old.topic) - new.subjects - old.subjects)


def _negates(new: Reading, old: Reading) -> bool:
    """`new` says that something does not hold where `old` said nothing of the kind, of everyone `old`
    names: "Tobias plays football on Wednesdays" → "no football for him this season" (but "Tom didn't
    love Ethiopian food" does not negate "Clara loves Ethiopian food")."""
    return new.negative and not old.negative and old.named <= new.subjects


def _same_voice(a: Reading, b: Reading) -> bool:
    return a.voice is None or b.voice is None or a.voice == b.voice


def related(new: Reading, old: Reading) -> bool:
    """Whether two statements are about one thing: a shared subject and a shared topic word or a second
    shared subject; else shared topic words (one where neither names a subject, two where one does),
    unless each names a subject of its own."""
    shared = new.subjects & old.subjects
    if not shared and ((new.unnamed and USER in old.subjects) or (old.unnamed and USER in new.subjects)):
        shared = frozenset({USER})  # "Flour went up, the sourdough is 4.30" is the user's, as "our …" was
    topic = (new.topic & old.topic) - shared
    if shared:
        return bool(topic) or _shared_names(new, old) >= 2
    if new.named and old.named:
        return False  # each names someone, not the same one
    # the topic is the subject: one word in common when neither names any, else two
    return len(topic) >= (1 if not (new.subjects or old.subjects) else 2)


def _shared_names(a: Reading, b: Reading) -> int:
    """How many subjects two statements share, a name of several words ("Little Acorns") counted once."""
    them = {w for name in b.wholes for w in name} | (b.subjects & {USER})
    mine = {name for name in a.wholes if name & them}
    return len(mine) + (USER in a.subjects & b.subjects and not any(USER in n for n in mine))


Vectors = Callable[[Sequence[str]], Mapping[str, Sequence[float]]]  # memory ids → their embeddings


def precedence(
    items: Sequence[Ranked], user: Iterable[str] = (), vectors: Vectors | None = None
) -> dict[str, tuple[str, ...]]:
    """For each item that takes precedence over others: their ids (older, by observed_at). A pair that
    shares only its subject is related by meaning (`vectors`, fetched only for such a pair)."""
    names = tuple(sorted({u.lower() for u in user}))
    # A transcript line ("Caroline: …") is a turn of a conversation, an event ordered as ranked; facts
    # told in one are what precedence orders (a session's extraction writes them without the speaker).
    live = [i for i in items if i.status != Status.superseded and speaker(i.content)[0] is None]
    readings = {i.id: read(i.content, tuple(i.entities), names) for i in live}
    found: dict[str, list[str]] = {}
    unsure: dict[str, list[str]] = {}  # a change about a shared subject, on no shared word
    for new in live:
        for old in live:
            if old.observed_at >= new.observed_at:
                continue
            n, o = readings[new.id], readings[old.id]
            if related(n, o):  # the cheap test first
                # a rule yields only to another rule, or to a statement that ends or replaces it
                if change(n, o) and (n.ends or not is_rule(old.content) or is_rule(new.content)):
                    found.setdefault(new.id, []).append(old.id)
            elif (n.ends or _negates(n, o)) and n.subjects & o.subjects and _same_voice(n, o):
                if n.ends and (n.subjects & o.named) - {USER}:  # it ends a thing or person the older names
                    found.setdefault(new.id, []).append(old.id)
                else:
                    unsure.setdefault(new.id, []).append(old.id)
    if unsure and vectors is not None:
        for new_id, old_id in _related_by_meaning(unsure, [i.id for i in live], vectors):
            found.setdefault(new_id, []).append(old_id)
    return {k: tuple(v) for k, v in found.items()}


def _related_by_meaning(
    unsure: Mapping[str, Sequence[str]], ids: Sequence[str], vectors: Vectors
) -> Iterable[tuple[str, str]]:
    """The unsure pairs whose two memories are close in absolute terms, and well above how close the
    newer one is to the other candidates."""
    found = vectors(ids)
    units = {i: unit(v) for i, v in found.items()}
    for new_id, olds in unsure.items():
        if new_id not in units:
            continue
        cos = {
            i: sum(a * b for a, b in zip(units[new_id], v, strict=False))
            for i, v in units.items()
            if i != new_id
        }
        others = [c for i, c in cos.items() if i not in olds]
        typical = statistics.median(others) if len(others) >= 2 else 0.0
        for old in olds:
            if old in cos and cos[old] >= _MEANING_FLOOR and cos[old] - typical >= _MEANING_MARGIN:
                yield new_id, old


def precede(
    ranked: Sequence[tuple[R, Components]],
    top_k: int,
    user: Iterable[str] = (),
    vectors: Vectors | None = None,
    query: str = "",
) -> list[tuple[R, Components]]:
    """`ranked` (best first) with every newer statement of a change lifted just above the older ones
    it takes precedence over, within the top `top_k` (which recall's pruning decides exactly, so a
    recall answers as if every candidate were scored in full); explain shows them as `precedes`.
    A `query` about the past (PAST) asks for what was: the ranking is left as it is."""
    if PAST.search(query):
        return list(ranked)
    window = list(ranked[:top_k])
    over = precedence([m for m, _ in window], user, vectors)
    if query and over:
        over = _answering(over, window, query, user)
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
    # two lifted over one older statement tie: the later word ranks first
    return sorted(out, key=lambda mc: (-mc[1].score, -mc[0].observed_at.timestamp(), mc[0].id))


def _answering(
    over: Mapping[str, tuple[str, ...]],
    window: Sequence[tuple[R, Components]],
    query: str,
    user: Iterable[str],
) -> dict[str, tuple[str, ...]]:
    """The pairs whose newer statement answers the query too: it shares a word of it (give or take an
    ending; the user's own name is no such word), or by meaning it is among the closer half of the
    candidates or as close as the older one, or recall ranks it in the better half of the candidates
    (by its links, say) and it shares a topic word with the older one. A change about something else
    ranks where it ranked."""
    mine = {u.lower() for u in user}
    names = tuple(sorted(mine))
    asked = frozenset(t for t in terms(query) if t not in mine)
    by_id = {m.id: (m, c) for m, c in window}
    cosines = [c.vector for _, c in window if c.vector is not None]
    typical = statistics.median(cosines) if cosines else math.inf
    middle = statistics.median(c.score for _, c in window)
    kept: dict[str, tuple[str, ...]] = {}
    for new_id, olds in over.items():
        new, nc = by_id[new_id]
        if shares_a_term(asked, term_set(new.content)) or (nc.vector is not None and nc.vector >= typical):
            kept[new_id] = olds
            continue
        close = tuple(
            o
            for o in olds
            if (nc.vector is not None and nc.vector >= (by_id[o][1].vector or 0.0))
            or (len(window) > 2 and nc.score > middle and _one_thing(new, by_id[o][0], names))
        )
        if close:
            kept[new_id] = close
    return kept


# What ended, by its aspect: a habit of the past, or a state told in the simple past with the span it
# lasted or its end ("Kenji worked at Rakuten for five years", "Priya led the SSO project; … the team was
# wound down"), and nothing said of the present. (A past-tense act that starts a state, "Kenji joined
# PayNami", is neither: it names no span and no end.)
_PAST_HABIT = re.compile(
    r"\b(?:used to|formerly|previously|once was|back then|in those days)\b", re.IGNORECASE
)
_PAST_VERB = re.compile(
    r"\b(?:was|were|had|did|led|ran|went|taught|held|spent|kept|sat|stood|wrote|lent|made|took|"
    r"[a-z]{2,}(?<!ne)(?<!ee)ed)\b",
    re.IGNORECASE,
)
_SPAN = re.compile(
    r"\bfor (?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|several|"
    r"a couple of) (?:day|week|month|year|decade)s?\b|"
    r"\b(?:ended|finished|completed|wound down|wrapped up|shut down|closed down|came to an end|"
    r"(?:was|were) over)\b",
    re.IGNORECASE,
)
# Said of the present: a present-tense verb of being or having, or a word of now.
_PRESENT = re.compile(
    r"\b(?:am|is|are|has|have|'m|'re|'ve|now|nowadays|again|currently|current|these days|still|"
    r"at the moment|right now)\b|['’](?:m|re|ve)\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def finished(text: str) -> bool:
    """Whether the text tells a state as over by its aspect (see _PAST_HABIT, _SPAN): told of a past
    that ended, not of the present, which a question about now does not ask for."""
    said = speaker(text)[1]
    if _PRESENT.search(said):
        return False
    return bool(_PAST_HABIT.search(said)) or bool(_PAST_VERB.search(said) and _SPAN.search(said))


# current_over_ended: a newer memory about the same subject is about the same slot when it is this close
# in meaning to the ended one, and this much closer than the ended one is to the typical candidate
# (MiniLM: "worked at Rakuten" / "joined PayNami" 0.55 against 0.38; unrelated facts about one person,
# median 0.41). Lower than precedence's bar: the ended one is known to be over.
_SLOT_FLOOR = 0.45
_SLOT_MARGIN = 0.08


def current_over_ended(
    ranked: Sequence[tuple[R, Components]],
    query: str,
    user: Iterable[str] = (),
    vectors: Vectors | None = None,
    window: int = 10,
) -> list[tuple[R, Components]]:
    """A question not about the past (PAST): within the top `window`, a memory that ended yields to the
    newer memories about the same thing that say what holds now (`_says_now`): sharing two terms and a
    quarter of the shorter's, or the same subject and, by meaning (`vectors`), the same slot. Ended by
    its aspect (`finished`), it yields to them; ended by its validity (an event, a stay), only to one that
    matches the query about as well (_EXPIRED_SHARE: a dated event with nothing newer stays the answer).
    They rank just above it, in their own order; `via` names it."""
    if PAST.search(query) or _HISTORY.search(query) or len(ranked) < 2:
        return list(ranked)
    head, rest = list(ranked[:window]), list(ranked[window:])
    # a transcript line is a turn of a conversation, ordered as ranked (as in `precedence`)
    plain = {m.id for m, _ in head if speaker(m.content)[0] is None}
    told_over = {m.id for m, _ in head if m.id in plain and finished(m.content)}
    over = told_over | {m.id for m, c in head if m.id in plain and c.expiry < 1}
    if not over:
        return list(ranked)
    names = tuple(sorted({u.lower() for u in user}))
    found: Mapping[str, Sequence[float]] | None = None
    out = list(head)
    for i, (old, oc) in enumerate(head):
        if old.id not in over or oc.superseded < 1:
            continue
        old_terms = term_set(old.content)
        o = read(old.content, tuple(old.entities), names)
        floor = 0.0 if old.id in told_over else oc.score * _EXPIRED_SHARE
        by_subject: list[int] = []
        by_terms: list[int] = []
        for j in range(i + 1, len(head)):
            new, nc = out[j]
            if new.id in over or new.id not in plain or nc.superseded < 1 or nc.via is not None:
                continue
            if nc.score < floor:
                continue
            if new.observed_at <= old.observed_at or not _says_now(new.content):
                continue
            new_terms = term_set(new.content)
            shared = old_terms & new_terms
            if len(shared) >= 2 and len(shared) >= 0.25 * min(len(old_terms), len(new_terms)):
                by_terms.append(j)
            elif _about(o) & _about(read(new.content, tuple(new.entities), names)):
                by_subject.append(j)
        if by_subject and vectors is not None:
            if found is None:
                found = vectors([m.id for m, _ in head])
            slot = _same_slot(old.id, [out[j][0].id for j in by_subject], found)
            by_terms += [j for j in by_subject if out[j][0].id == slot]
        base = oc.score
        for j in sorted(by_terms):
            new, nc = out[j]
            own = min(1.0, nc.score / base) if base > 0 else 0.0  # keeps their own order among them
            out[j] = (new, _lift(nc, base * (1.0 + 1e-3 * (1 + own)), old.id))
    return sorted(out, key=lambda mc: (-mc[1].score, mc[0].id)) + rest


# A question about what happened ("what happened to pg-ledger-01?") asks for history, as PAST does.
_HISTORY = re.compile(r"\b(?:happened|history)\b", re.IGNORECASE)
# An expired memory yields only to one scoring at least this share of its (already damped) score.
_EXPIRED_SHARE = 0.6


# The onset of a state: an act that starts what then holds ("signed the new lease", "started a
# secondment", "from January my employer's plan covers us"), told in any tense.
_ONSET = re.compile(
    r"\b(?:new|signed|started|starts|began|begins|decided|enrolled|registered|hired|took up|set up|"
    r"(?:from|starting|since) (?:now|today|tomorrow|next \w+|this \w+|jan\w*|feb\w*|mar\w*|apr\w*|may|"
    r"jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*))\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def _says_now(text: str) -> bool:
    """Whether a statement says what holds now: in the language of change, of the present or of an
    onset (not an event told in the past, "Talked about gift ideas for Rui"), and not vague chatter."""
    said = speaker(text)[1]
    now = CHANGE.search(said) or CURRENT.search(said) or _PRESENT.search(said) or _ONSET.search(said)
    return bool(now) and not vague_or_anchored(said)[0]


def _about(r: Reading) -> frozenset[str]:
    """Whom a statement is about: its subjects, and the user for one that names no one."""
    return r.subjects | {USER} if r.unnamed else r.subjects


def _lift(c: Components, target: float, via: str) -> Components:
    """`c` scoring `target` (when that is more), through the floor `lifted`, naming what it yields over."""
    return replace(c, lifted=target, via=via) if c.score < target else c


def _same_slot(old: str, candidates: Sequence[str], found: Mapping[str, Sequence[float]]) -> str | None:
    """The candidate closest in meaning to `old`, if it is close (_SLOT_FLOOR) and well above how close
    `old` is to the typical one of `found` (_SLOT_MARGIN)."""
    if old not in found:
        return None
    o = found[old]
    o_norm = math.sqrt(sum(map(mul, o, o))) or 1.0
    cos = {
        i: sum(map(mul, o, v)) / (o_norm * (math.sqrt(sum(map(mul, v, v))) or 1.0))
        for i, v in found.items()
        if i != old
    }
    typical = statistics.median(cos.values()) if cos else 0.0
    best = max((i for i in candidates if i in cos), key=cos.__getitem__, default=None)
    if best is None or cos[best] < _SLOT_FLOOR or cos[best] - typical < _SLOT_MARGIN:
        return None
    return best


def _one_thing(new: Ranked, old: Ranked, user: tuple[str, ...]) -> bool:
    """Whether two statements share a word of what they are about, beyond who they are about."""
    n, o = read(new.content, tuple(new.entities), user), read(old.content, tuple(old.entities), user)
    return bool((n.topic & o.topic) - n.subjects - o.subjects)


__all__ = [
    "CHANGE",
    "PAST",
    "USER",
    "Reading",
    "change",
    "current_over_ended",
    "finished",
    "first_person",
    "precede",
    "precedence",
    "read",
    "related",
    "user_aliases",
]
