"""What a statement claims, read syntactically: content words, values, negation, slot frames.

Shared by every decision about two memories (enrichment, consolidation, the rule-based enricher) so
one rule holds everywhere: texts that differ in a number, date, time, name, negation, speaker or slot
value are never duplicates, whatever their cosine. Merging is for true paraphrases only.
"""
# What counts:
# * values: numbers (times normalised to HH:MM, thousands separators dropped), weekday and month
#   names, and proper names (capitalised words, plus any entities an enricher found; a common word
#   that merely opens a sentence, "Thanks!", "Let's", "Wow", is not a name);
# * speaker: a transcript line ("Caroline: I moved to Berlin") is Caroline's claim; "I" is Caroline,
#   and what one speaker says never supersedes, contradicts or merges with what another one says;
# * negation: "not", "n't", "never", "no longer", "stopped", "quit", "moved away from", "… anymore";
# * antonyms: like/dislike, love/hate, enabled/disabled, allow/deny, start/stop, always/never, …;
# * slot frames: a subject, a predicate ("lives in", "works at", "uses", "costs", "is on <day> at
#   <time>", "version", "'s manager is") and a value; "moved to", "switched to", "is now" fit any frame.

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


STOPWORDS = _words(
    "a an the and or but if of to in on at by for from with about into onto over under as is are was were be "
    "been being am do does did have has had i me my mine we us our you your he him his she her they them "
    "their it its this that these those there here so than then too very just also really still now actually "
    "switched changed moved migrated instead correction update longer anymore any more will would shall "
    "should can could may might must not no never none nor don't doesn't didn't isn't aren't wasn't weren't "
    "won't can't cannot without stopped quit used some all each what which who whom whose when where why "
    "how again since until while up out off down back"
)
# words that mark a polarity, an update or a frame, not what a statement is about
_MARKERS = _words(
    "stop stopp quit ceas gave give away left leav moved mov switch chang migrat upgrad downgrad relocat "
    "transferr now longer anymore again actually instead correction"
)
_NEGATION = _rx(
    r"\b(?:not|no|never|none|nobody|nothing|neither|nor|without|cannot|no longer|stopped|stops|quit|quits|"
    r"ceased|gave up|given up|moved away from|moved out of)\b|n't\b|\bany ?more\b"
)
_UPDATE = _rx(
    r"\b(?:no longer|not any ?more|any ?more|now|actually|switched|changed|instead|moved|migrated|replaced|"
    r"updated?|upgraded|correction|from now on|these days|nowadays|i was wrong|used to)\b"
)
_LIKE = _words(
    "like likes liked love loves loved enjoy enjoys enjoyed prefer prefers preferred fond adore adores"
)
_DISLIKE = _words("dislike dislikes disliked hate hates hated detest detests loathe loathes")
SYNONYMS = {
    **dict.fromkeys(_LIKE | {"favorite", "favourite"}, "like"),
    **dict.fromkeys(_DISLIKE, "dislike"),
    **dict.fromkeys(_words("use uses used using utilize utilizes"), "use"),
}
ANTONYMS: list[tuple[frozenset[str], frozenset[str]]] = [
    (_LIKE, _DISLIKE),
    *(
        (_words(a), _words(b))
        for a, b in [
            ("enable enabled enables", "disable disabled disables"),
            ("always", "never"),
            (
                "allow allowed allows permit permitted",
                "deny denied denies forbid forbidden prohibited banned",
            ),
            ("true", "false"),
            ("open", "closed"),
            ("public", "private"),
            ("online", "offline"),
            ("available", "unavailable"),
            ("include includes included", "exclude excludes excluded"),
            ("accept accepts accepted approve approved", "reject rejects rejected decline declined"),
            ("increase increased", "decrease decreased"),
            ("pass passed passing", "fail failed failing"),
            ("remote", "onsite on-site in-office"),
            ("early", "late"),
            ("start starts started", "stop stops stopped"),
        ]
    ),
]
_ANTONYM_WORDS = frozenset().union(*(a | b for a, b in ANTONYMS))

_WEEKDAYS = _words("monday tuesday wednesday thursday friday saturday sunday")
_MONTHS = _words(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)
_TIME = _rx(r"\b(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?![a-z])|\b(\d{1,2})[:h](\d{2})\b")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_TOKEN = re.compile(r"[a-z0-9][a-z0-9+#.'’:-]*")
_NAME = re.compile(r"\b[A-Z][\w'’.-]*[A-Za-z0-9]|\b[A-Z]\b")
# A transcript line's speaker: one to three capitalised words and a colon opening the text, unless
# they are a label ("Note:", "Correction:").
_SPEAKER = re.compile(r"^\s*([A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2}):\s+")
_LABELS = _words(
    "note notes correction update todo fyi reminder important warning re subject ps edit summary decision "
    "rule policy context question answer tip fix status reason why example caveat action follow-up next "
    "plan goal problem issue result outcome"
)
# Common words that open a sentence in speech; capitalised there, they are not names.
_OPENERS = _words(
    "thanks thank thx wow hey hi hello yes yeah yep yup no nope nah nice great sure oh ah aw aww awww ok "
    "okay let's let bye glad sounds sound cool awesome cheers congrats congratulations well good sorry "
    "haha hah lol omg ugh hmm yay totally definitely absolutely exactly right true agreed same love wish "
    "hope keep take have see talk catch stay enjoy can't i'm i've i'll i'd it's that's what's there's "
    "here's he's she's we're you're they're we've you've don't didn't isn't wasn't won't gonna wanna "
    "gotta maybe perhaps anyway also plus besides still though but and so or yet then now today "
    "tomorrow yesterday tonight sometimes often usually always never just really actually honestly "
    "seriously luckily unfortunately hopefully basically anyhow speaking guess mind happy amazing "
    "beautiful lovely wonderful fantastic incredible super sweet fun interesting funny crazy true "
    "sorry please go come look check try make get tell remember imagine"
)
_CLAUSE = re.compile(r"[.;!?](?:\s+|$)|,?\s+\b(?:but|whereas|while)\b\s+")

# Slot frames: (frame, predicate). The subject is what precedes the predicate in its clause, the
# value what follows it. A frame named "*" (an update verb) matches a frame of any name.
_FRAMES: list[tuple[str, re.Pattern[str]]] = [
    (
        "*",
        _rx(
            r"\b(?:(?:has|have|had)\s+)?(?:moved|switched|changed|migrated|upgraded|downgraded|relocated|"
            r"transferred|been moved|been changed)(?:\s+over)?\s+to\b|\b(?:is|are)\s+now\b|"
            r"\bnow\s+(?=(?:uses?|lives?|works?|costs?)\b)"
        ),
    ),
    ("lives_in", _rx(r"\b(?:lives?|living|lived|resides?|residing|(?:is|are) based|based)\s+(?:in|at|on)\b")),
    ("works_at", _rx(r"\b(?:works?|working|worked|(?:is|are) employed)\s+(?:at|for)\b|\bjoined\b")),
    ("works_as", _rx(r"\b(?:works?|working|worked)\s+as\b")),
    ("uses", _rx(r"\b(?:uses?|using|runs? on|relies on|rely on|drives?|owns?)\b")),
    ("costs", _rx(r"\b(?:costs?|(?:is|are) priced at|charges?|pays?)\b")),
    ("version", _rx(r"\bversion(?:\s+(?:is|=))?\b")),
    (
        "schedule",
        _rx(
            r"\b(?:is|are|happens?|takes? place|starts?|begins?|meets?|runs?|occurs?)\s+"
            r"(?:on|at|every)\b|\bis\s+(?:due|scheduled)\b"
        ),
    ),
    ("is", _rx(r"\b(?:is|are|was)\b")),  # only for attribute subjects, see _ATTRIBUTES
]
# A plain copula is a slot only when the subject names an attribute ("Alice's manager is Bob").
_ATTRIBUTES = _words(
    "name number phone email address manager boss lead owner birthday timezone title role salary rent "
    "price budget deadline goal plan status version colour color size password wifi language editor "
    "shell os favourite favorite capital hometown partner wife husband girlfriend boyfriend doctor "
    "dentist team department office desk car"
)
_SELF = _words("i me user the_user myself")
_SUBJECT_NOISE = _words(
    "the a an our my your their his her its this that these those has have had is are was were be been "
    "being will would also still actually now currently really just then so and"
)
_PREPOSITIONS = _words("for as in on at with to from of by during via")


def stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            word = word[: -len(suffix)]
            break
    return word.rstrip("e") or word


_ATTRIBUTE_STEMS = frozenset(stem(w) for w in _ATTRIBUTES)


def _tokens(text: str) -> list[str]:
    found = _TOKEN.findall(text.lower())
    return [t for t in (re.sub(r"['’]s$", "", t.strip(".'’:-")) for t in found) if t]


def _canonical(tokens: Iterable[str]) -> frozenset[str]:
    return frozenset(
        SYNONYMS.get(t) or stem(t) for t in tokens if t not in STOPWORDS and len(t) > 1 and not _is_number(t)
    )


def content_words(text: str) -> frozenset[str]:
    """A text's content words, stemmed and canonicalised (what `Claim.words` holds)."""
    return _canonical(_tokens(text))


def _is_number(token: str) -> bool:
    return bool(re.fullmatch(r"[\d.,:]+", token))


def normalise_times(text: str) -> tuple[str, set[str]]:
    """The text with its times of day taken out, and those times as HH:MM."""
    times: set[str] = set()

    def take(m: re.Match[str]) -> str:
        if m.group(4) is not None:
            hour, minute = int(m.group(4)), int(m.group(5))
        else:
            hour, minute = int(m.group(1)), int(m.group(2) or 0)
            meridiem = m.group(3).lower().replace(".", "")
            if meridiem == "pm" and hour < 12:
                hour += 12
            elif meridiem == "am" and hour == 12:
                hour = 0
        times.add(f"{hour:02d}:{minute:02d}")
        return " "

    return _TIME.sub(take, text), times


def numbers(text: str) -> frozenset[str]:
    """Times (HH:MM) and other numbers (thousands separators dropped) in a text."""
    rest, times = normalise_times(text)
    found = set(times)
    for number in _NUMBER.findall(rest):
        number = number.rstrip(".,")
        if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", number):
            number = number.replace(",", "")
        found.add(number)
    return frozenset(found)


_IDENTIFIER = re.compile(r"\b([a-z][a-z-]*)\s+#?(\d+(?:\.\d+)*)\b(?![:.]\d)")
_NOT_NOUNS = STOPWORDS | _words(
    "is are was were be costs cost costing priced pays paid charge charges version v every each per "
    "about around over under than plus minus times top last next first"
)


def identifiers(text: str) -> frozenset[str]:
    """Numbers that name what a statement is about rather than state a value: "Release 3 shipped …",
    "Sprint #12 ends …" (a noun and a number among the first words, before any verb could)."""
    found = set()
    opening = " ".join(text.lower().split()[:5])
    for word, number in _IDENTIFIER.findall(opening):
        if word not in _NOT_NOUNS and not word.endswith("ly"):
            found.add(f"{stem(word)} {number}")
    return frozenset(found)


def speaker(text: str) -> tuple[str | None, str]:
    """A transcript line's speaker (lowercased) and what they said; (None, text) for plain text."""
    match = _SPEAKER.match(text)
    if match is None or match.group(1).lower() in _LABELS:
        return None, text
    return match.group(1).lower(), text[match.end() :]


def _opens_sentence(text: str, start: int) -> bool:
    before = text[:start].rstrip(" \t\"'“‘(*-")
    return not before or before[-1] in ".!?:;\n"


def names(text: str, entities: Iterable[str] = ()) -> frozenset[str]:
    """Proper names, lowercased: capitalised words that are not stopwords (nor a common word that
    only opens a sentence), plus given entities."""
    found = set()
    for m in _NAME.finditer(text):
        word = m.group(0).lower().rstrip(".")
        if _opens_sentence(text, m.start()) and (
            word.replace("’", "'") in _OPENERS or re.search(r"['’](?:m|re|ve|ll|d|t)$", word)
        ):
            continue
        found.add(word)
    found = {re.sub(r"['’]s$", "", n) for n in found}
    found |= {e.lower() for e in entities if e and not _is_number(e.strip())}
    return frozenset(n for n in found if n and n not in STOPWORDS and not _calendar(n))


_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)")


def _calendar(name: str) -> bool:
    """A date, not a name: every word a number, a month or a weekday ("Fridays", "3 June")."""
    return all(
        _is_number(w)
        or bool(_ORDINAL.fullmatch(w))
        or w in _WEEKDAYS | _MONTHS
        or (w.endswith("s") and w[:-1] in _WEEKDAYS)
        for w in name.split()
    )


@dataclass(frozen=True)
class Slot:
    frame: str
    subject: frozenset[str]
    value: frozenset[str]  # the value's head: what follows the predicate, up to its first preposition
    context: frozenset[str]  # the rest of the value ("for the billing service")
    values: frozenset[str]  # numbers and names in the value part
    text: str  # the value as written, for reasons


@dataclass(frozen=True)
class Claim:
    words: frozenset[str]  # content words, stemmed and canonicalised
    raw: frozenset[str]  # every lowercased token
    numbers: frozenset[str]
    dates: frozenset[str]  # weekday and month names
    names: frozenset[str]
    identifiers: frozenset[str]  # numbers that name a thing ("release 3", "room 4", "sprint 12")
    negated: bool
    updates: bool  # worded as a correction or an update
    slots: tuple[Slot, ...]
    speaker: str | None = None  # a transcript line's speaker ("Caroline: …")

    @property
    def values(self) -> frozenset[str]:
        return self.numbers | self.dates | self.names

    @classmethod
    def of(cls, text: str, entities: Iterable[str] = (), user: Iterable[str] = ()) -> Claim:
        """`user`: the scope's user's name (lowercased words): "I" and that name are one subject, and
        the name is no value of the claim."""
        voice, text = speaker(text)
        tokens = _tokens(text)
        raw = frozenset(tokens)
        me = frozenset(user)
        return cls(
            words=_canonical(t for t in tokens if t not in me),
            raw=raw,
            numbers=numbers(text),
            dates=frozenset(raw & (_WEEKDAYS | _MONTHS)),
            names=names(text, entities) - me,
            identifiers=identifiers(text),
            negated=bool(_NEGATION.search(text)),
            updates=bool(_UPDATE.search(text)),
            slots=tuple(_slots(text, voice, me)),
            speaker=voice,
        )

    def mentions(self, value: str) -> bool:
        """Whether this claim states `value` (a name's every word appears, or the number does)."""
        if value in self.numbers or value in self.dates:
            return True
        parts = _tokens(value)
        return bool(parts) and all(p in self.raw or (SYNONYMS.get(p) or stem(p)) in self.words for p in parts)


def _slots(text: str, voice: str | None = None, user: frozenset[str] = frozenset()) -> list[Slot]:
    slots: list[Slot] = []
    for clause in _CLAUSE.split(text):
        clause = clause.strip()
        if not clause:
            continue
        for frame, predicate in _FRAMES:
            match = predicate.search(clause)
            if match is None:
                continue
            head = clause[: match.start()].split(",")[-1]
            subject = _subject(head, voice, user)
            noun = _tokens(head)[-1:]
            if not subject or (frame == "is" and not (noun and stem(noun[0]) in _ATTRIBUTE_STEMS)):
                continue
            tail = clause[match.end() :]
            value, context = _split_value(tail)
            if value:
                text = " ".join(tail.split()).strip(" ,.;:!?")[:80]
                slots.append(Slot(frame, subject, value, context, numbers(tail) | names(tail), text))
            break  # the first (most specific) predicate of a clause is its frame
    return slots


def _subject(head: str, voice: str | None = None, user: frozenset[str] = frozenset()) -> frozenset[str]:
    """The subject's words; "I" is the speaker when there is one, else the user (as is their name)."""
    me = voice or "self"
    tokens = [t for t in _tokens(head) if t not in _SUBJECT_NOISE]
    subject = {
        (me if t in _SELF or (voice is None and t in user) else SYNONYMS.get(t) or stem(t)) for t in tokens
    }
    return frozenset(subject)


def _split_value(tail: str) -> tuple[frozenset[str], frozenset[str]]:
    rest, times = normalise_times(tail)
    tokens = _tokens(rest)
    head: list[str] = []
    i = 0
    while i < len(tokens) and (tokens[i] not in _PREPOSITIONS or not head):
        head.append(tokens[i])
        i += 1
    value = (_canonical(head) - _MARKERS) | frozenset(times) | {t for t in head if _is_number(t)}
    context = (_canonical(tokens[i:]) - _MARKERS) | {t for t in tokens[i:] if _is_number(t)}
    return frozenset(value), frozenset(context)


def _same_subject(a: frozenset[str], b: frozenset[str]) -> bool:
    return bool(a and b) and (a == b or (min(len(a), len(b)) >= 1 and (a <= b or b <= a)))


# --------------------------------------------------------------------------- comparisons


def same_voice(a: Claim, b: Claim) -> bool:
    """Whether two claims can be about one statement: not two different speakers' lines."""
    return a.speaker is None or b.speaker is None or a.speaker == b.speaker


def antonym_pair(old: Claim, new: Claim) -> tuple[str, str] | None:
    for positive, negative in ANTONYMS:
        for a, b in ((positive, negative), (negative, positive)):
            if old.raw & a and new.raw & b and not (old.raw & b) and not (new.raw & a):
                return sorted(old.raw & a)[0], sorted(new.raw & b)[0]
    return None


def contradiction(old: Claim, new: Claim) -> str | None:
    """A syntactic contradiction: at least two shared content words about the same thing, plus a
    negation-polarity difference or an antonym pair. None when the texts do not contradict."""
    if not same_voice(old, new):
        return None
    shared = (old.words & new.words) - _MARKERS
    if len(shared) < 2:
        return None
    polarity = _ANTONYM_WORDS | {"like", "dislike"} | _MARKERS
    only_old, only_new = old.words - new.words - polarity, new.words - old.words - polarity
    if only_old and only_new and len(only_old) + len(only_new) > 2:
        return None  # each says something the other does not: about different things
    if old.values - _mentioned(new, old.values) and new.values - _mentioned(old, new.values):
        return None  # about different people, places or amounts
    if old.negated != new.negated:
        negated = "new" if new.negated else "existing"
        return f"the {negated} memory negates what the other states (shared: {', '.join(sorted(shared))})"
    pair = antonym_pair(old, new)
    if pair is not None:
        return f"they take opposite positions ('{pair[0]}' vs '{pair[1]}')"
    return None


def _mentioned(claim: Claim, values: Iterable[str]) -> frozenset[str]:
    return frozenset(v for v in values if claim.mentions(v))


def slot_change(old: Claim, new: Claim) -> str | None:
    """The same subject and predicate frame with a different value ("lives in Berlin" → "lives in
    Munich", "standup is at 9:30" → "standup moved to 10:00"). Negated statements fill no slot."""
    if old.negated or new.negated or not same_voice(old, new):
        return None
    for a in old.slots:
        for b in new.slots:
            if not (a.frame == b.frame or "*" in (a.frame, b.frame)):
                continue
            if not _same_subject(a.subject, b.subject):
                continue
            heads_differ = bool(a.value - b.value) and bool(b.value - a.value)
            contexts_agree = not (a.context and b.context) or bool(a.context & b.context)
            values_differ = bool(a.values - b.values) and bool(b.values - a.values)
            if contexts_agree and (heads_differ or values_differ):
                frame = (b.frame if b.frame != "*" else a.frame).replace("_", " ")
                return f"{frame}: '{a.text}' → '{b.text}'"
    return None


def value_change(old: Claim, new: Claim) -> str | None:
    """The same statement around different values: each has a number, date or name the other lacks,
    and what is left (at least two words) is mostly the same."""
    if old.negated or new.negated or not same_voice(old, new):
        return None
    if old.identifiers - new.identifiers and new.identifiers - old.identifiers:
        return None  # release 3 and release 4 are two things, not one changed value
    only_old = old.values - _mentioned(new, old.values)
    only_new = new.values - _mentioned(old, new.values)
    if not any(_kind(v) == _kind(w) for v in only_old for w in only_new):
        return None  # a room number is not a changed time
    value_words = {stem(w) for value in old.values | new.values for w in _tokens(value)}
    rest_old, rest_new = old.words - value_words, new.words - value_words
    if len(rest_old & rest_new) >= 2 and jaccard(rest_old, rest_new) >= 0.5:
        return f"different values ({_listed(only_old)} vs {_listed(only_new)})"
    return None


def _listed(values: Iterable[str]) -> str:
    found = sorted(values)
    more = f" and {len(found) - _LISTED} more" if len(found) > _LISTED else ""
    return ", ".join(found[:_LISTED]) + more


def _kind(value: str) -> str:
    if re.fullmatch(r"\d\d:\d\d", value):
        return "time"
    if _is_number(value):
        return "number"
    if value in _WEEKDAYS | _MONTHS:
        return "date"
    return "name"


_LISTED = 5  # values a reason lists; a long memory states hundreds


def lost_by_merge(new: Claim, existing: Claim) -> str | None:
    """Why folding `new` into `existing` would lose what `new` says (None: nothing would be lost).

    A number, date, time or name that only `new` states, a different negation polarity, an antonym, or
    a different slot value each make the two texts different statements, whatever their cosine; so do
    two speakers' lines."""
    if not same_voice(new, existing):
        return f"different speakers ({existing.speaker} vs {new.speaker})"
    if new.negated != existing.negated:
        return "negation differs"
    pair = antonym_pair(existing, new)
    if pair is not None:
        return f"opposite words ('{pair[0]}' vs '{pair[1]}')"
    only_new = sorted(new.values - _mentioned(existing, new.values))
    if only_new:
        more = f" and {len(only_new) - _LISTED} more" if len(only_new) > _LISTED else ""
        return f"a value only the new memory states ({', '.join(only_new[:_LISTED])}{more})"
    changed = slot_change(existing, new)
    if changed is not None:
        return f"a changed value ({changed})"
    return None


# A replacement said outright: a change verb, then "from X to Y" / "X with Y" / "away from X".
_REPLACES = _rx(
    r"\b(?:moved|moving|migrated|migrating|switched|switching|changed|changing|transferred|converted|"
    r"upgraded|downgraded|went|replaced|replacing|swapped|relocated)\b(?P<rest>[^.;!?]*)"
)
_FROM_TO = _rx(r"\b(?:away\s+)?from\s+(?P<x>.+?)(?:\s+(?:to|with|for|in favou?r of)\s+(?P<y>.+)|$)")
_WITH = _rx(r"^\s*(?P<x>.+?)\s+(?:with|by|for)\s+(?P<y>.+)")


def replacement(old: Claim, new_text: str) -> str | None:
    """`new_text` replaces a value `old` states, outright ("migrated staging from MySQL to MariaDB",
    "replaced Jira with Linear", "moved away from Jira"): a name or number only between "from" and
    "to" (or before "with"), stated by `old`, while `old` states none of what replaced it."""
    _, said = speaker(new_text)
    for m in _REPLACES.finditer(said):
        rest = m.group("rest")
        found = _FROM_TO.search(rest)
        if found is None and m.group(0).lower().startswith(("replac", "swapp")):
            found = _WITH.search(rest)
        if found is None:
            continue
        gone = names(found.group("x")) | numbers(found.group("x"))
        came = (names(found.group("y")) | numbers(found.group("y"))) if found.group("y") else frozenset()
        if gone and all(old.mentions(v) for v in gone) and not any(old.mentions(v) for v in came):
            to = f" → {', '.join(sorted(came))}" if came else ""
            return f"replaced: {', '.join(sorted(gone))}{to}"
    return None


# Parting with a thing: it was sold, given away, scrapped, returned or cancelled. What follows the verb
# up to a preposition, a conjunction or the clause's end is the thing ("sold the Vespa and …").
DISPOSES = _rx(
    r"\b(?:sold(?! out)(?: off)?|got rid of|gotten rid of|gave away|given away|scrapped|traded in|returned|"
    r"cancell?ed|donated|ditched|dumped|threw (?:out|away)|thrown (?:out|away)|gave back|given back)\b"
    r"(?P<thing>[^.;!?,]*)"
)
_THING_ENDS = _words(
    "and but or because since so to for after before when as at in on with last this yesterday"
)
_PRONOUNS = _words("it them that this those these one ones")


def disposal(old: Claim, new_text: str) -> frozenset[str]:
    """The words of a thing `new_text` says was parted with ("I sold the Vespa", "we cancelled the Netflix
    plan"), those `old` states when it names the thing's last word: what `old` says of it no longer holds.
    Empty when the thing is a pronoun (nothing to resolve it to here) or `old` does not name it."""
    _, said = speaker(new_text)
    for m in DISPOSES.finditer(said):
        thing: list[str] = []
        for token in _tokens(m.group("thing")):
            if token in _THING_ENDS and thing:
                break
            if token in _PRONOUNS and not thing:
                break
            if token not in STOPWORDS:
                thing.append(token)
        if thing and len(thing) <= 4 and old.mentions(thing[-1]):  # its head: "the red Vespa", "the car seat"
            return frozenset(t for t in thing if old.mentions(t))
    return frozenset()


def user_names(user_id: str) -> tuple[str, ...]:
    """ "alice", "alice.smith@example.com" → the words a memory would name that user by."""
    local = user_id.split("@", 1)[0].lower()
    return tuple(p for p in re.split(r"[\W_]+", local) if len(p) >= 3 and not p.isdigit())


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 1.0


__all__ = [
    "ANTONYMS",
    "DISPOSES",
    "STOPWORDS",
    "SYNONYMS",
    "Claim",
    "Slot",
    "antonym_pair",
    "content_words",
    "contradiction",
    "disposal",
    "jaccard",
    "lost_by_merge",
    "names",
    "numbers",
    "replacement",
    "same_voice",
    "slot_change",
    "speaker",
    "stem",
    "user_names",
    "value_change",
]
