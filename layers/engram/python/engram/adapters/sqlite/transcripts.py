"""TranscriptStore on the embedded default's SQLite database: four tables beside the memories.

Messages are keyed by `seq`; a unique index on the idempotency key makes a repeated append a no-op.
A tenant's transcript cap (`transcript_quota`) is moved in the transactions that append (refused,
nothing written, past the cap) and delete.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime

from engram.adapters.cursor import decode_cursor, encode_cursor
from engram.adapters.sqlite.db import SqliteDatabase
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

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    tenant TEXT NOT NULL,
    user_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (tenant, user_id, session_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS session_messages (
    tenant TEXT NOT NULL,
    user_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    message_key TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (tenant, user_id, session_id, seq)
) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS session_messages_key
    ON session_messages(tenant, user_id, session_id, message_key);
CREATE INDEX IF NOT EXISTS session_messages_id
    ON session_messages(tenant, user_id, session_id, json_extract(doc, '$.id'));
CREATE TABLE IF NOT EXISTS session_jobs (
    tenant TEXT NOT NULL,
    user_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    job_id TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (tenant, user_id, session_id, job_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS session_facts (
    tenant TEXT NOT NULL,
    user_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    fact_key TEXT NOT NULL,
    memory_id TEXT,
    doc TEXT NOT NULL,
    PRIMARY KEY (tenant, user_id, session_id, fact_key)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS session_facts_memory ON session_facts(tenant, memory_id);
CREATE TABLE IF NOT EXISTS session_checkpoints (
    tenant TEXT NOT NULL,
    user_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    checkpoint_id TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (tenant, user_id, session_id, checkpoint_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS transcript_quota (
    tenant TEXT PRIMARY KEY,
    max_bytes INTEGER NOT NULL,
    used INTEGER NOT NULL
);
"""

# The bytes of message content in session_messages rows (length of a BLOB counts bytes, not characters).
_BYTES = "coalesce(sum(length(CAST(json_extract(doc, '$.content') AS BLOB))), 0)"


def uncount_transcripts(conn: sqlite3.Connection, tenant: str, where: str, params: Sequence[object]) -> None:
    """Take the session_messages rows matching `where` off the tenant's transcript counter, if it has a
    cap; called in the transaction that deletes them, before it does."""
    has_table = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'transcript_quota'"
    ).fetchone()
    if has_table is None:
        return
    conn.execute(
        f"UPDATE transcript_quota SET used = max(0, used - (SELECT {_BYTES} FROM session_messages"
        f" WHERE {where})) WHERE tenant = ?",
        (*params, tenant),
    )


_REF = "tenant = ? AND user_id = ? AND session_id = ?"


def _ref(ref: SessionRef) -> tuple[str, str, str]:
    return ref.tenant, ref.user_id, ref.session_id


class SqliteTranscriptStore:
    def __init__(self, db: SqliteDatabase) -> None:
        self.db = db
        self.db.connection().executescript(SCHEMA)

    # ------------------------------------------------------------------ transcript

    def append(self, session: SessionInfo, messages: Sequence[NewMessage], at: datetime) -> Appended:
        ref = session.ref
        with self.db.write() as conn:
            current = self._session(conn, ref)
            if current is None:
                current = session.model_copy(update={"created_at": at, "updated_at": at})
            elif (current.project, current.namespace) != (session.project, session.namespace):
                raise Conflict(
                    f"session {ref.session_id} belongs to project {current.project!r}, namespace "
                    f"{current.namespace!r}"
                )
            keys = list(dict.fromkeys(m.message_key for m in messages))
            rows = conn.execute(
                f"SELECT message_key, doc FROM session_messages WHERE {_REF}"
                f" AND message_key IN ({', '.join('?' * len(keys))})",
                (*_ref(ref), *keys),
            ).fetchall()
            known = {r["message_key"]: Message.model_validate_json(r["doc"]) for r in rows}
            stored: list[Message] = []
            duplicates: list[Message] = []
            seq = current.last_seq
            for message in messages:
                if message.message_key in known:  # stored before, or earlier in this call
                    duplicates.append(known[message.message_key])
                    continue
                seq += 1
                new = Message(**message.model_dump(), id=new_id(at), seq=seq, received_at=at)
                known[message.message_key] = new
                stored.append(new)
            adding = sum(transcript_bytes(m.content) for m in stored)
            quota = conn.execute(
                "SELECT max_bytes, used FROM transcript_quota WHERE tenant = ?", (ref.tenant,)
            ).fetchone()
            if quota is not None and stored:
                if quota["used"] + adding > quota["max_bytes"]:
                    refusal = transcript_cap_message(quota["max_bytes"], quota["used"], adding)
                    raise QuotaExceeded(refusal, limit=quota["max_bytes"])  # rolls the append back
                conn.execute(
                    "UPDATE transcript_quota SET used = used + ? WHERE tenant = ?", (adding, ref.tenant)
                )
            conn.executemany(
                "INSERT INTO session_messages (tenant, user_id, session_id, seq, message_key, doc)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(*_ref(ref), m.seq, m.message_key, m.model_dump_json()) for m in stored],
            )
            current = current.model_copy(
                update={
                    "last_seq": seq,
                    "message_count": current.message_count + len(stored),
                    "chars": current.chars + sum(len(m.content) for m in stored),
                }
            )
            if stored:
                current = current.model_copy(update={"updated_at": at})
                self._put_session(conn, current)
        return Appended(current, stored, duplicates)

    def session(self, ref: SessionRef) -> SessionInfo | None:
        return self._session(self.db.connection(), ref)

    def messages(self, ref: SessionRef, limit: int, cursor: str | None = None) -> MessagePage:
        after = int(decode_cursor(cursor, ("seq",), {"seq": int})["seq"]) if cursor else 0
        rows = (
            self.db.connection()
            .execute(
                f"SELECT doc FROM session_messages WHERE {_REF} AND seq > ? ORDER BY seq LIMIT ?",
                (*_ref(ref), after, limit + 1),
            )
            .fetchall()
        )
        items = [Message.model_validate_json(r["doc"]) for r in rows[:limit]]
        more = len(rows) > limit
        return MessagePage(items, encode_cursor({"seq": items[-1].seq}) if more and items else None)

    def window(self, ref: SessionRef, from_seq: int, through_seq: int, context: int) -> list[Message]:
        conn = self.db.connection()
        earlier = conn.execute(
            f"SELECT doc FROM session_messages WHERE {_REF} AND seq < ? ORDER BY seq DESC LIMIT ?",
            (*_ref(ref), from_seq, context),
        ).fetchall()
        new = conn.execute(
            f"SELECT doc FROM session_messages WHERE {_REF} AND seq BETWEEN ? AND ? ORDER BY seq",
            (*_ref(ref), from_seq, through_seq),
        ).fetchall()
        return [Message.model_validate_json(r["doc"]) for r in [*reversed(earlier), *new]]

    def messages_by_id(self, ref: SessionRef, ids: Sequence[str]) -> list[Message]:
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return []
        rows = (
            self.db.connection()
            .execute(
                f"SELECT doc FROM session_messages INDEXED BY session_messages_id WHERE {_REF}"
                f" AND json_extract(doc, '$.id') IN ({', '.join('?' * len(wanted))}) ORDER BY seq",
                (*_ref(ref), *wanted),
            )
            .fetchall()
        )
        return [Message.model_validate_json(r["doc"]) for r in rows]

    def pop_last(self, ref: SessionRef, at: datetime) -> Message | None:
        with self.db.write() as conn:
            row = conn.execute(
                f"SELECT seq, doc FROM session_messages WHERE {_REF} ORDER BY seq DESC LIMIT 1", _ref(ref)
            ).fetchone()
            current = self._session(conn, ref)
            if row is None or current is None:
                return None
            message = Message.model_validate_json(row["doc"])
            where, params = f"{_REF} AND seq = ?", (*_ref(ref), message.seq)
            uncount_transcripts(conn, ref.tenant, where, params)
            conn.execute(f"DELETE FROM session_messages WHERE {where}", params)
            update = {
                "message_count": max(0, current.message_count - 1),
                "chars": max(0, current.chars - len(message.content)),
                "updated_at": at,
            }
            self._put_session(conn, current.model_copy(update=update))
        return message

    # ------------------------------------------------------------------ jobs

    def mark_queued(self, ref: SessionRef, through_seq: int, job: ExtractionRecord) -> None:
        with self.db.write() as conn:
            self._put_job(conn, ref, job, replace=False)  # the worker may have picked it up already
            current = self._session(conn, ref)
            if current is not None and current.queued_through < through_seq:
                self._put_session(conn, current.model_copy(update={"queued_through": through_seq}))

    def job(self, ref: SessionRef, job_id: str) -> ExtractionRecord | None:
        row = (
            self.db.connection()
            .execute(f"SELECT doc FROM session_jobs WHERE {_REF} AND job_id = ?", (*_ref(ref), job_id))
            .fetchone()
        )
        return ExtractionRecord.model_validate_json(row["doc"]) if row else None

    def put_job(self, ref: SessionRef, job: ExtractionRecord) -> None:
        with self.db.write() as conn:
            self._put_job(conn, ref, job)

    def jobs(self, ref: SessionRef, limit: int) -> list[ExtractionRecord]:
        rows = self.db.connection().execute(
            f"SELECT doc FROM session_jobs WHERE {_REF} ORDER BY job_id DESC LIMIT ?", (*_ref(ref), limit)
        )
        return [ExtractionRecord.model_validate_json(r["doc"]) for r in rows]

    # ------------------------------------------------------------------ facts

    def fact(self, ref: SessionRef, fact_key: str) -> FactRecord | None:
        row = (
            self.db.connection()
            .execute(f"SELECT doc FROM session_facts WHERE {_REF} AND fact_key = ?", (*_ref(ref), fact_key))
            .fetchone()
        )
        return FactRecord.model_validate_json(row["doc"]) if row else None

    def put_fact(self, ref: SessionRef, fact: FactRecord) -> None:
        with self.db.write() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO session_facts (tenant, user_id, session_id, fact_key, memory_id, doc)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (*_ref(ref), fact.fact_key, fact.memory_id, fact.model_dump_json()),
            )

    def facts(self, ref: SessionRef) -> list[FactRecord]:
        rows = self.db.connection().execute(
            f"SELECT doc FROM session_facts WHERE {_REF} ORDER BY fact_key", _ref(ref)
        )
        return sorted(
            (FactRecord.model_validate_json(r["doc"]) for r in rows), key=lambda f: (f.at, f.fact_key)
        )

    def sessions_of(self, tenant: str, memory_id: str) -> list[SessionRef]:
        rows = self.db.connection().execute(
            "SELECT DISTINCT user_id, session_id FROM session_facts WHERE tenant = ? AND memory_id = ?",
            (tenant, memory_id),
        )
        return [SessionRef(tenant, r["user_id"], r["session_id"]) for r in rows]

    # ------------------------------------------------------------------ checkpoints

    def put_checkpoint(self, ref: SessionRef, checkpoint: Checkpoint) -> None:
        with self.db.write() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO session_checkpoints (tenant, user_id, session_id, checkpoint_id, doc)"
                " VALUES (?, ?, ?, ?, ?)",
                (*_ref(ref), checkpoint.id, checkpoint.model_dump_json()),
            )

    def checkpoints(self, ref: SessionRef, limit: int) -> list[Checkpoint]:
        rows = self.db.connection().execute(
            f"SELECT doc FROM session_checkpoints WHERE {_REF} ORDER BY checkpoint_id DESC LIMIT ?",
            (*_ref(ref), limit),
        )
        return [Checkpoint.model_validate_json(r["doc"]) for r in rows]

    def delete_checkpoints(self, ref: SessionRef, ids: Sequence[str]) -> None:
        if not ids:
            return
        with self.db.write() as conn:
            conn.executemany(
                f"DELETE FROM session_checkpoints WHERE {_REF} AND checkpoint_id = ?",
                [(*_ref(ref), i) for i in ids],
            )

    # ------------------------------------------------------------------ quota

    def set_transcript_cap(self, tenant: str, max_bytes: int | None) -> TranscriptQuota | None:
        """Cap the tenant's transcripts at `max_bytes` bytes of message content (None lifts the cap);
        the counter starts at what its transcripts hold now, counted in the same transaction."""
        with self.db.write() as conn:
            if max_bytes is None:
                conn.execute("DELETE FROM transcript_quota WHERE tenant = ?", (tenant,))
                return None
            used = conn.execute(
                f"SELECT {_BYTES} FROM session_messages WHERE tenant = ?", (tenant,)
            ).fetchone()[0]
            conn.execute(
                "INSERT INTO transcript_quota (tenant, max_bytes, used) VALUES (?, ?, ?)"
                " ON CONFLICT (tenant) DO UPDATE SET max_bytes = excluded.max_bytes, used = excluded.used",
                (tenant, max_bytes, used),
            )
        return TranscriptQuota(max_bytes=max_bytes, used=int(used))

    def transcript_quota(self, tenant: str) -> TranscriptQuota | None:
        row = (
            self.db.connection()
            .execute("SELECT max_bytes, used FROM transcript_quota WHERE tenant = ?", (tenant,))
            .fetchone()
        )
        return TranscriptQuota(max_bytes=row["max_bytes"], used=row["used"]) if row else None

    # ------------------------------------------------------------------ delete

    def delete(self, ref: SessionRef) -> int:
        with self.db.write() as conn:
            uncount_transcripts(conn, ref.tenant, _REF, _ref(ref))
            deleted = conn.execute(f"DELETE FROM session_messages WHERE {_REF}", _ref(ref)).rowcount
            for table in ("session_jobs", "session_facts", "session_checkpoints", "sessions"):
                conn.execute(f"DELETE FROM {table} WHERE {_REF}", _ref(ref))
        return deleted

    # ------------------------------------------------------------------ rows

    @staticmethod
    def _session(conn: sqlite3.Connection, ref: SessionRef) -> SessionInfo | None:
        row = conn.execute(f"SELECT doc FROM sessions WHERE {_REF}", _ref(ref)).fetchone()
        return SessionInfo.model_validate_json(row["doc"]) if row else None

    @staticmethod
    def _put_session(conn: sqlite3.Connection, session: SessionInfo) -> None:
        conn.execute(
            "INSERT OR REPLACE INTO sessions (tenant, user_id, session_id, doc) VALUES (?, ?, ?, ?)",
            (*_ref(session.ref), session.model_dump_json()),
        )

    @staticmethod
    def _put_job(
        conn: sqlite3.Connection, ref: SessionRef, job: ExtractionRecord, replace: bool = True
    ) -> None:
        verb = "INSERT OR REPLACE" if replace else "INSERT OR IGNORE"
        conn.execute(
            f"{verb} INTO session_jobs (tenant, user_id, session_id, job_id, doc) VALUES (?, ?, ?, ?, ?)",
            (*_ref(ref), job.job_id, job.model_dump_json()),
        )
