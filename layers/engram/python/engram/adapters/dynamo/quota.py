"""A tenant's storage limit and usage counter on the engram DynamoDB table.

The memory store moves `memories` in the same transaction as an insert (conditional on staying under
`max_memories`) or a delete, so count and cap never drift under concurrent writers; the transcript
store does the same with `used`. A tenant without the item pays nothing.
"""
# Items:
#   pk=QUOTA#{tenant}  sk=QUOTA   max_memories (absent: unlimited), memories (the tenant's memories not
#                                  deleted, counted only while a limit is set)
#   pk=QUOTA#{tenant}  sk=TRANSCRIPTS max_bytes, used (UTF-8 bytes of message content in the tenant's
#                                  transcripts; the item exists only while a transcript cap is set)
#   pk=QUOTA#{tenant}  sk=MODEL_TOKENS input_tokens, output_tokens (what the model providers reported for
#                                  the tenant's enrichment and extraction; added to after each job)

from __future__ import annotations

from typing import Any

from engram.domain.errors import QuotaExceeded
from engram.domain.quotas import memory_cap_message


def quota_key(tenant: str) -> dict[str, str]:
    return {"pk": f"QUOTA#{tenant}", "sk": "QUOTA"}


def read_quota(table: Any, tenant: str) -> dict[str, Any] | None:
    """The tenant's storage limit item (a consistent read); None when it has no limit, and so no
    counter for its writes to move."""
    item: dict[str, Any] | None = table.get_item(Key=quota_key(tenant), ConsistentRead=True).get("Item")
    return item


def refused_over_cap(table: Any, tenant: str) -> None:
    """After a write's counter condition failed: raises QuotaExceeded with the tenant's cap, or
    returns when the limit was lifted meanwhile (no counter left to add to: the caller writes again
    without one)."""
    limits = read_quota(table, tenant)
    if limits is not None:
        cap = int(limits.get("max_memories", 0))
        raise QuotaExceeded(memory_cap_message(cap), limit=cap) from None


def count_in(table_name: str, tenant: str, delta: int) -> dict[str, Any]:
    """Transaction item: move the counter by `delta`; an insert (+1) only below the cap."""
    update: dict[str, Any] = {
        "TableName": table_name,
        "Key": quota_key(tenant),
        "UpdateExpression": "ADD memories :delta",
        "ExpressionAttributeValues": {":delta": delta},
        "ConditionExpression": "attribute_exists(pk)",
    }
    if delta > 0:
        update["ConditionExpression"] = (
            "attribute_exists(pk) AND (attribute_not_exists(max_memories) OR memories < max_memories)"
        )
    return {"Update": update}


def model_tokens_key(tenant: str) -> dict[str, str]:
    return {"pk": f"QUOTA#{tenant}", "sk": "MODEL_TOKENS"}


def transcript_quota_key(tenant: str) -> dict[str, str]:
    return {"pk": f"QUOTA#{tenant}", "sk": "TRANSCRIPTS"}


def count_transcript_bytes(table_name: str, tenant: str, delta: int, max_bytes: int) -> dict[str, Any]:
    """Transaction item: add `delta` bytes to the tenant's transcript counter if the cap is still
    `max_bytes` (as read) and the counter stays within it (a condition cannot add, so it compares
    `used` with the room left)."""
    return {
        "Update": {
            "TableName": table_name,
            "Key": transcript_quota_key(tenant),
            "UpdateExpression": "ADD used :delta",
            "ConditionExpression": "max_bytes = :max AND used <= :room",
            "ExpressionAttributeValues": {":delta": delta, ":max": max_bytes, ":room": max_bytes - delta},
        }
    }
