"""Near duplicates, the decision stage: whether a new memory duplicates, supersedes (update, delete) or
sits beside (add) its nearest neighbours, with a contradiction check, so "uses Postgres" and "no longer
uses Postgres" are never merged."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from engram.domain.claims import (
    Claim,
    contradiction,
    disposal,
    jaccard,
    lost_by_merge,
    replacement,
    slot_change,
    stem,
    user_names,
    value_change,
)
from engram.domain.enrichment import Candidate, Decision, DecisionAction
from engram.domain.models import Memory
from engram.domain.precedence import Reading, read
from engram.providers.enrichers.rules.entities import extract_entities

# Below this cosine a candidate is only superseded on a contradiction or a changed slot, never merged.
NEAR = 0.70


class _Verdict(NamedTuple):
    action: DecisionAction
    reason: str
    confidence: float


def _claim(memory: Memory) -> Claim:
    return _claim_of(memory.content, tuple(memory.entities), user_names(memory.user_id))


@lru_cache(maxsize=4096)
def _claim_of(content: str, entities: tuple[str, ...], user: tuple[str, ...] = ()) -> Claim:
    """Parsing a claim is the costly part of a decision; a memory meets many candidates (and a batch
    many memories), so each text is parsed once. "I" and the user's name are one subject."""
    return Claim.of(content, [*entities, *extract_entities(content)], user)


def _readings(new: Memory, existing: Memory) -> tuple[Reading, Reading]:
    """Both memories as precedence reads them, "I" and the user's name one subject."""
    user = user_names(new.user_id)
    return (
        read(new.content, tuple(new.entities), user),
        read(existing.content, tuple(existing.entities), user),
    )


def _one_topic(new: Memory, existing: Memory) -> bool:
    """A subject in common (an entity, or the user) and a content word beyond it."""
    a, b = _readings(new, existing)
    shared = a.subjects & b.subjects
    return bool(shared) and bool((a.topic & b.topic) - shared)


def _one_owner(new: Memory, existing: Memory, thing: frozenset[str]) -> bool:
    """A subject in common beyond the thing itself (the user, or an entity): my sold Vespa is not the
    Vespa Kim's brother rides."""
    a, b = _readings(new, existing)
    return bool((a.subjects & b.subjects) - {stem(t) for t in thing})


def pair_verdict(new: Memory, existing: Memory, similarity: float) -> _Verdict:
    """What `new` does to one candidate: supersede it (update / delete), duplicate it (none), or
    neither (add)."""
    old_claim, new_claim = _claim(existing), _claim(new)
    conflict = contradiction(old_claim, new_claim)
    if conflict:
        if new_claim.negated and not old_claim.negated:
            return _Verdict(DecisionAction.delete, f"Negation: {conflict}.", 0.85)
        return _Verdict(DecisionAction.update, f"Contradiction: {conflict}; the later statement holds.", 0.8)
    changed = slot_change(old_claim, new_claim)
    if changed:
        return _Verdict(DecisionAction.update, f"Changed value: {changed}.", 0.85)
    replaced = replacement(old_claim, new.content)
    if replaced and _one_topic(new, existing):
        return _Verdict(DecisionAction.update, f"Replaced outright: {replaced}.", 0.8)
    gone = disposal(old_claim, new.content)
    if gone and _one_owner(new, existing, gone):
        return _Verdict(DecisionAction.update, f"Parted with: {', '.join(sorted(gone))}.", 0.8)
    changed = value_change(old_claim, new_claim)
    if changed and similarity >= NEAR:
        return _Verdict(DecisionAction.update, f"Changed value: {changed}.", 0.75)
    if similarity < NEAR:
        return _Verdict(DecisionAction.add, f"Related but distinct (similarity {similarity:.2f}).", 0.6)
    overlap = jaccard(old_claim.words, new_claim.words)
    lost = lost_by_merge(new_claim, old_claim)
    if lost is None and new_claim.words <= old_claim.words:
        return _Verdict(
            DecisionAction.none,
            f"Same statement (word overlap {overlap:.2f}); the new memory adds nothing.",
            0.9,
        )
    if old_claim.words < new_claim.words and not (old_claim.negated or new_claim.negated):
        return _Verdict(
            DecisionAction.update,
            f"The new memory restates the existing one with more detail (word overlap {overlap:.2f}).",
            0.7,
        )
    if lost is None and (overlap >= 0.6 or (overlap >= 0.35 and similarity >= 0.85) or similarity >= 0.95):
        return _Verdict(
            DecisionAction.none,
            f"Paraphrase of the same statement (word overlap {overlap:.2f}, similarity {similarity:.2f}).",
            0.8,
        )
    why = f"; not a duplicate: {lost}" if lost else ""
    return _Verdict(
        DecisionAction.add,
        f"Related but distinct (word overlap {overlap:.2f}, similarity {similarity:.2f}){why}.",
        0.7,
    )


def decide_candidates(new: Memory, candidates: Sequence[Candidate]) -> Decision:
    """The decision for `new` against its candidates (best first): every candidate it negates or
    supersedes (delete before update), else the first it duplicates, else add."""
    verdicts = [(c, pair_verdict(new, c.memory, c.similarity)) for c in candidates]
    superseding = {DecisionAction.delete, DecisionAction.update}
    hits = [(c, v) for c, v in verdicts if v.action in superseding]
    if hits:
        negates = any(v.action == DecisionAction.delete for _, v in hits)
        return Decision(
            action=DecisionAction.delete if negates else DecisionAction.update,
            targets=[c.memory.id for c, _ in hits],
            reason=" ".join(v.reason for _, v in hits),
            confidence=min(v.confidence for _, v in hits),
        )
    for candidate, verdict in verdicts:
        if verdict.action == DecisionAction.none:
            return Decision(
                action=DecisionAction.none,
                targets=[candidate.memory.id],
                reason=verdict.reason,
                confidence=verdict.confidence,
            )
    if not verdicts:
        return Decision(action=DecisionAction.add, reason="No related memory in the scope.")
    return Decision(
        action=DecisionAction.add, reason=verdicts[0][1].reason, confidence=verdicts[0][1].confidence
    )
