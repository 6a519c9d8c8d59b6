"""The committed openapi.json is what the code generates (regenerate with `make openapi`)."""

import json
import subprocess
import sys

from engram.api.openapi import document
from tests.conftest import ROOT

PRINT_AND_LIST = """
import io, json, sys, contextlib
from engram.api.openapi import main
with contextlib.redirect_stdout(io.StringIO()):
    main()
print(json.dumps(sorted(sys.modules)))
"""


def test_committed_openapi_matches_the_code():
    committed = json.loads((ROOT / "openapi.json").read_text())
    assert committed == json.loads(json.dumps(document(), sort_keys=True)), "run `make openapi` and commit"


def test_every_contract_route_is_documented():
    paths = document()["paths"]
    assert {
        "/v1/memories",
        "/v1/memories/batch",
        "/v1/memories/search",
        "/v1/memories/{memory_id}",
        "/v1/memories/{memory_id}/history",
        "/v1/health",
        "/v1/openapi.json",
        "/v1/admin/stats",
    } <= set(paths)
    assert set(paths["/v1/memories/{memory_id}"]) == {"get", "patch", "delete"}


def test_the_document_is_printed_without_building_a_deployment():
    """`make openapi` reads the routes' declarations only: no container, no adapter, no database."""
    loaded = subprocess.run(
        [sys.executable, "-c", PRINT_AND_LIST],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    ).stdout.splitlines()[-1]
    modules = json.loads(loaded)
    assert "engram.api.app" in modules  # the document was built in that process
    assert [m for m in modules if m.startswith(("engram.runtime", "engram.adapters", "sqlite3"))] == []
