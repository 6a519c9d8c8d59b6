"""Requests answered at the same time never read each other's (DESIGN.md invariant 8).

A powertools resolver holds the request it is answering, so a server answering several at once uses
one EngramApi per request in flight. powertools itself stores the event on its router *class*, which
every resolver of the process reads; engram.api.app.EngramResolver keeps it on the instance. These
tests hold requests inside a route at the same time (a barrier, not a sleep) to check both.
"""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor

from aws_lambda_powertools.event_handler import APIGatewayRestResolver

from engram.api.app import EngramApi, EngramResolver
from engram.ports import SystemClock
from engram.settings import Settings
from engram.usecases.remember import Outcome, RememberCommand, RememberResult
from tests.conftest import api_event

THREADS = 8


def _echo(cls: type[APIGatewayRestResolver], rendezvous: threading.Barrier) -> APIGatewayRestResolver:
    app = cls()

    @app.post("/echo")
    def echo() -> dict:
        first = app.current_event.json_body["who"]
        rendezvous.wait(timeout=5)  # every request is now inside a route at the same time
        return {"body": first, "body_after": app.current_event.json_body["who"]}

    return app


def _resolve_at_once(apps: list[APIGatewayRestResolver]) -> list[dict]:
    def run(i: int) -> dict:
        event = api_event("POST", "/echo", {"who": f"tenant-{i}"}, tenant=f"tenant-{i}")
        return json.loads(apps[i].resolve(event, None)["body"])

    with ThreadPoolExecutor(max_workers=len(apps)) as pool:
        return list(pool.map(run, range(len(apps))))


def test_plain_powertools_resolvers_share_the_event_being_answered():
    """Why EngramResolver keeps its own: with the library's, a route reads whichever event was
    resolved last in the process, whatever resolver it belongs to. (If this ever fails, powertools
    keeps the event per resolver and EngramResolver._to_proxy_event can go.)"""
    barrier = threading.Barrier(2)
    out = _resolve_at_once([_echo(APIGatewayRestResolver, barrier) for _ in range(2)])
    assert out[0]["body_after"] == out[1]["body_after"]  # one of the two read the other's event


def test_each_engram_resolver_reads_the_event_it_is_answering():
    barrier = threading.Barrier(THREADS)
    out = _resolve_at_once([_echo(EngramResolver, barrier) for _ in range(THREADS)])
    assert out == [{"body": f"tenant-{i}", "body_after": f"tenant-{i}"} for i in range(THREADS)]


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


def test_concurrent_tenants_each_on_their_own_api_get_their_own_answer():
    # Given one EngramApi per request in flight, as a server pools them
    services = _Services(THREADS)
    apis = [EngramApi(services) for _ in range(THREADS)]  # type: ignore[arg-type]

    def run(i: int) -> dict:
        body = {"content": "I prefer tea", "user_id": f"user-{i}"}
        return json.loads(
            apis[i].handle(api_event("POST", "/v1/memories", body, tenant=f"tenant-{i}"), None)["body"]
        )

    # When every tenant remembers at the same moment (all inside the route before any answers)
    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        out = list(pool.map(run, range(THREADS)))

    # Then each command was made for the tenant (and user) of its own request
    assert [o.get("rejected") for o in out] == [f"tenant-{i}/user-{i}" for i in range(THREADS)]


def test_no_two_apis_share_a_router():
    """A Router reads its request through the last resolver it was included in: each API builds its own."""
    first, second = EngramApi(_Services(1)), EngramApi(_Services(1))  # type: ignore[arg-type]
    assert first.app._route_keys == second.app._route_keys  # the same routes …
    first_funcs = {id(route.func) for route in first.app._static_routes + first.app._dynamic_routes}
    second_funcs = {id(route.func) for route in second.app._static_routes + second.app._dynamic_routes}
    assert first_funcs and not first_funcs & second_funcs  # … declared anew for each
