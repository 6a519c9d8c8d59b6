"""What the routes use of a deployment: the one boundary between the HTTP API and whatever composed it.

`runtime.container.Container` is one `Services` (structurally); a test may hand the API any other.
Routes call use cases only, never a port, and read members only when a route runs, so the OpenAPI
document is built without any.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # names only: the protocol loads no use case (each route's module imports what it calls)
    from aws_lambda_powertools.utilities.idempotency import BasePersistenceLayer

    from engram.ports import Clock, KeyStore
    from engram.settings import Settings
    from engram.usecases.checkpoints import SaveCheckpoint
    from engram.usecases.context import BuildContext
    from engram.usecases.documents import Documents
    from engram.usecases.enrichment_wait import AwaitEnrichment
    from engram.usecases.erase import ErasureStatus, RequestErasure
    from engram.usecases.graph import EntityReads
    from engram.usecases.janitor.stats import TenantStats
    from engram.usecases.memories import Forget, MemoryReads, Update
    from engram.usecases.recall import Recall
    from engram.usecases.remember import Remember
    from engram.usecases.sessions import AppendMessages, DeleteSession, SessionReads
    from engram.usecases.transfer import Export, Import
    from engram.usecases.webhooks import Webhooks


class Services(Protocol):
    """A deployment's use cases, and what the checks before any route read."""

    # What the checks before any route read: the body limit, the key's request rate.
    @property
    def settings(self) -> Settings: ...
    @property
    def clock(self) -> Clock: ...
    @property
    def keys(self) -> KeyStore: ...

    # The use cases the routes call.
    @property
    def remember(self) -> Remember: ...
    @property
    def recall(self) -> Recall: ...
    @property
    def update(self) -> Update: ...
    @property
    def forget(self) -> Forget: ...
    @property
    def memory_reads(self) -> MemoryReads: ...
    @property
    def entity_reads(self) -> EntityReads: ...
    @property
    def append_messages(self) -> AppendMessages: ...
    @property
    def save_checkpoint(self) -> SaveCheckpoint: ...
    @property
    def session_reads(self) -> SessionReads: ...
    @property
    def delete_session(self) -> DeleteSession: ...
    @property
    def exporter(self) -> Export: ...
    @property
    def documents(self) -> Documents: ...
    @property
    def importer(self) -> Import: ...
    @property
    def request_erasure(self) -> RequestErasure: ...
    @property
    def erasure_status(self) -> ErasureStatus: ...
    @property
    def tenant_stats(self) -> TenantStats: ...
    @property
    def await_enrichment(self) -> AwaitEnrichment: ...

    # Where `Idempotency-Key` records are kept (engram.api.idempotency); None: not on this deployment.
    @property
    def idempotency_store(self) -> BasePersistenceLayer | None: ...
    @property
    def context(self) -> BuildContext: ...
    @property
    def webhooks(self) -> Webhooks: ...
