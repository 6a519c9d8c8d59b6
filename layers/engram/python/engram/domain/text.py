"""Normalization and the content hash that makes dedup exact."""

from __future__ import annotations

import hashlib
import re

_WS = re.compile(r"\s+")
_TRAILING_PUNCT = re.compile(r"[.,!?;:]+$")


def clean(content: str) -> str:
    """Storage form: trimmed, internal whitespace collapsed, casing kept."""
    return _WS.sub(" ", content).strip()


def normalize(content: str) -> str:
    """Hash form: trim, collapse whitespace, lowercase, strip trailing [.,!?;:]+."""
    return _TRAILING_PUNCT.sub("", clean(content).lower()).rstrip()


def content_hash(content: str) -> str:
    return hashlib.sha256(normalize(content).encode("utf-8")).hexdigest()
