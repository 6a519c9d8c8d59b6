"""The OpenAI-compatible embedder against a loopback server speaking the `/v1/embeddings` protocol."""

from __future__ import annotations

import math
import socket
import time
from collections.abc import Iterator

import pytest

from engram.providers.embedders import EmbeddingError, build_embedder
from engram.providers.embedders.openai_compat import OpenAIEmbedder
from engram.settings import EmbedderSettings
from tests.fakes.openai_embeddings_server import Delay, FakeEmbeddingsServer

DIMS = 8


@pytest.fixture
def server() -> Iterator[FakeEmbeddingsServer]:
    with FakeEmbeddingsServer(dimensions=DIMS) as fake:
        yield fake


def make(server: FakeEmbeddingsServer, **overrides: object) -> OpenAIEmbedder:
    options: dict = {"base_url": server.base_url, "model": "fake-embed", "dimensions": DIMS} | overrides
    return OpenAIEmbedder(**options)


def unit(vector: list[float]) -> list[float]:
    norm = math.sqrt(sum(v * v for v in vector))
    return [v / norm for v in vector]


def test_embeds_in_input_order_and_normalises(server: FakeEmbeddingsServer) -> None:
    texts = ["the user prefers tea", "deploys happen on Mondays", "Café ☕ at 9:30"]

    vectors = make(server).embed(texts)

    # the server answers in reverse index order with vectors that are not unit length
    assert len(vectors) == 3
    for vector, text in zip(vectors, texts, strict=True):
        assert vector == pytest.approx(unit(server.vector_for(text)))
        assert math.sqrt(sum(v * v for v in vector)) == pytest.approx(1.0)
    request = server.requests[0]
    assert request.path == "/v1/embeddings"
    assert request.body == {"model": "fake-embed", "input": texts}
    assert request.headers["Content-Type"] == "application/json"


def test_batches_by_batch_size(server: FakeEmbeddingsServer) -> None:
    texts = [f"memory number {i}" for i in range(5)]

    vectors = make(server, batch_size=2).embed(texts)

    assert [r.body["input"] for r in server.requests] == [texts[0:2], texts[2:4], texts[4:5]]
    assert vectors == [pytest.approx(unit(server.vector_for(t))) for t in texts]


def test_sends_the_api_key_as_a_bearer_token_only_when_set(server: FakeEmbeddingsServer) -> None:
    make(server, api_key="sk-test-123").embed(["a"])
    make(server).embed(["b"])

    assert server.requests[0].headers["Authorization"] == "Bearer sk-test-123"
    assert "Authorization" not in server.requests[1].headers
    assert "sk-test-123" not in repr(make(server, api_key="sk-test-123"))


def test_base_url_with_trailing_slash(server: FakeEmbeddingsServer) -> None:
    make(server, base_url=server.base_url + "/").embed(["x"])

    assert server.requests[0].path == "/v1/embeddings"


def test_http_500_raises_embedding_error_with_the_server_message(server: FakeEmbeddingsServer) -> None:
    server.replies.append((500, {"error": {"message": "model crashed", "type": "server_error"}}))

    with pytest.raises(EmbeddingError, match="HTTP 500: model crashed") as caught:
        make(server).embed(["anything"])

    assert caught.value.detail["status"] == 500


def test_http_401_raises_embedding_error(server: FakeEmbeddingsServer) -> None:
    server.replies.append((401, {"error": {"message": "Incorrect API key provided"}}))

    with pytest.raises(EmbeddingError, match="HTTP 401: Incorrect API key"):
        make(server, api_key="sk-wrong").embed(["anything"])


def test_a_slow_server_times_out(server: FakeEmbeddingsServer) -> None:
    server.replies.append(Delay(2.0))
    started = time.monotonic()

    with pytest.raises(EmbeddingError, match="unreachable"):
        make(server, timeout_s=0.3).embed(["anything"])

    assert time.monotonic() - started < 1.5


def test_nobody_listening_raises_embedding_error() -> None:
    with socket.socket() as sock:  # a port that was free a moment ago and has no listener now
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]

    with pytest.raises(EmbeddingError, match="unreachable"):
        OpenAIEmbedder(base_url=f"http://127.0.0.1:{port}/v1", dimensions=DIMS, timeout_s=2).embed(["x"])


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"object": "list"}, "returned no embeddings"),
        ({"data": []}, "returned 0 embeddings for 1"),
        ({"data": [{"index": 3, "embedding": [1.0] * DIMS}]}, "bad index"),
        ({"data": [{"index": 0, "embedding": ["a"] * DIMS}]}, "non-numeric"),
        ({"data": [{"index": 0, "embedding": [1.0] * (DIMS + 1)}]}, "returned 9 dimensions"),
        ({"data": [{"index": 0, "embedding": [0.0] * DIMS}]}, "zero or non-finite"),
        (b"<html>not json</html>", "invalid JSON"),
    ],
    ids=["no-data", "too-few", "bad-index", "non-numeric", "wrong-dims", "zero-vector", "not-json"],
)
def test_malformed_payloads_raise_embedding_error(
    server: FakeEmbeddingsServer, payload: object, message: str
) -> None:
    server.replies.append((200, payload))

    with pytest.raises(EmbeddingError, match=message):
        make(server).embed(["x"])


def test_duplicate_indices_are_rejected(server: FakeEmbeddingsServer) -> None:
    item = {"index": 0, "embedding": [1.0] * DIMS}
    server.replies.append((200, {"data": [item, item]}))

    with pytest.raises(EmbeddingError, match="bad index"):
        make(server).embed(["x", "y"])


def test_build_embedder_wires_the_settings(server: FakeEmbeddingsServer) -> None:
    settings = EmbedderSettings(
        provider="openai", model="nomic-embed-text", dimensions=DIMS, base_url=server.base_url, api_key="k"
    )

    embedder = build_embedder(settings)
    vectors = embedder.embed(["hello"])

    assert embedder.name == "nomic-embed-text"
    assert vectors[0] == pytest.approx(unit(server.vector_for("hello")))
    assert server.requests[0].body == {"model": "nomic-embed-text", "input": ["hello"]}
    assert server.requests[0].headers["Authorization"] == "Bearer k"


def test_openai_text_embedding_3_models_are_asked_for_the_configured_dimensions(
    server: FakeEmbeddingsServer,
) -> None:
    settings = EmbedderSettings(provider="openai", dimensions=DIMS, base_url=server.base_url)

    build_embedder(settings).embed(["hello"])

    assert server.requests[0].body == {
        "model": "text-embedding-3-small",
        "input": ["hello"],
        "dimensions": DIMS,
    }
