"""Any rerank API of the Cohere shape (`{query, documents}` → `{results: [{index, relevance_score}]}`:
Cohere, Jina, Voyage, Mixedbread, vLLM, LiteLLM) or of TEI's (`{query, texts}` → `[{index, score}]`),
over the standard library's HTTP client."""

from __future__ import annotations

import http.client
import json
import math
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any, Literal

from engram.providers.http import post_json
from engram.providers.rerankers import RerankError


class HttpReranker:
    """One POST per rerank, with a timeout; the scores come back in the documents' order."""

    def __init__(
        self,
        *,
        url: str,
        model: str = "",
        api_key: str = "",
        api_format: Literal["cohere", "tei"] = "cohere",
        timeout_s: float = 2.0,
    ) -> None:
        self.url = url
        self.model = model
        self.api_format = api_format
        self.timeout_s = timeout_s
        self._api_key = api_key

    @property
    def name(self) -> str:
        return f"http:{self.model or self.api_format}"

    def __repr__(self) -> str:  # never show the API key
        return f"HttpReranker(url={self.url!r}, model={self.model!r}, api_format={self.api_format!r})"

    def rerank(self, query: str, documents: Sequence[str]) -> list[float]:
        if not documents:
            return []
        body: dict[str, Any] = {"query": query}
        if self.api_format == "tei":
            body["texts"] = list(documents)
        else:
            body |= {"documents": list(documents), "top_n": len(documents)}
            if self.model:
                body["model"] = self.model
        try:
            raw = post_json(self.url, body, self._api_key, self.timeout_s)
        except urllib.error.HTTPError as exc:
            raise RerankError(f"rerank endpoint {self.url} answered HTTP {exc.code}") from exc
        except (urllib.error.URLError, http.client.HTTPException, TimeoutError, ConnectionError) as exc:
            raise RerankError(
                f"rerank endpoint {self.url} unreachable: {getattr(exc, 'reason', exc)}"
            ) from exc
        try:
            payload = json.loads(raw)
        except ValueError as exc:
            raise RerankError(f"rerank endpoint {self.url} returned invalid JSON") from exc
        return scores_by_index(payload, len(documents), where=self.url)


def scores_by_index(payload: object, expected: int, *, where: str) -> list[float]:
    """The score of each document from a rerank answer: a list of `{index, relevance_score | score}`,
    bare (TEI) or under `results` (Cohere). Every document must be scored once."""
    items = payload.get("results") if isinstance(payload, dict) else payload
    if not isinstance(items, list):
        raise RerankError(f"rerank endpoint {where} returned no results")
    scores: dict[int, float] = {}
    for item in items:
        index = item.get("index") if isinstance(item, dict) else None
        score = item.get("relevance_score", item.get("score")) if isinstance(item, dict) else None
        if not isinstance(index, int) or not 0 <= index < expected or index in scores:
            raise RerankError(f"rerank endpoint {where} returned a bad index: {index!r}")
        if not isinstance(score, int | float) or isinstance(score, bool) or not math.isfinite(score):
            raise RerankError(f"rerank endpoint {where} returned a bad score: {score!r}")
        scores[index] = float(score)
    if len(scores) != expected:
        raise RerankError(f"rerank endpoint {where} scored {len(scores)} of {expected} documents")
    return [scores[i] for i in range(expected)]
