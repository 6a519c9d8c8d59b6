"""Where `engram mcp` keeps memories: an engram API (through the SDK), or a local data directory
(through the container and use cases, as the API routes call them, with no server running).

Both take the API's request models and answer with its response models, so a tool reads the same
whichever backend is behind it.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Protocol

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
from engram.api.sessions import AppendRequest, AppendResponse, append_command, append_response
from engram.client.sync import Engram
from engram.domain.key_rules import check_user
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

    def close(self) -> None:
        self.client.close()


class LocalBackend:
    """A local data directory, in this process, for one tenant (and, for a key restricted to some users,
    only theirs: another user's memories are not found): the use cases the routes call."""

    def __init__(self, container: Container, tenant: str, users: Collection[str] | None = None) -> None:
        self.c = container
        self.tenant = tenant
        self.context: dict[str, Any] = {} if users is None else {"users": sorted(users)}

    def _user(self, user_id: str) -> str:
        check_user(self.context, user_id)
        return self.tenant

    def _memory(self, memory_id: str) -> str:
        if self.context:
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

    def close(self) -> None:
        return None
