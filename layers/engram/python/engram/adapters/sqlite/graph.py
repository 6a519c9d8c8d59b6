"""GraphStore on the embedded default's SQLite database: four small tables beside the memories.

An entity's id is derived from its scope and canonical name (engram.domain.graph.entity_id), so
linking needs no lookup, and a mention or relation source is a row whose primary key makes linking
the same memory twice a no-op; the counters move only when such a row is really added or removed.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime

from engram.adapters.cursor import decode_cursor, encode_cursor
from engram.adapters.sqlite.db import SqliteDatabase, iso, parse_iso
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

SCHEMA = """
CREATE TABLE IF NOT EXISTS graph_entities (
    id TEXT PRIMARY KEY,
    tenant TEXT NOT NULL,
    user_id TEXT NOT NULL,
    project TEXT NOT NULL,
    canonical TEXT NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    mentions INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS graph_entities_scope ON graph_entities(tenant, user_id, project, id);
CREATE TABLE IF NOT EXISTS graph_mentions (
    entity_id TEXT NOT NULL,
    memory_id TEXT NOT NULL,
    tenant TEXT NOT NULL,
    PRIMARY KEY (entity_id, memory_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS graph_mentions_memory ON graph_mentions(tenant, memory_id);
CREATE TABLE IF NOT EXISTS graph_relations (
    id TEXT PRIMARY KEY,
    tenant TEXT NOT NULL,
    user_id TEXT NOT NULL,
    project TEXT NOT NULL,
    subject_id TEXT NOT NULL,
    predicate TEXT NOT NULL,
    object_id TEXT NOT NULL,
    confidence REAL NOT NULL,
    mentions INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS graph_relations_subject ON graph_relations(subject_id);
CREATE INDEX IF NOT EXISTS graph_relations_object ON graph_relations(object_id);
CREATE TABLE IF NOT EXISTS graph_sources (
    relation_id TEXT NOT NULL,
    memory_id TEXT NOT NULL,
    tenant TEXT NOT NULL,
    PRIMARY KEY (relation_id, memory_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS graph_sources_memory ON graph_sources(tenant, memory_id);
"""


class SqliteGraphStore:
    def __init__(self, db: SqliteDatabase) -> None:
        self.db = db
        self.db.connection().executescript(SCHEMA)

    # ------------------------------------------------------------------ writes

    def link(
        self,
        scope: GraphScope,
        memory_id: str,
        mentions: Sequence[Mention],
        triples: Sequence[Triple],
        at: datetime,
    ) -> None:
        if not mentions and not triples:
            return
        now = iso(at)
        with self.db.write() as conn:
            for mention in mentions:
                eid = self._entity(conn, scope, mention.name, mention.type, now)
                if eid is None:
                    continue
                added = conn.execute(
                    "INSERT OR IGNORE INTO graph_mentions(entity_id, memory_id, tenant) VALUES (?, ?, ?)",
                    (eid, memory_id, scope.tenant),
                ).rowcount
                if added:
                    conn.execute(
                        "UPDATE graph_entities SET mentions = mentions + 1, updated_at = ? WHERE id = ?",
                        (now, eid),
                    )
            for triple in triples:
                subject = self._entity(conn, scope, triple.subject, triple.subject_type, now)
                obj = self._entity(conn, scope, triple.object, triple.object_type, now)
                if subject is None or obj is None or subject == obj:
                    continue
                rid = relation_id(scope, subject, triple.predicate, obj)
                conn.execute(
                    "INSERT OR IGNORE INTO graph_relations(id, tenant, user_id, project, subject_id,"
                    " predicate, object_id, confidence, mentions, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)",
                    (rid, scope.tenant, scope.user_id, scope.project, subject, triple.predicate, obj,
                     triple.confidence, now),
                )  # fmt: skip
                added = conn.execute(
                    "INSERT OR IGNORE INTO graph_sources(relation_id, memory_id, tenant) VALUES (?, ?, ?)",
                    (rid, memory_id, scope.tenant),
                ).rowcount
                if added:
                    conn.execute(
                        "UPDATE graph_relations SET mentions = mentions + 1, confidence = max(confidence, ?),"
                        " updated_at = ? WHERE id = ?",
                        (triple.confidence, now, rid),
                    )

    @staticmethod
    def _entity(
        conn: sqlite3.Connection, scope: GraphScope, name: str, kind: EntityType, now: str
    ) -> str | None:
        key = canonical(name)
        if key is None:
            return None
        eid = entity_id(scope, key)
        conn.execute(
            "INSERT OR IGNORE INTO graph_entities(id, tenant, user_id, project, canonical, name, type,"
            " mentions, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)",
            (eid, scope.tenant, scope.user_id, scope.project, key, name.strip(), kind.value, now, now),
        )
        if kind is not EntityType.thing:  # a typed mention refines an untyped one
            conn.execute(
                "UPDATE graph_entities SET type = ? WHERE id = ? AND type = 'thing'", (kind.value, eid)
            )
        return eid

    def unlink(self, scope: GraphScope, memory_id: str) -> None:
        mine = (scope.tenant, memory_id)
        with self.db.write() as conn:
            # the memory's mentions of entities, then its sources of relations: each link row goes,
            # and what it linked counts one mention fewer
            for links, column, counted in (
                ("graph_mentions", "entity_id", "graph_entities"),
                ("graph_sources", "relation_id", "graph_relations"),
            ):
                where = f"FROM {links} WHERE tenant = ? AND memory_id = ?"
                linked = [(r[0],) for r in conn.execute(f"SELECT {column} {where}", mine)]
                conn.execute(f"DELETE {where}", mine)
                conn.executemany(f"UPDATE {counted} SET mentions = max(0, mentions - 1) WHERE id = ?", linked)

    # ------------------------------------------------------------------ reads

    def entities_by_id(self, scope: GraphScope, entity_ids: Sequence[str]) -> list[Entity]:
        if not entity_ids:
            return []
        marks = ",".join("?" * len(entity_ids))
        rows = self.db.connection().execute(
            f"SELECT * FROM graph_entities WHERE id IN ({marks})"
            " AND tenant = ? AND user_id = ? AND project = ?",
            (*entity_ids, scope.tenant, scope.user_id, scope.project),
        )
        return [_entity(row) for row in rows]

    def relations(self, scope: GraphScope, entity_ids: Sequence[str]) -> list[Relation]:
        if not entity_ids:
            return []
        marks = ",".join("?" * len(entity_ids))
        conn = self.db.connection()
        # Two indexed lookups (by subject, by object), not one OR that may scan the table.
        rows = conn.execute(
            f"SELECT * FROM graph_relations WHERE subject_id IN ({marks})"
            " AND tenant = ? AND user_id = ? AND project = ? AND mentions > 0"
            f" UNION SELECT * FROM graph_relations WHERE object_id IN ({marks})"
            " AND tenant = ? AND user_id = ? AND project = ? AND mentions > 0",
            (
                *entity_ids,
                scope.tenant,
                scope.user_id,
                scope.project,
                *entity_ids,
                scope.tenant,
                scope.user_id,
                scope.project,
            ),
        ).fetchall()
        sources: dict[str, list[str]] = {}
        if rows:
            ids = [row["id"] for row in rows]
            wanted = ",".join("?" * len(ids))
            for rid, mid in conn.execute(
                f"SELECT relation_id, memory_id FROM graph_sources WHERE relation_id IN ({wanted})"
                " ORDER BY memory_id",
                ids,
            ):
                sources.setdefault(rid, []).append(mid)
        return [_relation(row, sources.get(row["id"], [])) for row in rows]

    def memories_of(self, scope: GraphScope, entity_ids: Sequence[str], limit: int) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        conn = self.db.connection()
        for eid in entity_ids:  # ids are scope-derived, so another scope's entity id matches nothing here
            rows = conn.execute(
                "SELECT memory_id FROM graph_mentions WHERE entity_id = ? AND tenant = ?"
                " ORDER BY memory_id DESC LIMIT ?",
                (eid, scope.tenant, limit),
            )
            out[eid] = [row[0] for row in rows]
        return out

    def entity_page(self, scope: GraphScope, limit: int, cursor: str | None = None) -> EntityPage:
        after = decode_cursor(cursor, ("after",))["after"] if cursor else ""
        rows = (
            self.db.connection()
            .execute(
                "SELECT * FROM graph_entities WHERE tenant = ? AND user_id = ? AND project = ? AND id > ?"
                " ORDER BY id LIMIT ?",
                (scope.tenant, scope.user_id, scope.project, str(after), limit + 1),
            )
            .fetchall()
        )
        items = [_entity(row) for row in rows[:limit]]
        more = len(rows) > limit
        return EntityPage(items, encode_cursor({"after": items[-1].id}) if more and items else None)


def _entity(row: sqlite3.Row) -> Entity:
    return Entity(
        id=row["id"],
        tenant=row["tenant"],
        user_id=row["user_id"],
        project=row["project"],
        name=row["name"],
        canonical=row["canonical"],
        type=EntityType(row["type"]),
        mentions=row["mentions"],
        created_at=parse_iso(row["created_at"]),
        updated_at=parse_iso(row["updated_at"]),
    )


def _relation(row: sqlite3.Row, sources: list[str]) -> Relation:
    return Relation(
        id=row["id"],
        tenant=row["tenant"],
        user_id=row["user_id"],
        project=row["project"],
        subject_id=row["subject_id"],
        predicate=row["predicate"],
        object_id=row["object_id"],
        confidence=row["confidence"],
        mentions=row["mentions"],
        memory_ids=sources,
        updated_at=parse_iso(row["updated_at"]),
    )
