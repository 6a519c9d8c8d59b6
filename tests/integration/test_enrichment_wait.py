"""`POST /v1/memories` with `wait: "enriched"`, in-process on both backends: the answer comes once the
memory is enriched and its vector indexed (201, `enrichment: done`), else 202 with where to look.

Enrichment runs where the test says: inside the wait's pause (as the worker would, meanwhile), or not
at all. Time is the test's too (`monotonic`), so a 10 s wait takes no time.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from engram.api.app import EngramApi
from engram.ports import EnrichJob, ListQuery
from engram.runtime import slots
from engram.runtime.container import Container
from engram.usecases.enrichment_wait import MAX_PAUSE_S, AwaitEnrichment
from tests.conftest import api_event
from tests.integration.deployments import World

PREFERENCE = {"content": "Maya prefers window seats on long flights", "user_id": "maya"}


class Time:
    """A monotonic clock that moves only when the wait pauses; `during_pause` runs at each pause."""

    def __init__(self) -> None:
        self.now = 0.0
        self.pauses: list[float] = []
        self.during_pause: Any = None

    def pause(self, seconds: float) -> None:
        self.pauses.append(seconds)
        self.now += seconds
        if self.during_pause is not None:
            self.during_pause()


@pytest.fixture
def time_(world: World) -> Iterator[Time]:
    t = Time()
    c = world.c
    c.await_enrichment = AwaitEnrichment(c.store, c.vector_index, pause=t.pause, monotonic=lambda: t.now)  # type: ignore[misc]
    yield t


def post(c: Container, body: dict[str, Any]) -> tuple[int, dict[str, Any], dict[str, Any]]:
    response = EngramApi(c).handle(api_event("POST", "/v1/memories", body), None)
    headers = {k: ", ".join(v) for k, v in (response.get("multiValueHeaders") or {}).items()}
    return response["statusCode"], headers, json.loads(response["body"])


def enrich(c: Container, memory_id: str) -> None:
    memory = c.store.get("acme", memory_id)
    assert memory is not None
    c.enrich.many([EnrichJob(tenant="acme", memory_id=memory_id, content_hash=memory.content_hash)])


def test_a_memory_enriched_while_waiting_is_answered_201_done_and_found_by_search(
    world: World, time_: Time
) -> None:
    c = world.c
    stored_ids: list[str] = []

    def worker() -> None:  # enriches the memory during the second pause, as the worker would meanwhile
        if len(time_.pauses) == 2:
            (memory,) = c.memory_reads.page(ListQuery("acme", "maya")).items
            stored_ids.append(memory.id)
            enrich(c, memory.id)

    time_.during_pause = worker
    status, headers, body = post(c, {**PREFERENCE, "wait": "enriched", "wait_timeout_s": 5})

    assert status == 201 and body["enrichment"] == "done" and body["location"] is None
    assert "Location" not in headers
    assert [body["id"]] == stored_ids
    assert len(time_.pauses) == 2 and time_.pauses[0] < time_.pauses[1] <= MAX_PAUSE_S  # backs off, no spin
    found = world.call("GET", f"/v1/memories/{body['id']}")[1]
    assert found["enrichment"]["state"] == "done"
    response = EngramApi(c).handle(
        api_event("POST", "/v1/memories/search", {"query": "window seats", "user_id": "maya"}), None
    )
    assert json.loads(response["body"])["results"][0]["memory"]["id"] == body["id"]


def test_time_up_is_a_202_with_where_to_look(world: World, time_: Time) -> None:
    status, headers, body = post(world.c, {**PREFERENCE, "wait": "enriched", "wait_timeout_s": 2})

    assert status == 202 and body["status"] == "stored" and body["enrichment"] == "pending"
    assert body["location"] == f"/v1/memories/{body['id']}" == headers["Location"]
    assert sum(time_.pauses) == pytest.approx(2.0)  # it waited the whole timeout, and no longer
    assert world.call("GET", body["location"])[1]["enrichment"]["state"] == "pending"


def test_done_but_not_yet_indexed_is_not_searchable_yet(world: World, time_: Time) -> None:
    """The worker stores a memory done just before it indexes its vector: the wait waits for the vector."""
    c = world.c
    waiter = c.await_enrichment
    status, _, body = post(c, PREFERENCE)
    assert status == 201
    enrich(c, body["id"])
    c.vector_index.delete("acme", [body["id"]])  # as between the worker's two steps

    waited = waiter("acme", body["id"], 1.0)

    assert waited.memory.enrichment.state == "done" and not waited.searchable


def test_without_wait_the_answer_does_not_wait(world: World, time_: Time) -> None:
    status, _, body = post(world.c, PREFERENCE)

    assert status == 201 and body["enrichment"] == "pending" and time_.pauses == []


def test_a_deduplicated_write_waits_for_the_memory_it_joined(world: World, time_: Time) -> None:
    status, _, first = post(world.c, PREFERENCE)
    enrich(world.c, first["id"])

    status, _, again = post(world.c, {**PREFERENCE, "wait": "enriched"})

    assert status == 200 and again["deduplicated"] and again["enrichment"] == "done"
    assert time_.pauses == []


@pytest.mark.parametrize("bad", [0, -1, 10.5, "soon"])
def test_a_wait_timeout_over_ten_seconds_or_not_positive_is_a_422(world: World, bad: Any) -> None:
    status, _, body = post(world.c, {**PREFERENCE, "wait": "enriched", "wait_timeout_s": bad})

    assert status == 422 and body["details"][0]["path"] == "body.wait_timeout_s"


def test_a_batch_refuses_wait(world: World) -> None:
    response = EngramApi(world.c).handle(
        api_event("POST", "/v1/memories/batch", {"items": [{**PREFERENCE, "wait": "enriched"}]}), None
    )
    assert response["statusCode"] == 422 and "wait" in response["body"]


def test_a_paused_request_gives_its_slot_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """With one slot, a second request runs while the first pauses (engram serve's pool), and the
    first takes a slot again before it goes on."""
    one = threading.Semaphore(1)
    other_ran = threading.Event()

    def other() -> None:
        with slots.running(one):
            other_ran.set()

    runner = threading.Thread(target=other)
    monkeypatch.setattr(slots, "sleep", lambda seconds: other_ran.wait(30))
    with slots.running(one):
        runner.start()
        slots.pause(0.5)
        assert other_ran.is_set()
        assert not one.acquire(blocking=False)  # this request holds the slot again
    runner.join(30)
