"""The API's deferred areas (engram.api.routes.DEFERRED, engram.api.router.Routes.defer): declared the
first time a request the other routes do not answer arrives, with the same answers as if they had been
declared from the start."""

from __future__ import annotations

import re
import sys
import threading
from collections.abc import Callable

import pytest

from engram.api import routes as areas
from engram.api.app import build_router
from engram.api.openapi import _NoServices
from engram.api.router import Route, Router, Routes


def _router(routes: Routes) -> Router:
    def never(*_: object) -> object:
        raise AssertionError("nothing is dispatched here")

    return Router(routes, call=never, fail=never, not_found=never)


def _eager_only() -> Router:
    """The routes declared before the deferred areas, alone."""
    routes = Routes()
    areas.include_routes(routes, _NoServices(), lambda: "t")  # type: ignore[arg-type]
    routes._deferred.clear()
    return _router(routes)


def _sample_paths(route: Route) -> list[str]:
    """Paths `route` answers: its parameters filled in, with and without a trailing slash."""
    path = re.sub(r"<[^>]+>", "p-1", route.rule)
    return [path, path + "/"]


def _deferred_routes() -> list[Route]:
    eager = {(route.method, route.rule) for route in _eager_only().routes}
    every = build_router(_NoServices()).complete()  # type: ignore[arg-type]
    deferred = [route for route in every if (route.method, route.rule) not in eager]
    assert deferred  # the areas are there to check
    return deferred


def test_no_route_declared_before_a_deferred_area_answers_one_of_its_paths() -> None:
    """So the deferred areas being declared later changes no answer: every path of theirs misses the
    routes before them (were it not so, an earlier `<name>` rule could take a deferred static path)."""
    eager = _eager_only()
    for route in _deferred_routes():
        for path in _sample_paths(route):
            for method in ("GET", "POST", "PUT", "PATCH", "DELETE"):
                assert eager.match(method, path) is None, (route.method, route.rule, method, path)


def test_a_fresh_router_answers_every_route_as_one_built_whole_would() -> None:
    fresh = build_router(_NoServices())  # type: ignore[arg-type]
    whole = build_router(_NoServices())  # type: ignore[arg-type]
    every = whole.complete()
    assert len(fresh.routes) < len(every)  # the deferred areas are not declared yet
    for route in every:
        for path in _sample_paths(route):
            found = fresh.match(route.method, path)
            expected = whole.match(route.method, path)
            assert found is not None and expected is not None
            assert (found[0].method, found[0].rule, found[1]) == (
                expected[0].method,
                expected[0].rule,
                expected[1],
            )
    assert [(r.method, r.rule) for r in fresh.routes] == [(r.method, r.rule) for r in every]
    assert fresh.allowed_methods("/v1/nowhere") == []


def test_a_fresh_api_loads_no_deferred_area_until_one_is_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    for area in areas.DEFERRED:
        monkeypatch.delitem(sys.modules, f"engram.api.routes.{area}", raising=False)
    router = build_router(_NoServices())  # type: ignore[arg-type]
    assert router.match("POST", "/v1/memories") is not None
    assert not any(f"engram.api.routes.{area}" in sys.modules for area in areas.DEFERRED)
    assert router.match("GET", "/v1/nowhere") is None  # a miss declares them, then misses again
    assert all(f"engram.api.routes.{area}" in sys.modules for area in areas.DEFERRED)


def test_requests_at_once_on_a_fresh_router_each_find_their_deferred_route(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    targets = [(route.method, _sample_paths(route)[0]) for route in _deferred_routes()]
    declared: list[str] = []
    real: Callable[..., Routes] = areas._declare

    def counting(area: str, *args: object) -> Routes:
        declared.append(area)
        return real(area, *args)

    monkeypatch.setattr(areas, "_declare", counting)
    router = build_router(_NoServices())  # type: ignore[arg-type]
    start = threading.Barrier(16)
    found: list[object] = []

    def ask(n: int) -> None:
        method, path = targets[n % len(targets)]
        start.wait()
        found.append(router.match(method, path))

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(found) == 16 and all(match is not None for match in found)
    assert sorted(declared) == sorted(areas.DEFERRED)  # each area declared once


def test_an_area_that_fails_to_load_is_tried_again_and_none_is_declared_twice() -> None:
    attempts: list[int] = []

    def flaky() -> Routes:
        attempts.append(1)
        if len(attempts) == 1:
            raise ImportError("a module of the area failed to load")
        later = Routes()

        @later.get("/v1/later")
        def later_route() -> dict[str, str]:
            return {}

        return later

    first = Routes()

    @first.get("/v1/first")
    def first_route() -> dict[str, str]:
        return {}

    routes = Routes()
    routes.defer(lambda: first)
    routes.defer(flaky)
    router = _router(routes)
    with pytest.raises(ImportError):
        router.match("GET", "/v1/later")
    found = router.match("GET", "/v1/later")
    assert found is not None and found[0].rule == "/v1/later"
    assert [route.rule for route in router.routes] == ["/v1/first", "/v1/later"]
    assert len(attempts) == 2
