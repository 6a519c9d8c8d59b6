"""Every sample in events/ runs through its Lambda handler, as `engram invoke` runs it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import EVENTS, ROOT


def invoke(function: str, event: str, data_dir, env=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "engram.cli",
            "invoke",
            function,
            str(EVENTS / event),
            "--data-dir",
            str(data_dir),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={**__import__("os").environ, "ENGRAM_EMBEDDER__PROVIDER": "hashing", **(env or {})},
    )


def test_every_event_is_valid_json_with_a_known_shape():
    names = sorted(p.relative_to(EVENTS).as_posix() for p in EVENTS.rglob("*.json"))
    assert {n.split("/")[0] for n in names} == {
        "api",
        "authorizer",
        "enrich",
        "janitor",
        "events",
        "webhooks",
    }
    for name in names:
        event = json.loads((EVENTS / name).read_text())
        if name.startswith("api/"):
            assert {"httpMethod", "path", "requestContext", "headers"} <= event.keys()
        elif name.startswith("events/"):
            assert all(r["eventSource"] == "aws:dynamodb" for r in event["Records"])
        elif name.startswith(("enrich/", "webhooks/")):
            assert all(r["eventSource"] == "aws:sqs" for r in event["Records"])
        elif name.startswith("janitor/"):
            assert event["detail-type"] == "Scheduled Event" and event["detail"]["job"] in name


@pytest.mark.parametrize(
    ("event", "status"),
    [
        ("api/remember.json", 201),
        ("api/remember_batch.json", 200),
        ("api/list.json", 200),
        ("api/get.json", 404),
        ("api/delete.json", 404),
        ("api/patch.json", 404),
        ("api/history.json", 404),
        ("api/health.json", 200),
        ("api/openapi.json", 200),
        ("api/docs.json", 200),
        ("api/session_messages.json", 202),
        ("api/session.json", 404),
        ("api/session_transcript.json", 404),
        ("api/session_delete.json", 404),
        ("api/session_checkpoint.json", 201),
        ("api/session_checkpoint_latest.json", 404),
        ("api/context.json", 200),
    ],
)
def test_api_events(tmp_path, event, status):
    result = invoke("api", event, tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["statusCode"] == status


def test_authorizer_denies_the_sample_key_and_allows_a_real_one(tmp_path):
    denied = invoke("authorizer", "authorizer/request.json", tmp_path)
    assert denied.returncode == 1 and "Unauthorized" in denied.stdout

    from engram.adapters.sqlite.db import SqliteDatabase
    from engram.adapters.sqlite.keys import SqliteKeyStore
    from engram.usecases.keys import create_key

    secret, key = create_key(SqliteKeyStore(SqliteDatabase(tmp_path / "engram.sqlite3")), "acme")
    event = json.loads((EVENTS / "authorizer/request.json").read_text())
    event["headers"]["Authorization"] = f"Bearer {secret}"
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event))
    allowed = subprocess.run(
        [sys.executable, "-m", "engram.cli", "invoke", "authorizer", str(path), "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    policy = json.loads(allowed.stdout)
    assert policy["principalId"] == "acme"
    assert policy["context"] == {
        "tenant": "acme",
        "key_id": key.key_id,
        "rate": 20.0,
        "burst": 40,
    }  # the default
    statement = policy["policyDocument"]["Statement"][0]
    assert statement["Effect"] == "Allow"
    assert statement["Resource"] == ["arn:aws:execute-api:us-east-1:123456789012:abc123/prod/*/*"]
