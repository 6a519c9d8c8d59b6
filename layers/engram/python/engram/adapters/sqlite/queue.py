"""JobQueue on a SQLite table, with leases, retries and a dead state: the local stand-in for SQS."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from pydantic import TypeAdapter

from engram.adapters.sqlite.db import SqliteDatabase, iso, parse_iso
from engram.domain.health import HealthFigures
from engram.domain.models import utcnow
from engram.ports import Job, JobEnvelope

_JOB = TypeAdapter(JobEnvelope)


@dataclass(frozen=True)
class ClaimedJob:
    id: int
    job: Job
    attempts: int  # including this one


# A job `claim` may lease now: queued and due, or running with an expired lease (params: now, now).
_READY = "(state = 'queued' AND available_at <= ?) OR (state = 'running' AND lease_until < ?)"


class SqliteJobQueue:
    def __init__(self, db: SqliteDatabase, *, max_attempts: int = 5, lease_s: float = 120.0) -> None:
        self.db = db
        self.max_attempts = max_attempts
        self.lease = timedelta(seconds=lease_s)

    def enqueue(self, jobs: Sequence[Job]) -> None:
        if not jobs:
            return
        now = iso(utcnow())
        rows = [(j.kind, j.model_dump_json(), now, now, now) for j in jobs]
        # Queued in a unit of work (Remember's), one job is one statement: it needs no savepoint to
        # fail alone.
        with self.db.write(savepoint=len(rows) > 1) as conn:
            conn.executemany(
                "INSERT INTO jobs (kind, payload, available_at, created_at, updated_at) VALUES (?,?,?,?,?)",
                rows,
            )

    def claim(self, limit: int, now: datetime | None = None) -> list[ClaimedJob]:
        """Lease up to `limit` ready jobs (queued, or running with an expired lease). An empty queue is
        seen by a read first: a worker polling it takes no write lock from the writers."""
        now = now or utcnow()
        if not self.ready(now):
            return []
        stamp = iso(now)
        with self.db.write() as conn:
            rows = conn.execute(
                "UPDATE jobs SET state = 'running', attempts = attempts + 1, lease_until = ?, updated_at = ?"
                f" WHERE id IN (SELECT id FROM jobs WHERE {_READY} ORDER BY id LIMIT ?)"
                " RETURNING id, payload, attempts",
                (iso(now + self.lease), stamp, stamp, stamp, limit),
            ).fetchall()
        claimed = []
        for row in rows:
            job = _JOB.validate_json('{"job":' + row["payload"] + "}").job
            claimed.append(ClaimedJob(row["id"], job, row["attempts"]))
        return sorted(claimed, key=lambda c: c.id)

    def ready(self, now: datetime | None = None) -> bool:
        """Whether `claim` would find a job now."""
        stamp = iso(now or utcnow())
        row = (
            self.db.connection()
            .execute(f"SELECT 1 FROM jobs WHERE {_READY} LIMIT 1", (stamp, stamp))
            .fetchone()
        )
        return row is not None

    def queued_since(self, since: datetime, jobs: int) -> bool:
        """Whether at least `jobs` jobs were queued after `since`: the created_at of the `jobs`-th
        newest job, read backwards along the rowid (a few rows, whatever the table's size)."""
        row = (
            self.db.connection()
            .execute("SELECT created_at FROM jobs ORDER BY id DESC LIMIT 1 OFFSET ?", (jobs - 1,))
            .fetchone()
        )
        return row is not None and row[0] > iso(since)

    def longest_wait(self, now: datetime | None = None) -> timedelta:
        """How long the queued job due first has been due (zero when none is): one step along the
        (state, available_at) index."""
        now = now or utcnow()
        row = (
            self.db.connection()
            .execute("SELECT min(available_at) FROM jobs WHERE state = 'queued'")
            .fetchone()
        )
        due = parse_iso(row[0]) if row else None
        return max(timedelta(0), now - due) if due else timedelta(0)

    def complete(self, job_ids: Sequence[int]) -> None:
        now = iso(utcnow())
        with self.db.write() as conn:
            conn.executemany(
                "UPDATE jobs SET state = 'done', lease_until = NULL, updated_at = ? WHERE id = ?",
                [(now, i) for i in job_ids],
            )

    def fail(self, job_id: int, error: str, attempts: int) -> str:
        """Record a failed attempt: back off and retry, or mark dead after max_attempts."""
        now = utcnow()
        dead = attempts >= self.max_attempts
        state = "dead" if dead else "queued"
        backoff = timedelta(seconds=min(300, 2**attempts))
        with self.db.write() as conn:
            conn.execute(
                "UPDATE jobs SET state = ?, available_at = ?, lease_until = NULL, last_error = ?,"
                " updated_at = ?"
                " WHERE id = ?",
                (state, iso(now + backoff), error[:500], iso(now), job_id),
            )
        return state

    def depth(self) -> dict[str, int]:
        rows = self.db.connection().execute("SELECT state, count(*) AS n FROM jobs GROUP BY state")
        counts = {r["state"]: r["n"] for r in rows}
        return {
            "queued": counts.get("queued", 0),
            "in_flight": counts.get("running", 0),
            "dead": counts.get("dead", 0),
            "done": counts.get("done", 0),
        }

    def catch_up(self, now: datetime | None = None, window_s: float = 60.0) -> dict[str, float | int | None]:
        """How far enrichment is behind: jobs pending (queued or running), jobs done in the last
        `window_s` and that rate a second, and the seconds the pending ones take at it (None when
        none was done: no rate to tell by). `engram stats` prints it after a burst of writes."""
        now = now or utcnow()
        pending, done = (
            self.db.connection()
            .execute(
                "SELECT (SELECT count(*) FROM jobs WHERE state IN ('queued', 'running')),"
                " (SELECT count(*) FROM jobs WHERE state = 'done' AND updated_at >= ?)",
                (iso(now - timedelta(seconds=window_s)),),
            )
            .fetchone()
        )
        rate = done / window_s
        eta = round(pending / rate, 1) if rate else (0.0 if not pending else None)
        return {"pending": pending, "done_recently": done, "rate_per_s": round(rate, 2), "eta_s": eta}

    keeps_finished = True  # done jobs stay in the table until the janitor's retention purges them

    def redrive_dead(self, limit: int) -> int:
        now = iso(utcnow())
        with self.db.write() as conn:
            return conn.execute(
                "UPDATE jobs SET state = 'queued', attempts = 0, available_at = ?, updated_at = ?"
                " WHERE id IN (SELECT id FROM jobs WHERE state = 'dead' ORDER BY id LIMIT ?)",
                (now, now, limit),
            ).rowcount

    def purge_finished(self, older_than: datetime, limit: int) -> int:
        """Delete finished jobs, and the processed-job markers (JobClaims.claim_once) of the same age."""
        with self.db.write() as conn:
            conn.execute(
                "DELETE FROM processed_jobs WHERE key IN"
                " (SELECT key FROM processed_jobs WHERE at < ? LIMIT ?)",
                (iso(older_than), limit),
            )
            return conn.execute(
                "DELETE FROM jobs WHERE id IN (SELECT id FROM jobs WHERE state = 'done' AND updated_at < ?"
                " ORDER BY id LIMIT ?)",
                (iso(older_than), limit),
            ).rowcount

    def job_health(self, since: datetime, now: datetime) -> HealthFigures:
        """Jobs touched since `since` and every dead one (a dead job stays a fault whatever its age),
        the dead among them; running jobs and those whose lease ran out."""
        row = (
            self.db.connection()
            .execute(
                "SELECT count(*), coalesce(sum(state = 'dead'), 0),"
                " (SELECT count(*) FROM jobs WHERE state = 'running'),"
                " (SELECT count(*) FROM jobs WHERE state = 'running' AND lease_until < ?)"
                " FROM jobs WHERE updated_at >= ? OR state = 'dead'",
                (iso(now), iso(since)),
            )
            .fetchone()
        )
        return HealthFigures(jobs_recent=row[0], jobs_dead=row[1], jobs_running=row[2], stale_leases=row[3])

    def release_stale_leases(self, now: datetime, limit: int) -> int:
        """Queue again up to `limit` running jobs whose lease ran out (their worker died holding them)."""
        stamp = iso(now)
        with self.db.write() as conn:
            return conn.execute(
                "UPDATE jobs SET state = 'queued', lease_until = NULL, available_at = ?, updated_at = ?"
                " WHERE id IN (SELECT id FROM jobs WHERE state = 'running' AND lease_until < ?"
                " ORDER BY id LIMIT ?)",
                (stamp, stamp, stamp, limit),
            ).rowcount
