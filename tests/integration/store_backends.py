"""Both MemoryStore adapters, built the same way for the shared contract tests."""

from __future__ import annotations

from contextlib import contextmanager

BACKENDS = ["sqlite", "dynamodb"]


@contextmanager
def make_store(kind: str, tmp_path):
    if kind == "sqlite":
        from engram.adapters.sqlite.db import SqliteDatabase
        from engram.adapters.sqlite.store import SqliteMemoryStore

        yield SqliteMemoryStore(SqliteDatabase(tmp_path / "store.sqlite3"))
        return
    import boto3
    from moto import mock_aws

    from engram.adapters.dynamo.store import DynamoMemoryStore, create_table
    from tests.integration.aws_fixtures import REGION, TABLE_NAME, atomic_requests, deployed_table

    # moto's in-process backend is not atomic across threads (it checks transaction conditions item by
    # item); atomic_requests serialises each mocked request, as DynamoDB serialises each item write.
    with mock_aws(), atomic_requests():
        create_table(boto3.client("dynamodb", region_name=REGION), TABLE_NAME)
        yield DynamoMemoryStore(deployed_table())
