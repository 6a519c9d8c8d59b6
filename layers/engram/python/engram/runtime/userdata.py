"""The UserData adapter, and the export/import/erase use cases, that go with a container's stores."""

from __future__ import annotations

from typing import Any

from engram.runtime.container import Container
from engram.usecases.erase import EraseUser, RequestErasure
from engram.usecases.transfer import Export, Import


def userdata_for(container: Container) -> Any:
    """SqliteUserData beside a SQLite store, DynamoUserData beside a DynamoDB one."""
    db = getattr(container.store, "db", None)
    if db is not None:
        from engram.adapters.sqlite_userdata import SqliteUserData

        return SqliteUserData(db)
    table = getattr(container.store, "table", None)
    if table is not None:
        from engram.adapters.dynamo_userdata import DynamoUserData

        return DynamoUserData(table)
    raise TypeError(f"no user data adapter for {type(container.store).__name__}")


def exporter(container: Container, userdata: Any = None) -> Export:
    return Export(
        store=container.store,
        userdata=userdata or userdata_for(container),
        clock=container.clock,
        graph=container.graph,
        transcripts=container.transcripts,
        vectors=container.vector_index,
    )


def importer(container: Container, userdata: Any = None) -> Import:
    return Import(
        store=container.store,
        userdata=userdata or userdata_for(container),
        transcripts=container.transcripts,
        vectors=container.vector_index,
    )


def eraser(container: Container, userdata: Any = None) -> EraseUser:
    return EraseUser(userdata or userdata_for(container), container.clock, container.vector_index)


def request_erasure(container: Container, userdata: Any = None) -> RequestErasure:
    return RequestErasure(userdata or userdata_for(container), container.queue, container.clock)
