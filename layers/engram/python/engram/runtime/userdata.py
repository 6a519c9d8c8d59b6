"""The export/import/erase use cases over a container's UserData adapter and stores."""

from __future__ import annotations

from engram.ports import UserData
from engram.runtime.container import Container
from engram.usecases.erase import EraseUser, RequestErasure
from engram.usecases.transfer import Export, Import


def userdata_for(container: Container) -> UserData:
    """The UserData adapter the composition built beside the container's stores."""
    if container.userdata is None:
        raise RuntimeError("this container was built without a user data adapter (userdata)")
    return container.userdata


def exporter(container: Container, userdata: UserData | None = None) -> Export:
    return Export(
        store=container.store,
        userdata=userdata or userdata_for(container),
        clock=container.clock,
        graph=container.graph,
        transcripts=container.transcripts,
        vectors=container.vector_index,
    )


def importer(container: Container, userdata: UserData | None = None) -> Import:
    return Import(
        store=container.store,
        userdata=userdata or userdata_for(container),
        transcripts=container.transcripts,
        vectors=container.vector_index,
        queue=container.queue,
    )


def eraser(container: Container, userdata: UserData | None = None) -> EraseUser:
    return EraseUser(userdata or userdata_for(container), container.clock, container.vector_index)


def request_erasure(container: Container, userdata: UserData | None = None) -> RequestErasure:
    return RequestErasure(userdata or userdata_for(container), container.queue, container.clock)
