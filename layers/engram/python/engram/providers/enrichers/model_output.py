"""Turning what a language model says into a validated EnrichmentResult or Decision.

Models wrap JSON in reasoning blocks, code fences and prose, answer with strings where numbers belong,
and encode arrays as JSON strings. This module strips and coerces what is safe to coerce and raises
`InvalidModelOutput` for everything else, so a provider can retry or fall back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime, time
from typing import Any, TypeVar

from dateutil.parser import isoparse
from pydantic import BaseModel, ValidationError

from engram.domain.enrichment import Contradiction, Decision, DecisionAction, EnrichmentResult
from engram.domain.models import TemporalKind

MAX_OUTPUT_CHARS = 100_000  # longer answers are not scanned for JSON
MAX_CANDIDATES = 20

_REASONING_TAGS = r"think|thinking|reasoning|reflection"
_REASONING_BLOCK = re.compile(rf"<({_REASONING_TAGS})>.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
_REASONING_OPEN = re.compile(rf"^\s*<(?:{_REASONING_TAGS})>", re.IGNORECASE)
_REASONING_CLOSE = re.compile(rf"</(?:{_REASONING_TAGS})\s*>", re.IGNORECASE)
_FENCE = re.compile(r"```[\w-]*[ \t]*\n?(.*?)(?:```|$)", re.DOTALL)
_NULLS = {"", "null", "none", "n/a", "na", "never", "persistent"}
_Model = TypeVar("_Model", bound=BaseModel)
_ACTION_ALIASES = {
    "keep": "add",
    "keepboth": "add",
    "both": "add",
    "new": "add",
    "merge": "none",
    "duplicate": "none",
    "noop": "none",
    "replace": "update",
    "supersede": "update",
    "supersedes": "update",
    "negate": "delete",
    "invalidate": "delete",
}


class InvalidModelOutput(Exception):
    """A model's answer could not be turned into the expected schema."""


def truncate_input(text: str, max_chars: int) -> str:
    """`text` cut to at most `max_chars` characters, at a word boundary when one is near, marked with …."""
    if len(text) <= max_chars:
        return text
    if max_chars <= 1:
        return text[:max_chars]
    cut = text[: max_chars - 1]
    space = cut.rfind(" ")
    if space >= max_chars * 0.8:
        cut = cut[:space]
    return cut.rstrip() + "…"


def strip_reasoning(text: str) -> tuple[str, bool]:
    """The answer without reasoning blocks; True when a reasoning block was left open (or opened before
    the output began), in which case the answer is most likely the last JSON object, not the first."""
    text = _REASONING_BLOCK.sub("", text)
    closes = list(_REASONING_CLOSE.finditer(text))
    if closes:  # the opening tag was part of the prompt template: everything before the close is reasoning
        return text[closes[-1].end() :], False
    opened = _REASONING_OPEN.match(text)
    if opened:
        return text[opened.end() :], True
    return text, False


def json_objects(text: str) -> list[dict[str, Any]]:
    """Every top-level JSON object in a model's answer, most likely answer first."""
    text, unterminated = strip_reasoning(text[:MAX_OUTPUT_CHARS])
    fenced = [block for block in _FENCE.findall(text) if "{" in block]
    objects: list[dict[str, Any]] = []
    for chunk in [*fenced, text]:
        objects += [obj for obj in _scan_objects(chunk) if obj not in objects]
    if unterminated:
        objects.reverse()
    return objects[:MAX_CANDIDATES]


def _scan_objects(text: str) -> list[dict[str, Any]]:
    decoder = json.JSONDecoder()
    found: list[dict[str, Any]] = []
    position = text.find("{")
    while position != -1 and len(found) < MAX_CANDIDATES:
        try:
            value, end = decoder.raw_decode(text, position)
        except json.JSONDecodeError:
            position = text.find("{", position + 1)
            continue
        if isinstance(value, dict):
            found.append(value)
        position = text.find("{", end)
    return found


def parse_enrichment(output: str | Mapping[str, Any]) -> EnrichmentResult:
    """A validated EnrichmentResult from a model's answer (text, or a tool call's input object)."""
    return _parse(output, EnrichmentResult, _coerce_enrichment)


def parse_decision(output: str | Mapping[str, Any], candidate_ids: Iterable[str]) -> Decision:
    """A validated Decision from a model's answer. Target ids must come from `candidate_ids`: others
    (hallucinated) are dropped, and an update, delete or none left without a target is invalid, as is
    an empty reason or a confidence outside 0–1."""
    known = list(candidate_ids)
    return _parse(output, Decision, lambda data: _coerce_decision(data, known))


def parse_contradiction(output: str | Mapping[str, Any], candidate_ids: Iterable[str]) -> Contradiction:
    """A validated Contradiction from a model's answer. Target ids must come from `candidate_ids`:
    others (hallucinated) are dropped, and a contradiction left without a target is invalid, as is an
    empty reason or a confidence outside 0–1. No contradiction has no targets."""
    known = list(candidate_ids)
    return _parse(output, Contradiction, lambda data: _coerce_contradiction(data, known))


def _parse(
    output: str | Mapping[str, Any],
    model: type[_Model],
    coerce: Callable[[dict[str, Any]], dict[str, Any]],
) -> _Model:
    if isinstance(output, Mapping):
        candidates = [dict(output)]
    elif isinstance(output, str):
        candidates = json_objects(output)
        if not candidates:
            raise InvalidModelOutput(f"no JSON object in model output: {_excerpt(output)}")
    else:
        raise InvalidModelOutput(f"unexpected model output type {type(output).__name__}")
    first_error: str | None = None
    for candidate in candidates:
        try:
            return model.model_validate(coerce(candidate))
        except (ValidationError, InvalidModelOutput, ValueError, TypeError) as error:
            first_error = first_error or _describe(error)
    raise InvalidModelOutput(f"model output does not match the {model.__name__} schema: {first_error}")


def _coerce_enrichment(data: dict[str, Any]) -> dict[str, Any]:
    data = dict(data)
    for key in ("memory_type", "temporal_kind"):
        if isinstance(data.get(key), str):
            data[key] = data[key].strip().lower().replace(" ", "_")
    for key in ("categories", "entities"):
        data[key] = _as_list(data.get(key))
    hints = data.get("hints")
    if isinstance(hints, str) and hints.strip().startswith("["):
        try:  # a JSON list in a string (a known model quirk); malformed hints are dropped, never fatal
            data["hints"] = json.loads(hints)
        except json.JSONDecodeError:
            data["hints"] = []
    confidence = data.get("confidence")
    if isinstance(confidence, int | float) and not isinstance(confidence, bool) and 1 < confidence <= 100:
        data["confidence"] = confidence / 100  # a percentage
    data["valid_until"] = parse_moment(data.get("valid_until"))
    if data["valid_until"] is not None:
        data["temporal_kind"] = TemporalKind.temporal.value
    return data


def _coerce_decision(data: dict[str, Any], known: list[str]) -> dict[str, Any]:
    data = dict(data)
    action = data.get("action")
    if not isinstance(action, str):
        raise InvalidModelOutput(f"action must be a string, got {action!r}")
    action = re.sub(r"[\s-]+", "_", action.strip().lower())
    action = _ACTION_ALIASES.get(action.replace("_", ""), action)
    if action not in {a.value for a in DecisionAction}:
        raise InvalidModelOutput(f"unknown decision action {action!r}")
    data["action"] = action
    targets = data.get("targets", data.get("target_ids", data.get("target")))
    valid = _known_ids(targets, known)
    if action == DecisionAction.add.value:
        valid = []
    elif not valid:
        raise InvalidModelOutput(f"{action} names no candidate id (given {targets!r})")
    elif action == DecisionAction.none.value:
        valid = valid[:1]  # merged into one memory
    data["targets"] = valid
    return _with_reason_and_confidence(data, "the decision")


def _coerce_contradiction(data: dict[str, Any], known: list[str]) -> dict[str, Any]:
    data = dict(data)
    contradicts = data.get("contradicts")
    if isinstance(contradicts, str) and contradicts.strip().lower() in ("true", "false"):
        contradicts = contradicts.strip().lower() == "true"
    if not isinstance(contradicts, bool):
        raise InvalidModelOutput(f"contradicts must be true or false, got {contradicts!r}")
    data["contradicts"] = contradicts
    targets = data.get("targets", data.get("target_ids"))
    valid = _known_ids(targets, known)
    if not contradicts:
        valid = []
    elif not valid:
        raise InvalidModelOutput(f"a contradiction that names no candidate id (given {targets!r})")
    data["targets"] = valid
    return _with_reason_and_confidence(data, "the answer")


def _known_ids(targets: Any, known: list[str]) -> list[str]:
    """The candidate ids a model named (a list, one id, or a JSON list in a string), those of the
    candidate set only, each once: hallucinated ids are dropped."""
    if isinstance(targets, str):
        targets = _as_list(targets) if targets.strip().startswith("[") else [targets]
    if targets is None:
        targets = []
    if not isinstance(targets, list):
        raise InvalidModelOutput(f"targets must be a list of candidate ids, got {type(targets).__name__}")
    return list(dict.fromkeys(t.strip() for t in targets if isinstance(t, str) and t.strip() in known))


def _with_reason_and_confidence(data: dict[str, Any], what: str) -> dict[str, Any]:
    """A judgement names its reason (non-empty, cut to 500 characters) and a confidence from 0 to 1."""
    reason = data.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise InvalidModelOutput(f"{what} gives no reason")
    data["reason"] = reason.strip()[:500]
    confidence = data.get("confidence")
    if isinstance(confidence, bool) or not isinstance(confidence, int | float) or not 0 <= confidence <= 1:
        raise InvalidModelOutput(f"confidence must be a number from 0 to 1, got {confidence!r}")
    return data


def _as_list(value: Any) -> Any:
    """Lists stay lists; a JSON-encoded or comma-separated string becomes a list (a known model quirk)."""
    if not isinstance(value, str):
        return value
    stripped = value.strip()
    if stripped.startswith("["):
        try:
            decoded = json.loads(stripped)
        except json.JSONDecodeError as error:
            raise InvalidModelOutput(f"malformed list {_excerpt(stripped)}") from error
        return decoded
    return [part.strip() for part in stripped.split(",") if part.strip()]


def parse_moment(value: Any) -> datetime | None:
    """An ISO 8601 string or datetime as an aware UTC datetime; a bare date means the end of that day.
    Raises InvalidModelOutput for anything else that is not null-like."""
    if value is None:
        return None
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, str):
        text = value.strip()
        if text.lower() in _NULLS:
            return None
        try:
            moment = isoparse(text)
        except (ValueError, OverflowError) as error:
            raise InvalidModelOutput(f"valid_until is not an ISO 8601 datetime: {_excerpt(text)}") from error
        if re.fullmatch(r"\d{4}-?\d{2}-?\d{2}", text):
            moment = datetime.combine(moment.date(), time(23, 59, 59))
    else:
        raise InvalidModelOutput(f"valid_until has type {type(value).__name__}")
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _describe(error: Exception) -> str:
    if isinstance(error, ValidationError):
        return "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'value'}: {e['msg']}" for e in error.errors()[:3]
        )
    return str(error)


def _excerpt(text: str, limit: int = 120) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[:limit] + "…")


__all__ = [
    "InvalidModelOutput",
    "json_objects",
    "parse_contradiction",
    "parse_decision",
    "parse_enrichment",
    "parse_moment",
    "strip_reasoning",
    "truncate_input",
]
