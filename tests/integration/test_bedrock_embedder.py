"""The Titan V2 embedder against a real bedrock-runtime client, stubbed with botocore's Stubber.

Stubber validates every request against the bedrock-runtime service model, so a malformed
InvokeModel call fails here just as it would against AWS.
"""

from __future__ import annotations

import io
import json
import math
import socket
import time
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from botocore.config import Config
from botocore.response import StreamingBody
from botocore.stub import ANY, Stubber

from engram.providers.embedders import EmbeddingError, build_embedder
from engram.providers.embedders.bedrock import DEFAULT_MODEL_ID, BedrockEmbedder, bedrock_runtime_client
from engram.settings import EmbedderSettings

DIMS = 256


@pytest.fixture
def client() -> Any:
    return boto3.client("bedrock-runtime", region_name="us-east-1")


@pytest.fixture
def stubber(client: Any) -> Iterator[Stubber]:
    with Stubber(client) as stub:
        yield stub
        stub.assert_no_pending_responses()


@pytest.fixture
def sent_bodies(client: Any) -> list[dict[str, Any]]:
    """The JSON bodies of every InvokeModel call, as the client sends them."""
    bodies: list[dict[str, Any]] = []

    def capture(params: dict[str, Any], **_: Any) -> None:
        bodies.append(json.loads(params["body"]))

    client.meta.events.register("before-parameter-build.bedrock-runtime.InvokeModel", capture)
    return bodies


def titan_response(embedding: list[float]) -> dict[str, Any]:
    return json_response({"embedding": embedding, "inputTextTokenCount": 7})


def json_response(payload: object) -> dict[str, Any]:
    body = json.dumps(payload).encode()
    return {"body": StreamingBody(io.BytesIO(body), len(body)), "contentType": "application/json"}


def expected_call(model_id: str = DEFAULT_MODEL_ID) -> dict[str, Any]:
    return {"modelId": model_id, "body": ANY, "contentType": "application/json", "accept": "application/json"}


def raw_vector(seed: int) -> list[float]:
    """A deterministic vector that is not unit length."""
    return [float((i * seed) % 17 - 8) or 0.5 for i in range(DIMS)]


def unit(vector: list[float]) -> list[float]:
    norm = math.sqrt(sum(v * v for v in vector))
    return [v / norm for v in vector]


def test_one_invoke_model_call_per_text_in_order(
    client: Any, stubber: Stubber, sent_bodies: list[dict[str, Any]]
) -> None:
    texts = ["The user prefers dark mode.", "Deploys happen on Mondays."]
    for seed in (3, 5):
        stubber.add_response("invoke_model", titan_response(raw_vector(seed)), expected_call())

    vectors = BedrockEmbedder(client, dimensions=DIMS).embed(texts)

    assert sent_bodies == [{"inputText": text, "dimensions": DIMS, "normalize": True} for text in texts]
    assert vectors == [pytest.approx(unit(raw_vector(3))), pytest.approx(unit(raw_vector(5)))]
    assert all(math.sqrt(sum(v * v for v in vector)) == pytest.approx(1.0) for vector in vectors)


def test_a_custom_model_id_is_used(client: Any, stubber: Stubber) -> None:
    model_id = "arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.amazon.titan-embed-text-v2:0"
    stubber.add_response("invoke_model", titan_response(raw_vector(2)), expected_call(model_id))

    embedder = BedrockEmbedder(client, model_id=model_id, dimensions=DIMS)

    assert embedder.embed(["x"])[0] == pytest.approx(unit(raw_vector(2)))
    assert embedder.name == model_id


def test_very_long_text_is_cut_to_titans_input_limit(
    client: Any, stubber: Stubber, sent_bodies: list[dict[str, Any]]
) -> None:
    stubber.add_response("invoke_model", titan_response(raw_vector(2)), expected_call())

    BedrockEmbedder(client, dimensions=DIMS).embed(["word " * 20_000])

    assert len(sent_bodies[0]["inputText"]) == 50_000


def test_a_service_error_raises_embedding_error(client: Any, stubber: Stubber) -> None:
    stubber.add_client_error(
        "invoke_model",
        service_error_code="ThrottlingException",
        service_message="Too many requests, please wait before trying again.",
        http_status_code=429,
    )

    with pytest.raises(EmbeddingError, match="ThrottlingException: Too many requests") as caught:
        BedrockEmbedder(client, dimensions=DIMS).embed(["x"])

    assert caught.value.detail["code"] == "ThrottlingException"


@pytest.mark.parametrize(
    "payload",
    [
        {"embedding": [0.1] * 1024},
        {"message": "no embedding here"},
        {"embedding": [0.0] * DIMS},
        {"embedding": ["x"] * DIMS},
    ],
    ids=["wrong-dimensions", "missing", "zero", "non-numeric"],
)
def test_a_bad_payload_raises_embedding_error(client: Any, stubber: Stubber, payload: dict) -> None:
    stubber.add_response("invoke_model", json_response(payload), expected_call())

    with pytest.raises(EmbeddingError):
        BedrockEmbedder(client, dimensions=DIMS).embed(["x"])


def test_a_body_that_is_not_json_raises_embedding_error(client: Any, stubber: Stubber) -> None:
    body = b"<html>502 Bad Gateway</html>"
    response = {"body": StreamingBody(io.BytesIO(body), len(body)), "contentType": "text/html"}
    stubber.add_response("invoke_model", response, expected_call())

    with pytest.raises(EmbeddingError, match="invalid JSON"):
        BedrockEmbedder(client, dimensions=DIMS).embed(["x"])


def test_a_read_timeout_raises_embedding_error() -> None:
    # a listener that accepts connections and never answers
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        client = boto3.client(
            "bedrock-runtime",
            region_name="us-east-1",
            endpoint_url=f"http://127.0.0.1:{silent.getsockname()[1]}",
            config=Config(connect_timeout=1, read_timeout=0.3, retries={"max_attempts": 1}),
        )
        started = time.monotonic()

        with pytest.raises(EmbeddingError, match="unreachable"):
            BedrockEmbedder(client, dimensions=DIMS).embed(["x"])

    assert time.monotonic() - started < 2.5


def test_titan_v2_only_makes_256_512_or_1024_dimensions(client: Any) -> None:
    with pytest.raises(ValueError, match="256, 512, 1024"):
        BedrockEmbedder(client, dimensions=384)


def test_the_default_client_has_timeouts_and_retries() -> None:
    client = bedrock_runtime_client(timeout_s=7.5)

    assert client.meta.service_model.service_name == "bedrock-runtime"
    assert client.meta.config.read_timeout == 7.5
    assert client.meta.config.connect_timeout == 5.0
    assert client.meta.config.retries == {"total_max_attempts": 3, "mode": "standard"}


def test_build_embedder_uses_the_given_client(
    client: Any, stubber: Stubber, sent_bodies: list[dict[str, Any]]
) -> None:
    stubber.add_response("invoke_model", titan_response(raw_vector(4)), expected_call())
    settings = EmbedderSettings(provider="bedrock", dimensions=DIMS)

    embedder = build_embedder(settings, bedrock_client=client)

    assert isinstance(embedder, BedrockEmbedder)
    assert (embedder.name, embedder.dimensions) == (DEFAULT_MODEL_ID, DIMS)
    assert embedder.embed(["hello"])[0] == pytest.approx(unit(raw_vector(4)))
    assert sent_bodies[0]["dimensions"] == DIMS
