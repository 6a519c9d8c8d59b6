"""Amazon Titan Text Embeddings V2 on Bedrock (`bedrock-runtime` InvokeModel), one text per call."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from engram.providers.aws import bedrock_runtime_client
from engram.providers.embedders.errors import EmbeddingError
from engram.tracing import model_call

DEFAULT_MODEL_ID = "amazon.titan-embed-text-v2:0"
TITAN_V2_DIMENSIONS = (256, 512, 1024)
MAX_INPUT_CHARS = 50_000  # Titan V2's documented input limit (and 8,192 tokens)


class BedrockEmbedder:
    """Titan Text Embeddings V2: unit-normalised vectors of 256, 512 or 1024 dimensions."""

    def __init__(
        self,
        client: Any = None,
        *,
        model_id: str = DEFAULT_MODEL_ID,
        dimensions: int = 1024,
        timeout_s: float = 10.0,
    ) -> None:
        if model_id.startswith("amazon.titan-embed-text-v2") and dimensions not in TITAN_V2_DIMENSIONS:
            raise ValueError(
                f"Titan Text Embeddings V2 returns {', '.join(map(str, TITAN_V2_DIMENSIONS))} dimensions,"
                f" not {dimensions}: set ENGRAM_EMBEDDER__DIMENSIONS accordingly"
            )
        self.client = client or bedrock_runtime_client(timeout_s)
        self.model = model_id
        self.name = model_id
        self.dimensions = dimensions

    def warm(self) -> None:
        """Nothing to load ahead of the first call."""

    @model_call("embeddings", "aws.bedrock")
    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self._embed_one(text) for text in texts]

    def _embed_one(self, text: str) -> list[float]:
        body = {"inputText": text[:MAX_INPUT_CHARS], "dimensions": self.dimensions, "normalize": True}
        try:
            response = self.client.invoke_model(
                modelId=self.model,
                body=json.dumps(body),
                contentType="application/json",
                accept="application/json",
            )
            payload = json.loads(response["body"].read())
        except ClientError as exc:
            error = exc.response.get("Error", {})
            raise EmbeddingError(
                f"Bedrock {self.model} refused the request: {error.get('Code')}: {error.get('Message')}",
                provider="bedrock",
                code=error.get("Code"),
            ) from exc
        except BotoCoreError as exc:  # timeouts, connection errors (after botocore's own retries)
            raise EmbeddingError(f"Bedrock {self.model} unreachable: {exc}", provider="bedrock") from exc
        except ValueError as exc:
            raise EmbeddingError(f"Bedrock {self.model} returned invalid JSON", provider="bedrock") from exc
        return _unit_vector(payload, self.dimensions, self.model)


def _unit_vector(payload: object, dimensions: int, model_id: str) -> list[float]:
    embedding = payload.get("embedding") if isinstance(payload, dict) else None
    if (
        not isinstance(embedding, list)
        or len(embedding) != dimensions
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in embedding)
    ):
        raise EmbeddingError(
            f"Bedrock {model_id} returned no {dimensions}-dimension embedding", provider="bedrock"
        )
    norm = math.sqrt(sum(v * v for v in embedding))
    if not norm or not math.isfinite(norm):
        raise EmbeddingError(f"Bedrock {model_id} returned a zero or non-finite vector", provider="bedrock")
    return [v / norm for v in embedding]
