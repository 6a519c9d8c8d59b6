"""A deterministic, offline enricher: language patterns, no model; the default and every LLM's fallback.

`enricher` composes `classification` (type), `temporal` (relative dates), `scoring` (importance,
confidence), `taxonomy`, `entities` and `duplicates` (with a contradiction check, so "uses Postgres"
and "no longer uses Postgres" are never merged).
"""

from __future__ import annotations

from engram.providers.enrichers.rules.classification import classify
from engram.providers.enrichers.rules.duplicates import NEAR, decide_candidates, pair_verdict
from engram.providers.enrichers.rules.enricher import RulesEnricher
from engram.providers.enrichers.rules.entities import extract_entities
from engram.providers.enrichers.rules.scoring import score_confidence, score_importance
from engram.providers.enrichers.rules.taxonomy import categorize
from engram.providers.enrichers.rules.temporal import end_of_day, resolve_temporal

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
