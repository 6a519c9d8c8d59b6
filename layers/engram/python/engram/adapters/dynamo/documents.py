"""DocumentStore on the engram DynamoDB table.

pk=DOC#{tenant}#{id}      sk=DOC      doc (the Document's JSON), user pk for the listing
pk=DOC#{tenant}#{id}      sk=RAW#{n}  the raw source in parts of RAW_PART bytes (an item holds 400 KB)
pk=DOCS#{tenant}#{user}   sk={id}     the user's listing (ULIDs: newest last)
"""

from __future__ import annotations

import builtins
from typing import Any

from engram.adapters.cursor import decode_cursor, encode_cursor
from engram.adapters.dynamo.errors import written
from engram.adapters.dynamo.items import key_part
from engram.domain.documents import Document

RAW_PART = 300_000


def _pk(tenant: str, document_id: str) -> str:
    return f"DOC#{key_part(tenant)}#{document_id}"


def _list_pk(tenant: str, user_id: str) -> str:
    return f"DOCS#{key_part(tenant)}#{key_part(user_id)}"


class DynamoDocumentStore:
    def __init__(self, table: Any) -> None:
        self.table = table

    def create(self, document: Document, raw: bytes) -> None:
        pk = _pk(document.tenant, document.id)
        parts = [raw[i : i + RAW_PART] for i in range(0, len(raw), RAW_PART)] or [b""]
        with self.table.batch_writer() as batch:  # the raw parts first: the DOC item makes it visible
            for n, part in enumerate(parts):
                batch.put_item(Item={"pk": pk, "sk": f"RAW#{n:05d}", "raw": part})
        self.table.put_item(Item={"pk": _list_pk(document.tenant, document.user_id), "sk": document.id})
        self.table.put_item(
            Item={"pk": pk, "sk": "DOC", "doc": document.model_dump_json(), "parts": len(parts)}
        )

    def get(self, tenant: str, document_id: str) -> Document | None:
        item = self.table.get_item(Key={"pk": _pk(tenant, document_id), "sk": "DOC"}, ConsistentRead=True)
        found = item.get("Item")
        return None if found is None else Document.model_validate_json(found["doc"])

    def raw(self, tenant: str, document_id: str) -> bytes | None:
        if self.get(tenant, document_id) is None:
            return None
        return b"".join(bytes(item["raw"]) for item in self._items(tenant, document_id, "RAW#"))

    def save(self, document: Document) -> None:
        written(  # False when it was deleted meanwhile: nothing to save
            self.table.update_item,
            Key={"pk": _pk(document.tenant, document.id), "sk": "DOC"},
            UpdateExpression="SET doc = :doc",
            ConditionExpression="attribute_exists(pk)",
            ExpressionAttributeValues={":doc": document.model_dump_json()},
        )

    def list(
        self, tenant: str, user_id: str, limit: int, cursor: str | None = None
    ) -> tuple[builtins.list[Document], str | None]:
        params: dict[str, Any] = {
            "KeyConditionExpression": "pk = :pk",
            "ExpressionAttributeValues": {":pk": _list_pk(tenant, user_id)},
            "ScanIndexForward": False,
            "ConsistentRead": True,
        }
        if cursor:
            before = decode_cursor(cursor, ("before",), {"before": str})["before"]
            params["KeyConditionExpression"] = "pk = :pk AND sk < :before"
            params["ExpressionAttributeValues"][":before"] = before
        documents: builtins.list[Document] = []
        start = None
        while len(documents) <= limit:
            page = self.table.query(**params, **({"ExclusiveStartKey": start} if start else {}))
            for item in page.get("Items", []):
                document = self.get(tenant, item["sk"])
                if document is not None:
                    documents.append(document)
            start = page.get("LastEvaluatedKey")
            if not start:
                break
        more = len(documents) > limit
        documents = documents[:limit]
        return documents, encode_cursor({"before": documents[-1].id}) if more else None

    def delete(self, tenant: str, document_id: str) -> bool:
        document = self.get(tenant, document_id)
        if document is None:
            return False
        with self.table.batch_writer() as batch:
            for item in self._items(tenant, document_id, "RAW#"):
                batch.delete_item(Key={"pk": item["pk"], "sk": item["sk"]})
        self.table.delete_item(Key={"pk": _list_pk(tenant, document.user_id), "sk": document_id})
        self.table.delete_item(Key={"pk": _pk(tenant, document_id), "sk": "DOC"})
        return True

    def _items(self, tenant: str, document_id: str, prefix: str) -> builtins.list[dict[str, Any]]:
        items: builtins.list[dict[str, Any]] = []
        params: dict[str, Any] = {
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": {":pk": _pk(tenant, document_id), ":prefix": prefix},
            "ConsistentRead": True,
        }
        while True:
            page = self.table.query(**params)
            items.extend(page.get("Items", []))
            if not page.get("LastEvaluatedKey"):
                return items
            params["ExclusiveStartKey"] = page["LastEvaluatedKey"]
