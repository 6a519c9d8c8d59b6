"""`engram sessions add|show|transcript` as a user runs it, in a subprocess on a fresh data dir."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import ROOT

ENV = {**os.environ, "ENGRAM_EMBEDDER__PROVIDER": "hashing", "POWERTOOLS_LOG_LEVEL": "ERROR"}


def engram(*args: str, data_dir, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "engram.cli", *args, "--data-dir", str(data_dir)]
    return subprocess.run(
        command, capture_output=True, text=True, env=ENV, cwd=ROOT, input=stdin, timeout=120
    )


def test_add_extract_show_and_read_a_session(tmp_path) -> None:
    # When a conversation is added from stdin and a message from the command line, extracting at once
    conversation = [{"role": "user", "content": "I moved to Lisbon last month.", "message_id": "a1"}]
    added = engram("sessions", "add", "trip", "--user-id", "maya", "--file", "-", "--message",
                   "user:We decided to rent a flat in Alfama.", "--extract", data_dir=tmp_path,
                   stdin=json.dumps(conversation))  # fmt: skip

    # Then it says what it stored and which facts it derived
    assert added.returncode == 0, added.stderr
    assert "accepted 2, duplicates 0" in added.stdout
    assert "maya moved to Lisbon last month." in added.stdout
    assert "maya and others decided to rent a flat in Alfama." in added.stdout

    # and the session and its transcript read as the API answers them
    shown = json.loads(engram("sessions", "show", "trip", "--user-id", "maya", data_dir=tmp_path).stdout)
    assert shown["transcript"]["messages"] == 2 and shown["fact_counts"]["stored"] == 2
    transcript = engram("sessions", "transcript", "trip", "--user-id", "maya", data_dir=tmp_path)
    assert [m["message_id"] for m in json.loads(transcript.stdout)["items"]] == ["a1", None]


def test_an_unknown_session_is_a_message_not_a_traceback(tmp_path) -> None:
    shown = engram("sessions", "show", "nope", "--user-id", "maya", data_dir=tmp_path)
    assert shown.returncode == 1
    assert shown.stderr.strip() == "engram sessions show: no session nope for user maya"


def test_the_sample_events_append_then_extract_through_the_lambda_handlers(tmp_path) -> None:
    # Given the sample messages event run through the api Lambda handler
    posted = engram("invoke", "api", str(ROOT / "events/api/session_messages.json"), data_dir=tmp_path)
    assert posted.returncode == 0, posted.stderr
    answer = json.loads(posted.stdout)
    assert answer["statusCode"] == 202 and json.loads(answer["body"])["accepted"] == 2

    # When the sample extraction job is delivered to the enrich Lambda handler
    extracted = engram("invoke", "enrich", str(ROOT / "events/enrich/extract.json"), data_dir=tmp_path)

    # Then no record fails, and the session's fact is derived
    assert extracted.returncode == 0, extracted.stderr
    assert json.loads(extracted.stdout) == {"batchItemFailures": []}
    session = engram("invoke", "api", str(ROOT / "events/api/session.json"), data_dir=tmp_path)
    body = json.loads(json.loads(session.stdout)["body"])
    assert [f["content"] for f in body["facts"]] == [
        "alice moved to Lisbon last month.",
        "alice prefers window seats.",
    ]
    states = {job["job_id"]: job["state"] for job in body["jobs"]}
    assert states["01JDQZ8W7N3V5QK2T4XAMPLE10"] == "done"  # and the route's own job is still queued
    assert sorted(states.values()) == ["done", "queued"]
