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
import httpx
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from tests.e2e.conftest import ROOT, free_port, new_key

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


def _bearer(url: str, key: str | None) -> Client:
    headers = {"Authorization": f"Bearer {key}"} if key else None
    return Client(streamable_http_client(url, http_client=create_mcp_http_client(headers=headers)))


class _Mcp:
    """`engram mcp --transport http` as a subprocess, stopped on exit; its log kept to check."""

    def __init__(self, args: list[str], env: dict[str, str], log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        self.log = log
        with log.open("w") as out:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "engram.cli",
                    "mcp",
                    "--transport",
                    "http",
                    "--port",
                    str(self.port),
                    *args,
                ],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    def __enter__(self) -> _Mcp:
        _wait_for_port(self.port, self.proc, self.log)
        return self

    def __exit__(self, *exc: object) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def _status(url: str, headers: dict[str, str]) -> int:
    """The HTTP status of an MCP initialize request to `url` with `headers`."""
    body = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"},
        },
    }
    accept = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    return httpx.post(url, json=body, headers={**accept, **headers}, timeout=30).status_code


@pytest.mark.parametrize("backend", ["local", "api"])
def test_streamable_http(backend: str, tmp_path: Path, served) -> None:
    """Over HTTP the tools act as the tenant of the caller's bearer key; no key, or a wrong one, is 401."""
    acme, other, server = served
    args: list[str] = []
    env = {**os.environ, **HASHING, "ENGRAM_USER_ID": "mcp-http-user"}
    env.pop("ENGRAM_API_KEY", None)  # the server holds no key of its own: each caller brings theirs
    if backend == "local":
        args += ["--data-dir", str(tmp_path)]
        key = new_key(tmp_path, "alice")
        stranger = new_key(tmp_path, "mallory")
    else:
        env |= {"ENGRAM_URL": server.url}
        key, stranger = acme.key, other.key
    with _Mcp(args, env, tmp_path / "mcp.log") as mcp:
        assert _status(mcp.url, {}) == 401
        assert _status(mcp.url, {"Authorization": "Bearer engram_not-a-key"}) == 401
        assert _status(mcp.url, {"Authorization": f"Bearer {key}x"}) == 401
        _drive(lambda: _bearer(mcp.url, key))

        async def strangers_view() -> None:
            async with _bearer(mcp.url, key) as client:
                await client.call_tool(
                    "remember", {"content": "Alice keeps the spare key under the blue pot"}
                )
            async with _bearer(mcp.url, stranger) as client:
                found = await client.call_tool("recall", {"query": "where is the spare key?"})
                assert not found.is_error, _text(found)
                assert "blue pot" not in str(found.structured_content)
                listed = await client.call_tool("list_memories", {"limit": 50})
                assert "blue pot" not in str(listed.structured_content)

        anyio.run(strangers_view)
    assert "Traceback" not in mcp.log.read_text()


def test_no_token_reaches_no_tool(tmp_path: Path) -> None:
    """An MCP client of the SDK without a key cannot even list the tools."""
    env = {**os.environ, **HASHING}
    with _Mcp(["--data-dir", str(tmp_path)], env, tmp_path / "mcp.log") as mcp:

        async def main() -> None:
            async with _bearer(mcp.url, None) as client:
                await client.list_tools()

        with pytest.raises(Exception):  # the SDK reports the 401 as a failed request  # noqa: B017
            anyio.run(main)


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["--host", "0.0.0.0"], "TLS proxy"),
        (["--host", "192.0.2.10"], "--ssl-certfile"),
        (["--host", "0.0.0.0", "--ssl-certfile", "c.pem", "--ssl-keyfile", "k.pem"], "--allow-host"),
        (["--ssl-certfile", "c.pem"], "go together"),
    ],
)
def test_a_network_host_needs_tls(options: list[str], says: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "engram.cli",
            "mcp",
            "--transport",
            "http",
            "--data-dir",
            str(tmp_path),
            *options,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2
    assert says in done.stderr and "Traceback" not in done.stderr


def test_host_header_of_another_name_is_refused(tmp_path: Path) -> None:
    """DNS rebinding: a request naming another host is refused even with a valid key."""
    key = new_key(tmp_path, "alice")
    with _Mcp(["--data-dir", str(tmp_path)], {**os.environ, **HASHING}, tmp_path / "mcp.log") as mcp:
        auth = {"Authorization": f"Bearer {key}"}
        assert _status(mcp.url, {**auth, "Host": "evil.example"}) in (400, 421)
        assert _status(mcp.url, {**auth, "Origin": "http://evil.example"}) in (400, 403)


def test_a_key_restricted_to_users_reaches_only_them(tmp_path: Path) -> None:
    """`engram keys create --users alice`: over MCP too, another user's memories are not found."""
    key = new_key(tmp_path, "acme", "--users", "alice")
    with _Mcp(["--data-dir", str(tmp_path)], {**os.environ, **HASHING}, tmp_path / "mcp.log") as mcp:

        async def main() -> None:
            async with _bearer(mcp.url, key) as client:
                mine = await client.call_tool(
                    "remember", {"content": "Alice parks on level one", "user_id": "alice"}
                )
                assert not mine.is_error, _text(mine)
                theirs = await client.call_tool(
                    "remember", {"content": "Bob parks on level two", "user_id": "bob"}
                )
                assert theirs.is_error and "not_found" in _text(theirs)
                found = await client.call_tool("recall", {"query": "parking", "user_id": "bob"})
                assert found.is_error and "not_found" in _text(found)

        anyio.run(main)
