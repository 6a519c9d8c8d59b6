"""`engram import --from mem0` against a real `engram serve`: mem0's export through the API, twice."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.conftest import ROOT, wait_for

pytestmark = pytest.mark.e2e

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "mem0"


def test_a_mem0_export_through_the_api_twice(served, tmp_path) -> None:
    client, _, server = served
    user = "mem0-import-user"
    source = str(FIXTURES / "platform.ndjson")
    remote = ["--url", server.url, "--api-key", client.key, "--data-dir", str(tmp_path / "x")]
    argv = [
        sys.executable,
        "-m",
        "engram.cli",
        "import",
        "--from",
        "mem0",
        source,
        "--user-id",
        user,
        *remote,
    ]

    def run() -> tuple[dict, str]:
        done = subprocess.run(argv, capture_output=True, text=True, check=True, cwd=ROOT, timeout=120)
        return json.loads(done.stdout.splitlines()[-1]), done.stderr

    first, err = run()
    assert first == {
        "items": 3,
        "created": 2,
        "existing": 0,
        "conflicts": 0,
        "skipped": 1,
        "queued": 2,
        "rejected": 0,
    }
    assert "skipped line 3" in err
    status, page = client.request("GET", f"/v1/memories?user_id={user}")
    assert status == 200
    by_mem0 = {m["metadata"]["mem0_id"]: m for m in page["items"]}
    rotterdam = by_mem0["3b6f1a28-7d4e-4c9b-8e2a-5f0c1d9b7a64"]
    assert rotterdam["content"] == "Works as a data engineer at a logistics startup in Rotterdam"
    assert rotterdam["provenance"] == "imported"
    assert rotterdam["metadata"]["mem0_categories"] == ["professional_details"]
    assert rotterdam["observed_at"].startswith("2025-01-14T08:21:37")
    assert len(by_mem0) == 2
    # the server's worker enriches what the import queued (a wait, not a timing: up to 60 s)
    for memory in by_mem0.values():
        wait_for(client, memory["id"], lambda m: m["enrichment"]["state"] == "done", timeout_s=60)

    again, _ = run()
    assert again == {
        "items": 3,
        "created": 0,
        "existing": 2,
        "conflicts": 0,
        "skipped": 1,
        "queued": 0,
        "rejected": 0,
    }
    status, page = client.request("GET", f"/v1/memories?user_id={user}")
    assert {m["id"] for m in page["items"]} == {m["id"] for m in by_mem0.values()}
