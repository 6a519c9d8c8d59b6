"""Context in one call: a ready prompt block of what a user's memory holds for a query, within a budget.

Current memories only (recall over active ones), the constraints and decisions first, then the facts
in recall's order, the entities they name (one line each, from their current memories only), and the
session's latest checkpoint focus; each item whole or not at all. Nothing in it depends on the time
of the call, so the same memories and inputs give the same bytes (a client's prompt cache holds).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Literal

from engram.domain.graph import USER, Entity, GraphScope, canonical, entity_id, extract_triples, mentions
from engram.domain.models import Memory, MemoryType
from engram.domain.sessions import SessionRef
from engram.domain.specificity import RESOLVING
from engram.domain.text import clean, mask_placeholders
from engram.domain.tokens import count_tokens
from engram.observability import count, logger
from engram.ports import Clock, GraphStore, JobQueue, RetrievalJob, SystemClock, TranscriptStore
from engram.settings import SessionSettings
from engram.usecases.recall import Recalled, RecallQuery

ItemKind = Literal["constraint", "decision", "fact", "entity", "focus"]
QUERY_MESSAGES = 3  # the last user messages a query is made of, when the request gives messages
QUERY_CHARS = 2000  # recall's longest query: the newest words are kept
MAX_ENTITIES = 20
GRAPH_DEADLINE_MS = 2000.0
RELATIONS_PER_ENTITY = 3
_HEADINGS: dict[ItemKind, str] = {
    "constraint": "Constraints and decisions:",
    "decision": "Constraints and decisions:",
    "fact": "Facts:",
    "entity": "Entities:",
    "focus": "Current focus:",
}


@dataclass(frozen=True)
class ContextQuery:
    tenant: str
    user_id: str
    query: str  # the query itself, or one made of the conversation's messages (query_of)
    project: str | None = None
    namespaces: tuple[str, ...] | None = None
    session_id: str | None = None
    budget_tokens: int = 2000


@dataclass(frozen=True)
class ContextItem:
    id: str
    kind: ItemKind
    text: str
    why: str
    tokens: int  # of its line in the block ("- " and the text)


@dataclass(frozen=True)
class ContextBlock:
    text: str
    items: list[ContextItem]
    tokens: int
    budget_tokens: int


def query_of(messages: Sequence[tuple[str, str]]) -> str:
    """A recall query made of a conversation: its last few user messages, oldest first (when it has
    none, its last messages whoever spoke), cut to the newest QUERY_CHARS characters."""
    said = [clean(text) for role, text in messages if role == "user"] or [clean(t) for _, t in messages]
    text = " ".join(t for t in said[-QUERY_MESSAGES:] if t)
    return text[-QUERY_CHARS:].strip()


def candidates_for(budget_tokens: int) -> int:
    """How many memories recall ranks for a budget: one per 30 tokens, from 10 to 60 (recall's cost
    grows with it; past 60 a memory has little left to add to a prompt)."""
    return max(10, min(60, budget_tokens // 30))


@dataclass
class BuildContext:
    """POST /v1/context. Recall's retrieval events are counted for the memories the block holds only."""

    recall: Callable[[RecallQuery], list[Recalled]]
    queue: JobQueue
    transcripts: TranscriptStore
    graph: GraphStore | None = None
    sessions: SessionSettings = field(default_factory=SessionSettings)
    clock: Clock = field(default_factory=SystemClock)

    def __call__(self, q: ContextQuery) -> ContextBlock:
        recalled = self.recall(
            RecallQuery(
                tenant=q.tenant,
                user_id=q.user_id,
                query=q.query,
                project=q.project,
                namespaces=q.namespaces,
                top_k=candidates_for(q.budget_tokens),
                include_stale=False,  # current facts only: active, neither expired nor superseded
                include_superseded=False,
                log_retrievals=False,
                # The block is the same for the same memories only if the graph's boosts arrive: they
                # are waited for far longer than a search waits for them.
                graph_deadline_ms=GRAPH_DEADLINE_MS,
            )
        )
        memories = [r.memory for r in recalled]
        rules = [m for m in memories if m.memory_type in RESOLVING]
        facts = [m for m in memories if m.memory_type not in RESOLVING]
        items = [
            *(_memory_item(m, n, "bears on the query: recall rank") for n, m in _ranked(memories, rules)),
            *(_memory_item(m, n, "recall rank") for n, m in _ranked(memories, facts)),
        ]
        # The entities of the memories that fit (fitting is greedy in order: adding items after them
        # changes none of the memories kept).
        kept = {i.id for i in _fit(items, q.budget_tokens).items}
        items += self._entities(q, [m for m in memories if m.id in kept])
        items += self._focus(q)
        block = _fit(items, q.budget_tokens)
        self._log_retrievals(q.tenant, [i.id for i in block.items if i.kind not in ("entity", "focus")])
        count("ContextBuilt")
        return block

    def _entities(self, q: ContextQuery, memories: list[Memory]) -> list[ContextItem]:
        """The entities the memories name, in the order they first appear, then the other ends of the
        relations those memories state; each with those relations only (so no superseded value comes
        back through the graph)."""
        if self.graph is None or not memories:
            return []
        scope = GraphScope(q.tenant, q.user_id, q.project or "default")
        named: dict[str, int] = {}  # entity id → how many of the memories name it
        for memory in memories:
            ids = {entity_id(scope, c) for e in _named(memory) if (c := canonical(e)) and c != USER}
            for i in sorted(ids):
                named[i] = named.get(i, 0) + 1
        found = {e.id: e for e in self.graph.entities_by_id(scope, list(named)[:MAX_ENTITIES])}
        current = {m.id for m in memories}
        relations = [
            r for r in self.graph.relations(scope, sorted(found)) if not current.isdisjoint(r.memory_ids)
        ]
        ends = sorted({r.object_id for r in relations} | {r.subject_id for r in relations})
        others = {e.id: e for e in self.graph.entities_by_id(scope, [i for i in ends if i not in found])}
        known = found | others
        order = [i for i in named if i in found] + [i for i in ends if i in others]
        items = []
        for ref in order[:MAX_ENTITIES]:
            entity = known[ref]
            if entity.canonical == USER:
                continue
            facts = sorted(
                _relation_text(entity, r.predicate, r.subject_id, r.object_id, known)
                for r in relations
                if entity.id in (r.subject_id, r.object_id)
            )
            said = "; ".join(facts[:RELATIONS_PER_ENTITY])
            text = f"{entity.name} ({entity.type.value})" + (f": {said}" if said else "")
            why = f"named by {named[ref]} of the memories above" if ref in named else "related to one named"
            items.append(ContextItem(entity.id, "entity", text, why, count_tokens(f"- {text}")))
        return items

    def _focus(self, q: ContextQuery) -> list[ContextItem]:
        if q.session_id is None:
            return []
        ref = SessionRef(q.tenant, q.user_id, q.session_id)
        latest = next(iter(self.transcripts.checkpoints(ref, 1)), None)
        retention = timedelta(days=self.sessions.checkpoint_retention_days)
        if latest is None or not latest.digest.focus or self.clock.now() - latest.created_at > retention:
            return []
        text = clean(latest.digest.focus)
        why = f"the latest checkpoint of session {q.session_id} ({latest.trigger.value})"
        return [ContextItem(latest.id, "focus", text, why, count_tokens(f"- {text}"))]

    def _log_retrievals(self, tenant: str, ids: list[str]) -> None:
        if not ids:
            return
        try:
            self.queue.enqueue([RetrievalJob(tenant=tenant, memory_ids=ids, at=self.clock.now())])
        except Exception:
            logger.exception("could not queue retrieval events")  # never fail a context over bookkeeping


def _named(memory: Memory) -> list[str]:
    """The names a memory mentions as the graph linked them: the enricher's entities, the relation
    frames' ends and the sentences' named subjects (patterns over its text, no store read)."""
    text = mask_placeholders(memory.content)
    return [m.name for m in mentions(memory.entities, extract_triples(text), text)]


def _ranked(everything: list[Memory], some: list[Memory]) -> list[tuple[int, Memory]]:
    rank = {m.id: n for n, m in enumerate(everything, start=1)}
    return [(rank[m.id], m) for m in some]


def _memory_item(memory: Memory, rank: int, why: str) -> ContextItem:
    kind: ItemKind = "fact"
    if memory.memory_type == MemoryType.constraint:
        kind = "constraint"
    elif memory.memory_type == MemoryType.decision:
        kind = "decision"
    text = clean(memory.content)
    return ContextItem(memory.id, kind, text, f"{why} {rank}", count_tokens(f"- {text}"))


def _relation_text(entity: Entity, predicate: str, subject: str, obj: str, known: dict[str, Entity]) -> str:
    words = predicate.replace("_", " ")
    if subject == entity.id:
        other = known.get(obj)
        return f"{words}: {other.name}" if other else words
    other = known.get(subject)
    return f"{words} of {other.name}" if other else words


def _fit(items: list[ContextItem], budget: int) -> ContextBlock:
    """The items, in order, that fit the budget with their section headings: an item that does not fit
    is left out whole and the smaller ones after it still get their chance."""
    lines: list[str] = []
    kept: list[ContextItem] = []
    used = 0
    heading: str | None = None
    for item in items:
        title = _HEADINGS[item.kind]
        cost, n = 0, len(lines)
        if title != heading:  # the section's heading first
            cost, n = count_tokens(title) + (1 if n else 0), n + 1
        cost += item.tokens + (1 if n else 0)  # its line, and the newline before it
        if used + cost > budget:
            continue
        if title != heading:
            lines.append(title)
            heading = title
        lines.append(f"- {item.text}")
        kept.append(item)
        used += cost
    text = "\n".join(lines)
    return ContextBlock(text, kept, count_tokens(text), budget)
