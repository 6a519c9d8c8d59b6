"""What the sync and async clients share: each route as a `Call` (method, path, query, body, the
model its answer parses into), the retry policy, and reading an answer.

Request bodies are validated by the API's own request models before they are sent, and answers are
parsed by its response models: there is no second copy of the contract here.
"""

from __future__ import annotations

import json
import os
import random
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar
from urllib.parse import quote

import httpx
from pydantic import BaseModel
from pydantic import ValidationError as PydanticValidationError

from engram import __version__
from engram.api.context import ContextRequest, ContextResponse
from engram.api.entities import EntityDetailOut, EntityList
from engram.api.schemas import (
    BatchRequest,
    BatchResponse,
    Health,
    HistoryList,
    MemoryList,
    MemoryOut,
    PatchRequest,
    RememberRequest,
    RememberResponse,
    SearchRequest,
    SearchResponse,
)
from engram.api.sessions import (
    AppendRequest,
    AppendResponse,
    CheckpointRequest,
    CheckpointSaved,
    MessageOut,
    MessageRequest,
    RecoveryOut,
    SessionDeleted,
    SessionOut,
    TranscriptOut,
)
from engram.api.transfer import ErasureOut, ImportRequest, ImportResponse
from engram.api.webhooks import WebhookCreated, WebhookDeleted, WebhookList, WebhookRequest
from engram.client.errors import (
    EngramConnectionError,
    EngramTimeoutError,
    error_from_response,
    error_from_validation,
    retry_after_seconds,
)
from engram.usecases.janitor.stats import Stats

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)

DEFAULT_URL = "http://127.0.0.1:8080"
DEFAULT_TIMEOUT_S = 30.0
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
IDEMPOTENCY_HEADER = "Idempotency-Key"


@dataclass(frozen=True)
class Call(Generic[T]):
    """One logical call. A write carries one `idempotency_key`, sent with every attempt of it, so a
    retry after a lost answer is answered by the server with the first attempt's result."""

    method: str
    path: str
    answer: type[T]
    params: dict[str, Any] = field(default_factory=dict)
    body: Any = None
    idempotency_key: str | None = None


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with full jitter; a `Retry-After` the API sends is honoured (capped)."""

    max_retries: int = 2
    backoff_s: float = 0.5
    max_backoff_s: float = 8.0
    max_retry_after_s: float = 60.0

    def delay(self, attempt: int, headers: Mapping[str, str] | None = None) -> float:
        """Seconds to wait before retry number `attempt` (1-based)."""
        asked = retry_after_seconds(headers) if headers is not None else None
        if asked is not None:
            return min(asked, self.max_retry_after_s)
        return random.uniform(0, min(self.max_backoff_s, self.backoff_s * 2 ** (attempt - 1)))


def settings(base_url: str | None, api_key: str | None) -> tuple[str, str | None]:
    """The API's address and key: as given, else `ENGRAM_URL` and `ENGRAM_API_KEY`."""
    url = (base_url or os.environ.get("ENGRAM_URL") or DEFAULT_URL).rstrip("/")
    return url, api_key if api_key is not None else os.environ.get("ENGRAM_API_KEY")


def headers(api_key: str | None) -> dict[str, str]:
    out = {"User-Agent": f"engram-python/{__version__}", "Accept": "application/json"}
    if api_key:
        out["Authorization"] = f"Bearer {api_key}"
    return out


def new_key() -> str:
    """A fresh idempotency key: one per logical write."""
    return str(uuid.uuid4())


def request_headers(call: Call[Any]) -> dict[str, str]:
    """The headers of this call alone (the client's own are on its httpx client)."""
    return {IDEMPOTENCY_HEADER: call.idempotency_key} if call.idempotency_key else {}


def should_retry(call: Call[Any], response: httpx.Response) -> bool:
    """429 and 5xx; a PATCH answered 409 (the memory changed under it, e.g. by its enrichment): the
    same field changes, sent again, apply to the new version; and a 409 `idempotency_in_progress` (an
    earlier attempt of this call still runs: the next one gets its answer)."""
    status = response.status_code
    if status == 409 and call.idempotency_key and _error_code(response) == "idempotency_in_progress":
        return True
    return status in RETRY_STATUSES or (status == 409 and call.method == "PATCH")


def _error_code(response: httpx.Response) -> str | None:
    try:
        body = response.json()
    except ValueError:
        return None
    return body.get("error") if isinstance(body, dict) else None


def transport_error(exc: httpx.TransportError, url: str) -> EngramConnectionError:
    if isinstance(exc, httpx.TimeoutException):
        return EngramTimeoutError(f"engram at {url} did not answer in time: {exc!r}")
    return EngramConnectionError(f"cannot reach engram at {url}: {exc}")


def read(call: Call[T], response: httpx.Response) -> T:
    """The answer parsed into the call's model, or the typed error for an error status."""
    if response.status_code >= 400:
        raise error_from_response(response)
    if call.answer is dict:
        data: Any = response.json()
        return data  # type: ignore[no-any-return]
    if call.answer is ExportPage:
        return ExportPage.of(response.text)  # type: ignore[return-value]
    model: Any = call.answer
    return model.model_validate_json(response.content)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class ExportPage:
    """One page of `GET /v1/export`: its records, and the cursor of the next page (None: the last)."""

    records: list[dict[str, Any]]
    cursor: str | None

    @classmethod
    def of(cls, ndjson: str) -> ExportPage:
        records = [json.loads(line) for line in ndjson.splitlines() if line.strip()]
        if records and records[-1].get("kind") == "page":
            return cls(records[:-1], records[-1]["cursor"])
        return cls(records, None)


def _segment(value: str) -> str:
    return quote(value, safe="")


def _body(model: type[M], data: Mapping[str, Any]) -> M:
    try:
        return model.model_validate(data)
    except PydanticValidationError as exc:
        raise error_from_validation(exc) from None


def _json(model: BaseModel) -> Any:
    """Only what the caller set: every default stays the server's to decide."""
    return model.model_dump(mode="json", exclude_unset=True)


def _query(**values: Any) -> dict[str, Any]:
    return {k: (str(v).lower() if isinstance(v, bool) else v) for k, v in values.items() if v is not None}


def _model_or_dict(item: BaseModel | Mapping[str, Any]) -> dict[str, Any]:
    return item.model_dump(mode="json", exclude_unset=True) if isinstance(item, BaseModel) else dict(item)


# ----------------------------------------------------------------------------- the routes


def health() -> Call[Health]:
    return Call("GET", "/v1/health", Health)


def openapi() -> Call[dict[str, Any]]:
    return Call("GET", "/v1/openapi.json", dict)


def remember(
    content: str, user_id: str, fields: Mapping[str, Any], idempotency_key: str | None = None
) -> Call[RememberResponse]:
    body = _body(RememberRequest, {"content": content, "user_id": user_id, **fields})
    key = idempotency_key or new_key()
    return Call("POST", "/v1/memories", RememberResponse, body=_json(body), idempotency_key=key)


def remember_batch(
    items: Sequence[RememberRequest | Mapping[str, Any]], idempotency_key: str | None = None
) -> Call[BatchResponse]:
    body = _body(BatchRequest, {"items": [_model_or_dict(i) for i in items]})
    key = idempotency_key or new_key()
    return Call("POST", "/v1/memories/batch", BatchResponse, body=_json(body), idempotency_key=key)


def get_memory(memory_id: str) -> Call[MemoryOut]:
    return Call("GET", f"/v1/memories/{_segment(memory_id)}", MemoryOut)


def list_memories(
    user_id: str,
    project: str | None,
    namespace: str | None,
    status: str | None,
    limit: int | None,
    cursor: str | None,
    agent_id: str | None = None,
    run_id: str | None = None,
    metadata_filter: Mapping[str, Any] | None = None,
) -> Call[MemoryList]:
    params = _query(
        user_id=user_id,
        project=project,
        namespace=namespace,
        status=status,
        limit=limit,
        cursor=cursor,
        agent_id=agent_id,
        run_id=run_id,
        metadata_filter=json.dumps(metadata_filter) if metadata_filter is not None else None,
    )
    return Call("GET", "/v1/memories", MemoryList, params=params)


def update_memory(
    memory_id: str, fields: Mapping[str, Any], idempotency_key: str | None = None
) -> Call[MemoryOut]:
    body = _body(PatchRequest, fields)
    key = idempotency_key or new_key()
    return Call(
        "PATCH", f"/v1/memories/{_segment(memory_id)}", MemoryOut, body=_json(body), idempotency_key=key
    )


def forget(memory_id: str) -> Call[MemoryOut]:
    return Call("DELETE", f"/v1/memories/{_segment(memory_id)}", MemoryOut)


def history(memory_id: str) -> Call[HistoryList]:
    return Call("GET", f"/v1/memories/{_segment(memory_id)}/history", HistoryList)


def search(query: str, user_id: str, fields: Mapping[str, Any]) -> Call[SearchResponse]:
    body = _body(SearchRequest, {"query": query, "user_id": user_id, **fields})
    return Call("POST", "/v1/memories/search", SearchResponse, body=_json(body))


def context(
    user_id: str,
    query: str | None,
    messages: Sequence[Mapping[str, Any]] | None,
    fields: Mapping[str, Any],
) -> Call[ContextResponse]:
    data = {"user_id": user_id, "query": query, "messages": None if messages is None else list(messages)}
    body = _body(ContextRequest, {**{k: v for k, v in data.items() if v is not None}, **fields})
    return Call("POST", "/v1/context", ContextResponse, body=_json(body))


def stats() -> Call[Stats]:
    return Call("GET", "/v1/admin/stats", Stats)


def list_entities(
    user_id: str, project: str | None, limit: int | None, cursor: str | None
) -> Call[EntityList]:
    params = _query(user_id=user_id, project=project, limit=limit, cursor=cursor)
    return Call("GET", "/v1/entities", EntityList, params=params)


def get_entity(entity: str, user_id: str, project: str | None) -> Call[EntityDetailOut]:
    params = _query(user_id=user_id, project=project)
    return Call("GET", f"/v1/entities/{_segment(entity)}", EntityDetailOut, params=params)


def add_messages(
    session_id: str,
    user_id: str,
    messages: Sequence[MessageRequest | Mapping[str, Any]],
    fields: Mapping[str, Any],
    idempotency_key: str | None = None,
) -> Call[AppendResponse]:
    data = {"user_id": user_id, "messages": [_model_or_dict(m) for m in messages], **fields}
    body = _body(AppendRequest, data)
    path = f"/v1/sessions/{_segment(session_id)}/messages"
    return Call("POST", path, AppendResponse, body=_json(body), idempotency_key=idempotency_key or new_key())


def get_session(session_id: str, user_id: str) -> Call[SessionOut]:
    return Call("GET", f"/v1/sessions/{_segment(session_id)}", SessionOut, params=_query(user_id=user_id))


def transcript(session_id: str, user_id: str, limit: int | None, cursor: str | None) -> Call[TranscriptOut]:
    params = _query(user_id=user_id, limit=limit, cursor=cursor)
    return Call("GET", f"/v1/sessions/{_segment(session_id)}/transcript", TranscriptOut, params=params)


def pop_message(session_id: str, user_id: str) -> Call[MessageOut]:
    path = f"/v1/sessions/{_segment(session_id)}/messages/last"
    return Call("DELETE", path, MessageOut, params=_query(user_id=user_id))


def delete_session(session_id: str, user_id: str, cascade: bool) -> Call[SessionDeleted]:
    params = _query(user_id=user_id, cascade=cascade)
    return Call("DELETE", f"/v1/sessions/{_segment(session_id)}", SessionDeleted, params=params)


def checkpoint(
    session_id: str,
    user_id: str,
    trigger: str,
    fields: Mapping[str, Any],
    idempotency_key: str | None = None,
) -> Call[CheckpointSaved]:
    body = _body(CheckpointRequest, {"user_id": user_id, "trigger": trigger, **fields})
    path = f"/v1/sessions/{_segment(session_id)}/checkpoints"
    return Call("POST", path, CheckpointSaved, body=_json(body), idempotency_key=idempotency_key or new_key())


def latest_checkpoint(session_id: str, user_id: str, budget_chars: int | None) -> Call[RecoveryOut]:
    params = _query(user_id=user_id, budget_chars=budget_chars)
    return Call("GET", f"/v1/sessions/{_segment(session_id)}/checkpoints/latest", RecoveryOut, params=params)


# ----------------------------------------------------------------------------- a user's data


def export_page(user_id: str, cursor: str | None, limit: int | None, embeddings: bool) -> Call[ExportPage]:
    params = _query(user_id=user_id, cursor=cursor, limit=limit, embeddings=embeddings or None)
    return Call("GET", "/v1/export", ExportPage, params=params)


def import_records(
    records: Sequence[Mapping[str, Any]], idempotency_key: str | None = None
) -> Call[ImportResponse]:
    body = _body(ImportRequest, {"records": [dict(r) for r in records]})
    key = idempotency_key or new_key()
    return Call("POST", "/v1/import", ImportResponse, body=_json(body), idempotency_key=key)


def forget_user(user_id: str) -> Call[ErasureOut]:
    return Call("DELETE", f"/v1/users/{_segment(user_id)}", ErasureOut)


def erasure(user_id: str, job_id: str) -> Call[ErasureOut]:
    return Call("GET", f"/v1/users/{_segment(user_id)}/erasures/{_segment(job_id)}", ErasureOut)


# ----------------------------------------------------------------------------- webhooks


def create_webhook(url: str, events: Sequence[str], description: str | None) -> Call[WebhookCreated]:
    body = _body(WebhookRequest, {"url": url, "events": list(events), "description": description})
    return Call("POST", "/v1/webhooks", WebhookCreated, body=_json(body))


def list_webhooks() -> Call[WebhookList]:
    return Call("GET", "/v1/webhooks", WebhookList)


def delete_webhook(webhook_id: str) -> Call[WebhookDeleted]:
    return Call("DELETE", f"/v1/webhooks/{_segment(webhook_id)}", WebhookDeleted)
