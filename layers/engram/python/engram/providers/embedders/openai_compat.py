"""Any OpenAI-compatible `POST {base_url}/embeddings` (OpenAI, Ollama, vLLM, LiteLLM …), stdlib only."""

from __future__ import annotations

import http.client
import json
import math
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any

from engram.providers.embedders.errors import EmbeddingError
from engram.providers.http import post_json
from engram.tracing import model_call

DEFAULT_MODEL = "text-embedding-3-small"
_ERROR_SNIPPET_CHARS = 300


class OpenAIEmbedder:
    """Embeds `batch_size` texts per request; every request carries a timeout."""

    def __init__(
        self,
        *,
        base_url: str,
        model: str = DEFAULT_MODEL,
        dimensions: int,
        api_key: str = "",
        batch_size: int = 32,
        timeout_s: float = 10.0,
        request_dimensions: bool = False,
    ) -> None:
        self.url = base_url.rstrip("/") + "/embeddings"
        self.model = model
        self.name = model
        self.dimensions = dimensions
        self.batch_size = max(1, batch_size)
        self.timeout_s = timeout_s
        # OpenAI's text-embedding-3 models can shorten their vectors; most other servers reject the field.
        self.request_dimensions = request_dimensions
        self._api_key = api_key

    def __repr__(self) -> str:  # never show the API key
        return f"OpenAIEmbedder(url={self.url!r}, model={self.model!r}, dimensions={self.dimensions})"

    def warm(self) -> None:
        """Nothing to load ahead of the first call."""

    @model_call("embeddings", "openai")
    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            vectors.extend(self._embed_batch(list(texts[start : start + self.batch_size])))
        return vectors

    def _embed_batch(self, texts: list[str]) -> list[list[float]]:
        body: dict[str, Any] = {"model": self.model, "input": texts}
        if self.request_dimensions:
            body["dimensions"] = self.dimensions
        try:
            raw = post_json(self.url, body, self._api_key, self.timeout_s)
        except urllib.error.HTTPError as exc:
            detail = _error_detail(exc)
            raise EmbeddingError(
                f"embeddings endpoint {self.url} answered HTTP {exc.code}: {detail}",
                provider="openai",
                status=exc.code,
            ) from exc
        except (urllib.error.URLError, http.client.HTTPException, TimeoutError, ConnectionError) as exc:
            reason = getattr(exc, "reason", exc)
            raise EmbeddingError(
                f"embeddings endpoint {self.url} unreachable: {reason}", provider="openai"
            ) from exc
        try:
            payload = json.loads(raw)
        except ValueError as exc:
            raise EmbeddingError(f"embeddings endpoint {self.url} returned invalid JSON") from exc
        return self._vectors(payload, len(texts))

    def _vectors(self, payload: object, expected: int) -> list[list[float]]:
        data = payload.get("data") if isinstance(payload, dict) else None
        if not isinstance(data, list) or len(data) != expected:
            got = len(data) if isinstance(data, list) else "no"
            raise EmbeddingError(f"embeddings endpoint {self.url} returned {got} embeddings for {expected}")
        by_index: dict[int, list[float]] = {}
        for item in data:
            index = item.get("index") if isinstance(item, dict) else None
            embedding = item.get("embedding") if isinstance(item, dict) else None
            if not isinstance(index, int) or not 0 <= index < expected or index in by_index:
                raise EmbeddingError(f"embeddings endpoint {self.url} returned a bad index: {index!r}")
            by_index[index] = self._unit(embedding)
        return [by_index[i] for i in range(expected)]

    def _unit(self, embedding: object) -> list[float]:
        if not isinstance(embedding, list) or not all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in embedding
        ):
            raise EmbeddingError(f"embeddings endpoint {self.url} returned a non-numeric embedding")
        if len(embedding) != self.dimensions:
            raise EmbeddingError(
                f"model {self.model} returned {len(embedding)} dimensions, configured for"
                f" {self.dimensions}: set ENGRAM_EMBEDDER__DIMENSIONS={len(embedding)}"
            )
        norm = math.sqrt(sum(v * v for v in embedding))
        if not norm or not math.isfinite(norm):
            raise EmbeddingError(f"embeddings endpoint {self.url} returned a zero or non-finite vector")
        return [v / norm for v in embedding]


def _error_detail(exc: urllib.error.HTTPError) -> str:
    """The server's error message (OpenAI shape `{"error": {"message": ...}}`), else a body snippet."""
    try:
        text = exc.read().decode("utf-8", errors="replace")
    except OSError:
        return exc.reason or ""
    try:
        error = json.loads(text).get("error")
        message = error.get("message") if isinstance(error, dict) else error
        if isinstance(message, str) and message:
            return message[:_ERROR_SNIPPET_CHARS]
    except (ValueError, AttributeError):
        pass
    return text[:_ERROR_SNIPPET_CHARS] or str(exc.reason)
