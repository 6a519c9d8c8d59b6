"""Documents on the embedded default (real SQLite, the real job queue and worker): raw first, the job's
states, chunks remembered through the write path and found by recall, delete as a unit, PDF, refusals."""

from __future__ import annotations

import socket

import pytest

from engram.domain.documents import DocumentState
from engram.domain.models import MemoryType, Provenance
from engram.runtime.worker import drain
from engram.usecases.documents import SubmitDocument
from engram.usecases.recall import RecallQuery
from tests.integration.document_samples import RUNBOOK, tiny_pdf


def submit(container, **fields):
    return container.documents.submit(SubmitDocument(tenant="acme", user_id="ana", **fields))


def test_a_markdown_document_is_stored_raw_first_then_chunked_and_recalled(container) -> None:
    document = submit(container, text=RUNBOOK, content_type="text/markdown", title="Billing runbook")
    assert document.state == DocumentState.queued
    assert container.document_store.raw("acme", document.id) == RUNBOOK.encode()  # before any job ran

    drain(container)
    done = container.documents.get("acme", document.id)
    assert done.state == DocumentState.done and done.error is None
    assert done.chunks > 1 and len(done.chunk_ids) == done.chunks
    chunk = container.store.get("acme", done.chunk_ids[0])
    assert chunk.memory_type == MemoryType.document_chunk and chunk.provenance == Provenance.imported
    assert chunk.importance == 2 and chunk.metadata["document_id"] == document.id
    assert len(chunk.content) <= container.settings.documents.chunk_chars

    hits = container.recall(RecallQuery(tenant="acme", user_id="ana", query="ledger worker port 8407"))
    assert any(h.memory.id in done.chunk_ids for h in hits)

    container.documents.delete("acme", document.id)
    assert container.document_store.get("acme", document.id) is None
    for memory_id in done.chunk_ids:
        assert container.store.get("acme", memory_id).status.value == "deleted"
    hits = container.recall(RecallQuery(tenant="acme", user_id="ana", query="ledger worker port 8407"))
    assert not any(h.memory.id in done.chunk_ids for h in hits)


def test_a_second_delivery_changes_nothing(container) -> None:
    from engram.ports import DocumentJob

    document = submit(container, text=RUNBOOK, content_type="text/markdown")
    drain(container)
    first = container.documents.get("acme", document.id)
    container.documents.process(DocumentJob(tenant="acme", document_id=document.id))
    assert container.documents.get("acme", document.id) == first


def test_chunks_are_screened_like_any_memory(container) -> None:
    secret = "AKIAIOSFODNN7EXAMPLE"
    text = f"Deploy notes for the billing team.\n\nThe deploy key is {secret} and it lives in the vault."
    document = submit(container, text=text)
    drain(container)
    done = container.documents.get("acme", document.id)
    contents = " ".join(container.store.get("acme", i).content for i in done.chunk_ids)
    assert secret not in contents
    assert container.document_store.raw("acme", document.id) is not None


def test_html_text_loses_its_markup_and_gives_the_title(container) -> None:
    page = (
        "<html><head><title>Ops handbook</title><script>track()</script></head>"
        "<body><p>Restart the ledger worker nightly at two.</p></body></html>"
    )
    document = submit(container, text=page, content_type="text/html")
    drain(container)
    done = container.documents.get("acme", document.id)
    assert done.title == "Ops handbook"
    contents = [container.store.get("acme", i).content for i in done.chunk_ids]
    assert contents == ["Restart the ledger worker nightly at two."]


def test_a_pdf_upload(container) -> None:
    pdf = tiny_pdf(["The billing service listens on port 8443.", "Rotate its certificate every ninety days."])
    document = submit(container, data=pdf, content_type="application/pdf", filename="billing.pdf")
    drain(container)
    done = container.documents.get("acme", document.id)
    assert done.state == DocumentState.done and done.title == "billing.pdf"
    assert "port 8443" in container.store.get("acme", done.chunk_ids[0]).content


def test_a_broken_pdf_fails_with_its_reason(container) -> None:
    document = submit(container, data=b"%PDF-1.4 not really", content_type="application/pdf")
    drain(container)
    failed = container.documents.get("acme", document.id)
    assert failed.state == DocumentState.failed and "PDF" in (failed.error or "")


def test_a_url_to_loopback_fails_with_the_reason_and_connects_nowhere(container, monkeypatch) -> None:
    def no_connection(*args, **kwargs):
        pytest.fail("the fetch opened a connection")

    monkeypatch.setattr(socket, "create_connection", no_connection)
    document = submit(container, url="http://127.0.0.1:9/secret")
    drain(container)
    failed = container.documents.get("acme", document.id)
    assert failed.state == DocumentState.failed
    assert "loopback" in (failed.error or "") and failed.chunk_ids == []


def test_documents_are_listed_per_user_and_tenant(container) -> None:
    ids = [submit(container, text=f"Document number {i} about the ledger.").id for i in range(3)]
    container.documents.submit(SubmitDocument(tenant="other", user_id="ana", text="Another tenant's doc."))
    page, cursor = container.documents.list("acme", "ana", 2, None)
    assert [d.id for d in page] == ids[::-1][:2] and cursor is not None
    rest, end = container.documents.list("acme", "ana", 2, cursor)
    assert [d.id for d in rest] == [ids[0]] and end is None
    with pytest.raises(Exception, match="no document"):
        container.documents.get("other", ids[0])
