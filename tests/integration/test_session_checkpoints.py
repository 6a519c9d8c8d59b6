"""Checkpoints and episode summaries on both deployments (SQLite; DynamoDB + SQS under moto): an agent
saves what it is doing, reads it back as a recovery digest after its context was compacted, and a
session's end writes an `episode_summary` memory of it."""

from __future__ import annotations

from typing import Any

import pytest

from engram.domain.models import Provenance
from tests.integration import test_sessions
from tests.integration.test_sessions import USER, World

world = test_sessions.world  # the fixture: both deployments

SECRET = "sk-live-4eC39HqLyjWDarjtT1zdp7dc"


def checkpoint(world: World, session: str, trigger: str, *, expect: int = 201, **fields: Any) -> dict:
    status, answer = world.call(
        "POST", f"/v1/sessions/{session}/checkpoints", {"user_id": USER, "trigger": trigger, **fields}
    )
    assert status == expect, answer
    return answer


def latest(world: World, session: str, user_id: str = USER, **query: str) -> tuple[int, dict]:
    return world.call(
        "GET", f"/v1/sessions/{session}/checkpoints/latest", query={"user_id": user_id, **query}
    )


def test_a_checkpoint_comes_back_as_a_recovery_digest_within_its_budget(world: World) -> None:
    # Given a session with messages and their facts, and a checkpoint before compaction
    world.say(
        "work-1",
        ("user", "We decided to use PostgreSQL 16 for the billing service."),
        ("assistant", "Noted. Shall I draft the migration plan next?"),
    )
    world.run_jobs()
    world.clock.advance(minutes=5)
    saved = checkpoint(
        world,
        "work-1",
        "pre_compaction",
        focus="Migrating the billing service to PostgreSQL 16",
        recent_remembers=["The billing service runs nightly at 02:00 UTC."],
        queries=["billing database version"],
    )
    assert saved["debounced"] is False and saved["checkpoint"]["transcript_seq"] == 2

    # When the agent, its context compacted, asks for the latest
    status, recovery = latest(world, "work-1")

    # Then it reads what it was doing, what it remembered, the session's facts, its queries, the last words
    assert status == 200 and recovery["checkpoint"]["checkpoint_id"] == saved["checkpoint"]["checkpoint_id"]
    digest = recovery["digest"]
    for part in (
        "Working on:\n- Migrating the billing service to PostgreSQL 16",
        "- The billing service runs nightly at 02:00 UTC.",
        "- maya and others decided to use PostgreSQL 16 for the billing service.",
        "Searched for:\n- billing database version",
        "assistant: Noted. Shall I draft the migration plan next?",
    ):
        assert part in digest, (part, digest)
    assert recovery["chars"] == len(digest) <= 2000 and recovery["truncated"] is False

    # and a small budget keeps the most important first
    status, small = latest(world, "work-1", budget_chars="200")
    assert status == 200 and small["truncated"] is True and len(small["digest"]) <= 200
    assert "Migrating the billing service" in small["digest"] and "Last messages" not in small["digest"]


def test_secrets_in_a_checkpoint_are_scrubbed_as_in_memories(world: World) -> None:
    saved = checkpoint(
        world,
        "s",
        "explicit",
        focus=f"Rotating the Stripe key {SECRET} today",
        queries=[f"where is {SECRET}"],
    )
    assert saved["checkpoint"]["redactions"]
    _, recovery = latest(world, "s")
    assert SECRET not in recovery["digest"] and "[REDACTED:" in recovery["digest"]
    assert SECRET not in str(saved)


def test_periodic_checkpoints_are_debounced_and_a_session_keeps_only_its_newest(world: World) -> None:
    first = checkpoint(world, "s", "periodic", focus="step 1")
    # A periodic checkpoint soon after is not stored; the latest is returned
    again = checkpoint(world, "s", "periodic", focus="step 2", expect=200)
    assert again["debounced"] is True and again["checkpoint"] == first["checkpoint"]
    # nor is any checkpoint repeating the latest digest
    assert checkpoint(world, "s", "explicit", focus="step 1", expect=200)["debounced"] is True
    # but something new, or the same later, is
    assert checkpoint(world, "s", "explicit", focus="step 2")["debounced"] is False
    world.clock.advance(minutes=2)
    assert checkpoint(world, "s", "periodic", focus="step 2")["debounced"] is False

    # A session keeps its newest max_checkpoints (20 by default)
    pruned = 0
    for n in range(25):
        world.clock.advance(minutes=2)
        pruned += checkpoint(world, "s", "periodic", focus=f"step {n + 3}")["pruned"]
    assert pruned == 8  # 28 taken, 20 kept
    assert len(world.c.transcripts.checkpoints(_ref("s"), 100)) == 20
    _, recovery = latest(world, "s")
    assert "step 27" in recovery["digest"]


def test_checkpoints_older_than_the_retention_window_are_pruned(world: World) -> None:
    checkpoint(world, "s", "explicit", focus="an old plan")
    world.clock.advance(days=31)
    # the old one no longer answers
    assert latest(world, "s")[0] == 404
    # and the next checkpoint removes it
    assert checkpoint(world, "s", "explicit", focus="a new plan")["pruned"] == 1
    assert [c.digest.focus for c in world.c.transcripts.checkpoints(_ref("s"), 100)] == ["a new plan"]


def test_session_end_writes_an_episode_summary_memory_once(world: World) -> None:
    said = world.say(
        "trip-9",
        ("user", "Hi! I moved to Lisbon last month."),
        ("user", "We decided to use PostgreSQL 16 for the billing service."),
        ("user", "I prefer tea over coffee in the mornings."),
        ("assistant", "Got it. Anything else?"),
    )
    world.run_jobs()
    ended = checkpoint(world, "trip-9", "session_end", focus="Setting up the billing service")
    job_id = ended["checkpoint"]["summary_job_id"]
    assert job_id and ended["checkpoint"]["summary_memory_id"] is None
    # the same end again is the same checkpoint (no second summary)
    assert checkpoint(world, "trip-9", "session_end", focus="Setting up the billing service", expect=200)[
        "debounced"
    ]

    # When the worker runs the summary job
    assert world.run_jobs() == 0

    # Then the session's episode summary is a memory: extractive, the focus first, its decision in it
    _, recovery = latest(world, "trip-9")
    memory_id = recovery["checkpoint"]["summary_memory_id"]
    memory = world.memory(memory_id)
    assert memory["provenance"] == Provenance.episode_summary.value
    assert memory["memory_type"] == "episodic"
    content = memory["content"]
    assert (
        content.startswith("Session trip-9 on ") and "Working on: Setting up the billing service." in content
    )
    assert "decided to use PostgreSQL 16" in content and "prefer" in content
    assert memory["metadata"]["session_id"] == "trip-9"
    assert memory["metadata"]["checkpoint_id"] == ended["checkpoint"]["checkpoint_id"]
    assert set(memory["metadata"]["source_message_ids"]) <= set(said["message_ids"])
    session = world.session("trip-9")
    [summary_job] = [j for j in session["jobs"] if j["job_id"] == job_id]
    assert summary_job["kind"] == "summary" and summary_job["state"] == "done"
    assert summary_job["facts_written"] == 1
    # A redelivered summary job writes nothing twice
    from engram.ports import ExtractJob

    world.c.extract(
        ExtractJob(
            id=job_id, tenant="acme", user_id=USER, session_id="trip-9", from_seq=1, through_seq=4,
            summary_of=ended["checkpoint"]["checkpoint_id"],
        )
    )  # fmt: skip
    status, page = world.call("GET", "/v1/memories", query={"user_id": USER, "limit": "200"})
    summaries = [m for m in page["items"] if m["provenance"] == "episode_summary"]
    assert status == 200 and [m["id"] for m in summaries] == [memory_id]
    # and a cascade delete of the session forgets its summary with its facts
    status, deleted = world.call("DELETE", "/v1/sessions/trip-9", query={"user_id": USER, "cascade": "true"})
    assert status == 200 and memory_id in deleted["forgotten"]
    assert latest(world, "trip-9")[0] == 404


def test_a_session_without_a_transcript_can_checkpoint_and_end(world: World) -> None:
    checkpoint(world, "tools-only", "session_end", focus="Reviewing the quarterly budget numbers")
    world.run_jobs()
    _, recovery = latest(world, "tools-only")
    memory = world.memory(recovery["checkpoint"]["summary_memory_id"])
    assert "Reviewing the quarterly budget numbers" in memory["content"]
    # and it can be deleted
    assert world.call("DELETE", "/v1/sessions/tools-only", query={"user_id": USER})[0] == 200
    assert latest(world, "tools-only")[0] == 404


def test_tenants_and_users_never_see_each_others_checkpoints(world: World) -> None:
    checkpoint(world, "shared", "explicit", focus="maya's private plan")
    # another user with the same session id has none
    assert latest(world, "shared", user_id="bob")[0] == 404
    # another tenant has none, and a checkpoint it saves is its own
    status, answer = world.call(
        "GET", "/v1/sessions/shared/checkpoints/latest", query={"user_id": USER}, tenant="globex"
    )
    assert status == 404 and answer["error"] == "not_found"
    body = {"user_id": USER, "trigger": "explicit", "focus": "globex's plan"}
    assert world.call("POST", "/v1/sessions/shared/checkpoints", body, tenant="globex")[0] == 201
    _, mine = latest(world, "shared")
    assert "maya's private plan" in mine["digest"] and "globex" not in mine["digest"]


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"trigger": "explicit"}, "user_id"),
        ({"user_id": USER, "trigger": "sometimes"}, "trigger"),
        ({"user_id": USER, "trigger": "explicit", "focus": "x" * 2001}, "focus"),
        ({"user_id": USER, "trigger": "explicit", "queries": ["q"] * 21}, "queries"),
        ({"user_id": USER, "trigger": "explicit", "recent_remembers": [""]}, "recent_remembers"),
        ({"user_id": USER, "trigger": "explicit", "colour": "blue"}, "colour"),
    ],
)
def test_a_bad_checkpoint_is_a_clear_422(world: World, body: dict, path: str) -> None:
    status, answer = world.call("POST", "/v1/sessions/s/checkpoints", body)
    assert status == 422, answer
    assert any(path in d["path"] for d in answer["details"]), answer


def test_a_bad_budget_or_a_checkpoint_in_another_project_is_a_clear_4xx(world: World) -> None:
    world.say("s", ("user", "I moved to Lisbon in March."))
    for budget in ("10", "999999", "many"):
        status, answer = latest(world, "s", budget_chars=budget)
        assert status == 422 and answer["details"][0]["path"].endswith("budget_chars"), answer
    status, answer = world.call(
        "POST", "/v1/sessions/s/checkpoints", {"user_id": USER, "trigger": "explicit", "project": "other"}
    )
    assert status == 409, answer


def _ref(session: str):
    from engram.domain.sessions import SessionRef

    return SessionRef("acme", USER, session)


def test_an_episode_summary_neither_supersedes_nor_is_superseded_by_the_facts_it_retells(
    world: World,
) -> None:
    world.say(
        "db",
        ("user", "Hi! I moved to Lisbon last month."),
        ("user", "We decided to use PostgreSQL 16 for the billing service."),
        ("user", "I prefer tea over coffee in the mornings."),
    )
    world.run_jobs()
    checkpoint(world, "db", "session_end")
    world.run_jobs()
    # the session's facts stay current beside their summary
    status, page = world.call("GET", "/v1/memories", query={"user_id": USER, "limit": "200"})
    assert status == 200
    by_provenance = {m["provenance"]: m for m in page["items"]}
    assert {m["status"] for m in page["items"]} == {"active"} and len(page["items"]) == 4
    summary = by_provenance["episode_summary"]
    # and a correction in a later session supersedes the fact, not the summary of what was said then
    world.say("db-2", ("user", "Actually, we decided to use MySQL 8 for the billing service instead."))
    world.run_jobs()
    assert world.memory(summary["id"])["status"] == "active"
