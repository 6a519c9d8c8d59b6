"""Rerankers: the optional second stage of recall, chosen by `RerankerSettings.provider`.

- embedding: the embedded default's own embedder, scoring each candidate by its best-matching passage
- http: any rerank API of the Cohere / Jina / Voyage shape, or Hugging Face TEI's `/rerank`
- bedrock: Amazon Bedrock's Rerank (bedrock-agent-runtime), e.g. amazon.rerank-v1:0 or cohere.rerank-v3-5:0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engram.ports import Embedder, Reranker
from engram.settings import RerankerSettings


class RerankError(RuntimeError):
    """A reranker could not score the documents (unreachable, an error answer, a malformed one)."""


def build_reranker(
    settings: RerankerSettings,
    embedder: Callable[[], Embedder],
    *,
    region_name: str | None = None,
    bedrock_client: Any = None,
) -> Reranker | None:
    """The configured reranker, or None when it is off. `embedder` is called once, here, for the
    embedding reranker only. Raises ValueError when the settings cannot work together."""
    match settings.provider:
        case "none":
            return None
        case "embedding":
            # a cycle: each reranker's module imports RerankError from here
            from engram.providers.rerankers.embedding import EmbeddingReranker

            return EmbeddingReranker(embedder())
        case "http":
            from engram.providers.rerankers.http import HttpReranker

            if not settings.base_url:
                raise ValueError("the http reranker needs ENGRAM_RERANKER__BASE_URL")
            return HttpReranker(
                url=settings.base_url,
                model=settings.model,
                api_key=settings.api_key,
                api_format=settings.api_format,
                timeout_s=settings.timeout_s,
            )
        case "bedrock":
            from engram.providers.rerankers.bedrock import BedrockReranker

            return BedrockReranker(
                bedrock_client, model=settings.model, region_name=region_name, timeout_s=settings.timeout_s
            )
    raise ValueError(f"unknown reranker provider {settings.provider!r}")
