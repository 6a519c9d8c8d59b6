"""A deterministic, offline extractor: conversation messages → self-contained facts, no model.

Each user or assistant message is split into sentences; questions, greetings and filler are dropped;
what is left is kept when it says something durable about the speaker (a first-person statement), a
decision, preference, constraint, plan or correction, or a concrete fact (a name, a number, a date).
Pronouns are replaced with names, so the fact reads on its own: "I moved to Lisbon" said by maya is
"maya moved to Lisbon."; "You prefer window seats" said by the assistant to maya is "maya prefers
window seats." System and tool messages are context, never facts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engram.domain import gate
from engram.domain.checkpoints import Summary
from engram.domain.models import MemoryType, Provenance
from engram.domain.sessions import CandidateFact, Extracted, Message, Role
from engram.domain.specificity import anchors
from engram.domain.text import PLACEHOLDER
from engram.providers.enrichers.rules import classify

NAME = "rules"
ASSISTANT = "the assistant"

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9])|\s*\n+\s*")
# Two statements joined by "and"/"but"/";" where the second has its own first-person subject:
# "I moved to Lisbon, and I prefer window seats" is two facts.
_CLAUSE = re.compile(r"(?:,\s*|\s+)(?:and|but|also|plus)\s+(?=(?:I|I'm|I've|I'll|I'd|my|My|we|We)\b)|;\s+")
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_LEAD_IN = re.compile(
    r"^(?:(?:please\s+)?(?:remember|note|keep in mind|don'?t forget)(?:\s+that)?[:,]?\s+|"
    r"(?:fyi|btw|by the way|just so you know|for the record|for context|oh|so|well|anyway|also|and)"
    r"\s*[:,]?\s+|"
    r"(?:noted|got it|understood|sure|ok|okay|great|alright|right|yes|yeah|no|well)\s*[:,!]\s+)",
    re.IGNORECASE,
)
_FILLER = re.compile(
    r"^(?:hi|hey|hello|thanks|thank you|thx|ok|okay|sure|great|cool|nice|awesome|wow|haha|lol|yeah|yep|"
    r"yes|no|nope|sounds (?:good|great)|that(?:'s| is) (?:great|awesome|cool|nice|amazing|interesting|"
    r"wonderful|so cool|fantastic|good|true|right)|good (?:morning|afternoon|evening|night|luck|idea)|"
    r"bye|see you|congrats|congratulations|of course|absolutely|exactly|right|true|i see|me too|same here|"
    r"no problem|you'?re welcome|glad|sorry|oh no|aw+|hmm+|perfect|got it|will do|happy to help)\b",
    re.IGNORECASE,
)
_REQUEST = re.compile(
    r"^(?:(?:can|could|would|will) you|please|tell me|help me|show me|let me know|give me|"
    r"what|who|where|when|why|how|which|is it|are you|do you|did you)\b",
    re.IGNORECASE,
)
_REMIND_ME = re.compile(r"^(?:please\s+)?remind me to\s+", re.IGNORECASE)
_HEDGED = re.compile(
    r"\b(?:i think|i guess|maybe|probably|might|perhaps|not sure|i suppose|possibly)\b", re.IGNORECASE
)
_DURABLE = frozenset(
    {
        MemoryType.decision,
        MemoryType.constraint,
        MemoryType.preference,
        MemoryType.task,
        MemoryType.correction,
        MemoryType.skill,
    }
)
_TOKEN = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?|[^\sA-Za-z]+|\s+")
_ADVERBS = frozenset(
    """just really also still never always usually often sometimes recently finally already actually
    definitely totally absolutely mostly only even rarely generally currently now truly honestly
    personally kinda seriously""".split()  # noqa: SIM905
)
_UNCHANGED = frozenset(
    """can can't cannot could couldn't should shouldn't would wouldn't will won't may might must shall
    did didn't had hadn't wasn't used was went got made said saw took came bought met left found thought
    told ran began became wrote sold spent lost won felt kept knew gave brought taught caught sent built
    put set cut let read quit hit hurt drove flew ate drank sang swam grew threw wore broke chose spoke
    stole woke forgot understood stood sat slept paid heard held led fell fought sought meant ought""".split()  # noqa: SIM905
)
_PRESENT_IN_ED = frozenset(
    "need feed seed speed bleed breed proceed succeed exceed shed wed embed shred heed weed".split()  # noqa: SIM905
)
_CONJUGATED = {
    "am": "is",
    "are": "is",
    "were": "was",
    "weren't": "wasn't",
    "aren't": "isn't",
    "have": "has",
    "haven't": "hasn't",
    "do": "does",
    "don't": "doesn't",
    "go": "goes",
}


def third_person(verb: str) -> str:
    """The verb as it follows "she": "live" → "lives", "study" → "studies", "moved" → "moved"."""
    lower = verb.lower()
    if lower in _CONJUGATED:
        return _CONJUGATED[lower]
    past = lower.endswith("ed") and lower not in _PRESENT_IN_ED
    if lower in _UNCHANGED or past or not lower.isalpha() or verb[:1].isupper():
        return verb
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(lower) > 1 and lower.endswith("y") and lower[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


# Pronoun → (replacement, whether the next verb takes the third person). {s}: the speaker, {a}: the
# one spoken to.
_FIRST_PERSON = {
    "i": ("{s}", True),
    "i'm": ("{s} is", False),
    "i've": ("{s} has", False),
    "i'll": ("{s} will", False),
    "i'd": ("{s} would", False),
    "me": ("{s}", False),
    "my": ("{s}'s", False),
    "mine": ("{s}'s", False),
    "myself": ("{s}", False),
    "we": ("{s} and others", False),
    "we're": ("{s} and others are", False),
    "we've": ("{s} and others have", False),
    "we'll": ("{s} and others will", False),
    "we'd": ("{s} and others would", False),
    "us": ("{s} and others", False),
    "our": ("{s}'s", False),
    "ours": ("{s}'s", False),
}
_SECOND_PERSON = {
    "you": ("{a}", True),
    "you're": ("{a} is", False),
    "you've": ("{a} has", False),
    "you'll": ("{a} will", False),
    "you'd": ("{a} would", False),
    "your": ("{a}'s", False),
    "yours": ("{a}'s", False),
    "yourself": ("{a}", False),
}
_SUBJECT_BEFORE = frozenset({"", "and", "but", "so", "because", "that", "if", "when", "since", "while"})


def rewrite(sentence: str, speaker: str, addressee: str) -> tuple[str, bool]:
    """The sentence with first- and second-person pronouns replaced by names, and whether any was.
    A verb after a replaced subject is put in the third person ("I live" → "maya lives")."""
    tokens = _TOKEN.findall(sentence.replace("’", "'"))
    out: list[str] = []
    replaced = False
    conjugate = False
    previous = ""
    for token in tokens:
        lower = token.lower()
        if token.isspace():
            out.append(token)
            continue
        if conjugate:
            if lower in _ADVERBS or lower in ("kind", "sort", "of"):
                out.append(token)
                previous = lower
                continue
            conjugate = False
            if token[:1].isalpha():
                out.append(third_person(token))
                previous = lower
                continue
        mapping = _FIRST_PERSON.get(lower) or _SECOND_PERSON.get(lower)
        if mapping is not None and (lower != "i" or token == "I"):
            text, subject = mapping
            out.append(text.format(s=speaker, a=addressee))
            replaced = True
            # "you" is a subject only where a clause starts ("... that you like"), not "I told you so".
            conjugate = subject and (lower == "i" or previous in _SUBJECT_BEFORE)
        else:
            out.append(token)
        previous = lower if token[:1].isalpha() else ""
    return "".join(out), replaced


def sentences(text: str) -> list[str]:
    parts = []
    for raw in _SENTENCE_END.split(text):
        for clause in _CLAUSE.split(_BULLET.sub("", raw)):
            part = clause.strip()
            while (stripped := _LEAD_IN.sub("", part, count=1)) != part:
                part = stripped.strip()
            if part:
                parts.append(part)
    return parts


def _chatter(sentence: str) -> bool:
    """A question, a request to the assistant, a greeting or filler: nothing to remember."""
    if sentence.rstrip().endswith("?") or _REQUEST.match(sentence):
        return True
    words = sentence.split()
    if len(words) < 3:
        return True
    return bool(_FILLER.match(sentence)) and len(words) <= 8


_TAIL = re.compile(r",?\s+(?:noted|right|ok|okay|lol|haha|btw|though|anyway)\s*([.!]?)$", re.IGNORECASE)


def _finish(text: str) -> str:
    text = _TAIL.sub(r"\1", text.strip()).rstrip(",;:-")
    if not text.endswith((".", "!", "…")):
        text += "."
    return text


_NARRATIVE = frozenset({MemoryType.fact, MemoryType.episodic})
_SURE = 0.7


def _grouped(facts: list[CandidateFact]) -> list[CandidateFact]:
    """One message's narrative (facts and events it states with confidence) as one fact, so what was
    said together is found together; each decision, preference, constraint, plan or correction stays a
    fact of its own, so a later one can supersede exactly it. Measured on LoCoMo (bench/locomo_sessions):
    as many evidence turns found as turn by turn, with a fifth fewer memories."""
    narrative = [f for f in facts if f.memory_type in _NARRATIVE and f.confidence >= _SURE]
    if len(narrative) < 2:
        return facts
    joined = narrative[0].model_copy(
        update={
            "content": " ".join(f.content for f in narrative)[:2000],
            "confidence": min(f.confidence for f in narrative),
        }
    )
    return [joined if f is narrative[0] else f for f in facts if f is narrative[0] or f not in narrative]


class RulesExtractor:
    """The embedded default: sentence rules, no network."""

    @property
    def name(self) -> str:
        return NAME

    def extract(self, messages: Sequence[Message], context: Sequence[Message], user_name: str) -> Extracted:
        return Extracted(self.facts(messages, user_name), NAME)

    def summarize(
        self, messages: Sequence[Message], user_name: str, focus: str | None, max_chars: int
    ) -> Summary:
        """Extractive: the session's surest facts, most useful kinds first (see extractors.summary)."""
        from engram.providers.extractors.summary import extractive

        return extractive(self.facts(messages, user_name), focus, max_chars, NAME)

    def facts(self, messages: Sequence[Message], user_name: str) -> list[CandidateFact]:
        facts: dict[str, CandidateFact] = {}
        for message in messages:
            if message.role not in (Role.user, Role.assistant):
                continue
            for fact in self._facts(message, user_name):
                key = fact.content.lower()
                earlier = facts.get(key)
                if earlier is None:
                    facts[key] = fact
                    continue
                # Said by both: the user's word and the higher confidence win; both sources kept.
                sources = [*earlier.source_message_ids, *fact.source_message_ids]
                best = earlier if earlier.provenance == Provenance.user_stated else fact
                facts[key] = best.model_copy(
                    update={
                        "source_message_ids": list(dict.fromkeys(sources)),
                        "confidence": max(earlier.confidence, fact.confidence),
                    }
                )
        return list(facts.values())

    def _facts(self, message: Message, user_name: str) -> list[CandidateFact]:
        from_user = message.role == Role.user
        speaker = (message.name or user_name) if from_user else ASSISTANT
        addressee = ASSISTANT if from_user else user_name
        found = []
        for sentence in sentences(message.content):
            if from_user:
                sentence = _REMIND_ME.sub("I need to ", sentence)  # a plan, said as a request
            if _chatter(sentence) or PLACEHOLDER.search(sentence):
                continue  # a redacted value is no fact to keep
            text, personal = rewrite(sentence, speaker, addressee)
            text = _finish(text)
            if gate.rejection_reason(text):
                continue
            kind = classify(text)
            confidence = self._confidence(sentence, kind, personal, from_user, text)
            if confidence is None:
                continue
            found.append(
                CandidateFact(
                    content=text[:2000],
                    memory_type=kind,
                    confidence=confidence,
                    provenance=Provenance.user_stated if from_user else Provenance.assistant_derived,
                    source_message_ids=[message.id],
                    observed_at=message.created_at or message.received_at,
                )
            )
        return _grouped(found)

    @staticmethod
    def _confidence(
        sentence: str, kind: MemoryType, personal: bool, from_user: bool, text: str
    ) -> float | None:
        """How sure the fact is, or None when the sentence is not worth a fact."""
        durable = kind in _DURABLE
        anchored = anchors(text) >= 1
        if from_user:
            if not (personal or durable or anchored):
                return None
            confidence = 0.9 if personal or durable else 0.75
        else:
            # The assistant's own sentences matter only where they state something about the user.
            if not personal or text.lower().startswith(ASSISTANT):
                return None
            confidence = 0.7 if durable else 0.5
        if _HEDGED.search(sentence):
            confidence = min(confidence, 0.6)
        return confidence
