"""engram's own router and validation answer exactly as powertools' resolver and validation did.

The API used to be a powertools `APIGatewayRestResolver(enable_validation=True)`; it now routes with
its own small router (engram.api.router) and validates with its own layer (engram.api.validation),
which must not change a byte a client sees. Here the same requests go through both: the API as it is,
and a reference powertools resolver over the same routes built the old way (replayed into it as the
OpenAPI document replays them, powertools' validation on, its RequestValidationError rendered as
engram.api.errors rendered it). Every answer must be identical (status, headers, body), for invalid
input on every route, for reads, for writes, and for paths or methods no route has; the ids each side
makes are the one difference, and are masked.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import unquote

import pytest
from aws_lambda_powertools.event_handler import APIGatewayRestResolver, Response
from aws_lambda_powertools.event_handler.exceptions import NotFoundError
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError

from engram.api import errors
from engram.api.app import EngramApi, build_router
from engram.api.body import parse_json
from engram.api.contract import replay
from engram.api.schemas import ErrorDetail
from engram.runtime.container import local
from engram.settings import Settings
from tests.conftest import FakeClock, api_event

ULID = re.compile(r"[0-9A-HJKMNP-TV-Z]{26}")
WALL_CLOCK = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z")  # the fake clock has no fractions


class _DecodingResolver(APIGatewayRestResolver):
    """Path parameters percent-decoded, as engram's resolver over powertools decoded them."""

    def _convert_matches_into_route_keys(self, match: re.Match[str]) -> dict[str, str]:
        return {name: unquote(value) for name, value in match.groupdict().items()}


def _powertools(answer: Any) -> Response[str]:
    return Response(status_code=answer.status_code, body=answer.body, headers=answer.headers)


class _Reference:
    """The API's routes on a powertools resolver, with the old error rendering."""

    def __init__(self, services: Any) -> None:
        self.app = app = _DecodingResolver(enable_validation=True, json_body_deserializer=parse_json)
        routes = build_router(services).complete()
        replay(app, routes)

        @app.exception_handler(RequestValidationError)  # type: ignore[untyped-decorator]
        def _validation(exc: RequestValidationError) -> Response[str]:
            found = exc.errors()
            if any(e.get("type") == "json_invalid" for e in found):
                return _powertools(
                    errors.error_response(400, "malformed_json", "the request body is not valid JSON")
                )
            details = [
                ErrorDetail(
                    path=errors._path(e.get("loc", ())),
                    message=errors._printable(str(e.get("msg", ""))),
                    type=str(e.get("type", "")),
                )
                for e in found
            ]
            summary = "; ".join(f"{d.path}: {d.message}" for d in details[:5])
            return _powertools(
                errors.error_response(422, "validation_error", summary or "invalid request", details)
            )

        @app.exception_handler(NotFoundError)  # type: ignore[untyped-decorator]
        def _not_found(exc: NotFoundError) -> Response[str]:
            event = app.current_event
            allowed = sorted({r.method for r in routes if r.pattern.match(event.path)})
            return _powertools(errors.not_found(event.http_method, event.path, allowed))

        @app.exception_handler(Exception)  # type: ignore[untyped-decorator]
        def _other(exc: Exception) -> Response[str]:
            return _powertools(errors.answer(exc))

    def dispatch(self, event: dict[str, Any]) -> dict[str, Any]:
        """As the API resolved before: a body is read as JSON whatever its content type."""
        headers = {k: v for k, v in (event.get("headers") or {}).items() if k.lower() != "content-type"}
        multi = {
            k: v for k, v in (event.get("multiValueHeaders") or {}).items() if k.lower() != "content-type"
        }
        headers["Content-Type"] = "application/json"
        multi["Content-Type"] = ["application/json"]
        answer: dict[str, Any] = self.app.resolve(
            {**event, "headers": headers, "multiValueHeaders": multi}, None
        )
        return answer


def reference_api(services: Any) -> EngramApi:
    """The API as it was: powertools routes and validates, and its errors are rendered as engram's were."""
    api = EngramApi(services)
    api.app = _Reference(services)  # type: ignore[assignment]
    return api


@pytest.fixture
def pair(tmp_path):
    """(reference, ours): the old and the new API over two containers in the same state."""

    def container(name: str) -> Any:
        settings = Settings(data_dir=tmp_path / name, embedder={"provider": "hashing"})
        return local(settings, clock=FakeClock())

    return reference_api(container("reference")), EngramApi(container("ours"))


def event(method: str, path: str, body: Any = None, *, single=None, multi=None) -> dict[str, Any]:
    """A REST proxy event; the query as API Gateway gives it (single- and multi-value forms)."""
    raw = api_event(method, path, body)
    raw["queryStringParameters"] = single
    raw["multiValueQueryStringParameters"] = multi
    return raw


def query(**values: str | list[str]) -> dict[str, Any]:
    multi = {k: v if isinstance(v, list) else [v] for k, v in values.items()}
    return {"single": {k: v[-1] for k, v in multi.items()}, "multi": multi}


def masked(response: dict[str, Any]) -> dict[str, Any]:
    """The response with what each side makes of its own masked: new ids, and the time a forget is
    stamped with (from the wall clock, not the containers' shared fake clock)."""
    return json.loads(WALL_CLOCK.sub("<now>", ULID.sub("<id>", json.dumps(response))))


def same(pair, raw: dict[str, Any]) -> dict[str, Any]:
    reference, ours = pair
    expected = masked(reference.handle(json.loads(json.dumps(raw)), None))
    answered = masked(ours.handle(json.loads(json.dumps(raw)), None))
    assert answered == expected
    return answered


GOOD = {"content": "Alice prefers dark roast coffee", "user_id": "alice"}
BODIES = [
    None,
    "",
    "null",
    "[]",
    json.dumps([GOOD]),
    "[1]",
    "{}",
    "{",
    '{"a": NaN}',
    "1e999",
    '"text"',
    "1",
    "true",
    "[" * 40 + "]" * 40,
    '{"\\ud800": 1}',
    json.dumps({"content": "", "user_id": []}),
    json.dumps({**GOOD, "extra": 1}),
    json.dumps({**GOOD, "confidence": "0.5", "importance": 9, "valid_until": "soon"}),
    json.dumps({**GOOD, "metadata": {"k": "v" * 5000}}),
    json.dumps({"items": []}),
    json.dumps({"items": [{}] * 3}),
    json.dumps({"items": [GOOD] * 101}),
    json.dumps({"query": "", "user_id": "alice", "top_k": 0, "filters": {"x": 1}}),
    json.dumps({"query": "coffee", "user_id": "alice", "top_k": "5"}),
    json.dumps({"messages": [{"role": "robot", "content": ""}], "user_id": "alice"}),
    json.dumps({"trigger": "nope", "user_id": "alice"}),
    json.dumps({"records": "nope"}),
]
BODY_ROUTES = [
    ("POST", "/v1/memories"),
    ("POST", "/v1/memories/batch"),
    ("PATCH", "/v1/memories/01JDUMMY0000000000000000000"),
    ("PATCH", "/v1/memories/" + "x" * 65),
    ("POST", "/v1/memories/search"),
    ("POST", "/v1/sessions/chat-1/messages"),
    ("POST", "/v1/sessions/bad%20id!/messages"),
    ("POST", "/v1/sessions/chat-1/checkpoints"),
    ("POST", "/v1/import"),
]


@pytest.mark.parametrize("route", BODY_ROUTES, ids=lambda r: f"{r[0]} {r[1][:40]}")
def test_every_body_route_answers_any_body_as_before(pair, route):
    for body in BODIES:
        same(pair, event(*route, body))


QUERIES = [
    {},
    query(user_id="alice"),
    query(user_id=""),
    query(user_id=["alice", "bob"]),
    {"single": {"user_id": "alice,bob"}, "multi": None},
    {"single": {"user_id": "alice"}, "multi": {"user_id": []}},
    query(user_id="alice", limit="0"),
    query(user_id="alice", limit="abc", cursor="c" * 600),
    query(user_id="alice", limit="201", status="bogus", review_needed="maybe"),
    query(user_id="alice", status="active", review_needed="yes", limit="5"),
    query(user_id="alice", project="bad project", namespace="", agent_id="a" * 129),
    query(user_id="alice", metadata_filter="{not json"),
    query(user_id="alice", metadata_filter=json.dumps({"k": "v"})),
    query(user_id="alice", cascade="maybe", budget_chars="10", embeddings="perhaps"),
    query(user_id="alice", cascade="true", budget_chars="300", embeddings="false"),
    query(user_id="alice", cursor="not-a-cursor"),
]
QUERY_ROUTES = [
    ("GET", "/v1/memories"),
    ("GET", "/v1/memories/01JDUMMY0000000000000000000"),
    ("GET", "/v1/memories/" + "x" * 65),
    ("GET", "/v1/memories/%E2%9C%93/history"),
    ("DELETE", "/v1/memories/01JDUMMY0000000000000000000"),
    ("GET", "/v1/entities"),
    ("GET", "/v1/entities/" + "e" * 129),
    ("GET", "/v1/entities/postgres"),
    ("GET", "/v1/sessions/chat-1"),
    ("GET", "/v1/sessions/bad%20id!"),
    ("GET", "/v1/sessions/chat-1/transcript"),
    ("DELETE", "/v1/sessions/chat-1"),
    ("GET", "/v1/sessions/chat-1/checkpoints/latest"),
    ("GET", "/v1/export"),
    ("DELETE", "/v1/users/" + "u" * 129),
    ("GET", "/v1/users/alice/erasures/" + "j" * 65),
    ("GET", "/v1/users/alice/erasures/01JDUMMY0000000000000000000"),
    ("GET", "/v1/admin/stats"),
    ("GET", "/v1/health"),
    ("GET", "/v1/nowhere"),
    ("PUT", "/v1/memories"),
    ("get", "/v1/memories/"),
    ("GET", "/v1/health//"),
    ("OPTIONS", "/v1/memories"),
    ("HEAD", "/v1/sessions/chat-1/checkpoints/latest"),
    ("POST", "/v1/memories/batch/"),
    ("DELETE", "/v1/memories/a/b"),
    ("GET", "/v1/openapi.json/"),
]


@pytest.mark.parametrize("route", QUERY_ROUTES, ids=lambda r: f"{r[0]} {r[1][:40]}")
def test_every_route_answers_any_query_and_path_as_before(pair, route):
    for q in QUERIES:
        same(pair, event(*route, **q))


def test_writes_and_the_reads_after_them_answer_as_before(pair):
    # Given the same memories, session and checkpoint written through both
    same(pair, event("POST", "/v1/memories", GOOD))
    second = {**GOOD, "content": "Café names: ünïcödé ✓, and Postgres for billing", "importance": 4}
    created = same(pair, event("POST", "/v1/memories", second))
    same(pair, event("POST", "/v1/memories", [GOOD]))  # a list: its first item
    same(pair, event("POST", "/v1/memories/batch", {"items": [GOOD, {**GOOD, "content": "B"}]}))
    messages = {"user_id": "alice", "messages": [{"role": "user", "content": "I moved to Lisbon"}]}
    same(pair, event("POST", "/v1/sessions/chat-1/messages", messages))
    checkpoint = {"user_id": "alice", "trigger": "manual", "digest": "working on billing"}
    same(pair, event("POST", "/v1/sessions/chat-1/checkpoints", checkpoint))
    search = {"query": "coffee", "user_id": "alice", "explain": True}
    same(pair, event("POST", "/v1/memories/search", search))
    assert json.loads(created["body"])["status"] == "stored"

    # Then every read answers the same
    for path, q in [
        ("/v1/memories", query(user_id="alice")),
        ("/v1/entities", query(user_id="alice")),
        ("/v1/sessions/chat-1", query(user_id="alice")),
        ("/v1/sessions/chat-1/transcript", query(user_id="alice")),
        ("/v1/sessions/chat-1/checkpoints/latest", query(user_id="alice")),
        ("/v1/export", query(user_id="alice")),
        ("/v1/admin/stats", {}),
        ("/v1/openapi.json", {}),
        ("/v1/docs", {}),
    ]:
        same(pair, event("GET", path, **q))

    # And a memory read, changed, and forgotten by its id answers the same on each side
    ids = []
    for api in pair:
        listed = api.handle(event("GET", "/v1/memories", **query(user_id="alice")), None)
        ids.append(json.loads(listed["body"])["items"][0]["id"])
    for method, suffix, body in [
        ("GET", "", None),
        ("GET", "/history", None),
        ("PATCH", "", {"summary": "coffee", "importance": 2, "related_ids": []}),
        ("PATCH", "", {"summary": "two\nlines"}),
        ("DELETE", "", None),
    ]:
        answers = [
            api.handle(event(method, f"/v1/memories/{i}{suffix}", body), None)
            for api, i in zip(pair, ids, strict=True)
        ]
        assert masked(answers[1]) == masked(answers[0]), (method, suffix)
