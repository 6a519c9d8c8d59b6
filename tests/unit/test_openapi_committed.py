"""The committed openapi.json is what the code generates (regenerate with `make openapi`)."""

import json

from engram.api.openapi import document
from tests.conftest import ROOT


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
