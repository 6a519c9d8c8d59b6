"""`EngramSession` against a real `engram serve` (the rules extractor): the `Session` protocol's
behaviours, the items round-tripping, and the conversation in engram's transcript and facts."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from agents.memory import Session, SessionSettings

from engram.client import AsyncEngram, Engram
from engram.integrations.openai_agents import EngramSession
from tests.e2e.conftest import Server, new_key

pytestmark = pytest.mark.e2e

# Items as the SDK keeps them: inputs, an assistant output, a tool call and its output, reasoning.
ITEMS: list[Any] = [
    {"role": "developer", "content": "You are a travel assistant."},
    {"role": "user", "content": "I moved to Lisbon last month."},
    {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "status": "completed",
        "content": [
            {"type": "output_text", "text": "Welcome to Lisbon!  Anything to plan?", "annotations": []}
        ],
    },
    {"type": "function_call", "call_id": "call_1", "name": "weather", "arguments": '{"city": "Lisbon"}'},
    {"type": "function_call_output", "call_id": "call_1", "output": "22°C and sunny"},
    {"id": "rs_1", "type": "reasoning", "summary": [{"type": "summary_text", "text": "Weather asked."}]},
    {
        "role": "user",
        "type": "message",
        "content": [
            {"type": "input_text", "text": "And this photo?"},
            {"type": "input_image", "image_url": "https://example.com/p.png", "detail": "auto"},
        ],
    },
    {"role": "user", "content": [{"type": "input_text", "text": "a"}, {"type": "input_text", "text": "b"}]},
    {"role": "user", "content": "yes"},
    {"role": "user", "content": "yes"},
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("engram-agents")
    key = new_key(data_dir, "agents")
    server = Server(data_dir, {"ENGRAM_EMBEDDER__PROVIDER": "hashing"})
    yield server.url, key
    server.stop()


def run(server, scenario) -> Any:
    url, key = server

    async def main() -> Any:
        async with AsyncEngram(url, key) as client:
            return await scenario(client)

    return asyncio.run(main())


def test_it_is_the_sdks_session() -> None:
    assert isinstance(EngramSession("s", "u"), Session)


def test_items_round_trip_in_order(server) -> None:
    async def scenario(client: AsyncEngram) -> None:
        session = EngramSession("trip", "ana", client=client)
        assert await session.get_items() == []  # a session not yet written is an empty history
        await session.add_items(ITEMS[:4])
        await session.add_items(ITEMS[4:])
        assert await session.get_items() == ITEMS
        assert await session.get_items(limit=3) == ITEMS[-3:]
        assert await session.get_items(limit=0) == []
        limited = EngramSession("trip", "ana", client=client, session_settings=SessionSettings(limit=2))
        assert await limited.get_items() == ITEMS[-2:]

    run(server, scenario)


def test_the_transcript_holds_the_conversation_as_text(server) -> None:
    async def scenario(client: AsyncEngram) -> None:
        session = EngramSession("chat", "bo", client=client)
        await session.add_items(ITEMS)

    run(server, scenario)
    with Engram(*server) as engram:
        transcript = list(engram.iter_transcript("chat", "bo"))
    said = [(m.role.value, m.content) for m in transcript]
    assert said[:3] == [
        ("system", "You are a travel assistant."),
        ("user", "I moved to Lisbon last month."),
        ("assistant", "Welcome to Lisbon!  Anything to plan?"),
    ]
    assert said[3][0] == "tool" and '"name":"weather"' in said[3][1]  # a tool call: its JSON, as tool
    assert said[6] == ("user", "And this photo?")
    assert said[-2:] == [("user", "yes"), ("user", "yes")]  # two equal turns are two messages


def test_pop_item_removes_the_latest(server) -> None:
    async def scenario(client: AsyncEngram) -> None:
        session = EngramSession("undo", "cy", client=client)
        assert await session.pop_item() is None  # no session yet
        await session.add_items(ITEMS[:3])
        assert await session.pop_item() == ITEMS[2]
        assert await session.get_items() == ITEMS[:2]
        await session.add_items([ITEMS[3]])
        assert await session.get_items() == [*ITEMS[:2], ITEMS[3]]
        assert await session.pop_item() == ITEMS[3]
        assert await session.pop_item() == ITEMS[1]
        assert await session.pop_item() == ITEMS[0]
        assert await session.pop_item() is None  # empty

    run(server, scenario)


def test_clear_session_empties_the_history(server) -> None:
    async def scenario(client: AsyncEngram) -> None:
        session = EngramSession("gone", "di", client=client)
        await session.clear_session()  # nothing to clear is fine
        await session.add_items(ITEMS[:2])
        await session.clear_session()
        assert await session.get_items() == []
        await session.add_items([ITEMS[1]])  # and the session can start again
        assert await session.get_items() == [ITEMS[1]]

    run(server, scenario)


def test_a_long_conversation_goes_in_several_appends(server) -> None:
    items = [{"role": "user", "content": f"Turn {i}: " + "w" * 400} for i in range(150)]

    async def scenario(client: AsyncEngram) -> None:
        session = EngramSession("long", "ed", client=client)
        await session.add_items(items)  # 150 messages, 60,000 characters: over one append's limits
        assert await session.get_items() == items

    run(server, scenario)


def test_the_conversations_facts_appear_in_engram(server) -> None:
    async def scenario(client: AsyncEngram) -> None:
        session = EngramSession("facts", "fay", client=client, project="travel", agent_id="planner")
        await session.add_items(
            [
                {"role": "user", "content": "I am allergic to peanuts."},
                {"role": "assistant", "content": "Noted, I will avoid peanuts in suggestions."},
                {"role": "user", "content": "We decided to fly to Porto on Friday."},
            ]
        )

    run(server, scenario)
    with Engram(*server) as engram:
        deadline = time.monotonic() + 120
        while (view := engram.get_session("facts", "fay")).extraction != "idle":
            assert time.monotonic() < deadline, view
            time.sleep(0.2)
        memories = {m.content: m for m in engram.iter_memories("fay", project="travel")}
    assert "fay is allergic to peanuts." in memories
    allergy = memories["fay is allergic to peanuts."]
    assert allergy.metadata["session_id"] == "facts" and allergy.provenance.value == "user_stated"
    assert any("Porto" in content for content in memories)
    assert all("{" not in content for content in memories)  # no item JSON leaks into facts
