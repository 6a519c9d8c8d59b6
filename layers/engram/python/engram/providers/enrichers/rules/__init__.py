"""A deterministic, offline enricher: language patterns, no model.

It is the embedded default and the fallback for every LLM provider, so it has to do a useful job on its
own: it classifies the memory type (`classification`), resolves relative dates against when the memory
was observed (`temporal`), scores importance and confidence (`scoring`), tags categories (`taxonomy`),
extracts entities (`entities`), and decides near duplicates with a contradiction check (`duplicates`),
so "uses Postgres" and "no longer uses Postgres" are never merged. `enricher` composes them.
"""

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
