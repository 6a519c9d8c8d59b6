"""Reading a request body: UTF-8 JSON, strictly, so that no body can make the server fail.

Every input yields a value to validate or a `json.JSONDecodeError` (answered 400 `malformed_json`):
invalid UTF-8, nesting deeper than MAX_DEPTH, oversized integers, NaN / Infinity / overflowing numbers.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
from typing import Any

MAX_DEPTH = 32  # the API's own bodies nest 4 deep; metadata is a "small JSON object"


class MalformedBody(ValueError):
    """The body is not UTF-8 text."""


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text[:20]}… is out of range")
    return value


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _too_deep(value: Any) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def parse_json(text: str | bytes) -> Any:
    """`json.loads`, strict; every failure is a JSONDecodeError."""
    try:
        value = json.loads(text, parse_float=_finite, parse_constant=_constant)
    except json.JSONDecodeError:
        raise
    except (RecursionError, ValueError) as exc:
        raise json.JSONDecodeError(str(exc) or type(exc).__name__, "", 0) from None
    if _too_deep(value):
        raise json.JSONDecodeError(f"nested deeper than {MAX_DEPTH} levels", "", 0)
    return value


def text_body(event: dict[str, Any]) -> str | None:
    """The event's body as text: a base64 body (API Gateway's binary passthrough, `engram serve` for
    bytes that are not UTF-8) is decoded. Raises MalformedBody when it is not UTF-8."""
    body = event.get("body")
    if not body or not event.get("isBase64Encoded"):
        return body
    try:
        return base64.b64decode(body, validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise MalformedBody("the request body is not valid UTF-8") from None
