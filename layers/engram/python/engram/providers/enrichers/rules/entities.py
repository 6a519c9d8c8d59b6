"""Entities: URLs, emails, quoted terms, dates, technologies, handles, identifiers and names, in the
order they appear, each span claimed by the most specific kind."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import NamedTuple

from engram.domain.enrichment import MAX_ENTITIES
from engram.providers.enrichers.rules.patterns import alternation, rx
from engram.providers.enrichers.rules.temporal import MONTHS, WEEKDAYS, day_month_pattern, month_day_pattern

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
TECH_CASED = [
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

TECH_CANONICAL = {term.lower(): term for term in _TECH_TERMS}
_TECH_ANY_CASE = re.compile(
    r"(?<![\w.@/-])(?:" + alternation(_TECH_TERMS) + r")(?![\w+#]|\.\w)",  # the longest term first
    re.IGNORECASE,
)
_TECH_CAPITALISED = re.compile(r"(?<![\w.@/-])(?:" + "|".join(TECH_CASED) + r")(?![\w+#])")

_URL = re.compile(r"\bhttps?://[^\s<>\"')\]]+|\bwww\.[^\s<>\"')\]]+", re.IGNORECASE)
EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
HANDLE = re.compile(r"(?<![\w.@])@[A-Za-z0-9_]{2,30}\b")
_QUOTED = re.compile(r"\"([^\"\n]{2,80})\"|“([^”\n]{2,80})”|`([^`\n]{2,80})`|(?<!\w)'([^'\n]{2,80})'(?!\w)")
_DATES = [
    re.compile(r"\b\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?\b"),
    rx(month_day_pattern()),
    rx(day_month_pattern()),
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
    *WEEKDAYS,
    *MONTHS,
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
        (1, EMAIL, lambda m: m.group(0)),
        (2, _QUOTED, lambda m: next(g for g in m.groups() if g).strip()),
        (3, _DATES[0], lambda m: m.group(0)),
        (3, _DATES[1], lambda m: m.group(0)),
        (3, _DATES[2], lambda m: m.group(0)),
        (4, _TECH_ANY_CASE, lambda m: TECH_CANONICAL[m.group(0).lower()]),
        (4, _TECH_CAPITALISED, lambda m: m.group(0)),
        (5, HANDLE, lambda m: m.group(0)),
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
