"""JanitorState (and the stats counter) on the engram DynamoDB table.

Job state is one item `pk=JANITOR#{job}`, `sk=STATE` (summary as JSON); self-repair's one per action,
`pk=HEALTH#{action}`. A tenant's counts read its gsi3 items only; everyone's is a Scan. Both stop
after `max_items` (then `complete` is false and counts are lower bounds), within API Gateway's timeout.
"""

from __future__ import annotations

import json
from typing import Any

from engram.adapters.dynamo.items import GSI3, MEM, memory_key
from engram.adapters.timestamps import iso, parse_iso
from engram.domain.health import Repair, RepairState
from engram.ports import JanitorJob, JobState, MemoryCounts

_SK = "STATE"


class DynamoJanitorState:
    def __init__(self, table: Any, *, max_items: int = 100_000) -> None:
        self.table = table
        self.max_items = max_items

    @staticmethod
    def key(job: JanitorJob) -> dict[str, str]:
        return {"pk": f"JANITOR#{job.value}", "sk": _SK}

    def load(self, job: JanitorJob) -> JobState:
        item = self.table.get_item(Key=self.key(job), ConsistentRead=True).get("Item")
        if item is None:
            return JobState(job=job)
        last = item.get("last_run_at")
        return JobState(
            job=job,
            last_run_at=parse_iso(last),
            cursor=item.get("cursor"),
            summary=json.loads(item.get("summary") or "{}"),
        )

    def save(self, state: JobState) -> None:
        item: dict[str, Any] = {
            **self.key(state.job),
            "job": state.job.value,
            "summary": json.dumps(state.summary, separators=(",", ":")),
        }
        if state.last_run_at is not None:
            item["last_run_at"] = iso(state.last_run_at)
        if state.cursor is not None:
            item["cursor"] = state.cursor
        self.table.put_item(Item=item)

    def load_repair(self, action: Repair) -> RepairState:
        key = {"pk": f"HEALTH#{action.value}", "sk": _SK}
        item = self.table.get_item(Key=key, ConsistentRead=True).get("Item")
        return RepairState(action=action) if item is None else RepairState.model_validate_json(item["state"])

    def save_repair(self, state: RepairState) -> None:
        key = {"pk": f"HEALTH#{state.action.value}", "sk": _SK}
        self.table.put_item(Item={**key, "state": state.model_dump_json()})

    def count_memories(self, tenant: str | None = None) -> MemoryCounts:
        names = {"#status": "status"}
        if tenant is None:
            read = self.table.scan
            params: dict[str, Any] = {
                "FilterExpression": "sk = :mem",
                "ExpressionAttributeValues": {":mem": MEM},
            }
        else:
            read, names["#tenant"] = self.table.query, "tenant"
            params = {
                "IndexName": GSI3,
                "KeyConditionExpression": "#tenant = :tenant AND begins_with(pk, :mem)",
                "ExpressionAttributeValues": {":tenant": tenant, ":mem": memory_key(tenant, "")["pk"]},
            }
        params |= {"ExpressionAttributeNames": names, "ProjectionExpression": "#status, enrichment_state"}
        status: dict[str, int] = {}
        enrichment: dict[str, int] = {}
        seen = 0
        while True:
            response = read(**params)
            for item in response["Items"]:
                status[item["status"]] = status.get(item["status"], 0) + 1
                if item["status"] != "deleted":
                    state = item["enrichment_state"]
                    enrichment[state] = enrichment.get(state, 0) + 1
            seen += len(response["Items"])
            start = response.get("LastEvaluatedKey")
            if start is None:
                return MemoryCounts(status=status, enrichment=enrichment)
            if seen >= self.max_items:
                return MemoryCounts(status=status, enrichment=enrichment, complete=False)
            params["ExclusiveStartKey"] = start
