"""Embedders: one per provider, chosen by `EmbedderSettings.provider`.

minilm (all-MiniLM-L6-v2 offline on ONNX Runtime: the embedded default), hashing (deterministic, for
tests), bedrock (Titan Text Embeddings V2), openai (any OpenAI-compatible `/embeddings` endpoint).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engram.ports import Embedder
from engram.providers.embedders.bedrock import DEFAULT_MODEL_ID, BedrockEmbedder
from engram.providers.embedders.errors import EmbeddingError
from engram.providers.embedders.hashing import HashingEmbedder
from engram.providers.embedders.openai_compat import DEFAULT_MODEL, OpenAIEmbedder
from engram.settings import EmbedderSettings


def model_id(settings: EmbedderSettings) -> str:
    """The name the vectors of the configured embedder are recorded under (EmbedderSettings.model_id)."""
    return settings.model_id()


def build_embedder(settings: EmbedderSettings, *, bedrock_client: Any = None) -> Embedder:
    """The configured embedder. Raises ValueError when the settings cannot work together."""
    match settings.provider:
        case "minilm":
            # imported here: NumPy, onnxruntime and the model wheel come with the `local` extra
            from engram.providers.embedders.minilm import MODEL_ALIASES, MiniLMEmbedder

            model_dir = None if settings.model in MODEL_ALIASES else Path(settings.model)
            minilm = MiniLMEmbedder(model_dir, batch_size=settings.batch_size)
            if minilm.dimensions != settings.dimensions:
                raise ValueError(
                    f"{minilm.name} makes {minilm.dimensions}-dimension vectors, settings ask for"
                    f" {settings.dimensions}: set ENGRAM_EMBEDDER__DIMENSIONS={minilm.dimensions}"
                )
            return minilm
        case "hashing":
            return HashingEmbedder(dimensions=settings.dimensions)
        case "bedrock":
            return BedrockEmbedder(
                bedrock_client,
                model_id=settings.model or DEFAULT_MODEL_ID,
                dimensions=settings.dimensions,
                timeout_s=settings.timeout_s,
            )
        case "openai":
            model = settings.model or DEFAULT_MODEL
            return OpenAIEmbedder(
                base_url=settings.base_url,
                model=model,
                dimensions=settings.dimensions,
                api_key=settings.api_key,
                batch_size=settings.batch_size,
                timeout_s=settings.timeout_s,
                request_dimensions=model.startswith("text-embedding-3"),
            )
    raise ValueError(f"unknown embedder provider {settings.provider!r}")


__all__ = ["EmbeddingError", "HashingEmbedder", "build_embedder", "model_id"]
