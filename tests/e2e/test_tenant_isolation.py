"""Tenants never see each other, under concurrent requests, over real HTTP.

powertools keeps the request being handled on the router *class*, so a threaded server that shares
it lets one request read another's event: the tenant, the body, the query. This drives two tenants
at once (writes, batches, reads, searches and stats, on many connections) against `engram serve`
and then checks every item: it is stored once, under the tenant and user that sent it, and every
"deduplicated" answer names a memory that exists, in that tenant, with the same content.
"""

from __future__ import annotations

import http.client
import json
import threading
from collections import defaultdict
from urllib.parse import urlsplit

import pytest

from engram.domain.text import normalize
from tests.e2e.conftest import Server, new_key

pytestmark = pytest.mark.e2e

TENANTS = ("xenon", "yttrium")
WRITERS_PER_TENANT = 3
BATCHES_PER_WRITER = 6
BATCH = 25
READERS_PER_TENANT = 2


class Conn:
    """One keep-alive connection, as an agent's HTTP client holds one."""

    def __init__(self, url: str, key: str) -> None:
        parts = urlsplit(url)
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        self.key = key

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Authorization": f"Bearer {self.key}", "Content-Type": "application/json"}
        self.conn.request(method, path, body=data, headers=headers)
        resp = self.conn.getresponse()
        return resp.status, json.loads(resp.read() or b"null")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("engram-isolation")
    keys = {t: new_key(data_dir, t) for t in TENANTS}
    env = {"ENGRAM_EMBEDDER__PROVIDER": "hashing", "ENGRAM_JANITOR_ENABLED": "false"}
    server = Server(data_dir, env)
    yield server, keys
    server.stop()


def _content(tenant: str, writer: int, batch: int, item: int) -> str:
    return f"Tenant {tenant} writer {writer} batch {batch} item {item} prefers the blue deployment window"


def test_concurrent_tenants_never_cross(server):
    srv, keys = server
    answers: list[tuple[str, str, str, dict]] = []  # (tenant, user, content, answer)
    failures: list[str] = []
    lock = threading.Lock()
    stop_reading = threading.Event()

    def writer(tenant: str, n: int) -> None:
        conn = Conn(srv.url, keys[tenant])
        user = f"user-{n % 2}"
        for b in range(BATCHES_PER_WRITER):
            contents = [_content(tenant, n, b, i) for i in range(BATCH)]
            # Every fifth item is sent twice in the same batch: the second must be a dedup of the first.
            items = [*contents, *contents[::5]]
            status, body = conn.call(
                "POST", "/v1/memories/batch", {"items": [{"content": c, "user_id": user} for c in items]}
            )
            if status != 200:
                with lock:
                    failures.append(f"{tenant} batch answered {status}: {body}")
                continue
            with lock:
                answers.extend((tenant, user, c, r) for c, r in zip(items, body["results"], strict=True))
            single = f"Tenant {tenant} writer {n} single {b} keeps the staging database on Postgres 16"
            status, body = conn.call("POST", "/v1/memories", {"content": single, "user_id": user})
            with lock:
                if status not in (200, 201):
                    failures.append(f"{tenant} single answered {status}: {body}")
                else:
                    answers.append((tenant, user, single, body))

    def reader(tenant: str) -> None:
        conn = Conn(srv.url, keys[tenant])
        while not stop_reading.is_set():
            for method, path, body in (
                ("GET", "/v1/admin/stats", None),
                ("GET", "/v1/memories?user_id=user-0&limit=20", None),
                ("POST", "/v1/memories/search", {"query": "blue deployment window", "user_id": "user-1"}),
            ):
                status, answer = conn.call(method, path, body)
                with lock:
                    if status != 200:
                        failures.append(f"{tenant} {method} {path} answered {status}: {answer}")
                    texts = [i["content"] for i in answer.get("items", [])] if status == 200 else []
                    texts += (
                        [r["memory"]["content"] for r in answer.get("results", [])] if status == 200 else []
                    )
                    failures.extend(f"{tenant} read another tenant's {t!r}" for t in texts if tenant not in t)

    writers = [
        threading.Thread(target=writer, args=(t, n)) for t in TENANTS for n in range(WRITERS_PER_TENANT)
    ]
    readers = [threading.Thread(target=reader, args=(t,)) for t in TENANTS for _ in range(READERS_PER_TENANT)]
    for thread in [*readers, *writers]:
        thread.start()
    for thread in writers:
        thread.join(timeout=300)
    stop_reading.set()
    for thread in readers:
        thread.join(timeout=60)

    stored = _everything_stored(srv.url, keys)
    by_id = {m["id"]: (tenant, m) for tenant, memories in stored.items() for m in memories}
    seen: dict[tuple[str, str, str], str] = {}
    wrong = []
    for tenant, user, content, answer in answers:
        memory_id = answer.get("id")
        if answer["status"] not in ("stored", "deduplicated") or memory_id not in by_id:
            wrong.append(f"{tenant}/{user} {content!r}: {answer} names no stored memory")
            continue
        owner, memory = by_id[memory_id]
        if owner != tenant or memory["user_id"] != user or normalize(memory["content"]) != normalize(content):
            wrong.append(f"{tenant}/{user} {content!r} answered {memory_id}, which is {owner}'s {memory}")
        key = (tenant, user, normalize(content))
        if seen.setdefault(key, memory_id) != memory_id:
            wrong.append(f"{content!r} stored twice in {tenant}/{user}")
    assert not failures and not wrong, (
        f"{len(failures)} failed or crossed reads, e.g. {failures[:3]}; "
        f"{len(wrong)} bad write answers, e.g. {wrong[:3]}"
    )

    expected = {(t, u, normalize(c)) for t, u, c, _ in answers}
    found = {(t, m["user_id"], normalize(m["content"])) for t, ms in stored.items() for m in ms}
    assert found == expected, f"missing {len(expected - found)}, unexpected {len(found - expected)}"
    assert len(answers) == len(TENANTS) * WRITERS_PER_TENANT * BATCHES_PER_WRITER * (BATCH + BATCH // 5 + 1)


def _everything_stored(url: str, keys: dict[str, str]) -> dict[str, list[dict]]:
    """Every memory each tenant can list, paging with the cursor."""
    stored: dict[str, list[dict]] = defaultdict(list)
    for tenant, key in keys.items():
        conn = Conn(url, key)
        for user in ("user-0", "user-1"):
            cursor = None
            while True:
                path = f"/v1/memories?user_id={user}&limit=200" + (f"&cursor={cursor}" if cursor else "")
                status, page = conn.call("GET", path)
                assert status == 200, page
                stored[tenant].extend(page["items"])
                cursor = page.get("cursor")
                if not cursor:
                    break
    return stored
