"""engram.api.validation reads what a route takes from its signature, and refuses what it cannot
validate (a header, a cookie, two bodies) when the route is first used, rather than reading it from
the wrong place."""

from __future__ import annotations

from typing import Annotated

import pytest
from pydantic import BaseModel

from engram.api.router import Param, Path, Query
from engram.api.validation import RequestInvalid, RouteInputs


class Header(Param):
    """A location the layer does not read (powertools' `Header`, say)."""

    where = "header"


class Note(BaseModel):
    text: str


class FakeEvent(dict):
    """What the layer reads of a proxy event: the query string forms, and the parsed body."""

    def __init__(self, body: object = None, **event: object) -> None:
        super().__init__(event)
        self.json_body = body


def route(
    note_id: Annotated[str, Path(max_length=4)],
    body: Note,
    limit: Annotated[int, Query(ge=1)] = 10,
    tag: Annotated[str | None, Query()] = None,
) -> None: ...


def test_path_query_and_body_are_read_from_the_signature():
    inputs = RouteInputs.of(route, frozenset({"note_id"}))
    assert [p.name for p in inputs.path] == ["note_id"]
    assert [p.name for p in inputs.query] == ["limit", "tag"]
    assert inputs.body == ("body", Note)


def test_valid_input_becomes_the_routes_arguments_with_defaults():
    inputs = RouteInputs.of(route, frozenset({"note_id"}))
    event = FakeEvent({"text": "hi"}, queryStringParameters={"limit": "3"})
    assert inputs.arguments({"note_id": "n1"}, event) == {
        "note_id": "n1",
        "limit": 3,
        "tag": None,
        "body": Note(text="hi"),
    }


def test_every_invalid_input_is_reported_path_then_query_then_body():
    inputs = RouteInputs.of(route, frozenset({"note_id"}))
    event = FakeEvent({}, multiValueQueryStringParameters={"limit": ["0"], "tag": ["a", "b"]})
    with pytest.raises(RequestInvalid) as raised:
        inputs.arguments({"note_id": "too-long"}, event)
    found = [(e["loc"], e["type"]) for e in raised.value.errors]
    assert found == [
        (("path", "note_id"), "string_too_long"),
        (("query", "limit"), "greater_than_equal"),
        (("query", "tag"), "string_type"),  # given twice: a list, which no scalar accepts
        (("body", "text"), "missing"),
    ]


def test_a_header_parameter_is_refused_rather_than_read_from_the_query():
    def with_header(token: Annotated[str, Header()]) -> None: ...

    with pytest.raises(TypeError, match="token is read from the query, not header"):
        RouteInputs.of(with_header, frozenset())


def test_two_bodies_are_refused():
    def two(first: Note, second: Note) -> None: ...

    with pytest.raises(TypeError, match="one body per route"):
        RouteInputs.of(two, frozenset())
