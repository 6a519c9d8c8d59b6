"""Change events (issue 30): which event a change to a stored memory, document or session job is,
what it carries (never content), and the signature a receiver checks."""

from __future__ import annotations

import time

import pytest

from engram.domain.events import (
    EventType,
    WebhookEndpoint,
    document_events,
    memory_events,
    retry_delay_s,
    session_events,
    signature_header,
    verify_signature,
)
from engram.domain.models import Memory

SECRET = "whsec_test"


BASE = Memory(id="01M", tenant="acme", user_id="ada", content="Ada's secret plan", content_hash="h1")


def doc(**changes: object) -> dict:
    image = BASE.model_dump(mode="json")
    for name, value in changes.items():
        image[name] = {**image[name], **value} if isinstance(value, dict) else value
    return image


def test_an_inserted_memory_is_created_with_its_scope_and_no_content() -> None:
    [(kind, data)] = memory_events(None, doc())
    assert kind == EventType.memory_created
    assert data["memory_id"] == "01M" and (data["user_id"], data["project"], data["namespace"]) == (
        "ada",
        "default",
        "default",
    )
    assert "secret plan" not in repr(data) and "tenant" not in data


@pytest.mark.parametrize(
    ("status", "link", "kind"),
    [
        ("superseded", {"superseded_by": "01N"}, EventType.memory_superseded),
        ("merged", {"merged_into": "01N"}, EventType.memory_merged),
        ("deleted", {}, EventType.memory_deleted),
    ],
)
def test_a_status_change_is_its_event_with_the_link(status: str, link: dict, kind: EventType) -> None:
    [(got, data)] = memory_events(doc(), doc(status=status, **link))
    assert got == kind and data["status"] == status and data["previous_status"] == "active"
    for name, value in link.items():
        assert data[name] == value


def test_enrichment_done_is_enriched_with_the_fields_it_set() -> None:
    before = doc()
    after = doc(importance=5, categories=["work"], enrichment={"state": "done", "attempts": 1})
    [(kind, data)] = memory_events(before, after)
    assert kind == EventType.memory_enriched
    assert data["changed"] == ["categories", "importance"] and data["enrichment_state"] == "done"


def test_new_content_is_an_update_naming_the_field_not_its_value() -> None:
    before = doc(enrichment={"state": "done"})
    after = doc(content="Ada's new plan", content_hash="h2", enrichment={"state": "pending"})
    [(kind, data)] = memory_events(before, after)
    assert kind == EventType.memory_updated and data["changed"] == ["content"]
    assert "new plan" not in repr(data)


def test_bookkeeping_alone_is_no_event() -> None:
    assert memory_events(doc(), doc(enrichment={"state": "failed", "attempts": 2, "error": "x"})) == []
    assert memory_events(doc(), doc()) == []


def test_a_purge_is_a_deletion_unless_the_memory_was_already_deleted() -> None:
    [(kind, data)] = memory_events(doc(), None)
    assert kind == EventType.memory_deleted and data["purged"] is True
    assert memory_events(doc(status="deleted"), None) == []


def test_documents_and_sessions_are_events_once_done() -> None:
    document = {"id": "01D", "user_id": "ada", "project": "p", "namespace": "n", "state": "done",
                "chunks": 2, "chunk_ids": ["01A", "01B"], "title": "private title"}  # fmt: skip
    [(kind, data)] = document_events(document)
    assert kind == EventType.document_done and data["memory_ids"] == ["01A", "01B"]
    assert "private title" not in repr(data)
    assert document_events({**document, "state": "chunking"}) == []
    job = {"job_id": "01J", "session_id": "s1", "user_id": "ada", "state": "done", "facts_written": 3}
    [(kind, data)] = session_events(job)
    assert kind == EventType.session_extracted and data["facts_written"] == 3
    assert session_events({**job, "state": "running"}) == []


def test_a_signature_verifies_only_for_its_body_secret_and_time() -> None:
    now = time.time()
    body = b'{"id":"01E"}'
    header = signature_header(SECRET, int(now), body)
    assert verify_signature(SECRET, header, body, now)
    assert not verify_signature(SECRET, header, body + b" ", now)
    assert not verify_signature("whsec_other", header, body, now)
    assert not verify_signature(SECRET, header, body, now + 301)  # a replay after the tolerance
    assert not verify_signature(SECRET, "v1=abc", body, now)


def test_backoff_doubles_up_to_its_cap_with_jitter_in_the_upper_half() -> None:
    assert retry_delay_s(1, 2.0, 600, rand=lambda: 0.0) == 1.0
    assert retry_delay_s(3, 2.0, 600, rand=lambda: 1.0) == 8.0
    assert retry_delay_s(30, 2.0, 600, rand=lambda: 1.0) == 600


def test_an_endpoint_without_a_filter_wants_every_event() -> None:
    endpoint = WebhookEndpoint(id="w", tenant="acme", url="https://example.com/h")
    assert all(endpoint.wants(t) for t in EventType)
    only = endpoint.model_copy(update={"events": [EventType.memory_deleted]})
    assert only.wants("memory.deleted") and not only.wants("memory.created")
