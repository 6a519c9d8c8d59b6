"""DynamoTable (the engram table over a botocore client, as the deployed functions reach it) reads and
writes as boto3's Table resource does, which the adapters were written against and which builds the
tables of most other integration tests: same values both ways, same batches, same errors."""

from __future__ import annotations

import decimal
from decimal import Decimal
from typing import Any

import pytest
from boto3.dynamodb.types import Binary, TypeDeserializer, TypeSerializer
from botocore.exceptions import ClientError

from engram.adapters.dynamo.errors import cancellation_codes, error_code
from engram.adapters.dynamo.table import BatchWriter, DynamoTable, deserialize, serialize
from tests.integration.aws_fixtures import TABLE_NAME, aws, dynamodb, table  # noqa: F401

VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -7,
    2**70,
    Decimal("3.14159"),
    Decimal("-0.000001"),
    Decimal("1E+100"),
    "",
    "héllo ✓",
    b"\x00\xffbytes",
    [],
    {},
    [1, "two", None, [Decimal("3.5")], {"four": 4}],
    (1, "tuple"),
    {"a": {"b": {"c": [True, {"d": None}]}}, "n": 12},
    {"one", "two"},
    {1, Decimal("2.5")},
    {b"x", b"y"},
    frozenset({"frozen"}),
]


def plain(value: Any) -> Any:
    """boto3's Binary as the bytes it wraps (DynamoTable reads binary as bytes), everything else as is."""
    if isinstance(value, Binary):
        return value.value
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, set):
        return {plain(v) for v in value}
    return value


def sets_sorted(attribute: dict[str, Any]) -> dict[str, Any]:
    """An AttributeValue with its set members in one order (a set has none)."""
    return {k: sorted(v) if k in ("SS", "NS", "BS") else v for k, v in attribute.items()}


@pytest.mark.parametrize("value", VALUES, ids=lambda value: type(value).__name__)
def test_a_value_is_written_and_read_as_boto3_writes_and_reads_it(value: Any) -> None:
    written = serialize(value)
    assert sets_sorted(written) == sets_sorted(TypeSerializer().serialize(value))
    assert deserialize(written) == plain(TypeDeserializer().deserialize(written))


@pytest.mark.parametrize(
    "value, error",
    [
        (1.5, TypeError),  # DynamoDB numbers are Decimals: a float would be rounded
        ({"nested": [0.1]}, TypeError),
        (Decimal("Infinity"), TypeError),
        (Decimal("NaN"), TypeError),
        (Decimal("1." + "1" * 40), decimal.Inexact),  # more digits than DynamoDB keeps
        (Decimal("1E+200"), decimal.Overflow),
        (object(), TypeError),
        ({"mixed", 1}, TypeError),
    ],
    ids=["float", "nested float", "infinity", "nan", "too precise", "too large", "object", "mixed set"],
)
def test_a_value_dynamodb_cannot_hold_is_refused_as_boto3_refuses_it(value: Any, error: type) -> None:
    with pytest.raises(error):
        TypeSerializer().serialize(value)
    with pytest.raises(error):
        serialize(value)


ITEM = {
    "pk": "T#acme",
    "sk": "M#1",
    "count": 3,
    "score": Decimal("0.25"),
    "flag": True,
    "none": None,
    "tags": {"a", "b"},
    "doc": {"content": "the deploy runs on Fridays", "list": [1, "x", {"y": False}]},
}


@pytest.fixture
def resource_table(dynamodb: Any, table: DynamoTable) -> Any:  # noqa: F811
    """boto3's resource over the same (moto) table as `table`."""
    return dynamodb.Table(TABLE_NAME)


def test_what_one_writes_the_other_reads(table: DynamoTable, resource_table: Any) -> None:  # noqa: F811
    table.put_item(Item=ITEM)
    assert resource_table.get_item(Key={"pk": "T#acme", "sk": "M#1"})["Item"] == ITEM

    resource_table.put_item(Item={**ITEM, "sk": "M#2"})
    assert table.get_item(Key={"pk": "T#acme", "sk": "M#2"}, ConsistentRead=True)["Item"] == {
        **ITEM,
        "sk": "M#2",
    }


def test_the_callers_item_is_left_as_it_was(table: DynamoTable) -> None:  # noqa: F811
    item = {"pk": "p", "sk": "s", "doc": {"n": [1, 2]}}
    table.put_item(Item=item, ConditionExpression="attribute_not_exists(pk)")
    assert item == {"pk": "p", "sk": "s", "doc": {"n": [1, 2]}}


def test_update_query_and_scan_answer_in_plain_values(table: DynamoTable, resource_table: Any) -> None:  # noqa: F811
    for i in range(7):
        table.put_item(Item={"pk": "P", "sk": f"S#{i}", "n": i})
    updated = table.update_item(
        Key={"pk": "P", "sk": "S#0"},
        UpdateExpression="ADD n :one SET tags = :tags",
        ExpressionAttributeValues={":one": 1, ":tags": {"x"}},
        ReturnValues="ALL_NEW",
    )
    assert updated["Attributes"] == {"pk": "P", "sk": "S#0", "n": 1, "tags": {"x"}}

    def pages(reader: Any, **params: Any) -> tuple[list[Any], list[Any]]:
        """Every item, 3 a page, and the keys each page ended on (fed back as the next start)."""
        items, ends = [], []
        while True:
            page = reader(Limit=3, **params)
            items.extend(page["Items"])
            if "LastEvaluatedKey" not in page:
                return items, ends
            ends.append(page["LastEvaluatedKey"])
            params["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    condition = {
        "KeyConditionExpression": "pk = :pk AND begins_with(sk, :s)",
        "ExpressionAttributeValues": {":pk": "P", ":s": "S#"},
    }
    assert pages(table.query, **condition) == pages(resource_table.query, **condition)
    assert pages(table.scan) == pages(resource_table.scan)
    assert [i["n"] for i in pages(table.query, **condition)[0]] == [1, 1, 2, 3, 4, 5, 6]


def test_its_client_takes_transactions_and_batch_reads_in_plain_values(table: DynamoTable) -> None:  # noqa: F811
    client = table.meta.client
    client.transact_write_items(
        TransactItems=[
            {"Put": {"TableName": TABLE_NAME, "Item": {"pk": "A", "sk": "1", "n": 1}}},
            {
                "Update": {
                    "TableName": TABLE_NAME,
                    "Key": {"pk": "A", "sk": "2"},
                    "UpdateExpression": "ADD n :n",
                    "ExpressionAttributeValues": {":n": 5},
                }
            },
        ]
    )
    found = client.batch_get_item(
        RequestItems={TABLE_NAME: {"Keys": [{"pk": "A", "sk": "1"}, {"pk": "A", "sk": "2"}]}}
    )["Responses"][TABLE_NAME]
    assert sorted(found, key=lambda i: i["sk"]) == [
        {"pk": "A", "sk": "1", "n": 1},
        {"pk": "A", "sk": "2", "n": 5},
    ]

    # A cancelled transaction raises as DynamoDB answered it: its code and each item's reason
    with pytest.raises(ClientError) as raised:
        client.transact_write_items(
            TransactItems=[
                {
                    "Put": {
                        "TableName": TABLE_NAME,
                        "Item": {"pk": "A", "sk": "1"},
                        "ConditionExpression": "attribute_not_exists(pk)",
                    }
                },
                {"Put": {"TableName": TABLE_NAME, "Item": {"pk": "A", "sk": "3"}}},
            ]
        )
    assert error_code(raised.value) == "TransactionCanceledException"
    assert cancellation_codes(raised.value) == ["ConditionalCheckFailed", "None"]


def test_a_failed_condition_is_the_client_error_boto3_raises(table: DynamoTable) -> None:  # noqa: F811
    table.put_item(Item={"pk": "p", "sk": "s"})
    with pytest.raises(ClientError) as raised:
        table.put_item(Item={"pk": "p", "sk": "s"}, ConditionExpression="attribute_not_exists(pk)")
    assert error_code(raised.value) == "ConditionalCheckFailedException"


def test_the_batch_writer_writes_every_batch_and_keeps_the_last_request_per_key(
    table: DynamoTable,  # noqa: F811
    resource_table: Any,
) -> None:
    with table.batch_writer(overwrite_by_pkeys=["pk", "sk"]) as batch:
        for i in range(60):
            batch.put_item(Item={"pk": "B", "sk": f"{i:02}", "v": 0})
        batch.put_item(Item={"pk": "B", "sk": "59", "v": 1})  # replaces the unsent put of 59
        batch.delete_item(Key={"pk": "B", "sk": "58"})  # replaces the unsent put of 58
    items = resource_table.query(
        KeyConditionExpression="pk = :pk", ExpressionAttributeValues={":pk": "B"}, ConsistentRead=True
    )["Items"]
    assert len(items) == 59
    assert {i["sk"]: i["v"] for i in items}["59"] == 1
    assert "58" not in {i["sk"] for i in items}


class Throttled:
    """A client whose BatchWriteItem leaves the last request of each of its first two batches unprocessed."""

    def __init__(self) -> None:
        self.batches: list[list[dict[str, Any]]] = []

    def batch_write_item(self, RequestItems: dict[str, Any]) -> dict[str, Any]:
        batch = RequestItems["t"]
        self.batches.append(batch)
        unprocessed = {"t": batch[-1:]} if len(self.batches) <= 2 else {}
        return {"UnprocessedItems": unprocessed}


def test_what_dynamodb_leaves_unprocessed_is_sent_again() -> None:
    client = Throttled()
    with BatchWriter("t", client) as batch:
        for i in range(30):
            batch.put_item(Item={"pk": str(i)})
    sent = [request["PutRequest"]["Item"]["pk"] for b in client.batches for request in b]
    assert [len(b) for b in client.batches] == [25, 6, 1]  # 5 left + 1 unprocessed; then its retry
    assert sorted(set(sent), key=int) == [str(i) for i in range(30)]
    assert sent.count("24") == 2 and sent.count("29") == 2
