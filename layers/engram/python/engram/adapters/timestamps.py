"""The stored timestamp format, one for every adapter: fixed-width UTC ISO 8601, so text order is
time order (SQLite columns, DynamoDB attributes and sort keys). Imports nothing heavy: the authorizer
writes key timestamps without loading the memory store adapter."""

from __future__ import annotations

from datetime import UTC, datetime


def iso(at: datetime) -> str:
    """Fixed-width UTC ISO 8601 (naive datetimes are taken as UTC), so text order is time order."""
    if at.tzinfo is None:
        at = at.replace(tzinfo=UTC)
    return at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_iso(value: str | None) -> datetime | None:
    if value is None:
        return None
    return datetime.fromisoformat(value.replace("Z", "+00:00"))
