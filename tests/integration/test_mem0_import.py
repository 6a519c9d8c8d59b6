"""`engram import --from mem0`: mem0's memory export (get_all JSON, or NDJSON of platform items) into a
data dir: memories with mem0's fields, recallable after enrichment; again changes nothing; items
without a user need --user-id; a bad item is reported and skipped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engram.api.app import EngramApi
from engram.cli import main
from engram.domain.models import EnrichmentState, Memory, Provenance
from engram.ports import EnrichJob
from engram.runtime.container import Container, local
from engram.settings import Settings
from engram.usecases.mem0_import import convert, engram_id
from engram.usecases.recall import RecallQuery
from tests.conftest import api_event
from tests.integration import test_forget_user
from tests.integration.test_forget_user import Deployment

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "mem0"
deployment = test_forget_user.deployment  # the fixture: a local, or an AWS (moto) deployment with its worker
TENANT = "home"


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("ENGRAM_EMBEDDER__PROVIDER", "hashing")
    return tmp_path / "data"


def run(capsys, *argv: str) -> tuple[dict, str]:
    assert main(list(argv)) == 0
    out, err = capsys.readouterr()
    return json.loads(out.strip().splitlines()[-1]), err


def container(data: Path) -> Container:
    return local(Settings(data_dir=data, embedder={"provider": "hashing"}))


def memories(c: Container, user: str) -> dict[str, Memory]:
    assert c.userdata is not None
    return {m.metadata["mem0_id"]: m for m in c.userdata.memories(TENANT, user, None, 100)}


def test_get_all_json_lands_with_its_fields_recallable_and_again_changes_nothing(data, capsys) -> None:
    args = ("import", "--from", "mem0", str(FIXTURES / "get_all.json"), "--data-dir", str(data),
            "--tenant", TENANT)  # fmt: skip
    summary, err = run(capsys, *args)
    assert summary == {
        "items": 4,
        "created": 3,
        "existing": 0,
        "conflicts": 0,
        "skipped": 1,
        "queued": 3,
        "rejected": 0,
    }
    assert "skipped item 3: no memory text" in err

    c = container(data)
    found = memories(c, "alex")
    assert len(found) == 3
    marathon = found["5e8b2d14-63f0-4f0e-b7c9-2a6d8e1f3c45"]
    assert marathon.content == "Training for the Berlin marathon in September"
    assert marathon.agent_id == "coach-bot" and marathon.run_id == "session-42"
    assert marathon.provenance is Provenance.imported
    assert marathon.metadata == {
        "mem0_id": "5e8b2d14-63f0-4f0e-b7c9-2a6d8e1f3c45",
        "mem0_categories": ["sports", "personal_details"],
        "mem0_hash": "2c9e7a4b1d0f3e5a6b8c7d9e0f1a2b3c",
    }
    assert marathon.observed_at.isoformat() == "2024-07-22T18:05:11.402871-07:00"
    vegetarian = found["0a3f7c52-8a1e-4c36-9a2f-4d3c1b7e9f10"]
    assert vegetarian.metadata["source"] == "onboarding"
    assert vegetarian.id == engram_id("0a3f7c52-8a1e-4c36-9a2f-4d3c1b7e9f10", vegetarian.created_at)
    assert vegetarian.id < marathon.id  # ULIDs keep mem0's order of creation

    # Their enrichment is queued; once it runs, recall finds them
    assert all(m.enrichment.state is EnrichmentState.pending for m in found.values())
    assert c.queue.depth()["queued"] >= 3
    c.enrich.many(
        [EnrichJob(tenant=TENANT, memory_id=m.id, content_hash=m.content_hash) for m in found.values()]
    )
    hits = c.recall(RecallQuery(tenant=TENANT, user_id="alex", query="which seat on a long flight?", top_k=3))
    assert hits and hits[0].memory.metadata["mem0_id"] == "9c1d4e77-0b2a-4d8f-a5e6-3f7b9c2d1e08"
    before = {k: m.model_dump() for k, m in memories(c, "alex").items()}

    # When the same file is imported again, nothing changes
    again, _ = run(capsys, *args)
    assert again == {
        "items": 4,
        "created": 0,
        "existing": 3,
        "conflicts": 0,
        "skipped": 1,
        "queued": 0,
        "rejected": 0,
    }
    assert {k: m.model_dump() for k, m in memories(container(data), "alex").items()} == before


def test_items_without_a_user_need_user_id_and_a_bad_line_is_skipped(data, capsys) -> None:
    source = str(FIXTURES / "platform.ndjson")
    local_args = ("--data-dir", str(data), "--tenant", TENANT)
    with pytest.raises(SystemExit) as stopped:
        main(["import", "--from", "mem0", source, *local_args])
    assert "line 1" in str(stopped.value) and "--user-id" in str(stopped.value)
    assert not (data / "engram.db").exists() or memories(container(data), "sam") == {}

    summary, err = run(capsys, "import", "--from", "mem0", source, "--user-id", "sam", *local_args)
    assert summary == {
        "items": 3,
        "created": 2,
        "existing": 0,
        "conflicts": 0,
        "skipped": 1,
        "queued": 2,
        "rejected": 0,
    }
    assert "skipped line 3: created_at 'not a date' is not an ISO 8601 date" in err
    found = memories(container(data), "sam")
    assert set(found) == {"3b6f1a28-7d4e-4c9b-8e2a-5f0c1d9b7a64", "e2d9c4b1-5a7f-4e3c-9b8d-1f6a0c2e4d87"}
    penicillin = found["e2d9c4b1-5a7f-4e3c-9b8d-1f6a0c2e4d87"]
    assert penicillin.metadata == {
        "verified": True,
        "mem0_id": "e2d9c4b1-5a7f-4e3c-9b8d-1f6a0c2e4d87",
        "mem0_categories": ["health"],
        "mem0_hash": "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
    }
    assert penicillin.agent_id is None and penicillin.observed_at.year == 2025


def test_the_shapes_mem0_hands_out() -> None:
    item = {"id": "m1", "memory": "Likes jazz", "user_id": "u", "created_at": "2024-01-02T03:04:05"}
    as_list = convert(json.dumps([item]))
    as_page = convert(json.dumps({"count": 1, "next": None, "previous": None, "results": [item]}))
    as_line = convert(json.dumps(item) + "\n")
    assert as_list.records == as_page.records == as_line.records and len(as_list.records) == 1
    record = as_list.records[0]["memory"]
    assert record["observed_at"].startswith("2024-01-02T03:04:05") and record["user_id"] == "u"
    assert convert(json.dumps([item]), now=None).records[0]["memory"]["id"] == record["id"]  # deterministic
    bad = convert('[1, {"id": "x", "memory": "y"}]')
    assert bad.skipped == ["item 0: not a JSON object", "item 1: no user_id (pass --user-id)"]


def test_the_import_route_queues_enrichment_of_what_arrives_pending(deployment: Deployment) -> None:
    # Given mem0's export converted to import records (memories pending enrichment)
    records = convert((FIXTURES / "get_all.json").read_text()).records
    api = EngramApi(deployment.c)

    # When they are posted to the import route of a deployment (SQLite, or DynamoDB + SQS + OpenSearch)
    response = api.handle(api_event("POST", "/v1/import", {"records": records}, tenant=TENANT), None)

    # Then the answer says their enrichment was queued, and once the worker ran, recall finds them
    assert response["statusCode"] == 200, response["body"]
    answer = json.loads(response["body"])
    assert answer["created"] == 3 and answer["queued"] == 3
    deployment.run_jobs()
    found = memories(deployment.c, "alex")
    assert {m.enrichment.state for m in found.values()} == {EnrichmentState.done}
    hits = deployment.c.recall(
        RecallQuery(tenant=TENANT, user_id="alex", query="which seat on a long flight?", top_k=3)
    )
    assert hits and hits[0].memory.metadata["mem0_id"] == "9c1d4e77-0b2a-4d8f-a5e6-3f7b9c2d1e08"

    # And importing them again stores nothing and queues nothing
    again = json.loads(
        api.handle(api_event("POST", "/v1/import", {"records": records}, tenant=TENANT), None)["body"]
    )
    assert again["created"] == 0 and again["existing"] == 3 and again["queued"] == 0


def test_a_mem0_import_is_screened_as_remember_is(data, tmp_path, capsys) -> None:
    # Given a mem0 export whose items hold secrets, in the memory and in the metadata, and a user id over
    # the API's 128 characters
    aws_key, password, card, token = (
        "AKIAZ7Q3XK2PLM4RT9VW",
        "Orchid-hunter-2291",
        "4539 1488 0343 6467",
        "sk-9f8e7d6c5b4a3",
    )
    items = [
        {"id": "m-1", "user_id": "alex", "memory": f"Deploy {aws_key}; password is {password}, card {card}",
         "metadata": {"api_key": token}, "hash": "deadbeef"},
        {"id": "m-2", "user_id": "u" * 200, "memory": "Alex likes the mountains in winter."},
        {"id": "m-3", "user_id": "alex", "memory": "Alex drinks oolong in the afternoon."},
    ]  # fmt: skip
    source = tmp_path / "mem0.json"
    source.write_text(json.dumps({"results": items}))

    # When it is imported into a data dir
    summary, err = run(
        capsys, "import", "--from", "mem0", str(source), "--data-dir", str(data), "--tenant", TENANT
    )

    # Then the bad item is rejected with why, the rest imported, and no secret is in any file of the data dir
    assert (summary["created"], summary["rejected"]) == (2, 1), (summary, err)
    assert "rejected record 1: memory.user_id" in err
    found = memories(container(data), "alex")
    creds = found["m-1"]
    assert creds.redactions == ["api_key", "aws_access_key", "credit_card", "password"]
    assert creds.metadata["api_key"] == "[REDACTED:api_key]" and creds.metadata["mem0_hash"] == "deadbeef"
    for path in (p for p in data.rglob("*") if p.is_file()):
        raw = path.read_bytes()
        for secret in (aws_key, password, card, card.replace(" ", ""), token):
            assert secret.encode() not in raw, (secret, path.name)
