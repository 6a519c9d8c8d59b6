"""The HTTP contract, through the same resolver the Lambda runs, on the embedded default store."""

from __future__ import annotations

import json

import pytest

from engram.api.app import EngramApi
from tests.conftest import api_event


def remember(call, content, **extra):
    return call("POST", "/v1/memories", {"content": content, "user_id": "alice", **extra})


def test_remember_stores_and_queues_enrichment(call, container):
    status, body = remember(call, "Alice prefers dark roast coffee")
    assert status == 201
    assert body["status"] == "stored" and body["deduplicated"] is False and body["enrichment"] == "pending"
    memory = container.store.get("acme", body["id"])
    assert memory.enrichment.state == "pending"
    assert container.queue.depth()["queued"] == 1


def test_same_content_other_casing_and_spacing_is_deduplicated(call, container):
    _, first = remember(call, "Alice prefers dark roast coffee")
    status, again = remember(call, "  alice PREFERS dark   roast coffee! ")
    assert status == 200
    assert again == {**again, "id": first["id"], "status": "deduplicated", "deduplicated": True}
    assert container.store.get("acme", first["id"]).hits == 2
    assert container.queue.depth()["queued"] == 1  # no second enrichment job


def test_filler_is_rejected_with_a_reason_and_nothing_stored(call, container):
    status, body = remember(call, "ok")
    assert status == 200
    assert body["id"] is None and body["status"] == "rejected" and "not durable" in body["rejected"]
    assert call("GET", "/v1/memories", query={"user_id": "alice"})[1]["items"] == []


def test_force_bypasses_the_gate(call):
    status, body = remember(call, "ok", force=True)
    assert status == 201 and body["status"] == "stored"


def test_secrets_are_redacted_before_storage(call, container):
    status, body = remember(call, "The staging AWS key is AKIAIOSFODNN7EXAMPLE")
    assert status == 201 and body["redactions"] == ["aws_access_key"]
    stored = container.store.get("acme", body["id"])
    assert "AKIAIOSFODNN7EXAMPLE" not in stored.content
    assert stored.content == "The staging AWS key is [REDACTED:aws_access_key]"
    raw = (container.settings.db_path).read_bytes()
    assert b"AKIAIOSFODNN7EXAMPLE" not in raw


def test_unredactable_secret_is_a_422(call):
    status, body = remember(call, "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA")
    assert status == 422 and body["error"] == "pii_rejected"


def test_malformed_json_is_400(call):
    status, body = call("POST", "/v1/memories", "{not json")
    assert status == 400 and body["error"] == "malformed_json"


@pytest.mark.parametrize(
    ("payload", "path"),
    [
        ({"user_id": "alice"}, "body.content"),
        ({"content": "x" * 8001, "user_id": "alice"}, "body.content"),
        ({"content": "A perfectly fine memory"}, "body.user_id"),
        ({"content": "A perfectly fine memory", "user_id": "alice", "importance": 9}, "body.importance"),
        (
            {"content": "A perfectly fine memory", "user_id": "alice", "memory_type": "gossip"},
            "body.memory_type",
        ),
        ({"content": "A perfectly fine memory", "user_id": "alice", "colour": "red"}, "body.colour"),
        (
            {"content": "A perfectly fine memory", "user_id": "alice", "namespace": "bad space"},
            "body.namespace",
        ),
    ],
)
def test_invalid_fields_are_422_with_their_path(call, payload, path):
    status, body = call("POST", "/v1/memories", payload)
    assert status == 422 and body["error"] == "validation_error"
    assert path in [d["path"] for d in body["details"]]


def test_body_over_64_kib_is_413(container):
    api = EngramApi(container)
    big = json.dumps({"content": "x" * 70_000, "user_id": "alice"})
    response = api.handle(api_event("POST", "/v1/memories", big), None)
    assert response["statusCode"] == 413
    assert json.loads(response["body"])["error"] == "payload_too_large"


def test_missing_tenant_context_is_401(call):
    status, body = call("GET", "/v1/memories", query={"user_id": "alice"}, tenant=None)
    assert status == 401 and body["error"] == "unauthorized"


def test_unknown_route_is_a_json_404(call):
    status, body = call("GET", "/v1/nothing-here")
    assert status == 404 and body["error"] == "not_found"


def test_get_unknown_and_other_tenants_ids_are_404(call):
    _, body = remember(call, "Alice's badge number is on file")
    assert call("GET", f"/v1/memories/{body['id']}")[0] == 200
    assert call("GET", f"/v1/memories/{body['id']}", tenant="intruder")[0] == 404
    assert call("DELETE", f"/v1/memories/{body['id']}", tenant="intruder")[0] == 404
    assert call("GET", "/v1/memories/01NOPE00000000000000000000")[0] == 404


def test_tenant_in_the_body_is_ignored(call, container):
    status, body = call(
        "POST", "/v1/memories", {"content": "Tenant spoof attempt here", "user_id": "a", "tenant": "x"}
    )
    assert "body.tenant" in [d["path"] for d in body["details"]]
    assert status == 422  # unknown field, never honoured


def test_delete_then_get_is_404_and_content_can_be_remembered_again(call):
    _, first = remember(call, "Alice is vegetarian since 2019")
    status, deleted = call("DELETE", f"/v1/memories/{first['id']}")
    assert status == 200 and deleted["status"] == "deleted"
    assert call("GET", f"/v1/memories/{first['id']}")[0] == 404
    assert call("DELETE", f"/v1/memories/{first['id']}")[0] == 404
    status, again = remember(call, "Alice is vegetarian since 2019")
    assert status == 201 and again["id"] != first["id"]


def test_batch_returns_one_result_per_item_in_order(call):
    items = [
        {"content": "Team uses trunk-based development", "user_id": "alice"},
        {"content": "ok", "user_id": "alice"},
        {"content": "team uses TRUNK-BASED development.", "user_id": "alice"},
        {"content": "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADAN", "user_id": "alice"},
        {"content": "Release train leaves every second Wednesday", "user_id": "alice"},
    ]
    status, body = call("POST", "/v1/memories/batch", {"items": items})
    assert status == 200
    results = body["results"]
    assert [r["status"] for r in results] == ["stored", "rejected", "deduplicated", "error", "stored"]
    assert results[2]["id"] == results[0]["id"]
    assert results[3]["error"] == "pii_rejected"


def test_batch_over_100_items_is_422(call):
    items = [{"content": f"Batch item number {i} here", "user_id": "alice"} for i in range(101)]
    status, body = call("POST", "/v1/memories/batch", {"items": items})
    assert status == 422 and "body.items" in [d["path"] for d in body["details"]]


def test_list_paginates_with_an_opaque_cursor(call):
    for i in range(7):
        remember(call, f"Sprint {i} goal was shipped on time")
    status, page1 = call("GET", "/v1/memories", query={"user_id": "alice", "limit": "4"})
    assert status == 200 and len(page1["items"]) == 4 and page1["cursor"]
    _, page2 = call(
        "GET", "/v1/memories", query={"user_id": "alice", "limit": "4", "cursor": page1["cursor"]}
    )
    assert len(page2["items"]) == 3 and page2["cursor"] is None
    ids = [m["id"] for m in page1["items"] + page2["items"]]
    assert len(set(ids)) == 7
    status, body = call("GET", "/v1/memories", query={"user_id": "alice", "cursor": "garbage"})
    assert status == 422 and body["error"] == "invalid_cursor"


def test_list_requires_user_id(call):
    status, body = call("GET", "/v1/memories")
    assert status == 422 and "query.user_id" in [d["path"] for d in body["details"]]


def test_patch_fields_and_content(call, container):
    _, made = remember(call, "Standup happens at 9:30 daily")
    status, body = call("PATCH", f"/v1/memories/{made['id']}", {"importance": 5})
    assert status == 200 and body["importance"] == 5
    status, body = call("PATCH", f"/v1/memories/{made['id']}", {"content": "Standup happens at 10:00 daily"})
    assert status == 200 and body["content"] == "Standup happens at 10:00 daily"
    assert body["enrichment"]["state"] == "pending"
    assert remember(call, "Standup happens at 9:30 daily")[0] == 201  # the old hash is free
    status, body = call("PATCH", f"/v1/memories/{made['id']}", {"content": "Standup happens at 9:30 daily"})
    assert status == 409 and body["error"] == "conflict"
    events = [e["event"] for e in call("GET", f"/v1/memories/{made['id']}/history")[1]["events"]]
    assert events == ["updated", "updated"]


def test_health_and_openapi(call):
    assert call("GET", "/v1/health", tenant=None) == (200, {"status": "ok", "version": "0.1.0"})
    status, doc = call("GET", "/v1/openapi.json")
    assert status == 200 and "/v1/memories" in doc["paths"] and "/v1/memories/batch" in doc["paths"]


def test_the_document_is_built_once_per_base_path(container, monkeypatch):
    from engram.api.routes import meta

    built: list[str] = []
    real = meta.document

    def counting(routes, base_path=""):
        built.append(base_path)
        return real(routes, base_path)

    monkeypatch.setattr(meta, "document", counting)
    api = EngramApi(container)
    at_root = api_event("GET", "/v1/openapi.json")
    at_root["requestContext"].update(stage="$default", path="/v1/openapi.json")
    staged = api_event("GET", "/v1/openapi.json")
    staged["requestContext"].update(stage="prod", path="/prod/v1/openapi.json")
    for _ in range(3):
        doc = json.loads(api.handle(at_root, None)["body"])
        assert "/v1/memories" in doc["paths"] and doc["servers"] == [{"url": "/"}]
    assert api.handle(api_event("GET", "/v1/docs"), None)["statusCode"] == 200
    assert json.loads(api.handle(staged, None)["body"])["servers"] == [{"url": "/prod"}]
    assert sorted(set(built)) == sorted(built)  # each base path built once
    assert "" in built and "/prod" in built


def test_docs_page_is_served(container):
    api = EngramApi(container)
    response = api.handle(api_event("GET", "/v1/docs"), None)
    assert response["statusCode"] == 200 and "swagger" in response["body"].lower()


def test_a_deleted_memorys_history_is_gone_with_it(call):
    _, made = remember(call, "Alice's locker code is 4471")
    assert call("GET", f"/v1/memories/{made['id']}/history")[0] == 200
    assert call("DELETE", f"/v1/memories/{made['id']}")[0] == 200
    status, body = call("GET", f"/v1/memories/{made['id']}/history")
    assert status == 404 and body["error"] == "not_found"


def test_the_database_files_are_private(call, container):
    remember(call, "Alice keeps her notes in the team wiki")
    data_dir = container.settings.db_path.parent
    assert data_dir.stat().st_mode & 0o777 == 0o700
    files = [p for p in data_dir.iterdir() if p.name.startswith(container.settings.db_path.name)]
    assert any(p.name.endswith("-wal") for p in files)
    for path in files:
        assert path.stat().st_mode & 0o077 == 0, f"{path.name} is readable by others"
