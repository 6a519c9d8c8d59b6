"""Quotas on both backends (the `world` fixture: SQLite, and DynamoDB under moto), on a clock the
test owns: a key's request rate answers 429 with Retry-After, and a tenant's storage cap."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from aws_lambda_powertools.utilities.data_classes.api_gateway_authorizer_event import (
    APIGatewayAuthorizerRequestEvent,
)

from engram.api.app import EngramApi
from engram.domain.errors import MemoryNotFound
from engram.domain.key_rules import DefaultRate, allowed_users, check_user
from engram.runtime.authorizer import authorize
from engram.runtime.userdata import exporter, importer
from engram.usecases.keys import count_memories, create_key, set_memory_cap, set_transcript_cap
from tests.conftest import api_event, load_event
from tests.integration.deployments import World


def _authorized(world: World, secret: str, default: DefaultRate | None = None) -> dict[str, Any]:
    """What API Gateway hands the API function: the authorizer's context, every value a string."""
    request = {**load_event("authorizer/request.json"), "headers": {"Authorization": f"Bearer {secret}"}}
    policy = authorize(world.c.keys, APIGatewayAuthorizerRequestEvent(request), default or DefaultRate())
    return {k: str(v) for k, v in policy["context"].items()}


def _get(world: World, context: dict[str, Any]) -> dict:
    event = api_event("GET", "/v1/memories", query={"user_id": "maya"})
    event["requestContext"]["authorizer"] = {"principalId": context["tenant"], **context}
    return EngramApi(world.c).handle(event, None)


def test_a_key_over_its_rate_is_answered_429_with_retry_after_until_a_token_refills(world: World) -> None:
    secret, record = create_key(world.c.keys, "acme", rate=0.5, burst=2)
    context = _authorized(world, secret)
    assert context["key_id"] == record.key_id and float(context["rate"]) == 0.5

    assert [_get(world, context)["statusCode"] for _ in range(2)] == [200, 200]  # the burst
    limited = _get(world, context)
    assert limited["statusCode"] == 429
    assert limited["headers"]["Retry-After"] == "2"  # one token at 0.5/s
    body = json.loads(limited["body"])
    assert body["error"] == "rate_limited" and "0.5 requests a second" in body["message"]

    world.clock.advance(seconds=1)
    assert _get(world, context)["statusCode"] == 429  # half a token
    world.clock.advance(seconds=1)
    assert _get(world, context)["statusCode"] == 200
    assert _get(world, context)["statusCode"] == 429


def test_a_key_without_a_rate_of_its_own_is_held_to_the_default_rate(world: World) -> None:
    """Without a limit on every key, one tenant's agent could take all the service can give."""
    greedy, record = create_key(world.c.keys, "acme")
    other, _ = create_key(world.c.keys, "globex")
    default = DefaultRate(rate=1, burst=3)
    context = _authorized(world, greedy, default)
    assert record.rate is None and (context["rate"], context["burst"]) == ("1", "3")

    assert [_get(world, context)["statusCode"] for _ in range(4)] == [200, 200, 200, 429]
    assert _get(world, _authorized(world, other, default))["statusCode"] == 200  # globex is served


def test_the_default_rate_out_of_the_box_is_20_a_second_in_bursts_of_40(world: World) -> None:
    secret, _ = create_key(world.c.keys, "acme")
    context = _authorized(world, secret, DefaultRate.from_env({}))

    assert (context["rate"], context["burst"]) == ("20.0", "40")
    assert {_get(world, context)["statusCode"] for _ in range(40)} == {200}
    assert _get(world, context)["statusCode"] == 429


def test_a_key_minted_unlimited_is_never_limited(world: World) -> None:
    secret, record = create_key(world.c.keys, "acme", unlimited=True)
    context = _authorized(world, secret, DefaultRate(rate=1, burst=1))
    assert context == {"tenant": "acme", "key_id": record.key_id}

    assert {_get(world, context)["statusCode"] for _ in range(20)} == {200}


def test_an_unlimited_default_leaves_keys_without_a_rate_unlimited(world: World) -> None:
    secret, _ = create_key(world.c.keys, "acme")
    context = _authorized(world, secret, DefaultRate.from_env({"ENGRAM_DEFAULT_KEY_RATE": "unlimited"}))

    assert "rate" not in context
    assert {_get(world, context)["statusCode"] for _ in range(20)} == {200}


def test_each_key_has_its_own_bucket(world: World) -> None:
    first, _ = create_key(world.c.keys, "acme", rate=1, burst=1)
    second, _ = create_key(world.c.keys, "acme", rate=1, burst=1)
    one, two = _authorized(world, first), _authorized(world, second)

    assert [_get(world, one)["statusCode"], _get(world, one)["statusCode"]] == [200, 429]
    assert _get(world, two)["statusCode"] == 200


def test_concurrent_requests_never_take_more_than_the_burst(world: World) -> None:
    _, record = create_key(world.c.keys, "acme", rate=0.001, burst=5)
    statuses: list[int] = []

    def hit() -> None:
        wait = world.c.keys.take_token(record.key_id, 0.001, 5, world.clock.now())
        statuses.append(200 if wait == 0 else 429)

    threads = [threading.Thread(target=hit) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert statuses.count(200) <= 5 and len(statuses) == 12
    assert statuses.count(200) >= 1


def test_the_rate_is_stored_with_the_key(world: World) -> None:
    _, record = create_key(world.c.keys, "acme", name="ci", rate=2.5)

    found = world.c.keys.find(record.key_hash)
    assert found is not None and found.rate == 2.5 and found.burst == 3
    assert [k.rate for k in world.c.keys.list("acme")] == [2.5]


@pytest.mark.parametrize(("rate", "burst"), [(0.0, None), (-1.0, None), (None, 3), (1.0, 0)])
def test_a_rate_must_be_positive_and_a_burst_needs_one(world: World, rate, burst) -> None:
    with pytest.raises(ValueError):
        create_key(world.c.keys, "acme", rate=rate, burst=burst)


def test_an_unlimited_key_takes_no_rate(world: World) -> None:
    with pytest.raises(ValueError, match="unlimited"):
        create_key(world.c.keys, "acme", rate=1.0, unlimited=True)


def test_unlimited_and_users_are_stored_with_the_key_and_travel_in_the_context(world: World) -> None:
    _, free = create_key(world.c.keys, "acme", name="free", unlimited=True)
    secret, device = create_key(world.c.keys, "acme", name="device", users=["maya", "bob", "maya"])

    found = world.c.keys.find(free.key_hash)
    assert found is not None and found.unlimited and found.users is None and found.rate is None
    found = world.c.keys.find(device.key_hash)
    assert found is not None and found.users == ("bob", "maya") and not found.unlimited
    assert [(k.name, k.unlimited, k.users) for k in world.c.keys.list("acme")] == [
        ("free", True, None),
        ("device", False, ("bob", "maya")),
    ]
    context = _authorized(world, secret)
    assert allowed_users(context) == {"bob", "maya"}
    check_user(context, "maya")
    with pytest.raises(MemoryNotFound):
        check_user(context, "alice")


# ----------------------------------------------------------------------------- storage cap


def _remember(world: World, content: str, user_id: str = "maya") -> tuple[int, dict]:
    response = EngramApi(world.c).handle(
        api_event("POST", "/v1/memories", {"content": content, "user_id": user_id}), None
    )
    return response["statusCode"], json.loads(response["body"])


FACTS = [f"Maya's fact number {n} is worth keeping for later" for n in range(10)]


def test_a_write_over_the_tenants_memory_cap_is_403_quota_exceeded(world: World) -> None:
    set_memory_cap(world.c.keys, world.c.store, "acme", 2)

    assert [_remember(world, f)[0] for f in FACTS[:2]] == [201, 201]
    status, body = _remember(world, FACTS[2])
    assert status == 403 and body["error"] == "quota_exceeded"
    assert "limit of 2 memories" in body["message"]
    assert count_memories(world.c.store, "acme") == 2  # nothing half-written
    # The same content again adds nothing: it is deduplicated, not refused
    status, body = _remember(world, FACTS[0])
    assert status == 200 and body["status"] == "deduplicated"
    # Another tenant has no limit
    other = api_event("POST", "/v1/memories", {"content": FACTS[2], "user_id": "maya"}, tenant="other")
    assert EngramApi(world.c).handle(other, None)["statusCode"] == 201


def test_in_a_batch_only_the_items_over_the_cap_fail(world: World) -> None:
    set_memory_cap(world.c.keys, world.c.store, "acme", 2)
    assert _remember(world, FACTS[0])[0] == 201

    items = [{"content": c, "user_id": "maya"} for c in (FACTS[0], FACTS[1], FACTS[2])]
    response = EngramApi(world.c).handle(api_event("POST", "/v1/memories/batch", {"items": items}), None)

    assert response["statusCode"] == 200
    results = json.loads(response["body"])["results"]
    assert [r["status"] for r in results] == ["deduplicated", "stored", "error"]
    assert results[2]["error"] == "quota_exceeded" and "limit of 2" in results[2]["message"]


def test_forgetting_frees_room_under_the_cap(world: World) -> None:
    set_memory_cap(world.c.keys, world.c.store, "acme", 1)
    _, first = _remember(world, FACTS[0])
    assert _remember(world, FACTS[1])[0] == 403

    forgotten = EngramApi(world.c).handle(api_event("DELETE", f"/v1/memories/{first['id']}"), None)
    assert forgotten["statusCode"] == 200

    assert _remember(world, FACTS[1])[0] == 201
    assert _remember(world, FACTS[2])[0] == 403


def test_a_cap_set_on_a_tenant_with_memories_counts_them(world: World) -> None:
    for fact in FACTS[:3]:
        assert _remember(world, fact)[0] == 201

    set_memory_cap(world.c.keys, world.c.store, "acme", 3)
    assert _remember(world, FACTS[3])[0] == 403

    set_memory_cap(world.c.keys, world.c.store, "acme", 4)  # raised
    assert _remember(world, FACTS[3])[0] == 201
    set_memory_cap(world.c.keys, world.c.store, "acme", None)  # lifted
    assert world.c.keys.limits("acme").max_memories is None
    assert _remember(world, FACTS[4])[0] == 201


def test_erasing_a_user_frees_the_room_their_memories_took(world: World) -> None:
    set_memory_cap(world.c.keys, world.c.store, "acme", 2)
    assert _remember(world, FACTS[0], user_id="gone")[0] == 201
    assert _remember(world, FACTS[1], user_id="stays")[0] == 201
    assert _remember(world, FACTS[2], user_id="stays")[0] == 403

    assert world.c.userdata is not None
    world.c.userdata.erase_user("acme", "gone")

    assert _remember(world, FACTS[2], user_id="stays")[0] == 201


def test_concurrent_writers_never_pass_the_cap(world: World) -> None:
    set_memory_cap(world.c.keys, world.c.store, "acme", 3)
    statuses: list[int] = []

    def write(n: int) -> None:
        statuses.append(_remember(world, f"Concurrent fact {n} that is long enough to keep")[0])

    threads = [threading.Thread(target=write, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert statuses.count(201) == 3 and statuses.count(403) == 5
    assert count_memories(world.c.store, "acme") == 3


def _exported_then_erased(world: World) -> list[dict]:
    """An export of three of maya's memories, taken before she was erased: an import restores them."""
    for fact in FACTS[:3]:
        assert _remember(world, fact)[0] == 201
    records = exporter(world.c).page("acme", "maya", None, limit=50, embeddings=False).records
    world.c.userdata.erase_user("acme", "maya")
    assert count_memories(world.c.store, "acme") == 0
    return records


def test_an_import_counts_against_the_cap_and_stops_at_it(world: World) -> None:
    """Imported memories are stored memories: they fill the cap as remembered ones do, the import
    stops with 403 at the first record over it, and a rerun once there is room imports the rest."""
    records = _exported_then_erased(world)
    set_memory_cap(world.c.keys, world.c.store, "acme", 2)

    response = EngramApi(world.c).handle(api_event("POST", "/v1/import", {"records": records}), None)
    assert response["statusCode"] == 403, response["body"]
    body = json.loads(response["body"])
    assert body["error"] == "quota_exceeded" and "limit of 2 memories" in body["message"]
    assert body["message"].startswith("record ")
    assert count_memories(world.c.store, "acme") == 2  # the two before it, and nothing of the third
    assert _remember(world, FACTS[5])[0] == 403  # the counter holds the imported two

    set_memory_cap(world.c.keys, world.c.store, "acme", 3)
    report = importer(world.c)("acme", records)
    assert (report.created, report.existing) == (1, 2)
    assert count_memories(world.c.store, "acme") == 3
    assert _remember(world, FACTS[5])[0] == 403


def test_an_import_without_a_cap_is_not_limited(world: World) -> None:
    records = _exported_then_erased(world)

    assert importer(world.c)("acme", records).created == 3
    assert count_memories(world.c.store, "acme") == 3


# ----------------------------------------------------------------------------- usage in stats


def test_admin_stats_report_the_tenants_usage_against_its_quotas(world: World) -> None:
    create_key(world.c.keys, "acme", name="agent", rate=2, burst=4)
    create_key(world.c.keys, "acme", name="ops")
    _, revoked = create_key(world.c.keys, "acme", name="old")
    world.c.keys.revoke(revoked.key_id)
    create_key(world.c.keys, "other", name="theirs", rate=9)
    set_memory_cap(world.c.keys, world.c.store, "acme", 5)
    _, first = _remember(world, FACTS[0])
    _remember(world, FACTS[1])
    EngramApi(world.c).handle(api_event("DELETE", f"/v1/memories/{first['id']}"), None)

    response = EngramApi(world.c).handle(api_event("GET", "/v1/admin/stats"), None)

    assert response["statusCode"] == 200
    usage = json.loads(response["body"])["usage"]
    assert usage["memories"] == 1 and usage["max_memories"] == 5
    assert sorted((k["name"], k["rate"], k["burst"]) for k in usage["keys"]) == [
        ("agent", 2.0, 4),
        ("ops", 20.0, 40),  # the default rate
    ]


def test_without_limits_stats_report_usage_with_no_cap(world: World) -> None:
    _remember(world, FACTS[0])

    usage = json.loads(EngramApi(world.c).handle(api_event("GET", "/v1/admin/stats"), None)["body"])["usage"]

    assert usage == {
        "memories": 1,
        "max_memories": None,
        "keys": [],
        "transcript_bytes": None,
        "max_transcript_bytes": None,
        "model_input_tokens": 0,
        "model_output_tokens": 0,
    }


# ----------------------------------------------------------------------------- transcript bytes


def _append(world: World, session: str, *texts: str, user_id: str = "maya") -> tuple[int, dict]:
    at = "2026-05-01T12:00:00+00:00"  # one time for all: the same text again is the same message
    body = {"user_id": user_id, "messages": [{"role": "user", "content": t, "created_at": at} for t in texts]}
    response = EngramApi(world.c).handle(api_event("POST", f"/v1/sessions/{session}/messages", body), None)
    return response["statusCode"], json.loads(response["body"])


def _transcript(world: World, session: str, user_id: str = "maya") -> list[str]:
    event = api_event("GET", f"/v1/sessions/{session}/transcript", query={"user_id": user_id})
    response = EngramApi(world.c).handle(event, None)
    if response["statusCode"] == 404:
        return []
    return [m["content"] for m in json.loads(response["body"])["items"]]


def _usage(world: World) -> dict:
    return json.loads(EngramApi(world.c).handle(api_event("GET", "/v1/admin/stats"), None)["body"])["usage"]


def test_an_append_over_the_transcript_cap_is_403_and_appends_nothing(world: World) -> None:
    set_transcript_cap(world.c.transcripts, "acme", 20)
    assert _append(world, "s1", "héllo", "world")[0] == 202  # 6 + 5 bytes (é is two)
    assert _usage(world)["transcript_bytes"] == 11

    status, answer = _append(world, "s1", "one more", "and another")  # 8 + 11: past 20
    assert status == 403 and answer["error"] == "quota_exceeded"
    assert "20 bytes" in answer["message"] and "--max-transcript-bytes" in answer["message"]
    assert _transcript(world, "s1") == ["héllo", "world"]
    assert _append(world, "s2", "x" * 10)[0] == 403  # nor a new session
    assert _transcript(world, "s2") == []

    assert _append(world, "s1", "héllo", "world")[0] == 202  # duplicates cost nothing
    assert _append(world, "s1", "123456789")[0] == 202  # exactly to the cap
    usage = _usage(world)
    assert usage["transcript_bytes"] == 20 and usage["max_transcript_bytes"] == 20


def test_deleting_a_session_or_erasing_a_user_frees_its_bytes(world: World) -> None:
    set_transcript_cap(world.c.transcripts, "acme", 30)
    assert _append(world, "s1", "x" * 10)[0] == 202
    assert _append(world, "s2", "y" * 10, user_id="gone")[0] == 202
    assert _append(world, "s3", "z" * 10)[0] == 202
    assert _append(world, "s4", "w")[0] == 403

    deleted = EngramApi(world.c).handle(
        api_event("DELETE", "/v1/sessions/s1", query={"user_id": "maya"}), None
    )
    assert deleted["statusCode"] in (200, 204), deleted
    assert _usage(world)["transcript_bytes"] == 20
    assert world.c.userdata is not None
    world.c.userdata.erase_user("acme", "gone")
    assert _usage(world)["transcript_bytes"] == 10

    assert _append(world, "s4", "w" * 20)[0] == 202
    assert _append(world, "s4", "v")[0] == 403


def test_a_transcript_cap_set_on_a_tenant_with_transcripts_counts_them(world: World) -> None:
    assert _append(world, "s1", "x" * 15)[0] == 202
    assert _append(world, "s1", "y" * 5, user_id="other")[0] == 202
    with pytest.raises(ValueError, match="at least 1"):
        set_transcript_cap(world.c.transcripts, "acme", 0)

    quota = set_transcript_cap(world.c.transcripts, "acme", 25)
    assert quota is not None and quota.used == 20
    assert _append(world, "s1", "z" * 6)[0] == 403
    assert _append(world, "s1", "z" * 5)[0] == 202

    set_transcript_cap(world.c.transcripts, "acme", None)  # lifted: nothing counted, nothing refused
    assert _append(world, "s1", "z" * 100)[0] == 202
    assert _usage(world)["transcript_bytes"] is None


def test_concurrent_appends_never_pass_the_transcript_cap(world: World) -> None:
    set_transcript_cap(world.c.transcripts, "acme", 30)
    statuses: list[int] = []

    def append(n: int) -> None:
        statuses.append(_append(world, f"s{n}", f"{n}" * 10)[0])

    threads = [threading.Thread(target=append, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert statuses.count(202) == 3 and statuses.count(403) == 3
    assert _usage(world)["transcript_bytes"] == 30
