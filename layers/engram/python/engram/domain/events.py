"""Change events (issue 30): what changed in a tenant's memories, documents and sessions, for webhooks
and the EventBridge bus. Both backends capture a change as a pair of stored images (SQLite: triggers
into an outbox; DynamoDB: its stream) and map the pair here, so the two send the same events. An
event names ids, scope and what changed (field names, states), never content.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import Field

from engram.domain.models import DomainModel, utcnow


class EventType(StrEnum):
    memory_created = "memory.created"
    memory_updated = "memory.updated"
    memory_superseded = "memory.superseded"
    memory_merged = "memory.merged"
    memory_deleted = "memory.deleted"
    memory_enriched = "memory.enriched"
    session_extracted = "session.extracted"
    document_done = "document.done"


class ChangeEvent(DomainModel):
    """One event as a receiver gets it (the tenant is the endpoint's, never in the body)."""

    id: str = Field(description="the event's id (a ULID): a receiver drops a second delivery of it")
    type: EventType
    occurred_at: datetime
    data: dict[str, Any] = Field(description="ids, scope and what changed; never content")


class WebhookEndpoint(DomainModel):
    """A tenant's webhook: where its events go, and which (empty: all). The secret is kept apart."""

    id: str
    tenant: str
    url: str
    events: list[EventType] = Field(default_factory=list)
    description: str | None = None
    created_at: datetime = Field(default_factory=utcnow)

    def wants(self, event_type: str) -> bool:
        return not self.events or event_type in self.events


# A memory's fields that are bookkeeping rather than what it says or how it ranks: a change to them
# alone is no event (enrichment's own transitions are memory.enriched).
_QUIET = frozenset({"updated_at", "enrichment", "hits", "retrieval_count", "last_retrieved_at", "content"})
_SCOPE = ("user_id", "project", "namespace")


def _scope(doc: Mapping[str, Any]) -> dict[str, Any]:
    return {name: doc.get(name) for name in _SCOPE}


def _enrichment_state(doc: Mapping[str, Any]) -> str | None:
    enrichment = doc.get("enrichment")
    return enrichment.get("state") if isinstance(enrichment, Mapping) else None


def memory_events(
    old: Mapping[str, Any] | None, new: Mapping[str, Any] | None
) -> list[tuple[EventType, dict[str, Any]]]:
    """The events of one change to a stored memory, from its images before and after (None: it did
    not exist / it is gone). Images are the memory's JSON fields; `content` is never read."""
    if new is None:
        if old is None or old.get("status") == "deleted":
            return []  # the purge of a tombstone: its deletion was the event
        return [(EventType.memory_deleted, _memory_data(old, old, purged=True))]
    if old is None:
        if new.get("status") == "deleted":
            return []
        return [(EventType.memory_created, _memory_data(new, None))]
    before, after = old.get("status"), new.get("status")
    if before != after:
        kind = {
            "deleted": EventType.memory_deleted,
            "merged": EventType.memory_merged,
            "superseded": EventType.memory_superseded,
        }.get(str(after))
        if kind is not None:
            return [(kind, _memory_data(new, old))]
    changed = _changed(old, new)
    state = _enrichment_state(new)
    if state in ("done", "shadow") and _enrichment_state(old) != state:
        return [(EventType.memory_enriched, _memory_data(new, old, changed=changed))]
    if changed:
        return [(EventType.memory_updated, _memory_data(new, old, changed=changed))]
    return []


def _changed(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    names = (set(old) | set(new)) - _QUIET
    changed = {name for name in names if old.get(name) != new.get(name)}
    if old.get("content_hash") != new.get("content_hash"):
        changed.add("content")
    changed.discard("content_hash")
    return sorted(changed)


def _memory_data(
    doc: Mapping[str, Any],
    old: Mapping[str, Any] | None,
    *,
    changed: list[str] | None = None,
    purged: bool = False,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "memory_id": doc.get("id"),
        **_scope(doc),
        "memory_type": doc.get("memory_type"),
        "status": doc.get("status") if not purged else "deleted",
        "enrichment_state": _enrichment_state(doc),
    }
    if old is not None and old.get("status") != data["status"]:
        data["previous_status"] = old.get("status")
    for link in ("superseded_by", "merged_into", "document_id"):
        if doc.get(link):
            data[link] = doc[link]
    if doc.get("status") == "superseded":
        data["valid_to"] = doc.get("valid_to")
    if changed is not None:
        data["changed"] = changed
    if purged:
        data["purged"] = True
    return data


def document_events(new: Mapping[str, Any]) -> list[tuple[EventType, dict[str, Any]]]:
    """document.done once a document's chunks are remembered (its image after the change)."""
    if new.get("state") != "done":
        return []
    data = {"document_id": new.get("id"), **_scope(new), "chunks": new.get("chunks", 0)}
    data["memory_ids"] = list(new.get("chunk_ids") or [])
    return [(EventType.document_done, data)]


def session_events(new: Mapping[str, Any]) -> list[tuple[EventType, dict[str, Any]]]:
    """session.extracted once an extraction job of a session is done (its record after the change,
    with the session's user_id and session_id)."""
    if new.get("state") != "done":
        return []
    data = {name: new.get(name) for name in ("session_id", "user_id", "job_id", "kind")}
    for count in ("facts_written", "facts_deduplicated", "facts_proposed", "facts_rejected"):
        data[count] = new.get(count, 0)
    data["through_seq"] = new.get("through_seq")
    return [(EventType.session_extracted, data)]


def change_events(
    kind: str, old: Mapping[str, Any] | None, new: Mapping[str, Any] | None
) -> list[tuple[EventType, dict[str, Any]]]:
    """The events of one captured change of a `memory`, `document` or `session` (job) image pair; a
    document or job already done before the change is no second event."""
    if kind == "memory":
        return memory_events(old, new)
    if new is None or (old is not None and old.get("state") == "done"):
        return []
    return document_events(new) if kind == "document" else session_events(new) if kind == "session" else []


# ---------------------------------------------------------------------- signatures


@dataclass(frozen=True)
class Sent:
    """What one try came to: the receiver's status (None: no answer) and, if it failed, why."""

    status: int | None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


SIGNATURE_HEADER = "Engram-Signature"
EVENT_ID_HEADER = "Engram-Event-Id"
EVENT_TYPE_HEADER = "Engram-Event-Type"
REPLAY_TOLERANCE_S = 300


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """HMAC-SHA256 (hex) over `<timestamp>.<body>` with the endpoint's secret."""
    return hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()


def signature_header(secret: str, timestamp: int, body: bytes) -> str:
    return f"t={timestamp},v1={signature(secret, timestamp, body)}"


def verify_signature(
    secret: str, header: str, body: bytes, now: float, tolerance_s: float = REPLAY_TOLERANCE_S
) -> bool:
    """A receiver's check: the header's v1 signature is this body's under `secret`, and its timestamp
    within `tolerance_s` of `now` (unix seconds), so a captured request cannot be replayed later."""
    parts: dict[str, list[str]] = {}
    for item in header.split(","):
        key, _, value = item.strip().partition("=")
        parts.setdefault(key, []).append(value)
    try:
        timestamp = int(parts["t"][0])
    except (KeyError, ValueError):
        return False
    if abs(now - timestamp) > tolerance_s:
        return False
    expected = signature(secret, timestamp, body)
    return any(hmac.compare_digest(expected, given) for given in parts.get("v1", []))


def retry_delay_s(
    attempts: int, base_s: float, cap_s: float, rand: Callable[[], float] = random.random
) -> float:
    """Exponential backoff with jitter before the next try of a delivery that failed `attempts` times:
    between half and all of min(cap, base * 2^(attempts-1)), so retries of many events spread out."""
    ceiling: float = min(cap_s, base_s * 2.0 ** max(attempts - 1, 0))
    return ceiling * (0.5 + rand() / 2)


def dumps_event(event: ChangeEvent) -> bytes:
    """The body a receiver gets (and the signature covers)."""
    return event.model_dump_json().encode()


def new_event(event_type: EventType, data: dict[str, Any], at: datetime, event_id: str) -> ChangeEvent:
    return ChangeEvent(id=event_id, type=event_type, occurred_at=at, data=data)
