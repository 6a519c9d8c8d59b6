"""A deterministic stand-in for a model that writes prospective hints, for the scenario bench only.

It answers as the rule-based enricher does and adds up to 5 questions templated from the memory's own
text and the rules' labels (its type, categories, entities), never from a scenario's questions or
answers: one question by memory type about its two rarest content words, one per category ("What
about my food?"), one per entity ("What do I know about Priya?"), in that order.
"""

from __future__ import annotations

from collections.abc import Sequence

from engram.domain.enrichment import MAX_HINTS, Candidate, Decision, EnrichmentResult
from engram.domain.models import Memory, MemoryType
from engram.domain.text import terms
from engram.providers.enrichers import FallbackEnricher, RulesEnricher

_BY_TYPE = {
    MemoryType.preference: "What do I prefer about {topic}?",
    MemoryType.constraint: "What rule applies to {topic}?",
    MemoryType.decision: "What did we decide about {topic}?",
    MemoryType.correction: "What changed about {topic}?",
    MemoryType.task: "What do I need to do about {topic}?",
    MemoryType.episodic: "What happened with {topic}?",
    MemoryType.skill: "What do I know how to do with {topic}?",
}


class TemplatedHints:
    """The Enricher port: the rules' answer, plus templated hints (see the module's docstring)."""

    name = "bench-templated-hints"

    def __init__(self) -> None:
        self.rules = RulesEnricher()

    def enrich(self, memory: Memory) -> EnrichmentResult:
        result = self.rules.enrich(memory)
        words = sorted(set(terms(memory.content)), key=lambda w: (-len(w), w))[:2]
        topic = " ".join(words) or memory.content[:40]
        hints = [_BY_TYPE.get(result.memory_type, "What is {topic}?").format(topic=topic)]
        hints += [f"What about my {c}?" for c in result.categories]
        hints += [f"What do I know about {e}?" for e in result.entities]
        return result.model_copy(update={"hints": hints[:MAX_HINTS]})

    def decide(self, new: Memory, candidates: Sequence[Candidate]) -> Decision:
        return self.rules.decide(new, candidates)


def templated_hints_enricher() -> FallbackEnricher:
    return FallbackEnricher(TemplatedHints(), fallback=None)
