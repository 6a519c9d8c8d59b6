"""Extractor providers: conversation messages → candidate facts. The rule-based extractor is the offline
default; a model (Bedrock, OpenAI-compatible) answers behind a fallback to it."""

from __future__ import annotations

from typing import Any

from engram.ports import Extractor
from engram.providers.enrichers.llm import (
    DEFAULT_BEDROCK_MODEL,
    DEFAULT_OPENAI_MODEL,
    BedrockEnricher,
    OpenAICompatEnricher,
)
from engram.providers.extractors.llm import FallbackExtractor, ModelExtractor
from engram.providers.extractors.rules import RulesExtractor
from engram.settings import Settings


def build_extractor(settings: Settings, *, bedrock_client: Any = None) -> Extractor:
    """The configured extractor: the rules alone, or a model with one retry, then the rules."""
    sessions, model = settings.sessions, settings.enricher
    if sessions.extractor == "rules":
        return RulesExtractor()
    client: BedrockEnricher | OpenAICompatEnricher
    if sessions.extractor == "bedrock":
        client = BedrockEnricher(
            sessions.extractor_model or DEFAULT_BEDROCK_MODEL,
            client=bedrock_client,
            timeout_s=model.timeout_s,
            region_name=settings.region or None,
        )
    else:
        client = OpenAICompatEnricher(
            sessions.extractor_model or DEFAULT_OPENAI_MODEL,
            base_url=model.base_url,
            api_key=model.api_key,
            timeout_s=model.timeout_s,
        )
    return FallbackExtractor(ModelExtractor(client, max_input_chars=sessions.max_input_chars))


__all__ = ["FallbackExtractor", "ModelExtractor", "RulesExtractor", "build_extractor"]
