"""The enrichment schema every Enricher provider must produce, and the decision stage's decision."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import ConfigDict, Field, field_validator

from engram.domain.models import DomainModel, Memory, MemoryType, TemporalKind
from engram.domain.text import terms

MAX_CATEGORIES = 8
MAX_ENTITIES = 20
MAX_LABEL_CHARS = 64
MAX_REASON_CHARS = 500
MAX_HINTS = 5
MAX_HINT_CHARS = 200


def bounded_reason(value: object) -> object:
    """A reason on one line and within MAX_REASON_CHARS (cut with an ellipsis): an audit line, however
    many values a long memory lists, never fails the decision it explains."""
    if not isinstance(value, str):
        return value
    text = " ".join(value.split())
    return text if len(text) <= MAX_REASON_CHARS else text[: MAX_REASON_CHARS - 1].rstrip() + "…"


class DecisionAction(StrEnum):
    """What a newly enriched memory does to the memories it is compared with (its candidates)."""

    add = "add"  # new knowledge: keep it beside the candidates
    update = "update"  # it corrects, changes or restates a candidate in more detail: supersedes it
    delete = "delete"  # it negates a candidate ("no longer", "stopped", "quit"): supersedes it
    none = "none"  # a true duplicate (a paraphrase) of a candidate: merged into it


class EnrichmentResult(DomainModel):
    """What an enricher says about one memory. Validated; lists capped; labels trimmed."""

    model_config = ConfigDict(extra="ignore")

    importance: int = Field(ge=1, le=5, description="1 trivia … 5 critical")
    memory_type: MemoryType
    temporal_kind: TemporalKind = TemporalKind.persistent
    valid_until: datetime | None = Field(default=None, description="when a temporal fact stops holding")
    categories: list[str] = Field(default_factory=list)
    entities: list[str] = Field(default_factory=list)
    confidence: float = Field(ge=0.0, le=1.0)
    # Prospective hints: questions the memory would answer, searched beside its content at recall.
    hints: list[str] = Field(default_factory=list)

    @field_validator("hints", mode="before")
    @classmethod
    def _clean_hints(cls, value: object) -> list[str]:
        return clean_hints(value)

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


def clean_hints(value: object) -> list[str]:
    """At most MAX_HINTS distinct questions of at most MAX_HINT_CHARS (cut at a word), one line each.
    Never raises: what is not a list of strings is dropped, so bad hints never fail an enrichment."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        return []
    seen: dict[str, str] = {}
    for item in value:
        if not isinstance(item, str):
            continue
        hint = " ".join(item.split())
        if len(hint) > MAX_HINT_CHARS:
            cut = hint[:MAX_HINT_CHARS]
            hint = cut[: cut.rfind(" ")] if cut.rfind(" ") > MAX_HINT_CHARS // 2 else cut
        if hint and hint.lower() not in seen:
            seen[hint.lower()] = hint
    return list(seen.values())[:MAX_HINTS]


def best_hint(hints: str, query: str) -> str:
    """Of a memory's hints (one a line), the one sharing most content words with the query (the first
    on a tie): what `explain` shows as the hint that matched."""
    wanted = set(terms(query))
    return max(hints.split("\n"), key=lambda hint: len(wanted & set(terms(hint))))


@dataclass(frozen=True)
class Candidate:
    """A memory of the same scope the new one is compared with, and their cosine similarity."""

    memory: Memory
    similarity: float


class Decision(DomainModel):
    """The decision for one new memory. `targets` are candidate ids: the memories an update or delete
    supersedes, or (none) the one memory it is merged into; empty for add."""

    model_config = ConfigDict(extra="ignore")

    action: DecisionAction
    targets: list[str] = Field(default_factory=list)
    reason: str = Field(min_length=1, max_length=MAX_REASON_CHARS)
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)

    @field_validator("reason", mode="before")
    @classmethod
    def _strip(cls, value: object) -> object:
        return bounded_reason(value)


def enrichment_json_schema(hints: bool = False) -> dict[str, Any]:
    """The JSON schema handed to LLM providers (Bedrock tool input, OpenAI response_format); with
    `hints`, it also asks for the questions the memory would answer."""
    schema = _enrichment_schema()
    if hints:
        schema["properties"]["hints"] = {
            "type": "array",
            "items": {"type": "string"},  # lengths are capped on validation (strict modes lack maxLength)
            "maxItems": MAX_HINTS,
            "description": "up to 5 short questions a user might ask that this memory answers",
        }
        schema["required"].append("hints")
    return schema


def _enrichment_schema() -> dict[str, Any]:
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


def decision_json_schema() -> dict[str, Any]:
    """The JSON schema of the decision stage's answer (Bedrock tool input, OpenAI response_format)."""
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "action": {"type": "string", "enum": [a.value for a in DecisionAction]},
            "targets": {
                "type": "array",
                "items": {"type": "string"},
                "description": "ids of the candidates the action applies to; [] for add",
            },
            "reason": {"type": "string", "description": "one sentence a person can read in an audit log"},
            "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        },
        "required": ["action", "targets", "reason", "confidence"],
    }


class Contradiction(DomainModel):
    """The optional semantic contradiction check's answer for a new memory kept beside its candidates
    (decision add): which candidates it contradicts (ids from the candidate set), why, how sure.
    Advisory: a positive answer flags the new memory `review_needed`, and supersedes nothing."""

    model_config = ConfigDict(extra="ignore")

    contradicts: bool
    targets: list[str] = Field(default_factory=list)
    reason: str = Field(min_length=1, max_length=MAX_REASON_CHARS)
    confidence: float = Field(ge=0.0, le=1.0)

    @field_validator("reason", mode="before")
    @classmethod
    def _strip(cls, value: object) -> object:
        return bounded_reason(value)


def contradiction_json_schema() -> dict[str, Any]:
    """The JSON schema of the contradiction check's answer (Bedrock tool input, OpenAI response_format)."""
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "contradicts": {
                "type": "boolean",
                "description": "true when the new memory and some candidate cannot both be true",
            },
            "targets": {
                "type": "array",
                "items": {"type": "string"},
                "description": "ids of the candidates the new memory contradicts; [] when none",
            },
            "reason": {"type": "string", "description": "one sentence a person can read in an audit log"},
            "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        },
        "required": ["contradicts", "targets", "reason", "confidence"],
    }
