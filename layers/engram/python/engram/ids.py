"""engram's identifiers: ULIDs (https://github.com/ulid/spec), 26 characters sorting in creation order.

Ids made in the same millisecond by one process are consecutive, as python-ulid's default is. Ours
rather than python-ulid's to keep its import cost off the API's cold start (docs/performance.md);
tests/unit/test_ids.py holds them to python-ulid.
"""

from __future__ import annotations

import os
import threading
import time
from datetime import datetime

_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_MAX_RANDOM = (1 << 80) - 1

_lock = threading.Lock()
_last_ms = -1
_last_random = 0


def new_id(at: datetime | None = None) -> str:
    """A fresh ULID for the time `at` (an aware datetime; now when None)."""
    global _last_ms, _last_random
    ms = time.time_ns() // 1_000_000 if at is None else int(at.timestamp() * 1000)
    if ms < 0:  # the upper bound, 2**48 ms, is past the last datetime (year 10889)
        raise ValueError(f"a ULID's time is from 1970 on, not {at}")
    with _lock:
        if ms == _last_ms and _last_random < _MAX_RANDOM:
            random = _last_random + 1
        else:
            random = int.from_bytes(os.urandom(10), "big")
        _last_ms, _last_random = ms, random
    return encode((ms << 80) | random)


def encode(value: int) -> str:
    """The 26 base32 characters of a 128-bit value, most significant first."""
    chars = []
    for _ in range(26):
        chars.append(_CROCKFORD[value & 31])
        value >>= 5
    return "".join(reversed(chars))
