"""A deterministic, offline enricher: language patterns, no model; the default and every LLM's fallback.

`enricher` composes `classification` (type), `temporal` (relative dates), `scoring` (importance,
confidence), `taxonomy`, `entities` and `duplicates` (with a contradiction check, so "uses Postgres"
and "no longer uses Postgres" are never merged).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engram.providers.lazy import lazy_exports

if TYPE_CHECKING:
    from engram.providers.enrichers.rules.classification import classify
    from engram.providers.enrichers.rules.duplicates import NEAR, decide_candidates, pair_verdict
    from engram.providers.enrichers.rules.enricher import RulesEnricher
    from engram.providers.enrichers.rules.entities import extract_entities
    from engram.providers.enrichers.rules.scoring import score_confidence, score_importance
    from engram.providers.enrichers.rules.taxonomy import categorize
    from engram.providers.enrichers.rules.temporal import end_of_day, resolve_temporal

# Each name's module is loaded when the name is first used (PEP 562 `__getattr__`): the write path
# needs `entities` alone (engram.runtime.container.link_memory), not the classifier's, the duplicate
# check's and the taxonomy's patterns (~30 ms of an api Lambda's first write when they all loaded).
_EXPORTS = {
    "classify": "classification",
    "NEAR": "duplicates",
    "decide_candidates": "duplicates",
    "pair_verdict": "duplicates",
    "RulesEnricher": "enricher",
    "extract_entities": "entities",
    "score_confidence": "scoring",
    "score_importance": "scoring",
    "categorize": "taxonomy",
    "end_of_day": "temporal",
    "resolve_temporal": "temporal",
}
__getattr__ = lazy_exports(__name__, _EXPORTS, globals())


__all__ = [
    "NEAR",
    "RulesEnricher",
    "categorize",
    "classify",
    "decide_candidates",
    "end_of_day",
    "extract_entities",
    "pair_verdict",
    "resolve_temporal",
    "score_confidence",
    "score_importance",
]
