"""Ports: the boundaries use cases depend on. One Protocol per boundary; adapters implement them.

Use cases import these; adapters and providers implement them; nothing here imports an adapter.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Generic, Literal, NamedTuple, Protocol, TypeVar, runtime_checkable

from pydantic import Field

from engram.domain.checkpoints import Checkpoint, Summary
from engram.domain.documents import Document
from engram.domain.enrichment import Candidate, Contradiction, Decision, EnrichmentResult
from engram.domain.events import ChangeEvent, Sent, WebhookEndpoint
from engram.domain.filters import Filter
from engram.domain.graph import Entity, GraphScope, Mention, Relation, Triple
from engram.domain.health import HealthFigures, Repair, RepairState
from engram.domain.models import (
    ApiKey,
    DomainModel,
    EnrichmentState,
    HistoryRecord,
    Memory,
    Scope,
    Status,
    utcnow,
)
from engram.domain.quotas import TenantLimits
from engram.domain.sessions import (
    Appended,
    Extracted,
    ExtractionRecord,
    FactRecord,
    Message,
    NewMessage,
    SessionInfo,
    SessionRef,
)
from engram.domain.transfer import ErasureRecord
from engram.ids import new_id

T = TypeVar("T")

# --------------------------------------------------------------------------- memory store


@dataclass(frozen=True)
class InsertResult:
    memory: Memory
    created: bool  # False: an identical memory existed in the scope; its hits were incremented


@dataclass(frozen=True)
class ListQuery:
    tenant: str
    user_id: str | None = None
    project: str | None = None
    namespace: str | None = None
    status: Status | None = None
    limit: int = 50
    cursor: str | None = None  # opaque to callers; each store encodes its own position
    agent_id: str | None = None
    run_id: str | None = None
    metadata: Filter | None = None  # engram.domain.filters, executed inside the store's query
    review_needed: bool | None = None  # only memories the contradiction check flagged (or did not)


@dataclass
class Page:
    items: list[Memory]
    cursor: str | None


class JobClaims(Protocol):
    """Job idempotency: at-least-once delivery applied once."""

    def claim_once(self, key: str, at: datetime) -> bool:
        """Record that the job `key` was processed; False when it already was (a redelivery).
        Markers are kept for the job retention window (SQS redelivers within days, not weeks)."""


class RetrievalCounts(JobClaims, Protocol):
    """Retrieval counters beside the memories (the memory store's adapters provide them)."""

    def increment_retrievals(self, tenant: str, counts: dict[str, int], at: datetime) -> None: ...


class ModelTokens(Protocol):
    """The model tokens spent for each tenant (enrichment, extraction, summaries), beside the memories."""

    def add_model_tokens(self, tenant: str, input_tokens: int, output_tokens: int) -> None: ...

    def model_tokens(self, tenant: str) -> tuple[int, int]: ...


@runtime_checkable
class MemoryStore(RetrievalCounts, ModelTokens, Protocol):
    """The memories and their history. Also keeps the retrieval counters and job claims
    (RetrievalCounts), and the model tokens spent per tenant (ModelTokens)."""

    def insert_or_dedup(self, memory: Memory) -> InsertResult:
        """Atomically store `memory` unless a live memory with the same content hash exists in its
        scope; then increment that memory's `hits` and return it with created=False."""

    def prepare_insert(self, memory: Memory) -> Callable[[], InsertResult]:
        """insert_or_dedup(memory) as a function to call later in a unit of work, what needs no lock
        (on SQLite the row and its JSON) made now, before the write lock is taken."""

    def get(self, tenant: str, memory_id: str) -> Memory | None: ...

    def get_many(self, tenant: str, memory_ids: Sequence[str]) -> list[Memory]: ...

    def put(self, memory: Memory, expected_updated_at: datetime | None = None) -> Memory:
        """Replace a stored memory (same id, same content hash). With `expected_updated_at`, only if
        nobody changed it since (optimistic concurrency); raises engram.domain.errors.Conflict."""

    def replace_content(self, old: Memory, new: Memory) -> Memory:
        """Change a memory's content: move its dedup key from old.content_hash to new.content_hash
        atomically. Raises Conflict when the new hash is taken in the scope."""

    def delete(self, tenant: str, memory_id: str) -> Memory | None:
        """Tombstone (status=deleted) and free the content hash. None when unknown."""

    def list(self, query: ListQuery) -> Page: ...

    def scan(self, cursor: str | None, limit: int, tenant: str | None = None) -> Page:
        """Every memory, in a stable order, `limit` at a time; for janitor jobs and stats."""

    def find_by_enrichment_state(
        self, state: EnrichmentState, updated_before: datetime, limit: int, cursor: str | None = None
    ) -> Page:
        """Memories (any tenant) whose enrichment is in `state` and last changed before the time."""

    def purge(self, tenant: str, memory_id: str) -> None:
        """Hard-delete a memory (retention). Idempotent."""

    def add_hits(self, tenant: str, memory_id: str, n: int) -> None:
        """Atomically add `n` to a memory's hits (a merge folds one memory's hits into another)."""

    def add_history(self, records: Iterable[HistoryRecord]) -> None: ...

    def history(self, tenant: str, memory_id: str) -> builtins.list[HistoryRecord]: ...

    def purge_history(self, older_than: datetime, limit: int) -> int: ...


# --------------------------------------------------------------------------- API keys


class KeyStore(Protocol):
    def add(self, key: ApiKey) -> None: ...

    def find(self, key_hash: str) -> ApiKey | None: ...

    def list(self, tenant: str | None = None) -> builtins.list[ApiKey]: ...

    def revoke(self, key_id: str) -> ApiKey | None: ...

    def take_token(self, key_id: str, rate: float, burst: int, now: datetime) -> float:
        """Take one request from the key's token bucket: 0.0 when admitted, else seconds to wait."""
        ...

    def set_limits(self, limits: TenantLimits, memories: int = 0) -> None: ...

    def limits(self, tenant: str) -> TenantLimits: ...


# --------------------------------------------------------------------------- job queue


class EnrichJob(DomainModel):
    kind: Literal["enrich"] = "enrich"
    tenant: str
    memory_id: str
    content_hash: str


class RetrievalJob(DomainModel):
    """Retrieval events from one recall: counted off the hot path, once per job id."""

    kind: Literal["retrieval"] = "retrieval"
    id: str = Field(default_factory=new_id)
    tenant: str
    memory_ids: list[str]
    at: datetime


class ExtractJob(DomainModel):
    """Extract facts from a session's messages `from_seq`..`through_seq` (engram.usecases.extract)."""

    kind: Literal["extract"] = "extract"
    id: str
    tenant: str
    user_id: str
    session_id: str
    from_seq: int
    through_seq: int
    summary_of: str | None = None  # a session_end checkpoint's id: write the session's episode summary


class EraseUserJob(DomainModel):
    """Erase everything of one user of a tenant (engram.usecases.erase); the job id names its record."""

    kind: Literal["erase_user"] = "erase_user"
    tenant: str
    user_id: str
    job_id: str


class DocumentJob(DomainModel):
    """Fetch (a URL), chunk and remember one document (engram.usecases.documents)."""

    kind: Literal["document"] = "document"
    tenant: str
    document_id: str


class JobEnvelope(DomainModel):
    job: EnrichJob | RetrievalJob | ExtractJob | EraseUserJob | DocumentJob = Field(discriminator="kind")


Job = EnrichJob | RetrievalJob | ExtractJob | EraseUserJob | DocumentJob


class JobQueue(Protocol):
    def enqueue(self, jobs: Sequence[Job]) -> None:
        """Durably queue jobs. Raises on failure; nothing is silently dropped."""

    def depth(self) -> dict[str, int]:
        """Approximate counts: {"queued": n, "in_flight": n, "dead": n}."""

    def redrive_dead(self, limit: int) -> int:
        """Move up to `limit` dead jobs back onto the queue; how many moved. Raises ValueError when
        the queue has no dead jobs to redrive from (an SQS queue configured without its DLQ)."""

    @property
    def keeps_finished(self) -> bool:
        """Whether finished jobs stay in the queue (the SQLite job table) until `purge_finished`."""

    def purge_finished(self, older_than: datetime, limit: int) -> int:
        """Delete up to `limit` jobs finished before `older_than`; how many went (0: none kept)."""


# --------------------------------------------------------------------------- vectors & search


@dataclass(frozen=True)
class VectorHit:
    memory_id: str
    score: float  # cosine similarity in [-1, 1]


@dataclass(frozen=True)
class LexicalHit:
    memory_id: str
    score: float  # BM25 (higher is better)


@dataclass(frozen=True)
class SearchFilters:
    """Recall filters, applied inside each leg (pre-filter), never after the top-N cut."""

    memory_types: tuple[str, ...] | None = None  # any of
    categories: tuple[str, ...] | None = None  # any of
    entities: tuple[str, ...] | None = None  # any of
    provenance: tuple[str, ...] | None = None  # any of
    observed_after: datetime | None = None  # inclusive
    observed_before: datetime | None = None  # exclusive
    min_importance: int | None = None
    agent_id: str | None = None  # written by this agent
    run_id: str | None = None  # written in this run (session)
    metadata: Filter | None = None  # engram.domain.filters

    def __post_init__(self) -> None:
        # An empty "any of" list filters nothing, on every backend (OpenSearch would match nothing).
        for name in ("memory_types", "categories", "entities", "provenance"):
            if getattr(self, name) == ():
                object.__setattr__(self, name, None)


@dataclass(frozen=True)
class SearchScope:
    tenant: str
    user_id: str
    project: str | None = None  # None: every project of the user
    namespaces: tuple[str, ...] | None = None  # None: every namespace
    statuses: tuple[Status, ...] = (Status.active, Status.stale)
    filters: SearchFilters = field(default_factory=SearchFilters)


@dataclass(frozen=True)
class IndexedMemory:
    """What a vector/lexical index stores about a memory besides its vector."""

    memory: Memory
    vector: Sequence[float] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class VectorIndex(Protocol):
    def upsert(self, items: Sequence[IndexedMemory]) -> None: ...

    def delete(self, tenant: str, memory_ids: Sequence[str]) -> None: ...

    def knn(self, scope: SearchScope, vector: Sequence[float], k: int) -> list[VectorHit]: ...

    def exact(self, scope: SearchScope) -> bool:
        """Whether `knn` over `scope` scores every vector of it, so that a memory it does not return
        scores at most its last hit; False where it walks an approximate graph (HNSW)."""
        ...

    def get_vectors(self, tenant: str, memory_ids: Sequence[str]) -> dict[str, list[float]]: ...


class LexicalIndex(Protocol):
    def search(self, scope: SearchScope, query: str, k: int) -> list[LexicalHit]: ...


@dataclass(frozen=True)
class HintHit:
    memory_id: str
    score: float  # BM25 of the memory's hints (higher is better)
    hint: str  # the hint that matched the query best


class HintIndex(Protocol):
    """Prospective hints (settings.hints): the k memories of the scope whose hints match best."""

    def search_hints(self, scope: SearchScope, query: str, k: int) -> list[HintHit]: ...


# --------------------------------------------------------------------------- knowledge graph


@dataclass
class EntityPage:
    items: list[Entity]
    cursor: str | None


class GraphStore(Protocol):
    """Entities, relations and mentions of one user scope (engram.domain.graph). Linking is
    idempotent: a memory linked twice counts once; unlinking forgets what that memory said."""

    def link(
        self,
        scope: GraphScope,
        memory_id: str,
        mentions: Sequence[Mention],
        triples: Sequence[Triple],
        at: datetime,
    ) -> None: ...

    def unlink(self, scope: GraphScope, memory_id: str) -> None: ...

    def entities_by_id(self, scope: GraphScope, entity_ids: Sequence[str]) -> builtins.list[Entity]: ...

    def relations(self, scope: GraphScope, entity_ids: Sequence[str]) -> builtins.list[Relation]:
        """Every relation with one of the entities at either end (and at least one source memory)."""

    def memories_of(
        self, scope: GraphScope, entity_ids: Sequence[str], limit: int
    ) -> dict[str, builtins.list[str]]:
        """Per entity, the ids of (up to `limit`) memories that mention it, newest first."""

    def entity_page(self, scope: GraphScope, limit: int, cursor: str | None = None) -> EntityPage:
        """The scope's entities in a stable order (by id), `limit` at a time."""


# --------------------------------------------------------------------------- session transcripts


@dataclass
class MessagePage:
    items: list[Message]
    cursor: str | None


class TranscriptStore(Protocol):
    """Sessions' lossless transcripts, their extraction jobs and the facts derived from them
    (engram.domain.sessions). Appending is idempotent per message key."""

    def append(self, session: SessionInfo, messages: Sequence[NewMessage], at: datetime) -> Appended:
        """Store the messages whose key the session has not seen, in order, creating the session on
        first use. Raises Conflict when the session exists in another project or namespace."""

    def session(self, ref: SessionRef) -> SessionInfo | None: ...

    def messages(self, ref: SessionRef, limit: int, cursor: str | None = None) -> MessagePage:
        """The transcript in append order, `limit` at a time."""

    def window(self, ref: SessionRef, from_seq: int, through_seq: int, context: int) -> list[Message]:
        """Messages with seq in [from_seq, through_seq] plus up to `context` earlier ones, in order."""

    def messages_by_id(self, ref: SessionRef, ids: Sequence[str]) -> builtins.list[Message]:
        """The session's messages with these ids (ours), in transcript order; unknown ids are skipped."""

    def pop_last(self, ref: SessionRef, at: datetime) -> Message | None:
        """Delete the transcript's last message and return it (None: no message). Its seq is not
        handed out again; its key is free, so the same message may be appended again."""

    def mark_queued(self, ref: SessionRef, through_seq: int, job: ExtractionRecord) -> None:
        """Record a queued extraction job and that messages up to `through_seq` are covered."""

    def job(self, ref: SessionRef, job_id: str) -> ExtractionRecord | None: ...

    def put_job(self, ref: SessionRef, job: ExtractionRecord) -> None: ...

    def jobs(self, ref: SessionRef, limit: int) -> builtins.list[ExtractionRecord]:
        """The most recent jobs first."""

    def fact(self, ref: SessionRef, fact_key: str) -> FactRecord | None: ...

    def put_fact(self, ref: SessionRef, fact: FactRecord) -> None:
        """Record (or update) a fact; a fact with a memory links the memory to the session."""

    def facts(self, ref: SessionRef) -> builtins.list[FactRecord]: ...

    def sessions_of(self, tenant: str, memory_id: str) -> builtins.list[SessionRef]:
        """Every session a memory was derived from."""

    def delete(self, ref: SessionRef) -> int:
        """Delete the session, its transcript, jobs, facts and checkpoints; how many messages went.
        Idempotent."""

    def put_checkpoint(self, ref: SessionRef, checkpoint: Checkpoint) -> None: ...

    def checkpoints(self, ref: SessionRef, limit: int) -> builtins.list[Checkpoint]:
        """The session's checkpoints, newest first (with or without a transcript)."""

    def delete_checkpoints(self, ref: SessionRef, ids: Sequence[str]) -> None: ...


class UserData(Protocol):
    """One user's data as a whole, beside the per-boundary ports: what export, import and erasure
    need that no single store offers (every status, every project, every session of a user)."""

    def memories(self, tenant: str, user_id: str, after: str | None, limit: int) -> builtins.list[Memory]:
        """The user's memories of every status, by id ascending, starting after the id `after`."""

    def projects(self, tenant: str, user_id: str) -> builtins.list[str]:
        """The projects the user's memories (and so their graphs) live in."""

    def sessions(
        self, tenant: str, user_id: str, position: str | None, limit: int
    ) -> tuple[builtins.list[SessionInfo], str | None]:
        """The user's sessions, `limit` at a time; the position to continue from, None at the end."""

    def restore_memory(self, memory: Memory) -> bool:
        """Store an exported memory as it was (id, counters and all) unless it exists; False when the
        id or, for a live memory, its content is already taken in the scope (nothing is changed)."""

    def restore_graph(
        self,
        scope: GraphScope,
        entities: Sequence[tuple[Entity, Sequence[str]]],
        relations: Sequence[Relation],
    ) -> None:
        """Store exported entities (with the memories that mention them) and relations (with their
        source memories) as they were, leaving whatever exists alone."""

    def restore_session(self, session: SessionInfo, messages: Sequence[Message]) -> None:
        """Store an exported session and messages of its transcript as they were, unless they exist."""

    def erase_user(self, tenant: str, user_id: str) -> dict[str, int]:
        """Delete every trace of the user in this store, contents scrubbed from disk where the store
        keeps old pages; what went, by kind. Idempotent."""

    def put_erasure(self, record: ErasureRecord) -> None: ...

    def erasure(self, tenant: str, job_id: str) -> ErasureRecord | None: ...


class Extractor(Protocol):
    @property
    def name(self) -> str: ...

    def extract(self, messages: Sequence[Message], context: Sequence[Message], user_name: str) -> Extracted:
        """Facts stated in `messages` (`context`: earlier messages, to understand them only)."""

    def summarize(
        self, messages: Sequence[Message], user_name: str, focus: str | None, max_chars: int
    ) -> Summary:
        """An episode summary of a session's messages, at most `max_chars` (`focus`: what the agent
        said it was working on)."""


# --------------------------------------------------------------------------- documents


class DocumentStore(Protocol):
    """Documents and their raw sources (engram.domain.documents), per tenant."""

    def create(self, document: Document, raw: bytes) -> None:
        """Store a new document with its raw source, durably, before any processing."""

    def get(self, tenant: str, document_id: str) -> Document | None: ...

    def raw(self, tenant: str, document_id: str) -> bytes | None: ...

    def save(self, document: Document) -> None:
        """Replace a stored document's record (its state, chunks, error); its raw source is kept."""

    def list(
        self, tenant: str, user_id: str, limit: int, cursor: str | None = None
    ) -> tuple[builtins.list[Document], str | None]:
        """The user's documents, newest first, and the cursor of the next page (None: no more)."""

    def delete(self, tenant: str, document_id: str) -> bool:
        """Remove the document and its raw source; whether it existed."""


# --------------------------------------------------------------------------- janitor


class JanitorJob(StrEnum):
    repair = "repair"
    expire = "expire"
    decay = "decay"
    retention = "retention"
    consolidate = "consolidate"
    reembed = "reembed"  # after an embedding model switch


class JobState(DomainModel):
    """What a janitor job remembers between runs: when it last ran, where its pass stopped, what it did."""

    job: JanitorJob
    last_run_at: datetime | None = None
    cursor: str | None = None  # None: the next run starts a new pass
    summary: dict[str, Any] = Field(default_factory=dict)


class JanitorState(Protocol):
    def load(self, job: JanitorJob) -> JobState:
        """The job's saved state (an empty one if it never ran)."""

    def save(self, state: JobState) -> None: ...


class MemoryCounts(DomainModel):
    status: dict[str, int]
    enrichment: dict[str, int]  # over memories that are not deleted
    complete: bool = True  # False: a bounded count stopped early; the numbers are lower bounds


class MemoryCounter(Protocol):
    def count_memories(self, tenant: str | None = None) -> MemoryCounts: ...


class JanitorStore(JanitorState, MemoryCounter, Protocol):
    """The janitor's saved state and the stats counts: one adapter beside each memory store."""


@runtime_checkable
class QueueHealth(Protocol):
    def job_health(self, since: datetime, now: datetime) -> HealthFigures:
        """The job figures of the health score: jobs touched since `since` (and every dead one), the
        dead among them, the running jobs and those past their lease (None where not measurable)."""


@runtime_checkable
class StaleLeases(Protocol):
    def release_stale_leases(self, now: datetime, limit: int) -> int:
        """Put up to `limit` running jobs whose lease ran out back in the queue; how many."""


@runtime_checkable
class IndexHealth(Protocol):
    def index_figures(self) -> HealthFigures:
        """Active memories and those in the text index; enriched ones and those with a vector."""

    def rebuild_text_index(self) -> int:
        """Give every active memory missing from the text index its row; how many rows were added."""


@runtime_checkable
class HealthState(Protocol):
    """What self-repair remembers of each repair action, beside the janitor's state."""

    def load_repair(self, action: Repair) -> RepairState: ...

    def save_repair(self, state: RepairState) -> None: ...


# --------------------------------------------------------------------------- models


class Embedder(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def dimensions(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Unit-normalised vectors, one per text, in order. Batches internally."""

    def warm(self) -> None:
        """Load now what the first `embed` would (a local model's weights); nothing for a remote API."""


class Reranker(Protocol):
    """Re-scores recall's top candidates against the query (a cross-encoder, a rerank API, or passage
    embeddings): one relevance per document, in order, higher is more relevant. Errors raise; recall
    keeps its own order then."""

    @property
    def name(self) -> str: ...

    def rerank(self, query: str, documents: Sequence[str]) -> list[float]: ...


class Enricher(Protocol):
    @property
    def name(self) -> str: ...

    def enrich(self, memory: Memory) -> EnrichmentResult: ...

    def decide(self, new: Memory, candidates: Sequence[Candidate]) -> Decision:
        """The decision stage: what `new` does to the memories of its scope it was compared with (best
        first): add (keep both), update or delete (supersede candidates), none (merge into one)."""


class Sourced(NamedTuple, Generic[T]):
    """An answer and who gave it; `fallback_reason` is set when the fallback answered for the primary."""

    result: T
    source: str
    fallback_reason: str | None = None


class SourcedEnricher(Enricher, Protocol):
    """An Enricher that also says which model answered (the fallback, and why, when the primary
    failed). Every enricher the composition builds is one (providers.enrichers.build_enricher)."""

    def enrich_with_source(self, memory: Memory) -> Sourced[EnrichmentResult]: ...

    def decide_with_source(self, new: Memory, candidates: Sequence[Candidate]) -> Sourced[Decision]: ...


class ContradictionChecker(Protocol):
    """The optional semantic contradiction check (`enricher.contradiction_check`, LLM enrichers only):
    whether a new memory kept beside its candidates (decision add) contradicts any of them. Advisory
    and bounded: it answers within its timeout or not at all, and supersedes nothing."""

    @property
    def name(self) -> str: ...

    def check(self, new: Memory, candidates: Sequence[Candidate]) -> Contradiction | None:
        """The model's validated answer, or None when it gave none in time (a timeout, a model error,
        an invalid answer: logged). Never raises."""


class Clock(Protocol):
    def now(self) -> datetime: ...


# What runs inside one unit of work commits together. On SQLite it is one write transaction (the
# store's and the graph's own writes inside it become savepoints); DynamoDB has no transaction across
# the items a memory and its graph links touch, so there it is `contextlib.nullcontext`.
UnitOfWork = Callable[[], AbstractContextManager[object]]


class Transact(Protocol):
    """Runs a function as one unit of work and returns what it returned once that committed: on SQLite
    SqliteDatabase.transact (concurrent writes of a process share one commit), elsewhere `run_now`."""

    def __call__(self, fn: Callable[[], T], /) -> T: ...


def run_now(fn: Callable[[], T]) -> T:
    """The unit of work where there is no transaction to run in (DynamoDB): the function, now."""
    return fn()


class SystemClock:
    def now(self) -> datetime:
        return utcnow()


# --------------------------------------------------------------------------- change events


@dataclass(frozen=True)
class Delivery:
    """One event due at one webhook endpoint (its body exactly as it is signed and sent)."""

    webhook_id: str
    event_id: str
    tenant: str
    url: str
    secret: str
    body: str
    attempts: int


@dataclass(frozen=True)
class DeadDelivery:
    """A delivery that failed its last attempt: listed for an operator, replayed on request."""

    webhook_id: str
    event_id: str
    tenant: str
    event_type: str
    attempts: int
    last_error: str | None
    updated_at: str


class WebhookStore(Protocol):
    """The tenant's webhook endpoints, and (on the embedded default) the outbox and its deliveries."""

    def add_endpoint(self, endpoint: WebhookEndpoint, secret: str) -> None: ...

    def endpoints(self, tenant: str) -> builtins.list[WebhookEndpoint]: ...

    def delete_endpoint(self, tenant: str, webhook_id: str) -> bool:
        """Forget the endpoint and the deliveries it still had to receive; False if unknown."""
        ...

    def endpoint(self, tenant: str, webhook_id: str) -> tuple[WebhookEndpoint, str] | None:
        """The endpoint and its secret, for a delivery (None: deleted since the event)."""
        ...


class EventBus(Protocol):
    """Where every change event goes on AWS (EventBridge), for users to route anywhere."""

    def publish(self, events: Sequence[tuple[str, ChangeEvent]]) -> None:
        """(tenant, event) pairs; raises if any was not accepted (the stream batch is retried)."""
        ...


class WebhookOutbox(Protocol):
    """Deliveries handed to a queue (AWS: SQS with its retries and DLQ)."""

    def enqueue(self, deliveries: Sequence[tuple[WebhookEndpoint, ChangeEvent]]) -> None: ...


class DeliveryQueue(Protocol):
    """Deliveries waiting, leased, retried and dead-lettered (SQLite; on AWS SQS and its DLQ)."""

    def fan_out(self, limit: int, now: datetime) -> int:
        """Turn outbox rows into events and one delivery per matching endpoint; the rows taken."""
        ...

    def claim_due(self, now: datetime, lease_until: datetime, limit: int) -> builtins.list[Delivery]: ...

    def delivered(self, delivery: Delivery) -> None: ...

    def failed(self, delivery: Delivery, error: str, now: datetime, retry_at: datetime | None) -> None:
        """One failed try: due again at `retry_at`, or dead when None."""
        ...

    def dead(self, tenant: str | None, limit: int) -> builtins.list[DeadDelivery]: ...

    def replay(self, tenant: str | None, event_ids: Sequence[str] | None, now: datetime) -> int:
        """Dead deliveries (of these events, or all) due again now; how many."""
        ...


class WebhookSender(Protocol):
    def check(self, url: str) -> None:
        """Raise (InvalidRequest) when the URL may not receive webhooks."""
        ...

    def send(self, url: str, secret: str, event_id: str, event_type: str, body: bytes) -> Sent:
        """One signed POST; never raises for the receiver's failures."""
        ...


__all__ = [
    "Clock",
    "ContradictionChecker",
    "DeadDelivery",
    "Delivery",
    "DeliveryQueue",
    "DocumentJob",
    "DocumentStore",
    "Embedder",
    "EnrichJob",
    "Enricher",
    "EraseUserJob",
    "EventBus",
    "ExtractJob",
    "Extractor",
    "HintHit",
    "HintIndex",
    "IndexedMemory",
    "InsertResult",
    "JanitorJob",
    "JanitorState",
    "JanitorStore",
    "Job",
    "JobClaims",
    "JobEnvelope",
    "JobQueue",
    "JobState",
    "KeyStore",
    "LexicalHit",
    "LexicalIndex",
    "ListQuery",
    "MemoryCounter",
    "MemoryCounts",
    "MemoryStore",
    "MessagePage",
    "ModelTokens",
    "Page",
    "RetrievalCounts",
    "RetrievalJob",
    "Scope",
    "SearchFilters",
    "SearchScope",
    "Sourced",
    "SourcedEnricher",
    "SystemClock",
    "Transact",
    "TranscriptStore",
    "UnitOfWork",
    "UserData",
    "VectorHit",
    "VectorIndex",
    "WebhookOutbox",
    "WebhookSender",
    "WebhookStore",
    "run_now",
]
