"""UserData on the engram DynamoDB table: a user's data as a whole, for export, import and erasure.

Reads and writes the store, graph and transcript items in their own layouts: memories by GSI1,
graphs by project partition, sessions via `SL#{tenant}#{user}`. Erasure finds graphs, sessions and
dedup keys by a prefix-filtered Scan (a rare batch job). Records: pk=ERASE#{tenant} sk={job id}.
"""

from __future__ import annotations

import builtins
import json
from collections.abc import Iterator, Sequence
from typing import Any

from botocore.exceptions import ClientError

from engram.adapters.cursor import decode_cursor, encode_cursor
from engram.adapters.dynamo.errors import error_code, written
from engram.adapters.dynamo.items import (
    GSI1,
    LIST_KEY,
    content_key,
    graph_back_pk,
    graph_pk,
    history_pk,
    key_part,
    list_pk,
    memory_item,
    message_sk,
    session_back_pk,
    session_list_key,
    session_pk,
    to_memory,
)
from engram.adapters.dynamo.quota import count_in, read_quota, refused_over_cap
from engram.adapters.dynamo.transcripts import DynamoTranscriptStore, _session_of
from engram.adapters.timestamps import iso
from engram.domain.graph import Entity, GraphScope, Relation
from engram.domain.models import Memory, Status
from engram.domain.quotas import transcript_bytes
from engram.domain.sessions import Message, SessionInfo
from engram.domain.transfer import ErasureRecord


class DynamoUserData:
    def __init__(self, table: Any) -> None:
        self.table = table
        self.client = table.meta.client
        self.name = table.name

    # ------------------------------------------------------------------ reads

    def memories(self, tenant: str, user_id: str, after: str | None, limit: int) -> builtins.list[Memory]:
        condition = "gsi1pk = :pk AND gsi1sk > :after"
        params: dict[str, Any] = {
            "IndexName": GSI1,
            "KeyConditionExpression": condition,
            "ExpressionAttributeValues": {":pk": list_pk(tenant, user_id), ":after": after or " "},
        }
        found: list[Memory] = []
        for item in self._paged(self.table.query, params):
            found.append(to_memory(item))
            if len(found) >= limit:
                break
        return found

    def projects(self, tenant: str, user_id: str) -> builtins.list[str]:
        params: dict[str, Any] = {
            "IndexName": GSI1,
            "KeyConditionExpression": "gsi1pk = :pk",
            "ExpressionAttributeValues": {":pk": list_pk(tenant, user_id)},
            "ProjectionExpression": "#p",
            "ExpressionAttributeNames": {"#p": "project"},
        }
        return sorted({item["project"] for item in self._paged(self.table.query, params)})

    def sessions(
        self, tenant: str, user_id: str, position: str | None, limit: int
    ) -> tuple[builtins.list[SessionInfo], str | None]:
        """A page of the user's sessions: one gsi1 partition (their session items), never a Scan."""
        params: dict[str, Any] = {
            "IndexName": GSI1,
            "KeyConditionExpression": "gsi1pk = :pk",
            "ExpressionAttributeValues": {":pk": session_list_key(tenant, user_id, "")["gsi1pk"]},
            "Limit": limit,
        }
        if position:
            params["ExclusiveStartKey"] = decode_cursor(position, LIST_KEY, dict.fromkeys(LIST_KEY, str))
        response = self.table.query(**params)
        found = [_session_of(item) for item in response["Items"]]
        start = response.get("LastEvaluatedKey")
        return found, encode_cursor({k: start[k] for k in LIST_KEY}) if start else None

    # ------------------------------------------------------------------ restore

    def restore_memory(self, memory: Memory) -> bool:
        """Write an imported memory unless its id, or its content in its scope, is taken. A live memory
        counts against the tenant's storage cap as a remembered one does: added to its counter in the
        same transaction, on the condition that the counter is below the cap (else QuotaExceeded)."""
        live = memory.status is not Status.deleted
        capped = live and read_quota(self.table, memory.tenant) is not None
        while True:
            items: list[dict[str, Any]] = [self._put(memory_item(memory))]
            if live:  # a live memory holds its content's dedup key
                claim = {**content_key(memory.scope, memory.content_hash), "memory_id": memory.id}
                claim["tenant"] = memory.tenant
                items.append(self._put(claim))
            if capped:
                items.append(count_in(self.name, memory.tenant, +1))
            try:
                self.client.transact_write_items(TransactItems=items)
                return True
            except ClientError as exc:
                if error_code(exc) != "TransactionCanceledException":
                    raise
                reasons = [r.get("Code") for r in exc.response.get("CancellationReasons", [])]
                if "ConditionalCheckFailed" in reasons[:2]:
                    return False  # the memory exists, or the content is taken in its scope
                if not capped or len(reasons) < 3 or reasons[2] != "ConditionalCheckFailed":
                    raise
                refused_over_cap(self.table, memory.tenant)
                capped = False  # the limit was lifted meanwhile

    def _put(self, item: dict[str, Any]) -> dict[str, Any]:
        """Transaction item: put the item unless its key is taken."""
        new = "attribute_not_exists(pk)"
        return {"Put": {"TableName": self.name, "Item": item, "ConditionExpression": new}}

    def restore_graph(
        self,
        scope: GraphScope,
        entities: Sequence[tuple[Entity, Sequence[str]]],
        relations: Sequence[Relation],
    ) -> None:
        pk = graph_pk(scope)
        items: list[dict[str, Any]] = []
        for entity, memory_ids in entities:
            items.append(
                {"pk": pk, "sk": f"E#{entity.id}", "name": entity.name, "canonical": entity.canonical,
                 "type": entity.type.value, "mentions": entity.mentions,
                 "created_at": entity.created_at.isoformat(), "updated_at": entity.updated_at.isoformat()}
            )  # fmt: skip
            for memory_id in memory_ids:
                items.append({"pk": pk, "sk": f"M#{entity.id}#{memory_id}"})
                items.append({"pk": graph_back_pk(scope.tenant, memory_id), "sk": f"M#{entity.id}", "g": pk})
        for rel in relations:
            item: dict[str, Any] = {
                "pk": pk,
                "sk": f"R#{rel.id}",
                "subject_id": rel.subject_id,
                "predicate": rel.predicate,
                "object_id": rel.object_id,
                "confidence": str(rel.confidence),
                "mentions": rel.mentions,
                "updated_at": rel.updated_at.isoformat(),
            }
            if rel.memory_ids:
                item["memory_ids"] = set(rel.memory_ids)
            items.append(item)
            for end in (rel.subject_id, rel.object_id):
                items.append({"pk": pk, "sk": f"A#{end}#{rel.id}", "relation_id": rel.id})
            for memory_id in rel.memory_ids:
                items.append({"pk": graph_back_pk(scope.tenant, memory_id), "sk": f"R#{rel.id}", "g": pk})
        self._put_absent(items)

    def restore_session(self, session: SessionInfo, messages: Sequence[Message]) -> None:
        pk = session_pk(session.tenant, session.user_id, session.session_id)
        doc = session.model_dump_json(
            include={"tenant", "user_id", "session_id", "project", "namespace", "agent_id", "created_at"}
        )
        items: list[dict[str, Any]] = [
            {"pk": pk, "sk": "SESSION", **session_list_key(session.tenant, session.user_id, pk),
             "doc": doc, "project": session.project,
             "namespace": session.namespace, "updated_at": iso(session.updated_at),
             "last_seq": session.last_seq,
             "queued_through": session.queued_through, "message_count": session.message_count,
             "chars": session.chars}
        ]  # fmt: skip
        for m in messages:
            items.append({"pk": pk, "sk": f"KEY#{m.message_key}", "seq": m.seq, "id": m.id})
            items.append({"pk": pk, "sk": message_sk(m.seq), "doc": m.model_dump_json()})
            items.append({"pk": pk, "sk": f"MID#{m.id}", "seq": m.seq})  # the message by its id
        self._put_absent(items)

    def _put_absent(self, items: Sequence[dict[str, Any]]) -> None:
        """Put each item unless an item with its key exists (what exists is left as it is)."""
        for item in items:
            written(self.table.put_item, Item=item, ConditionExpression="attribute_not_exists(pk)")

    # ------------------------------------------------------------------ erase

    def erase_user(self, tenant: str, user_id: str) -> dict[str, int]:
        erased = {"memories": 0, "history": 0, "entities": 0, "relations": 0, "sessions": 0, "messages": 0}
        keys: list[dict[str, str]] = []
        memory_ids: list[str] = []
        params: dict[str, Any] = {
            "IndexName": GSI1,
            "KeyConditionExpression": "gsi1pk = :pk",
            "ExpressionAttributeValues": {":pk": list_pk(tenant, user_id)},
        }
        live = 0  # memories not deleted: what the tenant's storage counter holds
        for item in self._paged(self.table.query, params):
            memory = to_memory(item)
            memory_ids.append(memory.id)
            keys.append({"pk": item["pk"], "sk": item["sk"]})
            erased["memories"] += 1
            live += memory.status is not Status.deleted
        for memory_id in memory_ids:
            for pk in (history_pk(tenant, memory_id), graph_back_pk(tenant, memory_id),
                       session_back_pk(tenant, memory_id)):  # fmt: skip
                for item in self._paged(
                    self.table.query,
                    {
                        "KeyConditionExpression": "pk = :pk",
                        "ExpressionAttributeValues": {":pk": pk},
                        "ProjectionExpression": "pk, sk",
                    },
                ):
                    keys.append({"pk": item["pk"], "sk": item["sk"]})
                    erased["history"] += pk.startswith("HIST#")
        # Graphs, sessions and the dedup keys of the user's scopes: found by their key prefix.
        prefixes = [
            f"G#{key_part(tenant)}#{key_part(user_id)}#",
            f"SES#{key_part(tenant)}#{key_part(user_id)}#",
            f"HASH#{key_part(tenant)}#{key_part(user_id)}#",
        ]
        scan = {
            "FilterExpression": " OR ".join(f"begins_with(pk, :p{i})" for i in range(len(prefixes))),
            "ExpressionAttributeValues": {f":p{i}": p for i, p in enumerate(prefixes)},
            "ProjectionExpression": "pk, sk, relation_id, #doc",
            "ExpressionAttributeNames": {"#doc": "doc"},
            "ConsistentRead": True,
        }
        freed = 0  # bytes of message content, for the tenant's transcript counter
        for item in self._paged(self.table.scan, scan):
            keys.append({"pk": item["pk"], "sk": item["sk"]})
            sk = item["sk"]
            if item["pk"].startswith("G#"):
                erased["entities"] += sk.startswith("E#")
                erased["relations"] += sk.startswith("R#")
            elif item["pk"].startswith("SES#"):
                erased["sessions"] += sk == "SESSION"
                erased["messages"] += sk.startswith("MSG#")
                if sk.startswith("MSG#"):
                    freed += transcript_bytes(json.loads(item["doc"])["content"])
        unique = list({(k["pk"], k["sk"]): k for k in keys}.values())
        with self.table.batch_writer(overwrite_by_pkeys=["pk", "sk"]) as batch:
            for key in unique:
                batch.delete_item(Key=key)
        if live:
            self._uncount(tenant, live)
        if freed:
            DynamoTranscriptStore(self.table).uncount(tenant, freed)
        return erased

    def _uncount(self, tenant: str, n: int) -> None:
        """Take the erased memories off the tenant's storage counter, if it has a limit."""
        try:
            self.client.transact_write_items(TransactItems=[count_in(self.table.name, tenant, -n)])
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") != "TransactionCanceledException":
                raise  # cancelled: the tenant has no limit, so no counter

    # ------------------------------------------------------------------ audit

    def put_erasure(self, record: ErasureRecord) -> None:
        self.table.put_item(
            Item={
                "pk": f"ERASE#{key_part(record.tenant)}",
                "sk": record.job_id,
                "doc": record.model_dump_json(),
            }
        )

    def erasure(self, tenant: str, job_id: str) -> ErasureRecord | None:
        item = self.table.get_item(
            Key={"pk": f"ERASE#{key_part(tenant)}", "sk": job_id}, ConsistentRead=True
        ).get("Item")
        return ErasureRecord.model_validate_json(item["doc"]) if item else None

    # ------------------------------------------------------------------ helpers

    @staticmethod
    def _paged(operation: Any, params: dict[str, Any]) -> Iterator[dict[str, Any]]:
        params = dict(params)
        while True:
            response = operation(**params)
            yield from response["Items"]
            if "LastEvaluatedKey" not in response:
                return
            params["ExclusiveStartKey"] = response["LastEvaluatedKey"]
