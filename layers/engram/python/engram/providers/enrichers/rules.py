"""A deterministic, offline enricher: language patterns, no model.

It is the embedded default and the fallback for every LLM provider, so it has to do a useful job on its
own: it classifies the memory type, resolves relative dates against when the memory was observed,
scores importance and confidence, tags categories, extracts entities, and decides near duplicates with a
contradiction check, so "uses Postgres" and "no longer uses Postgres" are never merged.

The user's timezone is unknown, so dates resolve in UTC and a day lasts until 23:59:59 UTC; a time of
day ("at 3pm tomorrow") does not narrow the window below the end of that day.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from typing import NamedTuple

from dateutil.parser import isoparse
from dateutil.relativedelta import relativedelta

from engram.domain.claims import Claim, contradiction, jaccard, lost_by_merge, slot_change, value_change
from engram.domain.enrichment import (
    MAX_CATEGORIES,
    MAX_ENTITIES,
    Candidate,
    Decision,
    DecisionAction,
    EnrichmentResult,
)
from engram.domain.models import Memory, MemoryType, Provenance, TemporalKind
from engram.domain.specificity import anchors, is_vague
from engram.domain.text import mask_placeholders


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


# =========================================================================== memory type

# (type, weight, pattern). The type with the highest summed weight wins; ties go to the earlier type
# in _TYPE_PRIORITY. Patterns run on the original text, case-insensitively.
_TYPE_SIGNALS: list[tuple[MemoryType, int, re.Pattern[str]]] = [
    (MemoryType.correction, 3, _rx(r"\bactually\b")),
    (MemoryType.correction, 3, _rx(r"\bno longer\b")),
    (MemoryType.correction, 3, _rx(r"\bnot\b[^.!?]{0,40}\bany ?more\b|n't\b[^.!?]{0,40}\bany ?more\b")),
    (MemoryType.correction, 3, _rx(r"\bcorrection\s*:|\bupdate\s*:|\bto clarify\b")),
    (MemoryType.correction, 3, _rx(r"\bi was wrong\b|\bthat was wrong\b|\bi misspoke\b")),
    (MemoryType.correction, 3, _rx(r"\b(?:changed|switched|migrated)\b[^.!?]{0,40}?\bto\b")),
    (MemoryType.correction, 2, _rx(r"\b(?:is|are) now\b|\bnow (?:uses?|prefers?|lives?|works?)\b")),
    (MemoryType.correction, 2, _rx(r"\binstead of\b|\bfrom now on\b|\bused to\b")),
    (MemoryType.decision, 3, _rx(r"\b(?:we|i|they|team)(?:'ve| have)? decided\b|\bdecided (?:to|on|that)\b")),
    (
        MemoryType.decision,
        3,
        _rx(r"\bgoing with\b|\bsettled on\b|\bopted (?:for|to)\b|\bagreed (?:to|on|that)\b"),
    ),
    (MemoryType.decision, 3, _rx(r"\bwe(?:'ll| will| are going to|'re going to) (?:use|go with|adopt)\b")),
    (MemoryType.decision, 3, _rx(r"\b(?:chose|chosen)\b")),
    (MemoryType.decision, 3, _rx(r"\b(?:we|i|they|team) went with\b|\bstandardi[sz]ed on\b")),
    (MemoryType.decision, 3, _rx(r"\b(?:picked|selected|preferred|went with)\b[^.!?]{1,40}\bover\b")),
    (MemoryType.decision, 2, _rx(r"\bdecision\b|\bthe plan is to\b")),
    (MemoryType.task, 3, _rx(r"\bto-?do\b|\bremind me\b|\bremember to\b|\bdon'?t forget\b")),
    (MemoryType.task, 2, _rx(r"\bneeds? to\b|\bhave to\b|\bhas to\b|\bmake sure to\b|\bfollow up\b")),
    (MemoryType.task, 2, _rx(r"\bdeadline\b|\breminder\b|\bdue (?:on|by|date|tomorrow|today|next|this)\b")),
    (
        MemoryType.task,
        2,
        _rx(r"\bby (?:(?:this|next) )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"),
    ),
    (MemoryType.task, 2, _rx(r"\bby (?:tomorrow|tonight|today|eod|end of|next week|the end)\b")),
    # an imperative rule: "Never deploy on Fridays", "Always use UTC", "Don't page the CTO"
    (
        MemoryType.constraint,
        3,
        _rx(
            r"(?:^|[.!?;:]\s+)(?:please\s+)?(?:never|always|only|do not|don'?t)\s+"
            r"(?!worry|forget|mind|know|care|think|be\b|get me)[a-z]+(?<!ing)\b(?!\s*[!?])"
        ),
    ),
    # "must" as a rule, not a guess ("that must have been fun", "you must be so proud")
    (
        MemoryType.constraint,
        2,
        _rx(
            r"(?<!that )(?<!it )(?<!this )(?<!you )(?<!she )(?<!he )(?<!they )(?<!there )(?<!which )"
            r"\bmust(?:n'?t| not)?\b(?!\s*(?:have|'ve|feel|be (?:so|such|really|very|a|an|the|great|nice|"
            r"fun|amazing|awesome|hard|tough)\b))"
        ),
    ),
    # "never" as a rule, not an experience ("I've never been", "never seen anything like it")
    (
        MemoryType.constraint,
        2,
        _rx(
            r"(?<!'ve )(?<!have )(?<!has )(?<!had )\bnever\b(?!\s+(?:been|seen|had|heard|"
            r"thought|tried|done|gone|known|knew|expected|imagined|realized|realised|"
            r"felt|met|forget|give up|stop)\b)"
        ),
    ),
    # "can't" as a limit, not a feeling ("can't wait", "can't believe")
    (
        MemoryType.constraint,
        2,
        _rx(
            r"\b(?:can'?t|cannot)\b(?!\s+(?:wait|believe|stop|thank|imagine|help|get enough|beat|compete|"
            r"go wrong|complain|remember|tell|say|describe|express|explain|decide|argue|deny|blame|ask)\b)|"
            r"\b(?:can|should|must) only\b"
        ),
    ),
    (
        MemoryType.constraint,
        2,
        _rx(r"\brequired\b|\bmandatory\b|\bnot allowed\b|\bforbidden\b|\bprohibited\b"),
    ),
    # a diet is a constraint on every meal someone plans
    (
        MemoryType.constraint,
        3,
        _rx(
            r"\ballergic\b|\ballergy\b|\bintolerant\b|\b(?:coeliac|celiac|vegan|vegetarian|halal|kosher)\b|"
            r"\b(?:gluten|dairy|nut|lactose|sugar|alcohol)-free\b"
        ),
    ),
    (MemoryType.constraint, 1, _rx(r"\bdo not\b|\bdon'?t\b|\bshould(?:n'?t| not)?\b|\bat (?:most|least)\b")),
    (MemoryType.constraint, 1, _rx(r"\balways\b|\bonly\b")),
    (MemoryType.preference, 3, _rx(r"\bprefer(?:s|red|ence|ences)?\b|\bfavou?rite\b")),
    (MemoryType.preference, 3, _rx(r"\b(?:likes|loves|hates|enjoys|dislikes|adores|detests)\b")),
    (
        MemoryType.preference,
        3,
        _rx(
            r"\b(?:i|we|you|they)(?: really| do| don'?t| do not| kind of| absolutely| still){0,2} "
            r"(?:like|love|hate|enjoy|dislike|adore)\b"
        ),
    ),
    (MemoryType.preference, 3, _rx(r"\b(?:would|'d) rather\b|\bcan'?t stand\b")),
    (MemoryType.preference, 2, _rx(r"\b(?:a|not a|big|huge) fan of\b")),
    (MemoryType.preference, 1, _rx(r"\brather\b")),
    (MemoryType.skill, 3, _rx(r"\bknows? how to\b|\b(?:proficient|fluent|skilled|expert) (?:in|at|with)\b")),
    (MemoryType.skill, 3, _rx(r"\bexperienced (?:in|with)\b|\byears of experience\b")),
    (MemoryType.skill, 2, _rx(r"\bcan (?:code|program|speak|cook|play|drive|sing|swim)\b|\bgood at\b")),
    (MemoryType.skill, 2, _rx(r"\bcertified\b")),
    (
        MemoryType.episodic,
        2,
        _rx(
            r"\b(?:went to|visited|attended|traveled|travelled|flew to|celebrated|happened)\b|"
            r"\bmet (?!the (?:deadline|requirement|target|goal|criteria))"
        ),
    ),
    (
        MemoryType.episodic,
        2,
        _rx(r"\byesterday\b|\blast (?:night|week|weekend|month|year)\b|\b\d+ (?:days?|weeks?|months?) ago\b"),
    ),
]

_TYPE_PRIORITY = [
    MemoryType.correction,
    MemoryType.decision,
    MemoryType.task,
    MemoryType.preference,
    MemoryType.constraint,
    MemoryType.skill,
    MemoryType.episodic,
]


def classify(text: str) -> MemoryType:
    """The kind with the most evidence; one weak signal alone ("only", "always", "should", "rather")
    is not enough to call a statement anything but a fact."""
    scores: dict[MemoryType, int] = {}
    for kind, weight, pattern in _TYPE_SIGNALS:
        if pattern.search(text):
            scores[kind] = scores.get(kind, 0) + weight
    scores = {kind: score for kind, score in scores.items() if score >= 2}
    if not scores:
        return MemoryType.fact
    return max(_TYPE_PRIORITY, key=lambda kind: (scores.get(kind, 0), -_TYPE_PRIORITY.index(kind)))


# =========================================================================== temporal

_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_MONTHS = {
    "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
    "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8, "sep": 9, "sept": 9,
    "september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12,
}  # fmt: skip
_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2, "couple of": 2,
    "a few": 3, "few": 3, "several": 3,
}  # fmt: skip

_WEEKDAY = "|".join(_WEEKDAYS)
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_NUM = r"\d+|" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True))
_UNIT = r"minute|hour|day|week|month|year"

_PAST_TENSE = _rx(
    r"\b(?:was|were|went|met|visited|attended|did|saw|told|said|got|bought|ate|drank|flew|drove|came|"
    r"took|gave|had|called|talked|spoke|finished|completed|celebrated|traveled|travelled|arrived|returned|"
    r"watched|played|happened|enjoyed|received|sent|wrote|won|lost|yesterday|ago|last)\b"
)
_PERFECT_TENSE = _rx(r"\b(?:been|have|has|'ve|had|since|ago)\b")
_START_MARKER = _rx(r"\b(?:from|starting(?: on| from)?|beginning|as of|effective|since|after|every)\s+$")
_OPEN_ENDED = _rx(
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
    return date(year, month, 1) + relativedelta(months=1, days=-1)


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
    weekday = _WEEKDAYS.index(name or "")
    if modifier == "last":
        return None
    if modifier == "next":
        monday_next_week = ref.date() + timedelta(days=7 - ref.weekday())
        return end_of_day(monday_next_week + timedelta(days=weekday))
    bounded = modifier in {"this", "coming"} or preposition not in {None, "on"}
    if not bounded and _in_past(text, match):
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
    month = _MONTHS[(groups["month"] or "").lower().rstrip(".")]
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
    month = _MONTHS[match.group(1).lower().rstrip(".")]
    if _in_past(text, match):
        return None
    year = ref.year + (1 if month < ref.month else 0)
    return end_of_day(_month_end(year, month))


def _month_day_pattern() -> str:
    month_first = rf"(?P<month>{_MONTH})\.? (?P<day>\d{{1,2}})(?:st|nd|rd|th)?(?:,? (?P<year>\d{{4}}))?"
    return rf"\b{month_first}\b(?!:)"


def _day_month_pattern() -> str:
    day_first = rf"(?P<day>\d{{1,2}})(?:st|nd|rd|th)? (?:of )?(?P<month>{_MONTH})\.?(?:,? (?P<year>\d{{4}}))?"
    return rf"\b{day_first}\b"


# Ordered: earlier rules claim their span first, so "day after tomorrow" is not also "tomorrow".
_TEMPORAL_RULES: list[tuple[re.Pattern[str], _Rule]] = [
    (
        _rx(r"\b(\d{4}-\d{2}-\d{2})(?:[t ](\d{2}:\d{2}(?::\d{2})?(?:z|[+-]\d{2}:?\d{2})?))?(?![\w:])"),
        _iso_date,
    ),
    (_rx(_month_day_pattern()), _month_day),
    (_rx(_day_month_pattern()), _month_day),
    (_rx(r"\b(the day after )?tomorrow\b"), _tomorrow),
    (_rx(r"\b(?:today|tonight|this (?:morning|afternoon|evening)|end of (?:the )?day|eod)\b"), _today),
    (_rx(r"\b(this|next) weekend\b|\b(?:over )?the weekend\b"), _weekend),
    (_rx(r"\b(?:(this|next) |end of (?:the )?)week\b"), _week),
    (_rx(r"\b(?:(this|next) |end of (?:the )?)month\b"), _month),
    (_rx(r"\b(?:(this|next) |end of (?:the )?)year\b"), _year),
    (
        _rx(
            r"\b(?:(until|till|til|through|thru|by|before|on|to)\s+)?(?:(this|next|coming|last)\s+)?"
            rf"({_WEEKDAY})\b(?!s\b|'s\b)"
        ),
        _weekday,
    ),
    (
        _rx(
            r"\b(in|within|for|over|during)\s+(?:the\s+)?(?:(next|coming|following)\s+)?"
            rf"(?:({_NUM})\s+)?({_UNIT})s?\b"
        ),
        _relative,
    ),
    (_rx(rf"\b({_NUM})\s+({_UNIT})s?\s+from now\b"), _from_now),
    (
        _rx(rf"\b(?:until|till|through|thru|by|before|in|during|(?:the )?end of)\s+({_MONTH})\b(?!\.? ?\d)"),
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
            until = rule(match, ref, text)
            if until is not None and until >= ref:
                bounds.append(until)
    if bounds:
        return TemporalKind.temporal, max(bounds)
    if _OPEN_ENDED.search(text):
        return TemporalKind.temporal, None
    return TemporalKind.persistent, None


# =========================================================================== entities

_TECH_TERMS = [
    "PostgreSQL", "Postgres", "MySQL", "SQLite", "MariaDB", "MongoDB", "Redis", "DynamoDB", "Cassandra",
    "Elasticsearch", "OpenSearch", "Kafka", "RabbitMQ", "BigQuery", "Python", "JavaScript",
    "TypeScript", "Kotlin", "Golang", "C++", "C#", "PHP", "Scala", "Haskell", "Elixir", "Node.js",
    "Django", "FastAPI", "Pydantic", "NumPy", "PyTorch", "TensorFlow", "Next.js", "Vue",
    "Angular", "Svelte", "Tailwind", "GraphQL", "gRPC", "REST API", "OAuth", "JWT", "SAML", "AWS",
    "AWS Lambda", "Amazon S3", "S3", "EC2", "ECS", "EKS", "SQS", "SNS", "CloudFormation", "CDK",
    "Azure", "GCP", "Google Cloud", "Kubernetes", "k8s", "Docker", "Terraform", "Ansible",
    "Jenkins", "GitHub", "GitHub Actions", "GitLab", "Bitbucket", "Jira", "Confluence",
    "Linux", "Ubuntu", "macOS", "Android", "iOS", "VS Code", "Vim", "Neovim", "Emacs",
    "IntelliJ", "PyCharm", "OpenAI", "Anthropic", "ChatGPT", "GPT-4", "Ollama",
    "vLLM", "Nginx", "Vercel", "Heroku", "Cloudflare", "Datadog", "Grafana",
    "Figma", "HTML", "CSS", "SQL", "NoSQL", "JSON", "YAML", "Git", "Postman", "Supabase", "Firebase",
]  # fmt: skip
# Ordinary words too: recognised as technology only when capitalised.
_TECH_CASED = [
    "React",
    "Rust",
    "Go",
    "Java",
    "Ruby",
    "Rails",
    "Swift",
    "Flask",
    "Spring",
    "Lambda",
    "Express",
    "Bedrock",
    "Claude",
    "Llama",
    "Helm",
    "Slack",
    "Notion",
    "Stripe",
    "Sentry",
    "Snowflake",
    "Prometheus",
    "Windows",
]

_TECH_CANONICAL = {term.lower(): term for term in _TECH_TERMS}
_TECH_ANY_CASE = re.compile(
    r"(?<![\w.@/-])(?:"
    + "|".join(re.escape(t) for t in sorted(_TECH_TERMS, key=len, reverse=True))
    + r")(?![\w+#]|\.\w)",
    re.IGNORECASE,
)
_TECH_CAPITALISED = re.compile(r"(?<![\w.@/-])(?:" + "|".join(_TECH_CASED) + r")(?![\w+#])")

_URL = re.compile(r"\bhttps?://[^\s<>\"')\]]+|\bwww\.[^\s<>\"')\]]+", re.IGNORECASE)
_EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
_HANDLE = re.compile(r"(?<![\w.@])@[A-Za-z0-9_]{2,30}\b")
_QUOTED = re.compile(r"\"([^\"\n]{2,80})\"|“([^”\n]{2,80})”|`([^`\n]{2,80})`|(?<!\w)'([^'\n]{2,80})'(?!\w)")
_DATES = [
    re.compile(r"\b\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?\b"),
    _rx(_month_day_pattern()),
    _rx(_day_month_pattern()),
]
_IDENTIFIER = re.compile(
    r"\b[\w-]+\.(?:py|js|ts|tsx|jsx|json|ya?ml|toml|md|sql|sh|go|rs|java|rb|txt|csv|cfg|ini)\b"  # files
    r"|\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b"  # CamelCase
    r"|\b[a-z]+[A-Z][A-Za-z0-9]*\b"  # camelCase, iPhone
    r"|\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b"  # snake_case, SCREAMING_SNAKE
)
_NAME = re.compile(
    r"\b[A-Z][\w'’&-]*(?:\s+(?:(?:of|de|van|von|der|den|da|del|la|le|du|&)\s+)?[A-Z][\w'’&-]*)*"
)
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+|\n\s*(?:[-*•]\s*|\d+[.)]\s*)?)[\"'“(]?$")
_NOT_NAMES = {
    # pronouns, determiners, prepositions, conjunctions and frequent sentence openers
    "i", "i'm", "i'll", "i've", "i'd", "a", "an", "the", "my", "our", "your", "his", "her", "their", "its",
    "this", "that", "these", "those", "we", "you", "he", "she", "they", "it", "on", "in", "at", "by", "for",
    "from", "with", "to", "of", "and", "but", "or", "so", "then", "also", "yesterday", "today", "tomorrow",
    "tonight", "please", "remind", "remember", "call", "meet", "met", "ask", "tell", "email", "send",
    "actually", "never", "always", "only", "note", "next", "last", "every", "when", "if", "after",
    "before", "since", "until", "dear", "hi", "hello", "hey", "thanks", "ok", "okay", "yes", "no", "not",
    "don't", "do", "use", "api", "prefer", "user", "correction", "update", "todo", "fyi", "asap", "eod",
    "eta",
    "btw", "imo", "tbd", "ps", "am", "pm", "utc", "gmt", "usd", "eur", "gbp", "faq", "aka", "diy", "tl",
    "important", "urgent", "maybe", "probably", "we'll", "we're", "it's", "let's", "there", "here",
    *_WEEKDAYS,
    *_MONTHS,
}  # fmt: skip


class _Candidate(NamedTuple):
    start: int
    end: int
    text: str
    rank: int  # lower wins an overlap


def _name_candidates(text: str) -> Iterable[_Candidate]:
    for match in _NAME.finditer(text):
        words = match.group(0).split()
        start = match.start()
        at_sentence_start = bool(_SENTENCE_START.search(text[:start]))
        while words and (words[0].lower().rstrip("'’s") in _NOT_NAMES or words[0].lower() in _NOT_NAMES):
            start = text.index(words[0], start) + len(words[0])
            words = words[1:]
            at_sentence_start = False
        while words and words[-1].lower() in _NOT_NAMES:
            words = words[:-1]
        if not words:
            continue
        single = len(words) == 1
        acronym = single and words[0].isupper() and len(words[0]) >= 2
        if single and at_sentence_start and not acronym:
            continue  # a capitalised first word is just grammar
        name = re.sub(r"['’]s$", "", " ".join(words))
        start = text.index(words[0], start)
        yield _Candidate(start, start + len(" ".join(words)), name, 8)


def extract_entities(text: str) -> list[str]:
    candidates: list[_Candidate] = []
    extractors: list[tuple[int, re.Pattern[str], Callable[[re.Match[str]], str]]] = [
        (0, _URL, lambda m: m.group(0).rstrip(".,;:!?")),
        (1, _EMAIL, lambda m: m.group(0)),
        (2, _QUOTED, lambda m: next(g for g in m.groups() if g).strip()),
        (3, _DATES[0], lambda m: m.group(0)),
        (3, _DATES[1], lambda m: m.group(0)),
        (3, _DATES[2], lambda m: m.group(0)),
        (4, _TECH_ANY_CASE, lambda m: _TECH_CANONICAL[m.group(0).lower()]),
        (4, _TECH_CAPITALISED, lambda m: m.group(0)),
        (5, _HANDLE, lambda m: m.group(0)),
        (6, _IDENTIFIER, lambda m: m.group(0)),
    ]
    for rank, pattern, render in extractors:
        candidates += [_Candidate(m.start(), m.end(), render(m), rank) for m in pattern.finditer(text)]
    candidates += _name_candidates(text)

    chosen: list[_Candidate] = []
    for candidate in sorted(candidates, key=lambda c: (c.rank, c.start, -(c.end - c.start))):
        if not any(candidate.start < c.end and c.start < candidate.end for c in chosen):
            chosen.append(candidate)
    entities: dict[str, str] = {}
    for candidate in sorted(chosen, key=lambda c: c.start):
        entities.setdefault(candidate.text.lower(), candidate.text)
    return list(entities.values())[:MAX_ENTITIES]


# =========================================================================== categories

_TAXONOMY: dict[str, str] = {
    "food": r"food|eat|eats|eating|meal|lunch|dinner|breakfast|brunch|cook|cooking|recipe|restaurant|vegan|"
    r"vegetarian|gluten|dairy|lactose|peanut|nut|cilantro|coffee|tea|pizza|sushi|diet|snack|wine|beer|"
    r"halal|kosher|spicy|cuisine|dessert|chocolate|drink|drinks|espresso|latte",
    "health": r"allergy|allergies|allergic|anaphylaxis|epipen|doctor|dentist|medication|medicine|pill|"
    r"health|sick|illness|diabetes|diabetic|asthma|blood|hospital|therapy|therapist|surgery|injury|pain|"
    r"migraine|pregnant|pregnancy|anxiety|depression|sleep|insomnia|vaccine|symptom|prescription|"
    r"intolerant|intolerance|workout|gym",
    "work": r"work|works|working|job|office|meeting|manager|boss|colleague|coworker|team|project|client|"
    r"customer|deadline|sprint|standup|on-call|oncall|employer|career|promotion|interview|company|"
    r"startup|release|roadmap|stakeholder|okr|quarterly",
    "travel": r"travel|traveling|travelling|trip|flight|fly|flying|airport|hotel|vacation|holiday|passport|"
    r"visa|train station|by train|airline|booking|itinerary|abroad|layover|aisle seat|window seat|airbnb|"
    r"luggage",
    "family": r"family|wife|husband|partner|spouse|son|daughter|kid|kids|child|children|mom|mum|mother|dad|"
    r"father|brother|sister|sibling|parent|parents|grandma|grandmother|grandpa|grandfather|uncle|aunt|"
    r"cousin|baby|niece|nephew|wedding|anniversary|birthday",
    "finance": r"money|budget|salary|bank|invoice|payment|pay|price|cost|expense|tax|taxes|loan|mortgage|"
    r"invest|investment|stock|stocks|crypto|credit card|savings|rent|insurance|billing|dollars?|euros?|"
    r"usd|eur|gbp|401k|pension|refund",
    "tech": r"code|coding|software|programming|database|api|server|deploy|deployment|bug|backend|frontend|"
    r"laptop|computer|app|cloud|repo|repository|framework|library|cli|ide|devops|infrastructure|"
    r"microservice|endpoint|schema|migration",
    "schedule": r"schedule|calendar|appointment|meeting|tomorrow|today|tonight|weekend|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday|morning|afternoon|evening|deadline|reminder|remind|"
    r"on-call|agenda|\d{1,2}(?::\d{2})? ?(?:am|pm)|o'clock",
    "preferences": r"prefer|prefers|preferred|preference|favorite|favourite|likes|loves|hates|dislikes|"
    r"rather",
    "hobbies": r"hobby|hobbies|hiking|hike|jogging|marathon|cycling|bike|guitar|piano|music|painting|"
    r"reading|books|novel|games|gaming|chess|photography|gardening|yoga|climbing|swimming|fishing|knitting|movies|"
    r"films|soccer|football|basketball|tennis|golf|skiing|surfing|podcast|concert",
    "location": r"lives? in|living in|based in|moved to|located in|address|timezone|time zone|hometown|"
    r"neighbou?rhood|apartment|relocat\w*|city|country",
    "education": r"school|university|college|degree|course|class|study|studying|student|exam|thesis|phd|"
    r"master's|bachelor|teacher|professor|learn|learning|lesson|tutor|homework|graduated|certification",
    "contact": r"phone|phone number|email|e-mail|contact|reach me|call me|whatsapp|telegram|"
    r"linkedin|twitter",
    "pets": r"dog|dogs|cat|cats|pet|pets|puppy|kitten|vet",
    "shopping": r"buy|bought|purchase|shop|shopping|groceries|amazon|delivery|checkout",
    "security": r"password|passwords|2fa|mfa|security|credential|credentials|token|vpn|encryption|"
    r"ssh key|api key|secret",
}
_CATEGORY_PATTERNS = {name: _rx(rf"\b(?:{words})(?:s|es)?\b") for name, words in _TAXONOMY.items()}
_PHONE = re.compile(
    r"(?<![\w-])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d{3,4}[\s.-]\d{3,4}(?:[\s.-]\d{2,4})?(?![\w-])"
)


def categorize(
    text: str, memory_type: MemoryType, entities: list[str], valid_until: datetime | None
) -> list[str]:
    scores = {name: len(set(p.findall(text))) for name, p in _CATEGORY_PATTERNS.items()}
    if memory_type is MemoryType.preference:
        scores["preferences"] += 1
    if valid_until is not None or memory_type is MemoryType.task:
        scores["schedule"] += 1
    if any(entity in _TECH_CANONICAL.values() or entity in _TECH_CASED for entity in entities):
        scores["tech"] += 2
    if _EMAIL.search(text) or _PHONE.search(text) or _HANDLE.search(text):
        scores["contact"] += 1
    order = list(_TAXONOMY)
    ranked = sorted(
        (name for name, score in scores.items() if score), key=lambda n: (-scores[n], order.index(n))
    )
    return ranked[:MAX_CATEGORIES]


# =========================================================================== importance & confidence

_CRITICAL = _rx(
    r"\ballerg\w*|\banaphyla\w*|\bepipen\b|\bmedication\b|\bdiabet\w*|\bseizure|\bpregnan\w*|\bemergency\b|"
    r"\bblood type\b|\bpassword|\bsecurity\b|\bcredential|\bcompliance\b|\bgdpr\b|\bhipaa\b|\blegal\b|"
    r"\bdeadline\b|\burgent\b|\basap\b|\bcritical\b|\bimportant\b|\bcrucial\b|\bproduction\b|\bprod\b"
)
_CHITCHAT = _rx(
    r"\b(?:lol|haha|hehe|lmao|just chatting|fun fact|by the way|btw|good (?:morning|night)|"
    r"the weather|i'?m bored|how are you)\b"
)
_HEDGES = _rx(
    r"\b(?:maybe|perhaps|probably|possibly|might|i think|i guess|i believe|not sure|unsure|"
    r"could be|seems|apparently|likely|kind of|sort of|i suppose)\b|\?"
)
_ASSERTIVE = _rx(r"\b(?:definitely|certainly|for sure|absolutely|confirmed|always)\b")
_BASE_CONFIDENCE = {
    Provenance.user_stated: 0.9,
    Provenance.imported: 0.8,
    Provenance.episode_summary: 0.75,
    Provenance.assistant_derived: 0.65,
}
_HIGH_STAKES_TYPES = {MemoryType.constraint, MemoryType.correction, MemoryType.decision}


def score_importance(text: str, memory_type: MemoryType, valid_until: datetime | None) -> int:
    score = 3
    if memory_type in _HIGH_STAKES_TYPES:
        score += 1
    if is_vague(text):
        score -= 1  # "User mentioned the launch again" pins nothing down
    elif anchors(text) >= 3:
        score += 1  # "The launch rolls out to 5% on June 3, then 50%" pins down a plan
    if _CRITICAL.search(text):
        score += 1
    if memory_type is MemoryType.episodic:
        score -= 1
    if _CHITCHAT.search(text):
        score -= 1
    if len(re.findall(r"\w+", text)) < 4:
        score -= 1
    if memory_type is MemoryType.task and valid_until is not None and score < 4:
        score += 1  # a dated task is worth surfacing before it is due
    return max(1, min(5, score))


def score_confidence(text: str, provenance: Provenance) -> float:
    confidence = _BASE_CONFIDENCE.get(provenance, 0.8)
    hedges = len(_HEDGES.findall(text))
    confidence -= min(3, hedges) * 0.15
    if not hedges and _ASSERTIVE.search(text):
        confidence += 0.05
    return round(max(0.1, min(1.0, confidence)), 2)


# =========================================================================== the decision stage

# Below this cosine a candidate is only superseded on a contradiction or a changed slot, never merged.
NEAR = 0.70


class _Verdict(NamedTuple):
    action: DecisionAction
    reason: str
    confidence: float


def _claim(memory: Memory) -> Claim:
    return _claim_of(memory.content, tuple(memory.entities))


@lru_cache(maxsize=4096)
def _claim_of(content: str, entities: tuple[str, ...]) -> Claim:
    """Parsing a claim is the costly part of a decision; a memory meets many candidates (and a batch
    many memories), so each text is parsed once."""
    return Claim.of(content, [*entities, *extract_entities(content)])


def pair_verdict(new: Memory, existing: Memory, similarity: float) -> _Verdict:
    """What `new` does to one candidate: supersede it (update / delete), duplicate it (none), or
    neither (add)."""
    old_claim, new_claim = _claim(existing), _claim(new)
    conflict = contradiction(old_claim, new_claim)
    if conflict:
        if new_claim.negated and not old_claim.negated:
            return _Verdict(DecisionAction.delete, f"Negation: {conflict}.", 0.85)
        return _Verdict(DecisionAction.update, f"Contradiction: {conflict}; the later statement holds.", 0.8)
    changed = slot_change(old_claim, new_claim)
    if changed:
        return _Verdict(DecisionAction.update, f"Changed value: {changed}.", 0.85)
    changed = value_change(old_claim, new_claim)
    if changed and similarity >= NEAR:
        return _Verdict(DecisionAction.update, f"Changed value: {changed}.", 0.75)
    if similarity < NEAR:
        return _Verdict(DecisionAction.add, f"Related but distinct (similarity {similarity:.2f}).", 0.6)
    overlap = jaccard(old_claim.words, new_claim.words)
    lost = lost_by_merge(new_claim, old_claim)
    if lost is None and new_claim.words <= old_claim.words:
        return _Verdict(
            DecisionAction.none,
            f"Same statement (word overlap {overlap:.2f}); the new memory adds nothing.",
            0.9,
        )
    if old_claim.words < new_claim.words and not (old_claim.negated or new_claim.negated):
        return _Verdict(
            DecisionAction.update,
            f"The new memory restates the existing one with more detail (word overlap {overlap:.2f}).",
            0.7,
        )
    if lost is None and (overlap >= 0.6 or (overlap >= 0.35 and similarity >= 0.85) or similarity >= 0.95):
        return _Verdict(
            DecisionAction.none,
            f"Paraphrase of the same statement (word overlap {overlap:.2f}, similarity {similarity:.2f}).",
            0.8,
        )
    why = f"; not a duplicate: {lost}" if lost else ""
    return _Verdict(
        DecisionAction.add,
        f"Related but distinct (word overlap {overlap:.2f}, similarity {similarity:.2f}){why}.",
        0.7,
    )


def decide_candidates(new: Memory, candidates: Sequence[Candidate]) -> Decision:
    """The decision for `new` against its candidates (best first): every candidate it negates or
    supersedes (delete before update), else the first it duplicates, else add."""
    verdicts = [(c, pair_verdict(new, c.memory, c.similarity)) for c in candidates]
    superseding = {DecisionAction.delete, DecisionAction.update}
    hits = [(c, v) for c, v in verdicts if v.action in superseding]
    if hits:
        negates = any(v.action == DecisionAction.delete for _, v in hits)
        return Decision(
            action=DecisionAction.delete if negates else DecisionAction.update,
            targets=[c.memory.id for c, _ in hits],
            reason=" ".join(v.reason for _, v in hits),
            confidence=min(v.confidence for _, v in hits),
        )
    for candidate, verdict in verdicts:
        if verdict.action == DecisionAction.none:
            return Decision(
                action=DecisionAction.none,
                targets=[candidate.memory.id],
                reason=verdict.reason,
                confidence=verdict.confidence,
            )
    if not verdicts:
        return Decision(action=DecisionAction.add, reason="No related memory in the scope.")
    return Decision(
        action=DecisionAction.add, reason=verdicts[0][1].reason, confidence=verdicts[0][1].confidence
    )


# =========================================================================== the enricher


class RulesEnricher:
    """The Enricher port, from language patterns alone: deterministic, offline, instant."""

    name = "rules"

    def enrich(self, memory: Memory) -> EnrichmentResult:
        text = mask_placeholders(memory.content)
        reference = memory.observed_at or memory.created_at
        memory_type = classify(text)
        temporal_kind, valid_until = resolve_temporal(text, reference)
        entities = extract_entities(text)
        return EnrichmentResult(
            importance=score_importance(text, memory_type, valid_until),
            memory_type=memory_type,
            temporal_kind=temporal_kind,
            valid_until=valid_until,
            categories=categorize(text, memory_type, entities, valid_until),
            entities=entities,
            confidence=score_confidence(text, memory.provenance),
        )

    def decide(self, new: Memory, candidates: Sequence[Candidate]) -> Decision:
        return decide_candidates(new, candidates)
