"""Outages are not client errors: a dependency failure is a 503 with Retry-After, an unexpected error
a 500 that is logged, never a 400 (issue 9)."""

from __future__ import annotations

import json

import pytest

from engram.adapters.opensearch.index import IndexUnavailable
from engram.api.app import EngramApi
from engram.domain.errors import EngramError
from engram.providers.embedders import EmbeddingError
from engram.runtime.proxy import response_parts
from tests.conftest import api_event

SEARCH = {"query": "what does Alice drink", "user_id": "alice"}


class DownEmbedder:
    dimension = 384

    def embed(self, texts):
        raise EmbeddingError("embeddings endpoint http://10.0.0.7/v1/embeddings timed out after 10 s")


class DownIndex:
    def search(self, *args, **kwargs):
        raise IndexUnavailable("OpenSearch https://vpc-engram.example unreachable: ConnectionTimeout")

    knn = search


def answer(container, method, path, body=None):
    status, headers, raw = response_parts(EngramApi(container).handle(api_event(method, path, body), None))
    return status, headers, json.loads(raw)


def test_an_embedder_outage_on_search_is_503_with_retry_after(container):
    container.embedder_factory = DownEmbedder
    status, headers, body = answer(container, "POST", "/v1/memories/search", SEARCH)
    assert status == 503 and body["error"] == "embedding_failed"
    assert int(headers["Retry-After"]) > 0
    assert "10.0.0.7" not in body["message"]  # the provider's address stays in the logs


def test_an_index_outage_on_search_is_503(container):
    container.lexical_index = DownIndex()
    status, headers, body = answer(container, "POST", "/v1/memories/search", SEARCH)
    assert status == 503 and body["error"] == "index_unavailable" and "Retry-After" in headers
    assert "vpc-engram" not in body["message"]


def test_an_unmapped_typed_error_is_a_500(container, monkeypatch):
    class Surprise(EngramError):
        code = "surprise"

    def broken(*args, **kwargs):
        raise Surprise("a bug, not the caller's fault")

    monkeypatch.setattr(container.store, "get", broken)
    status, _, body = answer(container, "GET", "/v1/memories/01JDQZ8W7N3V5QK2T4XAMPLE00")
    assert status == 500 and body["error"] == "internal_error"


@pytest.mark.parametrize("error", [RuntimeError("boom"), RecursionError(), OverflowError()])
def test_an_unexpected_exception_is_a_500_not_a_400(container, monkeypatch, error):
    def broken(*args, **kwargs):
        raise error

    monkeypatch.setattr(container.store, "get", broken)
    status, _, body = answer(container, "GET", "/v1/memories/01JDQZ8W7N3V5QK2T4XAMPLE00")
    assert status == 500 and body == {
        "error": "internal_error",
        "message": "something went wrong on our side; it has been logged",
        "details": [],
    }
