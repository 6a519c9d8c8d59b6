"""Reading DynamoDB's errors: a ClientError's code, and the per-item reasons of a cancelled transaction."""

from __future__ import annotations

from botocore.exceptions import ClientError


def error_code(exc: ClientError) -> str:
    return str(exc.response.get("Error", {}).get("Code", ""))


def cancellation_codes(exc: ClientError) -> list[str]:
    """Per-item reason codes of a cancelled transaction ("None" for items that were fine)."""
    return [str(r.get("Code") or "None") for r in exc.response.get("CancellationReasons", [])]


class Cancelled(Exception):
    def __init__(self, codes: list[str]) -> None:
        super().__init__(", ".join(codes))
        self.codes = codes

    def failed(self, index: int) -> bool:
        return index < len(self.codes) and self.codes[index] == "ConditionalCheckFailed"
