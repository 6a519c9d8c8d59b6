"""A tenant's storage limit and usage counter on the engram DynamoDB table.

Item:
  pk=QUOTA#{tenant}  sk=QUOTA   max_memories (absent: unlimited), memories (the tenant's memories not
                                 deleted, counted only while a limit is set)

The memory store adds to `memories` in the same transaction as an insert, on the condition that it
is below `max_memories`, and takes from it in the transaction that deletes one: the count and the
cap cannot drift apart under concurrent writers. A tenant without the item pays nothing.
"""

from __future__ import annotations

from typing import Any


def quota_key(tenant: str) -> dict[str, str]:
    return {"pk": f"QUOTA#{tenant}", "sk": "QUOTA"}


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
