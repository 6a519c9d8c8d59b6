"""MemoryStore on one DynamoDB table (single-table design; items: engram.adapters.dynamo.items).

Same semantics as the SQLite store. Counters live outside the doc and change only by atomic ADD/SET,
and rewrites SET the doc attributes alone, so a rewrite never loses a concurrent increment. Times in
keys use fixed-width UTC ISO, so text order is time order.
"""

from __future__ import annotations

import builtins
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from botocore.exceptions import ClientError

from engram.adapters.cursor import decode_cursor, encode_cursor
from engram.adapters.dynamo.errors import Cancelled, cancellation_codes, condition_failed, error_code, written
from engram.adapters.dynamo.filters import FilterExpression
from engram.adapters.dynamo.items import (
    GSI1,
    GSI2,
    GSI3,
    KEY_ATTRIBUTES,
    LIST_KEY,
    MEM,
    STATE_KEY,
    TABLE_KEY,
    TENANT_INDEX_PROJECTION,
    TTL_ATTRIBUTE,
    content_key,
    history_pk,
    key_part,
    list_pk,
    memory_item,
    memory_key,
    set_doc,
    state_pk,
    to_memory,
)
from engram.adapters.dynamo.quota import count_in, model_tokens_key, read_quota, refused_over_cap
from engram.adapters.timestamps import iso
from engram.domain.errors import Conflict, InvalidCursor, InvalidRequest
from engram.domain.models import EnrichmentState, HistoryRecord, Memory, Status, utcnow
from engram.ports import Clock, InsertResult, ListQuery, Page

_BATCH_GET = 100  # BatchGetItem's limit per request
_MAX_EXPRESSION = 4096  # bytes, DynamoDB's limit on one expression


def create_table(dynamodb: Any, name: str) -> None:
    """Create the engram table (boto3 DynamoDB resource or client), as the CDK stack defines it.

    Idempotent: an existing table is left alone; TTL on `expires_at` is switched on if it is off.
    """
    client = dynamodb.meta.client if hasattr(dynamodb, "Table") else dynamodb
    try:
        client.create_table(
            TableName=name,
            BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": a, "AttributeType": "S"} for a in KEY_ATTRIBUTES],
            KeySchema=[
                {"AttributeName": "pk", "KeyType": "HASH"},
                {"AttributeName": "sk", "KeyType": "RANGE"},
            ],
            GlobalSecondaryIndexes=[
                {
                    "IndexName": index,
                    "KeySchema": [
                        {"AttributeName": f"{index}pk", "KeyType": "HASH"},
                        {"AttributeName": f"{index}sk", "KeyType": "RANGE"},
                    ],
                    "Projection": {"ProjectionType": "ALL"},
                }
                for index in (GSI1, GSI2)
            ]
            + [
                {
                    "IndexName": GSI3,
                    "KeySchema": [
                        {"AttributeName": "tenant", "KeyType": "HASH"},
                        {"AttributeName": "pk", "KeyType": "RANGE"},
                    ],
                    "Projection": {
                        "ProjectionType": "INCLUDE",
                        "NonKeyAttributes": list(TENANT_INDEX_PROJECTION),
                    },
                }
            ],
        )
    except ClientError as exc:
        if error_code(exc) != "ResourceInUseException":
            raise
    client.get_waiter("table_exists").wait(TableName=name)
    ttl = client.describe_time_to_live(TableName=name)["TimeToLiveDescription"]
    if ttl.get("TimeToLiveStatus") not in ("ENABLED", "ENABLING"):
        client.update_time_to_live(
            TableName=name, TimeToLiveSpecification={"Enabled": True, "AttributeName": TTL_ATTRIBUTE}
        )


# --------------------------------------------------------------------------- the store


class DynamoMemoryStore:
    """MemoryStore over the engram table: a DynamoTable (deployed) or boto3's `Table` resource, which
    read and write alike (engram.adapters.dynamo.table); its client is used for transactions."""

    def __init__(
        self,
        table: Any,
        *,
        clock: Clock | None = None,
        history_ttl_days: int = 180,
        max_attempts: int = 8,
    ) -> None:
        self.table = table
        self.client = table.meta.client  # the table's client: takes and returns plain Python values
        self.name: str = table.name
        self.clock = clock
        self.history_ttl = timedelta(days=history_ttl_days)
        self.max_attempts = max_attempts

    # ------------------------------------------------------------------ writes

    def insert_or_dedup(self, memory: Memory) -> InsertResult:
        dedup_key = content_key(memory.scope, memory.content_hash)
        claim = {**dedup_key, "memory_id": memory.id, "tenant": memory.tenant}
        capped = self._capped(memory.tenant)
        for attempt in range(self.max_attempts):
            items = [
                self._put(claim, "attribute_not_exists(pk)"),
                self._put(memory_item(memory), "attribute_not_exists(pk)"),
            ]
            if capped:  # the tenant's counter, added to in the same transaction, below its cap
                items.append(count_in(self.name, memory.tenant, +1))
            try:
                self._transact(items)
                return InsertResult(memory, created=True)
            except Cancelled as cancelled:
                if cancelled.failed(0):
                    existing = self._hit(memory.tenant, dedup_key)
                    if existing is not None:
                        return InsertResult(existing, created=False)
                    continue  # the key was stale (and is now gone): insert again
                if cancelled.failed(1):
                    raise Conflict(f"memory {memory.id} already exists") from None
                if capped and cancelled.failed(2):
                    refused_over_cap(self.table, memory.tenant)
                    capped = False  # the limit was lifted meanwhile
                    continue
                self._backoff(attempt)  # TransactionConflict with a concurrent writer
        raise Conflict("too many concurrent writes of this content; retry")

    def prepare_insert(self, memory: Memory) -> Callable[[], InsertResult]:
        return partial(self.insert_or_dedup, memory)

    def put(self, memory: Memory, expected_updated_at: datetime | None = None) -> Memory:
        expression, names, values = set_doc(memory)
        condition = "attribute_exists(pk) AND content_hash = :hash"
        values[":hash"] = memory.content_hash
        if expected_updated_at is not None:
            condition += " AND updated_at = :expected"
            values[":expected"] = iso(expected_updated_at)
        try:
            response = self.table.update_item(
                Key=memory_key(memory.tenant, memory.id),
                UpdateExpression=expression,
                ConditionExpression=condition,
                ExpressionAttributeNames=names,
                ExpressionAttributeValues=values,
                ReturnValues="ALL_NEW",
            )
        except ClientError as exc:
            if condition_failed(exc):
                raise Conflict(f"memory {memory.id} changed concurrently; retry") from None
            raise
        return to_memory(response["Attributes"])

    def replace_content(self, old: Memory, new: Memory) -> Memory:
        if (old.tenant, old.id) != (new.tenant, new.id):
            raise ValueError("replace_content changes one memory: old and new need the same tenant and id")
        old_key, new_key = content_key(old.scope, old.content_hash), content_key(new.scope, new.content_hash)
        if old_key == new_key:
            return self.put(new, expected_updated_at=old.updated_at)
        expression, names, values = set_doc(new)
        values.update({":old_hash": old.content_hash, ":expected": iso(old.updated_at)})
        update = {
            "Update": {
                "TableName": self.name,
                "Key": memory_key(new.tenant, new.id),
                "UpdateExpression": expression,
                "ConditionExpression": "attribute_exists(pk) AND content_hash = :old_hash"
                " AND updated_at = :expected",
                "ExpressionAttributeNames": names,
                "ExpressionAttributeValues": values,
            }
        }
        claim = self._put({**new_key, "memory_id": new.id, "tenant": new.tenant}, "attribute_not_exists(pk)")
        release: dict[str, Any] | None = self._release(old_key, old.id)
        for attempt in range(self.max_attempts):
            items = [update, claim] if release is None else [update, claim, release]
            try:
                self._transact(items)
                return self.get(new.tenant, new.id) or new
            except Cancelled as cancelled:
                if cancelled.failed(0):
                    raise Conflict(f"memory {old.id} changed concurrently; retry") from None
                if cancelled.failed(1):
                    if self._holds_live_memory(new.tenant, new_key):
                        raise Conflict("the same content already exists in this scope") from None
                    continue  # a stale key was in the way and has been removed
                if cancelled.failed(2):
                    release = None  # the old key belongs to another memory: leave it
                    continue
                self._backoff(attempt)
        raise Conflict(f"memory {old.id} is being changed concurrently; retry")

    def delete(self, tenant: str, memory_id: str) -> Memory | None:
        release_key, capped = True, self._capped(tenant)
        for attempt in range(self.max_attempts):
            current = self.get(tenant, memory_id)
            if current is None or current.status is Status.deleted:
                return None
            tombstone = current.model_copy(update={"status": Status.deleted, "updated_at": self._now()})
            expression, names, values = set_doc(tombstone)
            values[":expected"] = iso(current.updated_at)
            items: list[dict[str, Any]] = [
                {
                    "Update": {
                        "TableName": self.name,
                        "Key": memory_key(tenant, memory_id),
                        "UpdateExpression": expression,
                        "ConditionExpression": "attribute_exists(pk) AND updated_at = :expected",
                        "ExpressionAttributeNames": names,
                        "ExpressionAttributeValues": values,
                    }
                }
            ]
            if release_key:
                items.append(self._release(content_key(current.scope, current.content_hash), memory_id))
            if capped:  # one memory fewer against the tenant's cap
                items.append(count_in(self.name, tenant, -1))
            try:
                self._transact(items)
                return tombstone
            except Cancelled as cancelled:
                if capped and cancelled.failed(len(items) - 1):
                    capped = False  # the limit was lifted meanwhile: no counter to take from
                elif release_key and cancelled.failed(1):
                    release_key = False  # the key belongs to another memory: leave it
                elif not cancelled.failed(0):
                    self._backoff(attempt)
                # the memory changed under us: read it again
        raise Conflict(f"memory {memory_id} is being changed concurrently; retry")

    def purge(self, tenant: str, memory_id: str) -> None:
        key = memory_key(tenant, memory_id)
        item = self.table.get_item(Key=key, ConsistentRead=True).get("Item")
        if item is not None:
            memory = to_memory(item)
            self._delete_if_owned(content_key(memory.scope, memory.content_hash), memory_id)
            self.table.delete_item(Key=key)
        history_keys = (
            {"pk": h["pk"], "sk": h["sk"]}
            for h in self._query_all(
                KeyConditionExpression="pk = :pk",
                ExpressionAttributeValues={":pk": history_pk(tenant, memory_id)},
                ProjectionExpression="pk, sk",
                ConsistentRead=True,
            )
        )
        self._delete_keys(history_keys)

    def increment_retrievals(self, tenant: str, counts: dict[str, int], at: datetime) -> None:
        stamp = iso(at)
        for memory_id, n in counts.items():
            if n <= 0:
                continue
            key = memory_key(tenant, memory_id)
            if written(  # the common case: count and move last_retrieved_at forward in one write
                self.table.update_item,
                Key=key,
                UpdateExpression="ADD retrieval_count :n SET last_retrieved_at = :at",
                ConditionExpression="attribute_exists(pk)"
                " AND (attribute_not_exists(last_retrieved_at) OR last_retrieved_at < :at)",
                ExpressionAttributeValues={":n": n, ":at": stamp},
            ):
                continue
            written(  # a later retrieval is already recorded (or the memory is gone): only count
                self.table.update_item,
                Key=key,
                UpdateExpression="ADD retrieval_count :n",
                ConditionExpression="attribute_exists(pk)",
                ExpressionAttributeValues={":n": n},
            )

    def claim_once(self, key: str, at: datetime, ttl_days: int = 14) -> bool:
        return written(
            self.table.put_item,
            Item={
                "pk": f"ONCE#{key_part(key)}",
                "sk": "ONCE",
                "at": iso(at),
                TTL_ATTRIBUTE: int((at + timedelta(days=ttl_days)).timestamp()),  # DynamoDB TTL purges it
            },
            ConditionExpression="attribute_not_exists(pk)",
        )

    def add_hits(self, tenant: str, memory_id: str, n: int) -> None:
        written(
            self.table.update_item,
            Key=memory_key(tenant, memory_id),
            UpdateExpression="ADD hits :n",
            ConditionExpression="attribute_exists(pk)",
            ExpressionAttributeValues={":n": n},
        )

    # ------------------------------------------------------------------ reads

    def get(self, tenant: str, memory_id: str) -> Memory | None:
        item = self.table.get_item(Key=memory_key(tenant, memory_id), ConsistentRead=True).get("Item")
        return to_memory(item) if item else None

    def get_many(self, tenant: str, memory_ids: Sequence[str]) -> list[Memory]:
        ids = list(dict.fromkeys(memory_ids))
        found: dict[str, Memory] = {}
        for start in range(0, len(ids), _BATCH_GET):
            request: dict[str, Any] = {
                self.name: {
                    "Keys": [memory_key(tenant, i) for i in ids[start : start + _BATCH_GET]],
                    "ConsistentRead": True,
                }
            }
            attempt = 0
            while request:
                response = self.client.batch_get_item(RequestItems=request)
                for item in response["Responses"].get(self.name, []):
                    memory = to_memory(item)
                    found[memory.id] = memory
                request = response.get("UnprocessedKeys") or {}
                if request:
                    self._backoff(attempt)
                    attempt += 1
        return [found[i] for i in ids if i in found]

    def list(self, query: ListQuery) -> Page:
        if not query.user_id:
            raise ValueError("list needs a user_id")
        pk = list_pk(query.tenant, query.user_id)
        filters: builtins.list[str] = []
        values: dict[str, Any] = {":pk": pk}
        names: dict[str, str] = {}
        for attribute, value in (("project", query.project), ("namespace", query.namespace)):
            if value is not None:
                filters.append(f"#{attribute} = :{attribute}")
                names[f"#{attribute}"] = attribute
                values[f":{attribute}"] = value
        names["#status"] = "status"
        if query.status is None:
            filters.append("#status <> :status")
            values[":status"] = Status.deleted.value
        else:
            filters.append("#status = :status")
            values[":status"] = query.status.value
        expression = FilterExpression(names, values)
        for attribute, value in (("agent_id", query.agent_id), ("run_id", query.run_id)):
            if value is not None:
                filters.append(f"{expression.name(attribute)} = {expression.value(value)}")
        if query.review_needed is not None:
            flag = expression.name("review_needed")
            filters.append(
                f"{flag} = {expression.value(True)}"
                if query.review_needed  # an item written before the flag existed has no attribute
                else f"(attribute_not_exists({flag}) OR {flag} = {expression.value(False)})"
            )
        if query.metadata is not None:
            filters.append(expression.metadata(query.metadata))
        if len(" AND ".join(filters).encode()) > _MAX_EXPRESSION:
            raise InvalidRequest("the metadata filter is too large for this store; simplify it")
        start = self._decode(query.cursor, LIST_KEY, gsi1pk=pk)
        return self._page(
            self.table.query,
            {
                "IndexName": GSI1,
                "KeyConditionExpression": "gsi1pk = :pk",
                "FilterExpression": " AND ".join(filters),
                "ExpressionAttributeNames": names,
                "ExpressionAttributeValues": values,
                "ScanIndexForward": False,
            },
            query.limit,
            start,
            LIST_KEY,
        )

    def scan(self, cursor: str | None, limit: int, tenant: str | None = None) -> Page:
        """Every memory, in DynamoDB's (stable) scan order: a Scan filtered to memory items."""
        values: dict[str, Any] = {":mem": MEM}
        condition = "sk = :mem"
        if tenant is not None:
            condition += " AND tenant = :tenant"
            values[":tenant"] = tenant
        params = {"FilterExpression": condition, "ExpressionAttributeValues": values, "ConsistentRead": True}
        return self._page(self.table.scan, params, limit, self._decode(cursor, TABLE_KEY), TABLE_KEY)

    def find_by_enrichment_state(
        self, state: EnrichmentState, updated_before: datetime, limit: int, cursor: str | None = None
    ) -> Page:
        pk = state_pk(state)
        params = {
            "IndexName": GSI2,
            "KeyConditionExpression": "gsi2pk = :pk AND gsi2sk < :before",
            "ExpressionAttributeValues": {":pk": pk, ":before": iso(updated_before)},
        }
        start = self._decode(cursor, STATE_KEY, gsi2pk=pk)
        return self._page(self.table.query, params, limit, start, STATE_KEY)

    # ------------------------------------------------------------------ history

    def add_history(self, records: Iterable[HistoryRecord]) -> None:
        with self.table.batch_writer(overwrite_by_pkeys=["pk", "sk"]) as batch:
            for record in records:
                batch.put_item(
                    Item={
                        "pk": history_pk(record.tenant, record.memory_id),
                        "sk": f"{iso(record.at)}#{record.id}",
                        "doc": record.model_dump_json(),
                        "tenant": record.tenant,
                        TTL_ATTRIBUTE: int((record.at + self.history_ttl).timestamp()),
                    }
                )

    def history(self, tenant: str, memory_id: str) -> builtins.list[HistoryRecord]:  # `list` is a method here
        items = self._query_all(
            KeyConditionExpression="pk = :pk",
            ExpressionAttributeValues={":pk": history_pk(tenant, memory_id)},
            ConsistentRead=True,
        )
        return [HistoryRecord.model_validate_json(item["doc"]) for item in items]

    def purge_history(self, older_than: datetime, limit: int) -> int:
        """Delete up to `limit` history records older than `older_than`.

        A filtered Scan over the whole table: this runs from the daily retention job, and the TTL on
        `expires_at` removes old records on its own anyway; an index only for this is not worth it.
        """
        keys: list[dict[str, str]] = []
        params: dict[str, Any] = {
            "FilterExpression": "begins_with(pk, :hist) AND sk < :cut",
            "ExpressionAttributeValues": {":hist": "HIST#", ":cut": iso(older_than)},
            "ProjectionExpression": "pk, sk",
        }
        while len(keys) < limit:
            response = self.table.scan(**params)
            keys.extend({"pk": i["pk"], "sk": i["sk"]} for i in response["Items"])
            if "LastEvaluatedKey" not in response:
                break
            params["ExclusiveStartKey"] = response["LastEvaluatedKey"]
        keys = keys[:limit]
        self._delete_keys(keys)
        return len(keys)

    # ------------------------------------------------------------------ model tokens

    def add_model_tokens(self, tenant: str, input_tokens: int, output_tokens: int) -> None:
        """Add the model tokens a job spent to the tenant's counter (an atomic ADD)."""
        self.table.update_item(
            Key=model_tokens_key(tenant),
            UpdateExpression="ADD input_tokens :i, output_tokens :o",
            ExpressionAttributeValues={":i": input_tokens, ":o": output_tokens},
        )

    def model_tokens(self, tenant: str) -> tuple[int, int]:
        """The tenant's model tokens so far: (input, output)."""
        item = self.table.get_item(Key=model_tokens_key(tenant), ConsistentRead=True).get("Item") or {}
        return int(item.get("input_tokens", 0)), int(item.get("output_tokens", 0))

    # ------------------------------------------------------------------ helpers

    def _now(self) -> datetime:
        return self.clock.now() if self.clock else utcnow()

    def _quota(self, tenant: str) -> dict[str, Any] | None:
        return read_quota(self.table, tenant)

    def _capped(self, tenant: str) -> bool:
        """Whether the tenant has a storage limit (and so a counter its writes move)."""
        return self._quota(tenant) is not None

    def _put(self, item: dict[str, Any], condition: str) -> dict[str, Any]:
        return {"Put": {"TableName": self.name, "Item": item, "ConditionExpression": condition}}

    def _release(self, dedup_key: dict[str, str], memory_id: str) -> dict[str, Any]:
        """Transaction item: delete a dedup key unless it belongs to another memory."""
        return {
            "Delete": {
                "TableName": self.name,
                "Key": dedup_key,
                "ConditionExpression": "attribute_not_exists(pk) OR memory_id = :id",
                "ExpressionAttributeValues": {":id": memory_id},
            }
        }

    def _transact(self, items: builtins.list[dict[str, Any]]) -> None:
        try:
            self.client.transact_write_items(TransactItems=items)
        except ClientError as exc:
            if error_code(exc) == "TransactionCanceledException":
                raise Cancelled(cancellation_codes(exc)) from None
            raise

    def _hit(self, tenant: str, dedup_key: dict[str, str]) -> Memory | None:
        """Count one more hit on the live memory holding `dedup_key`; None (and the key removed) if the
        key is stale, i.e. its memory is gone or deleted."""
        claim = self.table.get_item(Key=dedup_key, ConsistentRead=True).get("Item")
        if claim is None:
            return None  # released since our write failed: the caller inserts again
        try:
            response = self.table.update_item(
                Key=memory_key(tenant, claim["memory_id"]),
                UpdateExpression="ADD hits :one",
                ConditionExpression="attribute_exists(pk) AND #status <> :deleted",
                ExpressionAttributeNames={"#status": "status"},
                ExpressionAttributeValues={":one": 1, ":deleted": Status.deleted.value},
                ReturnValues="ALL_NEW",
            )
        except ClientError as exc:
            if not condition_failed(exc):
                raise
            self._delete_if_owned(dedup_key, claim["memory_id"])
            return None
        return to_memory(response["Attributes"])

    def _holds_live_memory(self, tenant: str, dedup_key: dict[str, str]) -> bool:
        """Whether `dedup_key` belongs to a live memory; a stale key is removed."""
        claim = self.table.get_item(Key=dedup_key, ConsistentRead=True).get("Item")
        if claim is None:
            return False
        holder = self.get(tenant, claim["memory_id"])
        if holder is not None and holder.status is not Status.deleted:
            return True
        self._delete_if_owned(dedup_key, claim["memory_id"])
        return False

    def _delete_if_owned(self, dedup_key: dict[str, str], memory_id: str) -> None:
        written(
            self.table.delete_item,
            Key=dedup_key,
            ConditionExpression="memory_id = :id",
            ExpressionAttributeValues={":id": memory_id},
        )

    def _delete_keys(self, keys: Iterable[dict[str, str]]) -> None:
        with self.table.batch_writer(overwrite_by_pkeys=["pk", "sk"]) as batch:
            for key in keys:
                batch.delete_item(Key=key)

    def _query_all(self, **params: Any) -> Iterator[dict[str, Any]]:
        while True:
            response = self.table.query(**params)
            yield from response["Items"]
            if "LastEvaluatedKey" not in response:
                return
            params["ExclusiveStartKey"] = response["LastEvaluatedKey"]

    def _page(
        self,
        operation: Callable[..., dict[str, Any]],
        params: dict[str, Any],
        limit: int,
        start: dict[str, str] | None,
        key_names: tuple[str, ...],
    ) -> Page:
        """Collect up to `limit` items (one more to learn whether a next page exists).

        DynamoDB applies `Limit` before the filter, so this loops over pages; the cursor is the key
        of the last item returned, which is a valid ExclusiveStartKey for Query and Scan alike.
        """
        if limit < 1:
            raise ValueError("limit must be at least 1")
        items: list[dict[str, Any]] = []
        while len(items) <= limit:
            request = {**params, "Limit": max(limit + 1, 100)}
            if start is not None:
                request["ExclusiveStartKey"] = start
            response = operation(**request)
            items.extend(response["Items"])
            start = response.get("LastEvaluatedKey")
            if start is None:
                break
        page = items[:limit]
        cursor = None
        if len(items) > limit:
            cursor = encode_cursor({name: page[-1][name] for name in key_names})
        return Page([to_memory(item) for item in page], cursor)

    def _decode(
        self, cursor: str | None, key_names: tuple[str, ...], **expected: str
    ) -> dict[str, str] | None:
        if not cursor:
            return None
        position = decode_cursor(cursor, key_names)
        if set(position) != set(key_names) or not all(isinstance(v, str) for v in position.values()):
            raise InvalidCursor("cursor is not one this API issued")
        if any(position[name] != value for name, value in expected.items()):
            raise InvalidCursor("cursor belongs to another query")
        return position

    def _backoff(self, attempt: int) -> None:
        time.sleep(random.uniform(0, min(1.0, 0.01 * 2**attempt)))
