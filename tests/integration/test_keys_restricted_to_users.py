"""A key restricted to some users (`engram keys create --users alice`, issue 26 item 8) reads and writes
only their memories, sessions and exports: any other user_id, or a memory of another user by its id, is
404 as for what does not exist; routes over the whole tenant (stats, import) are 404 too."""

from __future__ import annotations

import json
from typing import Any

from engram.api.app import EngramApi
from engram.domain.key_rules import DefaultRate, context_of
from engram.domain.models import ApiKey
from tests.conftest import api_event


def _caller(api: EngramApi, users: tuple[str, ...] | None):
    key = ApiKey(key_id="k1", tenant="acme", key_hash="h", users=users)
    context = {"principalId": "acme", **context_of(key, DefaultRate.parse("unlimited"))}

    def call(
        method: str, path: str, body: Any = None, query: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        event = api_event(method, path, body, query=query)
        event["requestContext"]["authorizer"] = context
        response = api.handle(event, None)
        return response["statusCode"], json.loads(response["body"]) if response["body"] else None

    return call


def test_a_key_for_alice_reaches_alice_only(container) -> None:
    api = EngramApi(container)
    tenant_key, alice_key = _caller(api, None), _caller(api, ("alice",))
    status, bobs = tenant_key(
        "POST", "/v1/memories", {"content": "Bob parks on level three", "user_id": "bob"}
    )
    assert status == 201, bobs

    # Alice's own memories: as with any key
    status, mine = alice_key(
        "POST", "/v1/memories", {"content": "Alice parks on level one", "user_id": "alice"}
    )
    assert status == 201, mine
    assert alice_key("GET", f"/v1/memories/{mine['id']}")[0] == 200
    assert alice_key("POST", "/v1/memories/search", {"query": "parking", "user_id": "alice"})[0] == 200
    assert alice_key("GET", "/v1/memories", query={"user_id": "alice"})[0] == 200

    # Bob's, by user_id or by the id of his memory: 404, and nothing changed
    for method, path, body, query in [
        ("POST", "/v1/memories", {"content": "Bob now parks on level two", "user_id": "bob"}, None),
        (
            "POST",
            "/v1/memories/batch",
            {
                "items": [
                    {"content": "Alice likes the lift", "user_id": "alice"},
                    {"content": "Bob likes the stairs", "user_id": "bob"},
                ]
            },
            None,
        ),
        ("POST", "/v1/memories/search", {"query": "parking", "user_id": "bob"}, None),
        ("GET", "/v1/memories", None, {"user_id": "bob"}),
        ("GET", f"/v1/memories/{bobs['id']}", None, None),
        ("PATCH", f"/v1/memories/{bobs['id']}", {"content": "Bob parks on the roof now"}, None),
        ("DELETE", f"/v1/memories/{bobs['id']}", None, None),
        ("GET", f"/v1/memories/{bobs['id']}/history", None, None),
        ("GET", "/v1/export", None, {"user_id": "bob"}),
        ("DELETE", "/v1/users/bob", None, None),
        (
            "POST",
            "/v1/sessions/s1/messages",
            {"user_id": "bob", "messages": [{"role": "user", "content": "hi there, it is Bob"}]},
            None,
        ),
        ("GET", "/v1/sessions/s1/transcript", None, {"user_id": "bob"}),
        ("GET", "/v1/entities", None, {"user_id": "bob"}),
        ("GET", "/v1/admin/stats", None, None),
        ("POST", "/v1/import", {"records": [{"kind": "memory", "memory": {}}]}, None),
    ]:
        status, body = alice_key(method, path, body, query)
        assert status == 404, (method, path, status, body)
    assert tenant_key("GET", f"/v1/memories/{bobs['id']}")[1]["content"] == "Bob parks on level three"
    listed = tenant_key("GET", "/v1/memories", query={"user_id": "alice"})[1]["items"]
    assert [m["content"] for m in listed] == ["Alice parks on level one"]  # the refused batch wrote nothing


def test_a_context_whose_users_cannot_be_read_allows_no_one(container) -> None:
    api = EngramApi(container)
    call = _caller(api, ("alice",))
    event = api_event("POST", "/v1/memories", {"content": "Alice parks on level one", "user_id": "alice"})
    event["requestContext"]["authorizer"] = {"tenant": "acme", "users": "not json"}
    assert api.handle(event, None)["statusCode"] == 404
    assert call("GET", "/v1/memories", query={"user_id": "alice"})[0] == 200
