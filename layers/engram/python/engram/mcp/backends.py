"""Where `engram mcp` keeps memories: an engram API (through the SDK), or a local data directory
(through the container and use cases, as the API routes call them, with no server running).

Both take the API's request models and answer with its response models, so a tool reads the same
whichever backend is behind it.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Protocol

from engram.api.context import ContextRequest, ContextResponse, context_query, context_response
from engram.api.entities import EntityDetailOut, EntityList, EntityOut, entity_detail_out
from engram.api.memories import remember_command, remember_response
from engram.api.recall import recall_query, search_response
from engram.api.schemas import (
    HistoryList,
    MemoryList,
    MemoryOut,
    RememberRequest,
    RememberResponse,
    SearchRequest,
    SearchResponse,
)
from engram.api.sessions import (
    AppendRequest,
    AppendResponse,
    CheckpointOut,
    CheckpointRequest,
    CheckpointSaved,
    RecoveryOut,
    append_command,
    append_response,
    checkpoint_command,
    recovery_out,
)
from engram.client.sync import Engram
from engram.domain.graph import GraphScope
from engram.domain.key_rules import check_user
from engram.domain.sessions import SessionRef
from engram.ports import ListQuery
from engram.runtime.container import Container


class Backend(Protocol):
    def remember(self, request: RememberRequest) -> RememberResponse: ...

    def recall(self, request: SearchRequest) -> SearchResponse: ...

    def forget(self, memory_id: str) -> MemoryOut: ...

    def list(
        self, user_id: str, project: str | None, namespace: str | None, limit: int, cursor: str | None
    ) -> MemoryList: ...

    def history(self, memory_id: str) -> HistoryList: ...

    def add_messages(self, session_id: str, request: AppendRequest) -> AppendResponse: ...

    def context(self, request: ContextRequest) -> ContextResponse: ...

    def save_checkpoint(self, session_id: str, request: CheckpointRequest) -> CheckpointSaved: ...

    def recover_checkpoint(self, session_id: str, user_id: str, budget_chars: int) -> RecoveryOut: ...

    def list_entities(
        self, user_id: str, project: str | None, limit: int, cursor: str | None
    ) -> EntityList: ...

    def get_entity(self, entity: str, user_id: str, project: str | None) -> EntityDetailOut: ...

    def close(self) -> None: ...


class ApiBackend:
    """An engram API, at `ENGRAM_URL` with `ENGRAM_API_KEY` (or as given)."""

    def __init__(self, client: Engram) -> None:
        self.client = client

    def remember(self, request: RememberRequest) -> RememberResponse:
        fields = request.model_dump(mode="json", exclude_unset=True, exclude={"content", "user_id"})
        return self.client.remember(request.content, request.user_id, **fields)

    def recall(self, request: SearchRequest) -> SearchResponse:
        fields = request.model_dump(mode="json", exclude_unset=True, exclude={"query", "user_id"})
        return self.client.search(request.query, request.user_id, **fields)

    def forget(self, memory_id: str) -> MemoryOut:
        return self.client.forget(memory_id)

    def list(
        self, user_id: str, project: str | None, namespace: str | None, limit: int, cursor: str | None
    ) -> MemoryList:
        return self.client.list(user_id, project=project, namespace=namespace, limit=limit, cursor=cursor)

    def history(self, memory_id: str) -> HistoryList:
        return self.client.history(memory_id)

    def add_messages(self, session_id: str, request: AppendRequest) -> AppendResponse:
        fields = request.model_dump(mode="json", exclude_unset=True, exclude={"user_id", "messages"})
        messages = [m.model_dump(mode="json", exclude_unset=True) for m in request.messages]
        return self.client.add_messages(session_id, request.user_id, messages, **fields)

    def context(self, request: ContextRequest) -> ContextResponse:
        fields = request.model_dump(mode="json", exclude_unset=True, exclude={"user_id", "query", "messages"})
        messages = [m.model_dump(mode="json") for m in request.messages] if request.messages else None
        return self.client.context(request.user_id, query=request.query, messages=messages, **fields)

    def save_checkpoint(self, session_id: str, request: CheckpointRequest) -> CheckpointSaved:
        fields = request.model_dump(mode="json", exclude_unset=True, exclude={"user_id", "trigger"})
        return self.client.checkpoint(session_id, request.user_id, request.trigger.value, **fields)

    def recover_checkpoint(self, session_id: str, user_id: str, budget_chars: int) -> RecoveryOut:
        return self.client.latest_checkpoint(session_id, user_id, budget_chars=budget_chars)

    def list_entities(self, user_id: str, project: str | None, limit: int, cursor: str | None) -> EntityList:
        return self.client.list_entities(user_id, project=project, limit=limit, cursor=cursor)

    def get_entity(self, entity: str, user_id: str, project: str | None) -> EntityDetailOut:
        return self.client.get_entity(entity, user_id, project=project)

    def close(self) -> None:
        self.client.close()


class LocalBackend:
    """A local data directory, in this process, for one tenant (and, for a key restricted to some users,
    only theirs: another user's memories are not found): the use cases the routes call."""

    def __init__(self, container: Container, tenant: str, users: Collection[str] | None = None) -> None:
        self.c = container
        self.tenant = tenant
        self.key_context: dict[str, Any] = {} if users is None else {"users": sorted(users)}

    def _user(self, user_id: str) -> str:
        check_user(self.key_context, user_id)
        return self.tenant

    def _memory(self, memory_id: str) -> str:
        if self.key_context:
            self._user(self.c.memory_reads.get(self.tenant, memory_id).user_id)
        return self.tenant

    def remember(self, request: RememberRequest) -> RememberResponse:
        return remember_response(self.c.remember(remember_command(self._user(request.user_id), request)))

    def recall(self, request: SearchRequest) -> SearchResponse:
        found = self.c.recall(recall_query(self._user(request.user_id), request))
        return search_response(found, request.explain)

    def forget(self, memory_id: str) -> MemoryOut:
        return MemoryOut.of(self.c.forget(self._memory(memory_id), memory_id))

    def list(
        self, user_id: str, project: str | None, namespace: str | None, limit: int, cursor: str | None
    ) -> MemoryList:
        query = ListQuery(self._user(user_id), user_id, project, namespace, None, limit, cursor)
        page = self.c.memory_reads.page(query)
        return MemoryList(items=[MemoryOut.of(m) for m in page.items], cursor=page.cursor)

    def history(self, memory_id: str) -> HistoryList:
        return HistoryList.of(memory_id, self.c.memory_reads.history(self._memory(memory_id), memory_id))

    def add_messages(self, session_id: str, request: AppendRequest) -> AppendResponse:
        command = append_command(self._user(request.user_id), session_id, request)
        return append_response(self.c.append_messages(command))

    def context(self, request: ContextRequest) -> ContextResponse:
        return context_response(self.c.context(context_query(self._user(request.user_id), request)))

    def save_checkpoint(self, session_id: str, request: CheckpointRequest) -> CheckpointSaved:
        command = checkpoint_command(self._user(request.user_id), session_id, request)
        result = self.c.save_checkpoint(command)
        return CheckpointSaved(
            checkpoint=CheckpointOut.of(session_id, result.checkpoint),
            debounced=not result.created,
            pruned=result.pruned,
        )

    def recover_checkpoint(self, session_id: str, user_id: str, budget_chars: int) -> RecoveryOut:
        ref = SessionRef(self._user(user_id), user_id, session_id)
        return recovery_out(session_id, self.c.session_reads.recovery(ref, budget_chars))

    def list_entities(self, user_id: str, project: str | None, limit: int, cursor: str | None) -> EntityList:
        scope = GraphScope(self._user(user_id), user_id, project or "default")
        page = self.c.entity_reads.page(scope, limit, cursor)
        return EntityList(items=[EntityOut.of(e) for e in page.items], cursor=page.cursor)

    def get_entity(self, entity: str, user_id: str, project: str | None) -> EntityDetailOut:
        scope = GraphScope(self._user(user_id), user_id, project or "default")
        return entity_detail_out(self.c.entity_reads.detail(scope, entity))

    def close(self) -> None:
        return None
