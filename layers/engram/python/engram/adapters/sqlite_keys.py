"""KeyStore on SQLite: only the SHA-256 of each key is stored."""

from __future__ import annotations

import sqlite3

from engram.adapters.sqlite_db import SqliteDatabase, iso, parse_iso
from engram.domain.models import ApiKey, utcnow


def _key(row: sqlite3.Row) -> ApiKey:
    return ApiKey(
        key_id=row["key_id"],
        tenant=row["tenant"],
        key_hash=row["key_hash"],
        name=row["name"],
        created_at=parse_iso(row["created_at"]),
        revoked_at=parse_iso(row["revoked_at"]),
    )


class SqliteKeyStore:
    def __init__(self, db: SqliteDatabase) -> None:
        self.db = db

    def add(self, key: ApiKey) -> None:
        with self.db.write() as conn:
            conn.execute(
                "INSERT INTO api_keys (key_id, tenant, key_hash, name, created_at) VALUES (?,?,?,?,?)",
                (key.key_id, key.tenant, key.key_hash, key.name, iso(key.created_at)),
            )

    def find(self, key_hash: str) -> ApiKey | None:
        row = (
            self.db.connection().execute("SELECT * FROM api_keys WHERE key_hash = ?", (key_hash,)).fetchone()
        )
        return _key(row) if row else None

    def list(self, tenant: str | None = None) -> list[ApiKey]:
        sql, params = "SELECT * FROM api_keys", tuple[str, ...]()
        if tenant is not None:
            sql, params = sql + " WHERE tenant = ?", (tenant,)
        return [_key(r) for r in self.db.connection().execute(sql + " ORDER BY created_at", params)]

    def revoke(self, key_id: str) -> ApiKey | None:
        with self.db.write() as conn:
            row = conn.execute(
                "UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE key_id = ? RETURNING *",
                (iso(utcnow()), key_id),
            ).fetchone()
        return _key(row) if row else None
