"""What the routes use of a deployment: the one boundary between the HTTP API and whatever composed it.

The routes know this protocol only, never the composition root: `runtime.container.Container` is one
`Services` (structurally), and a test may hand the resolver any other. Each member is read when a
route runs, never while the routes are built, so the OpenAPI document is built without any.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # names only: the protocol loads no use case (each route's module imports what it calls)
    from engram.ports import (
        Clock,
        GraphStore,
        JanitorStore,
        JobQueue,
        KeyStore,
        MemoryStore,
        TranscriptStore,
        UserData,
    )
    from engram.settings import Settings
    from engram.usecases.checkpoints import SaveCheckpoint
    from engram.usecases.erase import RequestErasure
    from engram.usecases.keys import TranscriptCaps
    from engram.usecases.memories import Forget, Update
    from engram.usecases.recall import Recall
    from engram.usecases.remember import Remember
    from engram.usecases.sessions import AppendMessages
    from engram.usecases.transfer import Export, Import

    class Transcripts(TranscriptStore, TranscriptCaps, Protocol):
        """The transcript store with its per-tenant cap (read by the stats route's usage)."""


class Services(Protocol):
    """A deployment's settings, clock and ports, and the use cases built over them."""

    # What the checks before any route read: the body limit, the key's request rate.
    @property
    def settings(self) -> Settings: ...
    @property
    def clock(self) -> Clock: ...
    @property
    def keys(self) -> KeyStore: ...

    # The ports the read functions (memories, graph, sessions, erasure status, stats) take.
    @property
    def store(self) -> MemoryStore: ...
    @property
    def queue(self) -> JobQueue: ...
    @property
    def graph(self) -> GraphStore: ...
    @property
    def transcripts(self) -> Transcripts: ...
    @property
    def janitor_state(self) -> JanitorStore: ...
    @property
    def userdata(self) -> UserData: ...

    # The use cases the write routes call.
    @property
    def remember(self) -> Remember: ...
    @property
    def recall(self) -> Recall: ...
    @property
    def update(self) -> Update: ...
    @property
    def forget(self) -> Forget: ...
    @property
    def append_messages(self) -> AppendMessages: ...
    @property
    def save_checkpoint(self) -> SaveCheckpoint: ...
    @property
    def exporter(self) -> Export: ...
    @property
    def importer(self) -> Import: ...
    @property
    def request_erasure(self) -> RequestErasure: ...
