"""TranscriptStore on the engram DynamoDB table: one item per message, beside the memories.

Sequence numbers are reserved by an atomic ADD on the session item, so concurrent appends never share
one. A transcript cap (QUOTA#{tenant}/TRANSCRIPTS) is checked before writing and moved conditionally
in each message transaction, so concurrent appends cannot pass it together.
"""
# Items (user-supplied key parts escaped as in engram.adapters.dynamo.store):
#
# session       pk=SES#{tenant}#{user_id}#{session_id}  sk=SESSION   doc (project, namespace, agent, created);
#                                                                     last_seq, queued_through,
#                                                                     message_count, chars, updated_at
# message       pk=SES#…  sk=MSG#{seq, 12 digits}   doc                the transcript, in append order
# message key   pk=SES#…  sk=KEY#{message key}      seq, id            written in one transaction with
#                                                                     its message, conditional on not
#                                                                     existing: a message is stored once
# message id    pk=SES#…  sk=MID#{message id}       seq                the same transaction: a message by
#                                                                     its id (a derived memory's source)
# job           pk=SES#…  sk=JOB#{job id}           doc
# fact          pk=SES#…  sk=FACT#{fact key}        doc, memory_id
# checkpoint    pk=SES#…  sk=CKPT#{checkpoint id}   doc                with or without a session item
# back-ref      pk=SESMEM#{tenant}#{memory id}      sk={user_id}#{session_id}   the sessions a memory
#                                                                               came from
#
# A message lost to a race leaves a gap, nothing else. When concurrent appends meet the cap, one stops
# part way: the messages of its earlier transactions, at most 33 each, stay. Deleting a session takes
# its bytes off.

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from botocore.exceptions import ClientError

from engram.adapters.cursor import decode_cursor, encode_cursor
from engram.adapters.dynamo.errors import cancellation_codes, condition_failed, error_code, written
from engram.adapters.dynamo.items import key_part, session_list_key, session_pk
from engram.adapters.dynamo.items import message_id_sk as _mid_sk
from engram.adapters.dynamo.items import message_sk as _msg_sk
from engram.adapters.dynamo.items import session_back_pk as _back_pk
from engram.adapters.dynamo.quota import count_transcript_bytes, transcript_quota_key
from engram.adapters.timestamps import iso
from engram.domain.checkpoints import Checkpoint
from engram.domain.errors import Conflict, QuotaExceeded
from engram.domain.quotas import TranscriptQuota, transcript_bytes, transcript_cap_message
from engram.domain.sessions import (
    Appended,
    ExtractionRecord,
    FactRecord,
    Message,
    NewMessage,
    SessionInfo,
    SessionRef,
)
from engram.ids import new_id
from engram.ports import MessagePage

_SESSION = "SESSION"
_COUNTERS = ("last_seq", "queued_through", "message_count", "chars")
_TRANSACTION_MESSAGES = 33  # three items each; TransactWriteItems takes 100
_BATCH_GET = 100


def _pk(ref: SessionRef) -> str:
    return session_pk(ref.tenant, ref.user_id, ref.session_id)


def _session_of(item: dict[str, Any]) -> SessionInfo:
    data = json.loads(item["doc"])
    data.update({name: int(item.get(name, 0)) for name in _COUNTERS})
    data["updated_at"] = item.get("updated_at", data["created_at"])
    return SessionInfo.model_validate(data)


class DynamoTranscriptStore:
    def __init__(self, table: Any) -> None:
        self.table = table
        self.client = table.meta.client
        self.name = table.name

    # ------------------------------------------------------------------ transcript

    def append(self, session: SessionInfo, messages: Sequence[NewMessage], at: datetime) -> Appended:
        ref = session.ref
        pk = _pk(ref)
        known = self._known(pk, [m.message_key for m in messages])
        duplicates = [known[m.message_key] for m in messages if m.message_key in known]
        fresh: list[NewMessage] = []
        repeated: list[NewMessage] = []  # a key sent twice in this call: stored once
        for message in messages:
            if message.message_key in known:
                continue
            (repeated if message.message_key in {f.message_key for f in fresh} else fresh).append(message)
        quota = self.transcript_quota(ref.tenant) if fresh else None
        if quota is not None:  # refused before anything is written, the session item included
            self._within_cap(quota, sum(transcript_bytes(m.content) for m in fresh))
        self._open(session, at)
        stored: list[Message] = []
        if fresh:
            last = int(
                self.table.update_item(
                    Key={"pk": pk, "sk": _SESSION},
                    UpdateExpression="ADD last_seq :n",
                    ExpressionAttributeValues={":n": len(fresh)},
                    ReturnValues="UPDATED_NEW",
                )["Attributes"]["last_seq"]
            )
            numbered = [
                Message(
                    **message.model_dump(),
                    id=new_id(at),
                    seq=last - len(fresh) + 1 + i,
                    received_at=at,
                )
                for i, message in enumerate(fresh)
            ]
            for start in range(0, len(numbered), _TRANSACTION_MESSAGES):
                chunk = numbered[start : start + _TRANSACTION_MESSAGES]
                written, raced = self._write(pk, chunk, ref.tenant if quota is not None else None)
                stored.extend(written)
                duplicates.extend(raced)
        by_key = {m.message_key: m for m in stored}
        duplicates.extend(by_key[m.message_key] for m in repeated if m.message_key in by_key)
        update = "SET updated_at = :now"
        values: dict[str, Any] = {":now": iso(at)}
        if stored:
            update += " ADD message_count :n, chars :c"
            values |= {":n": len(stored), ":c": sum(len(m.content) for m in stored)}
        item = self.table.update_item(
            Key={"pk": pk, "sk": _SESSION},
            UpdateExpression=update,
            ExpressionAttributeValues=values,
            ReturnValues="ALL_NEW",
        )["Attributes"]
        return Appended(_session_of(item), stored, duplicates)

    def _open(self, session: SessionInfo, at: datetime) -> None:
        """Create the session item on first use; refuse a session of another project or namespace."""
        doc = session.model_dump_json(include={"tenant", "user_id", "session_id", "project", "namespace",
                                               "agent_id", "created_at"})  # fmt: skip
        listed = session_list_key(session.tenant, session.user_id, _pk(session.ref))
        try:
            self.table.update_item(
                Key={"pk": _pk(session.ref), "sk": _SESSION},
                UpdateExpression=(
                    "SET doc = if_not_exists(doc, :doc), #p = if_not_exists(#p, :p),"
                    " #ns = if_not_exists(#ns, :n), updated_at = if_not_exists(updated_at, :now),"
                    " gsi1pk = :lpk, gsi1sk = :lsk"  # the user's session list (dynamo_items)
                ),
                ConditionExpression="attribute_not_exists(pk) OR (#p = :p AND #ns = :n)",
                ExpressionAttributeNames={"#p": "project", "#ns": "namespace"},
                ExpressionAttributeValues={
                    ":doc": doc,
                    ":p": session.project,
                    ":n": session.namespace,
                    ":now": iso(at),
                    ":lpk": listed["gsi1pk"],
                    ":lsk": listed["gsi1sk"],
                },
            )
        except ClientError as exc:
            if not condition_failed(exc):
                raise
            current = self.session(session.ref)
            where = (
                f"project {current.project!r}, namespace {current.namespace!r}" if current else "elsewhere"
            )
            raise Conflict(f"session {session.session_id} belongs to {where}") from exc

    def _known(self, pk: str, keys: Sequence[str]) -> dict[str, Message]:
        """The stored messages among `keys`, by key."""
        wanted = list(dict.fromkeys(keys))
        seqs: dict[str, int] = {}
        for item in self._batch_get([{"pk": pk, "sk": f"KEY#{key}"} for key in wanted]):
            seqs[item["sk"].removeprefix("KEY#")] = int(item["seq"])
        by_seq = {
            int(item["sk"].removeprefix("MSG#")): Message.model_validate_json(item["doc"])
            for item in self._batch_get([{"pk": pk, "sk": _msg_sk(seq)} for seq in set(seqs.values())])
        }
        return {key: by_seq[seq] for key, seq in seqs.items() if seq in by_seq}

    @staticmethod
    def _within_cap(quota: TranscriptQuota, adding: int) -> None:
        if quota.used + adding > quota.max_bytes:
            message = transcript_cap_message(quota.max_bytes, quota.used, adding)
            raise QuotaExceeded(message, limit=quota.max_bytes)

    def _write(
        self, pk: str, messages: list[Message], capped: str | None = None
    ) -> tuple[list[Message], list[Message]]:
        """Write messages with their keys in one transaction; a key another append wrote meanwhile
        drops its message (a duplicate) and the rest are written again. For a `capped` tenant the
        transaction also adds the messages' bytes to its transcript counter, within its cap."""
        pending = list(messages)
        raced: list[Message] = []
        while pending:
            quota = self.transcript_quota(capped) if capped is not None else None
            adding = sum(transcript_bytes(m.content) for m in pending)
            if quota is not None:
                self._within_cap(quota, adding)
            items = []
            for message in pending:
                items.append(
                    {
                        "Put": {
                            "TableName": self.name,
                            "Item": {"pk": pk, "sk": f"KEY#{message.message_key}", "seq": message.seq,
                                     "id": message.id},
                            "ConditionExpression": "attribute_not_exists(pk)",
                        }
                    }
                )  # fmt: skip
                items.append(
                    {
                        "Put": {
                            "TableName": self.name,
                            "Item": {"pk": pk, "sk": _msg_sk(message.seq), "doc": message.model_dump_json()},
                        }
                    }
                )
                items.append(
                    {"Put": {"TableName": self.name, "Item": {"pk": pk, "sk": _mid_sk(message.id),
                                                              "seq": message.seq}}}
                )  # fmt: skip
            if quota is not None and capped is not None:
                items.append(count_transcript_bytes(self.name, capped, adding, quota.max_bytes))
            try:
                self.client.transact_write_items(TransactItems=items)
                return pending, raced
            except ClientError as exc:
                codes = cancellation_codes(exc)
                if error_code(exc) != "TransactionCanceledException" or "ConditionalCheckFailed" not in codes:
                    raise
                if quota is not None and codes[len(pending) * 3 :] == ["ConditionalCheckFailed"]:
                    continue  # the counter moved (or the cap changed): read it again, and check again
                lost = {i // 3 for i, code in enumerate(codes) if code == "ConditionalCheckFailed"}
                known = self._known(pk, [pending[i].message_key for i in lost])
                raced.extend(known.values())
                pending = [m for i, m in enumerate(pending) if i not in lost]
        return [], raced

    def session(self, ref: SessionRef) -> SessionInfo | None:
        item = self.table.get_item(Key={"pk": _pk(ref), "sk": _SESSION}, ConsistentRead=True).get("Item")
        return _session_of(item) if item and "doc" in item else None

    def messages(self, ref: SessionRef, limit: int, cursor: str | None = None) -> MessagePage:
        after = int(decode_cursor(cursor, ("seq",), {"seq": int})["seq"]) if cursor else 0
        items = self._query(_pk(ref), between=(_msg_sk(after + 1), "MSG#~"), limit=limit + 1)
        page = [Message.model_validate_json(i["doc"]) for i in items[:limit]]
        more = len(items) > limit
        return MessagePage(page, encode_cursor({"seq": page[-1].seq}) if more and page else None)

    def window(self, ref: SessionRef, from_seq: int, through_seq: int, context: int) -> list[Message]:
        pk = _pk(ref)
        earlier = (
            self._query(pk, between=(_msg_sk(0), _msg_sk(from_seq - 1)), limit=context, forward=False)
            if context > 0 and from_seq > 1
            else []
        )
        new = self._query(pk, between=(_msg_sk(from_seq), _msg_sk(through_seq)))
        return [Message.model_validate_json(i["doc"]) for i in [*reversed(earlier), *new]]

    def messages_by_id(self, ref: SessionRef, ids: Sequence[str]) -> list[Message]:
        pk = _pk(ref)
        wanted = list(dict.fromkeys(ids))
        seqs = {int(i["seq"]) for i in self._batch_get([{"pk": pk, "sk": _mid_sk(m)} for m in wanted])}
        found = [
            Message.model_validate_json(i["doc"])
            for i in self._batch_get([{"pk": pk, "sk": _msg_sk(seq)} for seq in sorted(seqs)])
        ]
        return sorted(found, key=lambda m: m.seq)

    def pop_last(self, ref: SessionRef, at: datetime) -> Message | None:
        """One transaction deletes the message, its key and id items and moves the session's counters,
        conditional on the message still being there: of two racing pops each takes its own message."""
        pk = _pk(ref)
        while True:
            if self.session(ref) is None:
                return None
            last = self._query(pk, between=(_msg_sk(0), "MSG#~"), limit=1, forward=False)
            if not last:
                return None
            message = Message.model_validate_json(last[0]["doc"])
            exists = "attribute_exists(pk)"
            deletes = [
                {"pk": pk, "sk": _msg_sk(message.seq)},
                {"pk": pk, "sk": f"KEY#{message.message_key}"},
                {"pk": pk, "sk": _mid_sk(message.id)},
            ]
            items: list[dict[str, Any]] = [
                {"Delete": {"TableName": self.name, "Key": deletes[0], "ConditionExpression": exists}},
                *({"Delete": {"TableName": self.name, "Key": key}} for key in deletes[1:]),
                {
                    "Update": {
                        "TableName": self.name,
                        "Key": {"pk": pk, "sk": _SESSION},
                        "UpdateExpression": "SET updated_at = :now ADD message_count :n, chars :c",
                        "ConditionExpression": exists,
                        "ExpressionAttributeValues": {":now": iso(at), ":n": -1, ":c": -len(message.content)},
                    }
                },
            ]
            try:
                self.client.transact_write_items(TransactItems=items)
            except ClientError as exc:
                if error_code(exc) != "TransactionCanceledException":
                    raise
                continue  # another pop (or a delete) came first: look again
            self.uncount(ref.tenant, transcript_bytes(message.content))
            return message

    # ------------------------------------------------------------------ jobs

    def mark_queued(self, ref: SessionRef, through_seq: int, job: ExtractionRecord) -> None:
        pk = _pk(ref)
        written(  # the worker may have picked the job up already: its record wins
            self.table.put_item,
            Item={"pk": pk, "sk": f"JOB#{job.job_id}", "doc": job.model_dump_json()},
            ConditionExpression="attribute_not_exists(pk)",
        )
        written(
            self.table.update_item,
            Key={"pk": pk, "sk": _SESSION},
            UpdateExpression="SET queued_through = :t",
            ConditionExpression="attribute_exists(pk) AND"
            " (attribute_not_exists(queued_through) OR queued_through < :t)",
            ExpressionAttributeValues={":t": through_seq},
        )

    def job(self, ref: SessionRef, job_id: str) -> ExtractionRecord | None:
        item = self.table.get_item(Key={"pk": _pk(ref), "sk": f"JOB#{job_id}"}, ConsistentRead=True).get(
            "Item"
        )
        return ExtractionRecord.model_validate_json(item["doc"]) if item else None

    def put_job(self, ref: SessionRef, job: ExtractionRecord) -> None:
        self.table.put_item(Item={"pk": _pk(ref), "sk": f"JOB#{job.job_id}", "doc": job.model_dump_json()})

    def jobs(self, ref: SessionRef, limit: int) -> list[ExtractionRecord]:
        items = self._query(_pk(ref), prefix="JOB#", limit=limit, forward=False)
        return [ExtractionRecord.model_validate_json(i["doc"]) for i in items]

    # ------------------------------------------------------------------ facts

    def fact(self, ref: SessionRef, fact_key: str) -> FactRecord | None:
        item = self.table.get_item(Key={"pk": _pk(ref), "sk": f"FACT#{fact_key}"}, ConsistentRead=True).get(
            "Item"
        )
        return FactRecord.model_validate_json(item["doc"]) if item else None

    def put_fact(self, ref: SessionRef, fact: FactRecord) -> None:
        if fact.memory_id:  # the back-reference first: a memory never points at nothing
            self.table.put_item(
                Item={
                    "pk": _back_pk(ref.tenant, fact.memory_id),
                    "sk": f"{key_part(ref.user_id)}#{key_part(ref.session_id)}",
                    "user_id": ref.user_id,
                    "session_id": ref.session_id,
                }
            )
        item: dict[str, Any] = {"pk": _pk(ref), "sk": f"FACT#{fact.fact_key}", "doc": fact.model_dump_json()}
        if fact.memory_id:
            item["memory_id"] = fact.memory_id
        self.table.put_item(Item=item)

    def facts(self, ref: SessionRef) -> list[FactRecord]:
        items = self._query(_pk(ref), prefix="FACT#")
        return sorted(
            (FactRecord.model_validate_json(i["doc"]) for i in items), key=lambda f: (f.at, f.fact_key)
        )

    def sessions_of(self, tenant: str, memory_id: str) -> list[SessionRef]:
        items = self._query(_back_pk(tenant, memory_id))
        return [SessionRef(tenant, i["user_id"], i["session_id"]) for i in items]

    # ------------------------------------------------------------------ checkpoints

    def put_checkpoint(self, ref: SessionRef, checkpoint: Checkpoint) -> None:
        self.table.put_item(
            Item={"pk": _pk(ref), "sk": f"CKPT#{checkpoint.id}", "doc": checkpoint.model_dump_json()}
        )

    def checkpoints(self, ref: SessionRef, limit: int) -> list[Checkpoint]:
        items = self._query(_pk(ref), prefix="CKPT#", limit=limit, forward=False)
        return [Checkpoint.model_validate_json(i["doc"]) for i in items]

    def delete_checkpoints(self, ref: SessionRef, ids: Sequence[str]) -> None:
        with self.table.batch_writer() as batch:
            for checkpoint_id in dict.fromkeys(ids):
                batch.delete_item(Key={"pk": _pk(ref), "sk": f"CKPT#{checkpoint_id}"})

    # ------------------------------------------------------------------ delete

    def delete(self, ref: SessionRef) -> int:
        pk = _pk(ref)
        items = self._query(pk)
        messages = sum(1 for i in items if i["sk"].startswith("MSG#"))
        freed = sum(
            transcript_bytes(json.loads(i["doc"])["content"]) for i in items if i["sk"].startswith("MSG#")
        )
        back = [
            {
                "pk": _back_pk(ref.tenant, i["memory_id"]),
                "sk": f"{key_part(ref.user_id)}#{key_part(ref.session_id)}",
            }
            for i in items
            if i["sk"].startswith("FACT#") and i.get("memory_id")
        ]
        # The session item goes last: until then the session still answers, and a retry finishes.
        keys = [*back, *({"pk": pk, "sk": i["sk"]} for i in items if i["sk"] != _SESSION)]
        with self.table.batch_writer() as batch:
            for key in keys:
                batch.delete_item(Key=key)
        self.table.delete_item(Key={"pk": pk, "sk": _SESSION})
        if freed:
            self.uncount(ref.tenant, freed)
        return messages

    # ------------------------------------------------------------------ quota

    def set_transcript_cap(self, tenant: str, max_bytes: int | None) -> TranscriptQuota | None:
        """Cap the tenant's transcripts at `max_bytes` bytes of message content (None lifts the cap).
        The counter starts at what its transcripts hold now (one scan of the table's session items;
        appends racing it are missed)."""
        if max_bytes is None:
            self.table.delete_item(Key=transcript_quota_key(tenant))
            return None
        used = 0
        scan: dict[str, Any] = {
            "FilterExpression": "begins_with(pk, :p) AND begins_with(sk, :m)",
            "ExpressionAttributeValues": {":p": f"SES#{key_part(tenant)}#", ":m": "MSG#"},
            "ProjectionExpression": "#doc",
            "ExpressionAttributeNames": {"#doc": "doc"},
            "ConsistentRead": True,
        }
        while True:
            page = self.table.scan(**scan)
            used += sum(transcript_bytes(json.loads(i["doc"])["content"]) for i in page.get("Items", []))
            if not page.get("LastEvaluatedKey"):
                break
            scan["ExclusiveStartKey"] = page["LastEvaluatedKey"]
        self.table.put_item(Item={**transcript_quota_key(tenant), "max_bytes": max_bytes, "used": used})
        return TranscriptQuota(max_bytes=max_bytes, used=used)

    def transcript_quota(self, tenant: str) -> TranscriptQuota | None:
        item = self.table.get_item(Key=transcript_quota_key(tenant), ConsistentRead=True).get("Item")
        if item is None:
            return None
        return TranscriptQuota(max_bytes=int(item["max_bytes"]), used=int(item["used"]))

    def uncount(self, tenant: str, freed: int) -> None:
        """Take `freed` bytes of deleted messages off the tenant's transcript counter, if it has a cap."""
        written(
            self.table.update_item,
            Key=transcript_quota_key(tenant),
            UpdateExpression="ADD used :delta",
            ConditionExpression="attribute_exists(pk)",
            ExpressionAttributeValues={":delta": -freed},
        )

    # ------------------------------------------------------------------ reads

    def _query(
        self,
        pk: str,
        *,
        between: tuple[str, str] | None = None,
        prefix: str | None = None,
        limit: int | None = None,
        forward: bool = True,
    ) -> list[dict[str, Any]]:
        """The items of partition `pk`, those with a sort key `between` two (inclusive) or starting with
        `prefix` when given, in sort key order (`forward`) or its reverse, `limit` of them at most."""
        condition, values = "pk = :pk", {":pk": pk}
        if between is not None:
            condition += " AND sk BETWEEN :low AND :high"
            values.update({":low": between[0], ":high": between[1]})
        elif prefix is not None:
            condition += " AND begins_with(sk, :prefix)"
            values[":prefix"] = prefix
        items: list[dict[str, Any]] = []
        kwargs: dict[str, Any] = {"KeyConditionExpression": condition, "ExpressionAttributeValues": values,
                                  "ScanIndexForward": forward, "ConsistentRead": True}  # fmt: skip
        while True:
            if limit is not None:
                kwargs["Limit"] = limit - len(items)
            page = self.table.query(**kwargs)
            items.extend(page.get("Items", []))
            start = page.get("LastEvaluatedKey")
            if not start or (limit is not None and len(items) >= limit):
                return items
            kwargs["ExclusiveStartKey"] = start

    def _batch_get(self, keys: list[dict[str, str]]) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        for start in range(0, len(keys), _BATCH_GET):
            request: dict[str, Any] = {
                self.name: {"Keys": keys[start : start + _BATCH_GET], "ConsistentRead": True}
            }
            while request:
                response = self.client.batch_get_item(RequestItems=request)
                found.extend(response.get("Responses", {}).get(self.name, []))
                request = response.get("UnprocessedKeys") or {}
        return found
