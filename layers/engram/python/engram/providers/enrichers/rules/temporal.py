"""Temporal kind and validity: whether a statement holds for a while, and until when, with relative
dates ("tomorrow", "next week", "in 3 days") resolved against when the memory was observed.

The user's timezone is unknown, so dates resolve in UTC and a day lasts until 23:59:59 UTC; a time of
day ("at 3pm tomorrow") does not narrow the window below the end of that day.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta

from dateutil.parser import isoparse
from dateutil.relativedelta import relativedelta

from engram.domain.models import TemporalKind
from engram.providers.enrichers.rules.patterns import alternation, rx

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MONTHS = {
    "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
    "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8, "sep": 9, "sept": 9,
    "september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12,
}  # fmt: skip
_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2, "couple of": 2,
    "a few": 3, "few": 3, "several": 3,
}  # fmt: skip

_WEEKDAY = "|".join(WEEKDAYS)
_MONTH = alternation(MONTHS)  # "sept" before "sep": the longest name first
_NUM = r"\d+|" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))
_UNIT = r"minute|hour|day|week|month|year"

_PAST_TENSE = rx(
    r"\b(?:was|were|went|met|visited|attended|did|saw|told|said|got|bought|ate|drank|flew|drove|came|"
    r"took|gave|had|called|talked|spoke|finished|completed|celebrated|traveled|travelled|arrived|returned|"
    r"watched|played|happened|enjoyed|received|sent|wrote|won|lost|yesterday|ago|last)\b"
)
_PERFECT_TENSE = rx(r"\b(?:been|have|has|'ve|had|since|ago)\b")
_START_MARKER = rx(r"\b(?:from|starting(?: on| from)?|beginning|as of|effective|since|after|every)\s+$")
# A weekday that names any such day, not the next one: "on a Friday", "any Monday", or a standing rule
# ("never deploy on Friday", "always …"): it recurs, so it bounds nothing.
_ANY_DAY = rx(r"\b(?:a|an|any|each|every)\s+$")
# A weekday naming a habit: before a plural noun, alone or in a list ("the Tuesday and Thursday
# pickups", "Friday nights", "Tuesday/Thursday classes").
_RECURRING = rx(
    rf"(?:\s*(?:,|/|&|and|or)\s*(?:{_WEEKDAY}))*\s+(?!(?:is|was|has|does|goes|this|its|us|as|plus|bus)\b)"
    r"[a-z]{2,}s\b"
)
# A weekday in a list of weekdays names a habit too ("the physio comes Monday and Thursday").
_IN_A_LIST_AFTER = rx(rf"\s*(?:,|/|&|\band\b|\bor\b)\s*(?:{_WEEKDAY})\b")
_IN_A_LIST_BEFORE = rx(rf"\b(?:{_WEEKDAY})\s*(?:,|/|&|\band|\bor)\s*$")
# A calendar date of a yearly occasion ("Haru's birthday is August 3rd", "our anniversary, 12 June") comes
# back every year: it bounds nothing.
_YEARLY = rx(r"\b(?:birthdays?|b-?days?|anniversar(?:y|ies)|name ?days?)\b")
_STANDING = rx(r"\b(?:never|always|no one|nobody|not ever)\b")
_OPEN_ENDED = rx(
    r"\b(?:for now|temporarily|temporary|for the time being|at the moment|right now|this sprint|"
    r"until further notice)\b"
)


def end_of_day(day: date) -> datetime:
    return datetime.combine(day, time(23, 59, 59), tzinfo=UTC)


def _as_utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _number(word: str | None, default: int = 1) -> int:
    if not word:
        return default
    word = word.lower()
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word, default)


def _sentence_of(text: str, index: int) -> str:
    start = max(text.rfind(mark, 0, index) for mark in ".!?\n")
    ends = [pos for pos in (text.find(mark, index) for mark in ".!?\n") if pos != -1]
    return text[start + 1 : min(ends) if ends else len(text)]


def _in_past(text: str, match: re.Match[str]) -> bool:
    return bool(_PAST_TENSE.search(_sentence_of(text, match.start())))


def _add(ref: datetime, amount: int, unit: str) -> datetime:
    if unit == "minute":
        return ref + timedelta(minutes=amount)
    if unit == "hour":
        return ref + timedelta(hours=amount)  # relative hours do not depend on the user's timezone
    if unit == "day":
        return end_of_day(ref.date() + timedelta(days=amount))
    if unit == "week":
        return end_of_day(ref.date() + timedelta(weeks=amount))
    delta = relativedelta(months=amount) if unit == "month" else relativedelta(years=amount)
    return end_of_day(ref.date() + delta)


def _month_end(year: int, month: int) -> date:
    end: date = date(year, month, 1) + relativedelta(months=1, days=-1)
    return end


def _next_weekday(ref: date, weekday: int) -> date:
    return ref + timedelta(days=(weekday - ref.weekday()) % 7)


# Each rule turns a match into the moment a statement stops holding, or None (a past or recurring date).
_Rule = Callable[[re.Match[str], datetime, str], datetime | None]


def _today(match: re.Match[str], ref: datetime, text: str) -> datetime | None:
    return None if _in_past(text, match) else end_of_day(ref.date())


def _tomorrow(match: re.Match[str], ref: datetime, text: str) -> datetime | None:
    return end_of_day(ref.date() + timedelta(days=2 if match.group(1) else 1))


def _week(match: re.Match[str], ref: datetime, text: str) -> datetime | None:
    sunday = ref.date() + timedelta(days=6 - ref.weekday())
    return end_of_day(sunday + timedelta(weeks=1 if (match.group(1) or "").lower() == "next" else 0))


def _weekend(match: re.Match[str], ref: datetime, text: str) -> datetime | None:
    sunday = _next_weekday(ref.date(), 6)
    return end_of_day(sunday + timedelta(weeks=1 if (match.group(1) or "").lower() == "next" else 0))


def _month(match: re.Match[str], ref: datetime, text: str) -> datetime | None:
    shifted = ref.date() + relativedelta(months=1 if (match.group(1) or "").lower() == "next" else 0)
    return end_of_day(_month_end(shifted.year, shifted.month))


def _year(match: re.Match[str], ref: datetime, text: str) -> datetime | None:
    return end_of_day(date(ref.year + (1 if (match.group(1) or "").lower() == "next" else 0), 12, 31))


def _weekday(match: re.Match[str], ref: datetime, text: str) -> datetime | None:
    preposition, modifier, name = (g.lower() if g else None for g in match.groups())
    weekday = WEEKDAYS.index(name or "")
    if modifier == "last":
        return None
    if modifier == "next":
        monday_next_week = ref.date() + timedelta(days=7 - ref.weekday())
        return end_of_day(monday_next_week + timedelta(days=weekday))
    bounded = modifier in {"this", "coming"} or preposition not in {None, "on"}
    if not bounded and _in_past(text, match):
        return None
    if not bounded and (
        _ANY_DAY.search(text[: match.start()])
        or _STANDING.search(_sentence_of(text, match.start()))
        or _RECURRING.match(text, match.end())
        or _IN_A_LIST_AFTER.match(text, match.end())
        or _IN_A_LIST_BEFORE.search(text[: match.start()])
    ):
        return None
    return end_of_day(_next_weekday(ref.date(), weekday))


def _relative(match: re.Match[str], ref: datetime, text: str) -> datetime | None:
    preposition, upcoming, amount, unit = (g.lower() if g else None for g in match.groups())
    if amount is None and upcoming is None:
        return None  # "for the day", "in the morning"
    if upcoming is None and (
        _in_past(text, match)
        or (preposition == "for" and _PERFECT_TENSE.search(_sentence_of(text, match.start())))
    ):
        return None  # "I've been vegan for 5 years", "I was in Paris for a week": durations in the past
    return _add(ref, _number(amount), unit or "day")


def _from_now(match: re.Match[str], ref: datetime, text: str) -> datetime | None:
    """N units from when it was said: "3 days from now", or a thing said with its length ("a three-month
    secondment", "started a six-month contract": whatever the tense of its start)."""
    return _add(ref, _number(match.group(1)), match.group(2).lower())


def _iso_date(match: re.Match[str], ref: datetime, text: str) -> datetime | None:
    day, clock = match.groups()
    try:
        if clock is None:
            return end_of_day(date.fromisoformat(day))
        return _as_utc(isoparse(f"{day}T{clock.upper()}"))
    except ValueError:
        return None


def _month_day(match: re.Match[str], ref: datetime, text: str) -> datetime | None:
    groups = match.groupdict()
    month = MONTHS[(groups["month"] or "").lower().rstrip(".")]
    try:
        day = date(int(groups["year"] or ref.year), month, int(groups["day"]))
    except ValueError:
        return None
    if day < ref.date() and not groups["year"]:
        if _in_past(text, match):
            return None
        day = day.replace(year=day.year + 1)
    return end_of_day(day)


def _month_only(match: re.Match[str], ref: datetime, text: str) -> datetime | None:
    month = MONTHS[match.group(1).lower().rstrip(".")]
    if _in_past(text, match):
        return None
    year = ref.year + (1 if month < ref.month else 0)
    return end_of_day(_month_end(year, month))


def _quarter(match: re.Match[str], ref: datetime, text: str) -> datetime | None:
    """A calendar quarter: "this quarter" / "next quarter", or "through Q3" (the next Q3 to end, unless
    the sentence is in the past: "Q3 was rough" bounds nothing)."""
    this_or_next, number, year = (g.lower() if g else None for g in match.groups())
    if number is None:
        first = (ref.month - 1) // 3 * 3 + 1 + (3 if this_or_next == "next" else 0)
        start = date(ref.year, 1, 1) + relativedelta(months=first - 1)
        return end_of_day(_month_end(start.year, start.month + 2))
    last_month = int(number) * 3
    if year is not None:
        return end_of_day(_month_end(int(year), last_month))
    if _in_past(text, match):
        return None
    return end_of_day(_month_end(ref.year + (1 if last_month < ref.month else 0), last_month))


def _year_bound(match: re.Match[str], ref: datetime, text: str) -> datetime | None:
    """A bound by year, or month and year: "warranty until 2025", "valid until September 2030" (its
    end); a sentence in the past bounds nothing ("we moved in 2019") unless the year is still to come
    ("bought a plan that covers labour through 2028")."""
    month, year = match.groups()
    if int(year) <= ref.year and _in_past(text, match):
        return None
    return end_of_day(_month_end(int(year), MONTHS[month.lower().rstrip(".")] if month else 12))


def month_day_pattern() -> str:
    month_first = rf"(?P<month>{_MONTH})\.? (?P<day>\d{{1,2}})(?:st|nd|rd|th)?(?:,? (?P<year>\d{{4}}))?"
    return rf"\b{month_first}\b(?!:)"


def day_month_pattern() -> str:
    day_first = rf"(?P<day>\d{{1,2}})(?:st|nd|rd|th)? (?:of )?(?P<month>{_MONTH})\.?(?:,? (?P<year>\d{{4}}))?"
    return rf"\b{day_first}\b"


# Ordered: earlier rules claim their span first, so "day after tomorrow" is not also "tomorrow".
_TEMPORAL_RULES: list[tuple[re.Pattern[str], _Rule]] = [
    (
        rx(r"\b(\d{4}-\d{2}-\d{2})(?:[t ](\d{2}:\d{2}(?::\d{2})?(?:z|[+-]\d{2}:?\d{2})?))?(?![\w:])"),
        _iso_date,
    ),
    (rx(month_day_pattern()), _month_day),
    (rx(day_month_pattern()), _month_day),
    (rx(r"\b(the day after )?tomorrow\b"), _tomorrow),
    (rx(r"\b(?:today|tonight|this (?:morning|afternoon|evening)|end of (?:the )?day|eod)\b"), _today),
    (rx(r"\b(this|next) weekend\b|\b(?:over )?the weekend\b"), _weekend),
    (rx(r"\b(?:(this|next) |end of (?:the )?)week\b"), _week),
    (rx(r"\b(?:(this|next) |end of (?:the )?)month\b"), _month),
    (rx(r"\b(?:(this|next) |end of (?:the )?)year\b"), _year),
    # a quarter: "this quarter", or Q1–Q4 after a word that bounds it ("through Q3", "by Q2 2027")
    (
        rx(
            r"\b(?:(this|next) quarter|(?:until|till|through|thru|by|before|in|during|for|end of)\s+"
            r"q([1-4])(?:\s+(\d{4}))?)\b"
        ),
        _quarter,
    ),
    (
        rx(
            r"\b(?:(until|till|til|through|thru|by|before|on|to)\s+)?(?:(this|next|coming|last)\s+)?"
            rf"({_WEEKDAY})\b(?!s\b|'s\b)"
        ),
        _weekday,
    ),
    (
        rx(
            r"\b(in|within|for|over|during)\s+(?:the\s+)?(?:(next|coming|following)\s+)?"
            rf"(?:({_NUM})\s+)?({_UNIT})s?\b"
        ),
        _relative,
    ),
    (rx(rf"\b({_NUM})\s+({_UNIT})s?\s+from now\b"), _from_now),
    # a length as an adjective, of days or longer: "a three-month secondment" (never "a two-year-old")
    (rx(rf"\b(?:a|an|the|my|his|her|our|their)\s+({_NUM})-(day|week|month|year)(?![\w-])"), _from_now),
    (
        rx(
            r"\b(?:until|till|through|thru|by|before|in|during|expires|expiring|ends|ending|(?:the )?end of)"
            rf"\s+(?:({_MONTH})\.?\s+)?((?:19|20)\d\d)\b(?![-/:.]\d)"
        ),
        _year_bound,
    ),
    (
        rx(rf"\b(?:until|till|through|thru|by|before|in|during|(?:the )?end of)\s+({_MONTH})\b(?!\.? ?\d)"),
        _month_only,
    ),
]  # fmt: skip


def resolve_temporal(text: str, ref: datetime) -> tuple[TemporalKind, datetime | None]:
    """Temporal kind and the latest moment the statement holds, resolved against `ref` (UTC)."""
    ref = _as_utc(ref)
    taken: list[tuple[int, int]] = []
    bounds: list[datetime] = []
    for pattern, rule in _TEMPORAL_RULES:
        for match in pattern.finditer(text):
            start, end = match.span()
            if any(start < t_end and t_start < end for t_start, t_end in taken):
                continue
            taken.append((start, end))
            if _START_MARKER.search(text[:start]):
                continue  # "starting next week …" says when something begins, not when it ends
            if (
                rule in (_month_day, _month_only)
                and not match.groupdict().get("year")  # "… booked for June 2, 2026": that one day
                and _YEARLY.search(_sentence_of(text, start))
            ):
                continue
            until = rule(match, ref, text)
            if until is not None and until >= ref:
                bounds.append(until)
    if bounds:
        return TemporalKind.temporal, max(bounds)
    if _OPEN_ENDED.search(text):
        return TemporalKind.temporal, None
    return TemporalKind.persistent, None
