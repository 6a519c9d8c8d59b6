"""engram as LangGraph's long-term store: `EngramStore`, a `BaseStore` (sync and async) over the SDK.

Each item is one memory: content `[key, value]` as JSON (what recall ranks), metadata the hashes that
find it again by namespace and key. Namespaces map onto engram's scope (`Place.of`). Each operation is
a plan of SDK calls, run by the sync client for `batch` and by the async one for `abatch`.
"""
# The mapping, and why it round-trips:
#   ("users", <user_id>, *rest) → user <user_id>; any other namespace → the store's `user_id`.
#   engram namespace: "ns" + "." + rest joined by "." (labels never hold "."), or "h." + a hash when
#   that is not a valid engram name; a project of its own (`project`, default "langgraph").
#   metadata: lg_ns (the whole namespace, joined by "."), lg_id (hash of namespace and key), lg_p<n>
#   (hash of the namespace's first n labels: a prefix search is one equality), lg_s.<field> (string
#   fields of the value ≤ 256 characters, for filters) and lg_sall (every top-level string field is there).
# Hashes are lowercase hex, which PII screening leaves alone; the readable parts are screened like any
# content, so a key or value holding PII comes back redacted.

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from collections.abc import Generator, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

try:
    from langgraph.store.base import (
        BaseStore,
        GetOp,
        Item,
        ListNamespacesOp,
        MatchCondition,
        Op,
        PutOp,
        Result,
        SearchItem,
        SearchOp,
        validate_op_namespace,
    )
except ImportError as exc:  # pragma: no cover - exercised in a subprocess by the tests
    from engram.integrations import missing_extra

    raise missing_extra("engram.integrations.langgraph", "langgraph", exc) from exc

from engram.api.schemas import MemoryList, MemoryOut, SearchResponse
from engram.client import _calls as calls
from engram.client._calls import Call
from engram.client.aio import AsyncEngram
from engram.client.errors import EngramError, NotFoundError
from engram.client.sync import Engram
from engram.domain.limits import MAX_CONTENT_CHARS, NAME_PATTERN
from engram.domain.models import Status

T = TypeVar("T")
Plan = Generator[Call[Any], Any, T]

PAGE = 200  # the listing's largest page
MAX_TOP_K = 100  # recall's largest top_k
MAX_FILTER_STRING = 256  # engram's metadata filters compare strings up to this length
_NAME = re.compile(NAME_PATTERN)
_FIELD = re.compile(r'^[^"\\\x00-\x1f\x7f]{1,59}$')  # "lg_s." + field within the 64-character key limit


def _hash(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, ensure_ascii=False).encode("utf-8")).hexdigest()[:32]


def item_id(namespace: tuple[str, ...], key: str) -> str:
    return _hash([list(namespace), key])


def prefix_id(prefix: tuple[str, ...]) -> str:
    return _hash(list(prefix))


@dataclass(frozen=True)
class Place:
    """Where a LangGraph namespace lives in engram: the user and the engram namespace."""

    user_id: str
    namespace: str

    @classmethod
    def of(cls, namespace: tuple[str, ...], default_user: str, users_label: str | None) -> Place:
        if users_label is not None and len(namespace) >= 2 and namespace[0] == users_label:
            user, rest = namespace[1], namespace[2:]
        else:
            user, rest = default_user, namespace
        name = ".".join(("ns", *rest))
        if len(name) > 64 or not _NAME.match(name):
            name = "h." + _hash(list(rest))
        return cls(user, name)


def metadata_of(namespace: tuple[str, ...], key: str, value: Mapping[str, Any]) -> dict[str, Any]:
    """The memory's metadata: the hashes that find it, and the value's short string fields."""
    strings = {k: v for k, v in value.items() if isinstance(v, str)}
    indexed = {f"lg_s.{k}": v for k, v in strings.items() if _FIELD.match(k) and len(v) <= MAX_FILTER_STRING}
    metadata: dict[str, Any] = {
        "lg_ns": ".".join(namespace),
        "lg_id": item_id(namespace, key),
        **{f"lg_p{n}": prefix_id(namespace[:n]) for n in range(1, len(namespace) + 1)},
    }
    budget = 3000 - len(json.dumps(metadata, ensure_ascii=False).encode("utf-8"))
    kept: dict[str, str] = {}
    for k, v in indexed.items():
        size = len(json.dumps({k: v}, ensure_ascii=False).encode("utf-8"))
        if size > budget:
            break
        kept[k], budget = v, budget - size
    return {**metadata, **kept, "lg_sall": len(kept) == len(strings)}


def content_of(key: str, value: Mapping[str, Any]) -> str:
    content = json.dumps([key, dict(value)], ensure_ascii=False, separators=(",", ":"))
    if len(content) > MAX_CONTENT_CHARS:
        raise ValueError(
            f"an engram memory holds at most {MAX_CONTENT_CHARS} characters; key and value as JSON "
            f"take {len(content)}"
        )
    return content


def read_content(content: str) -> tuple[str, dict[str, Any]]:
    """Key and value from a memory's content; content that PII redaction left unreadable as JSON comes
    back whole under `content`."""
    try:
        key, value = json.loads(content)
        if isinstance(key, str) and isinstance(value, dict):
            return key, value
    except ValueError:
        pass
    return "", {"content": content}


def matches(value: Any, wanted: Any) -> bool:
    """LangGraph's filter semantics (as its in-memory store): equality, nested objects, and $eq, $ne,
    $gt, $gte, $lt, $lte."""
    if isinstance(wanted, dict):
        if any(k.startswith("$") for k in wanted):
            return all(_operator(value, op, operand) for op, operand in wanted.items())
        return isinstance(value, dict) and all(matches(value.get(k), v) for k, v in wanted.items())
    if isinstance(wanted, list | tuple):
        return (
            isinstance(value, list | tuple)
            and len(value) == len(wanted)
            and all(matches(a, b) for a, b in zip(value, wanted, strict=True))
        )
    return bool(value == wanted)


def _operator(value: Any, op: str, operand: Any) -> bool:
    if op == "$eq":
        return bool(value == operand)
    if op == "$ne":
        return bool(value != operand)
    if op not in ("$gt", "$gte", "$lt", "$lte"):
        raise ValueError(f"unsupported filter operator: {op}")
    try:
        a, b = float(value), float(operand)
    except (TypeError, ValueError):
        return False
    return {"$gt": a > b, "$gte": a >= b, "$lt": a < b, "$lte": a <= b}[op]


def server_filter(prefix: tuple[str, ...], wanted: Mapping[str, Any] | None) -> dict[str, Any]:
    """The engram metadata filter that narrows a search: the prefix, and string equalities (an item
    whose strings are not all in its metadata passes, and is checked here)."""
    clauses: list[dict[str, Any]] = []
    if prefix:
        clauses.append({f"lg_p{len(prefix)}": prefix_id(prefix)})
    for field, want in (wanted or {}).items():
        if isinstance(want, dict) and set(want) == {"$eq"}:
            want = want["$eq"]
        if isinstance(want, str) and _FIELD.match(field) and len(want) <= MAX_FILTER_STRING:
            clauses.append({"OR": [{f"lg_s.{field}": want}, {"lg_sall": {"ne": True}}]})
    return {"AND": clauses} if clauses else {}


def _namespace_of(memory: MemoryOut) -> tuple[str, ...]:
    joined = memory.metadata.get("lg_ns")
    return tuple(joined.split(".")) if isinstance(joined, str) and joined else ()


def _item(memory: MemoryOut, namespace: tuple[str, ...], key: str | None = None) -> Item:
    stored_key, value = read_content(memory.content)
    return Item(
        value=value,
        key=key if key is not None else stored_key,
        namespace=namespace,
        created_at=memory.created_at,
        updated_at=memory.updated_at,
    )


def _search_item(memory: MemoryOut, score: float | None) -> SearchItem:
    key, value = read_content(memory.content)
    return SearchItem(
        namespace=_namespace_of(memory),
        key=key,
        value=value,
        created_at=memory.created_at,
        updated_at=memory.updated_at,
        score=score,
    )


def _matches_namespace(condition: MatchCondition, namespace: tuple[str, ...]) -> bool:
    path = condition.path
    if len(namespace) < len(path):
        return False
    if condition.match_type == "suffix":
        namespace, path = namespace[::-1], path[::-1]
    return all(p == "*" or n == p for n, p in zip(namespace, path, strict=False))


class EngramStore(BaseStore):
    """A LangGraph store whose items are engram memories, found by meaning through engram's recall.

    `client`/`aclient`: SDK clients (made from `base_url`/`api_key`, else ENGRAM_URL/ENGRAM_API_KEY, on
    first use). `user_id`: the engram user of namespaces not under `users_label`; `project`: the engram
    project the items live in. `list_namespaces` sees that user's namespaces and those of the users its
    match conditions name (engram lists memories per user: it has no listing of users).
    """

    def __init__(
        self,
        client: Engram | None = None,
        *,
        aclient: AsyncEngram | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        user_id: str = "langgraph",
        project: str = "langgraph",
        users_label: str | None = "users",
    ) -> None:
        self._client, self._aclient = client, aclient
        self._url, self._key = base_url, api_key
        self.user_id, self.project, self.users_label = user_id, project, users_label

    @property
    def client(self) -> Engram:
        if self._client is None:
            self._client = Engram(self._url, self._key)
        return self._client

    @property
    def aclient(self) -> AsyncEngram:
        if self._aclient is None:
            self._aclient = AsyncEngram(self._url, self._key)
        return self._aclient

    # ------------------------------------------------------------------ BaseStore

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        return [self._run(self._plan(op)) for op in ops]

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        return [await self._arun(self._plan(op)) for op in ops]

    def _run(self, plan: Plan[T]) -> T:
        """Run a plan on the sync client: each call's answer is sent in, each error thrown in."""
        try:
            call = next(plan)
            while True:
                try:
                    answer = self.client.request(call)
                except EngramError as exc:
                    call = plan.throw(exc)
                else:
                    call = plan.send(answer)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]

    async def _arun(self, plan: Plan[T]) -> T:
        try:
            call = next(plan)
            while True:
                try:
                    answer = await self.aclient.request(call)
                except EngramError as exc:
                    call = plan.throw(exc)
                else:
                    call = plan.send(answer)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ plans

    def _plan(self, op: Op) -> Plan[Result]:
        validate_op_namespace(op)
        if isinstance(op, GetOp):
            return self._get(op)
        if isinstance(op, PutOp):
            return self._put(op)
        if isinstance(op, SearchOp):
            return self._search(op)
        if isinstance(op, ListNamespacesOp):
            return self._list_namespaces(op)
        raise ValueError(f"unknown store operation: {op!r}")

    def _place(self, namespace: tuple[str, ...]) -> Place:
        return Place.of(namespace, self.user_id, self.users_label)

    def _stored(self, namespace: tuple[str, ...], key: str) -> Plan[list[MemoryOut]]:
        """The memories holding this item (one, unless concurrent first puts raced), newest first."""
        place = self._place(namespace)
        wanted = item_id(namespace, key)
        page: MemoryList = yield calls.list_memories(
            place.user_id, self.project, place.namespace, None, 10, None, metadata_filter={"lg_id": wanted}
        )
        return [m for m in page.items if m.metadata.get("lg_id") == wanted]

    def _get(self, op: GetOp) -> Plan[Item | None]:
        found = yield from self._stored(op.namespace, op.key)
        return _item(found[0], op.namespace, op.key) if found else None

    def _put(self, op: PutOp) -> Plan[None]:
        found = yield from self._stored(op.namespace, op.key)
        if op.value is None:
            for memory in found:
                yield from self._forget(memory.id)
            return None
        content = content_of(op.key, op.value)
        metadata = metadata_of(op.namespace, op.key, op.value)
        current = found[0] if found and found[0].status in (Status.active, Status.stale) else None
        for memory in found:  # a raced duplicate, or one enrichment merged or superseded: written anew
            if memory is not current:
                yield from self._forget(memory.id)
        if current is not None:
            fields = {"content": content, "metadata": metadata, "force": True}
            yield calls.update_memory(current.id, fields)
            return None
        place = self._place(op.namespace)
        remember = {
            "project": self.project,
            "namespace": place.namespace,
            "metadata": metadata,
            "force": True,
        }
        yield calls.remember(content, place.user_id, remember)
        return None

    def _forget(self, memory_id: str) -> Plan[None]:
        with contextlib.suppress(NotFoundError):  # forgotten meanwhile
            yield calls.forget(memory_id)
        return None

    def _search(self, op: SearchOp) -> Plan[list[SearchItem]]:
        prefix = op.namespace_prefix
        if self.users_label is not None and prefix[:1] == (self.users_label,) and len(prefix) < 2:
            raise ValueError(
                f"engram recalls one user's memories: a search under ({self.users_label!r},) must name "
                f"the user, e.g. ({self.users_label!r}, 'alice')"
            )
        user = self._place(prefix).user_id if prefix else self.user_id
        metadata = server_filter(prefix, op.filter)
        wanted = op.offset + op.limit
        out: list[SearchItem] = []
        if op.query:
            fields: dict[str, Any] = {
                "project": self.project,
                "top_k": min(MAX_TOP_K, max(wanted, 1)),
                "include_superseded": True,
                "sources": "memories",
            }
            if metadata:
                fields["filters"] = {"metadata": metadata}
            answer: SearchResponse = yield calls.search(op.query, user, fields)
            for result in answer.results:
                item = _search_item(result.memory, result.score)
                if self._keeps(item, prefix, op.filter):
                    out.append(item)
            return out[op.offset : wanted]
        cursor: str | None = None
        while len(out) < wanted:
            page: MemoryList = yield calls.list_memories(
                user, self.project, None, None, PAGE, cursor, metadata_filter=metadata or None
            )
            for memory in page.items:
                item = _search_item(memory, None)
                if self._keeps(item, prefix, op.filter):
                    out.append(item)
            if not page.cursor:
                break
            cursor = page.cursor
        return out[op.offset : wanted]

    @staticmethod
    def _keeps(item: SearchItem, prefix: tuple[str, ...], wanted: Mapping[str, Any] | None) -> bool:
        return item.namespace[: len(prefix)] == prefix and all(
            matches(item.value.get(k), v) for k, v in (wanted or {}).items()
        )

    def _list_namespaces(self, op: ListNamespacesOp) -> Plan[list[tuple[str, ...]]]:
        conditions = op.match_conditions or ()
        users = [self.user_id]
        for condition in conditions:
            path = condition.path
            named = condition.match_type == "prefix" and len(path) >= 2 and path[0] == self.users_label
            if named and path[1] != "*" and path[1] not in users:
                users.append(path[1])
        seen: set[tuple[str, ...]] = set()
        for user in users:
            cursor: str | None = None
            while True:
                page: MemoryList = yield calls.list_memories(
                    user, self.project, None, None, PAGE, cursor, metadata_filter=None
                )
                for memory in page.items:
                    namespace = _namespace_of(memory)
                    if namespace and all(_matches_namespace(c, namespace) for c in conditions):
                        seen.add(namespace[: op.max_depth] if op.max_depth is not None else namespace)
                if not page.cursor:
                    break
                cursor = page.cursor
        return sorted(seen)[op.offset : op.offset + op.limit]
