"""Extractor providers: conversation messages → candidate facts. The rule-based extractor is the only
one so far (offline, the embedded default); an LLM extractor would sit behind a fallback to it."""

from __future__ import annotations

from engram.ports import Extractor
from engram.providers.extractors.rules import RulesExtractor


def build_extractor() -> Extractor:
    return RulesExtractor()


__all__ = ["RulesExtractor", "build_extractor"]
