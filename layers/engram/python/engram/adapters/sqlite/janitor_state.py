"""JanitorState (and the stats counter) on the embedded default's SQLite database.

Job state is one row per job in `janitor_runs`; memory counts are one GROUP BY over indexed columns,
exact and cheap at any size. Self-repair's state is one JSON row per action in `health_repairs`; the
health score's index figures are read here too.
"""

from __future__ import annotations

import json

from engram.adapters.sqlite.db import SqliteDatabase, fts_scope, iso, parse_iso
from engram.domain.health import HealthFigures, Repair, RepairState
from engram.ports import JanitorJob, JobState, MemoryCounts

_HEALTH_SCHEMA = "CREATE TABLE IF NOT EXISTS health_repairs (action TEXT PRIMARY KEY, state TEXT NOT NULL)"


class SqliteJanitorState:
    def __init__(self, db: SqliteDatabase, model: str = "") -> None:
        """`model`: the configured embedding model; only its vectors count as embedded ("": any)."""
        self.db = db
        self.model = model
        with self.db.write() as conn:
            conn.execute(_HEALTH_SCHEMA)

    def load(self, job: JanitorJob) -> JobState:
        row = (
            self.db.connection()
            .execute("SELECT last_run_at, cursor, summary FROM janitor_runs WHERE job = ?", (job.value,))
            .fetchone()
        )
        if row is None:
            return JobState(job=job)
        return JobState(
            job=job,
            last_run_at=parse_iso(row["last_run_at"]),
            cursor=row["cursor"],
            summary=json.loads(row["summary"]) if row["summary"] else {},
        )

    def save(self, state: JobState) -> None:
        with self.db.write() as conn:
            conn.execute(
                "INSERT INTO janitor_runs (job, last_run_at, cursor, summary) VALUES (?,?,?,?)"
                " ON CONFLICT(job) DO UPDATE SET last_run_at = excluded.last_run_at,"
                " cursor = excluded.cursor, summary = excluded.summary",
                (
                    state.job.value,
                    iso(state.last_run_at) if state.last_run_at else None,
                    state.cursor,
                    json.dumps(state.summary, separators=(",", ":")),
                ),
            )

    def count_memories(self, tenant: str | None = None) -> MemoryCounts:
        where, params = ("WHERE tenant = ?", (tenant,)) if tenant is not None else ("", ())
        rows = self.db.connection().execute(
            f"SELECT status, enrichment_state, count(*) AS n FROM memories {where}"
            " GROUP BY status, enrichment_state",
            params,
        )
        status: dict[str, int] = {}
        enrichment: dict[str, int] = {}
        for row in rows:
            status[row["status"]] = status.get(row["status"], 0) + row["n"]
            if row["status"] != "deleted":
                state = row["enrichment_state"]
                enrichment[state] = enrichment.get(state, 0) + row["n"]
        return MemoryCounts(status=status, enrichment=enrichment)

    # ------------------------------------------------------------------ health

    def load_repair(self, action: Repair) -> RepairState:
        row = (
            self.db.connection()
            .execute("SELECT state FROM health_repairs WHERE action = ?", (action.value,))
            .fetchone()
        )
        return RepairState(action=action) if row is None else RepairState.model_validate_json(row[0])

    def save_repair(self, state: RepairState) -> None:
        with self.db.write() as conn:
            conn.execute(
                "INSERT INTO health_repairs (action, state) VALUES (?, ?)"
                " ON CONFLICT(action) DO UPDATE SET state = excluded.state",
                (state.action.value, state.model_dump_json()),
            )

    def index_figures(self) -> HealthFigures:
        row = (
            self.db.connection()
            .execute(
                "SELECT count(*),"
                " coalesce(sum(EXISTS (SELECT 1 FROM memories_fts f WHERE f.rowid = m.seq)), 0),"
                " coalesce(sum(m.enrichment_state = 'done'), 0),"
                " coalesce(sum(m.enrichment_state = 'done' AND EXISTS"
                " (SELECT 1 FROM vectors v WHERE v.tenant = m.tenant AND v.id = m.id"
                " AND (? = '' OR v.model = ?))), 0)"
                " FROM memories m WHERE m.status = 'active'",
                (self.model, self.model),
            )
            .fetchone()
        )
        return HealthFigures(
            active=row[0], active_indexed=row[1], enriched=row[2], enriched_with_vector=row[3]
        )

    def rebuild_text_index(self) -> int:
        added = 0
        with self.db.write() as conn:
            rows = conn.execute(
                "SELECT seq, tenant, user_id, json_extract(doc, '$.content') AS content FROM memories m"
                " WHERE status = 'active' AND NOT EXISTS (SELECT 1 FROM memories_fts f WHERE f.rowid = m.seq)"
            ).fetchall()
            for row in rows:
                conn.execute(
                    "INSERT INTO memories_fts (rowid, content, scope) VALUES (?, ?, ?)",
                    (row["seq"], row["content"] or "", fts_scope(row["tenant"], row["user_id"])),
                )
                added += 1
        return added
