"""MemoryStore on SQLite: the embedded default. Same semantics as the DynamoDB store.

Dedup is a partial unique index over live memories' (tenant, user_id, project, namespace,
content_hash), with insert-or-dedup one `INSERT … ON CONFLICT DO NOTHING`, so identical concurrent
writes cannot both insert. The FTS5 row is written in the same transaction (read-your-writes).
"""

from __future__ import annotations

import builtins
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import datetime
from functools import cache, partial
from typing import Any

from pydantic import TypeAdapter
from typing_extensions import TypedDict

from engram.adapters.cursor import decode_cursor, encode_cursor
from engram.adapters.sqlite.db import SqliteDatabase, fts_scope, iso
from engram.adapters.sqlite.filters import metadata_predicate
from engram.domain.errors import Conflict, QuotaExceeded
from engram.domain.models import EnrichmentState, HistoryRecord, Memory, Status, utcnow
from engram.domain.quotas import memory_cap_message
from engram.domain.scoring import Candidate
from engram.ports import InsertResult, ListQuery, Page

COLUMNS = (
    "id, tenant, user_id, project, namespace, content_hash, status, enrichment_state, updated_at,"
    " observed_at, hits, retrieval_count, last_retrieved_at, doc"
)
# Counters are updated in place by increments; the JSON doc holds everything else.
_COUNTERS = ("hits", "retrieval_count", "last_retrieved_at")


def _doc(memory: Memory) -> str:
    return memory.model_dump_json(exclude=set(_COUNTERS))


def row_values(memory: Memory) -> tuple[Any, ...]:
    updated = iso(memory.updated_at)  # a new memory was observed when it was remembered: one format
    observed = updated if memory.observed_at == memory.updated_at else iso(memory.observed_at)
    return (
        memory.id,
        memory.tenant,
        memory.user_id,
        memory.project,
        memory.namespace,
        memory.content_hash,
        memory.status.value,
        memory.enrichment.state.value,
        updated,
        observed,
        memory.hits,
        memory.retrieval_count,
        iso(memory.last_retrieved_at) if memory.last_retrieved_at else None,
        _doc(memory),
    )


# What a memory is read from: the doc and the counters. Recall loads ~100 memories per query by id,
# and converting the other columns (the doc repeats them) was about a sixth of that load.
_LOAD = "id, doc, hits, retrieval_count, last_retrieved_at"


def row_to_memory(row: sqlite3.Row) -> Memory:
    return _memory(row["doc"], row["hits"], row["retrieval_count"], row["last_retrieved_at"])


def _memory(doc: str, hits: int, retrieval_count: int, last_retrieved_at: str | None) -> Memory:
    # The counters live in columns (they change without rewriting the doc); they are spliced into the
    # doc's JSON object so pydantic parses and validates it in one pass (recall reads ~100 per query).
    # The last retrieval is an ISO timestamp: nothing in it needs escaping.
    retrieved = f'"{last_retrieved_at}"' if last_retrieved_at else "null"
    counters = f'"hits":{int(hits)},"retrieval_count":{int(retrieval_count)}'
    return Memory.model_validate_json(f'{doc[:-1]},{counters},"last_retrieved_at":{retrieved}}}')


@cache
def _ranked_fields() -> TypeAdapter[dict[str, Any]]:
    """Reads a doc's Candidate fields (all but the hits column) with Memory's own types: about half
    of what validating the whole memory costs (built on first use, like the domain's models)."""
    typed_dict: Any = TypedDict  # the functional form, over Memory's annotations
    fields = {name: Memory.model_fields[name].annotation for name in Candidate.FIELDS if name != "hits"}
    return TypeAdapter(typed_dict("RankedFields", fields, total=False))


def _candidate(doc: str, hits: int, retrieval_count: int, last_retrieved_at: str | None) -> Candidate:
    memory = partial(_memory, doc, hits, retrieval_count, last_retrieved_at)
    fields = _ranked_fields().validate_json(doc)
    if len(fields) < len(Candidate.FIELDS) - 1:  # a doc from before one of them: the Memory's default
        return Candidate.of(memory())
    fields["hits"] = int(hits)
    return Candidate(fields, memory)


# The model tokens spent on each tenant's enrichment and extraction, as the providers report them.
_MODEL_USAGE = """
CREATE TABLE IF NOT EXISTS model_usage (
    tenant TEXT PRIMARY KEY,
    input_tokens INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL
);
"""


def within_cap(conn: sqlite3.Connection, tenant: str) -> None:
    """QuotaExceeded when the tenant now holds more memories (not deleted) than its cap."""
    cap = conn.execute("SELECT max_memories FROM tenant_limits WHERE tenant = ?", (tenant,)).fetchone()
    if cap is None or cap[0] is None:
        return
    held = conn.execute(
        "SELECT count(*) FROM memories WHERE tenant = ? AND status != 'deleted'", (tenant,)
    ).fetchone()[0]
    if held > cap[0]:
        raise QuotaExceeded(memory_cap_message(cap[0]), limit=cap[0])


_INSERT = f"INSERT INTO memories ({COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT DO NOTHING"
_INDEX_TEXT = "INSERT INTO memories_fts (rowid, content, scope) VALUES (?, ?, ?)"
_HIT = (
    "UPDATE memories SET hits = hits + 1 WHERE tenant = ? AND user_id = ? AND project = ? AND namespace = ?"
    f" AND content_hash = ? AND status != 'deleted' RETURNING {COLUMNS}"
)


def index_text(conn: sqlite3.Connection, seq: int | None, content: str, tenant: str, user_id: str) -> None:
    """The memory's row in memories_fts (rowid: its seq, a cursor's lastrowid after its insert): its words,
    and its user's scope token."""
    conn.execute(_INDEX_TEXT, (seq, content, fts_scope(tenant, user_id)))


def index_hints(conn: sqlite3.Connection, seq: int, memory: Memory) -> None:
    """The memory's row in hints_fts (rowid: its seq), rewritten only when its hints changed; a memory
    without hints has none."""
    text = "\n".join(memory.hints)
    row = conn.execute("SELECT content FROM hints_fts WHERE rowid = ?", (seq,)).fetchone()
    if (row[0] if row else "") == text:
        return
    conn.execute("DELETE FROM hints_fts WHERE rowid = ?", (seq,))
    if text:
        conn.execute(
            "INSERT INTO hints_fts (rowid, content, scope) VALUES (?, ?, ?)",
            (seq, text, fts_scope(memory.tenant, memory.user_id)),
        )


class SqliteMemoryStore:
    def __init__(self, db: SqliteDatabase) -> None:
        self.db = db
        self.db.connection().executescript(_MODEL_USAGE)

    # ------------------------------------------------------------------ model tokens

    def add_model_tokens(self, tenant: str, input_tokens: int, output_tokens: int) -> None:
        """Add the model tokens a job spent to the tenant's counter."""
        with self.db.write() as conn:
            conn.execute(
                "INSERT INTO model_usage (tenant, input_tokens, output_tokens) VALUES (?, ?, ?)"
                " ON CONFLICT (tenant) DO UPDATE SET input_tokens = input_tokens + excluded.input_tokens,"
                " output_tokens = output_tokens + excluded.output_tokens",
                (tenant, input_tokens, output_tokens),
            )

    def model_tokens(self, tenant: str) -> tuple[int, int]:
        """The tenant's model tokens so far: (input, output)."""
        row = (
            self.db.connection()
            .execute("SELECT input_tokens, output_tokens FROM model_usage WHERE tenant = ?", (tenant,))
            .fetchone()
        )
        return (row[0], row[1]) if row else (0, 0)

    # ------------------------------------------------------------------ writes

    def insert_or_dedup(self, memory: Memory) -> InsertResult:
        return self.prepare_insert(memory)()

    def prepare_insert(self, memory: Memory) -> Callable[[], InsertResult]:
        """The insert-or-dedup of `memory`, its row and JSON doc made now (outside the write lock; the
        full-text scope's hash is cached). Run in a unit of work, it adds no savepoint of its own: its one
        error (QuotaExceeded) ends the unit too."""
        values = row_values(memory)
        dedup_key = (memory.tenant, memory.user_id, memory.project, memory.namespace, memory.content_hash)

        def insert() -> InsertResult:
            with self.db.write(savepoint=False) as conn:
                cur = conn.execute(_INSERT, values)
                if cur.rowcount == 1:
                    within_cap(conn, memory.tenant)  # counted with the insert: a raise rolls it back
                    index_text(conn, cur.lastrowid, memory.content, memory.tenant, memory.user_id)
                    return InsertResult(memory, created=True)
                row = conn.execute(_HIT, dedup_key).fetchone()
            return InsertResult(row_to_memory(row), created=False)

        return insert

    def put(self, memory: Memory, expected_updated_at: datetime | None = None) -> Memory:
        sql = (
            "UPDATE memories SET status = ?, enrichment_state = ?, updated_at = ?, observed_at = ?, doc = ?"
            " WHERE tenant = ? AND id = ? AND content_hash = ?"
        )
        params: list[Any] = [
            memory.status.value,
            memory.enrichment.state.value,
            iso(memory.updated_at),
            iso(memory.observed_at),
            _doc(memory),
            memory.tenant,
            memory.id,
            memory.content_hash,
        ]
        if expected_updated_at is not None:
            sql += " AND updated_at = ?"
            params.append(iso(expected_updated_at))
        with self.db.write() as conn:
            row = conn.execute(sql + " RETURNING seq, " + COLUMNS, params).fetchone()
            if row is not None:
                index_hints(conn, row["seq"], memory)
        if row is None:
            raise Conflict(f"memory {memory.id} changed concurrently; retry")
        return row_to_memory(row)

    def replace_content(self, old: Memory, new: Memory) -> Memory:
        try:
            with self.db.write() as conn:
                row = conn.execute(
                    "UPDATE memories SET content_hash = ?, status = ?, enrichment_state = ?, updated_at = ?,"
                    " observed_at = ?, doc = ? WHERE tenant = ? AND id = ? AND updated_at = ?"
                    f" RETURNING seq, {COLUMNS}",
                    (
                        new.content_hash,
                        new.status.value,
                        new.enrichment.state.value,
                        iso(new.updated_at),
                        iso(new.observed_at),
                        _doc(new),
                        old.tenant,
                        old.id,
                        iso(old.updated_at),
                    ),
                ).fetchone()
                if row is None:
                    raise Conflict(f"memory {old.id} changed concurrently; retry")
                conn.execute("DELETE FROM memories_fts WHERE rowid = ?", (row["seq"],))
                conn.execute("DELETE FROM hints_fts WHERE rowid = ?", (row["seq"],))  # of the old content
                index_text(conn, row["seq"], new.content, old.tenant, old.user_id)
        except sqlite3.IntegrityError as exc:
            raise Conflict("the same content already exists in this scope") from exc
        return row_to_memory(row)

    def delete(self, tenant: str, memory_id: str) -> Memory | None:
        with self.db.write() as conn:
            row = conn.execute(
                f"SELECT seq, {COLUMNS} FROM memories WHERE tenant = ? AND id = ? AND status != 'deleted'",
                (tenant, memory_id),
            ).fetchone()
            if row is None:
                return None
            now = utcnow()
            memory = row_to_memory(row).model_copy(update={"status": Status.deleted, "updated_at": now})
            conn.execute(
                "UPDATE memories SET status = 'deleted', updated_at = ?, doc = ? WHERE seq = ?",
                (iso(now), _doc(memory), row["seq"]),
            )
            conn.execute("DELETE FROM memories_fts WHERE rowid = ?", (row["seq"],))
            conn.execute("DELETE FROM hints_fts WHERE rowid = ?", (row["seq"],))
        return memory

    def purge(self, tenant: str, memory_id: str) -> None:
        with self.db.write() as conn:
            row = conn.execute(
                "DELETE FROM memories WHERE tenant = ? AND id = ? RETURNING seq", (tenant, memory_id)
            ).fetchone()
            if row is not None:
                conn.execute("DELETE FROM memories_fts WHERE rowid = ?", (row["seq"],))
                conn.execute("DELETE FROM hints_fts WHERE rowid = ?", (row["seq"],))
            conn.execute("DELETE FROM vectors WHERE tenant = ? AND id = ?", (tenant, memory_id))
            conn.execute("DELETE FROM history WHERE tenant = ? AND memory_id = ?", (tenant, memory_id))

    def increment_retrievals(self, tenant: str, counts: dict[str, int], at: datetime) -> None:
        stamp = iso(at)
        with self.db.write() as conn:
            conn.executemany(
                "UPDATE memories SET retrieval_count = retrieval_count + ?,"
                " last_retrieved_at = max(coalesce(last_retrieved_at, ''), ?) WHERE tenant = ? AND id = ?",
                [(n, stamp, tenant, memory_id) for memory_id, n in counts.items()],
            )

    def claim_once(self, key: str, at: datetime) -> bool:
        with self.db.write() as conn:
            cur = conn.execute("INSERT OR IGNORE INTO processed_jobs (key, at) VALUES (?, ?)", (key, iso(at)))
            return cur.rowcount == 1

    def add_hits(self, tenant: str, memory_id: str, n: int) -> None:
        with self.db.write() as conn:
            conn.execute(
                "UPDATE memories SET hits = hits + ? WHERE tenant = ? AND id = ?", (n, tenant, memory_id)
            )

    # ------------------------------------------------------------------ reads

    def get(self, tenant: str, memory_id: str) -> Memory | None:
        row = (
            self.db.connection()
            .execute(f"SELECT {COLUMNS} FROM memories WHERE tenant = ? AND id = ?", (tenant, memory_id))
            .fetchone()
        )
        return row_to_memory(row) if row else None

    def get_many(self, tenant: str, memory_ids: Sequence[str]) -> list[Memory]:
        return [_memory(*row) for row in self._loads(tenant, memory_ids)]

    def candidates(self, tenant: str, memory_ids: Sequence[str]) -> list[Candidate]:
        """get_many as recall ranks them: each memory's Candidate, its whole Memory built when asked."""
        return [_candidate(*row) for row in self._loads(tenant, memory_ids)]

    def _loads(self, tenant: str, memory_ids: Sequence[str]) -> Iterator[tuple[str, int, int, str | None]]:
        """(doc, hits, retrieval_count, last_retrieved_at) of each of these memories of the tenant
        that exists, in the order asked (once each)."""
        found: dict[str, tuple[str, int, int, str | None]] = {}
        ids = list(dict.fromkeys(memory_ids))
        for i in range(0, len(ids), 500):
            chunk = ids[i : i + 500]
            marks = ",".join("?" * len(chunk))
            for memory_id, doc, hits, retrieval_count, last in self.db.connection().execute(
                # by the (tenant, id) unique index: one lookup an id
                f"SELECT {_LOAD} FROM memories WHERE tenant = ? AND id IN ({marks})",
                (tenant, *chunk),
            ):
                found[memory_id] = (doc, hits, retrieval_count, last)
        return (found[i] for i in ids if i in found)

    def list(self, query: ListQuery) -> Page:
        if not query.user_id:
            raise ValueError("list needs a user_id")
        where = ["tenant = ?", "user_id = ?"]
        params: list[Any] = [query.tenant, query.user_id]
        for column, value in (("project", query.project), ("namespace", query.namespace)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if query.status is None:
            where.append("status != 'deleted'")
        else:
            where.append("status = ?")
            params.append(query.status.value)
        for field, value in (("agent_id", query.agent_id), ("run_id", query.run_id)):
            if value is not None:
                where.append(f"json_extract(m.doc, '$.{field}') = ?")
                params.append(value)
        if query.review_needed is not None:
            where.append("coalesce(json_extract(m.doc, '$.review_needed'), 0) = ?")
            params.append(int(query.review_needed))
        if query.metadata is not None:
            sql, more = metadata_predicate(query.metadata, "m")
            where.append(sql)
            params.extend(more)
        if query.cursor:
            where.append("id < ?")
            params.append(decode_cursor(query.cursor, ("before",))["before"])
        rows = (
            self.db.connection()
            .execute(
                f"SELECT {COLUMNS} FROM memories m WHERE {' AND '.join(where)} ORDER BY id DESC LIMIT ?",
                (*params, query.limit + 1),
            )
            .fetchall()
        )
        items = [row_to_memory(r) for r in rows[: query.limit]]
        cursor = encode_cursor({"before": items[-1].id}) if len(rows) > query.limit else None
        return Page(items, cursor)

    def scan(self, cursor: str | None, limit: int, tenant: str | None = None) -> Page:
        where, params = ["seq > ?"], [decode_cursor(cursor, ("after",))["after"] if cursor else 0]
        if tenant is not None:
            where.append("tenant = ?")
            params.append(tenant)
        rows = (
            self.db.connection()
            .execute(
                f"SELECT seq, {COLUMNS} FROM memories WHERE {' AND '.join(where)} ORDER BY seq LIMIT ?",
                (*params, limit + 1),
            )
            .fetchall()
        )
        page = rows[:limit]
        next_cursor = encode_cursor({"after": page[-1]["seq"]}) if len(rows) > limit else None
        return Page([row_to_memory(r) for r in page], next_cursor)

    def find_by_enrichment_state(
        self, state: EnrichmentState, updated_before: datetime, limit: int, cursor: str | None = None
    ) -> Page:
        after = decode_cursor(cursor, ("after",))["after"] if cursor else ""
        rows = (
            self.db.connection()
            .execute(
                f"SELECT {COLUMNS}, updated_at || '#' || id AS pos FROM memories"
                " WHERE enrichment_state = ? AND updated_at < ? AND updated_at || '#' || id > ?"
                " ORDER BY updated_at, id LIMIT ?",
                (state.value, iso(updated_before), after, limit + 1),
            )
            .fetchall()
        )
        page = rows[:limit]
        next_cursor = encode_cursor({"after": page[-1]["pos"]}) if len(rows) > limit else None
        return Page([row_to_memory(r) for r in page], next_cursor)

    # ------------------------------------------------------------------ history

    def add_history(self, records: Iterable[HistoryRecord]) -> None:
        rows = [(r.id, r.tenant, r.memory_id, iso(r.at), r.model_dump_json()) for r in records]
        if not rows:
            return
        with self.db.write() as conn:
            conn.executemany(
                "INSERT OR IGNORE INTO history (id, tenant, memory_id, at, doc) VALUES (?,?,?,?,?)", rows
            )

    def history(self, tenant: str, memory_id: str) -> builtins.list[HistoryRecord]:
        rows = self.db.connection().execute(
            "SELECT doc FROM history WHERE tenant = ? AND memory_id = ? ORDER BY at, id", (tenant, memory_id)
        )
        return [HistoryRecord.model_validate_json(r["doc"]) for r in rows]

    def purge_history(self, older_than: datetime, limit: int) -> int:
        with self.db.write() as conn:
            cur = conn.execute(
                "DELETE FROM history WHERE rowid IN"
                " (SELECT rowid FROM history WHERE at < ? ORDER BY at LIMIT ?)",
                (iso(older_than), limit),
            )
            return cur.rowcount
