"""WebhookStore on the engram table: a tenant's endpoints in one partition.

    pk=HOOK#{tenant}  sk={webhook id}  doc (the endpoint's JSON), secret

No `tenant` attribute: the tenant index (gsi3) holds memories and keys only.
"""

from __future__ import annotations

from typing import Any

from engram.adapters.dynamo.items import key_part
from engram.domain.events import WebhookEndpoint


def _pk(tenant: str) -> str:
    return f"HOOK#{key_part(tenant)}"


class DynamoWebhookStore:
    def __init__(self, table: Any) -> None:
        self.table = table

    def add_endpoint(self, endpoint: WebhookEndpoint, secret: str) -> None:
        self.table.put_item(
            Item={
                "pk": _pk(endpoint.tenant),
                "sk": endpoint.id,
                "doc": endpoint.model_dump_json(),
                "secret": secret,
            },
            ConditionExpression="attribute_not_exists(pk)",
        )

    def endpoints(self, tenant: str) -> list[WebhookEndpoint]:
        params: dict[str, Any] = {
            "KeyConditionExpression": "pk = :pk",
            "ExpressionAttributeValues": {":pk": _pk(tenant)},
            "ConsistentRead": True,
        }
        found = []
        while True:
            page = self.table.query(**params)
            found += [WebhookEndpoint.model_validate_json(item["doc"]) for item in page.get("Items", [])]
            if "LastEvaluatedKey" not in page:
                return found
            params["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def endpoint(self, tenant: str, webhook_id: str) -> tuple[WebhookEndpoint, str] | None:
        item = self.table.get_item(Key={"pk": _pk(tenant), "sk": webhook_id}, ConsistentRead=True).get("Item")
        return (
            None if item is None else (WebhookEndpoint.model_validate_json(item["doc"]), str(item["secret"]))
        )

    def delete_endpoint(self, tenant: str, webhook_id: str) -> bool:
        """Deliveries already queued for it find it gone and are dropped (engram.runtime.webhook_batch)."""
        gone = self.table.delete_item(Key={"pk": _pk(tenant), "sk": webhook_id}, ReturnValues="ALL_OLD")
        return "Attributes" in gone
