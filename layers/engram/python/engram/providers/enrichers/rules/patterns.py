"""The one helper every rule module compiles its patterns with."""

from __future__ import annotations

import re


def rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)
