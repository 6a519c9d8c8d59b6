"""Enricher providers: the rule-based default and the LLM providers behind a fallback to it."""

from __future__ import annotations

from typing import Any

from engram.providers.enrichers.llm import (
    DEFAULT_BEDROCK_MODEL,
    DEFAULT_OPENAI_MODEL,
    BedrockEnricher,
    FallbackEnricher,
    ModelUnavailable,
    OpenAICompatEnricher,
    Sourced,
)
from engram.providers.enrichers.model_output import InvalidModelOutput
from engram.providers.enrichers.rules import RulesEnricher
from engram.settings import EnricherSettings

__all__ = [
    "BedrockEnricher",
    "FallbackEnricher",
    "InvalidModelOutput",
    "ModelUnavailable",
    "OpenAICompatEnricher",
    "RulesEnricher",
    "Sourced",
    "build_enricher",
]


def build_enricher(
    settings: EnricherSettings,
    *,
    bedrock_client: Any = None,
    region_name: str | None = None,
    hints: bool = False,
) -> FallbackEnricher:
    """The configured enricher, always as a FallbackEnricher so callers get `enrich_with_source`.
    `hints`: a model also writes each memory's prospective hints (the rule-based enricher writes none).

    provider "rules": the rule-based enricher alone (nothing to fall back from).
    provider "bedrock" / "openai": that model, one retry, then the rule-based enricher.
    """
    if settings.provider == "rules":
        return FallbackEnricher(RulesEnricher(), fallback=None)
    if settings.provider == "bedrock":
        primary: BedrockEnricher | OpenAICompatEnricher = BedrockEnricher(
            settings.model or DEFAULT_BEDROCK_MODEL,
            client=bedrock_client,
            timeout_s=settings.timeout_s,
            max_input_chars=settings.max_input_chars,
            region_name=region_name,
            hints=hints,
        )
    else:
        primary = OpenAICompatEnricher(
            settings.model or DEFAULT_OPENAI_MODEL,
            base_url=settings.base_url,
            api_key=settings.api_key,
            timeout_s=settings.timeout_s,
            max_input_chars=settings.max_input_chars,
            hints=hints,
        )
    return FallbackEnricher(primary, fallback=RulesEnricher())
