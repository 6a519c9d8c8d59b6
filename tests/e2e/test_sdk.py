"""The Python SDK (`engram.client`) against a real `engram serve`: no mocked HTTP.

The 429 path here goes through a FAKE throttling proxy (tests/fakes/throttling_proxy.py) in front of
the real server: it answers the first requests with 429 and `Retry-After`, then forwards the rest.
The server's own rate limit (a key created with --rate) is driven by the SDK in test_quotas_serve.py.
"""

from __future__ import annotations

import asyncio
import socket
import time

import pytest

from engram.api.schemas import MemoryOut, RememberRequest, SearchResponse
from engram.client import (
    AsyncEngram,
    AuthenticationError,
    Engram,
    EngramConnectionError,
    NotFoundError,
    RateLimitedError,
    RetryPolicy,
    ServiceUnavailableError,
    UnprocessableError,
)
from tests.fakes.throttling_proxy import ThrottlingProxy

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def api(served):
    acme, _, server = served
    with Engram(server.url, acme.key) as client:
        yield client


def test_remember_get_update_history_forget(api: Engram) -> None:
    # Given a new memory
    stored = api.remember("Prefers green tea over coffee in the morning", user_id="sdk-crud")
    assert stored.status == "stored" and stored.id
    # When the same content is remembered again, it is deduplicated into it
    again = api.remember("prefers green tea over coffee in the morning.", user_id="sdk-crud")
    assert again.deduplicated and again.id == stored.id
    # Then it reads back as the API's own model
    memory = api.get(stored.id)
    assert isinstance(memory, MemoryOut)
    assert memory.content == "Prefers green tea over coffee in the morning"
    assert memory.hits >= 1
    # And it can be changed, with a history of what happened
    changed = api.update(stored.id, importance=5, metadata={"source": "sdk"})
    assert changed.importance == 5 and changed.metadata == {"source": "sdk"}
    events = [e.event.value for e in api.history(stored.id).events]
    assert "updated" in events
    # And forgotten: afterwards it is a typed 404 carrying the API's code
    assert api.forget(stored.id).status.value == "deleted"
    with pytest.raises(NotFoundError) as err:
        api.get(stored.id)
    assert err.value.status == 404 and err.value.code == "not_found"


def test_gate_rejection_is_an_answer_not_an_error(api: Engram) -> None:
    answer = api.remember("ok", user_id="sdk-gate")
    assert answer.status == "rejected" and answer.id is None and answer.rejected


def test_batch_accepts_models_and_dicts_and_answers_in_order(api: Engram) -> None:
    result = api.remember_batch(
        [
            RememberRequest(content="Deploys go out on Tuesdays only", user_id="sdk-batch"),
            {"content": "The staging database is called kestrel", "user_id": "sdk-batch"},
            {"content": "thanks", "user_id": "sdk-batch"},
        ]
    )
    assert [r.status for r in result.results] == ["stored", "stored", "rejected"]


def test_iter_memories_follows_the_cursor_over_every_page(api: Engram) -> None:
    contents = {f"Project milestone number {i} is due in week {i + 10}" for i in range(5)}
    for content in contents:
        api.remember(content, user_id="sdk-pages")
    first = api.list("sdk-pages", limit=2)
    assert len(first.items) == 2 and first.cursor  # more than one page
    seen = [m.content for m in api.iter_memories("sdk-pages", page_size=2)]
    assert sorted(seen) == sorted(contents)  # every memory once, across three pages


def test_search_recalls_with_the_api_models(api: Engram) -> None:
    api.remember("The on-call rotation switches every Monday at 9am", user_id="sdk-search")
    answer = api.search("when does the on-call rotation switch", user_id="sdk-search", explain=True, top_k=3)
    assert isinstance(answer, SearchResponse)
    assert answer.results and "on-call" in answer.results[0].memory.content
    assert answer.results[0].components is not None


def test_server_validation_errors_carry_code_and_field_paths(api: Engram) -> None:
    # A query parameter the route refuses
    with pytest.raises(UnprocessableError) as err:
        api.list("sdk-errors", limit=0)
    assert err.value.status == 422 and err.value.code == "validation_error"
    assert err.value.field_paths == ["query.limit"]
    # A domain rule the server applies (the write gate on new content)
    stored = api.remember("Uses vim keybindings in every editor", user_id="sdk-errors")
    assert stored.id
    with pytest.raises(UnprocessableError) as err:
        api.update(stored.id, content="ok")
    assert err.value.code == "invalid_request" and err.value.field_paths == ["body.content"]
    # A cursor the API never issued
    with pytest.raises(UnprocessableError) as err:
        api.list("sdk-errors", cursor="not-a-cursor")
    assert err.value.code == "invalid_cursor"


def test_a_request_the_models_refuse_is_not_sent(api: Engram) -> None:
    with pytest.raises(UnprocessableError) as err:
        api.remember("A perfectly durable fact about the build", user_id="", importance=9)
    assert err.value.status is None  # refused by the SDK, before any request
    assert err.value.code == "validation_error"
    assert sorted(err.value.field_paths) == ["body.importance", "body.user_id"]
    with pytest.raises(UnprocessableError) as err:
        api.update("01ANYID", colour="blue")
    assert err.value.field_paths == ["body.colour"]


def test_a_wrong_key_is_an_authentication_error(served) -> None:
    _, _, server = served
    with Engram(server.url, "engram_not-a-key") as client, pytest.raises(AuthenticationError) as err:
        client.list("anyone")
    assert err.value.status == 401 and err.value.code == "unauthorized"


def test_tenants_do_not_see_each_other_through_the_sdk(served) -> None:
    acme, other, server = served
    with Engram(server.url, acme.key) as mine, Engram(server.url, other.key) as theirs:
        stored = mine.remember("The vault combination is kept offline", user_id="sdk-tenant")
        assert stored.id
        with pytest.raises(NotFoundError):
            theirs.get(stored.id)


def test_sessions_messages_transcript_and_delete(api: Engram) -> None:
    messages = [
        {"role": "user", "content": f"Message {i}: I am planning the trip to Lisbon", "message_id": f"m{i}"}
        for i in range(3)
    ]
    appended = api.add_messages("sdk-session-1", "sdk-sessions", messages)
    assert appended.accepted == 3 and len(appended.message_ids) == 3
    again = api.add_messages("sdk-session-1", "sdk-sessions", messages[:1])
    assert again.duplicates == 1 and again.accepted == 0
    assert api.get_session("sdk-session-1", "sdk-sessions").transcript.messages == 3
    said = [m.content for m in api.iter_transcript("sdk-session-1", "sdk-sessions", page_size=2)]
    assert said == [m["content"] for m in messages]
    deleted = api.delete_session("sdk-session-1", "sdk-sessions")
    assert deleted.deleted_messages == 3
    with pytest.raises(NotFoundError):
        api.get_session("sdk-session-1", "sdk-sessions")


def test_checkpoints_and_the_recovery_digest(api: Engram) -> None:
    api.add_messages(
        "sdk-session-2", "sdk-checkpoints", [{"role": "user", "content": "I moved to Lisbon in March."}]
    )
    saved = api.checkpoint(
        "sdk-session-2",
        "sdk-checkpoints",
        "pre_compaction",
        focus="Planning the Lisbon trip",
        queries=["flights"],
    )
    assert saved.debounced is False and saved.checkpoint.trigger == "pre_compaction"
    again = api.checkpoint("sdk-session-2", "sdk-checkpoints", "periodic", focus="Planning the Lisbon trip")
    assert again.debounced is True and again.checkpoint.checkpoint_id == saved.checkpoint.checkpoint_id
    recovery = api.latest_checkpoint("sdk-session-2", "sdk-checkpoints", budget_chars=500)
    assert "Planning the Lisbon trip" in recovery.digest and recovery.chars <= 500
    with pytest.raises(NotFoundError):
        api.latest_checkpoint("sdk-no-session", "sdk-checkpoints")


def test_entities_and_stats(api: Engram) -> None:
    api.remember("Marta Kowalski works at Globex Corporation", user_id="sdk-graph")
    names = {e.name for e in api.iter_entities("sdk-graph", page_size=1)}
    assert {"Marta Kowalski", "Globex Corporation"} <= names
    detail = api.get_entity("Globex Corporation", "sdk-graph")
    assert detail.memory_ids
    stats = api.stats()
    assert stats.tenant == "acme" and stats.status["active"] >= 1
    assert api.health().status == "ok"
    assert "/v1/memories" in api.openapi()["paths"]


def test_async_client_does_the_same(served) -> None:
    acme, _, server = served

    async def scenario() -> list[str]:
        async with AsyncEngram(server.url, acme.key) as client:
            for i in range(3):
                await client.remember(f"Async fact number {i} about the release train", user_id="sdk-async")
            hits = await client.search("release train", user_id="sdk-async")
            assert hits.results
            with pytest.raises(NotFoundError):
                await client.get("01NOSUCHMEMORY")
            return [m.content async for m in client.iter_memories("sdk-async", page_size=2)]

    assert len(asyncio.run(scenario())) == 3


# ----------------------------------------------------------------------------- retries


def test_429_is_retried_after_the_wait_retry_after_asks(served) -> None:
    acme, _, server = served
    with ThrottlingProxy(server.url) as proxy, Engram(proxy.url, acme.key, max_retries=2) as client:
        proxy.script.append((429, "1"))
        started = time.monotonic()
        answer = client.remember("Retries honour the Retry-After header", user_id="sdk-retry")
        waited = time.monotonic() - started
    assert answer.status == "stored"  # the real server's answer, after one throttled attempt
    assert [status for _, _, status in proxy.seen] == [429, 201]
    assert waited >= 1.0  # it waited what Retry-After asked (a lower bound only: never flaky)


def test_429_after_the_last_retry_is_a_typed_error_with_retry_after(served) -> None:
    acme, _, server = served
    with ThrottlingProxy(server.url) as proxy, Engram(proxy.url, acme.key, max_retries=1) as client:
        proxy.script.extend([(429, "0"), (429, "7")])
        with pytest.raises(RateLimitedError) as err:
            client.health()
    assert err.value.status == 429 and err.value.code == "throttled"
    assert err.value.retry_after == 7.0
    assert len(proxy.seen) == 2  # the first try and one retry, no more


def test_5xx_is_retried_with_backoff(served) -> None:
    acme, _, server = served
    policy = RetryPolicy(max_retries=3, backoff_s=0.01)
    with ThrottlingProxy(server.url) as proxy, Engram(proxy.url, acme.key, retry=policy) as client:
        proxy.script.extend([(503, None), (502, None)])
        assert client.health().status == "ok"
        assert [status for _, _, status in proxy.seen] == [503, 502, 200]
        proxy.script.extend([(503, "0")] * 4)
        with pytest.raises(ServiceUnavailableError):
            client.health()


def test_connection_errors_are_retried_then_typed() -> None:
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    policy = RetryPolicy(max_retries=2, backoff_s=0.01)
    client = Engram(f"http://127.0.0.1:{port}", "k", retry=policy)
    with client, pytest.raises(EngramConnectionError) as err:
        client.health()
    assert f"127.0.0.1:{port}" in str(err.value)


def test_backoff_grows_with_jitter_and_is_capped() -> None:
    policy = RetryPolicy(backoff_s=1.0, max_backoff_s=4.0, max_retry_after_s=30)
    delays = [policy.delay(attempt) for attempt in (1, 2, 3, 8) for _ in range(50)]
    assert all(0 <= d <= 4.0 for d in delays)
    assert len({round(d, 6) for d in delays}) > 100  # jittered, not one fixed delay
    assert policy.delay(1, {"Retry-After": "120"}) == 30  # Retry-After honoured, capped
    assert policy.delay(1, {"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}) == 0  # a date in the past
