"""Recall ranking, in one place so every backend ranks identically.

score = fused × importance × recency × provenance × expiry × hits × superseded

`fused` combines the two legs after min-max normalising each within the candidate set (a leg that did
not return a memory contributes 0). Each multiplier is 1.0 when its weight is neutral, so any signal
can be turned off, and `explain` returns every factor: they multiply to the score.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from engram.domain.models import Memory, Provenance, Status
from engram.domain.text import terms


@dataclass(frozen=True)
class Weights:
    lexical: float = 0.7
    vector: float = 0.3
    importance: float = 0.1
    recency: float = 0.1
    recency_half_life_days: float = 180.0
    provenance: float = 1.0
    provenance_factors: Mapping[Provenance, float] | None = None
    stale_multiplier: float = 0.5
    hits: float = 0.05
    superseded_multiplier: float = 0.1


DEFAULT_PROVENANCE = {
    Provenance.user_stated: 1.0,
    Provenance.episode_summary: 0.85,
    Provenance.imported: 0.85,
    Provenance.assistant_derived: 0.7,
}


@dataclass(frozen=True)
class Components:
    bm25: float | None
    vector: float | None
    fused: float
    importance: float
    recency: float
    provenance: float
    expiry: float
    hits: float
    superseded: float = 1.0

    @property
    def score(self) -> float:
        return (
            self.fused
            * self.importance
            * self.recency
            * self.provenance
            * self.expiry
            * self.hits
            * self.superseded
        )


def _minmax(scores: Mapping[str, float]) -> dict[str, float]:
    if not scores:
        return {}
    lo, hi = min(scores.values()), max(scores.values())
    if hi - lo < 1e-12:
        return {k: 1.0 for k in scores}
    return {k: (v - lo) / (hi - lo) for k, v in scores.items()}


def fuse(lexical: Mapping[str, float], vector: Mapping[str, float], w: Weights) -> dict[str, float]:
    """Weighted sum of min-max-normalised leg scores over the union of candidates."""
    total = w.lexical + w.vector
    if total <= 0:
        return {}
    lex, vec = _minmax(lexical), _minmax(vector)
    ids = set(lex) | set(vec)
    return {i: (w.lexical * lex.get(i, 0.0) + w.vector * vec.get(i, 0.0)) / total for i in ids}


def is_expired(memory: Memory, now: datetime) -> bool:
    until = memory.temporal.valid_until
    return memory.status == Status.stale or (until is not None and until <= now)


def components(
    memory: Memory, fused: float, bm25: float | None, cosine: float | None, now: datetime, w: Weights
) -> Components:
    age_days = max(0.0, (now - memory.observed_at).total_seconds() / 86400)
    half_life = max(w.recency_half_life_days, 1e-9)
    factors = w.provenance_factors or DEFAULT_PROVENANCE
    return Components(
        bm25=bm25,
        vector=cosine,
        fused=fused,
        importance=1.0 + w.importance * (memory.importance - 3) / 2,
        recency=1.0 + w.recency * 2.0 ** (-age_days / half_life),
        provenance=(1.0 - w.provenance)
        + w.provenance * factors.get(memory.provenance, 1.0) * memory.confidence,
        expiry=w.stale_multiplier if is_expired(memory, now) else 1.0,
        hits=1.0 + w.hits * math.log2(max(1, memory.hits)),
        superseded=w.superseded_multiplier if memory.status == Status.superseded else 1.0,
    )


def bm25_scores(docs: Mapping[str, str], query: str, k1: float = 1.2, b: float = 0.75) -> dict[str, float]:
    """Okapi BM25 over a small in-memory set (memories the lexical index has not seen yet)."""
    tokenised = {doc_id: terms(text) for doc_id, text in docs.items()}
    q = set(terms(query))
    if not q or not tokenised:
        return {}
    n = len(tokenised)
    avg = sum(len(t) for t in tokenised.values()) / n or 1.0
    df = {t: sum(1 for toks in tokenised.values() if t in toks) for t in q}
    scores = {}
    for doc_id, toks in tokenised.items():
        score = 0.0
        for t in q:
            tf = toks.count(t)
            if tf:
                idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
                score += idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len(toks) / avg))
        if score > 0:
            scores[doc_id] = score
    return scores
