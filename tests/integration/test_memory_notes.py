"""The write protocol's fields on remember: summary, write_reason, related_ids (checked to exist in the
scope), and who wrote it (agent_id, run_id); stored and returned on both stores, over the API."""

from __future__ import annotations

from typing import Any

import pytest

from engram.domain.errors import InvalidRequest
from engram.domain.models import Memory
from engram.usecases.remember import Outcome, Remember, RememberCommand
from tests.integration.store_backends import BACKENDS, make_store

USER = "alice"


def remember(call, content: str, **extra: Any) -> tuple[int, dict[str, Any]]:
    return call("POST", "/v1/memories", {"content": content, "user_id": USER, **extra})


def test_notes_are_stored_and_returned(call) -> None:
    _, base = remember(call, "Billing runs on Postgres 16 in eu-west-1")
    status, body = remember(
        call,
        "Billing moves to Postgres 17 after the March freeze",
        summary="Billing: Postgres 17 after March",
        write_reason="the user decided it in the planning call",
        related_ids=[base["id"], base["id"]],
        agent_id="planner",
        run_id="call-42",
    )
    assert status == 201, body
    status, memory = call("GET", f"/v1/memories/{body['id']}")
    assert status == 200
    assert memory["summary"] == "Billing: Postgres 17 after March"
    assert memory["write_reason"] == "the user decided it in the planning call"
    assert memory["related_ids"] == [base["id"]]  # each once
    assert (memory["agent_id"], memory["run_id"]) == ("planner", "call-42")
    plain = call("GET", f"/v1/memories/{base['id']}")[1]
    assert plain["summary"] is None and plain["related_ids"] == [] and plain["agent_id"] is None


def test_notes_are_screened_for_secrets_like_content(call, container) -> None:
    status, body = remember(
        call, "The deploy uses the staging account", write_reason="key AKIAIOSFODNN7EXAMPLE was pasted"
    )
    assert status == 201 and body["redactions"] == ["aws_access_key"]
    stored = container.store.get("acme", body["id"])
    assert "AKIAIOSFODNN7EXAMPLE" not in (stored.write_reason or "")


@pytest.mark.parametrize(
    "body",
    [
        {"summary": "two\nlines"},
        {"summary": "x" * 281},
        {"write_reason": ""},
        {"related_ids": [""]},
        {"related_ids": ["a"] * 21},
        {"agent_id": ""},
        {"run_id": "r" * 129},
    ],
)
def test_bad_notes_are_a_422_with_the_field_path(call, body: dict[str, Any]) -> None:
    status, answer = remember(call, "Alice prefers dark roast coffee", **body)
    assert status == 422 and answer["error"] == "validation_error"
    assert any(d["path"].startswith(f"body.{next(iter(body))}") for d in answer["details"]), answer


def test_a_related_id_must_name_a_live_memory_of_the_same_scope(call) -> None:
    _, mine = remember(call, "Alice works on the billing service")
    _, other_user = call(
        "POST", "/v1/memories", {"content": "Bob works on the search team", "user_id": "bob"}
    )
    _, other_ns = remember(call, "Alice's notes live in the wiki space", namespace="notes")
    _, gone = remember(call, "Alice's old laptop was a ThinkPad X1")
    call("DELETE", f"/v1/memories/{gone['id']}")
    _, other_tenant = call(
        "POST", "/v1/memories", {"content": "Alice of globex likes tea", "user_id": USER}, tenant="globex"
    )
    for bad in (
        "01HZZZZZZZZZZZZZZZZZZZZZZZ",
        other_user["id"],
        other_ns["id"],
        gone["id"],
        other_tenant["id"],
    ):
        status, answer = remember(
            call, "Alice moved to the ledger team in May", related_ids=[mine["id"], bad]
        )
        assert status == 422, answer
        assert answer["error"] == "invalid_request"
        assert [d["path"] for d in answer["details"]] == ["body.related_ids.1"]
    assert len(call("GET", "/v1/memories", query={"user_id": USER})[1]["items"]) == 2  # nothing stored


def test_a_bad_related_id_fails_only_its_batch_item(call) -> None:
    _, base = remember(call, "Alice works on the billing service")
    status, answer = call(
        "POST",
        "/v1/memories/batch",
        {
            "items": [
                {"content": "Alice leads the billing rewrite", "user_id": USER, "related_ids": [base["id"]]},
                {"content": "Alice leads the ledger rewrite", "user_id": USER, "related_ids": ["nope"]},
            ]
        },
    )
    assert status == 200
    first, second = answer["results"]
    assert first["status"] == "stored"
    assert second["status"] == "error" and second["error"] == "invalid_request"
    assert second["message"].startswith("related_ids.0:")
    assert call("GET", f"/v1/memories/{first['id']}")[1]["related_ids"] == [base["id"]]


def test_patch_changes_and_clears_notes(call) -> None:
    _, base = remember(call, "Alice works on the billing service")
    _, memory = remember(call, "Alice leads the billing rewrite", summary="leads rewrite")
    path = f"/v1/memories/{memory['id']}"
    status, patched = call("PATCH", path, {"related_ids": [base["id"]], "write_reason": "org chart update"})
    assert status == 200 and patched["related_ids"] == [base["id"]] and patched["summary"] == "leads rewrite"
    assert patched["write_reason"] == "org chart update"
    status, patched = call("PATCH", path, {"summary": None, "related_ids": []})
    assert status == 200 and patched["summary"] is None and patched["related_ids"] == []
    status, answer = call("PATCH", path, {"related_ids": [memory["id"]]})
    assert status == 422 and answer["details"][0]["path"] == "body.related_ids.0"


@pytest.mark.parametrize("kind", BACKENDS)
def test_notes_survive_each_store(kind: str, tmp_path) -> None:
    with make_store(kind, tmp_path) as store:

        class NoQueue:
            def enqueue(self, jobs: Any) -> None:
                pass

        use = Remember(store, NoQueue(), {})  # type: ignore[arg-type]
        base = use(RememberCommand(tenant="acme", user_id=USER, content="Alice works on the billing service"))
        assert base.memory is not None
        result = use(
            RememberCommand(
                tenant="acme",
                user_id=USER,
                content="Alice leads the billing rewrite",
                summary="leads rewrite",
                write_reason="org chart",
                related_ids=[base.memory.id],
                agent_id="planner",
                run_id="r1",
                metadata={"topic": "billing", "weight": 0.1, "big": 10**40, "deep": {"a": [1, {"b": None}]}},
            )
        )
        assert result.outcome == Outcome.stored and result.memory is not None
        stored: Memory | None = store.get("acme", result.memory.id)
        assert stored is not None and stored == result.memory
        with pytest.raises(InvalidRequest) as caught:
            use(
                RememberCommand(
                    tenant="acme", user_id="bob", content="Bob works on search", related_ids=[base.memory.id]
                )
            )
        assert caught.value.detail["field"] == "related_ids.0"
