"""Importance (1–5) and confidence (0–1): what is at stake in a statement, and how firmly it is said."""

from __future__ import annotations

import re
from datetime import datetime

from engram.domain.models import MemoryType, Provenance
from engram.domain.specificity import anchors, is_vague
from engram.providers.enrichers.rules.patterns import rx

_CRITICAL = rx(
    r"\ballerg\w*|\banaphyla\w*|\bepipen\b|\bmedication\b|\bdiabet\w*|\bseizure|\bpregnan\w*|\bemergency\b|"
    r"\bblood type\b|\bpassword|\bsecurity\b|\bcredential|\bcompliance\b|\bgdpr\b|\bhipaa\b|\blegal\b|"
    r"\bdeadline\b|\burgent\b|\basap\b|\bcritical\b|\bimportant\b|\bcrucial\b|\bproduction\b|\bprod\b"
)
_CHITCHAT = rx(
    r"\b(?:lol|haha|hehe|lmao|just chatting|fun fact|by the way|btw|good (?:morning|night)|"
    r"the weather|i'?m bored|how are you)\b"
)
_HEDGES = rx(
    r"\b(?:maybe|perhaps|probably|possibly|might|i think|i guess|i believe|not sure|unsure|"
    r"could be|seems|apparently|likely|kind of|sort of|i suppose)\b|\?"
)
_ASSERTIVE = rx(r"\b(?:definitely|certainly|for sure|absolutely|confirmed|always)\b")
_BASE_CONFIDENCE = {
    Provenance.user_stated: 0.9,
    Provenance.imported: 0.8,
    Provenance.episode_summary: 0.75,
    Provenance.assistant_derived: 0.65,
}
_HIGH_STAKES_TYPES = {MemoryType.constraint, MemoryType.correction, MemoryType.decision}


def score_importance(text: str, memory_type: MemoryType, valid_until: datetime | None) -> int:
    score = 3
    if memory_type in _HIGH_STAKES_TYPES:
        score += 1
    if is_vague(text):
        score -= 1  # "User mentioned the launch again" pins nothing down
    elif anchors(text) >= 3:
        score += 1  # "The launch rolls out to 5% on June 3, then 50%" pins down a plan
    if _CRITICAL.search(text):
        score += 1
    if memory_type is MemoryType.episodic:
        score -= 1
    if _CHITCHAT.search(text):
        score -= 1
    if len(re.findall(r"\w+", text)) < 4:
        score -= 1
    if memory_type is MemoryType.task and valid_until is not None and score < 4:
        score += 1  # a dated task is worth surfacing before it is due
    return max(1, min(5, score))


def score_confidence(text: str, provenance: Provenance) -> float:
    confidence = _BASE_CONFIDENCE.get(provenance, 0.8)
    hedges = len(_HEDGES.findall(text))
    confidence -= min(3, hedges) * 0.15
    if not hedges and _ASSERTIVE.search(text):
        confidence += 0.05
    return round(max(0.1, min(1.0, confidence)), 2)
