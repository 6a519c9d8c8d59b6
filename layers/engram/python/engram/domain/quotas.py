"""Quotas: the token bucket that limits a key's request rate, and a tenant's storage limits.

A bucket holds up to `burst` tokens, refills at `rate` a second, and each request takes one. Its
state (tokens, when counted) lives in the key store, so every process serving the key shares it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from pydantic import Field

from engram.domain.key_rules import default_burst as default_burst  # the rule lives there
from engram.domain.models import DomainModel


@dataclass(frozen=True)
class Bucket:
    tokens: float
    at: float  # epoch seconds when `tokens` was counted


def take(bucket: Bucket | None, rate: float, burst: int, now: float) -> tuple[Bucket, float]:
    """The bucket after one request at `now`, and the seconds to wait before retrying (0: admitted,
    and the returned bucket has the token taken; otherwise it is the refilled bucket, nothing taken).
    A key's first request finds its bucket full; a clock that steps back refills nothing."""
    tokens = float(burst) if bucket is None else min(burst, bucket.tokens + max(0.0, now - bucket.at) * rate)
    if tokens >= 1.0:
        return Bucket(tokens - 1.0, now), 0.0
    return Bucket(tokens, now), (1.0 - tokens) / rate


def retry_after_header(wait_s: float) -> str:
    """`Retry-After` in whole seconds, rounded up: a client that honours it finds a token."""
    return str(max(1, math.ceil(wait_s)))


def memory_cap_message(cap: int) -> str:
    return (
        f"this tenant is at its limit of {cap} memories; forget some (DELETE /v1/memories/{{id}}) or ask"
        " for a higher limit (engram keys create --max-memories)"
    )


def transcript_bytes(content: str) -> int:
    """What a message costs against the tenant's transcript cap: its content's UTF-8 bytes."""
    return len(content.encode("utf-8"))


def transcript_cap_message(cap: int, used: int, adding: int) -> str:
    return (
        f"this tenant's transcripts are limited to {cap} bytes of message content; {used} are stored and"
        f" this append adds {adding}, so nothing was appended. Delete sessions"
        " (DELETE /v1/sessions/{id}) or ask for a higher limit (engram keys create --max-transcript-bytes)"
    )


@dataclass(frozen=True)
class TranscriptQuota:
    """A tenant's transcript cap and the bytes counted against it (counted only while a cap is set)."""

    max_bytes: int
    used: int


@dataclass
class TokenMeter:
    """The model tokens one job spent (what the providers report), for its tenant's counter."""

    input_tokens: int = 0
    output_tokens: int = 0


_METER: ContextVar[TokenMeter | None] = ContextVar("engram_token_meter", default=None)


@contextmanager
def metering() -> Iterator[TokenMeter]:
    """Count the model tokens spent inside the block (in this thread or task) on the meter yielded."""
    meter = TokenMeter()
    reset = _METER.set(meter)
    try:
        yield meter
    finally:
        _METER.reset(reset)


def spend(input_tokens: object, output_tokens: object) -> None:
    """A provider reports the tokens of one model call; counted if a job is metering, else ignored.
    Values that are not counts (a provider without usage) count as 0."""
    meter = _METER.get()
    if meter is None:
        return
    for name, value in (("input_tokens", input_tokens), ("output_tokens", output_tokens)):
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            setattr(meter, name, getattr(meter, name) + value)


class TenantLimits(DomainModel):
    """A tenant's storage limits (None: unlimited)."""

    tenant: str
    max_memories: int | None = Field(default=None, ge=1)


class KeyRate(DomainModel):
    key_id: str
    name: str = ""
    rate: float | None = Field(
        default=None, description="requests a second it is held to (its own or the default); null: unlimited"
    )
    burst: int | None = Field(default=None, description="requests at once above the rate")
    users: list[str] | None = Field(
        default=None, description="the only user_ids it may read and write; null: every user of the tenant"
    )


class Usage(DomainModel):
    """A tenant's usage against its limits."""

    memories: int = Field(description="memories stored (not deleted), as counted in `status`")
    max_memories: int | None = Field(default=None, description="the tenant's storage limit; null: none")
    keys: list[KeyRate] = Field(default_factory=list, description="the tenant's active keys and rates")
    transcript_bytes: int | None = Field(
        default=None,
        description="UTF-8 bytes of message content in the tenant's session transcripts, counted while it"
        " has a transcript cap; null: no cap, not counted",
    )
    max_transcript_bytes: int | None = Field(
        default=None, description="the tenant's transcript limit (bytes of message content); null: none"
    )
    model_input_tokens: int = Field(
        default=0,
        description="input (prompt) tokens the model providers reported for this tenant's enrichment and"
        " extraction calls",
    )
    model_output_tokens: int = Field(
        default=0, description="output (completion) tokens the model providers reported for those calls"
    )
