"""The export/import/erase use cases of a container (each built once, by the container)."""

from __future__ import annotations

from engram.ports import UserData
from engram.runtime.container import Container
from engram.usecases.erase import EraseUser, RequestErasure
from engram.usecases.transfer import Export, Import


def userdata_for(container: Container) -> UserData:
    """The UserData adapter the composition built beside the container's stores."""
    return container.userdata


def exporter(container: Container) -> Export:
    return container.exporter


def importer(container: Container) -> Import:
    return container.importer


def eraser(container: Container) -> EraseUser:
    return container.eraser


def request_erasure(container: Container) -> RequestErasure:
    return container.request_erasure
