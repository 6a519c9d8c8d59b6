"""An embedding reranker for the embedded default: each candidate scored by the cosine of its
best-matching passage (engram.domain.scoring.passages) with the query, on the configured embedder.
The vector leg holds one vector per memory, of its first few hundred words; this reads all of it."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from threading import Lock

from engram.domain.scoring import passages
from engram.ports import Embedder


class EmbeddingReranker:
    """Passage vectors are kept (up to `kept` of them, least recently used out): recall sees the same
    memories again and again, and each passage is embedded once."""

    def __init__(self, embedder: Embedder, *, passage_chars: int = 600, kept: int = 20000) -> None:
        self.embedder = embedder
        self.passage_chars = passage_chars
        self.kept = kept
        self._vectors: OrderedDict[str, list[float]] = OrderedDict()
        self._lock = Lock()

    @property
    def name(self) -> str:
        return f"embedding:{self.embedder.name}"

    def rerank(self, query: str, documents: Sequence[str]) -> list[float]:
        windows = [passages(d, self.passage_chars) for d in documents]
        vectors = self._embed([query, *{w for ws in windows for w in ws}])
        q = vectors[query]
        return [max(_dot(q, vectors[w]) for w in ws) for ws in windows]

    def _embed(self, texts: list[str]) -> dict[str, list[float]]:
        with self._lock:
            known = {t: v for t in texts if (v := self._vectors.get(t)) is not None}
            for t in known:
                self._vectors.move_to_end(t)
        missing = [t for t in texts if t not in known]
        if missing:
            fresh = dict(zip(missing, self.embedder.embed(missing), strict=True))
            with self._lock:
                self._vectors.update(fresh)
                while len(self._vectors) > self.kept:
                    self._vectors.popitem(last=False)
            known |= fresh
        return known


def _dot(a: Sequence[float], b: Sequence[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=False))
