"""The authorizer's one read on the engram DynamoDB table: an API key by the SHA-256 of its secret.

A strongly consistent GetItem on a botocore client, decoded by hand, so the authorizer's cold start
loads botocore alone. The item layout (defined here, written by `DynamoKeyStore`): pk=KEY#{key_hash},
sk=KEY, with key_id, tenant, revoked_at, rate and burst, unlimited, users.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

KEY_SK = "KEY"


def key_item_key(key_hash: str) -> dict[str, str]:
    """The primary key of a key's item."""
    return {"pk": f"{KEY_SK}#{key_hash}", "sk": KEY_SK}


@dataclass(frozen=True)
class KeyGrant:
    """What the authorizer needs of a stored key (the fields of `ApiKey` it reads)."""

    key_id: str
    tenant: str
    revoked_at: str | None = None  # ISO time of the revocation; None while the key is valid
    rate: float | None = None  # requests a second; None: the default rate
    burst: int | None = None
    unlimited: bool = False  # no rate at all, not even the default
    users: tuple[str, ...] | None = None  # the only user_ids it may touch; None: the whole tenant


def _value(item: dict[str, Any], name: str, kind: str) -> str | None:
    """An attribute of type `kind` ("S", "N"); None when absent (or NULL, as boto3 reads it)."""
    value: str | None = item.get(name, {}).get(kind)
    return value


def grant_of(item: dict[str, Any]) -> KeyGrant:
    """A GetItem's `Item` (DynamoDB JSON) as a KeyGrant; numbers read as `ApiKey` reads them."""
    rate, burst = _value(item, "rate", "N"), _value(item, "burst", "N")
    users = item.get("users", {}).get("L")
    return KeyGrant(
        key_id=item["key_id"]["S"],
        tenant=item["tenant"]["S"],
        revoked_at=_value(item, "revoked_at", "S"),
        rate=float(rate) if rate is not None else None,
        burst=int(burst) if burst is not None else None,
        unlimited=item.get("unlimited", {}).get("BOOL", False) is True,
        users=tuple(u["S"] for u in users) if users is not None else None,
    )


class DynamoKeyLookup:
    """Finds API keys over a botocore DynamoDB client (the authorizer's only access to the table)."""

    def __init__(self, client: Any, table_name: str) -> None:
        self.client = client
        self.table_name = table_name

    def find(self, key_hash: str) -> KeyGrant | None:
        key = {name: {"S": value} for name, value in key_item_key(key_hash).items()}
        response = self.client.get_item(TableName=self.table_name, Key=key, ConsistentRead=True)
        item = response.get("Item")
        return grant_of(item) if item else None
