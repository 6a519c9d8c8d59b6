"""The library behaviour the local server's isolation rests on, pinned.

powertools assigns the event being resolved to the router class. If that ever stops being shadowed
per thread by `RequestScopedResolver`, these tests fail here, before any request is served wrong.
"""

from __future__ import annotations

import json
import threading

from aws_lambda_powertools.event_handler import APIGatewayRestResolver
from aws_lambda_powertools.event_handler.api_gateway import BaseRouter

from engram.api.resolver import RequestScopedResolver
from engram.runtime.proxy import proxy_event


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
