"""Both MemoryStore adapters, built the same way for the shared contract tests."""

from __future__ import annotations

from contextlib import contextmanager

BACKENDS = ["sqlite"]  # dynamodb joins when its adapter lands


@contextmanager
def make_store(kind: str, tmp_path):
    if kind == "sqlite":
        from engram.adapters.sqlite_db import SqliteDatabase
        from engram.adapters.sqlite_store import SqliteMemoryStore

        yield SqliteMemoryStore(SqliteDatabase(tmp_path / "store.sqlite3"))
        return
    import boto3
    from moto import mock_aws

    from engram.adapters.dynamo_store import DynamoMemoryStore, create_table

    with mock_aws():
        resource = boto3.resource("dynamodb", region_name="us-east-1")
        create_table(resource, "engram-test")
        yield DynamoMemoryStore(resource.Table("engram-test"))
