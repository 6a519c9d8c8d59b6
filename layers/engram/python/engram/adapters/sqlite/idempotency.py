"""Idempotency records in SQLite: powertools' idempotency utility over the embedded default's database.

A `BasePersistenceLayer` with the conditions of powertools' DynamoDB layer (a record may be taken when
absent, expired, or in progress past its lease), so the same utility answers `Idempotency-Key` requests
on both backends (engram.api.idempotency). Each insert also deletes a few expired records: DynamoDB's
TTL, here.
"""

from __future__ import annotations

import sqlite3
import time

from aws_lambda_powertools.utilities.idempotency import BasePersistenceLayer
from aws_lambda_powertools.utilities.idempotency.exceptions import (
    IdempotencyItemAlreadyExistsError,
    IdempotencyItemNotFoundError,
)
from aws_lambda_powertools.utilities.idempotency.persistence.datarecord import STATUS_CONSTANTS, DataRecord

from engram.adapters.sqlite.db import SqliteDatabase

SCHEMA = """
CREATE TABLE IF NOT EXISTS idempotency_records (
    key TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    expiration INTEGER NOT NULL,
    in_progress_expiration INTEGER,
    data TEXT,
    validation TEXT
);
CREATE INDEX IF NOT EXISTS idempotency_records_expiration ON idempotency_records(expiration);
"""
PURGE_BATCH = 32  # expired records deleted by each insert: more than one insert makes, so none pile up

_COLUMNS = "key, status, expiration, in_progress_expiration, data, validation"


class SqliteIdempotencyStore(BasePersistenceLayer):
    """powertools' persistence layer on the `idempotency_records` table of the engram database."""

    def __init__(self, db: SqliteDatabase) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.db = db
        db.connection().executescript(SCHEMA)

    def _get_record(self, idempotency_key: str) -> DataRecord:
        row = (
            self.db.connection()
            .execute(f"SELECT {_COLUMNS} FROM idempotency_records WHERE key = ?", (idempotency_key,))
            .fetchone()
        )
        if row is None:
            raise IdempotencyItemNotFoundError
        return _record(row)

    def _put_record(self, data_record: DataRecord) -> None:
        now = time.time()

        def put() -> sqlite3.Row | None:
            """Take the key: None, or the record that holds it."""
            conn = self.db.connection()
            conn.execute(
                "DELETE FROM idempotency_records WHERE key IN (SELECT key FROM idempotency_records"
                " WHERE expiration < ? LIMIT ?)",
                (int(now), PURGE_BATCH),
            )
            taken = conn.execute(
                f"INSERT INTO idempotency_records ({_COLUMNS}) VALUES (?, ?, ?, ?, NULL, ?)"
                " ON CONFLICT (key) DO UPDATE SET status = excluded.status, expiration = excluded.expiration,"
                " in_progress_expiration = excluded.in_progress_expiration, data = NULL,"
                " validation = excluded.validation"
                " WHERE idempotency_records.expiration < ? OR (idempotency_records.status = ?"
                " AND idempotency_records.in_progress_expiration < ?)",
                (
                    data_record.idempotency_key,
                    data_record.status,
                    data_record.expiry_timestamp,
                    data_record.in_progress_expiry_timestamp,
                    data_record.payload_hash if self.payload_validation_enabled else None,
                    int(now),
                    STATUS_CONSTANTS["INPROGRESS"],
                    int(now * 1000),
                ),
            ).rowcount
            if taken:
                return None
            return conn.execute(  # type: ignore[no-any-return]
                f"SELECT {_COLUMNS} FROM idempotency_records WHERE key = ?", (data_record.idempotency_key,)
            ).fetchone()

        row = self.db.transact(put)  # with the writes of other requests under way (group commit)
        if row is None:
            return
        old = _record(row)
        self._validate_payload(data_payload=data_record, stored_data_record=old)  # another body: 422
        raise IdempotencyItemAlreadyExistsError(old_data_record=old)

    def _update_record(self, data_record: DataRecord) -> None:
        self.db.transact(
            lambda: self.db.connection().execute(
                "UPDATE idempotency_records SET status = ?, expiration = ?, data = ?,"
                " validation = coalesce(?, validation) WHERE key = ?",
                (
                    data_record.status,
                    data_record.expiry_timestamp,
                    data_record.response_data,
                    data_record.payload_hash if self.payload_validation_enabled else None,
                    data_record.idempotency_key,
                ),
            )
        )

    def _delete_record(self, data_record: DataRecord) -> None:
        self.db.transact(
            lambda: self.db.connection().execute(
                "DELETE FROM idempotency_records WHERE key = ?", (data_record.idempotency_key,)
            )
        )


def _record(row: sqlite3.Row) -> DataRecord:
    return DataRecord(
        idempotency_key=row["key"],
        status=row["status"],
        expiry_timestamp=row["expiration"],
        in_progress_expiry_timestamp=row["in_progress_expiration"],
        response_data=row["data"] or "",
        payload_hash=row["validation"] or "",
    )
