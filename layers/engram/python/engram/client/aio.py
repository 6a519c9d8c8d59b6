"""`AsyncEngram`: the asynchronous client of the engram API, on httpx."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any, TypeVar

import httpx

from engram.api.context import ContextResponse
from engram.api.entities import EntityDetailOut, EntityList, EntityOut
from engram.api.schemas import (
    BatchResponse,
    Health,
    HistoryList,
    MemoryList,
    MemoryOut,
    RememberRequest,
    RememberResponse,
    SearchResponse,
)
from engram.api.sessions import (
    AppendResponse,
    CheckpointSaved,
    MessageOut,
    MessageRequest,
    RecoveryOut,
    SessionDeleted,
    SessionOut,
    TranscriptOut,
)
from engram.api.transfer import ErasureOut, ImportResponse
from engram.api.webhooks import WebhookCreated, WebhookDeleted, WebhookList
from engram.client import _calls as calls
from engram.client._calls import Call, RetryPolicy
from engram.usecases.janitor.stats import Stats

T = TypeVar("T")


class AsyncEngram:
    """The engram API. `base_url` and `api_key` default to `ENGRAM_URL` and `ENGRAM_API_KEY`.

    Methods answer the API's response models and raise typed `engram.client.errors` exceptions. 429, 5xx,
    connection failures and a raced PATCH (409) are retried `max_retries` times with jittered exponential
    backoff, honouring `Retry-After`; each write sends one `Idempotency-Key` (its own, or `idempotency_key=`)
    with every attempt, so a retry never applies it twice. Use it as an async context manager, or await
    `aclose()`.
    """

    def __init__(
        self,
        base_url: str | None = None,
        api_key: str | None = None,
        *,
        timeout: float | httpx.Timeout = calls.DEFAULT_TIMEOUT_S,
        max_retries: int = 2,
        retry: RetryPolicy | None = None,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        self.base_url, api_key = calls.settings(base_url, api_key)
        self.retry = retry or RetryPolicy(max_retries=max_retries)
        self._owns_http = http_client is None
        self._http = http_client or httpx.AsyncClient(timeout=timeout)
        self._http.base_url = httpx.URL(self.base_url)
        self._http.headers.update(calls.headers(api_key))

    async def __aenter__(self) -> AsyncEngram:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        if self._owns_http:
            await self._http.aclose()

    async def request(self, call: Call[T]) -> T:
        """Send one call, retrying as the policy allows."""
        attempt = 0
        while True:
            try:
                response = await self._http.request(
                    call.method,
                    call.path,
                    params=call.params,
                    json=call.body,
                    headers=calls.request_headers(call),
                )
            except httpx.TransportError as exc:
                if attempt >= self.retry.max_retries:
                    raise calls.transport_error(exc, self.base_url) from exc
                attempt += 1
                await asyncio.sleep(self.retry.delay(attempt))
                continue
            if calls.should_retry(call, response) and attempt < self.retry.max_retries:
                attempt += 1
                await asyncio.sleep(self.retry.delay(attempt, response.headers))
                continue
            return calls.read(call, response)

    # ------------------------------------------------------------------------- meta

    async def health(self) -> Health:
        return await self.request(calls.health())

    async def openapi(self) -> dict[str, Any]:
        return await self.request(calls.openapi())

    async def stats(self) -> Stats:
        """The caller's memories per status and enrichment state."""
        return await self.request(calls.stats())

    # ------------------------------------------------------------------------- memories

    async def remember(
        self,
        content: str,
        user_id: str,
        *,
        wait: bool = False,
        wait_timeout_s: float | None = None,
        idempotency_key: str | None = None,
        **fields: Any,
    ) -> RememberResponse:
        """Remember one memory; `fields` are the other fields of `RememberRequest` (project,
        namespace, memory_type, provenance, confidence, importance, valid_until, observed_at,
        metadata, force). `wait`: answer once it is enriched and searchable (`enrichment` "done"), or
        after `wait_timeout_s` (≤ 10) with `enrichment` "pending" and its `location`."""
        if wait:
            fields = {**fields, "wait": "enriched"}
            if wait_timeout_s is not None:
                fields["wait_timeout_s"] = wait_timeout_s
        return await self.request(calls.remember(content, user_id, fields, idempotency_key))

    async def remember_batch(
        self, items: Sequence[RememberRequest | Mapping[str, Any]], *, idempotency_key: str | None = None
    ) -> BatchResponse:
        """Up to 100 memories, one result each, in order."""
        return await self.request(calls.remember_batch(items, idempotency_key))

    async def get(self, memory_id: str) -> MemoryOut:
        return await self.request(calls.get_memory(memory_id))

    async def update(self, memory_id: str, *, idempotency_key: str | None = None, **fields: Any) -> MemoryOut:
        """Change a memory; `fields` are those of `PatchRequest` (new content is re-enriched)."""
        return await self.request(calls.update_memory(memory_id, fields, idempotency_key))

    async def forget(self, memory_id: str) -> MemoryOut:
        return await self.request(calls.forget(memory_id))

    async def history(self, memory_id: str) -> HistoryList:
        return await self.request(calls.history(memory_id))

    async def list(
        self,
        user_id: str,
        *,
        project: str | None = None,
        namespace: str | None = None,
        status: str | None = None,
        limit: int | None = None,
        cursor: str | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        metadata_filter: Mapping[str, Any] | None = None,
    ) -> MemoryList:
        """One page of a user's memories, newest first; pass its `cursor` back for the next.
        `metadata_filter`: the JSON grammar of engram.domain.filters, e.g. {"topic": "billing"}."""
        call = calls.list_memories(
            user_id, project, namespace, status, limit, cursor, agent_id, run_id, metadata_filter
        )
        return await self.request(call)

    async def iter_memories(
        self,
        user_id: str,
        *,
        project: str | None = None,
        namespace: str | None = None,
        status: str | None = None,
        page_size: int | None = None,
        agent_id: str | None = None,
        run_id: str | None = None,
        metadata_filter: Mapping[str, Any] | None = None,
    ) -> AsyncIterator[MemoryOut]:
        """Every memory of the listing, following the cursor page by page."""
        cursor = None
        while True:
            page = await self.list(
                user_id,
                project=project,
                namespace=namespace,
                status=status,
                limit=page_size,
                cursor=cursor,
                agent_id=agent_id,
                run_id=run_id,
                metadata_filter=metadata_filter,
            )
            for item in page.items:
                yield item
            if not page.cursor:
                return
            cursor = page.cursor

    async def search(self, query: str, user_id: str, **fields: Any) -> SearchResponse:
        """Recall; `fields` are the other fields of `SearchRequest` (project, namespaces, top_k,
        agent_id, run_id, filters (with `metadata`), min_score, include_stale, include_superseded,
        explain, weights)."""
        return await self.request(calls.search(query, user_id, fields))

    async def context(
        self,
        user_id: str,
        *,
        query: str | None = None,
        messages: Sequence[Mapping[str, Any]] | None = None,
        **fields: Any,
    ) -> ContextResponse:
        """A prompt-ready block of the user's current memories for `query`, or for the conversation's
        recent `messages` ({role, content}, oldest first); `fields`: project, namespaces, session_id
        (its latest checkpoint's focus ends the block), budget_tokens (default 2,000)."""
        return await self.request(calls.context(user_id, query, messages, fields))

    # ------------------------------------------------------------------------- graph

    async def list_entities(
        self, user_id: str, *, project: str | None = None, limit: int | None = None, cursor: str | None = None
    ) -> EntityList:
        return await self.request(calls.list_entities(user_id, project, limit, cursor))

    async def iter_entities(
        self, user_id: str, *, project: str | None = None, page_size: int | None = None
    ) -> AsyncIterator[EntityOut]:
        cursor = None
        while True:
            page = await self.list_entities(user_id, project=project, limit=page_size, cursor=cursor)
            for item in page.items:
                yield item
            if not page.cursor:
                return
            cursor = page.cursor

    async def get_entity(self, entity: str, user_id: str, *, project: str | None = None) -> EntityDetailOut:
        """One entity (by id or name) with its relations and the memories that mention it."""
        return await self.request(calls.get_entity(entity, user_id, project))

    # ------------------------------------------------------------------------- sessions

    async def add_messages(
        self,
        session_id: str,
        user_id: str,
        messages: Sequence[MessageRequest | Mapping[str, Any]],
        *,
        idempotency_key: str | None = None,
        **fields: Any,
    ) -> AppendResponse:
        """Append a conversation's messages; `fields`: project, namespace, agent_id."""
        return await self.request(calls.add_messages(session_id, user_id, messages, fields, idempotency_key))

    async def get_session(self, session_id: str, user_id: str) -> SessionOut:
        return await self.request(calls.get_session(session_id, user_id))

    async def transcript(
        self, session_id: str, user_id: str, *, limit: int | None = None, cursor: str | None = None
    ) -> TranscriptOut:
        return await self.request(calls.transcript(session_id, user_id, limit, cursor))

    async def iter_transcript(
        self, session_id: str, user_id: str, *, page_size: int | None = None
    ) -> AsyncIterator[MessageOut]:
        cursor = None
        while True:
            page = await self.transcript(session_id, user_id, limit=page_size, cursor=cursor)
            for item in page.items:
                yield item
            if not page.cursor:
                return
            cursor = page.cursor

    async def pop_message(self, session_id: str, user_id: str) -> MessageOut:
        """Remove the transcript's last message and return it; NotFoundError when there is none."""
        return await self.request(calls.pop_message(session_id, user_id))

    async def delete_session(self, session_id: str, user_id: str, *, cascade: bool = False) -> SessionDeleted:
        return await self.request(calls.delete_session(session_id, user_id, cascade))

    async def checkpoint(
        self,
        session_id: str,
        user_id: str,
        trigger: str,
        *,
        idempotency_key: str | None = None,
        **fields: Any,
    ) -> CheckpointSaved:
        return await self.request(calls.checkpoint(session_id, user_id, trigger, fields, idempotency_key))

    async def latest_checkpoint(
        self, session_id: str, user_id: str, *, budget_chars: int | None = None
    ) -> RecoveryOut:
        return await self.request(calls.latest_checkpoint(session_id, user_id, budget_chars))

    # ------------------------------------------------------------------------- a user's data

    async def export_page(
        self, user_id: str, *, cursor: str | None = None, limit: int | None = None, embeddings: bool = False
    ) -> calls.ExportPage:
        """One page of the user's export (memories with history, graph, sessions), as records."""
        return await self.request(calls.export_page(user_id, cursor, limit, embeddings))

    async def iter_export(self, user_id: str, *, embeddings: bool = False) -> AsyncIterator[dict[str, Any]]:
        """Every record of the user's export, page after page."""
        cursor = None
        while True:
            page = await self.export_page(user_id, cursor=cursor, embeddings=embeddings)
            for record in page.records:
                yield record
            if not page.cursor:
                return
            cursor = page.cursor

    async def import_records(
        self, records: Sequence[Mapping[str, Any]], *, idempotency_key: str | None = None
    ) -> ImportResponse:
        """Import records of an export (at most 500 a call); ids are kept, a second import changes nothing."""
        return await self.request(calls.import_records(records, idempotency_key))

    async def forget_user(self, user_id: str) -> ErasureOut:
        """Erase everything of the user in this tenant, as a job: follow it with `erasure`."""
        return await self.request(calls.forget_user(user_id))

    async def erasure(self, user_id: str, job_id: str) -> ErasureOut:
        return await self.request(calls.erasure(user_id, job_id))

    async def create_webhook(
        self, url: str, events: Sequence[str] = (), description: str | None = None
    ) -> WebhookCreated:
        """Send the tenant's change events (all, or `events`) to `url`; keep the answer's `secret`
        (shown this once) to check each delivery's `Engram-Signature` (docs/webhooks.md)."""
        return await self.request(calls.create_webhook(url, events, description))

    async def list_webhooks(self) -> WebhookList:
        return await self.request(calls.list_webhooks())

    async def delete_webhook(self, webhook_id: str) -> WebhookDeleted:
        return await self.request(calls.delete_webhook(webhook_id))
