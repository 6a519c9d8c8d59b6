"""`Idempotency-Key` on the API in-process, on both backends: powertools' idempotency utility over the
SQLite layer (embedded default) and over its DynamoDB layer (moto), as `runtime.container` wires them.

A request is held in progress deterministically: its `wait: "enriched"` pauses through a pause the
test owns, which tells the test it is waiting and returns only when the test lets it.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import boto3
import pytest

from engram.api.app import EngramApi
from engram.ports import EnrichJob
from engram.runtime.container import Container, dynamo_idempotency, local
from engram.settings import Settings
from engram.usecases.enrichment_wait import AwaitEnrichment
from tests.conftest import FakeClock, api_event
from tests.integration.aws_fixtures import REGION, atomic_requests
from tests.integration.builders import moto_aws

IDEMPOTENCY_TABLE = "engram-idempotency"
BATCH = {
    "items": [
        {"content": "Maya's team ships the billing service on Thursdays", "user_id": "maya"},
        {"content": "Maya prefers green tea to coffee in the morning", "user_id": "maya"},
    ]
}


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: Any


@pytest.fixture(params=["local", "aws"])
def deployment(request: pytest.FixtureRequest, tmp_path) -> Iterator[Container]:
    settings = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"})
    if request.param == "local":
        yield local(settings, clock=FakeClock())
        return
    with moto_aws(serverless=True) as aws, atomic_requests():
        boto3.client("dynamodb", region_name=REGION).create_table(
            TableName=IDEMPOTENCY_TABLE,
            KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
            AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
            BillingMode="PAY_PER_REQUEST",
        )
        deployed = aws.settings(settings).model_copy(update={"idempotency_table": IDEMPOTENCY_TABLE})
        container = aws.container(deployed, clock=FakeClock())
        from engram.providers.aws import botocore_session

        container.idempotency_factory = dynamo_idempotency(deployed, botocore_session(("dynamodb", "sqs")))
        yield container


def caller(c: Container) -> Callable[..., Answer]:
    """One EngramApi (it answers one request at a time): (method, path, body, key=, tenant=) → Answer."""
    api = EngramApi(c)

    def call(
        method: str, path: str, body: Any = None, *, key: str | None = None, tenant: str = "acme", query=None
    ) -> Answer:
        event = api_event(method, path, body, tenant=tenant, query=query)
        if key is not None:
            event["headers"]["Idempotency-Key"] = key
            event["multiValueHeaders"]["Idempotency-Key"] = [key]
        response = api.handle(event, None)
        headers = {k.lower(): str(v) for k, v in (response.get("headers") or {}).items()}
        for name, values in (response.get("multiValueHeaders") or {}).items():
            headers[name.lower()] = ", ".join(values)
        return Answer(response["statusCode"], headers, json.loads(response["body"]))

    return call


def memories(c: Container, user_id: str = "maya", tenant: str = "acme") -> list[dict[str, Any]]:
    listed = caller(c)("GET", "/v1/memories", tenant=tenant, query={"user_id": user_id})
    assert listed.status == 200, listed
    items: list[dict[str, Any]] = listed.body["items"]
    return items


def test_the_same_batch_twice_with_one_key_stores_once_and_answers_the_same(deployment: Container) -> None:
    call = caller(deployment)

    first = call("POST", "/v1/memories/batch", BATCH, key="batch-1")
    again = call("POST", "/v1/memories/batch", BATCH, key="batch-1")

    assert first.status == again.status == 200
    assert again.body == first.body and [r["status"] for r in first.body["results"]] == ["stored", "stored"]
    assert again.headers.get("idempotent-replayed") == "true"
    assert "idempotent-replayed" not in first.headers
    stored = memories(deployment)
    assert len(stored) == 2 and all(m["hits"] == 1 for m in stored)  # not even deduplicated a second time


def test_the_same_key_with_another_body_is_refused(deployment: Container) -> None:
    call = caller(deployment)
    assert call("POST", "/v1/memories/batch", BATCH, key="batch-2").status == 200

    other = {"items": [{"content": "Maya moved to the Lisbon office in March", "user_id": "maya"}]}
    refused = call("POST", "/v1/memories/batch", other, key="batch-2")
    on_another_route = call("POST", "/v1/memories", BATCH["items"][0], key="batch-2")

    assert refused.status == on_another_route.status == 422
    assert refused.body["error"] == "idempotency_key_reused"
    assert refused.body["details"][0]["path"] == "header.Idempotency-Key"
    assert len(memories(deployment)) == 2  # nothing of the refused body was stored


def test_keys_are_per_tenant(deployment: Container) -> None:
    call = caller(deployment)
    mine = call("POST", "/v1/memories/batch", BATCH, key="shared-key", tenant="acme")
    theirs = call("POST", "/v1/memories/batch", BATCH, key="shared-key", tenant="globex")

    assert "idempotent-replayed" not in theirs.headers
    assert {r["id"] for r in theirs.body["results"]}.isdisjoint(r["id"] for r in mine.body["results"])
    assert len(memories(deployment, tenant="globex")) == 2


def test_an_error_is_not_kept_so_the_key_serves_the_corrected_request(deployment: Container) -> None:
    call = caller(deployment)
    invalid = call("POST", "/v1/memories", {"content": "x" * 9000, "user_id": "maya"}, key="fix-me")
    corrected = call(
        "POST", "/v1/memories", {"content": "Maya's badge number is on file", "user_id": "maya"}, key="fix-me"
    )

    assert invalid.status == 422 and invalid.body["error"] == "validation_error"
    assert corrected.status == 201 and "idempotent-replayed" not in corrected.headers


def test_a_patch_with_a_key_applies_once(deployment: Container) -> None:
    call = caller(deployment)
    stored = call("POST", "/v1/memories", {"content": "Maya's desk is on floor three", "user_id": "maya"})
    path = f"/v1/memories/{stored.body['id']}"

    first = call("PATCH", path, {"importance": 5}, key="patch-1")
    call("PATCH", path, {"importance": 2})  # a later change, without a key
    replayed = call("PATCH", path, {"importance": 5}, key="patch-1")

    assert replayed.body == first.body and replayed.headers.get("idempotent-replayed") == "true"
    assert call("GET", path).body["importance"] == 2  # the retry did not undo the later change


def test_a_search_ignores_the_key(deployment: Container) -> None:
    call = caller(deployment)
    call("POST", "/v1/memories/batch", BATCH)
    query = {"query": "tea", "user_id": "maya"}
    first = call("POST", "/v1/memories/search", query, key="search-1")
    other = call("POST", "/v1/memories/search", {"query": "billing", "user_id": "maya"}, key="search-1")

    assert first.status == other.status == 200  # not idempotency_key_reused: a search changes nothing
    assert "idempotent-replayed" not in other.headers


@pytest.mark.parametrize(
    ("key", "why"),
    [("", "is empty"), ('""', "is empty"), ("k" * 256, "longer than 255"), ("café-1", "visible ASCII")],
)
def test_a_bad_key_is_a_422_naming_the_header(deployment: Container, key: str, why: str) -> None:
    answer = caller(deployment)("POST", "/v1/memories/batch", BATCH, key=key)

    assert answer.status == 422 and answer.body["error"] == "invalid_idempotency_key"
    assert why in answer.body["message"] and answer.body["details"][0]["path"] == "header.Idempotency-Key"
    assert memories(deployment) == []


def test_a_key_in_rfc_8941_quotes_is_the_same_key(deployment: Container) -> None:
    call = caller(deployment)
    call("POST", "/v1/memories/batch", BATCH, key="quoted-1")
    assert (
        call("POST", "/v1/memories/batch", BATCH, key='"quoted-1"').headers.get("idempotent-replayed")
        == "true"
    )


def test_a_request_in_progress_under_the_key_is_a_409_until_it_ends(deployment: Container) -> None:
    """The first request waits for its memory's enrichment, held by the test; meanwhile the same key
    is a 409 (and with another body a 422); once it ends, its answer is the key's."""
    held, release = threading.Event(), threading.Event()

    def hold(seconds: float) -> None:
        held.set()
        assert release.wait(30)

    deployment.await_enrichment = AwaitEnrichment(  # type: ignore[misc]
        deployment.store, deployment.vector_index, pause=hold, monotonic=lambda: 0.0
    )
    request = {"content": "The billing service runs on PostgreSQL 16", "user_id": "maya", "wait": "enriched"}
    answers: list[Answer] = []
    first = threading.Thread(
        target=lambda: answers.append(caller(deployment)("POST", "/v1/memories", request, key="slow-1"))
    )
    first.start()
    try:
        assert held.wait(30), "the first request never waited"
        call = caller(deployment)

        busy = call("POST", "/v1/memories", request, key="slow-1")
        other = call("POST", "/v1/memories", {**request, "content": "Billing runs on MySQL"}, key="slow-1")

        assert busy.status == 409 and busy.body["error"] == "idempotency_in_progress"
        assert busy.headers["retry-after"] == "1"
        assert other.status == 422 and other.body["error"] == "idempotency_key_reused"
        (memory,) = memories(deployment)
        deployment.enrich.many(
            [EnrichJob(tenant="acme", memory_id=memory["id"], content_hash=memory["content_hash"])]
        )
    finally:
        release.set()
        first.join(30)

    (done,) = answers
    assert done.status == 201 and done.body["enrichment"] == "done"
    replayed = call("POST", "/v1/memories", request, key="slow-1")
    assert replayed.status == 201 and replayed.body == done.body
    assert replayed.headers.get("idempotent-replayed") == "true"


def test_a_key_whose_request_died_in_progress_is_free_once_its_lease_ends(deployment: Container) -> None:
    """A process killed mid-request leaves its record in progress; past the record's lease (the Lambda's
    remaining time, or IN_PROGRESS_S on engram serve) the key runs the request again."""
    from aws_lambda_powertools.utilities.idempotency.persistence.datarecord import DataRecord

    call = caller(deployment)
    call("POST", "/v1/memories/batch", BATCH, key="warm-up")  # configures the store's utility
    store = deployment.idempotency_store
    assert store is not None
    data = {"tenant": "acme", "key": "died-1"}
    key = store._get_hashed_idempotency_key(data)
    now = int(time.time())
    store._put_record(
        DataRecord(key, "INPROGRESS", now + 3600, in_progress_expiry_timestamp=(now - 5) * 1000)
    )

    answer = call(
        "POST",
        "/v1/memories/batch",
        {"items": [{"content": "Maya's locker is 42", "user_id": "maya"}]},
        key="died-1",
    )

    assert answer.status == 200 and "idempotent-replayed" not in answer.headers


def test_an_expired_key_is_free_again(deployment: Container) -> None:
    from aws_lambda_powertools.utilities.idempotency.persistence.datarecord import DataRecord

    call = caller(deployment)
    call("POST", "/v1/memories/batch", BATCH, key="warm-up")
    store = deployment.idempotency_store
    assert store is not None
    key = store._get_hashed_idempotency_key({"tenant": "acme", "key": "old-1"})
    store._put_record(DataRecord(key, "COMPLETED", int(time.time()) - 1, response_data='{"statusCode": 200}'))

    answer = call(
        "POST", "/v1/memories", {"content": "Maya's parking spot is B7", "user_id": "maya"}, key="old-1"
    )

    assert answer.status == 201 and "idempotent-replayed" not in answer.headers


def test_aws_without_the_idempotency_table_says_so(tmp_path) -> None:
    settings = Settings(data_dir=tmp_path, embedder={"provider": "hashing"})
    with moto_aws() as aws:
        container = aws.container(aws.settings(settings))
        answer = caller(container)("POST", "/v1/memories/batch", BATCH, key="k-1")
        plain = caller(container)("POST", "/v1/memories/batch", BATCH)

    assert answer.status == 501 and answer.body["error"] == "not_offered"
    assert "ENGRAM_IDEMPOTENCY_TABLE" in answer.body["message"]
    assert plain.status == 200
