"""Wiring: build the adapters and use cases a process needs from settings, once.

`local(settings)` is the embedded default, `aws(settings)` the deployed one; a missing setting fails at
cold start (MissingSettings). Most use cases and the enricher package are imported by the property that
builds them: at the top they would add ~110 ms to the api's cold start (docs/performance.md).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol

from engram.domain.errors import DependencyUnavailable
from engram.ports import (
    Clock,
    ContradictionChecker,
    DeliveryQueue,
    DocumentStore,
    Embedder,
    GraphStore,
    HintIndex,
    JanitorStore,
    JobQueue,
    KeyStore,
    LexicalIndex,
    MemoryStore,
    SourcedEnricher,
    SystemClock,
    Transact,
    TranscriptStore,
    UnitOfWork,
    UserData,
    VectorIndex,
    WebhookSender,
    WebhookStore,
    run_now,
)
from engram.providers.embedders import build_embedder
from engram.providers.fetch import Fetcher
from engram.providers.pdf import pdf_text
from engram.providers.rerankers import build_reranker
from engram.settings import Settings
from engram.usecases.erase import EraseUser, ErasureStatus, RequestErasure
from engram.usecases.graph import EntityReads, LinkMemory
from engram.usecases.janitor.stats import TenantStats
from engram.usecases.keys import TranscriptCaps

if TYPE_CHECKING:  # imported by the properties that build them (the module docstring says why)
    from aws_lambda_powertools.utilities.idempotency import BasePersistenceLayer

    from engram.adapters.dynamo.table import DynamoTable
    from engram.runtime.retrievals import RetrievalBuffer
    from engram.usecases.checkpoints import SaveCheckpoint
    from engram.usecases.context import BuildContext
    from engram.usecases.documents import Documents
    from engram.usecases.enrich import Enrich
    from engram.usecases.enrichment_wait import AwaitEnrichment
    from engram.usecases.memories import Forget, MemoryReads, Update
    from engram.usecases.recall import Recall
    from engram.usecases.reembed import Reembed, ReembedTenants
    from engram.usecases.remember import Remember
    from engram.usecases.sessions import AppendMessages, DeleteSession, Extract, SessionReads
    from engram.usecases.transfer import Export, Import
    from engram.usecases.webhooks import DeliverEvents, Webhooks


class Transcripts(TranscriptStore, TranscriptCaps, Protocol):
    """The transcript store with its per-tenant cap (both backends' adapters are both)."""


class MissingSettings(ValueError):
    """A backend was chosen without a setting one of its required adapters needs."""

    def __init__(self, backend: str, missing: dict[str, str]) -> None:
        needs = "; ".join(f"{variable} ({what})" for variable, what in missing.items())
        super().__init__(f"ENGRAM_BACKEND={backend} needs {needs}")
        self.missing = missing


@dataclass
class Container:
    """The adapters of one deployment and the use cases built over them (each on first use). It is the
    `engram.api.services.Services` the routes are given."""

    settings: Settings
    store: MemoryStore
    queue: JobQueue
    keys: KeyStore
    vector_index: VectorIndex
    lexical_index: LexicalIndex  # the same index as vector_index on both backends
    hint_index: HintIndex  # prospective hints' search: the same index again on both backends
    graph: GraphStore
    transcripts: Transcripts  # sessions' transcripts
    janitor_state: JanitorStore  # the janitor's saved state and stats counts, beside the store
    userdata: UserData  # one user's data as a whole: export, import, erasure
    embedder_factory: Callable[[], Embedder]  # called once, on first use (the model loads then)
    enricher_factory: Callable[[], SourcedEnricher]
    clock: Clock = field(default_factory=SystemClock)
    unit_of_work: UnitOfWork = nullcontext  # SQLite: one write transaction (see ports.UnitOfWork)
    transact: Transact = run_now  # SQLite: a write transaction that concurrent remembers share
    document_store: DocumentStore | None = None  # documents in (POST /v1/documents); None: not offered
    # Idempotency-Key records (engram.api.idempotency), built on the first keyed write; None: not offered
    idempotency_factory: Callable[[], BasePersistenceLayer] | None = None
    webhook_store: WebhookStore | None = None  # webhook endpoints (POST /v1/webhooks); None: not offered
    delivery_queue: DeliveryQueue | None = None  # the outbox's deliveries (embedded default; AWS: SQS)
    # Re-embedding after a model switch, for the backend's own vector index (local() and aws() set it)
    reembed_factory: Callable[[Container], Reembed | ReembedTenants | None] | None = None
    # Where recall and context log retrievals: the embedded default folds them (runtime.retrievals);
    # None: the job queue, a job a recall (AWS: SQS)
    retrievals: RetrievalBuffer | None = None
    # The enrichment decision's lexical leg, where it is bounded otherwise than recall's (the embedded
    # default: adapters.local.index.CandidateSearch); None: lexical_index
    candidate_index: LexicalIndex | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def retrieval_queue(self) -> JobQueue:
        return self.retrievals if self.retrievals is not None else self.queue

    def flush(self) -> None:
        """Write what this process holds in memory (the retrieval counts recall folds) now."""
        if self.retrievals is not None:
            self.retrievals.flush()

    def close(self) -> None:
        """Flush, at the process's end (engram serve's shutdown); later retrievals are queued as they come."""
        if self.retrievals is not None:
            self.retrievals.close()

    @property
    def pii_policy(self) -> dict[str, str]:
        return self.settings.pii.model_dump(mode="json")

    @cached_property
    def remember(self) -> Remember:
        from engram.usecases.remember import Remember

        return Remember(
            self.store,
            self.queue,
            self.pii_policy,
            self.clock,
            link=self.link_memory,
            transact=self.transact,
            unit_of_work=self.unit_of_work,
        )

    @cached_property
    def link_memory(self) -> LinkMemory | None:
        if self.graph is None:
            return None
        from engram.providers.enrichers.rules.entities import extract_entities

        return LinkMemory(self.graph, extract_entities)

    @cached_property
    def update(self) -> Update:
        from engram.usecases.memories import Update

        return Update(self.store, self.queue, self.pii_policy, self.clock, link=self.link_memory)

    @cached_property
    def documents(self) -> Documents:
        from engram.usecases.documents import Documents

        if self.document_store is None:
            raise DependencyUnavailable("documents are not available on this deployment")
        s = self.settings.documents

        def fetcher() -> Fetcher:
            return Fetcher(
                timeout_s=s.fetch_timeout_s,
                max_bytes=s.fetch_max_bytes,
                max_redirects=s.fetch_max_redirects,
                allowed_networks=s.fetch_allowed_networks,
            )

        return Documents(
            self.document_store,
            self.queue,
            self.remember,
            self.forget,
            s,
            fetcher,
            enrich=self.enrich.many,
            pdf_text=pdf_text,
            clock=self.clock,
        )

    @cached_property
    def forget(self) -> Forget:
        from engram.usecases.memories import Forget

        return Forget(self.store, self.vector_index, self.clock, link=self.link_memory)

    @cached_property
    def memory_reads(self) -> MemoryReads:
        from engram.usecases.memories import MemoryReads

        return MemoryReads(self.store)

    @cached_property
    def entity_reads(self) -> EntityReads:
        return EntityReads(self.graph)

    @cached_property
    def session_reads(self) -> SessionReads:
        from engram.usecases.sessions import SessionReads

        return SessionReads(self.transcripts, self.settings.sessions, self.clock)

    @cached_property
    def delete_session(self) -> DeleteSession:
        from engram.usecases.sessions import DeleteSession

        return DeleteSession(self.transcripts, self.store, self.forget, self.clock)

    @cached_property
    def erasure_status(self) -> ErasureStatus:
        return ErasureStatus(self.userdata)

    @cached_property
    def tenant_stats(self) -> TenantStats:
        reembed = self.reembed
        return TenantStats(
            self.janitor_state,
            self.queue,
            self.keys,
            self.transcripts,
            self.store,
            embeddings=None if reembed is None else reembed.progress,
        )

    @cached_property
    def reembed(self) -> Reembed | ReembedTenants | None:
        """Re-embedding after a model switch, where the vector index records each vector's model: the
        local index's vectors, or OpenSearch's indices a tenant (the tenants of the API keys)."""
        return self.reembed_factory(self) if self.reembed_factory is not None else None

    @cached_property
    def await_enrichment(self) -> AwaitEnrichment:
        from engram.runtime.slots import pause
        from engram.usecases.enrichment_wait import AwaitEnrichment

        return AwaitEnrichment(self.store, self.vector_index, pause=pause)

    @cached_property
    def idempotency_store(self) -> BasePersistenceLayer | None:
        return self.idempotency_factory() if self.idempotency_factory is not None else None

    @cached_property
    def enrich(self) -> Enrich:
        from engram.usecases.enrich import Enrich

        return Enrich(
            store=self.store,
            index=self.vector_index,
            embedder=self.embedder,
            enricher=self.enricher,
            dedup=self.settings.dedup,
            mode=self.settings.pipeline_mode,
            clock=self.clock,
            lexical=self.candidate_index or self.lexical_index,
            link=self.link_memory,
            contradictions=self.contradiction_checker,
            unit_of_work=self.unit_of_work,
        )

    @cached_property
    def contradiction_checker(self) -> ContradictionChecker | None:
        """The optional semantic contradiction check: only when it is on and the enricher is a model."""
        enricher = self.settings.enricher
        if not enricher.contradiction_check or enricher.provider == "rules":
            return None
        from engram.providers.enrichers.contradiction import build_contradiction_checker

        return build_contradiction_checker(enricher, region_name=self.settings.region or None)

    @cached_property
    def recall(self) -> Recall:
        from engram.usecases.recall import Recall

        return Recall(
            store=self.store,
            lexical=self.lexical_index,
            vectors=self.vector_index,
            embedder=self.embedder,
            queue=self.retrieval_queue,
            ranking=self.settings.ranking,
            clock=self.clock,
            merge_pending=self.settings.backend == "aws",
            graph=self.graph,
            reranker=build_reranker(
                self.settings.reranker, lambda: self.embedder, region_name=self.settings.region or None
            ),
            reranking=self.settings.reranker,
            # prospective hints: the lexical index searches them too (SQLite hints_fts, OpenSearch `hints`)
            hints=self.hint_index if self.settings.hints.enabled else None,
        )

    @cached_property
    def context(self) -> BuildContext:
        from engram.usecases.context import BuildContext

        return BuildContext(
            self.recall,
            self.retrieval_queue,
            self.transcripts,
            self.graph,
            self.settings.sessions,
            self.clock,
        )

    @cached_property
    def append_messages(self) -> AppendMessages:
        from engram.usecases.sessions import AppendMessages

        return AppendMessages(
            self.transcripts,
            self.queue,
            self.pii_policy,
            self.settings.sessions,
            self.clock,
            unit_of_work=self.unit_of_work,
        )

    @cached_property
    def save_checkpoint(self) -> SaveCheckpoint:
        from engram.usecases.checkpoints import SaveCheckpoint

        return SaveCheckpoint(
            self.transcripts, self.queue, self.pii_policy, self.settings.sessions, self.clock
        )

    @cached_property
    def exporter(self) -> Export:
        from engram.usecases.transfer import Export

        return Export(
            store=self.store,
            userdata=self.userdata,
            clock=self.clock,
            graph=self.graph,
            transcripts=self.transcripts,
            vectors=self.vector_index,
        )

    @cached_property
    def importer(self) -> Import:
        from engram.usecases.transfer import Import

        return Import(
            store=self.store,
            userdata=self.userdata,
            transcripts=self.transcripts,
            vectors=self.vector_index,
            queue=self.queue,
            pii_policy=self.pii_policy,  # an import is screened as remember is
            dimensions=self.settings.embedder.dimensions,
        )

    @cached_property
    def request_erasure(self) -> RequestErasure:
        return RequestErasure(self.userdata, self.queue, self.clock)

    @cached_property
    def eraser(self) -> EraseUser:
        return EraseUser(self.userdata, self.clock, self.vector_index)

    @cached_property
    def extract(self) -> Extract:
        from engram.providers.extractors import build_extractor
        from engram.usecases.sessions import Extract

        return Extract(
            self.transcripts,
            self.remember,
            build_extractor(self.settings),
            self.settings.sessions,
            self.clock,
            tokens=self.store,
        )

    @cached_property
    def webhook_sender(self) -> WebhookSender:
        from engram.providers.fetch import Fetcher
        from engram.providers.webhooks import HttpWebhookSender

        s = self.settings.webhooks
        return HttpWebhookSender(Fetcher(timeout_s=s.timeout_s, allowed_networks=s.allowed_networks))

    @cached_property
    def webhooks(self) -> Webhooks:
        from engram.domain.errors import DependencyUnavailable
        from engram.usecases.webhooks import Webhooks

        if self.webhook_store is None:
            raise DependencyUnavailable("webhooks are not available on this deployment")
        return Webhooks(self.webhook_store, self.webhook_sender, self.settings.webhooks, self.clock)

    @cached_property
    def deliver_events(self) -> DeliverEvents:
        from engram.usecases.webhooks import DeliverEvents

        if self.delivery_queue is None:
            raise RuntimeError("this deployment delivers webhooks through its queue, not a worker thread")
        return DeliverEvents(self.delivery_queue, self.webhook_sender, self.settings.webhooks, self.clock)

    @cached_property
    def embedder(self) -> Embedder:
        with self._lock:
            return self.embedder_factory()

    @cached_property
    def enricher(self) -> SourcedEnricher:
        with self._lock:
            return self.enricher_factory()


@dataclass(frozen=True)
class _LazyEmbedder:
    """The container's embedder, built (the model loaded) on the first call that embeds."""

    container: Container

    @property
    def name(self) -> str:
        return self.container.embedder.name

    @property
    def dimensions(self) -> int:
        return self.container.embedder.dimensions

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return self.container.embedder.embed(texts)

    def warm(self) -> None:
        self.container.embedder.warm()


def local_reembed(c: Container) -> Reembed | None:
    """Re-embedding for the local index, which records each vector's model (None for another index)."""
    from engram.adapters.local.index import LocalIndex  # the `local` extra (NumPy, usearch)
    from engram.usecases.reembed import Reembed

    if not isinstance(c.vector_index, LocalIndex):
        return None
    return Reembed(c.store, c.vector_index, _LazyEmbedder(c), batch=c.settings.embedder.reembed_batch)


def opensearch_reembed(c: Container) -> ReembedTenants | None:
    """Re-embedding over OpenSearch's indices a model, tenant by tenant (the tenants of the API keys);
    None where the index records no model."""
    from engram.adapters.opensearch.index import OpenSearchIndex  # the `aws` extra (opensearch-py)
    from engram.usecases.reembed import ReembedTenants

    if not (isinstance(c.vector_index, OpenSearchIndex) and c.vector_index.model):
        return None
    keys = c.keys

    def tenants() -> list[str]:
        return sorted({key.tenant for key in keys.list()})

    batch = c.settings.embedder.reembed_batch
    return ReembedTenants(c.vector_index, _LazyEmbedder(c), tenants, batch=batch)


def _default_embedder(settings: Settings) -> Callable[[], Embedder]:
    def build() -> Embedder:
        return build_embedder(settings.embedder)

    return build


def _default_enricher(settings: Settings) -> Callable[[], SourcedEnricher]:
    def build() -> SourcedEnricher:
        from engram.providers.enrichers import build_enricher

        return build_enricher(settings.enricher, hints=settings.hints.enabled)

    return build


def local(settings: Settings, clock: Clock | None = None) -> Container:
    # Imported here, as aws() imports its own: the local index needs NumPy and usearch (the `local`
    # extra), which the Lambda layer does not ship.
    from engram.adapters.local.index import CandidateSearch, LocalIndex
    from engram.adapters.sqlite.db import SqliteDatabase
    from engram.adapters.sqlite.documents import SqliteDocumentStore
    from engram.adapters.sqlite.events import SqliteWebhookStore
    from engram.adapters.sqlite.graph import SqliteGraphStore
    from engram.adapters.sqlite.janitor_state import SqliteJanitorState
    from engram.adapters.sqlite.keys import SqliteKeyStore
    from engram.adapters.sqlite.queue import SqliteJobQueue
    from engram.adapters.sqlite.store import SqliteMemoryStore
    from engram.adapters.sqlite.transcripts import SqliteTranscriptStore
    from engram.adapters.sqlite.userdata import SqliteUserData
    from engram.providers.embedders import model_id
    from engram.runtime.retrievals import RetrievalBuffer

    db = SqliteDatabase(settings.db_path)
    index = LocalIndex(db, settings.ann, model=model_id(settings.embedder))
    index.adopt(settings.embedder.dimensions)
    documents, transcripts = SqliteDocumentStore(db), SqliteTranscriptStore(db)
    webhooks = SqliteWebhookStore(db)  # after the tables its triggers watch
    store, queue = SqliteMemoryStore(db), SqliteJobQueue(db, max_attempts=settings.janitor.max_attempts)
    return Container(
        settings=settings,
        store=store,
        vector_index=index,
        reembed_factory=local_reembed,
        lexical_index=index,
        hint_index=index,
        candidate_index=CandidateSearch(index),
        graph=SqliteGraphStore(db),
        transcripts=transcripts,
        queue=queue,
        retrievals=RetrievalBuffer(queue, store, db.write, settings.retrieval_flush_s),
        keys=SqliteKeyStore(db),
        janitor_state=SqliteJanitorState(db, model=index.model),
        userdata=SqliteUserData(db),
        unit_of_work=db.write,
        transact=db.transact,
        document_store=documents,
        webhook_store=webhooks,
        delivery_queue=webhooks,
        clock=clock or SystemClock(),
        embedder_factory=_default_embedder(settings),
        enricher_factory=_default_enricher(settings),
        idempotency_factory=lambda: _sqlite_idempotency(db),
    )


def _sqlite_idempotency(db: Any) -> BasePersistenceLayer:
    from engram.adapters.sqlite.idempotency import SqliteIdempotencyStore

    return SqliteIdempotencyStore(db)


def dynamo_idempotency(settings: Settings, session: Any) -> Callable[[], BasePersistenceLayer] | None:
    """powertools' DynamoDB layer on the idempotency table (`ENGRAM_IDEMPOTENCY_TABLE`, its key `id`,
    TTL on `expiration`), built on the first keyed write (it imports boto3); None without the table."""
    if not settings.idempotency_table:
        return None

    def build() -> BasePersistenceLayer:
        from aws_lambda_powertools.utilities.idempotency import DynamoDBPersistenceLayer

        client = session.create_client("dynamodb", region_name=settings.region or None)
        return DynamoDBPersistenceLayer(table_name=settings.idempotency_table, boto3_client=client)

    return build


def _session() -> Any:
    """The botocore session of the DynamoDB table and the SQS queue, which knows those two services only
    (providers.aws.botocore_session: no walk of botocore's data)."""
    from engram.providers.aws import botocore_session  # AWS only, as in aws()

    return botocore_session(("dynamodb", "sqs"))


def _table(settings: Settings, session: Any) -> DynamoTable:
    """The engram table over a botocore client, in plain values as boto3's Table resource (no boto3)."""
    from engram.adapters.dynamo.table import DynamoTable  # AWS only, as in aws()

    client = session.create_client("dynamodb", region_name=settings.region or None)
    return DynamoTable(client, settings.table_name)


def aws(settings: Settings, *, session: Any = None, clock: Clock | None = None) -> Container:
    """The deployed functions' adapters, over `session` (a botocore session; by default one that knows
    DynamoDB and SQS only)."""
    # Imported here: the OpenSearch index needs opensearch-py (the `aws` extra), and a local process
    # loads none of the AWS adapters.
    from engram.adapters.dynamo.documents import DynamoDocumentStore
    from engram.adapters.dynamo.graph import DynamoGraphStore
    from engram.adapters.dynamo.janitor_state import DynamoJanitorState
    from engram.adapters.dynamo.keys import DynamoKeyStore
    from engram.adapters.dynamo.sqs_queue import SqsJobQueue
    from engram.adapters.dynamo.store import DynamoMemoryStore
    from engram.adapters.dynamo.transcripts import DynamoTranscriptStore
    from engram.adapters.dynamo.userdata import DynamoUserData
    from engram.adapters.dynamo.webhooks import DynamoWebhookStore
    from engram.adapters.opensearch.index import OpenSearchIndex

    required = {
        "ENGRAM_QUEUE_URL": (settings.queue_url, "the SQS job queue"),
        "ENGRAM_OPENSEARCH_ENDPOINT": (settings.opensearch_endpoint, "the search index"),
    }
    missing = {variable: what for variable, (value, what) in required.items() if not value}
    if missing:
        raise MissingSettings("aws", missing)
    session = session or _session()
    table = _table(settings, session)
    index = OpenSearchIndex.from_settings(settings)  # connects on first use

    return Container(
        settings=settings,
        store=DynamoMemoryStore(table),
        vector_index=index,
        reembed_factory=opensearch_reembed,
        lexical_index=index,
        hint_index=index,
        graph=DynamoGraphStore(table),
        transcripts=DynamoTranscriptStore(table),
        queue=SqsJobQueue(
            session.create_client("sqs", region_name=settings.region or None),
            settings.queue_url,
            settings.dlq_url or None,
        ),
        keys=DynamoKeyStore(table),
        janitor_state=DynamoJanitorState(table),
        userdata=DynamoUserData(table),
        document_store=DynamoDocumentStore(table),
        webhook_store=DynamoWebhookStore(table),
        clock=clock or SystemClock(),
        embedder_factory=_default_embedder(settings),
        enricher_factory=_default_enricher(settings),
        idempotency_factory=dynamo_idempotency(settings, session),
    )


@dataclass(frozen=True)
class KeyAdmin:
    """What `engram keys` needs: the key store, and the stores a tenant's caps are kept in. On AWS it
    needs only the table, so an operator can mint the first key without the queue or the index."""

    keys: KeyStore
    store: MemoryStore
    transcripts: Transcripts


def key_admin(settings: Settings) -> KeyAdmin:
    if settings.backend != "aws":
        container = local(settings)
        return KeyAdmin(container.keys, container.store, container.transcripts)
    # AWS only, as in aws(): the table alone, so the first key can be minted before the rest exists.
    from engram.adapters.dynamo.keys import DynamoKeyStore
    from engram.adapters.dynamo.store import DynamoMemoryStore
    from engram.adapters.dynamo.transcripts import DynamoTranscriptStore

    table = _table(settings, _session())
    return KeyAdmin(DynamoKeyStore(table), DynamoMemoryStore(table), DynamoTranscriptStore(table))


def from_settings(settings: Settings | None = None) -> Container:
    settings = settings or Settings()
    return aws(settings) if settings.backend == "aws" else local(settings)
