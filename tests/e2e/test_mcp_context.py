"""`engram mcp`'s tools for context (issue 30), checkpoints and entities (issue 31), driven by an MCP
client of the `mcp` SDK over stdio: on a local data dir with no server, and against `engram serve`."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest
from mcp import Client

from tests.e2e.test_mcp import _stdio, _text

pytestmark = pytest.mark.e2e

CONSTRAINT = "Never schedule meetings with Dana's team on Fridays."
FOCUS = "Planning the Q3 offsite with Dana's team"


async def _scenario(client: Client) -> None:
    tools = {t.name: t for t in (await client.list_tools()).tools}
    assert {"context", "save_checkpoint", "recover_checkpoint", "list_entities", "get_entity"} <= set(tools)
    assert "constraints" in (tools["context"].description or "")

    # Given a fact and a constraint about Dana's team
    fact = await client.call_tool("remember", {"content": "Dana's manager is Lee."})
    rule = await client.call_tool("remember", {"content": CONSTRAINT, "memory_type": "constraint"})
    assert not fact.is_error and not rule.is_error, _text(fact) + _text(rule)

    # context: the constraint first, the fact after it, within the budget
    got = await client.call_tool("context", {"query": "When can we meet Dana's team?", "budget_tokens": 300})
    assert not got.is_error, _text(got)
    block = got.structured_content
    assert block["items"][0]["id"] == rule.structured_content["id"]
    assert block["items"][0]["kind"] == "constraint" and CONSTRAINT in block["context"]
    assert fact.structured_content["id"] in [i["id"] for i in block["items"]]
    assert block["tokens"] <= 300

    # save_checkpoint, then recover_checkpoint reads its focus back
    saved = await client.call_tool(
        "save_checkpoint", {"session_id": "mcp-ctx-1", "trigger": "pre_compaction", "focus": FOCUS}
    )
    assert not saved.is_error, _text(saved)
    assert saved.structured_content["checkpoint"]["digest"]["focus"] == FOCUS
    recovered = await client.call_tool("recover_checkpoint", {"session_id": "mcp-ctx-1"})
    assert not recovered.is_error and FOCUS in recovered.structured_content["digest"], _text(recovered)

    # context with the session ends with its focus
    with_focus = await client.call_tool("context", {"query": "Dana's team", "session_id": "mcp-ctx-1"})
    items = with_focus.structured_content["items"]
    assert items[-1]["kind"] == "focus" and items[-1]["text"] == FOCUS

    # list_entities and get_entity: Dana, with the manager relation
    listed = await client.call_tool("list_entities", {})
    assert not listed.is_error, _text(listed)
    assert "dana" in {e["canonical"] for e in listed.structured_content["items"]}
    dana = await client.call_tool("get_entity", {"entity": "Dana"})
    assert not dana.is_error, _text(dana)
    assert "manager" in {r["predicate"] for r in dana.structured_content["relations"]}

    # failures are tool errors naming what is wrong, never a traceback
    neither = await client.call_tool("context", {})
    assert neither.is_error and "query" in _text(neither) and "Traceback" not in _text(neither)
    unknown = await client.call_tool("get_entity", {"entity": "Nobody At All"})
    assert unknown.is_error and "not_found" in _text(unknown)
    missing = await client.call_tool("recover_checkpoint", {"session_id": "no-such-session"})
    assert missing.is_error and "not_found" in _text(missing)


def _drive(params) -> None:
    async def main() -> None:
        async with Client(params) as client:
            await _scenario(client)

    anyio.run(main)


def test_tools_on_a_local_data_dir(tmp_path: Path) -> None:
    _drive(_stdio("--data-dir", str(tmp_path), env={"ENGRAM_USER_ID": "mcp-ctx-local"}))


def test_tools_against_an_engram_api(served) -> None:
    acme, _, server = served
    env = {"ENGRAM_URL": server.url, "ENGRAM_API_KEY": acme.key, "ENGRAM_USER_ID": "mcp-ctx-api"}
    _drive(_stdio(env=env))
