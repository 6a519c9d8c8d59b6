"""A deterministic, offline extractor: conversation messages → self-contained facts, no model.

User and assistant sentences are kept when durable (first-person statements, decisions, preferences,
constraints, plans, corrections, concrete facts); questions, greetings and filler are dropped.
Pronouns become names (maya's "I moved to Lisbon" → "maya moved to Lisbon."); system/tool messages: context.
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
from engram.providers.extractors.summary import extractive

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
    r"(?!(?:mon|tues|wednes|thurs|fri|satur|sun|to|yester)day\b|tonight\b|tomorrow\b|then\b|later\b|now\b)"
    r"(?-i:[A-Z][a-z]+),\s+(?=(?-i:[a-z]|I\b))|"  # the name of who is spoken to: "Ana, the lessons are great"
    r"(?:noted|got it|understood|sure|ok|okay|great|alright|right|yes|yeah|yep|no|nope|well|wow|whoa|oh|ah|"
    r"aw+|haha|hey|hi|hello|thanks|thank you|awesome|cool|nice|definitely|totally|true|exactly|absolutely|"
    r"honestly|omg|hmm+)(?:,?\s+[A-Z][a-z]+)?\s*[:,!]\s+)",
    re.IGNORECASE,
)
_FILLER = re.compile(
    r"^(?:hi|hey|hello|thanks|thank you|thx|ok|okay|sure|great|cool|nice|awesome|wow|haha|lol|yeah|yep|"
    r"yes|no|nope|sounds (?:good|great)|that(?:'s| is) (?:great|awesome|cool|nice|amazing|interesting|"
    r"wonderful|so cool|fantastic|good|true|right)|good (?:morning|afternoon|evening|night|luck|idea)|"
    r"bye|see you|congrats|congratulations|of course|absolutely|exactly|right|true|i see(?!\s+\w)|me too|"
    r"same here|"
    r"no problem|you'?re welcome|glad|sorry|oh no|aw+|hmm+|perfect|got it|will do|happy to help|"
    r"long time no (?:see|talk|chat)|(?:a lot|lots)(?:'s| has)? (?:been going on|happened))\b",
    re.IGNORECASE,
)
_REQUEST = re.compile(
    r"^(?:(?:can|could|would|will) you|please|tell me|help me|show me|let me know|give me|"
    r"(?:what|who|where|when|why|how|which)(?:'s|'re|\s+(?:is|are|was|were|do|does|did|can|could|should|"
    r"would|will|about|if|kind|sort|type|else|much|many|long|often|come))|is it|are you|do you|did you)\b",
    re.IGNORECASE,
)
_REMIND_ME = re.compile(r"^(?:please\s+)?remind me to\s+", re.IGNORECASE)
# What the assistant reports having done for the user: a booking, a reservation, an order, a change it
# made. Kept as an assistant_derived fact ("The assistant booked a table for two at Nopa ...").
_DID = re.compile(
    r"^(?:I|I've|I have|we|we've|we have)\s+(?:(?:just|now|also|successfully|already|gone ahead and|"
    r"went ahead and)\s+)*(?:booked|reserved|ordered|changed|cancell?ed|scheduled|rescheduled|updated|"
    r"moved|set up|created|sent|added|removed|renewed|paid|purchased|bought|confirmed|arranged|registered|"
    r"signed \w+ up|subscribed|unsubscribed|deleted|submitted|filed|transferred|emailed|invited|placed|"
    r"switched|upgraded|downgraded|extended|refunded|returned|forwarded|requested|rebooked|postponed|"
    r"put \w+ (?:on|in|down))\b",
    re.IGNORECASE,
)
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
    "wanna": "wants to",
    "gotta": "has to",
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


# A statement said as a question: "Did you know I ran a race last Saturday?" says "I ran a race last
# Saturday".
_TOLD_AS_QUESTION = re.compile(
    r"^(?:did you know|did i (?:tell you|mention)|have i told you|guess what|you know what|remember when)"
    r"(?:\s+that)?\s*[,:]?\s+(?P<said>.+?)[\s?]*$",
    re.IGNORECASE,
)
# A reaction to what was just said ("It's so cute", "That sounds fun"): no fact about anyone.
_REACTION = re.compile(
    r"^(?:(?:it|that|this|which)(?:'s|\s+(?:is|was|sounds|looks|seems|must|would|will|can|could))|"
    r"sounds|looks|seems|feels|must be|can't wait|what an?)\b",
    re.IGNORECASE,
)
_PAST_FORMS = frozenset(
    """was were did had went got made said saw took came bought met left found thought told ran began
    became wrote sold spent lost won felt kept knew gave brought taught caught sent built put quit drove
    flew ate drank sang swam grew threw wore broke chose spoke woke forgot understood stood sat slept
    paid heard held led fell fought""".split()  # noqa: SIM905
)
_STANCE = frozenset("love like hate enjoy miss appreciate prefer need want hope wish adore".split())  # noqa: SIM905
_FEELING = frozenset(
    "excited happy proud thrilled grateful thankful nervous worried stoked pumped busy eager keen".split()  # noqa: SIM905
)
_NOT_GERUND = frozenset(
    """nothing something anything everything thing morning evening king spring string wedding building
    ring sing bring being during ceiling""".split()  # noqa: SIM905
)
_FINITE = frozenset(
    """is was are were has have can will would makes made helps keeps means gives brings feels seems
    gets""".split()  # noqa: SIM905
)
_CLAUSE_END = re.compile(r"[,;:.!?—–]|\s-\s")


# Said to the other person about them: praise, sympathy, good wishes ("You're doing amazing!", "I'm so
# proud of you", "Your kind words mean a lot") and sign-offs ("Keep it up!", "Talk to you soon",
# "Let's spread love!"). Kind, but a future conversation learns nothing from it. A sentence with a
# number in it is kept ("You ran 10k in 50 minutes, amazing"), and so is a decision, preference,
# constraint, plan or correction said along with praise.
_TO_YOU = re.compile(r"\b(?:you|your|you're|you've|yourself|ya|u)\b", re.IGNORECASE)
_PRAISE = re.compile(
    r"\b(?:great|awesome|amazing|proud|brave|inspir\w*|cool|wonderful|fantastic|beautiful|gorgeous|cute|"
    r"lovely|incredible|impressive|sweet|kind|stunning|talented|admire|glad|happy for|nice|wow|super|"
    r"courage\w*|rock|so good|fun)\b",
    re.IGNORECASE,
)
_SIGN_OFF = re.compile(
    r"^(?:keep (?:it |that )?up|keep going|talk (?:to you )?(?:soon|later)|take care|catch you|see ya|bye|"
    r"let'?s|good luck|have (?:a|fun)|enjoy|congrat)",
    re.IGNORECASE,
)


def _courtesy(sentence: str) -> bool:
    """Praise of, or good wishes to, the one spoken to, or a sign-off: nothing to remember."""
    if _SIGN_OFF.match(sentence):
        return True
    return bool(_TO_YOU.search(sentence) and _PRAISE.search(sentence)) and not any(
        ch.isdigit() for ch in sentence
    )


def _past(word: str) -> bool:
    regular = word.endswith("ed") and word not in _PRESENT_IN_ED and len(word) > 4
    return regular or (word in _PAST_FORMS and word not in {"was", "were", "did", "had"})


def told_as_question(sentence: str) -> str | None:
    """The statement inside a question that only tells ("Did you know I ran a race?"), else None."""
    match = _TOLD_AS_QUESTION.match(sentence)
    return match.group("said") + "." if match and len(match.group("said").split()) >= 3 else None


def with_subject(sentence: str, speaker: str) -> str | None:
    """A first-person statement said without its subject, the speaker put back: "Been busy
    volunteering" → "maya has been busy volunteering", "Just started yoga" → "maya just started yoga",
    "Still working on a studio" → "maya is still working on a studio", "Love that color" → "maya loves
    that color". None when the sentence opens some other way (it has a subject of its own)."""
    words = sentence.split()
    i = 0
    while i < len(words) - 1 and words[i].lower() in _ADVERBS:
        i += 1
    head = words[i].lower().rstrip(",")
    after = [w.lower().strip(",.!") for w in words[i + 1 : i + 3]]
    clause = _CLAUSE_END.split(" ".join(words[i + 1 :]), maxsplit=1)[0].lower().split()
    if not head.isalpha() or len(words) - i < 2:
        return None
    auxiliary = ""  # "is" goes before the adverbs: "maya is still working on it"
    if head in _FEELING and after[:1] and after[0] in {"to", "about", "for", "with", "that"}:
        auxiliary, verb = "is", head
    elif head == "been":
        auxiliary, verb = "has", head
    elif _past(head):
        verb = head
    elif head.endswith("ing") and len(head) > 5 and head not in _NOT_GERUND and not _FINITE & {*clause}:
        auxiliary, verb = "is", head  # "Being ourselves is great": a gerund that is a subject is not
    elif head in _STANCE:
        verb = third_person(head)
    else:
        return None
    adverbs = " ".join(w.lower() for w in words[:i])
    return " ".join(part for part in (speaker, auxiliary, adverbs, verb, *words[i + 1 :]) if part)


_TAIL = re.compile(r",?\s+(?:noted|right|ok|okay|lol|haha|btw|though|anyway)\s*([.!]?)$", re.IGNORECASE)


def _finish(text: str) -> str:
    text = _TAIL.sub(r"\1", text.strip()).rstrip(",;:-")
    if not text.endswith((".", "!", "…")):
        text += "."
    return text


_NARRATIVE = frozenset({MemoryType.fact, MemoryType.episodic})
_SURE = 0.7
# Told about others or events, with nothing concrete in it ("They were stoked", "Family moments make
# life awesome"): below the minimum to write on its own (recorded as a proposal), written when it
# joins a surer fact of the same message. Measured on LoCoMo 1-3 (bench/locomo_sessions.py): 13%
# fewer memories than writing them all, with as much evidence found.
_ASIDE = 0.65


def _grouped(facts: list[CandidateFact]) -> list[CandidateFact]:
    """One message's narrative (facts and events it states with confidence) as one fact, so what was
    said together is found together; each decision, preference, constraint, plan or correction stays a
    fact of its own, so a later one can supersede exactly it. Measured on LoCoMo (bench/locomo_sessions):
    as many evidence turns found as turn by turn, with a fifth fewer memories."""
    narrative = [f for f in facts if f.memory_type in _NARRATIVE and f.confidence >= _ASIDE]
    if len(narrative) < 2:
        return facts
    joined = narrative[0].model_copy(
        update={
            "content": " ".join(f.content for f in narrative)[:2000],
            "confidence": max(f.confidence for f in narrative),  # asides join what the speaker is sure of
        }
    )
    return [joined if f is narrative[0] else f for f in facts if f is narrative[0] or f not in narrative]


class RulesExtractor:
    """The embedded default: sentence rules, no network."""

    @property
    def name(self) -> str:
        return NAME

    def extract(self, messages: Sequence[Message], context: Sequence[Message], user_name: str) -> Extracted:
        return Extracted(self.facts(messages, user_name, context), NAME)

    def summarize(
        self, messages: Sequence[Message], user_name: str, focus: str | None, max_chars: int
    ) -> Summary:
        """Extractive: the session's surest facts, most useful kinds first (see extractors.summary)."""
        return extractive(self.facts(messages, user_name), focus, max_chars, NAME)

    def facts(
        self, messages: Sequence[Message], user_name: str, context: Sequence[Message] = ()
    ) -> list[CandidateFact]:
        facts: dict[str, CandidateFact] = {}
        spoken = [m for m in context if m.role in (Role.user, Role.assistant)][-1:]
        previous = spoken[0] if spoken else None
        for message in messages:
            if message.role not in (Role.user, Role.assistant):
                continue
            for found in self._facts(message, user_name, previous):
                fact = _exchange(facts, found, previous)
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
            previous = message
        return list(facts.values())

    def _facts(self, message: Message, user_name: str, previous: Message | None) -> list[CandidateFact]:
        from_user = message.role == Role.user
        speaker = _speaker(message, user_name)
        # "you" is whoever spoke last, when that was someone else: another person of a group chat, or
        # the assistant.
        other = _speaker(previous, user_name) if previous is not None else None
        addressee = (other if other != speaker else None) or (ASSISTANT if from_user else user_name)
        found = []
        for said in sentences(message.content):
            sentence = _REMIND_ME.sub("I need to ", said) if from_user else said  # a plan, as a request
            sentence = told_as_question(sentence) or sentence
            if _chatter(sentence) or PLACEHOLDER.search(sentence):
                continue  # a redacted value is no fact to keep
            subjectless = with_subject(sentence, speaker) if from_user else None
            text, personal = rewrite(sentence, speaker, addressee)
            if subjectless is not None:
                text, personal = rewrite(subjectless, speaker, addressee)[0], True
            text = _finish(text)
            if gate.rejection_reason(text):
                continue
            kind = classify(text)
            if kind not in _DURABLE and _courtesy(sentence):
                continue  # "You're doing amazing!", but "Great, you know I prefer aisle seats" is kept
            confidence = self._confidence(sentence, kind, personal, from_user, text)
            if confidence is None and not from_user and _DID.match(sentence):
                text, confidence = text[:1].upper() + text[1:], _SURE  # what it did, as it reports it
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
        return _answering(_grouped(found), previous, speaker, user_name)

    @staticmethod
    def _confidence(
        sentence: str, kind: MemoryType, personal: bool, from_user: bool, text: str
    ) -> float | None:
        """How sure the fact is, or None when the sentence is not worth a fact."""
        durable = kind in _DURABLE
        anchored = anchors(text) >= 1
        if from_user:
            if personal or durable:
                confidence = 0.9
            elif anchored:
                confidence = 0.75
            elif len(sentence.split()) >= 4 and not _REACTION.match(sentence) and not sentence.endswith("!"):
                confidence = _ASIDE  # what a person tells about others and events: part of the narrative
            else:
                return None
        else:
            # The assistant's own sentences matter only where they state something about the user.
            if not personal or text.lower().startswith(ASSISTANT):
                return None
            confidence = 0.7 if durable else 0.5
        if _HEDGED.search(sentence):
            confidence = min(confidence, 0.6)
        return confidence


def _speaker(message: Message, user_name: str) -> str:
    return (message.name or user_name) if message.role == Role.user else ASSISTANT


def _question(message: Message) -> str | None:
    """The last question a message asks, if it ends on one (what the next message answers)."""
    said = sentences(message.content)
    last = said[-1] if said else ""
    return last if last.rstrip().endswith("?") and len(last.split()) >= 3 else None


def _exchange(
    facts: dict[str, CandidateFact], answer: CandidateFact, previous: Message | None
) -> CandidateFact:
    """A question and its answer are one exchange: the asking message's narrative (what it said
    before asking) joins the answer's, so what was said together is found together. Only a message's
    own narrative joins, so a conversation does not snowball into one fact."""
    if previous is None or previous.id not in answer.source_message_ids[1:]:
        return answer
    key, asked = next(
        (
            (k, f)
            for k, f in facts.items()
            if f.source_message_ids == [previous.id] and f.memory_type in _NARRATIVE and f.confidence >= _SURE
        ),
        ("", None),
    )
    if asked is None:
        return answer
    del facts[key]
    return answer.model_copy(
        update={
            "content": f"{asked.content} {answer.content}"[:2000],
            "confidence": min(asked.confidence, answer.confidence),
            "provenance": Provenance.user_stated
            if Provenance.user_stated in (asked.provenance, answer.provenance)
            else answer.provenance,
        }
    )


def _answering(
    facts: list[CandidateFact], previous: Message | None, speaker: str, user_name: str
) -> list[CandidateFact]:
    """An answer is read with its question: the message's narrative says what it answers ("They were
    awestruck" after "How did the kids like the memorial?"), and cites the question's message too."""
    if previous is None:
        return facts
    asker = _speaker(previous, user_name)
    question = _question(previous)
    narrative = next((f for f in facts if f.memory_type in _NARRATIVE and f.confidence >= _ASIDE), None)
    if question is None or narrative is None or asker == speaker:
        return facts
    asked, _ = rewrite(question, asker, speaker)
    answered = narrative.model_copy(
        update={
            "content": f"{narrative.content} (answering {asker}: {asked})"[:2000],
            "confidence": max(
                narrative.confidence, _SURE
            ),  # with its question, an aside says what it is about
            "source_message_ids": [*narrative.source_message_ids, previous.id],
        }
    )
    return [answered if f is narrative else f for f in facts]
