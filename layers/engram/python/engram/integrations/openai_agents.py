"""engram as the OpenAI Agents SDK's session: `EngramSession` keeps an agent's conversation in an
engram session, appended raw first, so engram keeps the transcript and mines it for facts.

Use it wherever the SDK takes a `Session` (`Runner.run(agent, text, session=EngramSession(...))`).
`clear_session` deletes the transcript; the facts engram learnt from it stay remembered.
"""
# Items ↔ messages. A message item with one text (string content, or one text part) is stored as that
# text under its role (developer as system), the item less its text in the message's metadata
# (`agents_item`, with `agents_part`: which part held it). Any other item (tool calls and their output,
# reasoning, several parts, images) is stored whole as JSON content under the tool role, which the rules
# extractor does not read (`agents_json`). Each item gets its own message_id: two equal turns are two
# messages, and the SDK client's retry of a call stores nothing twice. Both are PII-screened like
# all engram content, so an item holding PII comes back redacted.

from __future__ import annotations

import contextlib
import json
import uuid
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

try:
    from agents.memory.session_settings import SessionSettings, resolve_session_limit
except ImportError as exc:  # pragma: no cover - exercised in a subprocess by the tests
    from engram.integrations import missing_extra

    raise missing_extra("engram.integrations.openai_agents", "openai-agents", exc) from exc

from engram.api.sessions import MessageOut
from engram.client.aio import AsyncEngram
from engram.client.errors import NotFoundError
from engram.domain.limits import MAX_METADATA_BYTES

if TYPE_CHECKING:
    from agents.items import TResponseInputItem

ROLES = {"user": "user", "assistant": "assistant", "system": "system", "developer": "system"}
MAX_MESSAGES, MAX_CHARS = 100, 32_000  # what one append takes (the server's default limits)
PAGE = 200  # the transcript's largest page


def _size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def message_of(item: Mapping[str, Any]) -> dict[str, Any]:
    """The engram message (as `MessageRequest` takes it) that stores one item."""
    message_id = uuid.uuid4().hex
    role = ROLES.get(str(item.get("role")))
    content = item.get("content")
    if role is not None and item.get("type", "message") == "message":
        text, part, skeleton = None, None, None
        if isinstance(content, str):
            text, skeleton = content, {**item, "content": None}
        elif isinstance(content, list):
            texts = [
                i for i, p in enumerate(content) if isinstance(p, dict) and isinstance(p.get("text"), str)
            ]
            if len(texts) == 1:
                part = texts[0]
                text = content[part]["text"]
                parts = [{**p, "text": None} if i == part else p for i, p in enumerate(content)]
                skeleton = {**item, "content": parts}
        metadata = {"agents_item": skeleton, "agents_part": part}
        if text and text.strip() and _size(metadata) <= MAX_METADATA_BYTES:
            return {"role": role, "content": text, "message_id": message_id, "metadata": metadata}
    whole = json.dumps(dict(item), ensure_ascii=False, separators=(",", ":"))
    return {"role": "tool", "content": whole, "message_id": message_id, "metadata": {"agents_json": True}}


def item_of(message: MessageOut) -> dict[str, Any]:
    """The item a stored message holds; a message written by other means reads as a plain message."""
    metadata = message.metadata
    skeleton, part = metadata.get("agents_item"), metadata.get("agents_part")
    if metadata.get("agents_json") is True:
        try:
            whole = json.loads(message.content)
            if isinstance(whole, dict):
                return whole
        except ValueError:  # PII redaction can leave JSON unreadable: the text is what is left
            pass
    elif isinstance(skeleton, dict):
        item = dict(skeleton)
        if part is None:
            item["content"] = message.content
            return item
        parts = item.get("content")
        if isinstance(part, int) and isinstance(parts, list) and 0 <= part < len(parts):
            item["content"] = [
                {**p, "text": message.content} if i == part else p for i, p in enumerate(parts)
            ]
            return item
    role = message.role.value if message.role.value in ("user", "assistant") else "system"
    return {"role": role, "content": message.content}


def batches(messages: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Messages in order, in appends of at most 100 messages and 32,000 characters."""
    out: list[list[dict[str, Any]]] = []
    chars = 0
    for message in messages:
        size = len(message["content"])
        if not out or len(out[-1]) >= MAX_MESSAGES or chars + size > MAX_CHARS:
            out.append([])
            chars = 0
        out[-1].append(message)
        chars += size
    return out


class EngramSession:
    """The SDK's `Session` on an engram session of `user_id` (in `project`/`namespace`, by `agent_id`).

    `client`: an `AsyncEngram` (made from `base_url`/`api_key`, else ENGRAM_URL/ENGRAM_API_KEY, on first
    use). Items go to `POST /v1/sessions/{id}/messages`; history comes back from its transcript, in order;
    `pop_item` is `DELETE /v1/sessions/{id}/messages/last`; `clear_session` deletes the session.
    """

    def __init__(
        self,
        session_id: str,
        user_id: str,
        *,
        client: AsyncEngram | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        project: str = "default",
        namespace: str = "default",
        agent_id: str | None = None,
        session_settings: SessionSettings | None = None,
    ) -> None:
        self.session_id, self.user_id = session_id, user_id
        self.project, self.namespace, self.agent_id = project, namespace, agent_id
        self.session_settings = session_settings
        self._client, self._url, self._key = client, base_url, api_key

    @property
    def client(self) -> AsyncEngram:
        if self._client is None:
            self._client = AsyncEngram(self._url, self._key)
        return self._client

    async def get_items(self, limit: int | None = None) -> list[TResponseInputItem]:
        """The history in order; with a limit, its latest `limit` items (still in order)."""
        wanted = resolve_session_limit(limit, self.session_settings)
        if wanted is not None and wanted <= 0:
            return []
        items: list[Any] = []
        try:
            async for message in self.client.iter_transcript(self.session_id, self.user_id, page_size=PAGE):
                items.append(item_of(message))
        except NotFoundError:  # no such session yet: an empty history
            return []
        return items[-wanted:] if wanted is not None else items

    async def add_items(self, items: list[TResponseInputItem]) -> None:
        messages = [message_of(self._plain(item)) for item in items]
        scope = {"project": self.project, "namespace": self.namespace}
        if self.agent_id is not None:
            scope["agent_id"] = self.agent_id
        for batch in batches(messages):
            await self.client.add_messages(self.session_id, self.user_id, batch, **scope)

    async def pop_item(self) -> TResponseInputItem | None:
        try:
            message = await self.client.pop_message(self.session_id, self.user_id)
        except NotFoundError:  # no session, or no message left
            return None
        return item_of(message)  # type: ignore[return-value]

    async def clear_session(self) -> None:
        with contextlib.suppress(NotFoundError):  # nothing to clear
            await self.client.delete_session(self.session_id, self.user_id)

    @staticmethod
    def _plain(item: Any) -> dict[str, Any]:
        if isinstance(item, Mapping):
            return dict(item)
        dump = getattr(item, "model_dump", None)  # an SDK model rather than its dict
        if dump is None:
            raise TypeError(f"a session item is a dict (TResponseInputItem), not {type(item).__name__}")
        return dict(dump(mode="json", exclude_unset=True))
