"""One router answers many requests at once, and each route reads only its own request.

engram's router keeps nothing of a request between calls: dispatch makes a `Request` for each event
and hands it along, and what a route reads without being passed it (its tenant) is the `Request` of
its own call. powertools' resolver kept the event on its class, which a threaded server had to work
around; here two threads on one router cannot see each other's event, and these tests hold them inside
a route at the same time to check it.
"""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from engram.api import errors
from engram.api.app import EngramApi
from engram.api.router import Router, Routes, current_request
from engram.ports import SystemClock
from engram.runtime.proxy import proxy_event
from engram.settings import Settings
from engram.usecases.remember import Outcome, RememberCommand, RememberResult

THREADS = 8


def _event(tenant: str, body: dict) -> dict:
    return proxy_event("POST", "/echo", {}, json.dumps(body).encode(), tenant=tenant)


def _router(routes: Routes) -> Router:
    return Router(
        routes,
        call=lambda route, path_args, request: route.func(),
        fail=lambda exc, request: errors.answer(exc),
        not_found=lambda request, allowed: errors.not_found(request.method, request.path, allowed),
    )


def _echo_router(rendezvous: threading.Barrier) -> Router:
    routes = Routes()

    @routes.post("/echo")
    def echo() -> dict:
        first = current_request()
        rendezvous.wait(timeout=5)  # every request is now inside the route at the same time
        after = current_request()
        return {"body": after.json_body["who"], "tenant": after.tenant, "same": first is after}

    return _router(routes)


def _dispatch_at_once(router: Router, count: int) -> list[dict]:
    def run(i: int) -> dict:
        who = f"tenant-{i}"
        return json.loads(router.dispatch(_event(who, {"who": who}))["body"])

    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(run, range(count)))


def test_concurrent_requests_on_one_router_each_read_their_own_event():
    # Given one router, and a route that holds every request until all are inside it
    router = _echo_router(threading.Barrier(THREADS))

    # When as many tenants call it at once
    out = _dispatch_at_once(router, THREADS)

    # Then each read its own body and tenant, before and after the others had started
    assert out == [{"body": f"tenant-{i}", "tenant": f"tenant-{i}", "same": True} for i in range(THREADS)]


def test_no_request_is_left_behind_once_answered_even_when_the_route_failed():
    routes = Routes()

    @routes.post("/echo")
    def echo() -> dict:
        raise RuntimeError(current_request().tenant)

    router = _router(routes)
    with ThreadPoolExecutor(max_workers=1) as pool:  # one worker thread: the second call runs on it too
        answered = pool.submit(router.dispatch, _event("owner", {})).result()
        with pytest.raises(LookupError):
            pool.submit(current_request).result()
    assert answered["statusCode"] == 500
    assert json.loads(answered["body"])["error"] == "internal_error"  # never the message, nor a trace
    with pytest.raises(LookupError):
        current_request()


class _RememberAtOnce:
    """A Remember that holds each call until every request is inside a route at the same time, and
    answers with the tenant its command was made for (as the gate's reason, which the API echoes)."""

    def __init__(self, parties: int) -> None:
        self.barrier = threading.Barrier(parties)

    def __call__(self, command: RememberCommand) -> RememberResult:
        self.barrier.wait(timeout=5)
        return RememberResult(Outcome.rejected, reason=f"{command.tenant}/{command.user_id}")


class _Services:
    def __init__(self, parties: int) -> None:
        self.settings = Settings()
        self.clock = SystemClock()
        self.keys = None  # no key rate on these requests: admission reads no key
        self.remember = _RememberAtOnce(parties)


@pytest.mark.parametrize("pooled", [True, False], ids=["one-api-per-request", "one-api-shared"])
def test_concurrent_tenants_on_the_memories_routes_each_get_their_own_answer(pooled):
    # Given the API built once per in-flight request, or one API shared by every request
    services = _Services(THREADS)
    apis = [EngramApi(services) for _ in range(THREADS)] if pooled else [EngramApi(services)] * THREADS

    def run(i: int) -> dict:
        body = json.dumps({"content": "I prefer tea", "user_id": f"user-{i}"}).encode()
        event = proxy_event("POST", "/v1/memories", {}, body, tenant=f"tenant-{i}")
        return json.loads(apis[i].handle(event, None)["body"])

    # When every tenant remembers at the same moment (all inside the route before any answers)
    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        out = list(pool.map(run, range(THREADS)))

    # Then each command was made for the tenant (and user) of its own request
    assert [o.get("rejected") for o in out] == [f"tenant-{i}/user-{i}" for i in range(THREADS)]
