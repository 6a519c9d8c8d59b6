"""The worthiness gate: cheap rules that keep chatter out of long-term memory."""

from __future__ import annotations

import re

MIN_CHARS = 12
TOO_SHORT = "too short — not durable knowledge"
FILLER = "conversational filler — not durable knowledge"

_FILLER = re.compile(
    r"^(thanks?|ok(ay)?|sure|got it|great|cool|yes|no|nope|yep|alright|noted|done)\.?$", re.I
)


def rejection_reason(content: str) -> str | None:
    """Why `content` is not worth remembering, or None when it passes."""
    text = content.strip()
    if _FILLER.match(text):
        return FILLER
    if len(text) < MIN_CHARS:
        return TOO_SHORT
    return None
