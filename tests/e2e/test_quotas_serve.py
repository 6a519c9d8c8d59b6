"""Quotas against a real `engram serve` (its default workers: one HTTP process per core, all drawing
on the key's one bucket in SQLite): a key over its rate gets 429 with Retry-After, and succeeds once
it has waited that long; the SDK does the waiting itself. A tenant created with --max-memories is
refused a write over it, and sees its usage in /v1/admin/stats; so is one created with
--max-transcript-bytes an append over it.

Only the order of answers is asserted, never how long anything took: the rates are tiny (a token
every few seconds) so that two back-to-back requests cannot both find one.
"""

from __future__ import annotations

import time

import httpx
import pytest

from engram.client import Engram
from tests.e2e.conftest import Server, engram, new_key

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("engram-quotas")
    keys = {
        "slow": new_key(data_dir, "acme", "--rate", "0.2", "--burst", "1"),
        "sdk": new_key(data_dir, "acme", "--rate", "0.5", "--burst", "1"),
        "free": new_key(data_dir, "acme", "--rate", "unlimited"),
        "default": engram("keys", "create", "--tenant", "globex", data_dir=data_dir).stdout.split()[-1],
        "capped": new_key(data_dir, "capped", "--max-memories", "1"),
        "talkative": new_key(data_dir, "talkative", "--max-transcript-bytes", "10"),
    }
    default_rate = {"ENGRAM_DEFAULT_KEY_RATE": "0.1", "ENGRAM_DEFAULT_KEY_BURST": "2"}
    served = Server(data_dir, {"ENGRAM_EMBEDDER__PROVIDER": "hashing", **default_rate})
    yield served, keys
    served.stop()


def _get(url: str, key: str) -> httpx.Response:
    return httpx.get(
        url + "/v1/memories", params={"user_id": "quota"}, headers={"Authorization": f"Bearer {key}"}
    )


def test_over_its_rate_a_key_gets_429_with_retry_after_then_succeeds_after_waiting(server) -> None:
    served, keys = server
    assert _get(served.url, keys["slow"]).status_code == 200  # the burst of one

    limited = _get(served.url, keys["slow"])
    assert limited.status_code == 429
    assert limited.json()["error"] == "rate_limited"
    retry_after = int(limited.headers["Retry-After"])
    assert retry_after >= 1

    time.sleep(retry_after)
    assert _get(served.url, keys["slow"]).status_code == 200


def test_a_key_minted_unlimited_is_not_limited(server) -> None:
    served, keys = server
    assert {_get(served.url, keys["free"]).status_code for _ in range(10)} == {200}


def test_a_key_without_a_rate_of_its_own_is_held_to_the_servers_default_rate(server) -> None:
    served, keys = server
    assert [_get(served.url, keys["default"]).status_code for _ in range(3)] == [200, 200, 429]


def test_the_sdk_waits_out_a_429_and_retries(server) -> None:
    served, keys = server
    statuses: list[int] = []
    http = httpx.Client(event_hooks={"response": [lambda r: statuses.append(r.status_code)]})
    with Engram(served.url, keys["sdk"], max_retries=3, http_client=http) as client:
        first = client.list(user_id="quota")
        second = client.list(user_id="quota")  # the bucket is empty: 429, then a retry after Retry-After
    http.close()

    assert first.items == [] and second.items == []
    assert statuses[0] == 200 and statuses[1] == 429 and statuses[-1] == 200


def test_a_tenant_over_its_memory_cap_is_refused_and_sees_its_usage(server) -> None:
    served, keys = server
    auth = {"Authorization": f"Bearer {keys['capped']}"}

    def remember(content: str) -> httpx.Response:
        body = {"content": content, "user_id": "u"}
        return httpx.post(served.url + "/v1/memories", json=body, headers=auth)

    assert remember("The first durable fact of this tenant").status_code == 201
    refused = remember("The second durable fact of this tenant")
    assert refused.status_code == 403 and refused.json()["error"] == "quota_exceeded"

    usage = httpx.get(served.url + "/v1/admin/stats", headers=auth).json()["usage"]
    assert usage["memories"] == 1 and usage["max_memories"] == 1


def test_a_tenant_over_its_transcript_cap_is_refused_an_append_and_sees_its_usage(server) -> None:
    served, keys = server
    auth = {"Authorization": f"Bearer {keys['talkative']}"}

    def append(content: str) -> httpx.Response:
        body = {"user_id": "u", "messages": [{"role": "user", "content": content}]}
        return httpx.post(served.url + "/v1/sessions/s1/messages", json=body, headers=auth)

    assert append("12345678").status_code == 202
    refused = append("abc")
    assert refused.status_code == 403 and refused.json()["error"] == "quota_exceeded"

    usage = httpx.get(served.url + "/v1/admin/stats", headers=auth).json()["usage"]
    assert usage["transcript_bytes"] == 8 and usage["max_transcript_bytes"] == 10
