"""The enrichment schema every Enricher provider must produce, and the near-duplicate decision."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engram.domain.models import MemoryType, TemporalKind

MAX_CATEGORIES = 8
MAX_ENTITIES = 20
MAX_LABEL_CHARS = 64


class MergeAction(StrEnum):
    merge = "merge"  # the new memory says the same thing: fold it into the existing one
    # the new memory supersedes (corrects/updates) the existing one; the name shadows str.replace
    replace = "replace"  # type: ignore[assignment]
    keep_both = "keep_both"  # related but distinct (or contradicting): keep both


class EnrichmentResult(BaseModel):
    """What an enricher says about one memory. Validated; lists capped; labels trimmed."""

    model_config = ConfigDict(extra="ignore")

    importance: int = Field(ge=1, le=5, description="1 trivia … 5 critical")
    memory_type: MemoryType
    temporal_kind: TemporalKind = TemporalKind.persistent
    valid_until: datetime | None = Field(default=None, description="when a temporal fact stops holding")
    categories: list[str] = Field(default_factory=list)
    entities: list[str] = Field(default_factory=list)
    confidence: float = Field(ge=0.0, le=1.0)

    @field_validator("categories", "entities", mode="before")
    @classmethod
    def _clean_labels(cls, value: object) -> list[str]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise ValueError("must be a list of strings")
        seen: dict[str, str] = {}
        for item in value:
            if not isinstance(item, str):
                continue
            label = " ".join(item.split())[:MAX_LABEL_CHARS]
            if label and label.lower() not in seen:
                seen[label.lower()] = label
        return list(seen.values())

    @field_validator("categories")
    @classmethod
    def _cap_categories(cls, value: list[str]) -> list[str]:
        return [c.lower() for c in value[:MAX_CATEGORIES]]

    @field_validator("entities")
    @classmethod
    def _cap_entities(cls, value: list[str]) -> list[str]:
        return value[:MAX_ENTITIES]


class MergeDecision(BaseModel):
    model_config = ConfigDict(extra="ignore")

    action: MergeAction
    reason: str = ""


def enrichment_json_schema() -> dict:
    """The JSON schema handed to LLM providers (Bedrock tool input, OpenAI response_format)."""
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "importance": {"type": "integer", "minimum": 1, "maximum": 5},
            "memory_type": {"type": "string", "enum": [t.value for t in MemoryType]},
            "temporal_kind": {"type": "string", "enum": [k.value for k in TemporalKind]},
            "valid_until": {
                "type": ["string", "null"],
                "description": "ISO 8601 datetime when a temporal fact stops holding, else null",
            },
            "categories": {"type": "array", "items": {"type": "string"}, "maxItems": MAX_CATEGORIES},
            "entities": {"type": "array", "items": {"type": "string"}, "maxItems": MAX_ENTITIES},
            "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        },
        "required": [
            "importance",
            "memory_type",
            "temporal_kind",
            "valid_until",
            "categories",
            "entities",
            "confidence",
        ],
    }


def merge_decision_json_schema() -> dict:
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "action": {"type": "string", "enum": [a.value for a in MergeAction]},
            "reason": {"type": "string"},
        },
        "required": ["action", "reason"],
    }
