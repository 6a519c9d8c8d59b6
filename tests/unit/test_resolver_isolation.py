"""The library behaviour the local server's isolation rests on, pinned.

powertools assigns the event being resolved to the router class. If that ever stops being shadowed
per thread by `RequestScopedResolver`, these tests fail here, before any request is served wrong.
"""

from __future__ import annotations

import json
import threading

import pytest
from aws_lambda_powertools.event_handler import APIGatewayRestResolver, Response
from aws_lambda_powertools.event_handler.api_gateway import BaseRouter

from engram.api.app import EngramApi
from engram.api.resolver import IsolationBroken, RequestScopedResolver, new_router
from engram.ports import SystemClock
from engram.runtime.proxy import proxy_event
from engram.settings import Settings
from engram.usecases.remember import Outcome, RememberCommand, RememberResult


def _event(tenant: str, body: dict) -> dict:
    return proxy_event("POST", "/echo", {}, json.dumps(body).encode(), tenant=tenant)


def _echo_app(cls: type[APIGatewayRestResolver], rendezvous: threading.Barrier) -> APIGatewayRestResolver:
    app = cls()

    @app.post("/echo")
    def echo() -> dict:
        first = app.current_event.json_body["who"]
        rendezvous.wait(timeout=5)  # both requests are now inside a route at the same time
        return {"body": first, "body_after": app.current_event.json_body["who"]}

    return app


def _resolve_two_at_once(apps: list[APIGatewayRestResolver]) -> list[dict]:
    out: list[dict] = [{}, {}]

    def run(i: int) -> None:
        who = f"tenant-{i}"
        response = apps[i].resolve(_event(who, {"who": who}), None)
        out[i] = json.loads(response["body"])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    return out


def test_the_library_shares_the_event_across_instances():
    """Why RequestScopedResolver exists: two plain resolvers, two threads, one shared slot."""
    barrier = threading.Barrier(2)
    apps = [_echo_app(APIGatewayRestResolver, barrier) for _ in range(2)]
    out = _resolve_two_at_once(apps)
    # Whichever request resolved second overwrote the class slot: both now read its body.
    assert out[0]["body_after"] == out[1]["body_after"]
    assert {out[0]["body"], out[1]["body"]} <= {"tenant-0", "tenant-1"}
    assert BaseRouter.current_event.json_body["who"] == out[0]["body_after"]  # the class slot itself


def test_each_thread_reads_its_own_event_even_on_one_shared_resolver():
    barrier = threading.Barrier(2)
    app = _echo_app(RequestScopedResolver, barrier)
    out = _resolve_two_at_once([app, app])
    assert out[0] == {"body": "tenant-0", "body_after": "tenant-0"}
    assert out[1] == {"body": "tenant-1", "body_after": "tenant-1"}


def test_tenant_comes_from_the_threads_own_event():
    barrier = threading.Barrier(2)
    app = RequestScopedResolver()

    @app.post("/echo")
    def echo() -> dict:
        barrier.wait(timeout=5)
        return {"tenant": app.tenant()}

    out: list[str] = ["", ""]

    def run(i: int) -> None:
        out[i] = json.loads(app.resolve(_event(f"t{i}", {}), None)["body"])["tenant"]

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    assert out == ["t0", "t1"]


def test_a_route_handed_another_requests_event_fails_instead_of_acting_for_it():
    app = RequestScopedResolver()
    seen: list[str] = []

    @app.post("/echo")
    def echo() -> dict:
        # Simulate a library that swaps the event under the route (what the class slot did).
        app.current_event = app._to_proxy_event(_event("intruder", {}))
        seen.append("route ran")
        return {"tenant": app.tenant()}

    @app.exception_handler(Exception)
    def _fail(exc: Exception):
        from aws_lambda_powertools.event_handler import Response

        return Response(status_code=500, content_type="application/json", body=json.dumps(type(exc).__name__))

    response = app.resolve(_event("owner", {}), None)
    assert seen == ["route ran"]
    assert response["statusCode"] == 500 and json.loads(response["body"]) == "IsolationBroken"


# --------------------------------------------------------------------------- routes on Routers


def test_a_router_reads_its_event_through_the_resolver_it_is_included_in_per_thread():
    # Given a route defined on a Router, included in one resolver shared by two threads
    barrier = threading.Barrier(2)
    app = RequestScopedResolver()
    routes = new_router()

    @routes.post("/echo")
    def echo() -> dict:
        first = routes.current_event.json_body["who"]
        barrier.wait(timeout=5)  # both requests are now inside the route at the same time
        return {"body": first, "body_after": routes.current_event.json_body["who"], "tenant": app.tenant()}

    app.include_router(routes)

    # When two tenants call it at once
    out = _resolve_two_at_once([app, app])

    # Then each reads its own event and tenant, before and after the other has started
    assert out[0] == {"body": "tenant-0", "body_after": "tenant-0", "tenant": "tenant-0"}
    assert out[1] == {"body": "tenant-1", "body_after": "tenant-1", "tenant": "tenant-1"}


def test_a_router_included_in_two_resolvers_reads_only_the_last_ones_requests():
    """Why engram builds its routers per resolver: once included, a Router reads its request through
    `api_resolver`, the last resolver it was included in, whichever resolver is handling the call."""
    first, second = RequestScopedResolver(), RequestScopedResolver()
    shared = new_router()

    @shared.post("/echo")
    def echo() -> dict:
        return {"body": shared.current_event.json_body["who"]}

    first.include_router(shared)
    second.include_router(shared)

    @first.exception_handler(IsolationBroken)
    def _broken(exc: IsolationBroken) -> Response:
        return Response(status_code=500, content_type="application/json", body=json.dumps("IsolationBroken"))

    assert shared.api_resolver is second
    response = first.resolve(_event("tenant-0", {"who": "tenant-0"}), None)
    assert response["statusCode"] == 500  # the route asked `second`, which is handling no request here
    assert json.loads(response["body"]) == "IsolationBroken"


class _RememberAtOnce:
    """A Remember that holds each call until two are inside routes at the same time, and answers with
    the tenant its command was made for (as the gate's reason, which the API echoes)."""

    def __init__(self) -> None:
        self.barrier = threading.Barrier(2)

    def __call__(self, command: RememberCommand) -> RememberResult:
        self.barrier.wait(timeout=5)
        return RememberResult(Outcome.rejected, reason=f"{command.tenant}/{command.user_id}")


class _Services:
    def __init__(self) -> None:
        self.settings = Settings()
        self.clock = SystemClock()
        self.keys = None  # no key rate on these requests: admission reads no key
        self.remember = _RememberAtOnce()


@pytest.mark.parametrize("pooled", [True, False], ids=["one-api-per-request", "one-api-shared"])
def test_concurrent_tenants_on_the_memories_router_each_get_their_own_answer(pooled):
    # Given the API as `engram serve` builds it (one EngramApi per in-flight request), or one shared
    services = _Services()
    apis = [EngramApi(services), EngramApi(services)] if pooled else [EngramApi(services)] * 2
    out: list[dict] = [{}, {}]

    def run(i: int) -> None:
        body = json.dumps({"content": "I prefer tea", "user_id": f"user-{i}"}).encode()
        event = proxy_event("POST", "/v1/memories", {}, body, tenant=f"tenant-{i}")
        out[i] = json.loads(apis[i].handle(event, None)["body"])

    # When two tenants remember at the same moment (both inside the route before either answers)
    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)

    # Then each command was made for the tenant (and user) of its own request
    assert [o.get("rejected") for o in out] == ["tenant-0/user-0", "tenant-1/user-1"]
