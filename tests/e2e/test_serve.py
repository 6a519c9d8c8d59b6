"""A newcomer's path, over real HTTP against `engram serve`."""

from __future__ import annotations

import http.client
import json

import pytest

from tests.e2e.conftest import engram, new_key

pytestmark = pytest.mark.e2e


def test_remember_dedup_reject_over_http(served):
    client, _, _ = served
    status, first = client.request(
        "POST", "/v1/memories", {"content": "I prefer dark roast coffee", "user_id": "u1"}
    )
    assert status == 201 and first["status"] == "stored"
    status, again = client.request(
        "POST", "/v1/memories", {"content": "i PREFER  dark roast coffee.", "user_id": "u1"}
    )
    assert status == 200 and again["id"] == first["id"] and again["deduplicated"] is True
    status, ok = client.request("POST", "/v1/memories", {"content": "ok", "user_id": "u1"})
    assert status == 200 and ok["status"] == "rejected"


def test_keys_gate_every_route_but_health(served):
    client, _, _ = served
    assert client.request("GET", "/v1/health", key="")[0] == 200
    status, body = client.request("GET", "/v1/memories?user_id=u1", key="")
    assert status == 401 and body["error"] == "unauthorized"
    assert client.request("GET", "/v1/memories?user_id=u1", key="engram_wrong")[0] == 401


def test_tenants_never_see_each_other(served):
    client, other, _ = served
    _, made = client.request(
        "POST", "/v1/memories", {"content": "Acme's launch date is secret", "user_id": "u1"}
    )
    assert other.request("GET", f"/v1/memories/{made['id']}")[0] == 404
    assert other.request("GET", "/v1/memories?user_id=u1")[1]["items"] == []


def test_revoked_key_stops_working(served):
    client, _, server = served
    secret = new_key(server.data_dir, "acme", "--name", "temp")
    assert client.request("GET", "/v1/memories?user_id=u1", key=secret)[0] == 200
    listed = engram("keys", "list", data_dir=server.data_dir).stdout
    key_id = next(line.split()[0] for line in listed.splitlines() if " temp " in line)
    engram("keys", "revoke", key_id, data_dir=server.data_dir)
    assert client.request("GET", "/v1/memories?user_id=u1", key=secret)[0] == 401
    assert secret not in (server.data_dir / "engram.sqlite3").read_bytes().decode("latin-1")


def test_bad_input_is_json_not_a_stack_trace(served):
    client, _, _ = served
    status, body = client.request("POST", "/v1/memories", raw=b"{oops")
    assert status == 400 and body["error"] == "malformed_json"
    status, body = client.request("POST", "/v1/memories", raw=json.dumps({"content": "x" * 70_000}).encode())
    assert status == 413 and body["error"] == "payload_too_large"
    status, body = client.request("GET", "/v1/missing")
    assert status == 404 and body["error"] == "not_found"


def test_curl_style_form_content_type_is_read_as_json(served):
    client, _, server = served
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    body = json.dumps({"content": "Form encoded header but JSON body", "user_id": "u1"})
    conn.request(
        "POST",
        "/v1/memories",
        body=body,
        headers={
            "Authorization": f"Bearer {client.key}",
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    response = conn.getresponse()
    assert response.status == 201 and json.loads(response.read())["status"] == "stored"
