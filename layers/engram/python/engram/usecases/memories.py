"""Reading, changing and forgetting memories, always within the caller's tenant."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engram.domain import gate, pii
from engram.domain.errors import InvalidRequest, MemoryNotFound
from engram.domain.models import (
    Enrichment,
    HistoryEvent,
    HistoryRecord,
    Memory,
    Status,
    Temporal,
    TemporalKind,
)
from engram.domain.text import clean, content_hash
from engram.ids import new_id
from engram.observability import count
from engram.ports import Clock, EnrichJob, JobQueue, ListQuery, MemoryStore, Page, SystemClock, VectorIndex
from engram.usecases.graph import LinkMemory
from engram.usecases.remember import check_related


def history_record(memory: Memory, event: HistoryEvent, at: datetime, **detail: Any) -> HistoryRecord:
    return HistoryRecord(
        id=new_id(at),
        tenant=memory.tenant,
        memory_id=memory.id,
        event=event,
        at=at,
        detail=detail,
    )


def get_memory(store: MemoryStore, tenant: str, memory_id: str) -> Memory:
    memory = store.get(tenant, memory_id)
    if memory is None or memory.status == Status.deleted:
        raise MemoryNotFound(f"no memory with id {memory_id}")
    return memory


@dataclass(frozen=True)
class MemoryReads:
    """A tenant's memories as the API and the MCP server read them: a page, one, one's history."""

    store: MemoryStore

    def page(self, query: ListQuery) -> Page:
        return self.store.list(query)

    def get(self, tenant: str, memory_id: str) -> Memory:
        return get_memory(self.store, tenant, memory_id)

    def history(self, tenant: str, memory_id: str) -> list[HistoryRecord]:
        """A forgotten memory's history is forgotten with it: once deleted, its trail answers 404 like
        the memory does (the janitor's retention job purges both; the audit stays for operators)."""
        get_memory(self.store, tenant, memory_id)
        return self.store.history(tenant, memory_id)


@dataclass
class Forget:
    store: MemoryStore
    index: VectorIndex | None = None
    clock: Clock = field(default_factory=SystemClock)
    link: LinkMemory | None = None

    def __call__(self, tenant: str, memory_id: str) -> Memory:
        memory = self.store.delete(tenant, memory_id)
        if memory is None:
            raise MemoryNotFound(f"no memory with id {memory_id}")
        if self.index is not None:
            self.index.delete(tenant, [memory_id])
        if self.link is not None:
            self.link.forget(memory)  # a forgotten memory links nothing in the graph
        self.store.add_history([history_record(memory, HistoryEvent.deleted, self.clock.now(), actor="api")])
        count("MemoryDeleted")
        return memory


_PATCHABLE = ("memory_type", "provenance", "confidence", "importance", "metadata")


@dataclass
class Update:
    """PATCH: change fields; new content is re-gated, re-screened, re-hashed and re-enriched."""

    store: MemoryStore
    queue: JobQueue
    pii_policy: Mapping[str, str]
    clock: Clock = field(default_factory=SystemClock)
    link: LinkMemory | None = None

    def __call__(self, tenant: str, memory_id: str, changes: Mapping[str, Any]) -> Memory:
        current = get_memory(self.store, tenant, memory_id)
        now = self.clock.now()
        update: dict[str, Any] = {"updated_at": now}
        pinned = set(current.pinned)
        for name in _PATCHABLE:
            if name in changes and changes[name] is not None:
                update[name] = changes[name]
                pinned.add(name)
        if update.get("metadata") is not None:  # screened as content is; its kinds join redactions
            screened_metadata = pii.screen_metadata(update["metadata"], self.pii_policy)
            update["metadata"] = screened_metadata.metadata
            update["redactions"] = sorted({*current.redactions, *screened_metadata.redactions})
        if "valid_until" in changes:
            until = changes["valid_until"]
            update["temporal"] = Temporal(
                kind=TemporalKind.temporal if until else TemporalKind.persistent, valid_until=until
            )
            if current.status == Status.stale and (until is None or until > now):
                update["status"] = Status.active
            pinned.add("valid_until")
        update["pinned"] = sorted(pinned)
        for name in ("summary", "write_reason"):  # null clears; text is screened as content is
            if name in changes:
                note = changes[name]
                if note is not None:
                    screened_note = pii.screen(note, self.pii_policy, where=name)
                    note = clean(screened_note.content) or None
                    update["redactions"] = sorted(
                        {*update.get("redactions", current.redactions), *screened_note.redactions}
                    )
                update[name] = note
        if changes.get("review_needed") is not None:  # a person reviewed the contradiction (or flags one)
            update["review_needed"] = changes["review_needed"]
        if changes.get("related_ids") is not None:
            related = changes["related_ids"]
            update["related_ids"] = check_related(self.store, current.scope, related, current.id)

        content = changes.get("content")
        if content is None or clean(content) == current.content:
            updated = self.store.put(
                current.model_copy(update=update), expected_updated_at=current.updated_at
            )
            self.store.add_history(
                [history_record(updated, HistoryEvent.updated, now, fields=sorted(changes))]
            )
            return updated

        if not changes.get("force") and (reason := gate.rejection_reason(content)):
            raise InvalidRequest(f"content rejected: {reason}", field="content")
        screened = pii.screen(content, self.pii_policy)
        new_content = clean(screened.content)
        update |= {
            "content": new_content,
            "content_hash": content_hash(new_content),
            "redactions": sorted({*screened.redactions, *update.get("redactions", ())}),
            "enrichment": Enrichment(),
            "hints": [],  # the old content's: its enrichment writes the new ones
        }
        updated = self.store.replace_content(current, current.model_copy(update=update))
        self.store.add_history(
            [history_record(updated, HistoryEvent.updated, now, fields=sorted(changes), content_changed=True)]
        )
        if self.link is not None:  # the graph forgets what the old content said, links the new
            self.link.forget(current)
            self.link(updated)
        self.queue.enqueue([EnrichJob(tenant=tenant, memory_id=memory_id, content_hash=updated.content_hash)])
        return updated
