"""KeyStore on SQLite: only the SHA-256 of each key is stored.

Rate, bucket (`key_rates`) and options (`key_options`) are rows; taking a token is one write
transaction, so the limit holds across `engram serve`'s processes. A trigger moves `key_revocations`
on every key change, which processes read to validate cached keys (usecases.keys.KeyCache).
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime

from engram.adapters.sqlite.db import SqliteDatabase, iso, parse_iso
from engram.domain.models import ApiKey, utcnow
from engram.domain.quotas import Bucket, TenantLimits, take

_SELECT = (
    "SELECT k.*, r.rate, r.burst, o.unlimited, o.users FROM api_keys k"
    " LEFT JOIN key_rates r USING (key_id) LEFT JOIN key_options o USING (key_id)"
)
_SCHEMA = """
CREATE TABLE IF NOT EXISTS key_options (
    key_id TEXT PRIMARY KEY, unlimited INTEGER NOT NULL DEFAULT 0, users TEXT
);
CREATE TABLE IF NOT EXISTS key_revocations (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
CREATE TRIGGER IF NOT EXISTS api_keys_changed AFTER UPDATE ON api_keys BEGIN
    INSERT INTO key_revocations (id, n) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER IF NOT EXISTS api_keys_deleted AFTER DELETE ON api_keys BEGIN
    INSERT INTO key_revocations (id, n) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET n = n + 1;
END;
"""


def _key(row: sqlite3.Row) -> ApiKey:
    return ApiKey(
        key_id=row["key_id"],
        tenant=row["tenant"],
        key_hash=row["key_hash"],
        name=row["name"],
        created_at=parse_iso(row["created_at"]),
        revoked_at=parse_iso(row["revoked_at"]),
        rate=row["rate"],
        burst=row["burst"],
        unlimited=bool(row["unlimited"]),
        users=tuple(json.loads(row["users"])) if row["users"] is not None else None,
    )


class SqliteKeyStore:
    def __init__(self, db: SqliteDatabase) -> None:
        self.db = db
        db.connection().executescript(_SCHEMA)

    def revocations(self) -> int:
        """How many times a key row has changed (been revoked) so far, from any process."""
        row = self.db.connection().execute("SELECT n FROM key_revocations").fetchone()
        return int(row[0]) if row else 0

    def add(self, key: ApiKey) -> None:
        with self.db.write() as conn:
            conn.execute(
                "INSERT INTO api_keys (key_id, tenant, key_hash, name, created_at) VALUES (?,?,?,?,?)",
                (key.key_id, key.tenant, key.key_hash, key.name, iso(key.created_at)),
            )
            if key.rate is not None:
                conn.execute(
                    "INSERT INTO key_rates (key_id, rate, burst) VALUES (?,?,?)",
                    (key.key_id, key.rate, key.burst or 1),
                )
            if key.unlimited or key.users is not None:
                conn.execute(
                    "INSERT INTO key_options (key_id, unlimited, users) VALUES (?,?,?)",
                    (
                        key.key_id,
                        int(key.unlimited),
                        json.dumps(key.users) if key.users is not None else None,
                    ),
                )

    def find(self, key_hash: str) -> ApiKey | None:
        row = self.db.connection().execute(_SELECT + " WHERE k.key_hash = ?", (key_hash,)).fetchone()
        return _key(row) if row else None

    def list(self, tenant: str | None = None) -> list[ApiKey]:
        sql, params = _SELECT, tuple[str, ...]()
        if tenant is not None:
            sql, params = sql + " WHERE k.tenant = ?", (tenant,)
        return [_key(r) for r in self.db.connection().execute(sql + " ORDER BY k.created_at", params)]

    def revoke(self, key_id: str) -> ApiKey | None:
        with self.db.write() as conn:
            row = conn.execute(
                "UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE key_id = ? RETURNING key_id",
                (iso(utcnow()), key_id),
            ).fetchone()
        if row is None:
            return None
        found = self.db.connection().execute(_SELECT + " WHERE k.key_id = ?", (key_id,)).fetchone()
        return _key(found)

    def take_token(self, key_id: str, rate: float, burst: int, now: datetime) -> float:
        """Take one token from the key's bucket: 0.0 when admitted, else the seconds to wait. Every
        request of a rated key takes one, so it shares its commit with the writes under way (transact)."""

        def take_one() -> float:
            conn = self.db.connection()
            row = conn.execute(
                "SELECT tokens, refilled_at FROM key_rates WHERE key_id = ?", (key_id,)
            ).fetchone()
            held = Bucket(row["tokens"], row["refilled_at"]) if row and row["tokens"] is not None else None
            bucket, wait = take(held, rate, burst, now.timestamp())
            if wait == 0.0:
                conn.execute(
                    "INSERT INTO key_rates (key_id, rate, burst, tokens, refilled_at) VALUES (?,?,?,?,?)"
                    " ON CONFLICT (key_id) DO UPDATE SET tokens = excluded.tokens,"
                    " refilled_at = excluded.refilled_at",
                    (key_id, rate, burst, bucket.tokens, bucket.at),
                )
            return wait

        return self.db.transact(take_one)

    def set_limits(self, limits: TenantLimits, memories: int = 0) -> None:
        """Set (or, with None, lift) the tenant's storage limit; the store counts memories itself."""
        with self.db.write() as conn:
            conn.execute(
                "INSERT INTO tenant_limits (tenant, max_memories) VALUES (?,?)"
                " ON CONFLICT (tenant) DO UPDATE SET max_memories = excluded.max_memories",
                (limits.tenant, limits.max_memories),
            )

    def limits(self, tenant: str) -> TenantLimits:
        row = (
            self.db.connection()
            .execute("SELECT max_memories FROM tenant_limits WHERE tenant = ?", (tenant,))
            .fetchone()
        )
        return TenantLimits(tenant=tenant, max_memories=row["max_memories"] if row else None)
