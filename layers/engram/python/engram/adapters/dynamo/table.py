"""The engram table over a botocore DynamoDB client, in plain Python values, as boto3's Table resource.

Same interface and value conversion as boto3's resource (two handlers on the client's events), so the
api's cold start imports no boto3 (docs/performance.md). Numbers are Decimal (floats refused); binary
reads back as bytes, not `Binary`; conditions are expression strings (no `Key`/`Attr` builders).
"""
# Interface: `table.name`, `table.meta.client`, get/put/update/delete_item, query, scan, batch_writer.
# Values convert as boto3's TypeSerializer/TypeDeserializer: an int is written as a Decimal, a set is
# SS, NS or BS by its members, a tuple is a list.

from __future__ import annotations

import decimal
from collections.abc import Callable, Mapping, Set
from dataclasses import dataclass
from types import TracebackType
from typing import Any

# DynamoDB's number range and precision: a number it could not store exactly raises, not rounds.
_NUMBERS = decimal.Context(
    Emin=-128,
    Emax=126,
    prec=38,
    traps=[decimal.Clamped, decimal.Overflow, decimal.Inexact, decimal.Rounded, decimal.Underflow],
)
_ATTRIBUTE_VALUE = "AttributeValue"  # the shape, in DynamoDB's model, of every typed value
_BATCH_WRITE = 25  # BatchWriteItem's limit


def _number(value: int | decimal.Decimal) -> str:
    number = str(_NUMBERS.create_decimal(value))
    if number in ("Infinity", "NaN", "-Infinity", "sNaN"):
        raise TypeError("Infinity and NaN not supported")
    return number


def _is_number(value: Any) -> bool:
    if isinstance(value, float):
        raise TypeError("Float types are not supported. Use Decimal types instead.")
    return isinstance(value, int | decimal.Decimal) and not isinstance(value, bool)


def serialize(value: Any) -> dict[str, Any]:
    """A Python value as a DynamoDB AttributeValue (boto3's TypeSerializer.serialize)."""
    if value is None:
        return {"NULL": True}
    if isinstance(value, bool):
        return {"BOOL": value}
    if _is_number(value):
        return {"N": _number(value)}
    if isinstance(value, str):
        return {"S": value}
    if isinstance(value, bytes | bytearray):
        return {"B": bytes(value)}
    if isinstance(value, Set):
        if all(_is_number(v) for v in value):
            return {"NS": [_number(v) for v in value]}
        if all(isinstance(v, str) for v in value):
            return {"SS": list(value)}
        if all(isinstance(v, bytes | bytearray) for v in value):
            return {"BS": [bytes(v) for v in value]}
    elif isinstance(value, Mapping):
        return {"M": {k: serialize(v) for k, v in value.items()}}
    elif isinstance(value, list | tuple):
        return {"L": [serialize(v) for v in value]}
    raise TypeError(f"Unsupported type {type(value)} for value {value!r}")


def deserialize(value: Mapping[str, Any]) -> Any:
    """A DynamoDB AttributeValue as a Python value (boto3's TypeDeserializer.deserialize, but B as bytes)."""
    if not value:
        raise TypeError("Value must be a nonempty dictionary whose key is a valid dynamodb type.")
    kind, data = next(iter(value.items()))
    if kind == "S" or kind == "BOOL" or kind == "B":
        return data
    if kind == "N":
        return _NUMBERS.create_decimal(data)
    if kind == "M":
        return {k: deserialize(v) for k, v in data.items()}
    if kind == "L":
        return [deserialize(v) for v in data]
    if kind == "NULL":
        return None
    if kind == "SS" or kind == "BS":
        return set(data)
    if kind == "NS":
        return {_NUMBERS.create_decimal(n) for n in data}
    raise TypeError(f"Dynamodb type {kind} is not supported")


_HOLDS: dict[str, bool] = {}  # shape name -> whether an AttributeValue is somewhere inside it


def _holds_values(shape: Any) -> bool:
    holds = _HOLDS.get(shape.name)
    if holds is None:
        holds = _HOLDS[shape.name] = _reaches_values(shape, set())
    return holds


def _reaches_values(shape: Any, seen: set[str]) -> bool:
    if shape.name == _ATTRIBUTE_VALUE:
        return True
    if shape.name in seen:  # explored already, or being explored (a shape may contain itself)
        return False
    seen.add(shape.name)
    if shape.type_name == "structure":
        return any(_reaches_values(member, seen) for member in shape.members.values())
    if shape.type_name == "list":
        return _reaches_values(shape.member, seen)
    if shape.type_name == "map":
        return _reaches_values(shape.value, seen)
    return False


def _convert(shape: Any, value: Any, leaf: Callable[[Any], Any]) -> Any:
    """`value` (of `shape`) with `leaf` applied to every AttributeValue in it: new containers along the
    way, the caller's own left as they were (boto3 deep-copies them first for the same reason)."""
    if shape.name == _ATTRIBUTE_VALUE:
        return leaf(value)
    if not _holds_values(shape):
        return value
    kind = shape.type_name
    if kind == "structure" and isinstance(value, Mapping):
        members = shape.members
        return {k: _convert(members[k], v, leaf) if k in members else v for k, v in value.items()}
    if kind == "map" and isinstance(value, Mapping):
        return {k: _convert(shape.value, v, leaf) for k, v in value.items()}
    if kind == "list" and isinstance(value, list | tuple):
        return [_convert(shape.member, v, leaf) for v in value]
    return value  # not of its shape: botocore's validation reports it


def _serialize_params(params: dict[str, Any], model: Any, **_: Any) -> None:
    shape = model.input_shape
    if shape is not None:
        for name, value in list(params.items()):
            if name in shape.members:
                params[name] = _convert(shape.members[name], value, serialize)


def _deserialize_parsed(parsed: dict[str, Any], model: Any, **_: Any) -> None:
    shape = model.output_shape
    if shape is not None:
        for name, value in list(parsed.items()):
            if name in shape.members:
                parsed[name] = _convert(shape.members[name], value, deserialize)


def plain_values(client: Any) -> Any:
    """`client` (a botocore DynamoDB client), made to take and return plain Python values, as a boto3
    Table's `meta.client` does: every call's parameters are serialized before botocore builds the
    request from them, and its answer deserialized once parsed (errors are left as DynamoDB sent them,
    as boto3 leaves them)."""
    events = client.meta.events
    events.register("before-parameter-build.dynamodb", _serialize_params, unique_id="engram-dynamodb-input")
    events.register("after-call.dynamodb", _deserialize_parsed, unique_id="engram-dynamodb-output")
    return client


@dataclass(frozen=True)
class _Meta:
    client: Any


class DynamoTable:
    """The engram table, as the DynamoDB adapters use boto3's `Table` resource, over `client` (a botocore
    DynamoDB client, which `plain_values` converts for, as the resource's client)."""

    def __init__(self, client: Any, name: str) -> None:
        self.name = name
        self.meta = _Meta(plain_values(client))

    def _call(self, operation: str, params: dict[str, Any]) -> dict[str, Any]:
        """The client's `operation` on this table."""
        response: dict[str, Any] = getattr(self.meta.client, operation)(TableName=self.name, **params)
        return response

    def get_item(self, **params: Any) -> dict[str, Any]:
        return self._call("get_item", params)

    def put_item(self, **params: Any) -> dict[str, Any]:
        return self._call("put_item", params)

    def update_item(self, **params: Any) -> dict[str, Any]:
        return self._call("update_item", params)

    def delete_item(self, **params: Any) -> dict[str, Any]:
        return self._call("delete_item", params)

    def query(self, **params: Any) -> dict[str, Any]:
        return self._call("query", params)

    def scan(self, **params: Any) -> dict[str, Any]:
        return self._call("scan", params)

    def batch_writer(self, overwrite_by_pkeys: list[str] | None = None) -> BatchWriter:
        return BatchWriter(self.name, self.meta.client, overwrite_by_pkeys)


class BatchWriter:
    """Puts and deletes sent by BatchWriteItem, 25 at a time, and what DynamoDB left unprocessed sent
    again with the next batch, as boto3's `Table.batch_writer()` does: with `overwrite_by_pkeys`, a
    request replaces an unsent one for the same key. Everything is sent by the end of the block."""

    def __init__(self, table_name: str, client: Any, overwrite_by_pkeys: list[str] | None = None) -> None:
        self.table_name = table_name
        self.client = client
        self.overwrite_by_pkeys = overwrite_by_pkeys
        self.pending: list[dict[str, Any]] = []

    def put_item(self, Item: dict[str, Any]) -> None:  # boto3's parameter names
        self._add({"PutRequest": {"Item": Item}}, Item)

    def delete_item(self, Key: dict[str, Any]) -> None:
        self._add({"DeleteRequest": {"Key": Key}}, Key)

    def _add(self, request: dict[str, Any], key: dict[str, Any]) -> None:
        if self.overwrite_by_pkeys:
            same = [key[name] for name in self.overwrite_by_pkeys]
            self.pending = [r for r in self.pending if self._key_values(r) != same]
        self.pending.append(request)
        if len(self.pending) >= _BATCH_WRITE:
            self._flush()

    def _key_values(self, request: dict[str, Any]) -> list[Any]:
        item = request["PutRequest"]["Item"] if "PutRequest" in request else request["DeleteRequest"]["Key"]
        return [item[name] for name in self.overwrite_by_pkeys or ()]

    def _flush(self) -> None:
        batch, self.pending = self.pending[:_BATCH_WRITE], self.pending[_BATCH_WRITE:]
        response = self.client.batch_write_item(RequestItems={self.table_name: batch})
        self.pending.extend((response.get("UnprocessedItems") or {}).get(self.table_name, []))

    def __enter__(self) -> BatchWriter:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        while self.pending:
            self._flush()
