"""Documents in: submit (raw first, a job queued), process (fetch, chunk, remember each chunk through the
write path, embed and index), read, list, delete (the document and its chunks as a unit)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from engram.domain.documents import Document, DocumentState, chunk_text, text_of
from engram.domain.errors import EngramError, InvalidRequest, MemoryNotFound, PayloadTooLarge
from engram.domain.models import MemoryType, Provenance
from engram.ids import new_id
from engram.observability import count, logger
from engram.ports import Clock, DocumentJob, DocumentStore, EnrichJob, JobQueue, SystemClock
from engram.settings import DocumentSettings
from engram.usecases.memories import Forget
from engram.usecases.remember import Outcome, Remember, RememberCommand

TEXT_TYPES = ("text/plain", "text/markdown", "text/html", "application/json")
CHUNK_IMPORTANCE = 2  # low: a passage of a document, not a fact someone chose to remember


class DocumentNotFound(MemoryNotFound):
    """No document with that id in the caller's tenant (404)."""


@dataclass(frozen=True)
class SubmitDocument:
    tenant: str
    user_id: str
    project: str = "default"
    namespace: str = "default"
    title: str | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)
    text: str | None = None
    content_type: str = "text/plain"  # of `text` or `data`
    url: str | None = None
    data: bytes | None = None  # an uploaded file
    filename: str | None = None


@dataclass
class Documents:
    store: DocumentStore
    queue: JobQueue
    remember: Remember
    forget: Forget
    settings: DocumentSettings
    fetcher: Callable[[], Any]  # built on first use: engram.providers.fetch.Fetcher
    enrich: Callable[[list[EnrichJob]], Sequence[object]] | None = None  # embed and index inline
    pdf_text: Callable[[bytes], str] | None = None
    clock: Clock = field(default_factory=SystemClock)

    # ------------------------------------------------------------------ API side

    def submit(self, command: SubmitDocument) -> Document:
        """Store the raw source, queue its job; 202 material. Exactly one of text, url, data."""
        given = [n for n in ("text", "url", "data") if getattr(command, n) is not None]
        if len(given) != 1:
            raise InvalidRequest("give exactly one of text, url or file", field="body")
        if command.url is not None and not self.settings.fetch_enabled:
            raise InvalidRequest("documents by URL are turned off on this deployment", field="url")
        if command.url is not None and not command.url.lower().startswith(("http://", "https://")):
            raise InvalidRequest("url must be an http or https URL", field="url")
        media = command.content_type.split(";")[0].strip().lower()
        if command.data is None and command.url is None and media not in TEXT_TYPES:
            raise InvalidRequest(f"content_type must be one of {', '.join(TEXT_TYPES)}", field="content_type")
        if command.data is not None and media not in (*TEXT_TYPES, "application/pdf"):
            raise InvalidRequest("a file must be PDF or text", field="file.content_type")
        raw = (command.text or command.url or "").encode() if command.data is None else command.data
        if command.text is not None and len(command.text) > self.settings.max_text_chars:
            raise PayloadTooLarge(f"text is over {self.settings.max_text_chars} characters")
        now = self.clock.now()
        document = Document(
            id=new_id(now),
            tenant=command.tenant,
            user_id=command.user_id,
            project=command.project,
            namespace=command.namespace,
            title=command.title,
            metadata=dict(command.metadata),
            source="url" if command.url is not None else "file" if command.data is not None else "text",
            url=command.url,
            filename=command.filename,
            content_type=media if command.url is None else "",
            created_at=now,
            updated_at=now,
        )
        self.store.create(document, raw)  # raw first: stored before any processing
        try:
            self.queue.enqueue([DocumentJob(tenant=document.tenant, document_id=document.id)])
        except Exception:
            logger.exception("enqueue failed for document %s", document.id)
            document = self._set(document, DocumentState.failed, error="could not queue processing; retry")
        count("DocumentSubmitted")
        return document

    def get(self, tenant: str, document_id: str) -> Document:
        document = self.store.get(tenant, document_id)
        if document is None:
            raise DocumentNotFound(f"no document with id {document_id}")
        return document

    def list(
        self, tenant: str, user_id: str, limit: int, cursor: str | None
    ) -> tuple[list[Document], str | None]:
        return self.store.list(tenant, user_id, limit, cursor)

    def delete(self, tenant: str, document_id: str) -> Document:
        """Forget the document's chunks, then the document (a chunk it does not own is left alone)."""
        document = self.get(tenant, document_id)
        self._forget_chunks(document)
        self.store.delete(tenant, document_id)
        count("DocumentDeleted")
        return document

    def erase_user(self, tenant: str, user_id: str) -> int:
        """Drop every document of a user, raw sources included (their chunks are memories, which the
        user's erasure forgets itself); how many. Run by the erasure job after it."""
        erased = 0
        while True:
            page, _ = self.store.list(tenant, user_id, 100, None)
            if not page:
                return erased
            for document in page:
                erased += self.store.delete(tenant, document.id)

    # ------------------------------------------------------------------ the job

    def process(self, job: DocumentJob) -> None:
        """queued → fetching → chunking → embedding → indexing → done, or failed with the reason. A
        refusal of the source (bad URL, unreadable file) fails the document and is not retried."""
        document = self.store.get(job.tenant, job.document_id)
        if document is None or document.state == DocumentState.done:
            return  # deleted meanwhile, or a second delivery
        try:
            self._process(document)
        except EngramError as exc:  # the source's fault: recorded, not retried
            self._set(self._current(document), DocumentState.failed, error=exc.message)
        except Exception as exc:
            self._set(self._current(document), DocumentState.failed, error=f"{type(exc).__name__}: {exc}")
            raise  # retried by the queue; a later run starts over (chunks deduplicate)

    def _process(self, document: Document) -> None:
        raw = self.store.raw(document.tenant, document.id) or b""
        content_type = document.content_type
        title = document.title
        if document.source == "url":
            document = self._set(document, DocumentState.fetching)
            fetched = self.fetcher().fetch(raw.decode())
            raw, content_type = fetched.body, fetched.content_type
            charset = fetched.charset or "utf-8"
        else:
            charset = "utf-8"
        document = self._set(document, DocumentState.chunking, content_type=content_type)
        if content_type == "application/pdf":
            if self.pdf_text is None:
                raise InvalidRequest("PDF documents are not supported by this deployment")
            found_title, text = None, self.pdf_text(raw)
        else:
            found_title, text = text_of(content_type, raw.decode(charset, errors="replace"))
        title = title or found_title or document.filename or document.url
        pieces = chunk_text(text, self.settings.chunk_chars, self.settings.chunk_overlap)
        warnings = []
        if len(pieces) > self.settings.max_chunks:
            warnings.append(f"cut to {self.settings.max_chunks} of {len(pieces)} chunks")
            pieces = pieces[: self.settings.max_chunks]
        if not pieces:
            raise InvalidRequest("the document has no text")
        document = self._set(document, DocumentState.embedding, title=title, chunks=len(pieces))
        results = self.remember.many([self._chunk_command(document, i, p) for i, p in enumerate(pieces)])
        owned, jobs = [], []
        for i, result in enumerate(results):
            memory = result.memory
            if result.outcome == Outcome.stored and memory is not None:
                owned.append(memory.id)
                jobs.append(
                    EnrichJob(tenant=memory.tenant, memory_id=memory.id, content_hash=memory.content_hash)
                )
            elif result.outcome == Outcome.deduplicated and memory is not None:
                if memory.metadata.get("document_id") == document.id:
                    owned.append(memory.id)  # a second delivery of this job
                else:
                    warnings.append(f"chunk {i}: already remembered as {memory.id}")
            else:
                warnings.append(f"chunk {i}: {result.outcome.value} ({result.reason})")
        if self.store.get(document.tenant, document.id) is None:  # deleted while chunks were written
            self._forget_chunks(document.model_copy(update={"chunk_ids": owned}))
            return
        document = self._set(document, DocumentState.indexing, chunk_ids=owned, warnings=warnings)
        if self.enrich is not None and jobs:
            failed = [o for o in self.enrich(jobs) if isinstance(o, Exception)]
            if failed:  # the chunks are stored; their enrichment is retried by the janitor
                warnings.append(f"{len(failed)} chunks not yet indexed: {failed[0]}")
        self._set(document, DocumentState.done, error=None, warnings=warnings)
        count("DocumentProcessed")

    def _chunk_command(self, document: Document, index: int, piece: str) -> RememberCommand:
        return RememberCommand(
            tenant=document.tenant,
            user_id=document.user_id,
            project=document.project,
            namespace=document.namespace,
            content=piece,
            memory_type=MemoryType.document_chunk,
            provenance=Provenance.imported,
            importance=CHUNK_IMPORTANCE,
            metadata={
                "document_id": document.id,
                "document_title": document.title or "",
                "document_chunk": index,
            },
        )

    def _forget_chunks(self, document: Document) -> None:
        for memory_id in document.chunk_ids:
            with suppress(MemoryNotFound):  # forgotten on its own before
                self.forget(document.tenant, memory_id)

    def _current(self, document: Document) -> Document:
        return self.store.get(document.tenant, document.id) or document

    def _set(self, document: Document, state: DocumentState, **changes: Any) -> Document:
        updated = document.model_copy(update={"state": state, "updated_at": self.clock.now(), **changes})
        self.store.save(updated)
        return updated
