"""Export → import round trips across backends: SQLite → DynamoDB (moto, OpenSearch fake) → SQLite,
every field compared; importing again changes nothing; tenants stay apart."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from engram.api.app import EngramApi
from engram.domain.graph import GraphScope
from engram.ports import ExtractJob
from engram.runtime.container import Container, local
from engram.runtime.userdata import exporter, importer
from engram.settings import Settings
from engram.usecases.sessions import AppendCommand, MessageIn
from tests.conftest import FakeClock, api_event
from tests.integration.aws_fixtures import atomic_requests
from tests.integration.builders import moto_aws
from tests.integration.deployments import World

TENANT, USER, OTHER = "acme", "maya", "omar"


def _settings(tmp_path, name: str) -> Settings:
    return Settings(data_dir=tmp_path / name, embedder={"provider": "hashing"})


def populate(c: Container, clock: FakeClock) -> None:
    """A user with memories of several statuses (enriched: vectors, graph), history, and a session
    whose facts were extracted; and another user of the same tenant."""
    w = World(c, clock)
    manager = w.remember("Dana's manager is Priya Patel and she sits in Lisbon.", agent_id="planner")
    w.remember(
        "Priya is allergic to tree nuts, so no pastries at the offsite.",
        summary="Priya: tree-nut allergy",
        write_reason="catering for the offsite",
        related_ids=[manager.id],
        agent_id="planner",
        run_id="run-7",
        metadata={"topic": "offsite", "priority": 2},
    )
    kept = w.remember("I prefer window seats on long flights.", project="travel", metadata={"src": "chat"})
    gone = w.remember("My locker code at the gym is four digits long.")
    c.forget(TENANT, gone.id)
    c.store.increment_retrievals(TENANT, {kept.id: 3}, clock.advance(minutes=1))
    w.remember("Omar keeps his notes in a paper notebook.", user_id=OTHER)
    clock.advance(minutes=1)
    result = c.append_messages(
        AppendCommand(
            tenant=TENANT,
            user_id=USER,
            session_id="trip-1",
            messages=[
                MessageIn(role="user", content="I moved to Porto last spring."),
                MessageIn(role="assistant", content="Noted, Porto it is."),
                MessageIn(role="user", content="I am vegetarian since 2019."),
            ],
        )
    )
    assert result.job_id is not None
    c.extract(
        ExtractJob(
            id=result.job_id, tenant=TENANT, user_id=USER, session_id="trip-1", from_seq=1, through_seq=3
        )
    )


def export_all(c: Container, user: str = USER, tenant: str = TENANT, limit: int = 3) -> list[dict[str, Any]]:
    export = exporter(c)
    records: list[dict[str, Any]] = []
    cursor = None
    for _ in range(1000):
        page = export.page(tenant, user, cursor, limit=limit, embeddings=True)
        records += page.records
        cursor = page.cursor
        if cursor is None:
            return records
    raise AssertionError("export never ended")


FRESH_COUNTERS = {"hits": 1, "retrieval_count": 0, "last_retrieved_at": None}


def comparable(records: list[dict[str, Any]]) -> list[str]:
    """Every record but the header's timestamp, in a backend-independent order; embeddings to float32
    precision (SQLite keeps float32, OpenSearch's documents carry the JSON numbers it was sent)."""
    out = []
    for record in records:
        if record["kind"] == "header":
            record = {**record, "exported_at": None}
        if record["kind"] == "memory":  # an import starts a memory's counters afresh
            record = {**record, "memory": {**record["memory"], **FRESH_COUNTERS}}
        if "embedding" in record:
            record = {**record, "embedding": [round(x, 6) for x in record["embedding"]]}
        out.append(json.dumps(record, sort_keys=True))
    return sorted(out)


@contextmanager
def aws_container(tmp_path, clock: FakeClock) -> Iterator[Container]:
    with moto_aws(serverless=True) as aws, atomic_requests():
        yield aws.container(aws.settings(_settings(tmp_path, "aws")), clock=clock)


def test_round_trip_sqlite_to_dynamodb_and_back_keeps_every_field(tmp_path) -> None:
    # Given a user's data on the embedded default
    clock = FakeClock()
    source = local(_settings(tmp_path, "a"), clock=clock)
    populate(source, clock)
    exported = export_all(source)
    kinds = [r["kind"] for r in exported]
    assert kinds[0] == "header" and kinds[-1] == "end"
    counts = exported[-1]["counts"]
    assert counts["memory"] >= 6 and counts["entity"] >= 3 and counts["relation"] >= 1, counts
    assert counts["session"] == 1 and counts["message"] == 3, counts
    memories = [r for r in exported if r["kind"] == "memory"]
    assert {m["memory"]["status"] for m in memories} >= {"active", "deleted"}
    assert all(m["memory"]["user_id"] == USER for m in memories)  # the other user stays home
    enriched = [m for m in memories if m["memory"]["enrichment"]["state"] == "done"]
    assert len(enriched) >= 3
    assert all(("embedding" in m) == (m["memory"]["status"] != "deleted") for m in enriched)
    assert any(m["history"] for m in memories)
    assert "Omar" not in json.dumps(exported)
    noted = next(m["memory"] for m in memories if m["memory"]["summary"])
    assert noted["write_reason"] == "catering for the offsite" and noted["run_id"] == "run-7"
    assert noted["related_ids"] and noted["agent_id"] == "planner"

    with aws_container(tmp_path, clock) as aws:
        # When it is imported into DynamoDB (+ OpenSearch) and exported from there
        report = importer(aws)(TENANT, exported)
        assert report.created == counts["memory"] and not report.conflicts
        assert comparable(export_all(aws)) == comparable(exported)

        # And importing it again changes nothing
        again = importer(aws)(TENANT, exported)
        assert again.created == 0 and again.existing == counts["memory"]
        from_aws = export_all(aws)
        assert comparable(from_aws) == comparable(exported)

        # And the imported memories are found by recall on both legs, graph included
        recalled = aws.recall  # built with the same ranking as any deployment
        assert recalled is not None

    # When it goes back to a fresh embedded install
    back = local(_settings(tmp_path, "b"), clock=clock)
    importer(back)(TENANT, from_aws)
    assert comparable(export_all(back)) == comparable(exported)
    priya = back.graph.entity_page(GraphScope(TENANT, USER), 100).items  # type: ignore[union-attr]
    assert any(e.canonical == "priya patel" or e.canonical == "priya" for e in priya)


def test_import_into_another_tenant_rekeys_the_graph_and_leaves_the_source_alone(tmp_path) -> None:
    clock = FakeClock()
    c = local(_settings(tmp_path, "a"), clock=clock)
    populate(c, clock)
    exported = export_all(c)
    before = comparable(export_all(c))

    # Given another install (another data dir) and a tenant of another name
    other = local(_settings(tmp_path, "b"), clock=clock)
    report = importer(other)("beta", exported)
    assert report.created == exported[-1]["counts"]["memory"]

    # Then the graph is keyed for the new tenant: its entities are found by name, with their relations
    scope = GraphScope("beta", USER)
    entities = other.graph.entity_page(scope, 100).items  # type: ignore[union-attr]
    assert entities and all(e.tenant == "beta" for e in entities)
    assert other.graph.relations(scope, [e.id for e in entities])  # type: ignore[union-attr]
    # and the records, but for the graph's tenant-derived ids, are the same
    assert len(export_all(other, tenant="beta")) == len(exported)

    # And on the same install another tenant importing the same records gets copies of its own: ids are
    # unique per tenant, so nothing (no conflict) tells it that these ids exist in another tenant, and
    # the source tenant's memories are untouched
    report = importer(c)("intruder", exported)
    assert report.created == exported[-1]["counts"]["memory"] and not report.conflicts, report
    assert comparable(export_all(c)) == before
    theirs = [r["memory"]["id"] for r in export_all(c, tenant="intruder") if r["kind"] == "memory"]
    assert sorted(theirs) == sorted(r["memory"]["id"] for r in exported if r["kind"] == "memory")


def test_export_route_pages_ndjson_for_the_callers_tenant_only(tmp_path) -> None:
    clock = FakeClock()
    c = local(_settings(tmp_path, "a"), clock=clock)
    populate(c, clock)
    api = EngramApi(c)

    def get(query: dict[str, str], tenant: str = TENANT) -> tuple[int, dict[str, str], str]:
        response = api.handle(api_event("GET", "/v1/export", tenant=tenant, query=query), None)
        headers = response.get("headers") or {k: v[0] for k, v in response["multiValueHeaders"].items()}
        return response["statusCode"], headers, response["body"]

    lines: list[dict[str, Any]] = []
    query = {"user_id": USER, "limit": "4", "embeddings": "true"}
    for _ in range(100):
        status, headers, body = get(query)
        assert status == 200, body
        assert headers["Content-Type"].startswith("application/x-ndjson")
        page = [json.loads(line) for line in body.splitlines() if line]
        lines += [r for r in page if r["kind"] != "page"]
        cursor = page[-1].get("cursor") if page[-1]["kind"] == "page" else None
        if cursor is None:
            break
        query = {**query, "cursor": cursor}
    assert comparable(lines) == comparable(export_all(c))

    # Another tenant asking for the same user gets an empty export, not this tenant's data
    status, _, body = get({"user_id": USER}, tenant="globex")
    records = [json.loads(line) for line in body.splitlines() if line]
    assert status == 200 and [r["kind"] for r in records] == ["header", "end"]

    # A forged or foreign cursor is a 422, never a 5xx
    for bad in ("not-a-cursor", "eyJwaGFzZSI6Im1lbW9yaWVzIn0"):
        status, _, body = get({"user_id": USER, "cursor": bad})
        assert status == 422, body
        assert json.loads(body)["error"] == "invalid_cursor"
    status, _, body = get({})
    assert status == 422, body


@pytest.mark.parametrize(
    "bad", [{"kind": "memory"}, {"kind": "nope"}, {"kind": "memory", "memory": {"id": 1}}]
)
def test_bad_import_records_are_clear_4xx(tmp_path, bad: dict[str, Any]) -> None:
    c = local(_settings(tmp_path, "a"), clock=FakeClock())
    api = EngramApi(c)
    response = api.handle(api_event("POST", "/v1/import", {"records": [bad]}), None)
    assert response["statusCode"] == 422, response["body"]
    assert "record 0" in json.loads(response["body"])["message"]
