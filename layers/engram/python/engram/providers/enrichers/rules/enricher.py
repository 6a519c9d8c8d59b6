"""The Enricher port over the rule modules: one pass per memory, and the decision stage."""

from __future__ import annotations

from collections.abc import Sequence

from engram.domain.enrichment import Candidate, Decision, EnrichmentResult
from engram.domain.models import Memory
from engram.domain.text import mask_placeholders
from engram.providers.enrichers.rules.classification import classify
from engram.providers.enrichers.rules.duplicates import decide_candidates
from engram.providers.enrichers.rules.entities import extract_entities
from engram.providers.enrichers.rules.scoring import score_confidence, score_importance
from engram.providers.enrichers.rules.taxonomy import categorize
from engram.providers.enrichers.rules.temporal import resolve_temporal


class RulesEnricher:
    """The Enricher port, from language patterns alone: deterministic, offline, instant."""

    name = "rules"

    def enrich(self, memory: Memory) -> EnrichmentResult:
        text = mask_placeholders(memory.content)
        reference = memory.observed_at or memory.created_at
        memory_type = classify(text)
        temporal_kind, valid_until = resolve_temporal(text, reference)
        entities = extract_entities(text)
        return EnrichmentResult(
            importance=score_importance(text, memory_type, valid_until),
            memory_type=memory_type,
            temporal_kind=temporal_kind,
            valid_until=valid_until,
            categories=categorize(text, memory_type, entities, valid_until),
            entities=entities,
            confidence=score_confidence(text, memory.provenance),
        )

    def decide(self, new: Memory, candidates: Sequence[Candidate]) -> Decision:
        return decide_candidates(new, candidates)
