"""No route scans the shared table: a tenant's stats (its memory counts and keys) and the sessions of
a user's export are read through keys and indexes, on DynamoDB under moto with every Scan refused,
and answer as the embedded default (SQLite) answers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

from engram.api.app import EngramApi
from engram.usecases.keys import create_key
from engram.usecases.sessions import AppendCommand, MessageIn
from tests.conftest import api_event
from tests.integration.deployments import World


@contextmanager
def _scans_refused(world: World) -> Iterator[list[str]]:
    """On DynamoDB: every Scan of the table fails the test (and is recorded); elsewhere nothing."""
    if world.c.settings.backend != "aws":
        with nullcontext([]) as none:
            yield none
        return
    events = world.c.store.table.meta.client.meta.events
    scans: list[str] = []

    def refuse(params: dict[str, Any], **_: Any) -> None:
        scans.append(params.get("FilterExpression", ""))
        raise AssertionError(f"a Scan of the shared table: {params}")

    events.register("before-call.dynamodb.Scan", refuse, unique_id="no-scan")
    try:
        yield scans
    finally:
        events.unregister("before-call.dynamodb.Scan", unique_id="no-scan")


def test_a_tenants_stats_read_only_its_own_items(world: World) -> None:
    # Given two tenants with memories and keys
    create_key(world.c.keys, "acme", name="agent", rate=2, burst=4)
    create_key(world.c.keys, "acme", name="device", users=["maya"])
    create_key(world.c.keys, "globex", name="theirs")
    kept = world.remember("Maya's standup moved to 9:30 on Mondays.")
    gone = world.remember("Maya keeps the spare office key in the top drawer.", enrich=False)
    world.c.forget("acme", gone.id)
    world.remember("Omar prefers the quiet room for calls.", user_id="omar", enrich=False)

    # When acme asks for its stats with every Scan refused
    with _scans_refused(world) as scans:
        response = EngramApi(world.c).handle(api_event("GET", "/v1/admin/stats", tenant="acme"), None)

    # Then it gets its own counts and keys, as SQLite gives them
    assert response["statusCode"] == 200, response["body"]
    body = json.loads(response["body"])
    assert body["status"]["active"] == 2 and body["status"]["deleted"] == 1, body["status"]
    assert body["enrichment"]["done"] == 1 and body["enrichment"]["pending"] == 1, body["enrichment"]
    assert body["complete"] is True
    keys = sorted((k["name"], k["rate"], k["users"]) for k in body["usage"]["keys"])
    assert keys == [("agent", 2.0, None), ("device", 20.0, ["maya"])]
    assert kept.id and scans == []


def _append(world: World, user_id: str, session_id: str) -> None:
    world.clock.advance(minutes=1)
    world.c.append_messages(
        AppendCommand(
            tenant="acme",
            user_id=user_id,
            session_id=session_id,
            messages=[MessageIn(role="user", content=f"Session {session_id}: I moved to Porto last spring.")],
        )
    )


def test_a_users_export_finds_their_sessions_without_a_scan(world: World) -> None:
    # Given a user with five sessions, another user of the tenant with one
    for n in range(5):
        _append(world, "maya", f"s{n}")
    _append(world, "omar", "theirs")
    api = EngramApi(world.c)

    # When the user's export is read page by page (two records a page) with every Scan refused
    sessions: list[str] = []
    query = {"user_id": "maya", "limit": "2"}
    with _scans_refused(world) as scans:
        for _ in range(50):
            response = api.handle(api_event("GET", "/v1/export", tenant="acme", query=query), None)
            assert response["statusCode"] == 200, response["body"]
            page = [json.loads(line) for line in response["body"].splitlines() if line]
            sessions += [r["session"]["session_id"] for r in page if r["kind"] == "session"]
            cursor = page[-1].get("cursor") if page[-1]["kind"] == "page" else None
            if cursor is None:
                break
            query = {**query, "cursor": cursor}

    # Then every session of that user is exported once, and no other
    assert sorted(sessions) == ["s0", "s1", "s2", "s3", "s4"]
    assert scans == []
