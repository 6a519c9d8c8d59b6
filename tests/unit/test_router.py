"""engram.api.router matches a path as powertools' REST resolver did, and shapes answers as it did
(tests/integration/test_validation_parity.py compares the two on every route)."""

from __future__ import annotations

import json

from pydantic import BaseModel

from engram.api import errors
from engram.api.router import Response, Router, Routes

routes = Routes()


class Note(BaseModel):
    text: str


@routes.get("/v1/notes/batch")
def batch() -> dict:
    return {"route": "batch"}


@routes.get("/v1/notes/<note_id>")
def note(note_id: str) -> dict:
    return {"route": "note", "id": note_id}


@routes.delete("/v1/notes/<note_id>/tags/<tag>")
def untag(note_id: str, tag: str) -> Note:
    return Note(text=f"{note_id}:{tag}")


@routes.get("/v1/spec.json")
def spec() -> Response[str]:
    return Response(status_code=202, content_type="text/plain", body="ü", headers={"X-A": "1"})


ROUTER = Router(
    routes,
    call=lambda route, path_args, request: route.func(**path_args),
    fail=lambda exc, request: errors.answer(exc),
    not_found=lambda request, allowed: errors.not_found(request.method, request.path, allowed),
)


def ask(method: str, path: str) -> tuple[int, dict, str]:
    answer = ROUTER.dispatch({"httpMethod": method, "path": path, "body": None})
    return answer["statusCode"], dict(answer["multiValueHeaders"]), answer["body"]


def test_a_static_path_wins_over_a_rule_and_a_trailing_slash_is_ignored():
    assert json.loads(ask("GET", "/v1/notes/batch/")[2]) == {"route": "batch"}
    assert json.loads(ask("get", "/v1/notes/other")[2]) == {"route": "note", "id": "other"}


def test_path_parameters_are_percent_decoded_and_never_span_a_slash():
    assert json.loads(ask("GET", "/v1/notes/caf%C3%A9")[2])["id"] == "café"
    status, headers, body = ask("DELETE", "/v1/notes/n1/tags/a%2Fb")
    assert status == 200 and json.loads(body) == {"text": "n1:a/b"}
    assert headers == {"Content-Type": ["application/json"]}
    assert ask("GET", "/v1/notes/a/b")[0] == 404


def test_a_routes_own_response_keeps_its_status_headers_and_text():
    assert ask("GET", "/v1/spec.json") == (202, {"X-A": ["1"], "Content-Type": ["text/plain"]}, "ü")


def test_a_dot_in_a_rule_is_a_dot():
    assert ask("GET", "/v1/specXjson")[0] == 404


def test_a_known_path_with_another_method_is_405_with_allow():
    status, headers, body = ask("POST", "/v1/notes/n1")
    assert status == 405 and headers["Allow"] == ["GET"]
    assert json.loads(body)["message"] == "POST is not allowed on /v1/notes/n1; use GET"
