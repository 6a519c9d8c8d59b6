"""KeyStore on the engram DynamoDB table: only the SHA-256 of each key is stored.

A rated key's token bucket is on its KEYID item, taken by an optimistic conditional UpdateItem, so all
API instances share one bucket. `find` is one strongly consistent GetItem (revocation is seen on the
next read; API Gateway may cache an Allow for up to 30 s). `list` reads a tenant's gsi3 items.
"""
# Items:
#   pk=KEY#{key_hash}  sk=KEY    the key (key_id, tenant, key_hash, name, created_at, revoked_at,
#                                unlimited, users)
#   pk=KEYID#{key_id}  sk=KEYID  key_hash, so `revoke` finds a key by its id
# A key with a request rate carries `rate` and `burst` on both items; its bucket is `tokens`,
# `refilled_at` on the KEYID item. Everyone's keys (an operator's action) are read by a Scan.

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from engram.adapters.dynamo.errors import condition_failed, error_code, written
from engram.adapters.dynamo.items import GSI3
from engram.adapters.dynamo.key_lookup import KEY_SK, key_item_key
from engram.adapters.dynamo.quota import quota_key
from engram.adapters.timestamps import iso
from engram.domain.errors import Conflict
from engram.domain.models import ApiKey, utcnow
from engram.domain.quotas import Bucket, TenantLimits, take

if TYPE_CHECKING:
    from engram.ports import Clock

_KEY = KEY_SK
_KEY_ID = "KEYID"
_FIELDS = (
    "key_id",
    "tenant",
    "key_hash",
    "name",
    "created_at",
    "revoked_at",
    "rate",
    "burst",
    "unlimited",
    "users",
)
_TAKE_ATTEMPTS = 5


def _id_key(key_id: str) -> dict[str, str]:
    return {"pk": f"{_KEY_ID}#{key_id}", "sk": _KEY_ID}


def _to_key(item: dict[str, Any]) -> ApiKey:
    return ApiKey.model_validate({name: item[name] for name in _FIELDS if name in item})


class DynamoKeyStore:
    """KeyStore over the engram table (a DynamoTable, or boto3's `Table` resource)."""

    def __init__(self, table: Any, *, clock: Clock | None = None) -> None:
        self.table = table
        self.client = table.meta.client
        self.clock = clock

    def add(self, key: ApiKey) -> None:
        item: dict[str, Any] = {
            **key_item_key(key.key_hash),
            "key_id": key.key_id,
            "tenant": key.tenant,
            "key_hash": key.key_hash,
            "name": key.name,
            "created_at": iso(key.created_at),
        }
        if key.revoked_at is not None:
            item["revoked_at"] = iso(key.revoked_at)
        if key.unlimited:
            item["unlimited"] = True
        if key.users is not None:
            item["users"] = list(key.users)
        lookup: dict[str, Any] = {**_id_key(key.key_id), "key_hash": key.key_hash}
        if key.rate is not None:
            limit = {"rate": Decimal(str(key.rate)), "burst": key.burst or 1}
            item.update(limit)
            lookup.update(limit)
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
            if error_code(exc) == "TransactionCanceledException":
                raise Conflict("an API key with this id or secret already exists") from None
            raise

    def find(self, key_hash: str) -> ApiKey | None:
        item = self.table.get_item(Key=key_item_key(key_hash), ConsistentRead=True).get("Item")
        return _to_key(item) if item else None

    def list(self, tenant: str | None = None) -> list[ApiKey]:
        """A tenant's keys from the tenant index (gsi3: its key items, as they were a moment ago);
        everyone's (an operator's `engram keys list`) by a Scan."""
        if tenant is None:
            read = self.table.scan
            params: dict[str, Any] = {
                "FilterExpression": "begins_with(pk, :prefix) AND sk = :sk",
                "ExpressionAttributeValues": {":prefix": f"{_KEY}#", ":sk": _KEY},
            }
        else:
            read = self.table.query
            params = {
                "IndexName": GSI3,
                "KeyConditionExpression": "#tenant = :tenant AND begins_with(pk, :prefix)",
                "ExpressionAttributeNames": {"#tenant": "tenant"},
                "ExpressionAttributeValues": {":tenant": tenant, ":prefix": f"{_KEY}#"},
            }
        keys: list[ApiKey] = []
        while True:
            response = read(**params)
            keys.extend(_to_key(item) for item in response["Items"] if item["sk"] == _KEY)
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
                Key=key_item_key(lookup["key_hash"]),
                UpdateExpression="SET revoked_at = if_not_exists(revoked_at, :now)",
                ConditionExpression="attribute_exists(pk)",
                ExpressionAttributeValues={":now": iso(now)},
                ReturnValues="ALL_NEW",
            )
        except ClientError as exc:
            if condition_failed(exc):
                return None
            raise
        return _to_key(response["Attributes"])

    def take_token(self, key_id: str, rate: float, burst: int, now: datetime) -> float:
        """Take one token from the key's bucket: 0.0 when admitted, else the seconds to wait."""
        key, at = _id_key(key_id), now.timestamp()
        for _ in range(_TAKE_ATTEMPTS):
            item = self.table.get_item(
                Key=key, ConsistentRead=True, ProjectionExpression="tokens, refilled_at"
            ).get("Item", {})
            held = Bucket(float(item["tokens"]), float(item["refilled_at"])) if "tokens" in item else None
            bucket, wait = take(held, rate, burst, at)
            if wait > 0.0:
                return wait
            if held is None:
                condition, values = "attribute_not_exists(tokens)", {}
            else:
                condition = "tokens = :held AND refilled_at = :seen"  # unchanged since read
                values = {":held": item["tokens"], ":seen": item["refilled_at"]}
            if written(
                self.table.update_item,
                Key=key,
                UpdateExpression="SET tokens = :tokens, refilled_at = :at",
                ConditionExpression=condition,
                ExpressionAttributeValues={
                    **values,
                    ":tokens": Decimal(repr(bucket.tokens)),
                    ":at": Decimal(repr(bucket.at)),
                },
            ):
                return 0.0
        return 1.0 / rate  # other requests keep taking this bucket's tokens: this one waits

    def set_limits(self, limits: TenantLimits, memories: int = 0) -> None:
        """Set (or, with None, lift) the tenant's storage limit; `memories` starts the counter when the
        item is new (the tenant's current count)."""
        if limits.max_memories is None:
            self.table.delete_item(Key=quota_key(limits.tenant))
            return
        self.table.update_item(
            Key=quota_key(limits.tenant),
            UpdateExpression="SET max_memories = :max, memories = if_not_exists(memories, :n)",
            ExpressionAttributeValues={":max": limits.max_memories, ":n": memories},
        )

    def limits(self, tenant: str) -> TenantLimits:
        item = self.table.get_item(Key=quota_key(tenant), ConsistentRead=True).get("Item") or {}
        cap = item.get("max_memories")
        return TenantLimits(tenant=tenant, max_memories=int(cap) if cap is not None else None)
