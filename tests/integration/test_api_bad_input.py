"""Every bad input is a clear 4xx JSON error, never a 5xx (issue 9): through the resolver the Lambda
runs, with bodies as API Gateway and `engram serve` deliver them."""

from __future__ import annotations

import base64
import json

import pytest

from engram.api.app import EngramApi
from engram.runtime.proxy import proxy_event, response_parts
from tests.conftest import api_event

FINE = {"content": "Alice prefers dark roast coffee", "user_id": "alice"}


@pytest.fixture
def api(container):
    return EngramApi(container)


@pytest.fixture
def send(api):
    """Send raw body bytes as `engram serve` turns them into an event: (status, json, headers)."""

    def _send(method: str, path: str, body: bytes = b"", tenant: str | None = "acme"):
        event = proxy_event(method, path, {"Content-Type": "application/json"}, body, tenant=tenant)
        status, headers, raw = response_parts(api.handle(event, None))
        return status, json.loads(raw or b"null"), headers

    return _send


@pytest.fixture
def stored(call):
    return call("POST", "/v1/memories", FINE)[1]["id"]


def cursor_of(position) -> str:
    return base64.urlsafe_b64encode(json.dumps(position).encode()).decode().rstrip("=")


@pytest.mark.parametrize(
    "route", [("POST", "/v1/memories"), ("POST", "/v1/memories/search"), ("PATCH", None)]
)
def test_a_body_that_is_not_utf8_is_400(send, stored, route):
    method, path = route
    status, body, _ = send(method, path or f"/v1/memories/{stored}", b'{"content": "caf\xe9 \xff"}')
    assert status == 400 and body["error"] == "malformed_json" and "UTF-8" in body["message"]


def test_a_base64_body_from_api_gateway_is_read_as_utf8(api, container):
    event = api_event("POST", "/v1/memories", base64.b64encode(json.dumps(FINE).encode()).decode())
    event["isBase64Encoded"] = True
    response = api.handle(event, None)
    assert response["statusCode"] == 201
    assert container.store.get("acme", json.loads(response["body"])["id"]).content == FINE["content"]


@pytest.mark.parametrize(
    "raw",
    [
        b"[" * 10_000 + b"]" * 10_000,  # RecursionError in the parser
        b'{"content": "x", "user_id": "a", "metadata": {"a": ' + b"[" * 40 + b"]" * 40 + b"}}",  # too deep
        b'{"content": "Alice likes tea a lot", "user_id": "a", "importance": ' + b"9" * 5000 + b"}",
        b'{"content": "Alice likes tea a lot", "user_id": "a", "confidence": NaN}',
        b'{"content": "Alice likes tea a lot", "user_id": "a", "metadata": {"x": 1e999}}',
        b'{"content": "Alice likes tea a lot", "user_id": "a", "metadata": {"x": -Infinity}}',
    ],
    ids=["nested-10000", "metadata-nested-40", "5000-digits", "NaN", "overflows-to-inf", "Infinity"],
)
def test_json_a_parser_cannot_hold_is_400(send, raw):
    status, body, _ = send("POST", "/v1/memories", raw)
    assert status == 400 and body["error"] == "malformed_json"


@pytest.mark.parametrize(
    ("payload", "path"),
    [
        ({**FINE, "observed_at": "0001-01-01T00:00:00+14:00"}, "body.observed_at"),
        ({**FINE, "observed_at": "9999-12-31T23:59:59-14:00"}, "body.observed_at"),
        ({**FINE, "valid_until": "9999-12-31T23:59:59-14:00"}, "body.valid_until"),
    ],
)
def test_a_time_outside_utc_range_is_422_with_its_path(call, payload, path):
    status, body = call("POST", "/v1/memories", payload)
    assert status == 422 and path in [d["path"] for d in body["details"]]
    assert call("GET", "/v1/memories", query={"user_id": "alice"})[1]["items"] == []


@pytest.mark.parametrize("name", ["observed_after", "observed_before"])
@pytest.mark.parametrize("value", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
def test_search_filters_outside_utc_range_are_422(call, stored, name, value):
    status, body = call(
        "POST", "/v1/memories/search", {"query": "coffee", "user_id": "alice", "filters": {name: value}}
    )
    assert status == 422 and f"body.filters.{name}" in [d["path"] for d in body["details"]]


def test_the_edges_of_the_range_in_utc_are_fine(call):
    status, _ = call("POST", "/v1/memories", {**FINE, "observed_at": "0001-01-01T00:00:00Z"})
    assert status == 201
    filters = {"observed_after": "0001-01-01T00:00:00Z", "observed_before": "9999-12-31T23:59:59Z"}
    status, body = call(
        "POST", "/v1/memories/search", {"query": "coffee", "user_id": "alice", "filters": filters}
    )
    assert status == 200 and len(body["results"]) == 1


def test_patch_with_a_time_outside_utc_range_is_422(call, stored):
    status, body = call("PATCH", f"/v1/memories/{stored}", {"valid_until": "0001-01-01T00:00:00+14:00"})
    assert status == 422 and "body.valid_until" in [d["path"] for d in body["details"]]


@pytest.mark.parametrize(
    "position", [{"before": {}}, {"before": [1]}, {"before": 2**70}, {"before": True}, {"before": "\ud800"}]
)
def test_a_forged_cursor_with_the_right_keys_is_422(call, stored, position):
    query = {"user_id": "alice", "cursor": cursor_of(position)}
    status, body = call("GET", "/v1/memories", query=query)
    assert status == 422 and body["error"] == "invalid_cursor"


@pytest.mark.parametrize(
    "raw",
    [
        b'{"content": "Alice likes tea a lot", "user_id": "alice", "metadata": {"k": "\\ud800"}}',
        b'{"content": "Alice likes tea a lot", "user_id": "alice", "metadata": {"\\udfff": 1}}',
        b'{"content": "Alice likes tea", "user_id": "alice", "metadata": {"k": ["ok", {"x": "\\ud83d"}]}}',
    ],
)
def test_a_lone_surrogate_in_metadata_is_422_and_nothing_is_stored(send, call, raw):
    status, body, _ = send("POST", "/v1/memories", raw)
    assert status == 422 and "body.metadata" in [d["path"] for d in body["details"]]
    assert call("GET", "/v1/memories", query={"user_id": "alice"})[1]["items"] == []


def test_an_unknown_field_named_with_a_lone_surrogate_is_422(send):
    status, body, _ = send(
        "POST", "/v1/memories", b'{"content": "Alice likes tea a lot", "user_id": "a", "\\ud800": 1}'
    )
    assert status == 422 and body["error"] == "validation_error"


def test_patch_metadata_over_the_limit_is_422_and_nothing_changes(call, container, stored):
    status, body = call("PATCH", f"/v1/memories/{stored}", {"metadata": {"blob": "x" * 40_000}})
    assert status == 422 and "body.metadata" in [d["path"] for d in body["details"]]
    assert container.store.get("acme", stored).metadata == {}


def test_metadata_is_measured_in_utf8_bytes(call):
    assert call("POST", "/v1/memories", {**FINE, "metadata": {"k": "é" * 2000}})[0] == 201  # 4,010 bytes
    status, body = call(
        "POST", "/v1/memories", {**FINE, "content": "Other fact here", "metadata": {"k": "é" * 2100}}
    )
    assert status == 422 and "body.metadata" in [d["path"] for d in body["details"]]


@pytest.mark.parametrize(
    ("route", "payload", "path"),
    [
        ("/v1/memories", {**FINE, "importance": True}, "body.importance"),
        ("/v1/memories", {**FINE, "importance": 3.0}, "body.importance"),
        ("/v1/memories", {**FINE, "importance": "3"}, "body.importance"),
        ("/v1/memories", {**FINE, "confidence": True}, "body.confidence"),
        ("/v1/memories", {**FINE, "confidence": "0.5"}, "body.confidence"),
        ("/v1/memories", {**FINE, "force": 1}, "body.force"),
        ("/v1/memories", {**FINE, "force": "true"}, "body.force"),
        ("/v1/memories/search", {"query": "q", "user_id": "a", "top_k": True}, "body.top_k"),
        ("/v1/memories/search", {"query": "q", "user_id": "a", "min_score": False}, "body.min_score"),
        ("/v1/memories/search", {"query": "q", "user_id": "a", "explain": "yes"}, "body.explain"),
        (
            "/v1/memories/search",
            {"query": "q", "user_id": "a", "filters": {"min_importance": True}},
            "body.filters.min_importance",
        ),
        (
            "/v1/memories/search",
            {"query": "q", "user_id": "a", "weights": {"hits_weight": True}},
            "body.weights.hits_weight",
        ),
    ],
)
def test_json_types_are_taken_as_they_are(call, route, payload, path):
    status, body = call("POST", route, payload)
    assert status == 422 and path in [d["path"] for d in body["details"]]


def test_patch_importance_true_is_422(call, stored):
    status, body = call("PATCH", f"/v1/memories/{stored}", {"importance": True})
    assert status == 422 and "body.importance" in [d["path"] for d in body["details"]]


def test_numbers_are_still_numbers(call):
    status, _ = call("POST", "/v1/memories", {**FINE, "importance": 4, "confidence": 1})
    assert status == 201


def test_path_ids_are_percent_decoded_before_validation(call, stored):
    encoded = "".join(f"%{ord(ch):02X}" for ch in stored)  # 78 characters encoded, 26 decoded
    status, body = call("GET", f"/v1/memories/{encoded}")
    assert status == 200 and body["id"] == stored
    status, body = call("GET", "/v1/memories/" + "%41" * 30)  # 30 characters: a valid length, no memory
    assert status == 404 and body["error"] == "not_found"
    status, body = call("GET", "/v1/memories/" + "%41" * 65)
    assert status == 422 and "path.memory_id" in [d["path"] for d in body["details"]]


@pytest.mark.parametrize("method", ["HEAD", "TRACE", "PUT", "OPTIONS", "CONNECT"])
def test_a_method_a_known_path_does_not_take_is_a_json_405_with_allow(send, method):
    status, body, headers = send(method, "/v1/memories")
    assert status == 405 and body["error"] == "method_not_allowed"
    assert headers["Allow"] == "GET, POST"


def test_allow_lists_the_methods_of_a_path_with_an_id(send):
    status, _, headers = send("POST", "/v1/memories/01JDQZ8W7N3V5QK2T4XAMPLE00")
    assert status == 405 and headers["Allow"] == "DELETE, GET, PATCH"


def test_an_unknown_path_is_still_404(send):
    status, body, _ = send("TRACE", "/v1/nothing")
    assert status == 404 and body["error"] == "not_found"


@pytest.mark.parametrize(
    ("route", "payload", "path"),
    [
        ("/v1/memories", {**FINE, "observed_at": 0}, "body.observed_at"),
        ("/v1/memories", {**FINE, "valid_until": 1_700_000_000.5}, "body.valid_until"),
        ("/v1/memories/search", {"query": "q", "user_id": "a", "filters": {"observed_before": 0}}, None),
    ],
)
def test_a_time_is_a_string_not_a_unix_number(call, route, payload, path):
    status, body = call("POST", route, payload)
    assert status == 422
    assert (path or "body.filters.observed_before") in [d["path"] for d in body["details"]]
