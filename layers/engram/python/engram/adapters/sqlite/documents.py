"""DocumentStore on the embedded default's SQLite database: one table beside the memories, the raw
source in its own column (stored with the document, before any processing)."""

from __future__ import annotations

from engram.adapters.cursor import decode_cursor, encode_cursor
from engram.adapters.sqlite.db import SqliteDatabase
from engram.domain.documents import Document

SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (
    tenant TEXT NOT NULL,
    id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    doc TEXT NOT NULL,
    raw BLOB NOT NULL,
    PRIMARY KEY (tenant, id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS documents_user ON documents(tenant, user_id, id);
"""


class SqliteDocumentStore:
    def __init__(self, db: SqliteDatabase) -> None:
        self.db = db
        self.db.connection().executescript(SCHEMA)

    def create(self, document: Document, raw: bytes) -> None:
        with self.db.write(savepoint=False) as conn:
            conn.execute(
                "INSERT INTO documents (tenant, id, user_id, doc, raw) VALUES (?,?,?,?,?)",
                (document.tenant, document.id, document.user_id, document.model_dump_json(), raw),
            )

    def get(self, tenant: str, document_id: str) -> Document | None:
        row = (
            self.db.connection()
            .execute("SELECT doc FROM documents WHERE tenant = ? AND id = ?", (tenant, document_id))
            .fetchone()
        )
        return None if row is None else Document.model_validate_json(row["doc"])

    def raw(self, tenant: str, document_id: str) -> bytes | None:
        row = (
            self.db.connection()
            .execute("SELECT raw FROM documents WHERE tenant = ? AND id = ?", (tenant, document_id))
            .fetchone()
        )
        return None if row is None else bytes(row["raw"])

    def save(self, document: Document) -> None:
        with self.db.write(savepoint=False) as conn:
            conn.execute(
                "UPDATE documents SET doc = ? WHERE tenant = ? AND id = ?",
                (document.model_dump_json(), document.tenant, document.id),
            )

    def list(
        self, tenant: str, user_id: str, limit: int, cursor: str | None = None
    ) -> tuple[list[Document], str | None]:
        before = decode_cursor(cursor, ("before",), {"before": str})["before"] if cursor else "\uffff"
        rows = (
            self.db.connection()
            .execute(
                "SELECT id, doc FROM documents WHERE tenant = ? AND user_id = ? AND id < ?"
                " ORDER BY id DESC LIMIT ?",
                (tenant, user_id, before, limit + 1),
            )
            .fetchall()
        )
        documents = [Document.model_validate_json(r["doc"]) for r in rows[:limit]]
        more = len(rows) > limit
        return documents, encode_cursor({"before": documents[-1].id}) if more else None

    def delete(self, tenant: str, document_id: str) -> bool:
        with self.db.write(savepoint=False) as conn:
            gone = conn.execute("DELETE FROM documents WHERE tenant = ? AND id = ?", (tenant, document_id))
            return gone.rowcount > 0
