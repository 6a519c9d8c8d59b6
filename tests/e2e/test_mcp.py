"""`engram mcp` driven by an MCP client of the same `mcp` SDK: over stdio (the client launches the
command) and over streamable HTTP, against a local data dir and against a real `engram serve`."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.e2e.conftest import ROOT, free_port

pytestmark = pytest.mark.e2e

TOOLS = {"remember", "recall", "forget", "list_memories", "memory_history", "add_messages"}
HASHING = {"ENGRAM_EMBEDDER__PROVIDER": "hashing", "ENGRAM_USER_ID": "mcp-user"}


def _stdio(*args: str, env: dict[str, str]) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "engram.cli", "mcp", *args],
        env={**os.environ, **HASHING, **env},
        cwd=str(ROOT),
    )


def _text(result: Any) -> str:
    return " ".join(getattr(c, "text", "") for c in result.content)


async def _scenario(client: Client) -> None:
    # The tools, each described so an agent knows when (and when not) to use it
    listed = await client.list_tools()
    tools = {t.name: t for t in listed.tools}
    assert set(tools) >= TOOLS
    remember_doc = tools["remember"].description or ""
    assert "preference" in remember_doc and "decision" in remember_doc and "constraint" in remember_doc
    assert "filler" in remember_doc and "transient" in remember_doc

    # remember, for the server's configured user (ENGRAM_USER_ID)
    stored = await client.call_tool("remember", {"content": "The team decided to ship the billing API in Go"})
    assert not stored.is_error, _text(stored)
    memory_id = stored.structured_content["id"]
    assert stored.structured_content["status"] == "stored"
    again = await client.call_tool("remember", {"content": "the team decided to ship the billing API in Go."})
    assert again.structured_content["status"] == "deduplicated"
    assert again.structured_content["id"] == memory_id
    filler = await client.call_tool("remember", {"content": "thanks"})
    assert not filler.is_error and filler.structured_content["status"] == "rejected"

    # recall finds it
    recalled = await client.call_tool("recall", {"query": "which language is the billing API written in?"})
    assert not recalled.is_error, _text(recalled)
    found = recalled.structured_content["memories"]
    assert found and found[0]["id"] == memory_id and "billing API" in found[0]["content"]

    # list and history
    listed_memories = await client.call_tool("list_memories", {"limit": 10})
    assert memory_id in [m["id"] for m in listed_memories.structured_content["memories"]]
    history = await client.call_tool("memory_history", {"memory_id": memory_id})
    assert not history.is_error and history.structured_content["memory_id"] == memory_id

    # forget: gone from recall; forgetting it again is a clear tool error, not a traceback
    forgotten = await client.call_tool("forget", {"memory_id": memory_id})
    assert forgotten.structured_content["status"] == "deleted"
    recalled = await client.call_tool("recall", {"query": "billing API language"})
    assert memory_id not in [m["id"] for m in recalled.structured_content["memories"]]
    missing = await client.call_tool("forget", {"memory_id": memory_id})
    assert missing.is_error and "not_found" in _text(missing) and "Traceback" not in _text(missing)

    # a field the API refuses names the field
    bad = await client.call_tool("remember", {"content": "Prefers dark mode everywhere", "importance": 9})
    assert bad.is_error and "importance" in _text(bad) and "Traceback" not in _text(bad)

    # a conversation's messages go to a session transcript
    appended = await client.call_tool(
        "add_messages",
        {
            "session_id": "mcp-session-1",
            "messages": [
                {"role": "user", "content": "I am vegetarian, please remember that", "message_id": "a1"},
                {"role": "assistant", "content": "Noted: vegetarian.", "message_id": "a2"},
            ],
        },
    )
    assert not appended.is_error, _text(appended)
    assert appended.structured_content["accepted"] == 2


def _drive(make_client: Callable[[], Client]) -> None:
    async def main() -> None:
        async with make_client() as client:
            await _scenario(client)

    anyio.run(main)


def test_stdio_on_a_local_data_dir_with_no_server(tmp_path: Path) -> None:
    _drive(lambda: Client(_stdio("--data-dir", str(tmp_path), env={})))


def test_stdio_against_an_engram_api(served) -> None:
    acme, _, server = served
    env = {"ENGRAM_URL": server.url, "ENGRAM_API_KEY": acme.key, "ENGRAM_USER_ID": "mcp-api-user"}
    _drive(lambda: Client(_stdio(env=env)))


def test_stdio_without_a_key_or_data_dir_is_one_clear_line() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("ENGRAM_API_KEY", "ENGRAM_URL")}
    done = subprocess.run(
        [sys.executable, "-m", "engram.cli", "mcp"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode != 0
    assert "ENGRAM_API_KEY" in done.stderr and "Traceback" not in done.stderr


def _wait_for_port(port: int, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"engram mcp exited: {log.read_text()}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError("engram mcp did not listen in 60 s")


@pytest.mark.parametrize("backend", ["local", "api"])
def test_streamable_http(backend: str, tmp_path: Path, served) -> None:
    acme, _, server = served
    port = free_port()
    args = ["--transport", "http", "--port", str(port)]
    env = {**os.environ, **HASHING}
    if backend == "local":
        args += ["--data-dir", str(tmp_path)]
    else:
        env |= {"ENGRAM_URL": server.url, "ENGRAM_API_KEY": acme.key, "ENGRAM_USER_ID": "mcp-http-user"}
    log = tmp_path / "mcp.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "engram.cli", "mcp", *args],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        _wait_for_port(port, proc, log)
        _drive(lambda: Client(f"http://127.0.0.1:{port}/mcp"))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    assert "Traceback" not in log.read_text()
