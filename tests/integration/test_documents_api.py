"""The document routes in process on the embedded default: 202 with an id, states, list, delete as a
unit, and clear JSON errors for bad input."""

from __future__ import annotations

import base64

import pytest

from engram.runtime.worker import drain
from tests.integration.document_samples import RUNBOOK, tiny_pdf

SEARCH = {"user_id": "ana", "query": "ledger worker port 8405"}


def test_lifecycle_through_the_api(call, container) -> None:
    status, body = call(
        "POST",
        "/v1/documents",
        {"user_id": "ana", "text": RUNBOOK, "content_type": "text/markdown", "title": "Runbook"},
    )
    assert status == 202 and body["state"] == "queued"
    doc_id = body["id"]
    status, queued = call("GET", f"/v1/documents/{doc_id}")
    assert status == 200 and queued["state"] == "queued" and queued["chunk_ids"] == []

    drain(container)
    status, done = call("GET", f"/v1/documents/{doc_id}")
    assert status == 200 and done["state"] == "done" and len(done["chunk_ids"]) > 1
    status, listed = call("GET", "/v1/documents", query={"user_id": "ana"})
    assert status == 200 and [d["id"] for d in listed["documents"]] == [doc_id]
    assert call("GET", f"/v1/documents/{doc_id}", tenant="other")[0] == 404

    status, found = call(
        "POST", "/v1/memories/search", {"user_id": "ana", "query": "ledger worker port 8405"}
    )
    assert status == 200
    assert any(r["memory"]["id"] in done["chunk_ids"] for r in found["results"])

    status, deleted = call("DELETE", f"/v1/documents/{doc_id}")
    assert status == 200 and deleted["chunks_deleted"] == len(done["chunk_ids"])
    assert call("GET", f"/v1/documents/{doc_id}")[0] == 404
    for memory_id in done["chunk_ids"]:
        assert call("GET", f"/v1/memories/{memory_id}")[0] == 404
    status, found = call(
        "POST", "/v1/memories/search", {"user_id": "ana", "query": "ledger worker port 8405"}
    )
    assert not any(r["memory"]["id"] in done["chunk_ids"] for r in found["results"])


def test_a_pdf_file_upload(call, container) -> None:
    data = base64.b64encode(tiny_pdf(["The ledger rotates its keys every ninety days."])).decode()
    status, body = call(
        "POST",
        "/v1/documents",
        {"user_id": "ana", "file": {"name": "keys.pdf", "content_type": "application/pdf", "data": data}},
    )
    assert status == 202
    drain(container)
    status, done = call("GET", f"/v1/documents/{body['id']}")
    assert (
        done["state"] == "done" and done["title"] == "keys.pdf" and done["content_type"] == "application/pdf"
    )


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"user_id": "ana"}, "body"),
        ({"user_id": "ana", "text": "x y z", "url": "https://example.com/"}, "body"),
        ({"user_id": "ana", "url": "file:///etc/passwd"}, "url"),
        ({"user_id": "ana", "text": "a b c", "content_type": "image/png"}, "content_type"),
        ({"text": "some words"}, "user_id"),
        ({"user_id": "ana", "file": {"name": "a", "content_type": "application/pdf", "data": "!!"}}, "data"),
        ({"user_id": "ana", "text": "words", "surprise": 1}, "surprise"),
    ],
)
def test_bad_input_is_a_clear_422(call, body, path) -> None:
    status, error = call("POST", "/v1/documents", body)
    assert status == 422, error
    assert error["error"] in ("validation_error", "invalid_request")
    assert path in str(error)


def test_unknown_ids_are_404(call) -> None:
    assert call("GET", "/v1/documents/01NOSUCHDOC")[0] == 404
    status, error = call("DELETE", "/v1/documents/01NOSUCHDOC")
    assert status == 404 and "no document" in error["message"]


def test_sources_on_search_and_the_document_of_a_chunk(call, container) -> None:
    status, memory = call(
        "POST", "/v1/memories", {"user_id": "ana", "content": "The ledger worker runs on port 8405."}
    )
    assert status == 201
    status, accepted = call("POST", "/v1/documents", {"user_id": "ana", "text": RUNBOOK, "title": "Runbook"})
    drain(container)
    chunk_ids = set(call("GET", f"/v1/documents/{accepted['id']}")[1]["chunk_ids"])

    def found(sources: str | None, **extra) -> list[dict]:
        body = {**SEARCH, **({"sources": sources} if sources else {}), **extra}
        status, answer = call("POST", "/v1/memories/search", body)
        assert status == 200, answer
        return answer["results"]

    every = found(None)
    assert memory["id"] in {r["memory"]["id"] for r in every} and chunk_ids & {
        r["memory"]["id"] for r in every
    }
    documents = found("documents")
    assert documents and {r["memory"]["id"] for r in documents} <= chunk_ids
    assert all(
        r["document"]["id"] == accepted["id"] and r["document"]["title"] == "Runbook" for r in documents
    )
    assert {r["document"]["chunk"] for r in documents} <= set(range(len(chunk_ids)))
    memories = found("memories")
    assert [r["memory"]["id"] for r in memories] == [memory["id"]] and memories[0]["document"] is None
    assert found("documents", filters={"memory_types": ["fact"]}) == []
    assert call("POST", "/v1/memories/search", {**SEARCH, "sources": "web"})[0] == 422


def test_an_operator_may_turn_url_documents_off(tmp_path) -> None:
    import json

    from engram.api.app import EngramApi
    from engram.runtime.container import local
    from engram.settings import Settings
    from tests.conftest import api_event

    settings = Settings(
        data_dir=tmp_path / "d", embedder={"provider": "hashing"}, documents={"fetch_enabled": False}
    )
    api = EngramApi(local(settings))
    body = {"user_id": "ana", "url": "https://example.com/doc"}
    response = api.handle(api_event("POST", "/v1/documents", body), None)
    assert response["statusCode"] == 422 and "turned off" in json.loads(response["body"])["message"]
    text = api.handle(api_event("POST", "/v1/documents", {"user_id": "ana", "text": "Still taken."}), None)
    assert text["statusCode"] == 202
