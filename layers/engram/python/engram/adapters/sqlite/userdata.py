"""UserData on the embedded default's SQLite database: a user's data whole, for export, import, erasure.

Erasure deletes with `secure_delete` on (freed cells zeroed), merges the FTS index so no old segment
holds the user's terms, and truncates the WAL: the content leaves the database and its -wal file.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Sequence

from engram.adapters.cursor import decode_cursor, encode_cursor
from engram.adapters.sqlite.db import SqliteDatabase, iso
from engram.adapters.sqlite.graph import SCHEMA as GRAPH_SCHEMA
from engram.adapters.sqlite.store import COLUMNS, index_text, row_to_memory, row_values, within_cap
from engram.adapters.sqlite.transcripts import SCHEMA as TRANSCRIPT_SCHEMA
from engram.adapters.sqlite.transcripts import uncount_transcripts
from engram.domain.graph import Entity, GraphScope, Relation
from engram.domain.models import Memory, Status
from engram.domain.sessions import Message, SessionInfo
from engram.domain.transfer import ErasureRecord

SCHEMA = """
CREATE TABLE IF NOT EXISTS erasures (
    tenant TEXT NOT NULL,
    job_id TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (tenant, job_id)
) WITHOUT ROWID;
"""


class SqliteUserData:
    def __init__(self, db: SqliteDatabase) -> None:
        self.db = db
        conn = self.db.connection()
        conn.executescript(GRAPH_SCHEMA + TRANSCRIPT_SCHEMA + SCHEMA)

    # ------------------------------------------------------------------ reads

    def memories(self, tenant: str, user_id: str, after: str | None, limit: int) -> list[Memory]:
        rows = self.db.connection().execute(
            f"SELECT {COLUMNS} FROM memories WHERE tenant = ? AND user_id = ? AND id > ? ORDER BY id LIMIT ?",
            (tenant, user_id, after or "", limit),
        )
        return [row_to_memory(r) for r in rows]

    def projects(self, tenant: str, user_id: str) -> list[str]:
        rows = self.db.connection().execute(
            "SELECT DISTINCT project FROM memories WHERE tenant = ? AND user_id = ?"
            " UNION SELECT DISTINCT project FROM graph_entities WHERE tenant = ? AND user_id = ?"
            " ORDER BY 1",
            (tenant, user_id, tenant, user_id),
        )
        return [r[0] for r in rows]

    def sessions(
        self, tenant: str, user_id: str, position: str | None, limit: int
    ) -> tuple[list[SessionInfo], str | None]:
        after = decode_cursor(position, ("after",), {"after": str})["after"] if position else ""
        rows = (
            self.db.connection()
            .execute(
                "SELECT session_id, doc FROM sessions WHERE tenant = ? AND user_id = ? AND session_id > ?"
                " ORDER BY session_id LIMIT ?",
                (tenant, user_id, after, limit + 1),
            )
            .fetchall()
        )
        items = [SessionInfo.model_validate_json(r["doc"]) for r in rows[:limit]]
        more = len(rows) > limit and items
        return items, encode_cursor({"after": items[-1].session_id}) if more else None

    # ------------------------------------------------------------------ restore

    def restore_memory(self, memory: Memory) -> bool:
        with self.db.write() as conn:
            taken = conn.execute(
                "SELECT 1 FROM memories WHERE tenant = ? AND id = ?", (memory.tenant, memory.id)
            ).fetchone()
            if taken is not None:
                return False
            try:
                cur = conn.execute(
                    f"INSERT INTO memories ({COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    row_values(memory),
                )
            except sqlite3.IntegrityError:  # a live memory of the scope holds the same content
                return False
            if memory.status is not Status.deleted:  # as the store does: a tombstone is not searchable
                index_text(conn, cur.lastrowid, memory.content, memory.tenant, memory.user_id)
                within_cap(conn, memory.tenant)  # over the tenant's cap: QuotaExceeded, and nothing written
        return True

    def restore_graph(
        self,
        scope: GraphScope,
        entities: Sequence[tuple[Entity, Sequence[str]]],
        relations: Sequence[Relation],
    ) -> None:
        with self.db.write() as conn:
            for entity, memory_ids in entities:
                conn.execute(
                    "INSERT OR IGNORE INTO graph_entities(id, tenant, user_id, project, canonical, name,"
                    " type, mentions, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (entity.id, scope.tenant, scope.user_id, scope.project, entity.canonical, entity.name,
                     entity.type.value, entity.mentions, iso(entity.created_at), iso(entity.updated_at)),
                )  # fmt: skip
                conn.executemany(
                    "INSERT OR IGNORE INTO graph_mentions(entity_id, memory_id, tenant) VALUES (?, ?, ?)",
                    [(entity.id, m, scope.tenant) for m in memory_ids],
                )
            for rel in relations:
                conn.execute(
                    "INSERT OR IGNORE INTO graph_relations(id, tenant, user_id, project, subject_id,"
                    " predicate, object_id, confidence, mentions, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (rel.id, scope.tenant, scope.user_id, scope.project, rel.subject_id, rel.predicate,
                     rel.object_id, rel.confidence, rel.mentions, iso(rel.updated_at)),
                )  # fmt: skip
                conn.executemany(
                    "INSERT OR IGNORE INTO graph_sources(relation_id, memory_id, tenant) VALUES (?, ?, ?)",
                    [(rel.id, m, scope.tenant) for m in rel.memory_ids],
                )

    def restore_session(self, session: SessionInfo, messages: Sequence[Message]) -> None:
        ref = (session.tenant, session.user_id, session.session_id)
        with self.db.write() as conn:
            conn.execute(
                "INSERT OR IGNORE INTO sessions (tenant, user_id, session_id, doc) VALUES (?, ?, ?, ?)",
                (*ref, session.model_dump_json()),
            )
            conn.executemany(
                "INSERT OR IGNORE INTO session_messages (tenant, user_id, session_id, seq, message_key, doc)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(*ref, m.seq, m.message_key, m.model_dump_json()) for m in messages],
            )

    # ------------------------------------------------------------------ erase

    def erase_user(self, tenant: str, user_id: str) -> dict[str, int]:
        user = (tenant, user_id)
        erased: dict[str, int] = {}
        with self.db.write() as conn:
            conn.execute("PRAGMA secure_delete = ON")
            try:
                seqs = conn.execute(
                    "SELECT seq, id FROM memories WHERE tenant = ? AND user_id = ?", user
                ).fetchall()
                ids = [(tenant, r["id"]) for r in seqs]
                erased["history"] = conn.executemany(
                    "DELETE FROM history WHERE tenant = ? AND memory_id = ?", ids
                ).rowcount
                conn.executemany("DELETE FROM memories_fts WHERE rowid = ?", [(r["seq"],) for r in seqs])
                conn.executemany("DELETE FROM hints_fts WHERE rowid = ?", [(r["seq"],) for r in seqs])
                erased["memories"] = conn.execute(
                    "DELETE FROM memories WHERE tenant = ? AND user_id = ?", user
                ).rowcount
                erased["vectors"] = conn.execute(
                    "DELETE FROM vectors WHERE tenant = ? AND user_id = ?", user
                ).rowcount
                entity_ids = [
                    (r[0],)
                    for r in conn.execute(
                        "SELECT id FROM graph_entities WHERE tenant = ? AND user_id = ?", user
                    )
                ]
                relation_ids = [
                    (r[0],)
                    for r in conn.execute(
                        "SELECT id FROM graph_relations WHERE tenant = ? AND user_id = ?", user
                    )
                ]
                conn.executemany("DELETE FROM graph_mentions WHERE entity_id = ?", entity_ids)
                conn.executemany("DELETE FROM graph_sources WHERE relation_id = ?", relation_ids)
                # and whatever links the user's memories elsewhere (there should be none)
                conn.executemany("DELETE FROM graph_mentions WHERE tenant = ? AND memory_id = ?", ids)
                conn.executemany("DELETE FROM graph_sources WHERE tenant = ? AND memory_id = ?", ids)
                erased["entities"] = conn.execute(
                    "DELETE FROM graph_entities WHERE tenant = ? AND user_id = ?", user
                ).rowcount
                erased["relations"] = conn.execute(
                    "DELETE FROM graph_relations WHERE tenant = ? AND user_id = ?", user
                ).rowcount
                uncount_transcripts(conn, tenant, "tenant = ? AND user_id = ?", user)
                erased["messages"] = conn.execute(
                    "DELETE FROM session_messages WHERE tenant = ? AND user_id = ?", user
                ).rowcount
                for table in ("session_jobs", "session_facts", "session_checkpoints"):
                    conn.execute(f"DELETE FROM {table} WHERE tenant = ? AND user_id = ?", user)
                erased["sessions"] = conn.execute(
                    "DELETE FROM sessions WHERE tenant = ? AND user_id = ?", user
                ).rowcount
                # FTS5 keeps deleted terms in older index segments until they merge: merge them all now.
                conn.execute("INSERT INTO memories_fts(memories_fts) VALUES ('optimize')")
                conn.execute("INSERT INTO hints_fts(hints_fts) VALUES ('optimize')")
            finally:
                conn.execute("PRAGMA secure_delete = OFF")
        self._scrub_wal()
        return erased

    def _scrub_wal(self) -> None:
        """Copy every page into the database file and empty the WAL, whose frames hold old page images
        (the user's rows as they were). A reader holding an old snapshot blocks the truncation: retry."""
        conn = self.db.connection()
        for attempt in range(50):
            with contextlib.suppress(sqlite3.OperationalError):
                busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
                if not busy:
                    return
            time.sleep(min(0.5, 0.01 * 2**attempt))
        raise RuntimeError("the WAL could not be emptied: a reader kept it busy; the job is retried")

    # ------------------------------------------------------------------ audit

    def put_erasure(self, record: ErasureRecord) -> None:
        with self.db.write() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO erasures (tenant, job_id, doc) VALUES (?, ?, ?)",
                (record.tenant, record.job_id, record.model_dump_json()),
            )

    def erasure(self, tenant: str, job_id: str) -> ErasureRecord | None:
        row = (
            self.db.connection()
            .execute("SELECT doc FROM erasures WHERE tenant = ? AND job_id = ?", (tenant, job_id))
            .fetchone()
        )
        return ErasureRecord.model_validate_json(row["doc"]) if row else None
