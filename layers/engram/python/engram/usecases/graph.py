"""The knowledge graph's use cases: link a memory's entities, expand a query one hop, read entities.

Linking runs inline at write time (patterns only) and again after enrichment; both are idempotent.
Expansion runs beside the recall legs under a deadline: a slow graph costs the boost, never the recall.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, TimeoutError
from dataclasses import dataclass, field
from datetime import datetime

from engram.domain.errors import MemoryNotFound
from engram.domain.graph import (
    MAX_MENTIONS_LINKED,
    USER,
    Entity,
    GraphScope,
    Mention,
    Relation,
    Triple,
    aliases,
    canonical,
    entity_id,
    extract_triples,
    mentions,
    query_candidates,
)
from engram.domain.models import Memory
from engram.domain.text import from_placeholder, mask_placeholders
from engram.observability import logger
from engram.ports import EntityPage, GraphStore

EntityExtractor = Callable[[str], list[str]]


def scope_of(memory: Memory) -> GraphScope:
    return GraphScope(memory.tenant, memory.user_id, memory.project)


@dataclass(frozen=True)
class Links:
    """What one memory mentions, read from its text: ready to write, no store touched yet."""

    scope: GraphScope
    memory_id: str
    mentions: Sequence[Mention]
    triples: Sequence[Triple]
    at: datetime


@dataclass
class LinkMemory:
    graph: GraphStore
    extract_entities: EntityExtractor

    def __call__(self, memory: Memory, entities: Sequence[str] | None = None) -> None:
        """Link `memory` to what it mentions: `entities` (the enricher's) or the pattern extractor's,
        plus the relation frames' triples."""
        self.apply(self.read(memory, entities))

    def read(self, memory: Memory, entities: Sequence[str] | None = None) -> Links:
        """The links of `memory` (pure: patterns over its text), to `apply` later, e.g. inside the
        transaction that inserts it."""
        text = mask_placeholders(memory.content)
        names = list(entities) if entities is not None else self.extract_entities(text)
        names = [n for n in names if not from_placeholder(n, memory.content)]
        triples = extract_triples(text)
        return Links(scope_of(memory), memory.id, mentions(names, triples, text), triples, memory.updated_at)

    def apply(self, links: Links) -> None:
        self.graph.link(links.scope, links.memory_id, links.mentions, links.triples, links.at)

    def forget(self, memory: Memory) -> None:
        self.graph.unlink(scope_of(memory), memory.id)


@dataclass(frozen=True)
class Expansion:
    """Memories one hop from the query's entities, each with the boost it earned and why."""

    boosts: dict[str, float]
    hops: dict[str, float] = field(default_factory=dict)  # memory id → damping (it states the hop)
    query_entities: tuple[str, ...] = ()
    linked_entities: tuple[str, ...] = ()
    timed_out: bool = False


NO_EXPANSION = Expansion({})


@dataclass
class ExpandQuery:
    """One hop from the entities a query names. Memories about the entity at the other end of a
    relation get `boost` (× the relation's confidence; × `unnamed` when the query does not name the
    relation). When the query names the relation *and* asks something more ("what is Dana's manager
    allergic to?" asks "allergic"), the memory that only states the hop ("Dana's manager is Priya")
    is damped by `hop_damping`: it is the way to the answer, not the answer."""

    graph: GraphStore
    boost: float
    hop_damping: float = 1.0
    per_entity: int = 20
    unnamed: float = 0.4
    hub_mentions: int = MAX_MENTIONS_LINKED

    def __call__(self, scope: GraphScope, query: str) -> Expansion:
        if self.boost <= 0:
            return NO_EXPANSION
        candidates = query_candidates(query)
        seeds = {e.id: e for e in self.graph.entities_by_id(scope, [entity_id(scope, c) for c in candidates])}
        if not seeds:
            return NO_EXPANSION
        words = set(candidates)
        linked: dict[str, float] = {}
        named_predicates: set[str] = set()
        hop_sources: set[str] = set()
        for relation in self.graph.relations(scope, list(seeds)):
            other = relation.object_id if relation.subject_id in seeds else relation.subject_id
            if other in seeds:
                continue
            named = relation.predicate.replace("_", " ") in words or relation.predicate in words
            if named:
                named_predicates.add(relation.predicate)
                hop_sources.update(relation.memory_ids)
            strength = relation.confidence * (1.0 if named else self.unnamed)
            linked[other] = max(linked.get(other, 0.0), strength)
        if not linked:
            return Expansion({}, query_entities=tuple(sorted(seeds)))
        for name, strength in [
            (e.canonical, linked[e.id]) for e in self.graph.entities_by_id(scope, list(linked))
        ]:
            for alias in aliases(name):  # "Sabine Hartl" is also the "Sabine" of another memory
                alias_id = entity_id(scope, alias)
                if alias_id not in seeds:
                    linked[alias_id] = max(linked.get(alias_id, 0.0), strength)
        known = self.graph.entities_by_id(scope, list(linked))
        reachable = [e.id for e in known if e.mentions <= self.hub_mentions]
        # Memories that mention a query entity matched the query already: the boost goes to what is
        # known about the other end only.
        stating = {
            m for ids in self.graph.memories_of(scope, list(seeds), self.per_entity * 5).values() for m in ids
        }
        boosts: dict[str, float] = {}
        for entity, memory_ids in self.graph.memories_of(scope, reachable, self.per_entity).items():
            for memory_id in memory_ids:
                if memory_id not in stating:
                    boosts[memory_id] = max(boosts.get(memory_id, 0.0), round(self.boost * linked[entity], 4))
        asks_more = _residual(candidates, seeds.values(), named_predicates)
        hops = (
            {m: self.hop_damping for m in hop_sources}
            if asks_more and boosts and self.hop_damping < 1
            else {}
        )
        return Expansion(boosts, hops, tuple(sorted(seeds)), tuple(sorted(reachable)))

    def within(
        self, pool: Executor, scope: GraphScope, query: str, deadline_s: float
    ) -> Callable[[], Expansion]:
        """Start expanding on `pool`; the returned call waits at most `deadline_s` for the answer."""
        future = pool.submit(self, scope, query)

        def result() -> Expansion:
            try:
                return future.result(timeout=deadline_s)
            except TimeoutError:
                logger.warning("graph expansion missed its deadline", extra={"deadline_s": deadline_s})
                return Expansion({}, timed_out=True)

        return result


# --------------------------------------------------------------------------- reads


@dataclass(frozen=True)
class LinkedEntity:
    relation: Relation
    direction: str  # "out": the entity is the subject; "in": it is the object
    other: Entity | None


@dataclass(frozen=True)
class EntityDetail:
    entity: Entity
    relations: list[LinkedEntity]
    memory_ids: list[str]


def _residual(candidates: Sequence[str], seeds: Iterable[Entity], predicates: set[str]) -> bool:
    """Whether the query asks about more than the entities and the relation it names."""
    covered = {w for e in seeds for w in e.canonical.split()}
    covered |= {w for p in predicates for w in p.split("_")}
    return any(" " not in c and c not in covered and c != USER and len(c) > 2 for c in candidates)


@dataclass(frozen=True)
class EntityReads:
    """The knowledge graph as the API reads it, per user scope: a page of entities, one in detail."""

    graph: GraphStore

    def page(self, scope: GraphScope, limit: int, cursor: str | None) -> EntityPage:
        return self.graph.entity_page(scope, limit, cursor)

    def detail(self, scope: GraphScope, id_or_name: str, memories: int = 50) -> EntityDetail:
        """One entity of the scope, by id or by name, with its relations and the memories mentioning it."""
        graph = self.graph
        by_name = entity_id(scope, canonical(id_or_name) or "")
        wanted = id_or_name if id_or_name.startswith("ent_") else by_name
        found = graph.entities_by_id(scope, [wanted])
        if not found:
            raise MemoryNotFound(f"no entity {id_or_name!r} for this user")
        entity = found[0]
        relations = graph.relations(scope, [entity.id])
        others = {e.id: e for e in graph.entities_by_id(scope, _other_ends(entity.id, relations))}
        linked = [
            LinkedEntity(
                r,
                "out" if r.subject_id == entity.id else "in",
                others.get(r.object_id if r.subject_id == entity.id else r.subject_id),
            )
            for r in relations
        ]
        memory_ids = graph.memories_of(scope, [entity.id], memories).get(entity.id, [])
        return EntityDetail(entity, linked, memory_ids)


def _other_ends(entity: str, relations: Sequence[Relation]) -> list[str]:
    return sorted({r.object_id if r.subject_id == entity else r.subject_id for r in relations})
