"""`POST /v1/context` on both backends (issue 30): a block of current memories within a token budget,
the constraints first, never a superseded value (not even through the graph), byte-identical when
asked again, and bad requests answered 422 with their path."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engram.adapters.dynamo.sqs_queue import SqsJobQueue, parse_job
from engram.adapters.sqlite.queue import SqliteJobQueue
from engram.api.app import EngramApi
from engram.domain.checkpoints import Digest, Trigger
from engram.domain.models import MemoryType, Status
from engram.domain.tokens import count_tokens
from engram.ports import EnrichJob, Job, RetrievalJob
from engram.usecases.checkpoints import CheckpointCommand
from engram.usecases.remember import RememberCommand
from engram.usecases.retrievals import record_retrievals
from tests.conftest import api_event
from tests.integration.deployments import TENANT, USER_ID, World

QUERY = "Who is Dana's manager, and when can we meet Dana's team?"
CONSTRAINT = "Never schedule meetings with Dana's team on Fridays."
TOPICS = ["billing", "search", "payments", "onboarding", "analytics", "mobile", "infra", "docs", "support"]
TOOLS = ["Postgres", "Redis", "Kafka", "Terraform", "Grafana", "Sentry", "Airflow", "dbt", "Vault", "Nginx"]


def distractors(n: int) -> list[str]:
    """Distinct facts about other people and projects, some about managers and meetings too."""
    out = []
    for i in range(n):
        topic, tool = TOPICS[i % len(TOPICS)], TOOLS[(i // len(TOPICS)) % len(TOOLS)]
        if i % 5 == 0:
            out.append(f"The {topic} team manager reviews ticket {1000 + i} every sprint.")
        elif i % 7 == 0:
            out.append(f"The weekly {topic} meeting covers {tool} incident number {i}.")
        else:
            out.append(f"Service {i} of the {topic} area runs on {tool} version {i % 13 + 1}.{i % 10}.")
    return out


def context(world: World, **body: Any) -> tuple[int, dict[str, Any], str]:
    event = api_event("POST", "/v1/context", {"user_id": USER_ID, **body})
    response = EngramApi(world.c).handle(event, None)
    return response["statusCode"], json.loads(response["body"]), response["body"]


def fill(world: World, n: int) -> None:
    jobs = []
    for content in distractors(n):
        result = world.c.remember(RememberCommand(tenant=TENANT, user_id=USER_ID, content=content))
        assert result.memory is not None, result
        jobs.append(
            EnrichJob(tenant=TENANT, memory_id=result.memory.id, content_hash=result.memory.content_hash)
        )
    for start in range(0, len(jobs), 100):
        world.c.enrich.many(jobs[start : start + 100])


def test_the_block_holds_the_current_value_and_the_constraint_within_each_budget(world: World) -> None:
    # Given Dana's manager was Priya, then Lee (superseding it); a constraint; 500 distractors (150
    # under moto, whose DynamoDB and SQS take most of a CPU-minute for every hundred enriched memories)
    old = world.remember("Dana's manager is Priya.")
    world.clock.advance(days=30)
    new = world.remember("Dana's manager is Lee.", observed_at=world.clock.now())
    rule = world.remember(CONSTRAINT, memory_type=MemoryType.constraint)
    fill(world, 500 if world.c.settings.backend == "local" else 150)
    assert world.c.store.get(TENANT, old.id).status == Status.superseded  # type: ignore[union-attr]

    blocks = {}
    for budget in (200, 1000, 4000):
        # When a context is asked for, twice
        status, first, raw = context(world, query=QUERY, budget_tokens=budget)
        world.clock.advance(minutes=5)
        again_status, _, again = context(world, query=QUERY, budget_tokens=budget)

        # Then it holds the constraint first and Dana's current manager, never the superseded one
        assert status == again_status == 200, first
        ids = [i["id"] for i in first["items"]]
        assert ids[0] == rule.id and first["items"][0]["kind"] == "constraint"
        assert new.id in ids and old.id not in ids
        text = first["context"]
        assert CONSTRAINT in text and "Dana's manager is Lee." in text
        assert "Priya" not in raw
        # within the budget, counted as the response says, each item whole on its line
        assert first["tokens"] == count_tokens(text) <= budget == first["budget_tokens"]
        assert budget > 200 or first["tokens"] > 150  # the small budget is used, not left empty
        lines = text.split("\n")
        assert all(f"- {i['text']}" in lines for i in first["items"])
        # and byte-identical the second time
        assert again == raw
        blocks[budget] = ids

    # A larger budget holds more, with the smaller block's memories in the same order
    assert len(blocks[200]) < len(blocks[1000]) < len(blocks[4000])
    assert [i for i in blocks[4000] if i in blocks[200]] == [i for i in blocks[200] if i in blocks[4000]]


def test_entities_come_with_their_current_relations_only(world: World) -> None:
    # Given Dana's manager changed from Priya to Lee
    world.remember("Dana's manager is Priya.")
    world.clock.advance(days=30)
    world.remember("Dana's manager is Lee.", observed_at=world.clock.now())

    # When a context is asked for about Dana
    status, body, _ = context(world, query="Who manages Dana?")

    # Then Dana is an entity line naming Lee, and Priya appears nowhere
    assert status == 200, body
    lines = [i["text"] for i in body["items"] if i["kind"] == "entity"]
    assert any(line.startswith("Dana") and "Lee" in line for line in lines), lines
    assert "Priya" not in body["context"]
    assert "Entities:" in body["context"].split("\n")


def test_only_the_entities_of_memories_in_the_block_are_listed(world: World) -> None:
    # Given a short memory naming Dana and a long one naming Omar, too long for the budget
    world.remember("Dana prefers written status updates.")
    world.remember("Omar's status updates " + " ".join(f"cover project {i} and" for i in range(60)))

    # When a small block is asked for about both
    status, body, _ = context(world, query="status updates of Dana and Omar", budget_tokens=80)

    # Then Dana is listed and Omar, whose memory did not fit, is not
    assert status == 200, body
    assert [i["text"].split(" ")[0] for i in body["items"] if i["kind"] == "entity"] == ["Dana"]
    assert "Omar" not in body["context"]


def test_messages_make_the_query_and_the_checkpoint_focus_ends_the_block(world: World) -> None:
    # Given a constraint and a session whose latest checkpoint says what the agent is doing
    world.remember("Deployments to production need two reviewers.", memory_type=MemoryType.constraint)
    world.remember("The deploy pipeline runs on GitHub Actions.")
    world.c.save_checkpoint(
        CheckpointCommand(
            tenant=TENANT,
            user_id=USER_ID,
            session_id="s-1",
            trigger=Trigger.explicit,
            digest=Digest(focus="Migrating the deploy pipeline to Buildkite"),
        )
    )

    # When a context is asked for from the conversation's messages
    messages = [
        {"role": "user", "content": "I want to change how we deploy."},
        {"role": "assistant", "content": "Sure, what should change?"},
        {"role": "user", "content": "Which reviewers does a production deployment need?"},
    ]
    status, body, _ = context(world, messages=messages, session_id="s-1")

    # Then the constraint leads and the focus closes the block
    assert status == 200, body
    kinds = [i["kind"] for i in body["items"]]
    assert kinds[0] == "constraint" and kinds[-1] == "focus"
    assert body["items"][-1]["text"] == "Migrating the deploy pipeline to Buildkite"
    assert body["context"].endswith("Current focus:\n- Migrating the deploy pipeline to Buildkite")


def queued_jobs(world: World) -> list[Job]:
    """Every job waiting in the queue (the SQLite job table, or SQS), taken off it."""
    queue = world.c.queue
    if isinstance(queue, SqliteJobQueue):
        return [c.job for c in queue.claim(1000)]
    assert isinstance(queue, SqsJobQueue)
    jobs: list[Job] = []
    while messages := queue.client.receive_message(
        QueueUrl=queue.queue_url, MaxNumberOfMessages=10, WaitTimeSeconds=0
    ).get("Messages", []):
        jobs += [parse_job(m["Body"]) for m in messages]
        queue.client.delete_message_batch(
            QueueUrl=queue.queue_url,
            Entries=[{"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(messages)],
        )
    return jobs


def test_a_context_counts_as_a_recall_of_what_it_holds_only(world: World) -> None:
    # Given two memories about Dana's updates, one too long for a small budget
    short = world.remember("Dana prefers written status updates.")
    long = world.remember("Dana's status updates " + " ".join(f"mention project {i} and" for i in range(60)))
    queued_jobs(world)

    # When a context with room for the short one only is asked for
    _, body, _ = context(world, query="Dana status updates", budget_tokens=64)
    assert [i["id"] for i in body["items"] if i["kind"] == "fact"] == [short.id]

    # Then the retrieval counts the memory the block holds, and not the one left out: folded in the
    # process and written by a flush (embedded default, runtime.retrievals), or one job in the queue (SQS)
    world.c.flush()
    retrievals = [j for j in queued_jobs(world) if isinstance(j, RetrievalJob)]
    assert [j.memory_ids for j in retrievals] == ([[short.id]] if world.c.retrievals is None else [])
    record_retrievals(world.c.store, retrievals)
    assert world.c.store.get(TENANT, short.id).retrieval_count == 1  # type: ignore[union-attr]
    assert world.c.store.get(TENANT, long.id).retrieval_count == 0  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({}, "body"),  # neither query nor messages
        ({"query": "x", "messages": [{"role": "user", "content": "y"}]}, "body"),
        ({"query": "x", "budget_tokens": 10}, "budget_tokens"),
        ({"query": "x", "budget_tokens": 100_000}, "budget_tokens"),
        ({"query": "x", "budget_tokens": "2000"}, "budget_tokens"),
        ({"messages": [{"role": "user", "content": "   "}]}, "messages"),
        ({"messages": []}, "messages"),
        ({"query": "x", "session_id": "has space"}, "session_id"),
    ],
)
def test_bad_requests_are_422_naming_the_field(world: World, body: dict[str, Any], path: str) -> None:
    status, answer, _ = context(world, **body)
    assert status == 422, answer
    assert any(path in d["path"] for d in answer["details"]) or path in answer["message"], answer
