"""Change events on the embedded default: the outbox, the webhook endpoints and their deliveries.

Triggers copy each change of a tenant with a webhook (the row's images, without content) into
`change_log` inside the writing transaction, whatever code path wrote it. `fan_out` turns rows into
events and deliveries in one write; a delivery goes after a 2xx, or is retried, then kept as dead.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from engram.adapters.sqlite.db import SqliteDatabase, iso
from engram.domain.events import (
    ChangeEvent,
    EventType,
    WebhookEndpoint,
    change_events,
    new_event,
)
from engram.ids import new_id
from engram.ports import DeadDelivery, Delivery

_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
_HAS_WEBHOOK = "EXISTS (SELECT 1 FROM webhooks WHERE tenant = {row}.tenant)"

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS webhooks (
    tenant TEXT NOT NULL,
    id TEXT NOT NULL,
    secret TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (tenant, id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS change_log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant TEXT NOT NULL,
    kind TEXT NOT NULL,
    old_doc TEXT,
    new_doc TEXT,
    at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS webhook_events (
    tenant TEXT NOT NULL,
    id TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (tenant, id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS webhook_deliveries (
    webhook_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    tenant TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_at TEXT NOT NULL,
    last_error TEXT,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (webhook_id, event_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries(state, next_at);
CREATE TRIGGER IF NOT EXISTS change_log_memory_insert AFTER INSERT ON memories
WHEN {_HAS_WEBHOOK.format(row="new")} BEGIN
    INSERT INTO change_log (tenant, kind, old_doc, new_doc, at)
    VALUES (new.tenant, 'memory', NULL, json_remove(new.doc, '$.content'), {_NOW});
END;
CREATE TRIGGER IF NOT EXISTS change_log_memory_update AFTER UPDATE OF doc ON memories
WHEN old.doc IS NOT new.doc AND {_HAS_WEBHOOK.format(row="new")} BEGIN
    INSERT INTO change_log (tenant, kind, old_doc, new_doc, at)
    VALUES (new.tenant, 'memory', json_remove(old.doc, '$.content'), json_remove(new.doc, '$.content'),
            {_NOW});
END;
CREATE TRIGGER IF NOT EXISTS change_log_memory_delete AFTER DELETE ON memories
WHEN old.status != 'deleted' AND {_HAS_WEBHOOK.format(row="old")} BEGIN
    INSERT INTO change_log (tenant, kind, old_doc, new_doc, at)
    VALUES (old.tenant, 'memory', json_remove(old.doc, '$.content'), NULL, {_NOW});
END;
"""

# Made once the tables they watch exist (their adapters make them).
_DONE = "json_extract(new.doc, '$.state') = 'done'"
LATER_TRIGGERS = {
    "documents": f"""
CREATE TRIGGER IF NOT EXISTS change_log_document_done AFTER UPDATE OF doc ON documents
WHEN {_DONE} AND json_extract(old.doc, '$.state') IS NOT 'done' AND {_HAS_WEBHOOK.format(row="new")} BEGIN
    INSERT INTO change_log (tenant, kind, old_doc, new_doc, at)
    VALUES (new.tenant, 'document', NULL, json_remove(new.doc, '$.title', '$.metadata'), {_NOW});
END;
""",
    # BEFORE: an INSERT OR REPLACE of a done job over a done job is no second event
    "session_jobs": f"""
CREATE TRIGGER IF NOT EXISTS change_log_session_done BEFORE INSERT ON session_jobs
WHEN {_DONE} AND {_HAS_WEBHOOK.format(row="new")} AND NOT EXISTS (
    SELECT 1 FROM session_jobs s WHERE s.tenant = new.tenant AND s.user_id = new.user_id
    AND s.session_id = new.session_id AND s.job_id = new.job_id AND json_extract(s.doc, '$.state') = 'done'
) BEGIN
    INSERT INTO change_log (tenant, kind, old_doc, new_doc, at)
    VALUES (new.tenant, 'session', NULL,
            json_set(new.doc, '$.user_id', new.user_id, '$.session_id', new.session_id), {_NOW});
END;
""",
}


def events_of(
    kind: str, old: str | None, new: str | None, at: str
) -> list[tuple[EventType, dict[str, Any], datetime]]:
    """The events of one outbox row, each with when it happened (the image's updated_at, else the
    time of the write)."""
    old_doc, new_doc = (json.loads(d) if d else None for d in (old, new))
    occurred = datetime.fromisoformat((new_doc or {}).get("updated_at") or at)
    found = change_events(kind, old_doc, new_doc)
    return [(event_type, data, occurred) for event_type, data in found]


class SqliteWebhookStore:
    def __init__(self, db: SqliteDatabase) -> None:
        self.db = db
        conn = db.connection()
        conn.executescript(SCHEMA)
        for table, trigger in LATER_TRIGGERS.items():
            exists = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,))
            if exists.fetchone():
                conn.executescript(trigger)

    # ------------------------------------------------------------------ endpoints

    def add_endpoint(self, endpoint: WebhookEndpoint, secret: str) -> None:
        with self.db.write() as conn:
            conn.execute(
                "INSERT INTO webhooks (tenant, id, secret, doc) VALUES (?, ?, ?, ?)",
                (endpoint.tenant, endpoint.id, secret, endpoint.model_dump_json()),
            )

    def endpoints(self, tenant: str) -> list[WebhookEndpoint]:
        rows = self.db.connection().execute(
            "SELECT doc FROM webhooks WHERE tenant = ? ORDER BY id", (tenant,)
        )
        return [WebhookEndpoint.model_validate_json(r["doc"]) for r in rows]

    def endpoint(self, tenant: str, webhook_id: str) -> tuple[WebhookEndpoint, str] | None:
        row = (
            self.db.connection()
            .execute("SELECT doc, secret FROM webhooks WHERE tenant = ? AND id = ?", (tenant, webhook_id))
            .fetchone()
        )
        return None if row is None else (WebhookEndpoint.model_validate_json(row["doc"]), row["secret"])

    def delete_endpoint(self, tenant: str, webhook_id: str) -> bool:
        """Forget the endpoint and what it had still to receive."""
        with self.db.write() as conn:
            gone = conn.execute("DELETE FROM webhooks WHERE tenant = ? AND id = ?", (tenant, webhook_id))
            conn.execute(
                "DELETE FROM webhook_deliveries WHERE tenant = ? AND webhook_id = ?", (tenant, webhook_id)
            )
            _drop_delivered_events(conn)
            return gone.rowcount > 0

    # ------------------------------------------------------------------ outbox → deliveries

    def fan_out(self, limit: int, now: datetime) -> int:
        """Turn up to `limit` outbox rows into events and their deliveries due at `now`, in one write
        (a crash leaves either the rows or the deliveries, never both or neither). Returns the rows
        taken."""
        with self.db.write() as conn:
            rows = conn.execute(
                "SELECT seq, tenant, kind, old_doc, new_doc, at FROM change_log ORDER BY seq LIMIT ?",
                (limit,),
            ).fetchall()
            if not rows:
                return 0
            endpoints: dict[str, list[WebhookEndpoint]] = {}
            for row in rows:
                tenant = row["tenant"]
                if tenant not in endpoints:
                    endpoints[tenant] = [
                        WebhookEndpoint.model_validate_json(r["doc"])
                        for r in conn.execute("SELECT doc FROM webhooks WHERE tenant = ?", (tenant,))
                    ]
                for event_type, data, at in events_of(row["kind"], row["old_doc"], row["new_doc"], row["at"]):
                    targets = [e for e in endpoints[tenant] if e.wants(event_type)]
                    if targets:
                        event = new_event(event_type, data, at, new_id(at))
                        self._store_event(conn, tenant, event, targets, now)
            conn.execute("DELETE FROM change_log WHERE seq <= ?", (rows[-1]["seq"],))
            return len(rows)

    @staticmethod
    def _store_event(
        conn: sqlite3.Connection,
        tenant: str,
        event: ChangeEvent,
        targets: Sequence[WebhookEndpoint],
        due: datetime,
    ) -> None:
        now = iso(due)
        conn.execute(
            "INSERT INTO webhook_events (tenant, id, body) VALUES (?, ?, ?)",
            (tenant, event.id, event.model_dump_json()),
        )
        conn.executemany(
            "INSERT INTO webhook_deliveries (webhook_id, event_id, tenant, next_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?)",
            [(target.id, event.id, tenant, now, now) for target in targets],
        )

    def pending_changes(self) -> int:
        """Outbox rows not yet turned into deliveries."""
        return int(self.db.connection().execute("SELECT count(*) FROM change_log").fetchone()[0])

    # ------------------------------------------------------------------ deliveries

    def claim_due(self, now: datetime, lease_until: datetime, limit: int) -> list[Delivery]:
        """Up to `limit` pending deliveries due by `now`, leased until `lease_until` (another claim
        skips them until then; a process killed mid-delivery leaves them to be tried again)."""
        with self.db.write() as conn:
            rows = conn.execute(
                "SELECT d.webhook_id, d.event_id, d.tenant, d.attempts, w.secret, w.doc, e.body"
                " FROM webhook_deliveries d"
                " JOIN webhooks w ON w.tenant = d.tenant AND w.id = d.webhook_id"
                " JOIN webhook_events e ON e.tenant = d.tenant AND e.id = d.event_id"
                " WHERE d.state = 'pending' AND d.next_at <= ? ORDER BY d.next_at, d.event_id LIMIT ?",
                (iso(now), limit),
            ).fetchall()
            conn.executemany(
                "UPDATE webhook_deliveries SET next_at = ? WHERE webhook_id = ? AND event_id = ?",
                [(iso(lease_until), r["webhook_id"], r["event_id"]) for r in rows],
            )
        return [
            Delivery(
                webhook_id=r["webhook_id"],
                event_id=r["event_id"],
                tenant=r["tenant"],
                url=WebhookEndpoint.model_validate_json(r["doc"]).url,
                secret=r["secret"],
                body=r["body"],
                attempts=r["attempts"],
            )
            for r in rows
        ]

    def delivered(self, delivery: Delivery) -> None:
        with self.db.write() as conn:
            conn.execute(
                "DELETE FROM webhook_deliveries WHERE webhook_id = ? AND event_id = ?",
                (delivery.webhook_id, delivery.event_id),
            )
            _drop_delivered_events(conn, delivery.tenant, delivery.event_id)

    def failed(self, delivery: Delivery, error: str, now: datetime, retry_at: datetime | None) -> None:
        """Count a failed try: due again at `retry_at`, or dead when None."""
        state, next_at = ("pending", retry_at) if retry_at is not None else ("dead", now)
        with self.db.write() as conn:
            conn.execute(
                "UPDATE webhook_deliveries SET state = ?, attempts = attempts + 1, next_at = ?,"
                " last_error = ?, updated_at = ? WHERE webhook_id = ? AND event_id = ?",
                (state, iso(next_at), error[:500], iso(now), delivery.webhook_id, delivery.event_id),
            )

    def dead(self, tenant: str | None, limit: int) -> list[DeadDelivery]:
        where, params = "d.state = 'dead'", []
        if tenant is not None:
            where += " AND d.tenant = ?"
            params.append(tenant)
        rows = self.db.connection().execute(
            "SELECT d.webhook_id, d.event_id, d.tenant, d.attempts, d.last_error, d.updated_at,"
            " json_extract(e.body, '$.type') AS type FROM webhook_deliveries d"
            " JOIN webhook_events e ON e.tenant = d.tenant AND e.id = d.event_id"
            f" WHERE {where} ORDER BY d.event_id LIMIT ?",
            (*params, limit),
        )
        return [
            DeadDelivery(
                r["webhook_id"],
                r["event_id"],
                r["tenant"],
                r["type"],
                r["attempts"],
                r["last_error"],
                r["updated_at"],
            )
            for r in rows
        ]

    def replay(self, tenant: str | None, event_ids: Sequence[str] | None, now: datetime) -> int:
        """Dead deliveries (of `event_ids`, or all) pending again, due now, with a fresh count."""
        where, params = "state = 'dead'", []
        if tenant is not None:
            where += " AND tenant = ?"
            params.append(tenant)
        if event_ids is not None:
            where += f" AND event_id IN ({','.join('?' * len(event_ids))})"
            params.extend(event_ids)
        with self.db.write() as conn:
            cur = conn.execute(
                "UPDATE webhook_deliveries SET state = 'pending', attempts = 0, next_at = ?, updated_at = ?"
                f" WHERE {where}",
                (iso(now), iso(now), *params),
            )
            return cur.rowcount


def _drop_delivered_events(
    conn: sqlite3.Connection, tenant: str | None = None, event_id: str | None = None
) -> None:
    """Delete events no delivery waits for any more (the one given, or all)."""
    sql = (
        "DELETE FROM webhook_events WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d"
        " WHERE d.tenant = webhook_events.tenant AND d.event_id = webhook_events.id)"
    )
    if event_id is None:
        conn.execute(sql)
    else:
        conn.execute(sql + " AND tenant = ? AND id = ?", (tenant, event_id))
