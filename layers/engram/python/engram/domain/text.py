"""Normalization and the content hash that makes dedup exact."""

from __future__ import annotations

import hashlib
import re

_WS = re.compile(r"\s+")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "been",
        "but",
        "by",
        "did",
        "do",
        "does",
        "for",
        "from",
        "had",
        "has",
        "have",
        "he",
        "her",
        "hers",
        "him",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "me",
        "my",
        "no",
        "not",
        "of",
        "on",
        "or",
        "our",
        "she",
        "so",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
    ]
)
_TRAILING_PUNCT = re.compile(r"[.,!?;:]+$")


def clean(content: str) -> str:
    """Storage form: trimmed, internal whitespace collapsed, casing kept."""
    return _WS.sub(" ", content).strip()


def normalize(content: str) -> str:
    """Hash form: trim, collapse whitespace, lowercase, strip trailing [.,!?;:]+."""
    return _TRAILING_PUNCT.sub("", clean(content).lower()).rstrip()


def content_hash(content: str) -> str:
    return hashlib.sha256(normalize(content).encode("utf-8")).hexdigest()


def words(text: str) -> list[str]:
    """Lowercase word tokens (letters and digits)."""
    return _WORD.findall(text.lower())


def terms(text: str) -> list[str]:
    """Content words: `words` without stopwords (all words when nothing else is left)."""
    tokens = words(text)
    kept = [t for t in tokens if t not in STOPWORDS]
    return kept or tokens


PLACEHOLDER = re.compile(r"\[REDACTED:([A-Za-z0-9_]+)\]")


def mask_placeholders(text: str) -> str:
    """`text` with every redaction placeholder blanked out (same length, so offsets hold): a secret's
    kind is never an entity, a category or a graph node."""
    return PLACEHOLDER.sub(lambda m: " " * len(m.group(0)), text)


def from_placeholder(label: str, text: str) -> bool:
    """Whether `label` (an entity or category a model proposed) is a piece of a placeholder in `text`."""
    value = label.strip().strip("[]").lower()
    return value.startswith("redacted") or value in {k.lower() for k in PLACEHOLDER.findall(text)}
