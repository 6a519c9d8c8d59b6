"""The OpenAPI document says what the server does: statuses, the error body, auth, tags, server."""

from __future__ import annotations

import copy
import json

import pytest

from engram.api.app import EngramApi
from engram.api.contract import PUBLIC_PATHS
from engram.api.openapi import document
from tests.conftest import api_event

DOC = document()
OPERATIONS = [(path, method, op) for path, ops in DOC["paths"].items() for method, op in ops.items()]


def test_the_error_body_is_the_one_the_server_sends():
    schemas = DOC["components"]["schemas"]
    assert set(schemas["ErrorBody"]["properties"]) == {"error", "message", "details"}
    assert set(schemas["ErrorDetail"]["properties"]) == {"path", "message", "type"}
    assert "HTTPValidationError" not in json.dumps(DOC)  # powertools' {"detail": ...} is not ours


@pytest.mark.parametrize(("path", "method", "op"), OPERATIONS, ids=lambda v: v if isinstance(v, str) else "")
def test_every_error_answer_is_documented_with_the_error_body(path, method, op):
    errors = {code: answer for code, answer in op["responses"].items() if code >= "400"}
    for code, answer in errors.items():
        assert answer["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/ErrorBody"
        }, code
    assert "429" in errors  # API Gateway throttles every route
    if path not in PUBLIC_PATHS:
        assert "401" in errors and op["security"] == [{"apiKey": []}]
    else:
        assert "security" not in op and "401" not in errors


def test_the_statuses_each_route_answers_with():
    statuses = {(m.upper(), p): sorted(op["responses"]) for p, m, op in OPERATIONS}
    assert statuses[("POST", "/v1/memories")] == [
        "200",
        "201",
        "202",
        "400",
        "401",
        "403",
        "409",
        "413",
        "422",
        "429",
    ]
    assert statuses[("POST", "/v1/memories/search")] == ["200", "400", "401", "413", "422", "429", "503"]
    assert statuses[("PATCH", "/v1/memories/{memory_id}")] == [
        "200",
        "400",
        "401",
        "404",
        "409",
        "413",
        "422",
        "429",
    ]
    assert statuses[("GET", "/v1/health")] == ["200", "429"]
    retry = DOC["paths"]["/v1/memories/search"]["post"]["responses"]["503"]["headers"]
    assert "Retry-After" in retry
    limited = DOC["paths"]["/v1/memories"]["post"]["responses"]["429"]["headers"]
    assert "Retry-After" in limited  # a key's request rate


def test_bearer_scheme_and_tags_per_area():
    assert DOC["components"]["securitySchemes"] == {
        "apiKey": {
            "type": "http",
            "scheme": "bearer",
            "bearerFormat": "engram API key",
            "description": "`engram keys create` prints one",
        }
    }
    declared = {t["name"] for t in DOC["tags"]}
    assert {"memories", "recall", "admin", "meta"} <= declared
    for path, method, op in OPERATIONS:
        assert len(op["tags"]) == 1 and op["tags"][0] in declared, (method, path)


def test_the_committed_document_is_served_from_the_root():
    assert DOC["servers"] == [{"url": "/"}]


@pytest.mark.parametrize(
    ("request_path", "server"),
    [("/prod/v1/openapi.json", "/prod"), ("/v1/openapi.json", "/")],
    ids=["execute-api URL with the stage", "custom domain"],
)
def test_the_served_document_names_the_url_it_was_fetched_from(container, request_path, server):
    event = copy.deepcopy(api_event("GET", "/v1/openapi.json", tenant=None))
    event["requestContext"].update(path=request_path, stage="prod")
    response = EngramApi(container).handle(event, None)
    assert response["statusCode"] == 200 and json.loads(response["body"])["servers"] == [{"url": server}]
    event = copy.deepcopy(api_event("GET", "/v1/docs", tenant=None))
    event["requestContext"].update(path=request_path.replace("openapi.json", "docs"), stage="prod")
    page = EngramApi(container).handle(event, None)["body"]
    assert f'"servers": [{{"url": "{server}"}}]' in page
