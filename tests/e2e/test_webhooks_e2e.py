"""Webhooks against a real `engram serve` (issue 30 item 2): a loopback receiver gets every event of a
remember → enrich → supersede → delete sequence exactly once after dropping duplicates by event id,
signed, when it answers 500 twice first, and when serve is killed with -9 between a change and its
delivery (the same data dir restarted delivers it). Polls with generous deadlines, never fixed sleeps."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from engram.client import Engram
from tests.e2e.conftest import ROOT, Client, free_port, new_key, wait_for
from tests.webhook_receiver import Receiver

CORRECTION = (
    "Our team uses Postgres for the billing service",
    "Our team no longer uses Postgres for the billing service",
)
ENV = {
    "ENGRAM_EMBEDDER__PROVIDER": "hashing",
    "ENGRAM_HTTP_WORKERS": "1",
    "ENGRAM_WEBHOOKS__ALLOWED_NETWORKS": "127.0.0.1/32",  # the receiver is on loopback
    "ENGRAM_WEBHOOKS__BACKOFF_BASE_S": "0.05",
    "ENGRAM_WEBHOOKS__TIMEOUT_S": "2",
    "ENGRAM_JANITOR_ENABLED": "false",  # no scheduled change of its own among the events counted
}


class Serve:
    """`engram serve` in a process group of its own, so -9 takes its worker process down with it."""

    def __init__(self, data_dir: Path, key: str) -> None:
        port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "engram.cli", "serve", "--port", str(port), "--data-dir", str(data_dir)],
            cwd=ROOT,
            env={**os.environ, **ENV},
            stdout=(data_dir / "serve.log").open("a"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.client = Client(f"http://127.0.0.1:{port}", key)
        deadline = time.monotonic() + 60
        while True:
            assert self.proc.poll() is None, (data_dir / "serve.log").read_text()
            try:
                with urllib.request.urlopen(self.client.url + "/v1/health", timeout=1):
                    return
            except OSError:
                assert time.monotonic() < deadline, "engram serve did not become healthy in 60 s"
                time.sleep(0.1)

    def kill(self) -> None:
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver()
    yield r
    r.close()


def remember(client: Client, content: str) -> str:
    status, body = client.request("POST", "/v1/memories", {"user_id": "ada", "content": content})
    assert status == 201, body
    return str(body["id"])


def hook(client: Client, url: str, events: list[str]) -> str:
    status, body = client.request("POST", "/v1/webhooks", {"url": url, "events": events})
    assert status == 201, body
    return str(body["secret"])


def subjects(events: dict[str, dict]) -> list[tuple[str, str]]:
    """(type, memory id) of each distinct event, sorted: a duplicate event would show twice."""
    return sorted((e["type"], e["data"]["memory_id"]) for e in events.values())


def test_every_event_of_a_sequence_arrives_once_signed_through_two_500s(tmp_path, receiver: Receiver) -> None:
    receiver.fail_first = 2
    server = Serve(tmp_path, new_key(tmp_path, "acme"))
    try:
        client = server.client
        with Engram(client.url, api_key=client.key) as sdk:  # the SDK's webhook calls
            created = sdk.create_webhook(receiver.url, description="e2e receiver")
            assert [w.id for w in sdk.list_webhooks().webhooks] == [created.id]
        secret = created.secret
        old = remember(client, CORRECTION[0])
        wait_for(client, old, lambda m: m["enrichment"]["state"] == "done")
        new = remember(client, CORRECTION[1])
        wait_for(client, new, lambda m: m["enrichment"]["state"] == "done")
        wait_for(client, old, lambda m: m["status"] == "superseded")
        assert client.request("DELETE", f"/v1/memories/{new}")[0] == 200

        expected = sorted(
            [
                ("memory.created", old),
                ("memory.enriched", old),
                ("memory.created", new),
                ("memory.superseded", old),
                ("memory.enriched", new),
                ("memory.deleted", new),
            ]
        )
        events = receiver.wait_for(len(expected))
        assert subjects(events) == expected
        assert receiver.all_signed(secret)
        for event_id in events:  # each was refused twice before it was taken
            assert [r.answered for r in receiver.received if r.event_id == event_id] == [500, 500, 200]
    finally:
        server.stop()


def test_a_change_outlives_kill_9_before_its_delivery(tmp_path, receiver: Receiver) -> None:
    key = new_key(tmp_path, "acme")
    server = Serve(tmp_path, key)
    try:
        # not memory.enriched: the enrichment worker may or may not get to it before the deletion
        secret = hook(server.client, receiver.url, ["memory.created", "memory.deleted"])
        receiver.hold.clear()  # deliveries reach the receiver and are never acknowledged
        memory = remember(server.client, "The on-call rotation changes every Monday at noon")
        assert receiver.held.wait(60), "no delivery reached the receiver"
        # a second change commits while the first delivery is still in flight
        assert server.client.request("DELETE", f"/v1/memories/{memory}")[0] == 200
        server.kill()
    finally:
        server.stop()
    in_flight = {r.event_id for r in receiver.received}
    assert receiver.accepted() == {}
    receiver.hold.set()

    server = Serve(tmp_path, key)  # the same data dir
    try:
        events = receiver.wait_for(2)
        assert subjects(events) == [("memory.created", memory), ("memory.deleted", memory)]
        assert in_flight <= set(events)  # the event in flight at the kill came again, with its id
        assert receiver.all_signed(secret)
    finally:
        server.stop()
