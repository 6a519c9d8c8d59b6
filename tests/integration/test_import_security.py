"""An import is a write like any other (issue 26, DESIGN.md invariant 9): what POST /v1/import stores
could have been stored by POST /v1/memories. The probe of the security review: secrets, a forged hash
and counters, a bad project, an oversized content and a 3-number embedding; and tampered cursors."""

from __future__ import annotations

import base64
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from engram.adapters.sqlite.db import SqliteDatabase
from engram.adapters.sqlite.store import COLUMNS, index_text, row_values
from engram.api.app import EngramApi
from engram.domain.models import EnrichmentState, Memory
from engram.domain.text import content_hash
from engram.ids import new_id
from engram.ports import EnrichJob, IndexedMemory
from engram.runtime.container import Container, local
from engram.settings import Settings
from engram.usecases.sessions import AppendCommand, MessageIn
from tests.conftest import FakeClock, api_event

TENANT, USER = "acme", "maya"
AWS_KEY, PASSWORD, CARD = "AKIAZ7Q3XK2PLM4RT9VW", "Orchid-hunter-2291", "4539 1488 0343 6467"
API_KEY = "sk-live-9f8e7d6c5b4a3f2e1d0c"
SECRETS = (AWS_KEY, PASSWORD, CARD, CARD.replace(" ", ""), API_KEY)
PROBE = f"Deploy creds: {AWS_KEY} and my password is {PASSWORD}, card {CARD} on file."


def _container(tmp_path: Path, clock: FakeClock | None = None) -> Container:
    return local(
        Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}), clock=clock or FakeClock()
    )


def _memory(content: str, **fields: Any) -> dict[str, Any]:
    at = "2026-01-05T10:00:00Z"
    return {
        "id": new_id(),
        "user_id": USER,
        "content": content,
        "content_hash": content_hash(content),
        "created_at": at,
        "updated_at": at,
        "observed_at": at,
        **fields,
    }


def _call(api: EngramApi, method: str, path: str, body: Any = None, query: Any = None) -> tuple[int, Any]:
    response = api.handle(api_event(method, path, body, tenant=TENANT, query=query), None)
    text = response["body"] or ""
    ndjson = response["statusCode"] == 200 and path == "/v1/export"
    return response["statusCode"], text if ndjson else json.loads(text)


def _export(api: EngramApi, user: str = USER) -> str:
    """Every page of the user's export, as the NDJSON text the API sent."""
    text, query = "", {"user_id": user, "embeddings": "true", "limit": "2"}
    for _ in range(100):
        status, body = _call(api, "GET", "/v1/export", query=query)
        assert status == 200, body
        text += body
        last = json.loads(body.splitlines()[-1])
        if last["kind"] != "page":
            return text
        query = {**query, "cursor": last["cursor"]}
    raise AssertionError("the export never ended")


def _probe_records() -> list[dict[str, Any]]:
    secret = _memory(
        PROBE,
        content_hash="deadbeef",
        hits=999999,
        retrieval_count=4242,
        last_retrieved_at="2026-01-05T10:00:00Z",
        metadata={"api_key": API_KEY, "note": f"card {CARD}"},
        summary=f"password is {PASSWORD}",
        categories=[f"key {AWS_KEY}"],
        enrichment={"state": "done"},
    )
    history = [
        {"id": new_id(), "memory_id": secret["id"], "event": "updated", "detail": {"before": PROBE}},
    ]
    return [
        {"kind": "header", "format": "engram-export", "version": 1},
        {"kind": "memory", "memory": secret, "history": history, "embedding": [0.1] * 384},
        {
            "kind": "memory",
            "memory": _memory("Maya keeps the spare key with her neighbour.", project="../../etc x"),
        },
        {"kind": "memory", "memory": _memory("Maya wrote a very long note. " + "x" * 60_000)},
        {
            "kind": "memory",
            "memory": _memory(
                "Maya's favourite tea is a smoky lapsang souchong.", enrichment={"state": "done"}
            ),
            "embedding": [0.1, 0.2, 0.3],
        },
        {
            "kind": "session",
            "session": {"user_id": USER, "session_id": "s-1", "message_count": 1},
            "facts": [
                {
                    "fact_key": "f1",
                    "state": "proposed",
                    "content": PROBE,
                    "memory_type": "fact",
                    "confidence": 0.5,
                    "provenance": "user_stated",
                    "source_message_ids": [new_id()],
                    "job_id": new_id(),
                },
            ],
        },
        {
            "kind": "message",
            "user_id": USER,
            "session_id": "s-1",
            "message": {
                "id": new_id(),
                "seq": 1,
                "role": "user",
                "content": PROBE,
                "message_key": "k1",
                "received_at": "2026-01-05T10:00:00Z",
            },
        },
    ]


def test_the_import_probe_stores_only_what_remember_could_have(tmp_path, capsys) -> None:
    # Given an install, and the review's probe sent to POST /v1/import
    c = _container(tmp_path)
    api = EngramApi(c)
    records = _probe_records()
    status, body = _call(api, "POST", "/v1/import", {"records": records})
    assert status == 200, body
    assert body["created"] == 2, body
    assert [(r["record"], r.get("field")) for r in body["rejected"]] == [
        (2, "memory.project"),
        (3, "memory.content"),
    ], body
    assert sorted(body["redactions"]) == ["api_key", "aws_access_key", "credit_card", "password"], body

    # Then the bad records are reported, each with why, and the rest imported (the use case's report)
    report = c.importer(TENANT, records)
    assert [(r["record"], r.get("field")) for r in report.rejected] == [
        (2, "memory.project"),
        (3, "memory.content"),
    ], report.rejected
    assert report.records["session"] == report.records["message"] == 1
    assert report.existing == 2 and sorted(report.redactions) == [
        "api_key",
        "aws_access_key",
        "credit_card",
        "password",
    ]

    # And the stored memory is as remember would have stored it: redacted, hashed by us, counters afresh,
    # its enrichment (made from the raw content) and its embedding to be made again
    stored = {m.content: m for m in c.userdata.memories(TENANT, USER, None, 100)}  # type: ignore[union-attr]
    assert len(stored) == 2
    probe = next(m for m in stored.values() if "Deploy creds" in m.content)
    assert "[REDACTED:aws_access_key]" in probe.content and probe.content_hash == content_hash(probe.content)
    assert probe.content_hash != "deadbeef" and probe.hits == 1 and probe.retrieval_count == 0
    assert (
        probe.metadata["api_key"] == "[REDACTED:api_key]"
        and probe.enrichment.state is EnrichmentState.pending
    )
    tea = next(m for m in stored.values() if "lapsang" in m.content)
    assert tea.enrichment.state is EnrichmentState.pending  # its 3-number embedding was dropped
    assert c.vector_index.get_vectors(TENANT, [tea.id, probe.id]) == {}  # type: ignore[union-attr]

    # When their enrichment runs (embedded again, by this install's model), searches work
    c.enrich.many(
        [EnrichJob(tenant=TENANT, memory_id=m.id, content_hash=m.content_hash) for m in stored.values()]
    )
    assert len(c.vector_index.get_vectors(TENANT, [tea.id])[tea.id]) == 384  # type: ignore[union-attr]
    status, found = _call(api, "POST", "/v1/memories/search", {"query": "smoky tea", "user_id": USER})
    assert status == 200 and found["results"][0]["memory"]["id"] == tea.id, found

    # And the secrets are nowhere: not in a new export, not in any file of the data dir (the database,
    # its WAL, the full-text index's shadow tables, the graph files), not in the logs
    exported = _export(api)
    assert "deadbeef" not in exported and '"hits":999999' not in exported
    for secret in SECRETS:
        assert secret not in exported
    c.store.db.checkpoint()  # type: ignore[attr-defined]
    files = [p for p in (tmp_path / "data").rglob("*") if p.is_file()]
    assert any(p.name == "engram.sqlite3" for p in files)
    for path in files:
        data = path.read_bytes()
        for secret in SECRETS:
            assert secret.encode() not in data, (secret, path.name)
    logs = capsys.readouterr()
    for secret in SECRETS:
        assert secret not in logs.out + logs.err


def test_a_stored_vector_of_other_dimensions_is_skipped_at_search(tmp_path) -> None:
    # Given a user whose memories are embedded, searched once (the scope's matrix loaded)
    c = _container(tmp_path)
    api = EngramApi(c)
    ids = []
    for text in ("Maya's favourite tea is lapsang souchong.", "Maya cycles to work along the river."):
        status, body = _call(api, "POST", "/v1/memories", {"content": text, "user_id": USER})
        ids.append(body["id"])
    memories = c.store.get_many(TENANT, ids)
    c.enrich.many([EnrichJob(tenant=TENANT, memory_id=m.id, content_hash=m.content_hash) for m in memories])
    assert _call(api, "POST", "/v1/memories/search", {"query": "tea", "user_id": USER})[0] == 200

    # When one of them gets a vector of 3 numbers (as an import of today's code stored it)
    c.vector_index.upsert([IndexedMemory(memories[1], [0.1, 0.2, 0.3])])  # type: ignore[union-attr]

    # Then searches keep working, in this process and in a fresh one reading the data dir
    for api_now in (api, EngramApi(_container(tmp_path))):
        status, found = _call(api_now, "POST", "/v1/memories/search", {"query": "tea", "user_id": USER})
        assert status == 200, found
        assert found["results"][0]["memory"]["id"] == ids[0]


def _cursor(position: Any) -> str:
    return base64.urlsafe_b64encode(json.dumps(position).encode()).decode().rstrip("=")


def _positions(api: EngramApi) -> list[dict[str, Any]]:
    """The decoded cursor of every page of a small export (one record a page): each phase's."""
    out, query = [], {"user_id": USER, "limit": "1"}
    for _ in range(100):
        status, body = _call(api, "GET", "/v1/export", query=query)
        assert status == 200, body
        last = json.loads(body.splitlines()[-1])
        if last["kind"] != "page":
            return out
        out.append(json.loads(base64.urlsafe_b64decode(last["cursor"] + "==")))
        query = {**query, "cursor": last["cursor"]}
    raise AssertionError("the export never ended")


BAD_VALUES = (
    [],
    {},
    "x",
    -1,
    10**30,
    True,
    None,
    1.5,
    "\ud800",
    _cursor({"seq": "abc"}),
    _cursor({"after": 1}),
)


def test_a_tampered_export_cursor_is_422_invalid_cursor_never_500(tmp_path) -> None:
    # Given a user with memories, a graph and a session, exported a record a page
    clock = FakeClock()
    c = _container(tmp_path, clock)
    api = EngramApi(c)
    for text in ("Dana's manager is Priya Patel in Lisbon.", "Priya is allergic to tree nuts."):
        _call(api, "POST", "/v1/memories", {"content": text, "user_id": USER})
    c.append_messages(
        AppendCommand(
            tenant=TENANT,
            user_id=USER,
            session_id="trip-1",
            messages=[MessageIn(role="user", content=f"message number {i} of the trip") for i in range(3)],
        )
    )
    positions = _positions(api)
    assert {p["phase"] for p in positions} >= {"memories", "sessions"}, positions

    # When any field of any page's cursor is changed to something the API never wrote (the review's
    # three included: a project that is a string, a `done` that is a string, no counts at all)
    tampered = [_cursor(p | {"project": "x"}) for p in positions] + ["not-a-cursor", _cursor([1])]
    for position in positions:
        for key in [*position, "extra"]:
            tampered.append(_cursor({k: v for k, v in position.items() if k != key}))
            tampered += [_cursor(position | {key: value}) for value in BAD_VALUES]

    # Then each is a 422 invalid_cursor, never a 500
    answers = {}
    for cursor in tampered:
        status, body = _call(api, "GET", "/v1/export", query={"user_id": USER, "cursor": cursor})
        answers[cursor] = status
        if status != 200:
            assert (status, body["error"]) == (422, "invalid_cursor"), (cursor, body)
    assert sum(status == 422 for status in answers.values()) > len(tampered) // 2

    # And the transcript's cursor, which shares the message cursor, is checked the same way
    for cursor in (_cursor({"seq": "abc"}), _cursor({"seq": True}), _cursor({"seq": [1]})):
        query = {"user_id": USER, "cursor": cursor}
        status, body = _call(api, "GET", "/v1/sessions/trip-1/transcript", query=query)
        assert (status, body["error"]) == (422, "invalid_cursor"), body


# ------------------------------------------------------------------ ids per tenant

OLD_DDL = """
CREATE TABLE memories (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    tenant TEXT NOT NULL,
    user_id TEXT NOT NULL,
    project TEXT NOT NULL,
    namespace TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    status TEXT NOT NULL,
    enrichment_state TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    observed_at TEXT NOT NULL,
    hits INTEGER NOT NULL DEFAULT 1,
    retrieval_count INTEGER NOT NULL DEFAULT 0,
    last_retrieved_at TEXT,
    doc TEXT NOT NULL
);
CREATE VIRTUAL TABLE memories_fts USING fts5(content, scope, tokenize = 'porter unicode61');
CREATE TABLE vectors (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    tenant TEXT NOT NULL,
    user_id TEXT NOT NULL,
    dims INTEGER NOT NULL,
    vec BLOB NOT NULL
);
CREATE TABLE history (
    id TEXT PRIMARY KEY,
    tenant TEXT NOT NULL,
    memory_id TEXT NOT NULL,
    at TEXT NOT NULL,
    doc TEXT NOT NULL
);
"""


def _unique_indexes(path: Path, table: str) -> list[list[str]]:
    conn = sqlite3.connect(path)
    try:
        return [
            [c[2] for c in conn.execute(f"PRAGMA index_info('{index[1]}')")]
            for index in conn.execute(f"PRAGMA index_list('{table}')")
            if index[2]
        ]
    finally:
        conn.close()


def test_a_data_dir_of_todays_schema_is_migrated_to_ids_per_tenant(tmp_path) -> None:
    # Given a data dir made with the schema where a memory id was unique across tenants, holding a memory
    path = tmp_path / "data" / "engram.sqlite3"
    path.parent.mkdir()
    memory = Memory(
        id=new_id(), tenant=TENANT, user_id=USER, content="Maya's locker is number 42 at the pool.",
        content_hash=content_hash("Maya's locker is number 42 at the pool."),
    )  # fmt: skip
    conn = sqlite3.connect(path)
    conn.executescript(OLD_DDL)
    cur = conn.execute(
        f"INSERT INTO memories ({COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", row_values(memory)
    )
    index_text(conn, cur.lastrowid, memory.content, TENANT, USER)
    conn.execute(
        "INSERT INTO history (id, tenant, memory_id, at, doc) VALUES (?, ?, ?, ?, '{}')",
        (new_id(), TENANT, memory.id, "2026-01-05T10:00:00Z"),
    )
    conn.commit()
    conn.close()
    assert ["id"] in _unique_indexes(path, "memories")

    # When engram opens it
    SqliteDatabase(path).close()
    c = _container(tmp_path)

    # Then ids are unique per tenant in every table that held them, and the memory is as it was
    for table in ("memories", "vectors", "history"):
        assert ["tenant", "id"] in _unique_indexes(path, table) and ["id"] not in _unique_indexes(path, table)
    assert c.store.get(TENANT, memory.id) == memory
    schema = {r[0] for r in sqlite3.connect(path).execute("SELECT name FROM sqlite_master")}
    assert {
        "memories_dedup",
        "memories_scope",
        "vectors_user",
        "history_memory",
        "vector_changes_insert",
    } <= schema
    api = EngramApi(c)
    status, found = _call(api, "POST", "/v1/memories/search", {"query": "locker pool", "user_id": USER})
    assert status == 200 and [r["memory"]["id"] for r in found["results"]] == [memory.id]

    # And another tenant importing a memory of the same id imports it, and learns nothing
    record = {
        "kind": "memory",
        "memory": _memory("Globex's office plant needs water on Fridays.", id=memory.id),
    }
    report = c.importer("globex", [record])
    assert report.created == 1 and not report.conflicts and not report.rejected
    assert c.store.get(TENANT, memory.id) == memory
    assert c.store.get("globex", memory.id).content.startswith("Globex")  # type: ignore[union-attr]
    # and the newest memory's seq is past the migrated one's (AUTOINCREMENT kept)
    assert c.store.db.connection().execute("SELECT count(DISTINCT seq) FROM memories").fetchone()[0] == 2  # type: ignore[attr-defined]


@pytest.mark.parametrize("where", ["superseded_by", "merged_into", "related_ids"])
def test_links_are_kept_only_to_memories_of_the_same_user(tmp_path, where: str) -> None:
    # Given a memory of another user of the tenant
    c = _container(tmp_path)
    api = EngramApi(c)
    _, other = _call(
        api, "POST", "/v1/memories", {"content": "Omar's car is a blue estate.", "user_id": "omar"}
    )
    mine = _memory("Maya's car is a red hatchback.")
    target = _memory("Maya sold her red hatchback last week.")

    # When an import links a memory to it, and to a memory of the same import
    value = [other["id"]] if where == "related_ids" else other["id"]
    own = [target["id"]] if where == "related_ids" else target["id"]
    report = c.importer(
        TENANT,
        [
            {"kind": "memory", "memory": {**mine, where: value}},
            {"kind": "memory", "memory": {**target, "id": target["id"]}},
            {"kind": "memory", "memory": {**_memory("Maya's bike is green."), where: own}},
        ],
    )
    assert report.created == 3, report

    # Then the link to the other user's memory is dropped and the one inside the import kept
    stored = {m.content: m for m in c.userdata.memories(TENANT, USER, None, 10)}  # type: ignore[union-attr]
    assert getattr(stored[mine["content"]], where) in (None, [])
    assert getattr(stored["Maya's bike is green."], where) == own


def test_on_dynamodb_too_two_tenants_import_the_same_id_and_learn_nothing(tmp_path) -> None:
    from tests.integration.test_transfer import aws_container

    record = {"kind": "memory", "memory": _memory(PROBE)}
    with aws_container(tmp_path, FakeClock()) as aws:
        first = aws.importer(TENANT, [record])
        second = aws.importer("globex", [record])
        assert (first.created, second.created) == (1, 1) and not first.conflicts + second.conflicts
        for tenant in (TENANT, "globex"):
            stored = aws.store.get(tenant, record["memory"]["id"])
            assert stored is not None and stored.content_hash == content_hash(stored.content)
            assert stored.redactions == ["aws_access_key", "credit_card", "password"]
            assert all(secret not in stored.model_dump_json() for secret in SECRETS)
