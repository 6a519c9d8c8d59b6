"""Idempotency-Key and `wait: "enriched"` over real HTTP against `engram serve`.

`held`: a server without its enrichment worker (one HTTP process), so a request waiting for enrichment
stays in progress until the test enriches the memory itself (engram.runtime.worker.drain over the same
database): the deterministic slow path behind the 409 and the test that a waiting request does not
hold the server. `minilm`: a server with its worker and the MiniLM model, for the paraphrase search.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from engram.client import Engram, RetryPolicy
from engram.runtime.container import local
from engram.runtime.worker import drain
from engram.settings import Settings
from tests.e2e.conftest import Client, Server, new_key, wait_for
from tests.fakes.throttling_proxy import ThrottlingProxy

pytestmark = pytest.mark.e2e

BATCH = {
    "items": [
        {"content": "The billing service is deployed from the main branch", "user_id": "ops"},
        {"content": "On-call handovers happen on Monday mornings", "user_id": "ops"},
    ]
}


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: Any


@dataclass
class Held:
    url: str
    key: str
    other_key: str
    data_dir: Path

    def send(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        key: str | None = None,
        tenant_key: str | None = None,
    ) -> Answer:
        request = urllib.request.Request(
            self.url + path, data=json.dumps(body).encode() if body is not None else None, method=method
        )
        request.add_header("Authorization", f"Bearer {tenant_key or self.key}")
        request.add_header("Content-Type", "application/json")
        if key is not None:
            request.add_header("Idempotency-Key", key)
        try:
            with urllib.request.urlopen(request, timeout=60) as resp:
                return Answer(
                    resp.status, {k.lower(): v for k, v in resp.headers.items()}, json.loads(resp.read())
                )
        except urllib.error.HTTPError as err:
            return Answer(err.code, {k.lower(): v for k, v in err.headers.items()}, json.loads(err.read()))

    def listed(self, user_id: str) -> list[dict[str, Any]]:
        answer = self.send("GET", f"/v1/memories?user_id={user_id}")
        assert answer.status == 200, answer
        items: list[dict[str, Any]] = answer.body["items"]
        return items

    def until_listed(self, user_id: str, count: int, timeout_s: float = 30) -> list[dict[str, Any]]:
        """The user's memories once there are `count` (each waiting request stored its memory first)."""
        deadline = time.monotonic() + timeout_s
        while len(items := self.listed(user_id)) < count:
            assert time.monotonic() < deadline, f"{user_id}: {items}"
            time.sleep(0.02)
        return items

    def enrich_now(self) -> int:
        """What the worker would do: every queued job, from this process, over the server's database."""
        return drain(local(Settings(data_dir=self.data_dir, embedder={"provider": "hashing"})))


@pytest.fixture(scope="module")
def held(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Held]:
    data_dir = tmp_path_factory.mktemp("engram-idempotency")
    key, other = new_key(data_dir, "acme"), new_key(data_dir, "globex")
    env = {
        "ENGRAM_EMBEDDER__PROVIDER": "hashing",
        "ENGRAM_WORKER_ENABLED": "false",
        "ENGRAM_HTTP_WORKERS": "1",
    }
    server = Server(data_dir, env)
    yield Held(server.url, key, other, data_dir)
    server.stop()


def in_thread(fn: Callable[[], Answer]) -> tuple[threading.Thread, list[Answer]]:
    out: list[Answer] = []
    thread = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    thread.start()
    return thread, out


def test_the_same_batch_sent_twice_with_one_key_stores_once_and_answers_the_same(held: Held) -> None:
    first = held.send("POST", "/v1/memories/batch", BATCH, key="e2e-batch-1")
    again = held.send("POST", "/v1/memories/batch", BATCH, key="e2e-batch-1")

    assert first.status == again.status == 200 and again.body == first.body
    assert again.headers.get("idempotent-replayed") == "true" and "idempotent-replayed" not in first.headers
    stored = held.listed("ops")
    assert sorted(m["id"] for m in stored) == sorted(r["id"] for r in first.body["results"])
    assert all(m["hits"] == 1 for m in stored)


def test_the_same_key_with_another_body_is_a_422(held: Held) -> None:
    assert held.send("POST", "/v1/memories/batch", BATCH, key="e2e-batch-2").status == 200
    other = {"items": [{"content": "Deploys are frozen during the last week of December", "user_id": "ops"}]}

    refused = held.send("POST", "/v1/memories/batch", other, key="e2e-batch-2")

    assert refused.status == 422 and refused.body["error"] == "idempotency_key_reused"
    assert all(m["content"] != other["items"][0]["content"] for m in held.listed("ops"))


def test_the_same_key_in_another_tenant_is_another_request(held: Held) -> None:
    mine = held.send("POST", "/v1/memories/batch", BATCH, key="e2e-shared")
    theirs = held.send("POST", "/v1/memories/batch", BATCH, key="e2e-shared", tenant_key=held.other_key)

    assert theirs.status == 200 and "idempotent-replayed" not in theirs.headers
    assert {r["id"] for r in theirs.body["results"]}.isdisjoint(r["id"] for r in mine.body["results"])


def test_a_bad_key_is_a_json_422(held: Held) -> None:
    answer = held.send("POST", "/v1/memories/batch", BATCH, key="k" * 300)

    assert answer.status == 422 and answer.body["error"] == "invalid_idempotency_key"
    assert answer.body["details"][0]["path"] == "header.Idempotency-Key"


def test_a_concurrent_request_with_the_key_is_one_409_while_the_first_runs(held: Held) -> None:
    request = {
        "content": "The payments team owns the ledger service",
        "user_id": "held-409",
        "wait": "enriched",
    }
    first, answers = in_thread(lambda: held.send("POST", "/v1/memories", request, key="e2e-slow"))
    try:
        held.until_listed("held-409", 1)  # stored, and now waiting for its enrichment under the key

        busy = held.send("POST", "/v1/memories", request, key="e2e-slow")

        assert busy.status == 409 and busy.body["error"] == "idempotency_in_progress"
        assert busy.headers["retry-after"] == "1"
    finally:
        assert held.enrich_now() >= 1
        first.join(60)
    (done,) = answers
    assert done.status == 201 and done.body["enrichment"] == "done"
    replayed = held.send("POST", "/v1/memories", request, key="e2e-slow")
    assert replayed.status == 201 and replayed.body == done.body
    assert replayed.headers.get("idempotent-replayed") == "true"
    assert len(held.listed("held-409")) == 1


def test_requests_waiting_for_enrichment_leave_the_server_free(held: Held) -> None:
    """One HTTP process resolves two requests at once: two requests waiting for enrichment would take
    both, were a waiting request not to give its slot back. Another is answered while they wait."""
    waiting = [
        in_thread(
            lambda user=user: held.send(
                "POST",
                "/v1/memories",
                {"content": f"{user} sits by the window", "user_id": user, "wait": "enriched"},
            )
        )
        for user in ("waiter-a", "waiter-b")
    ]
    try:
        held.until_listed("waiter-a", 1)
        held.until_listed("waiter-b", 1)

        other = held.send(
            "POST", "/v1/memories", {"content": "Lunch is at noon on Fridays", "user_id": "free"}
        )

        assert other.status == 201
        assert all(thread.is_alive() for thread, _ in waiting)  # both still waiting meanwhile
    finally:
        held.enrich_now()
        for thread, _ in waiting:
            thread.join(60)
    assert [out[0].status for _, out in waiting] == [201, 201]


def test_the_sdk_sends_one_key_per_write_and_the_same_on_its_retry(held: Held) -> None:
    """The first attempt is applied but its answer lost (a 502 from the proxy); the SDK's retry carries
    the same key, so the server answers the first attempt's result and stores nothing twice."""
    items = [{"content": "The staging database is refreshed nightly", "user_id": "sdk-idem"}]
    policy = RetryPolicy(max_retries=2, backoff_s=0.01)
    with ThrottlingProxy(held.url) as proxy, Engram(proxy.url, held.key, retry=policy) as client:
        proxy.lose = 1
        answer = client.remember_batch(items)
        second = client.remember_batch(items)  # another call: another key (deduplicated, not replayed)

    first_key, retry_key, other_key = proxy.idempotency_keys
    assert first_key and first_key == retry_key and other_key != first_key
    assert [status for _, _, status in proxy.seen] == [502, 200, 200]
    assert proxy.upstream_headers[1].get("Idempotent-Replayed") == "true"
    assert answer.results[0].status == "stored" and second.results[0].status == "deduplicated"
    (memory,) = held.listed("sdk-idem")
    assert memory["hits"] == 2  # the retry changed nothing; the second call deduplicated once


def test_the_sdk_uses_the_key_it_is_given(held: Held) -> None:
    with ThrottlingProxy(held.url) as proxy, Engram(proxy.url, held.key) as client:
        client.remember(
            "The VPN certificate renews every ninety days", user_id="sdk-key", idempotency_key="mine-1"
        )
        client.remember(
            "The VPN certificate renews every ninety days", user_id="sdk-key", idempotency_key="mine-1"
        )

    assert proxy.idempotency_keys == ["mine-1", "mine-1"]
    assert proxy.upstream_headers[1].get("Idempotent-Replayed") == "true"


# ----------------------------------------------------------------------------- wait: enriched, MiniLM


@pytest.fixture(scope="module")
def minilm(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Client]:
    data_dir = tmp_path_factory.mktemp("engram-wait")
    key = new_key(data_dir, "acme")
    server = Server(data_dir, {"ENGRAM_EMBEDDER__PROVIDER": "minilm"})
    yield Client(server.url, key)
    server.stop()


def test_wait_enriched_returns_a_memory_the_next_search_finds_by_a_paraphrase(minilm: Client) -> None:
    # The worker process starts with the first job and loads the model: warm it, then time one wait.
    status, warm = minilm.request(
        "POST", "/v1/memories", {"content": "Office plants are watered on Tuesdays", "user_id": "u1"}
    )
    assert status == 201
    wait_for(minilm, warm["id"], lambda m: m["enrichment"]["state"] != "pending", timeout_s=90)
    for distractor in ("Alice is on holiday in Portugal next week", "Coffee machine on floor two is broken"):
        status, body = minilm.request(
            "POST", "/v1/memories", {"content": distractor, "user_id": "u1", "wait": "enriched"}
        )
        assert status == 201, body

    status, body = minilm.request(
        "POST",
        "/v1/memories",
        {
            "content": "Our invoices are stored in PostgreSQL",
            "user_id": "u1",
            "wait": "enriched",
            "wait_timeout_s": 10,
        },
    )

    assert status == 201 and body["enrichment"] == "done", body
    status, found = minilm.request(
        "POST", "/v1/memories/search", {"query": "database holding bills", "user_id": "u1"}
    )
    assert status == 200
    assert found["results"][0]["memory"]["id"] == body["id"], [
        r["memory"]["content"] for r in found["results"]
    ]
    status, memory = minilm.request("GET", f"/v1/memories/{body['id']}")
    assert memory["enrichment"]["state"] == "done"
