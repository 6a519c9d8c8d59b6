"""mem0's memory export read as engram import records (`engram import --from mem0 FILE`).

Accepts `Memory.get_all()` JSON, the platform's `GET /v1/memories/` (list or page) or NDJSON. Each item
becomes an `imported` memory (enrichment pending), mem0's id/categories/hash kept in metadata; its id
is a ULID from created_at and a hash of mem0's id, so re-importing a file adds nothing.
"""
# An item is {"id", "memory", "user_id", "agent_id"?, "run_id"?, "metadata"?, "categories"?,
# "created_at"?, "updated_at"?, "hash"?}; content ← memory, observed_at ← created_at; metadata keys
# `mem0_id`, `mem0_categories`, `mem0_hash`. mem0's graph `relations` are not imported.

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from engram.domain.limits import MAX_CONTENT_CHARS, MAX_METADATA_BYTES
from engram.domain.models import Memory, Provenance
from engram.domain.text import clean, content_hash
from engram.ids import encode


class Mem0FormatError(ValueError):
    """The file is not a mem0 export at all (not one bad item: those are skipped and reported)."""


@dataclass
class Mem0Records:
    records: list[dict[str, Any]] = field(default_factory=list)  # engram `memory` records
    skipped: list[str] = field(default_factory=list)  # "item 3: why", "line 7: why"
    items: int = 0  # items read, skipped ones included


def engram_id(mem0_id: str, created_at: datetime | None) -> str:
    """A ULID: created_at's milliseconds (0 without it), then 80 bits of SHA-256 of mem0's id."""
    millis = int(created_at.timestamp() * 1000) if created_at is not None else 0
    digest = hashlib.sha256(f"mem0\x1f{mem0_id}".encode("utf-8", "surrogatepass")).digest()
    return encode(int.from_bytes(max(0, millis).to_bytes(6, "big") + digest[:10], "big"))


def read_items(text: str) -> Iterator[tuple[str, Any]]:
    """(where, item) for each item of a mem0 JSON export or NDJSON file; `where` names it for reports."""
    stripped = text.strip()
    if not stripped:
        return
    try:
        whole = json.loads(stripped)
    except json.JSONDecodeError:
        whole = None
        if stripped[0] == "[":
            raise Mem0FormatError("not JSON and not NDJSON: a '[' that never closes") from None
    if whole is not None:
        if isinstance(whole, dict) and "memory" not in whole:  # one page, not one item on one line
            whole = whole.get("results", whole.get("memories"))
            if not isinstance(whole, list):
                raise Mem0FormatError('a JSON object without a "results" list of memories')
        if isinstance(whole, list):
            for index, item in enumerate(whole):
                yield f"item {index}", item
            return
        if not isinstance(whole, dict):
            raise Mem0FormatError("neither a list of memories nor an object with results")
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            yield f"line {number}", ValueError(f"not JSON: {exc.msg}")
            continue
        yield f"line {number}", item


def _when(value: Any, name: str) -> datetime | None:
    if value in (None, ""):
        return None
    if not isinstance(value, str):
        raise ValueError(f"{name} is not a date")
    try:
        at = datetime.fromisoformat(value.replace("Z", "+00:00") if value.endswith("Z") else value)
    except ValueError:
        raise ValueError(f"{name} {value!r} is not an ISO 8601 date") from None
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)  # mem0 writes naive times as UTC


def _optional_str(item: dict[str, Any], name: str) -> str | None:
    value = item.get(name)
    if value in (None, ""):
        return None
    if not isinstance(value, str):
        raise ValueError(f"{name} is not a string")
    return value


def to_record(item: Any, default_user_id: str | None, now: datetime) -> dict[str, Any]:
    """One mem0 item as an engram `memory` import record; ValueError says what is wrong with it."""
    if isinstance(item, Exception):
        raise ValueError(str(item))
    if not isinstance(item, dict):
        raise ValueError("not a JSON object")
    mem0_id = item.get("id")
    if not isinstance(mem0_id, str | int) or str(mem0_id) == "":
        raise ValueError("no id")
    text = item.get("memory")
    if not isinstance(text, str) or not clean(text):
        raise ValueError("no memory text")
    content = clean(text)
    if len(content) > MAX_CONTENT_CHARS:
        raise ValueError(f"memory is longer than {MAX_CONTENT_CHARS} characters")
    user_id = _optional_str(item, "user_id") or default_user_id
    if user_id is None:
        raise ValueError("no user_id (pass --user-id)")
    metadata = item.get("metadata") or {}
    if not isinstance(metadata, dict):
        raise ValueError("metadata is not an object")
    categories = item.get("categories") or []
    if not isinstance(categories, list) or not all(isinstance(c, str) for c in categories):
        raise ValueError("categories is not a list of strings")
    metadata = {**metadata, "mem0_id": str(mem0_id)}
    if categories:
        metadata["mem0_categories"] = categories
    if isinstance(item.get("hash"), str):
        metadata["mem0_hash"] = item["hash"]
    if len(json.dumps(metadata, ensure_ascii=False).encode()) > MAX_METADATA_BYTES:
        raise ValueError(f"metadata (with mem0's id and categories) is over {MAX_METADATA_BYTES} bytes")
    created = _when(item.get("created_at"), "created_at")
    updated = _when(item.get("updated_at"), "updated_at") or created
    try:
        memory = Memory(
            id=engram_id(str(mem0_id), created),
            tenant="-",  # an import files records under the importer's tenant
            user_id=user_id,
            content=content,
            content_hash=content_hash(content),
            provenance=Provenance.imported,
            metadata=metadata,
            agent_id=_optional_str(item, "agent_id"),
            run_id=_optional_str(item, "run_id"),
            created_at=created or now,
            updated_at=updated or now,
            observed_at=created or now,
        )
    except ValidationError as exc:
        first = exc.errors()[0]
        raise ValueError(f"{'.'.join(str(p) for p in first['loc'])}: {first['msg']}") from None
    return {"kind": "memory", "memory": memory.model_dump(mode="json", exclude={"tenant"}), "history": []}


def missing_user(text: str) -> str | None:
    """Where the first item without a user_id is, if any (read before importing anything)."""
    for where, item in read_items(text):
        if isinstance(item, dict) and not item.get("user_id"):
            return where
    return None


def convert(text: str, default_user_id: str | None = None, now: datetime | None = None) -> Mem0Records:
    """Every item of a mem0 export as engram import records; bad items skipped, each reported."""
    now = now or datetime.now(UTC)
    out = Mem0Records()
    for where, item in read_items(text):
        out.items += 1
        try:
            out.records.append(to_record(item, default_user_id, now))
        except ValueError as exc:
            out.skipped.append(f"{where}: {exc}")
    return out
