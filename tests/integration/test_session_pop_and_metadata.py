"""A session's last message removed (`DELETE /v1/sessions/{id}/messages/last`) and a message's metadata
(read back with it, PII-screened), on both deployments: SQLite, and DynamoDB + SQS under moto."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest

from engram.domain.sessions import SessionRef
from engram.runtime.container import local
from engram.settings import Settings
from tests.conftest import FakeClock
from tests.integration.aws_fixtures import atomic_requests
from tests.integration.builders import moto_aws
from tests.integration.test_sessions import USER, World

LAST = "/v1/sessions/{}/messages/last"


@pytest.fixture(params=["local", "aws"])
def world(request: pytest.FixtureRequest, tmp_path) -> Iterator[World]:
    """As in test_sessions.py: the embedded default, or DynamoDB + SQS under moto."""
    clock = FakeClock()
    settings = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}, worker_enabled=False)
    if request.param == "local":
        yield World(local(settings, clock=clock), clock)
        return
    with moto_aws(serverless=True) as aws, atomic_requests():
        yield World(aws.container(aws.settings(settings), clock=clock), clock, aws)


def pop(world: World, session: str, user_id: str = USER) -> tuple[int, dict]:
    return world.call("DELETE", LAST.format(session), query={"user_id": user_id})


def test_the_last_message_is_removed_and_returned(world: World) -> None:
    # Given a transcript of three messages
    world.say(
        "s", ("user", "I moved to Lisbon last month."), ("assistant", "Nice!"), ("user", "Undo me please")
    )
    # When its last message is popped
    world.clock.advance(minutes=5)
    status, popped = pop(world, "s")
    # Then it is returned, and the transcript and its counters no longer hold it
    assert status == 200 and popped["content"] == "Undo me please" and popped["seq"] == 3
    assert [m["content"] for m in world.transcript("s")] == ["I moved to Lisbon last month.", "Nice!"]
    session = world.session("s")
    assert session["transcript"] == {"messages": 2, "chars": 34}
    assert datetime.fromisoformat(session["updated_at"]) == world.clock.now()
    # And the next pop takes the one before it
    assert pop(world, "s")[1]["content"] == "Nice!"
    # And an appended message goes after the rest, with a new seq (seqs are never reused)
    world.say("s", ("user", "Undo me please"))
    transcript = world.transcript("s")
    assert [(m["seq"], m["content"]) for m in transcript] == [
        (1, "I moved to Lisbon last month."),
        (4, "Undo me please"),
    ]


def test_popping_an_empty_or_unknown_session_is_a_404(world: World) -> None:
    assert pop(world, "nobody")[0] == 404
    world.say("one", ("user", "Only message in here"))
    assert pop(world, "one")[0] == 200
    status, error = pop(world, "one")
    assert status == 404 and "no message" in error["message"]
    # another user's session of the same id is not the caller's
    world.say("mine", ("user", "A message of maya's"))
    assert pop(world, "mine", user_id="someone-else")[0] == 404
    assert len(world.transcript("mine")) == 1


def test_a_popped_message_not_yet_extracted_is_never_extracted(world: World) -> None:
    # Given a message appended (its extraction queued) and popped before the worker ran
    world.say("p", ("user", "I am allergic to peanuts."), ("user", "I moved to Oslo in May."))
    assert pop(world, "p")[0] == 200
    # When the worker runs
    assert world.run_jobs() == 0
    # Then only the kept message taught a fact
    assert [f["content"] for f in world.session("p")["facts"]] == ["maya is allergic to peanuts."]


def test_facts_already_extracted_from_a_popped_message_stay(world: World) -> None:
    world.say("q", ("user", "I moved to Oslo in May."))
    world.run_jobs()
    [fact] = world.session("q")["facts"]
    assert pop(world, "q")[0] == 200
    assert world.memory(fact["memory_id"])["status"] == "active"
    assert world.c.transcripts.session(SessionRef("acme", USER, "q")) is not None


def test_message_metadata_is_read_back_and_screened(world: World) -> None:
    body = {
        "user_id": USER,
        "messages": [
            {
                "role": "user",
                "content": "Hello there, friend",
                "metadata": {"item": {"type": "message", "n": 1}},
            },
            {"role": "user", "content": "Reach me later", "metadata": {"deploy": "AKIAIOSFODNN7EXAMPLE"}},
            {"role": "user", "content": "No metadata on this one"},
        ],
    }
    status, answer = world.call("POST", "/v1/sessions/m/messages", body)
    assert status == 202 and answer["redactions"] == ["aws_access_key"]
    transcript = world.transcript("m")
    assert [m["metadata"] for m in transcript] == [
        {"item": {"type": "message", "n": 1}},
        {"deploy": "[REDACTED:aws_access_key]"},
        {},
    ]
    assert transcript[1]["redactions"] == ["aws_access_key"]
    # metadata is small: over 4 KiB is a 422 naming the field
    big = {
        "user_id": USER,
        "messages": [{"role": "user", "content": "x" * 20, "metadata": {"k": "v" * 5000}}],
    }
    status, error = world.call("POST", "/v1/sessions/m/messages", big)
    assert status == 422 and "metadata" in str(error)
