"""A deterministic feature-hashing embedder: fast, dependency-free, for tests and tiny installs.

Word unigrams and per-word character trigrams are hashed with BLAKE2b (stable across processes,
unlike `hash()`) to a bucket and sign, then L2-normalised. Texts sharing words get a high cosine;
there is no semantics beyond that.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Sequence
from functools import lru_cache

_WORD = re.compile(r"\w+")
_UNIGRAM_WEIGHT = 1.0
_TRIGRAM_WEIGHT = 0.5


@lru_cache(maxsize=1 << 16)
def _slot(feature: str, dimensions: int) -> tuple[int, float]:
    """The bucket and sign of one feature."""
    h = int.from_bytes(hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest(), "little")
    return h % dimensions, (1.0 if h >> 63 else -1.0)


def _features(text: str) -> list[tuple[str, float]]:
    features: list[tuple[str, float]] = []
    for word in _WORD.findall(text.casefold()):
        features.append((f"w:{word}", _UNIGRAM_WEIGHT))
        marked = f"<{word}>"
        features.extend((f"c:{marked[i : i + 3]}", _TRIGRAM_WEIGHT) for i in range(len(marked) - 2))
    # no word at all ("", "!!!"): one feature of the text itself, so the vector is still a unit vector
    return features or [(f"raw:{text.strip()}", 1.0)]


class HashingEmbedder:
    name = "hashing-v1"

    def __init__(self, dimensions: int = 384) -> None:
        if dimensions < 16:
            raise ValueError(f"hashing embedder needs at least 16 dimensions, got {dimensions}")
        self.dimensions = dimensions

    def warm(self) -> None:
        """Nothing to load ahead of the first call."""

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self._embed_one(text) for text in texts]

    def _embed_one(self, text: str) -> list[float]:
        vector = [0.0] * self.dimensions
        for feature, weight in _features(text):
            index, sign = _slot(feature, self.dimensions)
            vector[index] += sign * weight
        norm = math.sqrt(sum(v * v for v in vector))
        if norm == 0.0:  # every feature cancelled out: fall back to the whole text's own feature
            index, sign = _slot(f"raw:{text.strip()}", self.dimensions)
            vector[index], norm = sign, 1.0
        return [v / norm for v in vector]
