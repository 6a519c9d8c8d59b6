"""Change events and webhooks on the embedded default (issue 30 item 2), over real SQLite and a real
receiver on loopback: the outbox commits with the change, deliveries are signed, retried with
backoff on the test's clock, dead-lettered after the last attempt and replayed; URLs obey the
document fetch's address rules."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest

from engram.domain.documents import Document, DocumentState
from engram.domain.events import EventType
from engram.domain.sessions import ExtractionRecord, JobState, SessionRef
from engram.providers.fetch import Fetcher
from engram.providers.webhooks import HttpWebhookSender
from engram.runtime.container import Container, local
from engram.runtime.worker import drain
from engram.settings import Settings
from engram.usecases.remember import RememberCommand
from tests.conftest import FakeClock
from tests.webhook_receiver import Receiver

TENANT = "acme"
CORRECTION = (
    "Our team uses Postgres for the billing service",
    "Our team no longer uses Postgres for the billing service",
)


@dataclass
class World:
    c: Container
    clock: FakeClock
    receiver: Receiver

    def hook(self, events: list[EventType] | None = None) -> str:
        """A webhook to the receiver (for these event types, or all); its secret."""
        _, secret = self.c.webhooks.create(TENANT, self.receiver.url, events or [])
        return secret

    def remember(self, content: str, user: str = "ada") -> str:
        result = self.c.remember(RememberCommand(tenant=TENANT, user_id=user, content=content))
        assert result.memory is not None
        return result.memory.id

    def deliver(self, passes: int = 1) -> int:
        return sum(self.c.deliver_events.run_once() for _ in range(passes))

    def accepted(self) -> list[tuple[str, str | None]]:
        """(type, memory id or other subject) of each event accepted, in event-id order."""
        events = self.receiver.accepted()
        return [(e["type"], e["data"].get("memory_id")) for _, e in sorted(events.items())]


def build(tmp_path, **webhooks: object) -> Container:
    settings = Settings(
        data_dir=tmp_path / "data",
        embedder={"provider": "hashing"},
        webhooks={"allowed_networks": ["127.0.0.1/32"], "backoff_base_s": 1.0, **webhooks},
    )
    return local(settings, clock=FakeClock())


@pytest.fixture
def world(tmp_path) -> Iterator[World]:
    c = build(tmp_path, max_attempts=3)
    receiver = Receiver()
    assert isinstance(c.clock, FakeClock)
    yield World(c, c.clock, receiver)
    receiver.close()


def outbox(c: Container) -> int:
    return int(c.store.db.connection().execute("SELECT count(*) FROM change_log").fetchone()[0])  # type: ignore[attr-defined]


def test_a_remember_enrich_supersede_delete_sequence_arrives_once_each_signed(world: World) -> None:
    secret = world.hook()
    old = world.remember(CORRECTION[0])
    drain(world.c)
    new = world.remember(CORRECTION[1])
    drain(world.c)
    world.c.forget(TENANT, new)
    world.deliver(passes=2)

    assert world.accepted() == [
        ("memory.created", old),
        ("memory.enriched", old),
        ("memory.created", new),
        ("memory.superseded", old),
        ("memory.enriched", new),
        ("memory.deleted", new),
    ]
    assert world.receiver.all_signed(secret)
    superseded = next(e for e in world.receiver.accepted().values() if e["type"] == "memory.superseded")
    assert superseded["data"]["superseded_by"] == new
    assert all("Postgres" not in r.body.decode() for r in world.receiver.received)  # never content
    assert outbox(world.c) == 0


def test_failed_tries_back_off_then_arrive_and_the_last_failure_is_dead_until_replayed(world: World) -> None:
    world.receiver.fail_first = 2
    world.hook()
    memory = world.remember("The deploy freeze starts on the first of December")
    assert world.deliver() == 1 and world.receiver.accepted() == {}  # first try: 500
    assert world.deliver() == 0  # not due again before its backoff
    world.clock.advance(seconds=1.01)  # the first retry waits 0.5-1 s (base 1 s, jittered)
    assert world.deliver() == 1 and world.receiver.accepted() == {}  # second try: 500
    world.clock.advance(seconds=2.01)
    assert world.deliver() == 1
    [event] = world.receiver.accepted().values()
    assert (event["type"], event["data"]["memory_id"]) == ("memory.created", memory)
    assert world.deliver() == 0  # delivered: never again

    world.receiver.fail_first = 10  # a receiver that keeps failing
    world.c.forget(TENANT, memory)
    for _ in range(3):
        world.deliver()
        world.clock.advance(seconds=10)
    [dead] = world.c.delivery_queue.dead(TENANT, 10)  # type: ignore[union-attr]
    assert (
        dead.event_type == "memory.deleted" and dead.attempts == 3 and "HTTP 500" in (dead.last_error or "")
    )
    assert world.deliver() == 0  # dead: not tried again on its own

    world.receiver.fail_first = 0
    assert world.c.delivery_queue.replay(TENANT, None, world.clock.now()) == 1  # type: ignore[union-attr]
    assert world.deliver() == 1
    assert [e["type"] for e in world.receiver.accepted().values()] == ["memory.created", "memory.deleted"]
    assert world.c.delivery_queue.dead(TENANT, 10) == []  # type: ignore[union-attr]


def test_the_outbox_row_commits_and_rolls_back_with_its_change(world: World) -> None:
    world.hook()
    with pytest.raises(RuntimeError), world.c.unit_of_work():
        world.remember("A write whose unit of work fails after the insert")
        assert outbox(world.c) == 1  # written inside the same transaction
        raise RuntimeError("the rest of the unit failed")
    assert outbox(world.c) == 0
    world.remember("A write that commits carries its outbox row")
    assert outbox(world.c) == 1


def test_a_tenant_without_webhooks_writes_no_outbox_rows(world: World) -> None:
    world.remember("Nobody listens to this tenant's changes yet")
    assert outbox(world.c) == 0


def test_only_the_event_types_asked_for_are_sent_and_a_deleted_hook_gets_nothing_more(world: World) -> None:
    world.hook(events=[EventType.memory_deleted])
    memory = world.remember("Only deletions are wanted by this endpoint")
    drain(world.c)
    world.c.forget(TENANT, memory)
    world.deliver()
    assert world.accepted() == [("memory.deleted", memory)]

    [endpoint] = world.c.webhooks.list(TENANT)
    world.remember("A change after the endpoint was waiting")  # no endpoint wants created: no event
    world.receiver.fail_first = 10
    second = world.remember("Another memory to delete")
    world.c.forget(TENANT, second)
    world.deliver()
    world.c.webhooks.delete(TENANT, endpoint.id)
    world.clock.advance(minutes=10)
    world.receiver.fail_first = 0
    assert world.deliver() == 0  # the pending retry left with its endpoint


def test_documents_and_session_extractions_are_events(world: World) -> None:
    world.hook(events=[EventType.document_done, EventType.session_extracted])
    now = world.clock.now()
    document = Document(id="01DOC", tenant=TENANT, user_id="ada", source="text", content_type="text/plain",
                        created_at=now, updated_at=now)  # fmt: skip
    store = world.c.document_store
    assert store is not None
    store.create(document, b"raw")
    store.save(document.model_copy(update={"state": DocumentState.chunking}))
    store.save(document.model_copy(update={"state": DocumentState.done, "chunk_ids": ["01A"], "chunks": 1}))
    store.save(
        document.model_copy(update={"state": DocumentState.done, "chunk_ids": ["01A"], "chunks": 1})
    )  # again
    ref = SessionRef(tenant=TENANT, user_id="ada", session_id="s1")
    job = ExtractionRecord(job_id="01JOB", from_seq=1, through_seq=4)
    world.c.transcripts.put_job(ref, job)
    world.c.transcripts.put_job(ref, job.model_copy(update={"state": JobState.done, "facts_written": 2}))
    world.c.transcripts.put_job(ref, job.model_copy(update={"state": JobState.done, "facts_written": 2}))
    world.deliver()
    events = sorted(world.receiver.accepted().values(), key=lambda e: e["type"])
    assert [e["type"] for e in events] == ["document.done", "session.extracted"]
    assert events[0]["data"]["memory_ids"] == ["01A"]
    assert events[1]["data"]["session_id"] == "s1" and events[1]["data"]["facts_written"] == 2


class NoConnections:
    """A connector that fails the test if the code under test tries to connect anywhere."""

    def __call__(self, ip: str, port: int, timeout: float) -> socket.socket:
        raise AssertionError(f"tried to connect to {ip}:{port}")


@pytest.mark.parametrize(
    ("url", "resolves_to"),
    [
        ("http://127.0.0.1:9/hook", None),
        ("http://[::1]/hook", None),
        ("http://169.254.169.254/latest/meta-data/", None),
        ("https://hooks.example.com/in", ["10.0.0.7"]),
        ("https://looks-public.example/in", ["93.184.216.34", "127.0.0.1"]),
        ("ftp://example.com/hook", None),
    ],
)
def test_webhook_urls_obey_the_fetch_address_rules(tmp_path, url: str, resolves_to: list[str] | None) -> None:
    c = build(tmp_path, allowed_networks=[])
    sender = HttpWebhookSender(
        Fetcher(resolver=lambda host, port: resolves_to or [], connector=NoConnections())
    )
    c.webhook_sender = sender  # type: ignore[misc]  # the cached property, given before first use
    with pytest.raises(Exception) as refused:
        c.webhooks.create(TENANT, url, [])
    assert getattr(refused.value, "code", None) == "fetch_refused"
    assert c.webhooks.list(TENANT) == []
    # a delivery to such a URL (a name that resolves elsewhere later) is refused, never connected
    assert not sender.send(url, "s", "01E", "memory.created", b"{}").ok


def test_the_routes_create_list_and_delete_with_the_secret_shown_once(tmp_path) -> None:
    from engram.api.app import EngramApi
    from tests.conftest import api_event

    c = build(tmp_path)
    api = EngramApi(c)

    def call(method: str, path: str, body: object = None, tenant: str = TENANT) -> tuple[int, dict]:
        import json

        response = api.handle(api_event(method, path, body, tenant=tenant), None)
        return response["statusCode"], json.loads(response["body"])

    status, created = call(
        "POST", "/v1/webhooks", {"url": "http://127.0.0.1:9/h", "events": ["memory.created"]}
    )
    assert (
        status == 201 and created["secret"].startswith("whsec_") and created["events"] == ["memory.created"]
    )
    status, listed = call("GET", "/v1/webhooks")
    assert status == 200 and [w["id"] for w in listed["webhooks"]] == [created["id"]]
    assert "secret" not in listed["webhooks"][0]
    assert call("GET", "/v1/webhooks", tenant="other")[1]["webhooks"] == []  # tenants never see each other
    assert call("DELETE", f"/v1/webhooks/{created['id']}", tenant="other")[0] == 404
    status, bad = call("POST", "/v1/webhooks", {"url": "http://127.0.0.1:9/h", "events": ["memory.exploded"]})
    assert status == 422 and bad["details"][0]["path"] == "body.events.0"
    status, bad = call("POST", "/v1/webhooks", {"url": "file:///etc/passwd"})
    assert status == 422
    status, refused = call("POST", "/v1/webhooks", {"url": "http://10.1.2.3/h"})
    assert status == 422 and refused["error"] == "fetch_refused", refused
    assert call("DELETE", f"/v1/webhooks/{created['id']}") == (200, {"id": created["id"], "deleted": True})
    assert call("DELETE", f"/v1/webhooks/{created['id']}")[0] == 404


def test_webhooks_turned_off_are_refused_before_any_lookup(tmp_path) -> None:
    c = build(tmp_path, enabled=False)
    c.webhook_sender = HttpWebhookSender(Fetcher(resolver=NoLookups(), connector=NoConnections()))  # type: ignore[misc]
    with pytest.raises(Exception) as refused:
        c.webhooks.create(TENANT, "https://hooks.example.com/in", [])
    assert "turned off" in str(refused.value)


class NoLookups:
    def __call__(self, host: str, port: int) -> list[str]:
        raise AssertionError(f"looked {host} up")


def test_a_change_of_content_is_an_update_naming_the_field(world: World) -> None:
    world.hook([EventType.memory_updated])
    memory = world.remember("The quarterly review happens in March")
    drain(world.c)
    world.c.update(TENANT, memory, {"content": "The quarterly review happens in April"})
    world.deliver()
    [event] = world.receiver.accepted().values()
    assert (event["type"], event["data"]["memory_id"]) == ("memory.updated", memory)
    assert "content" in event["data"]["changed"] and "April" not in json.dumps(event)


def test_the_cli_lists_dead_deliveries_and_replays_them(
    world: World, capsys: pytest.CaptureFixture[str]
) -> None:
    from engram.cli import main

    world.receiver.fail_first = 10
    world.hook()
    world.remember("A receiver that is down for a while")
    for _ in range(3):  # max_attempts: 3
        world.deliver()
        world.clock.advance(minutes=5)
    data_dir = ["--data-dir", str(world.c.settings.data_dir)]
    capsys.readouterr()
    assert main(["webhooks", "dead", *data_dir]) == 0
    [line] = capsys.readouterr().out.splitlines()
    dead = json.loads(line)
    assert (dead["tenant"], dead["event_type"], dead["attempts"]) == (TENANT, "memory.created", 3)

    world.receiver.fail_first = 0
    assert main(["webhooks", "replay", "--event", dead["event_id"], *data_dir]) == 0
    assert json.loads(capsys.readouterr().out) == {"replayed": 1}
    world.clock.current = datetime.now(UTC) + timedelta(minutes=1)  # the CLI replays by the real clock
    assert world.deliver() == 1
    assert list(world.receiver.accepted()) == [dead["event_id"]]


@pytest.mark.parametrize(("enabled", "loop"), [(True, ["webhook_delivery"]), (False, [])])
def test_serve_runs_the_delivery_thread_unless_webhooks_are_off(
    tmp_path, enabled: bool, loop: list[str]
) -> None:
    from engram.runtime import background

    c = build(tmp_path, enabled=enabled)
    names = [f.__name__ for f in background.loops(c, worker=False)]
    assert [n for n in names if n == "webhook_delivery"] == loop
