"""The API Gateway REST proxy event `engram serve` builds for each request (engram.runtime.proxy)."""

from __future__ import annotations

import base64

from engram.runtime.proxy import proxy_event, response_parts


def test_repeated_names_and_keys_are_kept_as_api_gateway_keeps_them():
    # Given a request with a header and a query key given twice, from a key of tenant acme
    event = proxy_event(
        "GET",
        "/v1/memories?user_id=u1&tag=a&tag=b",
        [("x-tag", "one"), ("accept", "application/json"), ("x-tag", "two")],
        b"",
        tenant="acme",
        context={"tenant": "acme", "key_id": "k1"},
        source_ip="10.0.0.7",
    )
    # Then the single-value maps hold the last, the multi-value maps all, in order
    assert event["headers"] == {"x-tag": "two", "accept": "application/json"}
    assert event["multiValueHeaders"] == {"x-tag": ["one", "two"], "accept": ["application/json"]}
    assert event["queryStringParameters"] == {"user_id": "u1", "tag": "b"}
    assert event["multiValueQueryStringParameters"] == {"user_id": ["u1"], "tag": ["a", "b"]}
    # And the tenant is where API Gateway puts the authorizer's context, the peer its source IP
    authorizer = event["requestContext"]["authorizer"]
    assert (
        authorizer["principalId"] == "acme"
        and authorizer["tenant"] == "acme"
        and authorizer["key_id"] == "k1"
    )
    assert event["requestContext"]["identity"]["sourceIp"] == "10.0.0.7"
    assert event["path"] == "/v1/memories" and event["body"] is None


def test_a_body_that_is_not_utf8_travels_base64_encoded_and_an_answer_comes_back_as_bytes():
    event = proxy_event(
        "POST", "/v1/memories", {"content-type": "application/json"}, b"\xff\xfe", tenant=None
    )
    assert event["isBase64Encoded"] is True and base64.b64decode(event["body"]) == b"\xff\xfe"
    assert event["requestContext"]["authorizer"] == {}
    status, headers, raw = response_parts(
        {"statusCode": 201, "headers": {"Content-Type": "application/json"}, "body": '{"id": "m1"}'}
    )
    assert (status, headers, raw) == (201, {"Content-Type": "application/json"}, b'{"id": "m1"}')
