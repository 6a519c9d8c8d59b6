"""The enrichment pipeline, fed SQS batches shaped like events/enrich/sqs.json.

Every behaviour runs against both deployments: the embedded default (SQLite store, local vector index)
and AWS (DynamoDB under moto, the OpenSearch index over the loopback fake), each wired by hand as
`runtime.container.local()` / `runtime.container.aws()` wire them, then handed to the enrich Lambda's
batch handling (`engram.runtime.sqs_batch.handle_sqs`).
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import itertools
import json
import re
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from aws_lambda_powertools.utilities.batch.exceptions import BatchProcessingError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engram.api.app import EngramApi
from engram.cli.invoke import LocalContext, load_handler
from engram.domain.models import EnrichmentState, HistoryEvent, Memory, Provenance, Status, TemporalKind
from engram.ports import Embedder, Enricher, EnrichJob, SearchScope
from engram.providers.embedders import EmbeddingError, HashingEmbedder
from engram.providers.enrichers import RulesEnricher, build_enricher
from engram.runtime.container import Container, local
from engram.runtime.sqs_batch import handle_sqs
from engram.settings import EnricherSettings, Settings
from tests.conftest import api_event, load_event
from tests.fakes.openai_server import FakeOpenAIServer
from tests.integration.builders import moto_aws

TENANT = "acme"
# Cosine 0.987 with the hashing embedder, different content hashes: the same fact, reworded.
DUPLICATE = (
    "The deploy pipeline for the billing service runs integration tests against a staging database"
    " before every production release",
    "The deploy pipeline for the billing service runs the integration tests against a staging database"
    " before every production release",
)
# Cosine 0.90: in the grey band, where the enricher decides. The second corrects the first.
CORRECTION = (
    "Our team uses Postgres for the billing service",
    "Our team no longer uses Postgres for the billing service",
)


# --------------------------------------------------------------------------- the two deployments

Build = Callable[..., Container]


def _variant(base: Container) -> Build:
    """build(pipeline_mode=..., embedder=..., enricher=...) → a Container over `base`'s one store,
    queue and index, with other models or another pipeline mode."""

    def build(
        *,
        pipeline_mode: str = "controlled",
        embedder: Embedder | None = None,
        enricher: Enricher | None = None,
    ) -> Container:
        return dataclasses.replace(
            base,
            settings=base.settings.model_copy(update={"pipeline_mode": pipeline_mode}),
            embedder_factory=(lambda: embedder) if embedder else base.embedder_factory,
            enricher_factory=(lambda: enricher) if enricher else base.enricher_factory,
        )

    return build


@pytest.fixture(params=["local", "aws"])
def build(request: pytest.FixtureRequest, tmp_path) -> Iterator[Build]:
    settings = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"})
    if request.param == "local":
        yield _variant(local(settings))
        return

    with moto_aws(serverless=True) as aws:
        yield _variant(aws.container(aws.settings(settings)))


@pytest.fixture
def engram(build: Build) -> Container:
    return build()


# --------------------------------------------------------------------------- helpers


class PoisonedEmbedder:
    """The hashing embedder, except that it rejects any text containing `poison` (as a provider
    rejects a whole request over one input it cannot take)."""

    name = "poisoned-hashing"
    dimensions = 384

    def __init__(self, poison: str) -> None:
        self.poison = poison
        self.inner = HashingEmbedder(self.dimensions)

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if any(self.poison in text for text in texts):
            raise EmbeddingError(f"the model cannot embed text containing {self.poison!r}")
        return self.inner.embed(texts)


def call(engram: Container, method: str, path: str, body: Any = None, **query: str) -> tuple[int, Any]:
    """The HTTP API in-process, as the api Lambda runs it."""
    event = api_event(method, path, body, tenant=TENANT, query=query or None)
    response = EngramApi(engram).handle(event, None)
    return response["statusCode"], json.loads(response["body"]) if response["body"] else None


def remember(engram: Container, content: str, **fields: Any) -> Memory:
    status, body = call(engram, "POST", "/v1/memories", {"content": content, "user_id": "alice", **fields})
    assert status == 201, body
    return memory(engram, body["id"])


def memory(engram: Container, memory_id: str) -> Memory:
    found = engram.store.get(TENANT, memory_id)
    assert found is not None
    return found


def job(stored: Memory) -> str:
    return EnrichJob(
        tenant=stored.tenant, memory_id=stored.id, content_hash=stored.content_hash
    ).model_dump_json()


def sqs_event(*bodies: str) -> dict:
    """The committed sample SQS event, its records carrying `bodies`."""
    template = load_event("enrich/sqs.json")["Records"][0]
    records = []
    for n, body in enumerate(bodies, start=1):
        record = copy.deepcopy(template)
        record["messageId"] = f"{template['messageId'][:-2]}{n:02d}"
        record["receiptHandle"] = f"{template['receiptHandle']}-{n}"
        record["body"] = body
        record["md5OfBody"] = hashlib.md5(body.encode()).hexdigest()
        records.append(record)
    return {"Records": records}


def failed_ids(response: dict) -> list[str]:
    return [item["itemIdentifier"] for item in response["batchItemFailures"]]


def deliver(engram: Container, *bodies: str) -> list[str]:
    """Hand one SQS batch to the enrich Lambda's batch handling; the message ids it reports failed."""
    return failed_ids(handle_sqs(engram, sqs_event(*bodies), LocalContext("enrich")))


def events(engram: Container, memory_id: str) -> list[HistoryEvent]:
    return [record.event for record in engram.store.history(TENANT, memory_id)]


def recall(engram: Container, query: str) -> list[str]:
    status, body = call(engram, "POST", "/v1/memories/search", {"query": query, "user_id": "alice"})
    assert status == 200, body
    return [result["memory"]["id"] for result in body["results"]]


# --------------------------------------------------------------------------- poisoned records


def test_a_poisoned_record_fails_alone_and_the_rest_of_the_batch_is_enriched(build: Build) -> None:
    # Given three stored memories, one of which the embedding model rejects
    engram = build(embedder=PoisonedEmbedder(poison="\u2620"))
    good = remember(engram, "Bob is allergic to peanuts")
    poisoned = remember(engram, "The release banner shows a \u2620 emoji")
    other = remember(engram, "Our team decided to use PostgreSQL 16 for the billing service")

    # When they arrive in one batch with a malformed record and a job of no known shape
    event = sqs_event("{not json", job(good), job(poisoned), '{"kind": "enrich"}', job(other))
    response = handle_sqs(engram, event, LocalContext("enrich"))

    # Then exactly the three bad records are reported, so SQS redelivers only them
    ids = [record["messageId"] for record in event["Records"]]
    assert failed_ids(response) == [ids[0], ids[2], ids[3]]
    # and the good memories are enriched
    assert memory(engram, good.id).enrichment.state == EnrichmentState.done
    assert memory(engram, good.id).importance == 5
    assert memory(engram, other.id).enrichment.state == EnrichmentState.done
    # while the poisoned one is still stored, marked failed with the reason
    kept = memory(engram, poisoned.id)
    assert kept.content == poisoned.content and kept.status == Status.active
    assert kept.enrichment.state == EnrichmentState.failed
    assert kept.enrichment.attempts == 1
    assert "EmbeddingError" in kept.enrichment.error and "cannot embed" in kept.enrichment.error
    assert events(engram, poisoned.id) == [HistoryEvent.failed]


def test_a_failed_record_succeeds_when_redelivered_after_the_cause_is_gone(build: Build) -> None:
    engram = build()
    poisoned = remember(engram, "Deployments freeze every December \u2620")
    # a batch whose every record failed fails the invocation: SQS redelivers all of it
    with pytest.raises(BatchProcessingError):
        deliver(build(embedder=PoisonedEmbedder(poison="\u2620")), job(poisoned))

    assert deliver(engram, job(poisoned)) == []

    recovered = memory(engram, poisoned.id)
    assert recovered.enrichment.state == EnrichmentState.done and recovered.enrichment.error is None
    assert events(engram, poisoned.id) == [HistoryEvent.failed, HistoryEvent.enriched]


def test_a_redelivered_batch_changes_nothing_twice(engram: Container) -> None:
    # Given a memory and a reworded duplicate of it, delivered in one batch and enriched
    first = remember(engram, DUPLICATE[0])
    second = remember(engram, DUPLICATE[1])
    event = sqs_event(job(first), job(second))
    assert failed_ids(handle_sqs(engram, event, LocalContext("enrich"))) == []
    after_first = (memory(engram, first.id), memory(engram, second.id))
    assert after_first[1].status == Status.merged and after_first[0].hits == 2

    # When SQS delivers the very same batch again
    response = handle_sqs(engram, copy.deepcopy(event), LocalContext("enrich"))

    # Then it succeeds without a second effect: no second enrichment, merge or hit
    assert failed_ids(response) == []
    assert (memory(engram, first.id), memory(engram, second.id)) == after_first
    assert events(engram, first.id) == [HistoryEvent.enriched, HistoryEvent.absorbed]
    assert events(engram, second.id) == [HistoryEvent.merged]
    assert recall(engram, "deploy pipeline integration tests") == [first.id]


def test_the_same_job_twice_in_one_batch_enriches_once(engram: Container) -> None:
    # e.g. the janitor re-queued a memory whose first job was still waiting in the queue
    stored = remember(engram, "Alice is on call through Friday")

    assert deliver(engram, job(stored), job(stored)) == []

    enriched = memory(engram, stored.id)
    assert enriched.enrichment.state == EnrichmentState.done and enriched.enrichment.error is None
    assert events(engram, stored.id) == [HistoryEvent.enriched]


def test_the_enrich_lambda_handler_module_runs_the_sample_event(tmp_path, monkeypatch) -> None:
    # Given the enrich function as deployed: its handler builds its container at import from ENGRAM_*
    monkeypatch.setenv("ENGRAM_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("ENGRAM_EMBEDDER__PROVIDER", "hashing")
    handler = load_handler("enrich")
    engram = local(Settings(data_dir=tmp_path, embedder={"provider": "hashing"}))
    stored = remember(engram, "Alice is on call through Friday")
    # and the committed sample event (a retrieval job among them), its enrichment job aimed at it
    event = load_event("enrich/sqs.json")
    event["Records"][0]["body"] = job(stored)
    event["Records"].append(copy.deepcopy(event["Records"][0]) | {"messageId": "malformed", "body": "{"})

    response = handler(event, LocalContext("enrich"))

    assert response == {"batchItemFailures": [{"itemIdentifier": "malformed"}]}
    enriched = memory(engram, stored.id)
    assert enriched.enrichment.state == EnrichmentState.done
    assert enriched.temporal.kind == TemporalKind.temporal and enriched.temporal.valid_until is not None
    assert events(engram, stored.id) == [HistoryEvent.enriched]


# --------------------------------------------------------------------------- a model answering garbage


def test_a_model_answering_garbage_falls_back_to_the_rules(build: Build) -> None:
    with FakeOpenAIServer(model="qwen3:8b") as model:
        model.replies.extend(["Sure! Here is a haiku about on-call.", '{"importance": "very"}'])
        settings = EnricherSettings(provider="openai", model="qwen3:8b", base_url=model.base_url, timeout_s=5)
        engram = build(enricher=build_enricher(settings))
        stored = remember(engram, "Alice is on call through Friday")

        assert deliver(engram, job(stored)) == []

    assert len(model.requests) == 2  # the model got one retry, no more
    status, got = call(engram, "GET", f"/v1/memories/{stored.id}")
    assert status == 200 and got["status"] == "active"
    assert got["enrichment"]["state"] == "done" and got["enrichment"]["model"] == "rules"
    rules = RulesEnricher().enrich(stored)
    assert got["temporal"]["kind"] == "temporal"
    assert datetime.fromisoformat(got["temporal"]["valid_until"]) == rules.valid_until
    assert got["memory_type"] == rules.memory_type and got["categories"] == rules.categories
    status, history = call(engram, "GET", f"/v1/memories/{stored.id}/history")
    assert status == 200
    assert [e["event"] for e in history["events"]] == ["fell_back", "enriched"]
    fell_back = history["events"][0]["detail"]
    assert fell_back["to"] == "rules"
    assert "openai:qwen3:8b failed 2 attempt(s)" in fell_back["reason"]
    assert "InvalidModelOutput" in fell_back["reason"]


# --------------------------------------------------------------------------- semantic dedup


def test_a_reworded_duplicate_is_merged_into_the_first(engram: Container) -> None:
    # Given an assistant-derived memory, enriched
    first = remember(engram, DUPLICATE[0], provenance="assistant_derived")
    assert deliver(engram, job(first)) == []
    before = memory(engram, first.id)
    assert before.confidence < 0.9

    # When the user states the same thing in other words
    second = remember(engram, DUPLICATE[1])
    assert second.content_hash != first.content_hash  # not an exact duplicate: a new memory
    assert deliver(engram, job(second)) == []

    # Then it is merged into the first, which counts it and keeps the better provenance and confidence
    merged = memory(engram, second.id)
    assert merged.status == Status.merged and merged.merged_into == first.id
    survivor = memory(engram, first.id)
    assert survivor.status == Status.active
    assert survivor.hits == 2
    assert survivor.provenance == Provenance.user_stated
    assert survivor.confidence == merged.confidence > before.confidence
    status, history = call(engram, "GET", f"/v1/memories/{second.id}/history")
    assert status == 200
    [record] = history["events"]
    assert record["event"] == "merged" and record["detail"]["into"] == first.id
    assert record["detail"]["similarity"] >= 0.98
    assert events(engram, first.id) == [HistoryEvent.enriched, HistoryEvent.absorbed]
    # and recall answers with the one surviving memory
    assert recall(engram, "billing deploy pipeline") == [first.id]


def test_a_correction_supersedes_what_it_corrects_and_is_never_folded_away(engram: Container) -> None:
    old = remember(engram, CORRECTION[0])
    assert deliver(engram, job(old)) == []

    new = remember(engram, CORRECTION[1])
    assert deliver(engram, job(new)) == []

    correction = memory(engram, new.id)
    assert correction.status == Status.active and correction.merged_into is None
    assert correction.enrichment.state == EnrichmentState.done
    superseded = memory(engram, old.id)
    assert superseded.status == Status.superseded and superseded.superseded_by == new.id
    assert superseded.merged_into is None
    assert (superseded.valid_from, superseded.valid_to) == (old.observed_at, new.observed_at)
    assert events(engram, old.id) == [HistoryEvent.enriched, HistoryEvent.superseded]
    assert set(events(engram, new.id)) == {HistoryEvent.supersedes, HistoryEvent.enriched}
    assert recall(engram, "Postgres billing service") == [new.id]


def test_unrelated_memories_are_both_kept(engram: Container) -> None:
    coffee = remember(engram, "I prefer dark roast coffee")
    on_call = remember(engram, "Alice is on call through Friday")

    assert deliver(engram, job(coffee), job(on_call)) == []

    assert {memory(engram, m.id).status for m in (coffee, on_call)} == {Status.active}
    assert memory(engram, coffee.id).hits == memory(engram, on_call.id).hits == 1


# --------------------------------------------------------------------------- pipeline modes


def test_shadow_mode_records_what_it_would_do_and_changes_nothing(build: Build) -> None:
    # Given an enriched memory, and the pipeline then switched to shadow
    first = remember(build(), DUPLICATE[0])
    assert deliver(build(), job(first)) == []
    survivor_before = memory(build(), first.id)
    shadow = build(pipeline_mode="shadow")
    second = remember(shadow, DUPLICATE[1])

    # When a reworded duplicate is enriched in shadow mode
    assert deliver(shadow, job(second)) == []

    # Then the proposal is in its history
    [proposal] = shadow.store.history(TENANT, second.id)
    assert proposal.event == HistoryEvent.shadow
    decision = proposal.detail["decision"]
    assert decision["action"] == "none" and decision["targets"] == [first.id]
    assert decision["reason"] and decision["source"] == "dedup"
    assert proposal.detail["enrichment"]["memory_type"] == "fact"
    assert proposal.detail["enrichment"]["importance"] == 4
    # and neither memory changed: no merge, no hits, no enriched fields
    after = memory(shadow, second.id)
    assert after.enrichment.state == EnrichmentState.shadow
    assert after.model_dump(exclude={"enrichment", "updated_at"}) == second.model_dump(
        exclude={"enrichment", "updated_at"}
    )
    assert after.status == Status.active and after.importance == 3 and after.categories == []
    assert memory(shadow, first.id) == survivor_before


def test_frozen_mode_writes_nothing_at_all(build: Build) -> None:
    frozen = build(pipeline_mode="frozen")
    stored = remember(frozen, "Alice is on call through Friday")

    assert deliver(frozen, job(stored)) == []

    assert memory(frozen, stored.id) == stored
    assert memory(frozen, stored.id).enrichment.state == EnrichmentState.pending
    assert frozen.store.history(TENANT, stored.id) == []


# --------------------------------------------------------------------------- stale jobs


def test_a_job_for_content_changed_since_is_skipped(engram: Container) -> None:
    # Given a memory whose content was changed (PATCH) before its first job ran
    stored = remember(engram, "Alice is on call through Friday")
    status, _ = call(engram, "PATCH", f"/v1/memories/{stored.id}", {"content": "Alice prefers green tea"})
    assert status == 200
    patched = memory(engram, stored.id)

    # When the stale job arrives, Then it is done with and does not enrich the new content
    assert deliver(engram, job(stored)) == []
    assert memory(engram, stored.id) == patched
    assert HistoryEvent.enriched not in events(engram, stored.id)

    # and the new content's own job enriches it as what it now says
    assert deliver(engram, job(patched)) == []
    enriched = memory(engram, stored.id)
    assert enriched.enrichment.state == EnrichmentState.done
    assert enriched.memory_type == "preference" and enriched.temporal.kind == TemporalKind.persistent


def test_a_deleted_memorys_job_is_skipped(engram: Container) -> None:
    stored = remember(engram, "Alice is on call through Friday")
    assert call(engram, "DELETE", f"/v1/memories/{stored.id}")[0] == 200

    assert deliver(engram, job(stored)) == []

    assert memory(engram, stored.id).status == Status.deleted
    assert memory(engram, stored.id).enrichment.state == EnrichmentState.pending
    assert events(engram, stored.id) == [HistoryEvent.deleted]
    assert call(engram, "GET", f"/v1/memories/{stored.id}")[0] == 404
    assert recall(engram, "Alice on call") == []


# --------------------------------------------------------------------------- supersession

# (a value, its correction): the same scope and an embedding model that cannot tell them apart
STANDUP = ("The team standup is at 9:30 every weekday", "The team standup is at 10:00 every weekday")
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


class ValueBlindEmbedder:
    """The hashing embedder over the text without its digits and capitalised words: texts that differ
    only in a number, a time or a name get cosine 1.0, as near-identical sentences get ≥ 0.98 from
    real models (MiniLM: 0.979 for STANDUP)."""

    name = "value-blind-hashing"
    dimensions = 384

    def __init__(self) -> None:
        self.inner = HashingEmbedder(self.dimensions)

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return self.inner.embed([re.sub(r"\d+|\b[A-Z]\w*", " ", text) for text in texts])


_users = itertools.count()


def said(engram: Container, content: str, user: str = "alice", at: datetime | None = None) -> Memory:
    """Remember `content` (observed at `at`) and enrich it."""
    body: dict[str, Any] = {"content": content, "user_id": user}
    if at is not None:
        body["observed_at"] = at.isoformat()
    status, answer = call(engram, "POST", "/v1/memories", body)
    assert status == 201, answer
    stored = memory(engram, answer["id"])
    assert deliver(engram, job(stored)) == []
    return memory(engram, stored.id)


def search(engram: Container, query: str, user: str = "alice", **options: Any) -> list[dict[str, Any]]:
    status, body = call(engram, "POST", "/v1/memories/search", {"query": query, "user_id": user, **options})
    assert status == 200, body
    return body["results"]


def test_a_correction_is_never_lost_even_at_cosine_above_the_duplicate_threshold(build: Build) -> None:
    # Given a value, and its correction in the same scope, which the embedding model finds identical
    engram = build(embedder=ValueBlindEmbedder())
    vectors = engram.embedder.embed(list(STANDUP))
    assert sum(a * b for a, b in zip(*vectors, strict=True)) >= engram.settings.dedup.duplicate_threshold
    old = said(engram, STANDUP[0], at=T0)

    # When the correction is remembered and enriched
    new = said(engram, STANDUP[1], at=T0 + timedelta(days=30))

    # Then the correction is active and the old value superseded by it, with its validity interval
    assert new.status == Status.active and new.merged_into is None
    gone = memory(engram, old.id)
    assert gone.status == Status.superseded and gone.merged_into is None
    assert (gone.superseded_by, gone.valid_from, gone.valid_to) == (new.id, T0, T0 + timedelta(days=30))
    # both stay readable, and both histories say what happened, why, and who decided
    status, got = call(engram, "GET", f"/v1/memories/{old.id}")
    assert status == 200 and got["status"] == "superseded" and got["superseded_by"] == new.id
    assert datetime.fromisoformat(got["valid_to"]) == T0 + timedelta(days=30)
    status, history = call(engram, "GET", f"/v1/memories/{old.id}/history")
    superseded = history["events"][-1]
    assert superseded["event"] == "superseded" and superseded["detail"]["by"] == new.id
    assert superseded["detail"]["action"] == "update" and superseded["detail"]["source"] == "rules"
    assert "10:00" in superseded["detail"]["reason"]
    status, history = call(engram, "GET", f"/v1/memories/{new.id}/history")
    by_event = {e["event"]: e["detail"] for e in history["events"]}
    assert by_event["supersedes"]["target"] == old.id
    assert by_event["enriched"]["decision"]["targets"] == [old.id]
    # and recall answers with the correction, the old value only when asked for
    assert [r["memory"]["id"] for r in search(engram, "team standup weekday")] == [new.id]
    both = search(engram, "team standup weekday", include_superseded=True, explain=True)
    assert [r["memory"]["id"] for r in both] == [new.id, old.id]
    assert both[1]["components"]["superseded"] == engram.settings.ranking.superseded_multiplier
    assert both[0]["components"]["superseded"] == 1.0


def test_an_older_fact_imported_later_is_stored_already_superseded(build: Build) -> None:
    engram = build(embedder=ValueBlindEmbedder())
    current = said(engram, STANDUP[1], at=T0 + timedelta(days=30))

    # When the older value arrives afterwards (an import of last month's notes)
    older = said(engram, STANDUP[0], at=T0)

    # Then it does not supersede the newer one: it is stored superseded by it
    assert memory(engram, current.id).status == Status.active
    assert older.status == Status.superseded and older.superseded_by == current.id
    assert (older.valid_from, older.valid_to) == (T0, T0 + timedelta(days=30))
    assert older.enrichment.state == EnrichmentState.done
    assert events(engram, current.id)[-1] == HistoryEvent.supersedes
    [record] = [r for r in engram.store.history(TENANT, older.id) if r.event == HistoryEvent.superseded]
    assert record.detail["out_of_order"] is True and record.detail["by"] == current.id
    assert [r["memory"]["id"] for r in search(engram, "team standup weekday")] == [current.id]


def test_a_negation_supersedes_what_it_negates(engram: Container) -> None:
    old = said(engram, CORRECTION[0], at=T0)
    new = said(engram, CORRECTION[1], at=T0 + timedelta(days=1))

    gone = memory(engram, old.id)
    assert (gone.status, gone.superseded_by) == (Status.superseded, new.id)
    [record] = [r for r in engram.store.history(TENANT, old.id) if r.event == HistoryEvent.superseded]
    assert record.detail["action"] == "delete" and "negates" in record.detail["reason"]


def test_shadow_mode_proposes_a_supersession_and_changes_nothing(build: Build) -> None:
    engram = build(embedder=ValueBlindEmbedder())
    old = said(engram, STANDUP[0], at=T0)
    shadow = build(embedder=ValueBlindEmbedder(), pipeline_mode="shadow")

    new = said(shadow, STANDUP[1], at=T0 + timedelta(days=1))

    assert memory(engram, old.id).status == Status.active and new.status == Status.active
    [proposal] = shadow.store.history(TENANT, new.id)
    assert proposal.event == HistoryEvent.shadow
    assert proposal.detail["decision"]["action"] == "update"
    assert proposal.detail["decision"]["targets"] == [old.id]
    assert events(engram, old.id) == [HistoryEvent.enriched]


def test_a_model_calling_a_correction_a_duplicate_is_overruled(build: Build) -> None:
    enrichment = json.dumps(
        {
            "importance": 3,
            "memory_type": "fact",
            "temporal_kind": "persistent",
            "valid_until": None,
            "categories": ["work"],
            "entities": [],
            "confidence": 0.9,
        }
    )
    with FakeOpenAIServer(model="qwen3:8b") as model:
        settings = EnricherSettings(provider="openai", model="qwen3:8b", base_url=model.base_url, timeout_s=5)
        engram = build(embedder=ValueBlindEmbedder(), enricher=build_enricher(settings))
        dedup = engram.settings.dedup.model_copy(update={"duplicate_threshold": 1.01})  # always ask
        engram = dataclasses.replace(engram, settings=engram.settings.model_copy(update={"dedup": dedup}))
        model.replies.append(enrichment)
        old = said(engram, STANDUP[0], at=T0)
        decision = {"action": "none", "reason": "The same standup.", "confidence": 0.9, "targets": [old.id]}
        model.replies.extend([enrichment, json.dumps(decision)])

        new = said(engram, STANDUP[1], at=T0 + timedelta(days=1))

    assert new.status == Status.active
    gone = memory(engram, old.id)
    assert (gone.status, gone.superseded_by) == (Status.superseded, new.id)
    [record] = [r for r in engram.store.history(TENANT, old.id) if r.event == HistoryEvent.superseded]
    assert record.detail["source"] == "openai:qwen3:8b+guard" and "Not a duplicate" in record.detail["reason"]


# --------------------------------------------------------------------------- properties, both backends

TEMPLATES = [  # a statement with one slot
    "The team standup is at {time} every weekday",
    "The premium plan costs {number} dollars a month",
    "The payments team's manager is {name}",
    "Our staging database listens on port {number}",
    "The quarterly review with {name} is on Thursday at {time}",
]
NAMES = ["Alice", "Bruno", "Chen", "Dana", "Emeka", "Farah", "Goran", "Hiro"]
times = st.builds(lambda h, m: f"{h}:{m:02d}", st.integers(7, 18), st.sampled_from([0, 15, 30, 45]))
slots = st.fixed_dictionaries(
    {"time": times, "number": st.integers(2, 99_999).map(str), "name": st.sampled_from(NAMES)}
)
PROPERTY = settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))


@st.composite
def changed_values(draw: st.DrawFn) -> tuple[str, str]:
    template = draw(st.sampled_from(TEMPLATES))
    old = draw(slots)
    new = draw(slots.filter(lambda s: any(s[k] != old[k] and "{" + k + "}" in template for k in s)))
    return template.format(**old), template.format(**new)


@pytest.fixture
def blind(build: Build) -> Container:
    return build(embedder=ValueBlindEmbedder())


@PROPERTY
@given(pair=changed_values(), days=st.integers(1, 400))
def test_property_a_changed_value_never_merges_and_supersedes(blind: Container, pair, days: int) -> None:
    user = f"u{next(_users)}"
    old = said(blind, pair[0], user, T0)
    new = said(blind, pair[1], user, T0 + timedelta(days=days))

    assert new.status == Status.active
    gone = memory(blind, old.id)
    assert (gone.status, gone.superseded_by, gone.valid_to) == (Status.superseded, new.id, new.observed_at)
    ids = [r["memory"]["id"] for r in search(blind, pair[1], user)]
    assert new.id in ids and old.id not in ids
    ids = [r["memory"]["id"] for r in search(blind, pair[1], user, include_superseded=True)]
    assert ids.index(new.id) < ids.index(old.id)


@PROPERTY
@given(pair=changed_values(), days=st.integers(1, 400))
def test_property_an_older_value_imported_later_never_supersedes_the_newer(
    blind: Container, pair, days: int
) -> None:
    user = f"u{next(_users)}"
    newer = said(blind, pair[1], user, T0 + timedelta(days=days))
    older = said(blind, pair[0], user, T0)

    assert memory(blind, newer.id).status == Status.active
    assert (older.status, older.superseded_by, older.valid_to) == (
        Status.superseded,
        newer.id,
        newer.observed_at,
    )


NEGATIONS = [
    ("{name} eats meat every day", "{name} no longer eats meat every day"),
    ("{name} uses Postgres for the billing service", "{name} stopped using Postgres for the billing service"),
    ("{name} smokes after lunch on weekdays", "{name} quit smoking after lunch on weekdays"),
    ("{name} likes the open office plan", "{name} doesn't like the open office plan anymore"),
]


@PROPERTY
@given(pair=st.sampled_from(NEGATIONS), name=st.sampled_from(NAMES))
def test_property_a_negation_is_a_delete_that_supersedes(engram: Container, pair, name: str) -> None:
    user = f"u{next(_users)}"
    old = said(engram, pair[0].format(name=name), user, T0)
    new = said(engram, pair[1].format(name=name), user, T0 + timedelta(days=3))

    assert new.status == Status.active
    gone = memory(engram, old.id)
    assert (gone.status, gone.superseded_by) == (Status.superseded, new.id)
    [record] = [r for r in engram.store.history(TENANT, old.id) if r.event == HistoryEvent.superseded]
    assert record.detail["action"] == "delete"


PARAPHRASES = [
    ("The team standup is at {time} every weekday", "Every weekday, the team standup is at {time}"),
    ("Our staging database listens on port {number}", "The staging database listens on port {number}"),
    ("The payments team's manager is {name}", "{name} is the payments team's manager"),
]


@PROPERTY
@given(pair=st.sampled_from(PARAPHRASES), values=slots)
def test_property_a_true_paraphrase_still_merges(blind: Container, pair, values: dict[str, str]) -> None:
    user = f"u{next(_users)}"
    first = said(blind, pair[0].format(**values), user, T0)
    second = said(blind, pair[1].format(**values), user, T0 + timedelta(days=1))

    assert (second.status, second.merged_into) == (Status.merged, first.id)
    assert memory(blind, first.id).status == Status.active
    assert [r["memory"]["id"] for r in search(blind, pair[0].format(**values), user)] == [first.id]


# --------------------------------------------------------------------------- one transaction a job


def test_on_the_embedded_default_a_job_commits_its_memory_history_vector_and_links_together(
    tmp_path, monkeypatch
) -> None:
    engram = local(Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}))
    db = engram.store.db  # type: ignore[attr-defined]
    stored = remember(engram, "Priya moved the billing service to Postgres 16")
    before = db.write_stats()["transactions"]
    # When its job runs: one write transaction (the memory, its history, its vector and its links)
    assert deliver(engram, job(stored)) == []
    assert db.write_stats()["transactions"] - before == 1
    assert memory(engram, stored.id).enrichment.state == EnrichmentState.done
    assert recall(engram, "which database does billing run on?")[:1] == [stored.id]
    linked = db.connection().execute("SELECT count(*) FROM graph_mentions WHERE memory_id = ?", (stored.id,))
    assert linked.fetchone()[0] > 0

    # Given another memory whose vector cannot be written
    other = remember(engram, "Our deploy window is Friday afternoon")
    index = engram.vector_index
    upsert = index.upsert

    def failing(items):
        upsert(items)
        raise OSError("disk full")

    links = "SELECT entity_id FROM graph_mentions WHERE memory_id = ? ORDER BY entity_id"
    remembered = db.connection().execute(links, (other.id,)).fetchall()  # linked by its write already
    monkeypatch.setattr(index, "upsert", failing)
    assert deliver(engram, job(stored), job(other)) != []
    # Then nothing of its enrichment stands: no vector, no relinking, the memory still pending
    kept = memory(engram, other.id)
    assert kept.enrichment.state != EnrichmentState.done
    assert HistoryEvent.enriched not in events(engram, other.id)
    assert index.get_vectors(TENANT, [other.id]) == {}
    assert db.connection().execute(links, (other.id,)).fetchall() == remembered
    # nor in the matrix the index searches: the only vector found is the first memory's
    vector = HashingEmbedder(384).embed([other.content])[0]
    found = index.knn(SearchScope(tenant=TENANT, user_id="alice"), vector, 5)
    assert [h.memory_id for h in found] == [stored.id]
    # and once the cause is gone, its redelivery enriches it
    monkeypatch.setattr(index, "upsert", upsert)
    assert deliver(engram, job(other)) == []
    assert memory(engram, other.id).enrichment.state == EnrichmentState.done
    assert recall(engram, "when is the deploy window?")[:1] == [other.id]
