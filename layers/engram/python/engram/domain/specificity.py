"""Specific beats vague: what a memory pins down, and what a query asks for. Pure text rules.

Numbers, dates, rules ("never deploy on Fridays") and decisions pin things down; "User mentioned the
launch again" pins down nothing. Recall uses these after fusion (domain.scoring); the enricher uses
them for importance and confidence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache, wraps
from typing import TypeVar

from engram.domain.models import MemoryType
from engram.domain.text import STOPWORDS

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
# last KEPT texts of at most KEPT_CHARS characters, and the last LONG_KEPT of at most LONG_CHARS (long
# memories: messages, document chunks), so at most a few MB.
KEPT, KEPT_CHARS = 2048, 1024
LONG_KEPT, LONG_CHARS = 128, 8192
T = TypeVar("T")

# Verbs that open a task given to an agent (general English, base form).
_TASK_VERBS = (
    "book|order|buy|purchase|reserve|rent|hire|send|email|e-mail|text|message|call|phone|ring|draft|write|"
    "reply|respond|post|publish|share|forward|invite|schedule|reschedule|plan|arrange|organi[sz]e|set|put|"
    "add|remove|delete|cancel|move|sign|register|enrol|enroll|pay|transfer|refund|charge|approve|submit|"
    "deploy|ship|release|merge|push|roll|run|launch|install|upgrade|configure|enable|disable|turn|switch|"
    "give|make|create|prepare|pick|choose|apply|find|get|grab|fetch|bring|take|pack|cook|bake|serve|feed|"
    "assign|file|bump|raise|lower|increase|reduce|offer|recommend|suggest|go|tell|confirm|accept|decline|"
    "ask|remind|let|cut|build|pull|upload|print|sort|fix|pour|lend|sell|start|stop"
)


# A query about acting, deciding or being allowed: a rule or a decision answers it.
_ACTION_QUERY = re.compile(
    r"^\s*(?:can|may|could|should|shall|must)\s+(?:i|we|he|she|they|you|\w+)\b|"
    r"\b(?:is it|is that|would it be) (?:ok|okay|fine|alright|allowed)\b|\bam i allowed\b|\ballowed to\b|"
    # asked mid-sentence ("for the team lunch, can we book …"), or of a thing ("is Friday OK for …")
    r"\b(?:can|may|could|should|shall|must) (?:i|we)\b|"
    r"\b(?:ok|okay|fine|alright|allowed|permitted) (?:to|for|if)\b|"
    r"\b(?:do|does) (?:i|we) (?:need|have) to\b|\b(?:am i|are we) supposed to\b|"
    r"\b(?:i|we)(?:'m| am|'re| are)? (?:want(?:ing)? to|going to|planning to|about to|shipping|deploying|"
    r"booking|sending|scheduling|setting up|buying)\b|\b(?:i|we)'ll\b|\bi will\b|\bwe will\b|"
    # a plan being weighed: "I'm thinking of taking …", "we're considering …", "what if I …"
    r"\b(?:i|we)(?:'m| am|'re| are) (?:thinking (?:of|about)|considering|tempted to|hoping to|planning on)\b|"
    r"\b(?:i|we) (?:plan|intend) to\b|\b(?:i|we)(?:'d| would) (?:like|love) to\b|\blet'?s\b|"
    r"\bwhat if (?:i|we)\b|"
    r"\b(?:is it|would it be) (?:a good idea|wise|safe|smart)\b|"
    r"\ba (?:good|bad|safe) (?:choice|idea|option|pick)\b|"
    r"\bwhich\b.+\b(?:should|do|does|did|are|is)\s+(?:we|i|they)\s+(?:use|pick|choose|buy|go with)\b|"
    r"\bwhich\b.+\bshould\b.+\b(?:use|pick|choose|buy|go with|run on)\b|"
    r"\bwhat (?:kind of|type of)?\s*\w*\s*(?:are|do|did|should) we\b|"
    r"\bwhat do (?:i|we) need (?:to|before)\b|\bwho (?:needs|has) to\b|\brules?\b|\bpolicy\b|\bdecid|"
    # what someone may do, asked of anyone ("what can Dan take …", "which projects should Nadia feature")
    r"\b(?:can|may|could|should|must)\s+(?:he|she|they|you|[A-Z][\w'’-]+)\s+(?!be\b|have been\b)[a-z]+|"
    r"\b(?:whether|if) (?:he|she|they|[A-Z][\w'’-]+) (?:can|could|may|should)\b|"
    # a task handed to the agent: an imperative ("Book Maren's travel …", "go ahead and order …")
    # (its object a determiner, a pronoun, a name or an amount, or a phrase that goes on with a
    # preposition: "order pizza for the sleepover"; "deploy windows" stays a keyword query); it may open
    # any clause ("I'm away next week — write up …")
    rf"(?:^|[—–;:.!?])\W*(?:please\s+|just\s+)*(?:go ahead and\s+)?(?:{_TASK_VERBS})\s+"
    r"(?:(?:a|an|the|my|our|his|her|their|your|some|any|this|that|these|those|up|us|me|him|them|it|to|for|"
    r"out|off|in|on|everyone|everybody)\b|(?-i:[A-Z])|\d|"
    r"[\w'’-]+(?: [\w'’-]+){0,2} (?:for|to|with|on|at|from|by|before|after|around|into|this|next)\b)",
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
    """`answer`, with its answers for the last KEPT texts of at most KEPT_CHARS characters kept, and
    for the last LONG_KEPT of at most LONG_CHARS. Recall asks them of its candidates, and the memories
    of a scope come back as candidates again and again. Keyed by the text itself: a changed memory is a
    new key, never a stale answer; a longer text is not kept, so what is kept stays bounded."""
    kept = lru_cache(maxsize=KEPT)(answer)
    kept_long = lru_cache(maxsize=LONG_KEPT)(answer)

    @wraps(answer)
    def ask(text: str) -> T:
        n = len(text)
        if n <= KEPT_CHARS:
            return kept(text)
        return kept_long(text) if n <= LONG_CHARS else answer(text)

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


class Wants:
    """What kind of specific a question asks for: a time, an amount, a name, a place, or an identifier (a
    reference, a ticket id, a flight, a phone number). A memory that holds one the question does not
    already say is the answer's shape; talk about the topic is not."""

    TIME, AMOUNT, NAME, PLACE, ID = "time", "amount", "name", "place", "id"


_WANTS = [
    (
        Wants.TIME,
        re.compile(
            r"^\s*(?:when|since when|until when)\b|\bwhat (?:time|day|date|year|month)\b"
            r"|\bhow (?:long|often|soon)\b|\bwhich (?:day|date|year|month|week)\b",
            re.IGNORECASE,
        ),
    ),
    (
        Wants.AMOUNT,
        re.compile(
            r"\bhow (?:much|many|big|far|fast|old)\b|\bwhat (?:is the )?(?:price|cost|fee|rate)\b",
            re.IGNORECASE,
        ),
    ),
    (
        Wants.NAME,
        re.compile(r"^\s*(?:who|whom|whose)\b|\bwho (?:is|are|was|does|did|should|can)\b", re.IGNORECASE),
    ),
    (
        Wants.PLACE,
        re.compile(r"^\s*where\b|\bwhich (?:city|country|place|address|office|room)\b", re.IGNORECASE),
    ),
    (
        Wants.ID,
        re.compile(
            r"\b(?:ids?|numbers?|reference|ref|code|doi|isbn|plate|confirmation|serial|pnr|tracking)\b"
            r"(?! (?:of|for) (?:times|people|days))|\bwhich (?:flight|train|bus|ferry|version|model)\b",
            re.IGNORECASE,
        ),
    ),
]
# an identifier: letters and digits in one token ("AI188", "ATL-2291", "B312"), or a run of digits with
# separators ("937-555-0140", "10.1080/0042"), or five digits or more; not a year
_IDENTIFIER = re.compile(
    r"\b(?=[\w./-]*\d)(?=[\w./-]*[a-z])[a-z\d][\w./-]*\d[\w./-]*|\d{2,}[ ./-]\d[\d ./-]*\d|\d{5,}",
    re.IGNORECASE,
)
_TIME_WORDS = re.compile(
    r"\b(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?|january|february|march|april|may|june|july|"
    r"august|september|october|november|december|tomorrow|tonight|today|yesterday|weekly|daily|monthly|"
    r"morning|afternoon|evening|noon|midnight|weekend|week|month|year|hours?|minutes?|days?)\b"
)
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][\w'’-]*[a-z][\w'’-]*\b|\b[A-Z]{2,}[\w-]*\b")
# A number that tells a time: a time of day, a date, a year, a duration ("23 pickers" is no time).
_TIME_DIGITS = re.compile(
    r"\b\d{1,2}[:h]\d{2}\b|\b\d{1,2}\s?(?:am|pm|o'clock)\b|\b\d{1,2}(?:st|nd|rd|th)\b|\b(?:1[89]|20)\d{2}\b|"
    r"\b\d{1,4}[/-]\d{1,2}(?:[/-]\d{1,4})?\b|"
    r"(?<![\w-])\d+(?:\.\d+)?\s?(?:-\s?)?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|nights?|weeks?|months?|years?|"
    r"yrs?|ms|s)\b"
)


@lru_cache(maxsize=1024)
def wants(query: str) -> str | None:
    """The kind of specific the question asks for (Wants), or None."""
    for kind, pattern in _WANTS:
        if pattern.search(query):
            return kind
    return None


def holds(text: str, kind: str, query_words: frozenset[str]) -> bool:
    """Whether `text` states a specific of `kind` that is not one of the question's own words."""
    if kind == Wants.TIME:
        lower = text.lower()
        return bool(_TIME_DIGITS.search(lower)) or any(
            m.group(0) not in query_words for m in _TIME_WORDS.finditer(lower)
        )
    if kind == Wants.AMOUNT:
        return bool(
            re.search(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|dozen|hundred)\b", text)
        )
    if kind == Wants.ID:
        return any(m.group(0).lower() not in query_words for m in _IDENTIFIER.finditer(text))
    names = {m.group(0).lower().strip("'’") for m in _NAME.finditer(text)}
    names = {n.removesuffix("'s").removesuffix("’s") for n in names}
    return bool(names - query_words) or (kind == Wants.PLACE and bool(re.search(r"\d", text)))


# A rule in the text itself: a prohibition or an obligation ("never", "no screens after 7", "must").
_RULE = re.compile(
    r"\b(?:never|don'?t|do not|must(?:n'?t| not)?|should(?:n'?t| not)|not allowed|isn'?t allowed|forbidden|"
    r"prohibited|always|only (?:ever )?\w+|rules?|policy|"
    r"no (?:\w+ ){0,3}(?:after|before|on|in|without|during|until|unless|over|above|under|below|beyond|"
    r"between|outside|within|except)|nothing (?:except|but)|"
    r"no(?:body| one) (?:\w+ ){0,2}(?:may|can|should|takes?)|"
    r"not even|full stop|no more(?= *(?:[—–,.;!]|$))|(?:has|have) to (?!say|do with)\w+|committed to|"
    r"(?:we|i)(?:['’]ve| have)? (?:agreed|decided|swore|sworn|promised|vowed)|(?:has|have) decided|"
    r"(?:have|made|struck) a (?:deal|pact|rule)|under (?:nda|embargo)|signed (?:an|the) nda|"
    r"(?:code )?freeze|\bban(?:s|ned|ning)?|(?:hard |spending )?(?:cap|limit)\b|no-(?:fly|go|entry)|"
    # a prohibition opening a clause: "No TV, no tablets", "lease clause 9: no pets of any kind"
    r"(?:^|(?<=[:;,.!?—–])|(?<=[:;,.!?—–]\s))no "
    r"(?!longer|more|one|doubt|idea|problem|worries|clue|way|matter|luck|wonder|surprise|chance|rush|hurry)"
    r"[a-z][\w'’-]+|"
    r"nothing (?:involving|with|before|after)|"
    # a standing refusal or incapacity: "doesn't fly for work", "can't have sesame"
    r"(?:doesn['’]?t|does not|won['’]?t|will not) (?:want|allow|let|fly|drive|eat|drink|take|work|do|use)|"
    r"(?:can['’]?t|cannot|can not) (?:have|eat|drink|take|use|show|share|post|publish|bring)|"
    # a limit: "may not", "capped at one hour", "no more than 10 hours", "keep it under £2,000"
    r"may (?:not|only)|(?:capped|limited) (?:at|to)|(?:a |the )?(?:cap|limit|maximum|minimum) (?:of|is)|"
    r"(?:no|not) (?:more|less|fewer|later|earlier) than|at (?:most|least)|no exceptions?|"
    r"(?:keep|stay|kept|stays|keeps)(?: [\w'’]+){0,4} (?:under|below|within)|budget|"
    # a permission to get first: "needs sign-off from the DPO", "requires approval"
    r"(?:need|needs|require|requires|required) (?:[\w'’]+ ){0,3}"
    r"(?:sign-?off|approval|permission|consent|review)|"
    # a habit given up governs what is offered: "no longer eats fish", "stopped drinking", "doesn't … anymore"
    r"no longer|(?:stopped|quit|quitted|given up|gave up) \w+ing|\w+n['’]t (?:\w+ ){1,3}any ?more|"
    # a diet or an allergy governs every meal someone plans
    r"allerg(?:y|ic|ies|ist)|anaphyla\w*|epipen|intoleran(?:t|ce)|coeliac|celiac|vegan|vegetarian|halal|"
    r"kosher|teetotal|"
    r"(?:gluten|dairy|nut|lactose|sugar|alcohol|meat)-free)\b",
    re.IGNORECASE,
)


def is_rule(text: str) -> bool:
    """Whether the text states a rule: a prohibition or an obligation."""
    return bool(_RULE.search(text))


def _letters(case: Callable[[str], bool]) -> str:
    """A character class of the letters of one case in the alphabets below U+3000 (Latin, Greek,
    Cyrillic …): `re` has no Unicode categories, and a name is "Álvaro" or "Øyvind" as often as "Alvaro"."""
    chars = [chr(i) for i in range(0x3000) if case(chr(i)) and chr(i).isalpha()]
    return "[" + "".join(re.escape(c) for c in chars) + "]"


# A sentence ends at its stop, not at a title's ("Sr. Álvaro", "Dra. Renata", "Mme. Roux").
_TITLE_STOP = "".join(
    rf"(?<!\b{t})"
    for t in ("Mr", "Ms", "Mx", "Dr", "Ds", "Mrs", "Dra", "Sr", "Sra", "Jr", "St", "Mme", "Prof")
)


@lru_cache(maxsize=1)
def _name_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A capitalised word or an acronym, and a sentence's opening word: compiled on first use (a few
    milliseconds, over every capital and small letter), not at the import of every process."""
    up, low = _letters(str.isupper), _letters(str.islower)
    return (
        re.compile(rf"\b{up}[\w'’-]*{low}[\w'’-]*\b|\b{up}{{2,}}[\w-]*\b"),
        re.compile(rf"(?:^|{_TITLE_STOP}[.!?:;]\s+)({up}[\w'’-]*)"),
    )


def _name_words(found: Iterable[str]) -> set[str]:
    """Each name's words, lowercase; a hyphenated one also by its first part ("Sato-san" is Mr. Sato,
    "Owusu-Ansah" is Owusu)."""
    words = {w.lower().removesuffix("'s").removesuffix("’s").strip("'’") for w in found}
    words |= {w.split("-", 1)[0] for w in words if "-" in w}
    return {w for w in words if len(w) >= 3 and w not in STOPWORDS}


@kept_for_short_texts
def names_in(text: str) -> frozenset[str]:
    """The words of the names a text mentions, lowercase: capitalised words and acronyms, those that
    open a sentence included (so "Noor is coeliac" names Noor, and "The move …" names nothing)."""
    return frozenset(_name_words(_name_patterns()[0].findall(text)))


@kept_for_short_texts
def names_within(text: str) -> frozenset[str]:
    """The words of the names a text mentions past the opening of a sentence, where a capital is
    not just grammar: what it surely names."""
    capitalised, opener = _name_patterns()
    openers = {m.start(1) for m in opener.finditer(text)}
    return frozenset(_name_words(m.group(0) for m in capitalised.finditer(text) if m.start() not in openers))


def is_time_word(word: str) -> bool:
    """A weekday, a month or another word of the calendar or the clock ("wednesday", "mornings"): a
    capitalised one is still no one's name."""
    return bool(_TIME_WORDS.fullmatch(word.lower()))


# A question about the present: what holds now, not what held once.
_NOW = re.compile(
    r"\b(?:now|right now|at the moment|currently|current|these days|nowadays|at present|still|anymore|"
    r"any more|this (?:week|month|year)|today|tonight)\b",
    re.IGNORECASE,
)


def asks_now(query: str) -> bool:
    return bool(_NOW.search(query))
