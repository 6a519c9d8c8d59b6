"""The engram table's DynamoDB stream (NEW_AND_OLD_IMAGES) as change events: which items have them,
their images as the stored JSON docs, and an event id that a retried batch gives again.

Memories (MEM#, sk MEM), documents (DOC#, sk DOC) and session jobs (SES#, sk JOB#) have events;
dedup keys, history, graph, keys and webhooks have none.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from engram.adapters.dynamo.table import deserialize
from engram.domain.events import ChangeEvent, change_events, new_event
from engram.ids import encode


def _unescape(part: str) -> str:
    return part.replace("%23", "#").replace("%25", "%")  # engram.adapters.dynamo.items.key_part, undone


def _image(raw: Mapping[str, Any] | None) -> dict[str, Any] | None:
    return None if not raw else {name: deserialize(value) for name, value in raw.items()}


def _doc(item: Mapping[str, Any] | None) -> dict[str, Any] | None:
    return None if item is None or "doc" not in item else dict(json.loads(item["doc"]))


def event_id(stream_event_id: str, index: int, at: datetime) -> str:
    """A ULID for the `index`th event of a stream record: its time the record's, its 80 random bits a
    hash of the record's id, so a batch the Lambda retries sends the same ids (receivers drop them)."""
    digest = hashlib.blake2b(f"{stream_event_id}#{index}".encode(), digest_size=10).digest()
    return encode((int(at.timestamp() * 1000) << 80) | int.from_bytes(digest, "big"))


def record_events(record: Mapping[str, Any]) -> list[tuple[str, ChangeEvent]]:
    """(tenant, event) for each event of one stream record (a Lambda DynamoDB stream record)."""
    change = record["dynamodb"]
    keys = _image(change.get("Keys")) or {}
    pk, sk = str(keys.get("pk", "")), str(keys.get("sk", ""))
    old, new = _image(change.get("OldImage")), _image(change.get("NewImage"))
    old_doc, new_doc = _doc(old), _doc(new)
    if pk.startswith("MEM#") and sk == "MEM":
        kind, tenant = "memory", str((new or old or {}).get("tenant", ""))
    elif pk.startswith("DOC#") and sk == "DOC":
        kind, tenant = "document", str((new_doc or old_doc or {}).get("tenant", ""))
    elif pk.startswith("SES#") and sk.startswith("JOB#"):
        parts = [_unescape(p) for p in pk.split("#")[1:]]
        if len(parts) != 3:
            return []
        kind, tenant = "session", parts[0]
        for doc in (old_doc, new_doc):
            if doc is not None:
                doc.update(user_id=parts[1], session_id=parts[2])
    else:
        return []
    if not tenant:
        return []
    at = datetime.fromtimestamp(float(change.get("ApproximateCreationDateTime", 0)), UTC)
    occurred = datetime.fromisoformat(new_doc["updated_at"]) if new_doc and new_doc.get("updated_at") else at
    found = change_events(kind, old_doc, new_doc)
    return [
        (tenant, new_event(event_type, data, occurred, event_id(str(record.get("eventID", "")), i, at)))
        for i, (event_type, data) in enumerate(found)
    ]
