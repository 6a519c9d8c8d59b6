"""The knowledge graph of one user scope: entities, relations between them, and the memories that
mention them. Pure: names, canonical forms, relation frames, and the query's entity candidates.

"Dana's manager is Priya" yields entities Dana and Priya, the relation (Dana, manager, Priya) and
mentions, so a question about Dana's manager reaches Priya's memories one hop away.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from functools import cache

from pydantic import Field

from engram.domain.models import DomainModel

USER = "@user"  # the canonical name of the scope's own user ("I", "my", "me")
MAX_NAME = 80
MAX_MENTIONS_LINKED = 40  # an entity mentioned more often is a hub: it links everything, so nothing

_PLACEHOLDER = re.compile(r"\[?REDACTED(?::[a-z0-9_]+)?\]?", re.IGNORECASE)
_SPACE = re.compile(r"\s+")
_EDGE = re.compile(r"^[\s\"'“”‘’(\[]+|[\s\"'“”‘’)\].,;:!?]+$")
_POSSESSIVE = re.compile(r"['’]s?$")


@dataclass(frozen=True)
class GraphScope:
    """A user's graph: entities are shared across that user's namespaces within a project."""

    tenant: str
    user_id: str
    project: str = "default"


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:24]


def entity_id(scope: GraphScope, canonical_name: str) -> str:
    """Deterministic, so an entity is found by name without an index and linking is idempotent."""
    return "ent_" + _digest(scope.tenant, scope.user_id, scope.project, canonical_name)


def relation_id(scope: GraphScope, subject_id: str, predicate: str, object_id: str) -> str:
    return "rel_" + _digest(scope.tenant, scope.user_id, scope.project, subject_id, predicate, object_id)


class EntityType(StrEnum):
    person = "person"
    organization = "organization"
    place = "place"
    thing = "thing"
    user = "user"


class Entity(DomainModel):
    id: str
    tenant: str
    user_id: str
    project: str
    name: str = Field(description="as first written")
    canonical: str = Field(description="lowercase, possessive and punctuation stripped; unique per scope")
    type: EntityType = EntityType.thing
    mentions: int = Field(default=0, description="memories that mention it")
    created_at: datetime
    updated_at: datetime


class Relation(DomainModel):
    id: str
    tenant: str
    user_id: str
    project: str
    subject_id: str
    predicate: str
    object_id: str
    confidence: float = Field(ge=0, le=1)
    mentions: int = 0
    memory_ids: list[str] = Field(default_factory=list, description="memories that state it (newest last)")
    updated_at: datetime


@dataclass(frozen=True)
class Triple:
    subject: str
    predicate: str
    object: str
    confidence: float = 0.8
    subject_type: EntityType = EntityType.person
    object_type: EntityType = EntityType.thing


@dataclass(frozen=True)
class Mention:
    name: str
    type: EntityType = EntityType.thing


def canonical(name: str) -> str | None:
    """The form an entity is known by in its scope, or None when the text is no entity at all
    (empty, too long, or a redaction placeholder: a secret's kind is never a graph node)."""
    text = _SPACE.sub(" ", name).strip()
    if text.lower() in _FIRST_PERSON:
        return USER
    if _PLACEHOLDER.search(text):
        return None
    text = _EDGE.sub("", _POSSESSIVE.sub("", _EDGE.sub("", text)))
    text = _LEADING.sub("", text.lower())
    if not text or len(text) > MAX_NAME or not any(ch.isalnum() for ch in text):
        return None
    return text


_LEADING = re.compile(r"^(?:(?:the|a|an|dr|mr|mrs|ms|prof)\.?\s+)+")
_FIRST_PERSON = {"i", "me", "my", "mine", "myself", "the user", "user", "our", "we", "us"}

# --------------------------------------------------------------------------- relation frames

_NAME = r"(?:[A-Z][\w’'-]*(?:\s+[A-Z][\w’'-]*){0,3})"
_WHO = rf"(?P<who>{_NAME}|[Mm]y|I)"
_THING = r"(?P<what>[\w][\w’' -]{0,60}?)"
_END = r"(?=\s*(?:[.,;:!?)]|\band\b|\bbut\b|\bwho\b|\bwhich\b|\bsince\b|\bfrom\b|\bfor\b|$))"
# A role is one to three lowercase words between a possessive and "is": "manager", "best friend",
# "creative director", "tyre supplier", "skip-level manager". Any such phrase is a relation name.
_ROLE = r"(?P<role>[a-z][a-z-]+(?:\s+[a-z][a-z-]+){0,2}?)"
_OWNER = rf"(?P<who>{_NAME}|[Mm]y|[Oo]ur|(?:[Tt]he\s+)?[a-z][\w-]+(?:\s+[a-z][\w-]+)?)"
_TITLE = r"(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?"
_PERSON = rf"(?P<other>{_NAME})"


# The words each frame cannot match without (as written in it: case-sensitive), in frame order. A text
# holding none of a frame's is not searched with it: most memories state no relation, and each frame's
# search costs more than these substring tests (ten searches were most of a write's link extraction).
_FRAME_WORDS: tuple[tuple[str, ...], ...] = (
    ("is", "was", "became"),
    ("is", "was", "became"),
    ("report",),
    ("manages",),
    ("work",),
    ("joined",),
    ("allergic",),
    ("live", "living", "moved", "relocated"),
    ("married",),
    ("owns", "leads", "runs", "maintains", "responsible"),
)


@cache
def _frames() -> list[tuple[re.Pattern[str], str, EntityType]]:
    """The frames, compiled on first use (tens of milliseconds: not at the import of every process
    that names a graph type, only in the one that extracts triples)."""
    return [
        # "Dana's manager is Priya", "My manager is Priya Patel", "the fleet's tyre supplier is Kessler"
        (re.compile(rf"(?<![\w'’]){_OWNER}(?:['’]s|(?<=[Mm]y)|(?<=[Oo]ur))\s+(?:new\s+|current\s+)?{_ROLE}\s+"
                    rf"(?:is|was|became)\s+(?:now\s+)?{_TITLE}{_PERSON}"), "role", EntityType.person),
        # "Priya is Dana's manager", "Priya is my manager"
        (re.compile(rf"\b{_PERSON}\s+(?:is|was|became)\s+(?:now\s+)?{_OWNER}(?:['’]s|(?<=[Mm]y)|(?<=[Oo]ur))\s+"
                    rf"(?:new\s+)?{_ROLE}(?=\s*(?:[.,;:!?]|$|\band\b|\bwho\b|\bsince\b|\bat\b|\bfor\b))"),
         "role", EntityType.person),
        # "Dana reports to Priya"
        (re.compile(rf"\b{_WHO}\s+(?:now\s+)?reports?\s+(?:directly\s+)?to\s+{_PERSON}"), "manager",
         EntityType.person),
        # "Priya manages Dana"
        (re.compile(rf"\b{_PERSON}\s+(?:now\s+)?manages\s+{_WHO}\b"), "manages", EntityType.person),
        # "Dana works at Initech", "Dana joined Initech"
        (re.compile(rf"\b{_WHO}\s+(?:now\s+|still\s+)?(?:works?|worked|is working)\s+(?:at|for)\s+"
                    rf"(?P<org>{_NAME})"),
         "works_at", EntityType.organization),
        (re.compile(rf"\b{_WHO}\s+(?:has\s+)?joined\s+(?P<org>{_NAME})"), "works_at",
         EntityType.organization),
        # "Priya is allergic to tree nuts"
        (re.compile(rf"\b{_WHO}\s+(?:is|am|are|was)\s+(?:severely\s+|very\s+|deathly\s+)?allergic\s+to\s+{_THING}{_END}"),
         "allergic_to", EntityType.thing),
        # "Dana lives in Lisbon", "Dana moved to Lisbon"
        (re.compile(rf"\b{_WHO}\s+(?:now\s+)?(?:lives?|lived|is living|moved|relocated)\s+(?:in|to)\s+"
                    rf"(?P<place>{_NAME})"),
         "lives_in", EntityType.place),
        # "Dana is married to Sam"
        (re.compile(rf"\b{_WHO}\s+(?:is|am|was)\s+married\s+to\s+{_PERSON}"), "spouse", EntityType.person),
        # "Dana owns the billing service", "Dana leads Project Atlas"
        (re.compile(rf"\b{_WHO}\s+(?:owns|leads|runs|maintains|is responsible for)\s+{_THING}{_END}"),
         "owns", EntityType.thing),
    ]  # fmt: skip


def _role(text: str) -> str:
    role = (
        text.lower()
        .replace("co-founder", "cofounder")
        .replace("mum", "mom")
        .replace("skip level", "skip-level")
    )
    return role.replace(" ", "_")


def extract_triples(text: str) -> list[Triple]:
    """Typed (subject, predicate, object) triples from the simple frames above; nothing else."""
    triples: dict[tuple[str, str, str], Triple] = {}
    for (pattern, kind, object_type), words in zip(_frames(), _FRAME_WORDS, strict=True):
        if not any(word in text for word in words):
            continue  # the frame cannot match
        for match in pattern.finditer(text):
            groups = match.groupdict()
            who, other = groups.get("who"), groups.get("other")
            target = groups.get("org") or groups.get("place") or groups.get("what")
            if kind == "role" and who and other:
                if who.split()[0].lower() in _NOT_SUBJECTS - _FIRST_PERSON - {"the"}:
                    continue  # "That's what it is" is no relation
                if any(w in _QUERY_STOP or w in _NOT_SUBJECTS for w in groups["role"].split()):
                    continue
                triple = Triple(who, _role(groups["role"]), other, 0.85, object_type=EntityType.person)
            elif kind == "manager" and who and other:
                triple = Triple(who, "manager", other, 0.85, object_type=EntityType.person)
            elif kind == "manages" and who and other:
                triple = Triple(who, "manager", other, 0.8, object_type=EntityType.person)
            elif target and who:
                triple = Triple(who, kind, target.strip(), 0.8, object_type=object_type)
            else:
                continue
            if (
                canonical(triple.subject)
                and canonical(triple.object)
                and canonical(triple.subject) != canonical(triple.object)
            ):
                key = (canonical(triple.subject) or "", triple.predicate, canonical(triple.object) or "")
                triples.setdefault(key, triple)
    return list(triples.values())


def aliases(canonical_name: str) -> list[str]:
    """The shorter names a multi-word entity goes by in the same scope: "Sabine Hartl" is also
    "sabine" and "hartl" ("Sabine is allergic to tree nuts")."""
    parts = canonical_name.split()
    if len(parts) < 2:
        return []
    return [p for p in parts if len(p) >= 3 and p not in _QUERY_STOP and p.isalpha()]


_SENTENCE_SUBJECT = re.compile(r"(?:^|[.!?;]\s+)([A-Z][a-z’'-]{2,}(?:\s+[A-Z][a-z’'-]+)?)(?=\s+[a-z])")
_NOT_SUBJECTS = {
    "the", "this", "that", "these", "those", "there", "here", "she", "he", "they", "we", "you", "it", "its",
    "his", "her", "their", "our", "your", "my", "mine", "if", "when", "while", "after", "before", "since",
    "until", "please", "remember", "note", "today", "tomorrow", "yesterday", "tonight", "every", "each",
    "some", "most", "all", "any", "no", "not", "never", "always", "also", "then", "and", "but", "or", "so",
    "what", "who", "where", "why", "how", "which", "maybe", "perhaps", "just", "only", "keep", "use",
    "don't", "do", "let's", "one", "two", "both", "last", "next", "once", "sometimes", "usually", "again",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february",
    "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
}  # fmt: skip


def sentence_subjects(text: str) -> list[str]:
    """Names that open a sentence ("Sabine is allergic…", "Kessler closes…"), which a general name
    extractor skips as capitalised grammar; the graph needs them to link the fact to the person."""
    out = []
    for match in _SENTENCE_SUBJECT.finditer(text):
        name = match.group(1)
        if name.split()[0].lower() not in _NOT_SUBJECTS:
            out.append(name)
    return out


def mentions(entities: Iterable[str], triples: Iterable[Triple], text: str = "") -> list[Mention]:
    """Every entity a memory mentions, from the extractor's names, the triples' ends and the
    sentences' named subjects, once each."""
    found: dict[str, Mention] = {}
    for triple in triples:
        for name, kind in ((triple.subject, triple.subject_type), (triple.object, triple.object_type)):
            key = canonical(name)
            if key:
                found.setdefault(key, Mention(name, EntityType.user if key == USER else kind))
    for name in [*entities, *sentence_subjects(text)]:
        key = canonical(name)
        if key and key != USER:
            found.setdefault(key, Mention(name))
    return list(found.values())


# --------------------------------------------------------------------------- queries

_QUERY_WORD = re.compile(r"[\w][\w’'.-]*")
_QUERY_STOP = {
    "what", "who", "whom", "whose", "which", "where", "when", "why", "how", "is", "are", "was", "were", "do",
    "does", "did", "the", "a", "an", "of", "to", "in", "on", "at", "for", "with", "and", "or", "it", "that",
    "this", "be", "can", "should", "would", "could", "has", "have", "had", "about", "any", "there", "their",
}  # fmt: skip
_FIRST_PERSON_QUERY = re.compile(r"\b(?:i|me|my|mine|myself|our|we|us)\b", re.IGNORECASE)


def query_candidates(query: str, max_words: int = 3) -> list[str]:
    """Canonical forms the query might name an entity by: every run of 1–3 words that does not start
    or end on a question word, plus USER when the query speaks in the first person."""
    words = [_POSSESSIVE.sub("", w.strip(".-")) for w in _QUERY_WORD.findall(query)]
    out: dict[str, None] = {}
    for size in range(1, max_words + 1):
        for i in range(len(words) - size + 1):
            run = words[i : i + size]
            if run[0].lower() in _QUERY_STOP or run[-1].lower() in _QUERY_STOP:
                continue
            key = canonical(" ".join(run))
            if key and key != USER:
                out[key] = None
    if _FIRST_PERSON_QUERY.search(query):
        out[USER] = None
    return list(out)
