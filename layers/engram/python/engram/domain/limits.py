"""What a memory may hold: the names, lengths and sizes the API accepts (engram.api.schemas builds its
request models from these), so that whatever enters another way (an import) is held to the same."""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import Field

NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.:@/-]*$"
MAX_CONTENT_CHARS = 8000
MAX_METADATA_BYTES = 4096

UserId = Annotated[str, Field(min_length=1, max_length=128, description="whose memory this is")]
ScopeName = Annotated[str, Field(min_length=1, max_length=64, pattern=NAME_PATTERN)]
Content = Annotated[
    str,
    Field(
        min_length=1,
        max_length=MAX_CONTENT_CHARS,
        description="the fact to remember; at most 8,000 characters",
    ),
]
Summary = Annotated[
    str,
    Field(min_length=1, max_length=280, pattern=r"^[^\r\n]*$", description="one line (≤ 280 characters)"),
]
WriteReason = Annotated[
    str, Field(min_length=1, max_length=1000, description="why the agent stored it (≤ 1,000 characters)")
]
MemoryRef = Annotated[str, Field(min_length=1, max_length=64, description="a memory's id")]
AgentId = Annotated[str, Field(min_length=1, max_length=128, description="the agent that wrote it")]
RunId = Annotated[
    str, Field(min_length=1, max_length=128, description="the run (conversation, session) it came from")
]


def small_json(value: dict[str, Any] | None) -> dict[str, Any] | None:
    """Metadata is a small JSON object of valid text: at most MAX_METADATA_BYTES of UTF-8."""
    if value is None:
        return value
    try:
        size = len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    except UnicodeEncodeError:
        raise ValueError("metadata must be valid Unicode text (no lone surrogates)") from None
    if size > MAX_METADATA_BYTES:
        raise ValueError(f"metadata must serialise to at most {MAX_METADATA_BYTES} bytes")
    return value
