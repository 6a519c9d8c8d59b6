"""Reading DynamoDB's errors: a ClientError's code, a failed write condition, and the per-item reasons
of a cancelled transaction."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from botocore.exceptions import ClientError

CONDITION_FAILED = "ConditionalCheckFailedException"


def error_code(exc: ClientError) -> str:
    return str(exc.response.get("Error", {}).get("Code", ""))


def condition_failed(exc: ClientError) -> bool:
    """Whether a conditional write was refused because its condition did not hold."""
    return error_code(exc) == CONDITION_FAILED


def written(write: Callable[..., Any], **request: Any) -> bool:
    """Make a conditional write; False when its condition failed (then nothing was written)."""
    try:
        write(**request)
    except ClientError as exc:
        if not condition_failed(exc):
            raise
        return False
    return True


def cancellation_codes(exc: ClientError) -> list[str]:
    """Per-item reason codes of a cancelled transaction ("None" for items that were fine)."""
    return [str(r.get("Code") or "None") for r in exc.response.get("CancellationReasons", [])]


class Cancelled(Exception):
    def __init__(self, codes: list[str]) -> None:
        super().__init__(", ".join(codes))
        self.codes = codes

    def failed(self, index: int) -> bool:
        return index < len(self.codes) and self.codes[index] == "ConditionalCheckFailed"
