"""KeyStore on the engram DynamoDB table: only the SHA-256 of each key is stored.

Items:
  pk=KEY#{key_hash}  sk=KEY    the key (key_id, tenant, key_hash, name, created_at, revoked_at)
  pk=KEYID#{key_id}  sk=KEYID  key_hash, so `revoke` finds a key by its id

`find` is one strongly consistent GetItem, so a revocation takes effect on the next request. `list`
is a filtered Scan: keys are few and listing them is an operator's action, not a request path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from engram.adapters.timestamps import iso
from engram.domain.errors import Conflict
from engram.domain.models import ApiKey, utcnow

if TYPE_CHECKING:
    from engram.ports import Clock

_KEY = "KEY"
_KEY_ID = "KEYID"
_FIELDS = ("key_id", "tenant", "key_hash", "name", "created_at", "revoked_at")


def _key(key_hash: str) -> dict[str, str]:
    return {"pk": f"{_KEY}#{key_hash}", "sk": _KEY}


def _id_key(key_id: str) -> dict[str, str]:
    return {"pk": f"{_KEY_ID}#{key_id}", "sk": _KEY_ID}


def _to_key(item: dict[str, Any]) -> ApiKey:
    return ApiKey.model_validate({name: item[name] for name in _FIELDS if name in item})


class DynamoKeyStore:
    """KeyStore over a boto3 DynamoDB `Table` resource."""

    def __init__(self, table: Any, *, clock: Clock | None = None) -> None:
        self.table = table
        self.client = table.meta.client
        self.clock = clock

    def add(self, key: ApiKey) -> None:
        item: dict[str, Any] = {
            **_key(key.key_hash),
            "key_id": key.key_id,
            "tenant": key.tenant,
            "key_hash": key.key_hash,
            "name": key.name,
            "created_at": iso(key.created_at),
        }
        if key.revoked_at is not None:
            item["revoked_at"] = iso(key.revoked_at)
        lookup = {**_id_key(key.key_id), "key_hash": key.key_hash}
        try:
            self.client.transact_write_items(
                TransactItems=[
                    {
                        "Put": {
                            "TableName": self.table.name,
                            "Item": i,
                            "ConditionExpression": "attribute_not_exists(pk)",
                        }
                    }
                    for i in (item, lookup)
                ]
            )
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") == "TransactionCanceledException":
                raise Conflict("an API key with this id or secret already exists") from None
            raise

    def find(self, key_hash: str) -> ApiKey | None:
        item = self.table.get_item(Key=_key(key_hash), ConsistentRead=True).get("Item")
        return _to_key(item) if item else None

    def list(self, tenant: str | None = None) -> list[ApiKey]:
        condition = "begins_with(pk, :prefix) AND sk = :sk"
        values = {":prefix": f"{_KEY}#", ":sk": _KEY}
        if tenant is not None:
            condition += " AND tenant = :tenant"
            values[":tenant"] = tenant
        params: dict[str, Any] = {"FilterExpression": condition, "ExpressionAttributeValues": values}
        keys: list[ApiKey] = []
        while True:
            response = self.table.scan(**params)
            keys.extend(_to_key(item) for item in response["Items"])
            if "LastEvaluatedKey" not in response:
                return sorted(keys, key=lambda k: (k.created_at, k.key_id))
            params["ExclusiveStartKey"] = response["LastEvaluatedKey"]

    def revoke(self, key_id: str) -> ApiKey | None:
        """Mark a key revoked (the first revocation time is kept). None when the id is unknown."""
        lookup = self.table.get_item(Key=_id_key(key_id), ConsistentRead=True).get("Item")
        if lookup is None:
            return None
        now = self.clock.now() if self.clock else utcnow()
        try:
            response = self.table.update_item(
                Key=_key(lookup["key_hash"]),
                UpdateExpression="SET revoked_at = if_not_exists(revoked_at, :now)",
                ConditionExpression="attribute_exists(pk)",
                ExpressionAttributeValues={":now": iso(now)},
                ReturnValues="ALL_NEW",
            )
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") == "ConditionalCheckFailedException":
                return None
            raise
        return _to_key(response["Attributes"])
