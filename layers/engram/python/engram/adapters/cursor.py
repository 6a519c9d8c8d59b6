"""Opaque pagination cursors: base64url JSON, validated on the way back in."""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping
from typing import Any

from engram.domain.errors import InvalidCursor


def encode_cursor(position: dict[str, Any]) -> str:
    raw = json.dumps(position, separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(
    cursor: str, required: tuple[str, ...], types: Mapping[str, type] | None = None
) -> dict[str, Any]:
    """The position a cursor holds: each `required` field a scalar, of its type in `types` when named
    there (an int is never a bool); anything else is InvalidCursor, a 422, never an error deeper down."""
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        position = json.loads(base64.urlsafe_b64decode(padded.encode()))
    except (binascii.Error, ValueError, UnicodeDecodeError) as exc:
        raise InvalidCursor("cursor is not one this API issued") from exc
    if not isinstance(position, dict) or not all(_scalar(position.get(k)) for k in required):
        raise InvalidCursor("cursor is not one this API issued")
    for name, kind in (types or {}).items():
        value = position.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise InvalidCursor("cursor is not one this API issued")
    return position


def _scalar(value: Any) -> bool:
    """What a cursor position holds: a string of valid text or an integer a database can bind."""
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8") == value  # no lone surrogate
    return isinstance(value, int) and not isinstance(value, bool) and -(2**63) <= value < 2**63
