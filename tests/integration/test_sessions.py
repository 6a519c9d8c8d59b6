"""Sessions on both deployments: conversations appended raw first to a lossless transcript, facts
extracted on the job queue through the normal write path, then enriched and decided.

The embedded default (SQLite, the local job table and worker) and AWS (DynamoDB + SQS under moto, the
enrich Lambda's SQS batch handling, OpenSearch over the loopback fake).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from engram.api.app import EngramApi
from engram.cli.invoke import LocalContext
from engram.domain.models import Provenance, Status
from engram.domain.sessions import FactState, JobState, SessionRef
from engram.ports import ExtractJob
from engram.runtime.container import Container, local
from engram.runtime.sqs_batch import handle_sqs
from engram.runtime.worker import drain
from engram.settings import Settings
from engram.usecases.sessions import ExtractOutcome
from tests.conftest import FakeClock, api_event, sqs_event
from tests.integration.aws_fixtures import atomic_requests
from tests.integration.builders import MotoAws, moto_aws

TENANT, USER = "acme", "maya"


@dataclass
class World:
    c: Container
    clock: FakeClock
    aws: MotoAws | None = None

    def call(
        self, method: str, path: str, body: Any = None, *, query: dict | None = None, tenant: str = TENANT
    ):
        response = EngramApi(self.c).handle(api_event(method, path, body, tenant=tenant, query=query), None)
        return response["statusCode"], json.loads(response["body"])

    def say(self, session: str, *messages: tuple[str, str], user_id: str = USER, **fields: Any) -> dict:
        self.clock.advance(minutes=1)
        body = {
            "user_id": user_id,
            "messages": [
                {"role": role, "content": text, "created_at": self.clock.now().isoformat()}
                for role, text in messages
            ],
            **fields,
        }
        status, answer = self.call("POST", f"/v1/sessions/{session}/messages", body)
        assert status == 202, answer
        return answer

    def session(self, session: str, user_id: str = USER) -> dict:
        status, answer = self.call("GET", f"/v1/sessions/{session}", query={"user_id": user_id})
        assert status == 200, answer
        return answer

    def transcript(self, session: str, user_id: str = USER) -> list[dict]:
        status, answer = self.call("GET", f"/v1/sessions/{session}/transcript", query={"user_id": user_id})
        assert status == 200, answer
        return answer["items"]

    def memory(self, memory_id: str) -> dict:
        status, answer = self.call("GET", f"/v1/memories/{memory_id}")
        assert status == 200, answer
        return answer

    def run_jobs(self) -> int:
        """Run every queued job (extraction, then the enrichment it queues) as each deployment does:
        the local worker, or the enrich Lambda's SQS batch handling. How many records failed."""
        if self.aws is None:
            before = self.c.queue.depth()["dead"]
            drain(self.c)
            return self.c.queue.depth()["dead"] - before
        failed = 0
        while messages := self.aws.sqs.receive_message(
            QueueUrl=self.aws.queue_url, MaxNumberOfMessages=10, WaitTimeSeconds=0
        ).get("Messages", []):
            event = sqs_event(messages)
            response = handle_sqs(self.c, event, LocalContext("enrich"))
            bad = {item["itemIdentifier"] for item in response["batchItemFailures"]}
            failed += len(bad)
            for message in messages:  # failures are left for the test to redeliver by hand
                self.aws.sqs.delete_message(
                    QueueUrl=self.aws.queue_url, ReceiptHandle=message["ReceiptHandle"]
                )
        return failed


@pytest.fixture(params=["local", "aws"])
def world(request: pytest.FixtureRequest, tmp_path) -> Iterator[World]:
    clock = FakeClock()
    settings = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}, worker_enabled=False)
    if request.param == "local":
        yield World(local(settings, clock=clock), clock)
        return
    with moto_aws(serverless=True) as aws, atomic_requests():
        yield World(aws.container(aws.settings(settings), clock=clock), clock, aws)


# --------------------------------------------------------------------------- append


def test_messages_are_appended_then_facts_extracted_with_their_source(world: World) -> None:
    # When a conversation is appended
    answer = world.say(
        "trip-1",
        ("user", "Hi there! I moved to Lisbon last month."),
        ("assistant", "Welcome to Lisbon! What would you like to explore first?"),
        ("user", "We decided to use PostgreSQL 16 for the billing service."),
    )

    # Then it answers 202 at once, with the messages stored in order and a job queued
    assert answer["accepted"] == 3 and answer["duplicates"] == 0 and answer["job_id"]
    transcript = world.transcript("trip-1")
    assert [m["seq"] for m in transcript] == [1, 2, 3]
    assert [m["id"] for m in transcript] == answer["message_ids"]
    assert transcript[0]["content"] == "Hi there! I moved to Lisbon last month."
    assert world.session("trip-1")["extraction"] == "pending"

    # When the worker runs
    assert world.run_jobs() == 0

    # Then the facts are self-contained, written through the write path, and point at their source
    session = world.session("trip-1")
    assert session["extraction"] == "idle" and session["transcript"] == {"messages": 3, "chars": 151}
    [job] = session["jobs"]
    assert job["state"] == "done" and job["facts_written"] == 2 and job["extractor"] == "rules"
    facts = {f["content"]: f for f in session["facts"]}
    assert set(facts) == {
        "maya moved to Lisbon last month.",
        "maya and others decided to use PostgreSQL 16 for the billing service.",
    }
    moved = world.memory(facts["maya moved to Lisbon last month."]["memory_id"])
    assert moved["provenance"] == "user_stated" and moved["enrichment"]["state"] == "done"
    assert moved["metadata"]["session_id"] == "trip-1"
    assert moved["metadata"]["source_message_ids"] == [answer["message_ids"][0]]
    assert moved["observed_at"] == transcript[0]["created_at"]


def test_appending_the_same_messages_again_stores_them_once(world: World) -> None:
    # Given a call appended once ("yes" twice in it is two messages)
    at = "2026-05-01T10:00:00Z"
    body = {
        "user_id": USER,
        "messages": [
            {"role": "user", "content": "I prefer aisle seats on long flights.", "created_at": at},
            {"role": "user", "content": "yes", "created_at": at},
            {"role": "user", "content": "yes", "created_at": at},
            {"role": "user", "content": "Book it.", "message_id": "client-7"},
        ],
    }
    status, first = world.call("POST", "/v1/sessions/s/messages", body)
    assert status == 202 and first["accepted"] == 4

    # When the same call is sent again, and a message under the same client id with other words
    status, again = world.call("POST", "/v1/sessions/s/messages", body)
    retry = {"user_id": USER, "messages": [{"role": "user", "content": "Book it!", "message_id": "client-7"}]}
    status, by_id = world.call("POST", "/v1/sessions/s/messages", retry)

    # Then nothing is stored twice, and no job is queued for nothing
    assert again["accepted"] == 0 and again["duplicates"] == 4 and again["job_id"] is None
    assert again["message_ids"] == first["message_ids"]
    assert by_id["accepted"] == 0 and by_id["message_ids"] == first["message_ids"][3:]
    # while the same words said at another time are a new message
    later = {"user_id": USER, "messages": [{**body["messages"][0], "created_at": "2026-05-02T10:00:00Z"}]}
    assert world.call("POST", "/v1/sessions/s/messages", later)[1]["accepted"] == 1
    assert [m["content"] for m in world.transcript("s")] == [
        "I prefer aisle seats on long flights.",
        "yes",
        "yes",
        "Book it.",
        "I prefer aisle seats on long flights.",
    ]
    assert world.session("s")["transcript"]["messages"] == 5


def test_a_retried_call_maps_onto_the_messages_it_stored(world: World) -> None:
    body = {
        "user_id": USER,
        "messages": [
            {"role": "user", "content": "I moved to Porto.", "created_at": "2026-05-01T10:00:00Z"},
            {"role": "user", "content": "yes", "created_at": "2026-05-01T10:00:05Z"},
        ],
    }
    status, first = world.call("POST", "/v1/sessions/s/messages", body)
    status, second = world.call("POST", "/v1/sessions/s/messages", body)
    assert status == 202 and second["accepted"] == 0 and second["duplicates"] == 2
    assert second["message_ids"] == first["message_ids"] and second["job_id"] is None
    assert len(world.transcript("s")) == 2


def test_a_call_over_the_limits_is_a_413_that_names_the_limit(world: World) -> None:
    many = {"user_id": USER, "messages": [{"role": "user", "content": f"m{i}"} for i in range(101)]}
    status, answer = world.call("POST", "/v1/sessions/s/messages", many)
    assert status == 413 and "100" in answer["message"]
    long = {"user_id": USER, "messages": [{"role": "user", "content": "x" * 16_001}] * 2}
    status, answer = world.call("POST", "/v1/sessions/s/messages", long)
    assert status == 413 and "32000" in answer["message"]
    assert world.call("GET", "/v1/sessions/s", query={"user_id": USER})[0] == 404  # nothing stored


def test_a_transcript_with_a_secret_is_stored_redacted(world: World) -> None:
    answer = world.say("s", ("user", "My deploy key is AKIAIOSFODNN7EXAMPLE and I deploy on Tuesdays."))
    assert answer["redactions"] == ["aws_access_key"]
    [message] = world.transcript("s")
    assert "AKIAIOSFODNN7EXAMPLE" not in json.dumps(message)
    assert message["content"] == "My deploy key is [REDACTED:aws_access_key] and I deploy on Tuesdays."
    assert message["redactions"] == ["aws_access_key"]
    world.run_jobs()
    assert all("AKIA" not in f["content"] for f in world.session("s")["facts"])


def test_a_session_belongs_to_one_project(world: World) -> None:
    world.say("s", ("user", "I work on the billing service."), project="billing")
    body = {"user_id": USER, "project": "search", "messages": [{"role": "user", "content": "Hello there"}]}
    status, answer = world.call("POST", "/v1/sessions/s/messages", body)
    assert status == 409 and "billing" in answer["message"]


# --------------------------------------------------------------------------- extraction


class Crash(RuntimeError):
    pass


def test_raw_first_a_crash_mid_extraction_keeps_the_transcript_and_the_job_retries(world: World) -> None:
    # Given an extraction that crashes after writing its first fact
    answer = world.say(
        "s",
        ("user", "I moved to Lisbon in March."),
        ("user", "I am allergic to peanuts."),
        ("user", "We decided to ship the beta on Friday."),
    )
    remember = world.c.extract.remember
    calls = {"n": 0}

    def crashing(command):
        calls["n"] += 1
        if calls["n"] == 2:
            raise Crash("worker died")
        return remember(command)

    world.c.extract.remember = crashing  # type: ignore[assignment]
    job = ExtractJob(
        id=answer["job_id"], tenant=TENANT, user_id=USER, session_id="s", from_seq=1, through_seq=3
    )
    with pytest.raises(Crash):
        world.c.extract(job)

    # Then the transcript is intact and the job says it failed, with its error
    assert len(world.transcript("s")) == 3
    [failed] = world.session("s")["jobs"]
    assert failed["state"] == "failed" and "worker died" in failed["error"] and failed["attempts"] == 1

    # When it is retried (redelivered)
    world.c.extract.remember = remember  # type: ignore[assignment]
    assert world.c.extract(job) == ExtractOutcome.extracted
    world.run_jobs()

    # Then every fact is written once; the one written before the crash was not written again
    session = world.session("s")
    [done] = session["jobs"]
    assert done["state"] == "done" and done["attempts"] == 2 and done["facts_written"] == 3
    ids = [f["memory_id"] for f in session["facts"]]
    assert len(set(ids)) == 3
    assert all(world.memory(i)["hits"] == 1 for i in ids)


def test_redelivery_changes_nothing_twice(world: World) -> None:
    answer = world.say("s", ("user", "I moved to Lisbon in March."), ("user", "I prefer dark roast coffee."))
    world.run_jobs()
    before = world.session("s")
    memories = {i: world.memory(i) for i in (f["memory_id"] for f in before["facts"])}

    # When the same job is delivered again (and again, concurrently with nothing new)
    job = ExtractJob(
        id=answer["job_id"], tenant=TENANT, user_id=USER, session_id="s", from_seq=1, through_seq=2
    )
    assert world.c.extract(job) == ExtractOutcome.already_done
    # and a job over the same messages under another id (an overlapping retry) runs in full
    assert (
        world.c.extract(job.model_copy(update={"id": "01JZZZZZZZZZZZZZZZZZZZZZZZ"}))
        == ExtractOutcome.extracted
    )
    world.run_jobs()

    # Then no memory, count or fact changed
    after = world.session("s")
    assert after["facts"] == before["facts"]
    assert {i: world.memory(i) for i in memories} == memories


def test_a_fact_below_the_minimum_confidence_is_only_proposed(world: World) -> None:
    world.say("s", ("user", "I think I might move to Berlin next year."))
    world.run_jobs()
    [fact] = world.session("s")["facts"]
    assert fact["state"] == "proposed" and fact["memory_id"] is None and fact["confidence"] < 0.7
    assert world.call("GET", "/v1/memories", query={"user_id": USER})[1]["items"] == []


def test_what_the_assistant_alone_said_about_the_user_is_assistant_derived(world: World) -> None:
    world.say("s", ("assistant", "Noted: you prefer vegetarian restaurants for team dinners."))
    world.run_jobs()
    [fact] = world.session("s")["facts"]
    assert fact["content"] == "maya prefers vegetarian restaurants for team dinners."
    assert fact["provenance"] == Provenance.assistant_derived and fact["state"] == FactState.stored


def test_a_correction_in_a_later_session_supersedes_the_earlier_fact(world: World) -> None:
    # Given a fact said in one session, and its correction in a later one
    world.say("monday", ("user", "Our standup is at 9:30 every day."))
    world.run_jobs()
    [old] = world.session("monday")["facts"]
    world.clock.advance(days=7)
    world.say("next-monday", ("user", "Our standup moved to 10:00 every day."))
    world.run_jobs()
    [new] = world.session("next-monday")["facts"]

    # Then, after enrichment, the correction is current and the old value superseded by it
    assert world.memory(new["memory_id"])["status"] == Status.active
    superseded = world.memory(old["memory_id"])
    assert superseded["status"] == Status.superseded and superseded["superseded_by"] == new["memory_id"]


# --------------------------------------------------------------------------- isolation and delete


def test_tenants_and_users_never_see_each_others_sessions(world: World) -> None:
    world.say("shared-id", ("user", "I moved to Lisbon in March."))
    world.say("shared-id", ("user", "I live in Oslo."), user_id="bob")
    world.run_jobs()

    # Another user with the same session id has a session of their own
    assert [m["content"] for m in world.transcript("shared-id", user_id="bob")] == ["I live in Oslo."]
    # and another tenant sees none of it, on any route
    for method, path, query in (
        ("GET", "/v1/sessions/shared-id", {"user_id": USER}),
        ("GET", "/v1/sessions/shared-id/transcript", {"user_id": USER}),
        ("DELETE", "/v1/sessions/shared-id", {"user_id": USER, "cascade": "true"}),
    ):
        status, answer = world.call(method, path, query=query, tenant="globex")
        assert status == 404, (method, path, answer)
    for method, path in (("GET", "/v1/sessions/nobody"), ("GET", "/v1/sessions/nobody/transcript")):
        assert world.call(method, path, query={"user_id": "carol"})[0] == 404
    # a message appended under another tenant lands in that tenant's own session
    body = {"user_id": USER, "messages": [{"role": "user", "content": "I live in Rome."}]}
    assert world.call("POST", "/v1/sessions/shared-id/messages", body, tenant="globex")[0] == 202
    assert [m["content"] for m in world.transcript("shared-id")] == ["I moved to Lisbon in March."]
    assert world.session("shared-id")["transcript"]["messages"] == 1


def test_the_transcript_pages(world: World) -> None:
    world.say("s", *[("user", f"Message number {i}") for i in range(5)])
    query = {"user_id": USER, "limit": "2"}
    seen = []
    while True:
        status, page = world.call("GET", "/v1/sessions/s/transcript", query=query)
        assert status == 200
        seen += [m["content"] for m in page["items"]]
        if not page["cursor"]:
            break
        query = {**query, "cursor": page["cursor"]}
    assert seen == [f"Message number {i}" for i in range(5)]


def test_deleting_a_session_with_cascade_forgets_only_what_came_from_it_alone(world: World) -> None:
    # Given two sessions that both state one fact, and one that states another
    world.say("a", ("user", "I am allergic to peanuts."), ("user", "I moved to Lisbon in March."))
    world.say("b", ("user", "I am allergic to peanuts."))
    world.run_jobs()
    facts = {f["content"]: f["memory_id"] for f in world.session("a")["facts"]}
    only_a = facts["maya moved to Lisbon in March."]
    shared = facts["maya is allergic to peanuts."]

    # When session a is deleted with cascade
    status, answer = world.call("DELETE", "/v1/sessions/a", query={"user_id": USER, "cascade": "true"})

    # Then its transcript is gone, the memory only it gave is forgotten, the shared one kept
    assert status == 200 and answer["deleted_messages"] == 2 and answer["forgotten"] == [only_a]
    assert world.call("GET", f"/v1/memories/{only_a}")[0] == 404
    assert world.memory(shared)["status"] == Status.active
    assert world.call("GET", "/v1/sessions/a", query={"user_id": USER})[0] == 404
    assert world.call("GET", "/v1/sessions/a/transcript", query={"user_id": USER})[0] == 404
    # and without cascade, a session's memories outlive it
    status, answer = world.call("DELETE", "/v1/sessions/b", query={"user_id": USER})
    assert status == 200 and answer["forgotten"] == []
    assert world.memory(shared)["status"] == Status.active
    # a job for a deleted session does nothing
    job = ExtractJob(id="01JZZZZZZZZZZZZZZZZZZZZZZZ", tenant=TENANT, user_id=USER, session_id="b", from_seq=1,
                     through_seq=1)  # fmt: skip
    assert world.c.extract(job) == ExtractOutcome.skipped
    assert world.c.transcripts.session(SessionRef(TENANT, USER, "b")) is None


def test_job_states_are_reported(world: World) -> None:
    world.say("s", ("user", "I moved to Lisbon in March."))
    assert [j["state"] for j in world.session("s")["jobs"]] == [JobState.queued]


class BrokenQueue:
    def enqueue(self, jobs) -> None:
        raise ConnectionError("queue unreachable")

    def depth(self) -> dict[str, int]:
        return {}


def test_raw_first_a_queue_outage_keeps_the_messages_and_a_retry_queues_their_extraction(
    world: World,
) -> None:
    # Given a queue that is down when the messages arrive
    queue = world.c.append_messages.queue
    world.c.append_messages.queue = BrokenQueue()  # type: ignore[assignment]
    body = {"user_id": USER, "messages": [{"role": "user", "content": "I moved to Lisbon in March."}]}
    status, answer = world.call("POST", "/v1/sessions/s/messages", body)

    # Then the caller is told to retry, and the messages are stored already
    assert status == 503 and answer["error"] == "dependency_unavailable"
    assert [m["content"] for m in world.transcript("s")] == ["I moved to Lisbon in March."]

    # When the caller retries once the queue is back
    world.c.append_messages.queue = queue
    status, retried = world.call("POST", "/v1/sessions/s/messages", body)

    # Then nothing is stored twice, and the extraction of the stored message is queued and runs
    assert status == 202 and retried["accepted"] == 0 and retried["job_id"]
    world.run_jobs()
    [fact] = world.session("s")["facts"]
    assert fact["content"] == "maya moved to Lisbon in March." and fact["state"] == "stored"


# --------------------------------------------------------------------------- recall's expand


def search(world: World, query: str, user_id: str = USER, **fields: Any) -> list[dict]:
    status, answer = world.call("POST", "/v1/memories/search", {"query": query, "user_id": user_id, **fields})
    assert status == 200, answer
    return answer["results"]


def test_recall_with_expand_carries_each_results_source_messages_bounded(world: World) -> None:
    # Given a fact said in a long message of a session, and one remembered directly
    long = "We decided to use PostgreSQL 16 for the billing service. " + "It has to scale well. " * 40
    said = world.say("db-1", ("user", "Hello again!"), ("user", long))
    status, _ = world.call(
        "POST", "/v1/memories", {"content": "Maya drinks PostgreSQL-themed coffee.", "user_id": USER}
    )
    assert status == 201
    world.run_jobs()

    # When recalled with expand
    results = {r["memory"]["content"]: r for r in search(world, "PostgreSQL billing", expand=True)}

    # Then the session-derived result carries the message it came from, cut to the bound
    derived = results["maya and others decided to use PostgreSQL 16 for the billing service."]
    source = derived["source"]
    assert source["session_id"] == "db-1"
    [message] = source["messages"]
    assert message["id"] == said["message_ids"][1] and message["seq"] == 2 and message["role"] == "user"
    assert message["truncated"] is True and len(message["content"]) == 500
    assert long.startswith(message["content"])
    # and the memory remembered directly carries none
    assert results["Maya drinks PostgreSQL-themed coffee."]["source"] is None
    # Without expand no result carries a source
    assert all(r["source"] is None for r in search(world, "PostgreSQL billing"))


def test_expand_shows_at_most_three_messages_and_only_the_users_own_sessions(world: World) -> None:
    said = world.say("s-1", *[("user", f"Message number {i} about the harbour trip.") for i in range(5)])
    world.say("s-1", ("user", "Bob's own message about the harbour trip."), user_id="bob")
    world.run_jobs()
    pointer = {"session_id": "s-1", "source_message_ids": list(reversed(said["message_ids"]))}
    for user in (USER, "bob"):
        body = {"content": f"{user} planned the harbour trip together.", "user_id": user, "metadata": pointer}
        assert world.call("POST", "/v1/memories", body)[0] == 201

    # A memory naming five messages shows three, in transcript order
    [mine] = [
        r for r in search(world, "planned harbour trip", expand=True) if "planned" in r["memory"]["content"]
    ]
    assert [m["seq"] for m in mine["source"]["messages"]] == [3, 4, 5]
    # bob's memory naming maya's message ids reads bob's own session, where they do not exist
    [bobs] = [
        r
        for r in search(world, "planned harbour trip", user_id="bob", expand=True)
        if "planned" in r["memory"]["content"]
    ]
    assert bobs["source"] == {"session_id": "s-1", "messages": []}
    # another tenant finds nothing at all
    status, answer = world.call(
        "POST",
        "/v1/memories/search",
        {"query": "harbour trip", "user_id": USER, "expand": True},
        tenant="globex",
    )
    assert status == 200 and answer["results"] == []


def test_expand_after_the_session_was_deleted_shows_the_session_without_messages(world: World) -> None:
    world.say("gone", ("user", "I moved to Lisbon in March."))
    world.run_jobs()
    assert world.call("DELETE", "/v1/sessions/gone", query={"user_id": USER})[0] == 200
    [result] = search(world, "Lisbon", expand=True)
    assert result["source"] == {"session_id": "gone", "messages": []}
