"""JanitorState (and the stats counter) on the embedded default's SQLite database.

Job state lives in the `janitor_runs` table (one row per job); memory counts are one GROUP BY over
the `memories` table's indexed columns, so `engram stats` is exact and cheap at any size.
"""

from __future__ import annotations

import json

from engram.adapters.sqlite_db import SqliteDatabase, iso, parse_iso
from engram.ports import JanitorJob, JobState, MemoryCounts


class SqliteJanitorState:
    def __init__(self, db: SqliteDatabase) -> None:
        self.db = db

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
