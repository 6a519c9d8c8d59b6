"""The integrations' mappings, pure: LangGraph namespaces onto engram's scope and filters, and the Agents
SDK's items onto session messages and back."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from engram.api.sessions import MessageOut
from engram.domain.limits import MAX_METADATA_BYTES
from engram.domain.sessions import Role
from engram.integrations.langgraph import Place, matches, metadata_of, prefix_id, read_content, server_filter
from engram.integrations.openai_agents import batches, item_of, message_of


def stored(message: dict, content: str | None = None) -> MessageOut:
    """A message as the transcript answers it (content as given, or as sent)."""
    return MessageOut(
        id="m1",
        seq=1,
        role=Role(message["role"]),
        name=None,
        content=message["content"] if content is None else content,
        created_at=None,
        received_at=datetime(2026, 1, 1, tzinfo=UTC),
        message_id=message["message_id"],
        redactions=[],
        metadata=message["metadata"],
    )


# --------------------------------------------------------------------------- LangGraph


def test_namespaces_map_onto_users_and_distinct_engram_namespaces() -> None:
    assert Place.of(("users", "ann", "prefs"), "lg", "users") == Place("ann", "ns.prefs")
    assert Place.of(("users", "ann"), "lg", "users") == Place("ann", "ns")
    assert Place.of(("prefs",), "lg", "users") == Place("lg", "ns.prefs")
    assert Place.of(("users",), "lg", "users") == Place("lg", "ns.users")
    assert Place.of(("users", "ann", "x"), "lg", None) == Place("lg", "ns.users.ann.x")
    # a label engram's names cannot hold (a space), or a path too long, is hashed, never truncated
    spaced, other = Place.of(("my notes",), "lg", "users"), Place.of(("my  notes",), "lg", "users")
    assert spaced.namespace.startswith("h.") and spaced != other
    assert len(Place.of(("a" * 70,), "lg", "users").namespace) <= 64


def test_metadata_finds_items_by_prefix_and_keeps_short_strings_for_filters() -> None:
    meta = metadata_of(("a", "b"), "k", {"kind": "bug", "rank": 3, "body": "x" * 300})
    assert (
        meta["lg_ns"] == "a.b"
        and meta["lg_p1"] == prefix_id(("a",))
        and meta["lg_p2"] == prefix_id(("a", "b"))
    )
    assert meta["lg_s.kind"] == "bug" and "lg_s.body" not in meta and meta["lg_sall"] is False
    assert metadata_of(("a",), "k", {"kind": "bug"})["lg_sall"] is True
    many = metadata_of(("a",), "k", {f"f{i}": "v" * 200 for i in range(40)})  # does not all fit 4 KiB
    assert len(json.dumps(many)) < MAX_METADATA_BYTES and many["lg_sall"] is False


def test_server_filter_pushes_only_string_equalities() -> None:
    assert server_filter((), None) == {}
    assert server_filter(("a",), {"rank": {"$gt": 1}, "n": 2}) == {"AND": [{"lg_p1": prefix_id(("a",))}]}
    either = {"OR": [{"lg_s.kind": "bug"}, {"lg_sall": {"ne": True}}]}
    assert server_filter((), {"kind": {"$eq": "bug"}}) == {"AND": [either]}


@pytest.mark.parametrize(
    ("value", "wanted", "expected"),
    [
        ("bug", "bug", True),
        ("bug", {"$ne": "bug"}, False),
        (3, {"$gte": 3, "$lt": 4}, True),
        ("3", {"$gt": 2}, True),
        ("x", {"$gt": 2}, False),
        ({"team": "x", "n": 1}, {"team": "x"}, True),
        ([1, 2], [1, 2], True),
        ([1, 2], [1], False),
        (None, "bug", False),
    ],
)
def test_filters_match_as_langgraphs_own_store(value, wanted, expected) -> None:
    assert matches(value, wanted) is expected


def test_content_left_unreadable_by_redaction_comes_back_whole() -> None:
    assert read_content('["k",{"a":1}]') == ("k", {"a": 1})
    assert read_content('["k",{"a":[REDACTED:password]}]') == (
        "",
        {"content": '["k",{"a":[REDACTED:password]}]'},
    )


# --------------------------------------------------------------------------- the Agents SDK


def test_a_text_message_is_stored_as_its_text_and_read_back_whole() -> None:
    item = {"role": "developer", "content": "Be brief"}
    message = message_of(item)
    assert (message["role"], message["content"]) == ("system", "Be brief")
    assert item_of(stored(message)) == item
    # redacted text comes back in the item's place
    assert item_of(stored(message, "Be [REDACTED:email]")) == {
        "role": "developer",
        "content": "Be [REDACTED:email]",
    }


def test_other_items_are_stored_as_json_under_the_tool_role() -> None:
    for item in [
        {"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"},
        {"role": "user", "content": ""},  # no text to store
        {
            "role": "user",
            "content": [{"type": "input_text", "text": "a"}, {"type": "input_text", "text": "b"}],
        },
        {"role": "user", "content": "hi", "extra": "e" * MAX_METADATA_BYTES},  # too big for metadata
    ]:
        message = message_of(item)
        assert message["role"] == "tool" and json.loads(message["content"]) == item
        assert item_of(stored(message)) == item


def test_each_item_is_its_own_message_and_foreign_messages_read_plainly() -> None:
    assert (
        message_of({"role": "user", "content": "yes"})["message_id"]
        != message_of({"role": "user", "content": "yes"})["message_id"]
    )
    plain = {"role": "tool", "content": "raw tool output", "message_id": None, "metadata": {}}
    assert item_of(stored(plain)) == {"role": "system", "content": "raw tool output"}
    broken = {
        "role": "tool",
        "content": '{"a": [REDACTED',
        "message_id": None,
        "metadata": {"agents_json": True},
    }
    assert item_of(stored(broken)) == {"role": "system", "content": '{"a": [REDACTED'}


def test_batches_respect_one_appends_limits() -> None:
    messages = [{"content": "x" * 1000} for _ in range(70)]
    assert [len(b) for b in batches(messages)] == [32, 32, 6]
    assert [len(b) for b in batches([{"content": "y"}] * 250)] == [100, 100, 50]
