"""Recall: the ranking properties a user relies on, on both deployments.

The embedded default (SQLite store and job table, FTS5 + exact k-NN) and AWS (DynamoDB and SQS under
moto, both legs on OpenSearch over the loopback fake, pending memories merged into the lexical leg),
each wired as `runtime.container.local()` / `runtime.container.aws()` wire them, with a clock the test
owns. Memories are remembered through the use case and enriched by calling the Enrich use case
directly, as the worker thread or the enrich Lambda would.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import pytest

from engram.adapters.dynamo.sqs_queue import SqsJobQueue, parse_job
from engram.adapters.sqlite.queue import SqliteJobQueue
from engram.api.app import EngramApi
from engram.domain.models import Memory, MemoryType, Provenance
from engram.ports import EnrichJob, Job, RetrievalJob, SearchFilters
from engram.runtime.container import Container, local
from engram.runtime.worker import process_batch
from engram.settings import Settings
from engram.usecases.enrich import EnrichOutcome
from engram.usecases.recall import Recalled, RecallQuery
from engram.usecases.remember import Outcome, RememberCommand
from engram.usecases.retrievals import record_retrievals
from tests.conftest import FakeClock, api_event
from tests.integration.aws_fixtures import atomic_requests
from tests.integration.builders import moto_aws

TENANT = "acme"
USER = "alice"

# --------------------------------------------------------------------------- the two deployments


@dataclass
class Engram:
    """One deployment under test: its container, its clock, and how its queue is worked."""

    c: Container
    clock: FakeClock

    def remember(
        self,
        content: str,
        *,
        tenant: str = TENANT,
        user_id: str = USER,
        enrich: bool = True,
        **fields: Any,
    ) -> Memory:
        result = self.c.remember(RememberCommand(tenant=tenant, user_id=user_id, content=content, **fields))
        assert result.outcome == Outcome.stored and result.memory is not None, result
        if enrich:
            self.enrich(result.memory)
        return self.get(result.memory)

    def enrich(self, *memories: Memory) -> None:
        jobs = [EnrichJob(tenant=m.tenant, memory_id=m.id, content_hash=m.content_hash) for m in memories]
        outcomes = self.c.enrich.many(jobs)
        assert outcomes == [EnrichOutcome.enriched] * len(jobs), outcomes  # nothing merged away

    def get(self, memory: Memory) -> Memory:
        found = self.c.store.get(memory.tenant, memory.id)
        assert found is not None
        return found

    def recall(self, query: str, **fields: Any) -> list[Recalled]:
        fields.setdefault("tenant", TENANT)
        fields.setdefault("user_id", USER)
        return self.c.recall(RecallQuery(query=query, **fields))

    def ids(self, query: str, **fields: Any) -> list[str]:
        return [r.memory.id for r in self.recall(query, **fields)]

    def search(self, body: dict[str, Any], *, tenant: str = TENANT) -> tuple[int, Any]:
        """POST /v1/memories/search in-process, as the api Lambda runs it."""
        event = api_event("POST", "/v1/memories/search", body, tenant=tenant)
        response = EngramApi(self.c).handle(event, None)
        return response["statusCode"], json.loads(response["body"])

    def work_queue(self) -> list[Job]:
        """Process every queued job as the worker (locally) or the enrich Lambda (AWS) would; returns
        the jobs that were waiting."""
        queue = self.c.queue
        if isinstance(queue, SqliteJobQueue):
            self.c.flush()  # the retrieval counts this process folded (runtime.retrievals), written
            claimed = queue.claim(1000)
            process_batch(self.c, queue, claimed)
            return [c.job for c in claimed]
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
        self.c.enrich.many([j for j in jobs if isinstance(j, EnrichJob)])
        record_retrievals(self.c.store, [j for j in jobs if isinstance(j, RetrievalJob)])
        return jobs


@pytest.fixture(params=["local", "aws"])
def engram(request: pytest.FixtureRequest, tmp_path) -> Iterator[Engram]:
    clock = FakeClock()
    # retrieval counts written when a test works the queue off (work_queue), never by the flusher mid-test
    settings = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}, retrieval_flush_s=3600)
    if request.param == "local":
        yield Engram(local(settings, clock=clock), clock)
        return

    with moto_aws(serverless=True) as aws, atomic_requests():
        container = aws.container(aws.settings(settings), clock=clock)
        assert container.recall.merge_pending  # as container.aws() wires it
        yield Engram(container, clock)


FILLER = (
    "Standups are at 9:30 on weekdays",
    "The staging cluster runs in Frankfurt",
    "Alice prefers dark mode in every editor",
    "Lunch orders go in before eleven",
)


def product(r: Recalled) -> float:
    c = r.components
    relevance = c.fused + c.graph
    return (
        relevance * c.importance * c.recency * c.provenance * c.expiry * c.hits * c.superseded * c.hop
    ) * (c.specificity * c.overlap)


# --------------------------------------------------------------------------- ranking


def test_an_exact_keyword_match_beats_a_vague_semantic_one(engram: Engram) -> None:
    # Given a memory naming an error code, memories loosely about the same topic, and unrelated ones
    exact = engram.remember("E4032 is the code checkout logs when the card processor times out")
    vague = [
        engram.remember("Checkout failures usually come from the payment provider"),
        engram.remember("Card payments sometimes fail when the processor is slow"),
        engram.remember("The team keeps a runbook for payment incidents"),
    ]
    for content in FILLER:
        engram.remember(content)

    # When the user asks about the code
    results = engram.recall("checkout error E4032")

    # Then the exact match comes first, and the vaguer memories still come back below it
    assert results[0].memory.id == exact.id
    assert results[0].components.bm25 is not None
    assert {m.id for m in vague} <= {r.memory.id for r in results[1:]}
    # well clear of the rest (a weaker lexical match keeps its share on the default "max" scale)
    assert results[0].score > 1.5 * results[1].score


def test_an_expired_temporal_memory_ranks_below_its_valid_twin_and_can_be_dropped(engram: Engram) -> None:
    # Given the same fact twice (two namespaces), one valid for a day and one for a month
    now = engram.clock.now()
    ending = engram.remember(
        "The team offsite is in Lisbon", namespace="q3", valid_until=now + timedelta(days=1)
    )
    lasting = engram.remember(
        "The team offsite is in Lisbon", namespace="q4", valid_until=now + timedelta(days=30)
    )
    engram.remember("Lisbon has great seafood restaurants near the river")

    # When two days pass
    engram.clock.advance(days=2)
    results = engram.recall("where is the team offsite")

    # Then the expired one still comes back, below its twin, marked by the expiry factor
    order = [r.memory.id for r in results]
    assert order.index(lasting.id) < order.index(ending.id)
    by_id = {r.memory.id: r for r in results}
    assert by_id[ending.id].components.expiry < 1.0 == by_id[lasting.id].components.expiry
    assert by_id[ending.id].components.fused == pytest.approx(by_id[lasting.id].components.fused)

    # and asking for current facts only drops it
    current = engram.ids("where is the team offsite", include_stale=False)
    assert lasting.id in current and ending.id not in current


def test_a_user_stated_fact_beats_an_assistant_derived_paraphrase(engram: Engram) -> None:
    # Given what the user said, and the assistant's paraphrase, which matches the query at least as well
    stated = engram.remember("I am allergic to peanuts, so no satay for me", namespace="chat")
    derived = engram.remember(
        "Alice is allergic to peanuts", namespace="notes", provenance=Provenance.assistant_derived
    )
    engram.remember("Bob brought roasted peanuts to the party")
    engram.remember("The office kitchen stocks oat milk and fruit")

    # When the assistant checks for allergies
    results = engram.recall("allergic to peanuts")

    # Then the user's own statement ranks first: provenance (× confidence) outweighs the match
    by_id = {r.memory.id: r for r in results}
    assert [r.memory.id for r in results[:2]] == [stated.id, derived.id]
    assert by_id[derived.id].components.fused >= by_id[stated.id].components.fused
    assert by_id[stated.id].components.provenance > by_id[derived.id].components.provenance


# --------------------------------------------------------------------------- filters and scopes


@dataclass
class Corpus:
    """Four memories about the cluster, each different in every filterable way; one still pending."""

    infra: Memory  # fact, user_stated, importance 2, observed 10 days ago; tech, entities from text
    dashboard: Memory  # preference, assistant_derived, importance 3, observed 5 days ago
    rule: Memory  # constraint, user_stated, importance 5, observed now
    pending: Memory  # task, episode_summary, importance 1, observed now, never enriched

    def named(self, ids: list[str]) -> set[str]:
        names = {m.id: name for name, m in vars(self).items()}
        return {names.get(i, i) for i in ids}


@pytest.fixture
def corpus(engram: Engram) -> Corpus:
    now = engram.clock.now()
    corpus = Corpus(
        infra=engram.remember(
            "The staging cluster runs Kubernetes on AWS in Frankfurt",
            memory_type=MemoryType.fact,
            importance=2,
            observed_at=now - timedelta(days=10),
        ),
        dashboard=engram.remember(
            "Alice likes the cluster dashboard in dark mode",
            memory_type=MemoryType.preference,
            provenance=Provenance.assistant_derived,
            importance=3,
            observed_at=now - timedelta(days=5),
        ),
        rule=engram.remember(
            "Never restart the production cluster on a Friday",
            memory_type=MemoryType.constraint,
            importance=5,
        ),
        pending=engram.remember(
            "Summary: the cluster upgrade waits for a review",
            memory_type=MemoryType.task,
            provenance=Provenance.episode_summary,
            importance=1,
            enrich=False,
        ),
    )
    assert "tech" in corpus.infra.categories and "tech" not in corpus.dashboard.categories
    assert "Frankfurt" in corpus.infra.entities
    return corpus


ALL = {"infra", "dashboard", "rule", "pending"}
FILTER_CASES = [
    (SearchFilters(memory_types=("preference",)), {"dashboard"}),
    (SearchFilters(memory_types=("constraint", "task")), {"rule", "pending"}),
    (SearchFilters(categories=("tech",)), {"infra"}),
    (SearchFilters(entities=("Frankfurt",)), {"infra"}),
    (SearchFilters(provenance=("assistant_derived",)), {"dashboard"}),
    (SearchFilters(provenance=("user_stated",)), {"infra", "rule"}),
    (SearchFilters(min_importance=4), {"rule"}),
    (SearchFilters(min_importance=2, memory_types=("fact", "preference")), {"infra", "dashboard"}),
    (SearchFilters(memory_types=(), categories=(), entities=(), provenance=()), ALL),  # empty: no filter
]


@pytest.mark.parametrize(("filters", "expected"), FILTER_CASES)
def test_filters_never_leak(
    engram: Engram, corpus: Corpus, filters: SearchFilters, expected: set[str]
) -> None:
    # Given the corpus (every memory mentions the cluster)
    assert corpus.named(engram.ids("cluster", top_k=50)) == ALL

    # When recalling with a filter, Then exactly the memories it selects come back
    assert corpus.named(engram.ids("cluster", top_k=50, filters=filters)) == expected


def test_observed_at_filters_are_inclusive_after_and_exclusive_before(engram: Engram, corpus: Corpus) -> None:
    def observed(after: datetime | None = None, before: datetime | None = None) -> set[str]:
        filters = SearchFilters(observed_after=after, observed_before=before)
        return corpus.named(engram.ids("cluster", filters=filters))

    week_ago = engram.clock.now() - timedelta(days=7)
    five_days_ago = corpus.dashboard.observed_at
    assert observed(after=week_ago) == {"dashboard", "rule", "pending"}
    assert observed(before=week_ago) == {"infra"}
    assert observed(after=five_days_ago, before=five_days_ago + timedelta(seconds=1)) == {"dashboard"}
    assert observed(after=week_ago, before=five_days_ago) == set()


def test_scopes_never_leak(engram: Engram) -> None:
    # Given the same fact in many scopes, half of them still pending enrichment
    content = "The deploy key rotates every quarter"
    scopes = {
        "home": {},
        "work": {"namespace": "work"},
        "personal": {"namespace": "personal"},
        "side-project": {"project": "side"},
        "other-user": {"user_id": "bob"},
        "other-tenant": {"tenant": "globex"},
    }
    made = {
        name: engram.remember(content, enrich=i % 2 == 0, **scope)
        for i, (name, scope) in enumerate(scopes.items())
    }
    names = {m.id: name for name, m in made.items()}

    def found(**fields: Any) -> set[str]:
        return {names[i] for i in engram.ids("deploy key rotation", top_k=50, **fields)}

    # Then a user sees their own memories of their own tenant, across projects and namespaces by default
    assert found() == {"home", "work", "personal", "side-project"}
    assert found(project="default") == {"home", "work", "personal"}
    assert found(project="side") == {"side-project"}
    assert found(namespaces=("work",)) == {"work"}
    assert found(namespaces=("work", "personal")) == {"work", "personal"}
    assert found(project="side", namespaces=("work",)) == set()
    assert found(user_id="bob") == {"other-user"}
    assert found(tenant="globex") == {"other-tenant"}
    assert found(tenant="globex", user_id="bob") == set()

    # and over HTTP the tenant is the API key's, whatever the body says
    status, body = engram.search({"query": "deploy key rotation", "user_id": USER}, tenant="initech")
    assert status == 200 and body["results"] == []


# --------------------------------------------------------------------------- explain, read-your-writes


def test_explained_components_multiply_to_the_score(engram: Engram) -> None:
    engram.remember("The billing service deploys on Tuesdays", importance=5)
    engram.remember(
        "Billing deploys were moved to Thursdays", provenance=Provenance.assistant_derived, confidence=0.6
    )
    engram.remember("The search service deploys whenever tests pass")
    engram.remember("Deploys of billing are frozen in December", enrich=False)
    engram.clock.advance(days=90)

    results = engram.recall("when does billing deploy")
    assert len(results) == 4
    for r in results:
        assert math.isclose(product(r), r.score, rel_tol=0, abs_tol=1e-9)

    status, body = engram.search({"query": "when does billing deploy", "user_id": USER, "explain": True})
    assert status == 200 and len(body["results"]) == 4
    for result in body["results"]:
        c = result["components"]
        total = (c["fused"] + c["graph"]) * c["importance"] * c["recency"] * c["provenance"] * c["expiry"]
        total *= c["hits"] * c["superseded"] * c["hop"] * c["specificity"] * c["overlap"]
        total = max(total, c["lifted"])  # a newer change lifted above what it precedes scores the lift
        assert math.isclose(total, result["score"], rel_tol=0, abs_tol=1e-9)

    status, body = engram.search({"query": "when does billing deploy", "user_id": USER})
    assert status == 200 and all(result["components"] is None for result in body["results"])


def test_a_memory_remembered_a_moment_ago_is_found_before_enrichment(engram: Engram) -> None:
    # Given enriched memories, and one remembered a moment ago whose enrichment has not run
    engram.remember("The old VPN gateway was retired in spring")
    engram.remember("Office printers are on the third floor")
    fresh = engram.remember("The new VPN gateway is vpn-7.example.net", enrich=False)
    assert fresh.enrichment.state == "pending"

    # When recalling right away
    results = engram.recall("new VPN gateway")

    # Then the lexical leg finds it (it has no vector yet), above what matches no word of the query
    by_id = {r.memory.id: r for r in results}
    assert fresh.id in by_id
    assert by_id[fresh.id].components.bm25 is not None and by_id[fresh.id].components.vector is None
    unrelated = [r.score for r in results if r.components.bm25 is None]
    assert by_id[fresh.id].score > max(unrelated)

    # and once enriched it is found by both legs, first
    engram.enrich(fresh)
    top = engram.recall("new VPN gateway")[0]
    assert top.memory.id == fresh.id and top.components.vector is not None


def test_a_pending_memory_of_another_scope_is_not_found(engram: Engram) -> None:
    engram.remember("The new VPN gateway is vpn-7.example.net", user_id="bob", enrich=False)
    engram.remember("The new VPN gateway is vpn-9.example.net", tenant="globex", enrich=False)
    engram.remember("The new VPN gateway is vpn-3.example.net", namespace="lab", enrich=False)

    assert engram.ids("new VPN gateway", namespaces=("default",)) == []


# --------------------------------------------------------------------------- retrieval events


def test_recall_queues_retrieval_events_that_are_counted_off_the_hot_path(engram: Engram) -> None:
    # Given two memories, and their enrichment jobs already worked off
    first = engram.remember("Standups are at 9:30 on weekdays")
    second = engram.remember("Standups move to 10:00 during the summer")
    engram.remember("The coffee machine is on the second floor")
    engram.work_queue()

    # When recalling
    engram.clock.advance(minutes=5)
    recalled = engram.ids("when are standups")
    assert recalled[:2] == [first.id, second.id] or recalled[:2] == [second.id, first.id]

    # Then nothing was written synchronously: the retrievals wait, folded in the process (embedded
    # default, runtime.retrievals) or as one retrieval job in the queue (SQS)
    assert all(engram.get(m).retrieval_count == 0 for m in (first, second))
    jobs = engram.work_queue()
    retrievals = [j for j in jobs if isinstance(j, RetrievalJob)]
    if engram.c.retrievals is None:
        assert len(retrievals) == 1
        assert retrievals[0].tenant == TENANT and retrievals[0].memory_ids == recalled
        assert retrievals[0].at == engram.clock.now()
    else:
        assert retrievals == []  # written by the flush, with no job

    # and once it is processed, every returned memory counts the retrieval
    for memory_id in recalled:
        stored = engram.c.store.get(TENANT, memory_id)
        assert stored is not None
        assert stored.retrieval_count == 1
        assert stored.last_retrieved_at == engram.clock.now()


def test_a_recall_that_returns_nothing_queues_nothing(engram: Engram) -> None:
    engram.remember("Standups are at 9:30 on weekdays")
    engram.work_queue()

    assert engram.recall("standups", user_id="carol") == []
    assert engram.work_queue() == []


# --------------------------------------------------------------------------- knobs


def test_weights_turn_a_leg_off(engram: Engram) -> None:
    # Given a memory only the vector leg can find (no word in common with the query, shared trigrams)
    lexical = engram.remember("Deployment windows are on Tuesdays")
    vector_only = engram.remember("Redeploying happens automatically")

    both = engram.recall("deployment windows")
    assert {lexical.id, vector_only.id} <= {r.memory.id for r in both}

    no_vector = engram.recall("deployment windows", weights={"vector_weight": 0})
    assert [r.memory.id for r in no_vector] == [lexical.id]
    assert all(r.components.vector is None for r in no_vector)

    no_lexical = engram.recall("deployment windows", weights={"lexical_weight": 0})
    assert {lexical.id, vector_only.id} <= {r.memory.id for r in no_lexical}
    assert all(r.components.bm25 is None for r in no_lexical)

    status, body = engram.search(
        {"query": "deployment windows", "user_id": USER, "weights": {"vector_weight": 0}, "explain": True}
    )
    assert status == 200 and [r["memory"]["id"] for r in body["results"]] == [lexical.id]
    assert body["results"][0]["components"]["vector"] is None


def test_min_score_filters_and_top_k_bounds(engram: Engram) -> None:
    for n in range(12):
        engram.remember(f"Release {n} of the mobile app shipped with {n + 1} new screens")

    everything = engram.recall("mobile app release", top_k=50)
    assert len(everything) == 12
    scores = [r.score for r in everything]
    assert scores == sorted(scores, reverse=True)

    top = engram.recall("mobile app release", top_k=3)
    assert [r.memory.id for r in top] == [r.memory.id for r in everything[:3]]

    threshold = (scores[4] + scores[5]) / 2 if scores[4] > scores[5] else scores[4]
    above = engram.recall("mobile app release", top_k=50, min_score=threshold)
    assert [r.memory.id for r in above] == [r.memory.id for r in everything if r.score >= threshold]
    assert all(r.score >= threshold for r in above) and 0 < len(above) < 12

    assert engram.recall("mobile app release", min_score=max(scores) + 1) == []


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"query": "deploys", "user_id": "alice", "top_k": 0}, "body.top_k"),
        ({"query": "deploys", "user_id": "alice", "top_k": 101}, "body.top_k"),
        ({"query": "", "user_id": "alice"}, "body.query"),
        ({"user_id": "alice"}, "body.query"),
        ({"query": "deploys"}, "body.user_id"),
        ({"query": "deploys", "user_id": "alice", "filters": {"colour": "red"}}, "body.filters.colour"),
        (
            {"query": "deploys", "user_id": "alice", "filters": {"memory_types": ["gossip"]}},
            "body.filters.memory_types.0",
        ),
        (
            {"query": "deploys", "user_id": "alice", "filters": {"min_importance": 6}},
            "body.filters.min_importance",
        ),
        ({"query": "deploys", "user_id": "alice", "min_score": -1}, "body.min_score"),
        ({"query": "deploys", "user_id": "alice", "weights": {"speed": 1}}, "body.weights.speed"),
        ({"query": "deploys", "user_id": "alice", "namespaces": ["bad space"]}, "body.namespaces.0"),
    ],
)
def test_bad_search_input_is_a_422_with_the_field_path(call, body: dict[str, Any], path: str) -> None:
    status, answer = call("POST", "/v1/memories/search", body)
    assert status == 422 and answer["error"] == "validation_error"
    assert path in [d["path"] for d in answer["details"]]


def test_explain_over_http_on_the_default_deployment(call) -> None:
    for content in (
        "The billing service deploys on Tuesdays",
        "Billing deploys were moved to Thursdays",
        "The search service deploys whenever tests pass",
    ):
        status, _ = call("POST", "/v1/memories", {"content": content, "user_id": USER})
        assert status == 201

    status, body = call(
        "POST", "/v1/memories/search", {"query": "billing deploys", "user_id": USER, "explain": True}
    )

    assert status == 200 and len(body["results"]) >= 2
    for result in body["results"]:
        c = result["components"]
        total = (c["fused"] + c["graph"]) * c["importance"] * c["recency"] * c["provenance"] * c["expiry"]
        total *= c["hits"] * c["superseded"] * c["hop"] * c["specificity"] * c["overlap"]
        total = max(total, c["lifted"])  # a newer change lifted above what it precedes scores the lift
        assert math.isclose(total, result["score"], rel_tol=0, abs_tol=1e-9)
