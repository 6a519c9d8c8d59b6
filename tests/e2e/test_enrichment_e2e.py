"""Enrichment on a real `engram serve` with the embedded default: the offline MiniLM embedding model,
the rule-based enricher and the worker thread, over HTTP."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest

from engram.domain.text import content_hash
from tests.e2e.conftest import Client, Server, new_key, wait_for

pytestmark = pytest.mark.e2e

# A rewording MiniLM scores at cosine 0.992: the same preference, a different content hash.
PREFERENCE = ("I prefer dark roast coffee", "I really prefer dark roast coffee")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Client]:
    data_dir = tmp_path_factory.mktemp("engram-enrichment")
    key = new_key(data_dir, "acme")
    server = Server(data_dir, {"ENGRAM_EMBEDDER__PROVIDER": "minilm"})  # the default, stated
    yield Client(server.url, key)
    server.stop()


def remember(client: Client, content: str) -> str:
    status, body = client.request("POST", "/v1/memories", {"content": content, "user_id": "u1"})
    assert status == 201 and body["enrichment"] == "pending", body
    return body["id"]


def enriched(memory: dict) -> bool:
    return memory["enrichment"]["state"] != "pending"


def history(client: Client, memory_id: str, timeout_s: float = 10) -> list[dict]:
    """The memory's history once the worker has written it. The worker stores the enriched (or merged)
    memory first and its history records after, together in one transaction of their own, so a
    reader can see the memory settled a moment before its history: wait for the records, not a clock."""
    deadline = time.monotonic() + timeout_s
    while True:
        status, body = client.request("GET", f"/v1/memories/{memory_id}/history")
        assert status == 200, body
        if body["events"] or time.monotonic() > deadline:
            return body["events"]
        time.sleep(0.05)


def test_a_remembered_memory_is_enriched_within_seconds(client: Client) -> None:
    decision = remember(client, "Our team decided to use PostgreSQL 16 for the billing service on AWS")
    on_call = remember(client, "Alice is on call through Friday")

    memory = wait_for(client, decision, enriched)
    assert memory["enrichment"]["state"] == "done" and memory["enrichment"]["model"] == "rules"
    assert memory["memory_type"] == "decision" and memory["importance"] == 4
    assert memory["temporal"] == {"kind": "persistent", "valid_until": None}
    assert "tech" in memory["categories"]
    assert {"PostgreSQL", "AWS"} <= set(memory["entities"])

    memory = wait_for(client, on_call, enriched)
    assert memory["enrichment"]["state"] == "done"
    assert memory["temporal"]["kind"] == "temporal"
    until = datetime.fromisoformat(memory["temporal"]["valid_until"])
    observed = datetime.fromisoformat(memory["observed_at"])
    assert until.strftime("%A %H:%M:%S") == "Friday 23:59:59"  # the end of the coming Friday
    assert observed < until < observed + timedelta(days=8)
    assert [event["event"] for event in history(client, on_call)] == ["enriched"]


def test_a_reworded_memory_is_merged_into_the_first(client: Client) -> None:
    # Given the embedded model scores the rewording as the same statement (different text, same meaning)
    from engram.providers.embedders.minilm import MiniLMEmbedder

    first_vector, second_vector = MiniLMEmbedder().embed(PREFERENCE)
    cosine = sum(a * b for a, b in zip(first_vector, second_vector, strict=True))
    assert cosine >= 0.98
    assert content_hash(PREFERENCE[0]) != content_hash(PREFERENCE[1])
    first = remember(client, PREFERENCE[0])
    wait_for(client, first, enriched)

    # When the rewording is remembered
    second = remember(client, PREFERENCE[1])

    # Then it ends merged into the first, which counts it
    merged = wait_for(client, second, lambda memory: memory["status"] != "active" or enriched(memory))
    assert merged["status"] == "merged" and merged["merged_into"] == first
    survivor = wait_for(client, first, enriched)
    assert survivor["status"] == "active" and survivor["hits"] == 2
    [event] = history(client, second)
    assert event["event"] == "merged" and event["detail"]["into"] == first
    assert event["detail"]["similarity"] == pytest.approx(cosine, abs=1e-3)  # the server ran MiniLM
    assert [e["event"] for e in history(client, first)] == ["enriched", "absorbed"]
    # and a search answers with the surviving memory, not the merged one
    status, found = client.request("POST", "/v1/memories/search", {"query": "coffee roast", "user_id": "u1"})
    assert status == 200
    ids = [result["memory"]["id"] for result in found["results"]]
    assert ids[0] == first and second not in ids
