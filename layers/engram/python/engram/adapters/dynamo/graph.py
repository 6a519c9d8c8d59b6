"""GraphStore on the engram DynamoDB table: adjacency items beside the memories.

A mention (or a relation's source) and its counter move in one transaction conditional on the
back-reference not existing, so linking a memory twice changes nothing twice, and unlinking reads
the memory's back-references to undo exactly what it linked.
"""
# Items (user-supplied key parts escaped as in engram.adapters.dynamo.store):
#
#   entity          pk=G#{tenant}#{user_id}#{project}  sk=E#{entity id}   name, canonical, type, mentions
#   mention         pk=G#…                              sk=M#{entity id}#{memory id}
#   relation        pk=G#…                              sk=R#{relation id}   subject_id, predicate, object_id,
#                                                                            confidence, mentions, memory_ids
#   adjacency       pk=G#…                              sk=A#{entity id}#{relation id}   (both ends)
#   back-reference  pk=GM#{tenant}#{memory id}          sk=M#{entity id} | R#{relation id}   g=the graph pk

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from botocore.exceptions import ClientError

from engram.adapters.cursor import decode_cursor, encode_cursor
from engram.adapters.dynamo.errors import error_code, written
from engram.adapters.dynamo.items import graph_back_pk as _back_pk
from engram.adapters.dynamo.items import graph_pk as _graph_pk
from engram.domain.graph import (
    Entity,
    EntityType,
    GraphScope,
    Mention,
    Relation,
    Triple,
    canonical,
    entity_id,
    relation_id,
)
from engram.ports import EntityPage

_BATCH_GET = 100


class DynamoGraphStore:
    def __init__(self, table: Any) -> None:
        self.table = table
        self.client = table.meta.client
        self.name = table.name

    # ------------------------------------------------------------------ writes

    def link(
        self,
        scope: GraphScope,
        memory_id: str,
        mentions: Sequence[Mention],
        triples: Sequence[Triple],
        at: datetime,
    ) -> None:
        pk, now = _graph_pk(scope), at.isoformat()
        for mention in mentions:
            eid = self._entity(scope, mention.name, mention.type, now)
            if eid is None:
                continue
            self._once(
                memory_id,
                scope,
                f"M#{eid}",
                [
                    {"Put": {"TableName": self.name, "Item": {"pk": pk, "sk": f"M#{eid}#{memory_id}"}}},
                    self._add(pk, f"E#{eid}", "mentions", 1, now),
                ],
            )
        for triple in triples:
            subject = self._entity(scope, triple.subject, triple.subject_type, now)
            obj = self._entity(scope, triple.object, triple.object_type, now)
            if subject is None or obj is None or subject == obj:
                continue
            rid = relation_id(scope, subject, triple.predicate, obj)
            self.table.update_item(
                Key={"pk": pk, "sk": f"R#{rid}"},
                UpdateExpression=(
                    "SET subject_id = :s, predicate = :p, object_id = :o,"
                    " confidence = if_not_exists(confidence, :c),"
                    " mentions = if_not_exists(mentions, :zero), updated_at = :now"
                ),
                ExpressionAttributeValues={
                    ":s": subject,
                    ":p": triple.predicate,
                    ":o": obj,
                    ":c": str(triple.confidence),
                    ":zero": 0,
                    ":now": now,
                },
            )
            for end in (subject, obj):
                self.table.put_item(Item={"pk": pk, "sk": f"A#{end}#{rid}", "relation_id": rid})
            self._once(
                memory_id,
                scope,
                f"R#{rid}",
                [
                    {
                        "Update": {
                            "TableName": self.name,
                            "Key": {"pk": pk, "sk": f"R#{rid}"},
                            "UpdateExpression": "ADD mentions :one, memory_ids :m SET updated_at = :now",
                            "ExpressionAttributeValues": {":one": 1, ":m": {memory_id}, ":now": now},
                        }
                    }
                ],
            )

    def _entity(self, scope: GraphScope, name: str, kind: EntityType, now: str) -> str | None:
        key = canonical(name)
        if key is None:
            return None
        eid = entity_id(scope, key)
        self.table.update_item(
            Key={"pk": _graph_pk(scope), "sk": f"E#{eid}"},
            UpdateExpression=(
                "SET #name = if_not_exists(#name, :name), canonical = :canonical,"
                " created_at = if_not_exists(created_at, :now), updated_at = :now,"
                " mentions = if_not_exists(mentions, :zero), #type = if_not_exists(#type, :type)"
            ),
            ExpressionAttributeNames={"#name": "name", "#type": "type"},
            ExpressionAttributeValues={
                ":name": name.strip(),
                ":canonical": key,
                ":now": now,
                ":zero": 0,
                ":type": kind.value,
            },
        )
        if kind is not EntityType.thing:  # a typed mention refines an untyped one
            written(
                self.table.update_item,
                Key={"pk": _graph_pk(scope), "sk": f"E#{eid}"},
                UpdateExpression="SET #type = :type",
                ConditionExpression="#type = :thing",
                ExpressionAttributeNames={"#type": "type"},
                ExpressionAttributeValues={":type": kind.value, ":thing": EntityType.thing.value},
            )
        return eid

    def _add(self, pk: str, sk: str, counter: str, n: int, now: str) -> dict[str, Any]:
        return {
            "Update": {
                "TableName": self.name,
                "Key": {"pk": pk, "sk": sk},
                "UpdateExpression": f"ADD {counter} :n SET updated_at = :now",
                "ExpressionAttributeValues": {":n": n, ":now": now},
            }
        }

    def _once(self, memory_id: str, scope: GraphScope, back_sk: str, items: list[dict[str, Any]]) -> None:
        """Apply `items` together with the back-reference, unless the back-reference exists."""
        back = {
            "Put": {
                "TableName": self.name,
                "Item": {"pk": _back_pk(scope.tenant, memory_id), "sk": back_sk, "g": _graph_pk(scope)},
                "ConditionExpression": "attribute_not_exists(pk)",
            }
        }
        try:
            self.client.transact_write_items(TransactItems=[back, *items])
        except ClientError as exc:
            if error_code(exc) != "TransactionCanceledException":
                raise
            reasons = [r.get("Code") for r in exc.response.get("CancellationReasons", [])]
            if not reasons or reasons[0] != "ConditionalCheckFailed":
                raise  # not "already linked": a real failure

    def unlink(self, scope: GraphScope, memory_id: str) -> None:
        back_pk = _back_pk(scope.tenant, memory_id)
        items = self.table.query(
            KeyConditionExpression="pk = :pk", ExpressionAttributeValues={":pk": back_pk}, ConsistentRead=True
        )["Items"]
        now = datetime.now().astimezone().isoformat()
        for item in items:
            pk, sk = item["g"], item["sk"]
            undo: list[dict[str, Any]] = [
                {
                    "Delete": {
                        "TableName": self.name,
                        "Key": {"pk": back_pk, "sk": sk},
                        "ConditionExpression": "attribute_exists(pk)",
                    }
                }
            ]
            if sk.startswith("M#"):
                eid = sk.removeprefix("M#")
                undo += [
                    {"Delete": {"TableName": self.name, "Key": {"pk": pk, "sk": f"M#{eid}#{memory_id}"}}},
                    self._add(pk, f"E#{eid}", "mentions", -1, now),
                ]
            else:
                undo.append(
                    {
                        "Update": {
                            "TableName": self.name,
                            "Key": {"pk": pk, "sk": sk},
                            "UpdateExpression": "ADD mentions :minus DELETE memory_ids :m",
                            "ExpressionAttributeValues": {":minus": -1, ":m": {memory_id}},
                        }
                    }
                )
            try:
                self.client.transact_write_items(TransactItems=undo)
            except ClientError as exc:
                if error_code(exc) != "TransactionCanceledException":
                    raise  # cancelled: another unlink undid it first

    # ------------------------------------------------------------------ reads

    def _get_many(self, pk: str, sks: Sequence[str]) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        wanted = list(dict.fromkeys(sks))
        for start in range(0, len(wanted), _BATCH_GET):
            request = {
                self.name: {"Keys": [{"pk": pk, "sk": sk} for sk in wanted[start : start + _BATCH_GET]]}
            }
            while request:
                response = self.client.batch_get_item(RequestItems=request)
                found += response.get("Responses", {}).get(self.name, [])
                request = response.get("UnprocessedKeys") or {}
        return found

    def entities_by_id(self, scope: GraphScope, entity_ids: Sequence[str]) -> list[Entity]:
        if not entity_ids:
            return []
        items = self._get_many(_graph_pk(scope), [f"E#{e}" for e in entity_ids])
        return [_entity(scope, item) for item in items]

    def relations(self, scope: GraphScope, entity_ids: Sequence[str]) -> list[Relation]:
        pk = _graph_pk(scope)
        relation_ids: list[str] = []
        for eid in dict.fromkeys(entity_ids):
            relation_ids += [item["relation_id"] for item in self._query(pk, f"A#{eid}#")]
        items = self._get_many(pk, [f"R#{r}" for r in relation_ids])
        return [_relation(scope, item) for item in items if int(item.get("mentions", 0)) > 0]

    def memories_of(self, scope: GraphScope, entity_ids: Sequence[str], limit: int) -> dict[str, list[str]]:
        pk = _graph_pk(scope)
        out: dict[str, list[str]] = {}
        for eid in entity_ids:
            prefix = f"M#{eid}#"
            out[eid] = [
                item["sk"].removeprefix(prefix) for item in self._query(pk, prefix, limit, newest_first=True)
            ]
        return out

    def entity_page(self, scope: GraphScope, limit: int, cursor: str | None = None) -> EntityPage:
        params: dict[str, Any] = {
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": {":pk": _graph_pk(scope), ":prefix": "E#"},
            "Limit": limit,
        }
        if cursor:
            after = decode_cursor(cursor, ("after",))["after"]
            params["ExclusiveStartKey"] = {"pk": _graph_pk(scope), "sk": f"E#{after}"}
        response = self.table.query(**params)
        items = [_entity(scope, item) for item in response["Items"]]
        more = "LastEvaluatedKey" in response and items
        return EntityPage(items, encode_cursor({"after": items[-1].id}) if more else None)

    def _query(
        self, pk: str, prefix: str, limit: int | None = None, newest_first: bool = False
    ) -> list[dict[str, Any]]:
        params: dict[str, Any] = {
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": {":pk": pk, ":prefix": prefix},
            "ScanIndexForward": not newest_first,
        }
        items: list[dict[str, Any]] = []
        while True:
            if limit is not None:
                params["Limit"] = limit - len(items)
            response = self.table.query(**params)
            items += response["Items"]
            if "LastEvaluatedKey" not in response or (limit is not None and len(items) >= limit):
                return items
            params["ExclusiveStartKey"] = response["LastEvaluatedKey"]


def _entity(scope: GraphScope, item: dict[str, Any]) -> Entity:
    return Entity(
        id=item["sk"].removeprefix("E#"),
        tenant=scope.tenant,
        user_id=scope.user_id,
        project=scope.project,
        name=item["name"],
        canonical=item["canonical"],
        type=EntityType(item.get("type", EntityType.thing.value)),
        mentions=max(0, int(item.get("mentions", 0))),
        created_at=item["created_at"],
        updated_at=item["updated_at"],
    )


def _relation(scope: GraphScope, item: dict[str, Any]) -> Relation:
    return Relation(
        id=item["sk"].removeprefix("R#"),
        tenant=scope.tenant,
        user_id=scope.user_id,
        project=scope.project,
        subject_id=item["subject_id"],
        predicate=item["predicate"],
        object_id=item["object_id"],
        confidence=float(item["confidence"]),
        mentions=int(item.get("mentions", 0)),
        memory_ids=sorted(item.get("memory_ids", set())),
        updated_at=item["updated_at"],
    )
