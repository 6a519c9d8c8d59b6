"""Memory type: which kind of statement a text is (correction, decision, task, preference, constraint,
skill, episodic, else fact), from weighted language signals."""

from __future__ import annotations

import re

from engram.domain.models import MemoryType
from engram.providers.enrichers.rules.patterns import rx

# (type, weight, pattern). The type with the highest summed weight wins; ties go to the earlier type
# in _TYPE_PRIORITY. Patterns run on the original text, case-insensitively.
_TYPE_SIGNALS: list[tuple[MemoryType, int, re.Pattern[str]]] = [
    (MemoryType.correction, 3, rx(r"\bactually\b")),
    (MemoryType.correction, 3, rx(r"\bno longer\b")),
    (MemoryType.correction, 3, rx(r"\bnot\b[^.!?]{0,40}\bany ?more\b|n't\b[^.!?]{0,40}\bany ?more\b")),
    (MemoryType.correction, 3, rx(r"\bcorrection\s*:|\bupdate\s*:|\bto clarify\b")),
    (MemoryType.correction, 3, rx(r"\bi was wrong\b|\bthat was wrong\b|\bi misspoke\b")),
    (MemoryType.correction, 3, rx(r"\b(?:changed|switched|migrated)\b[^.!?]{0,40}?\bto\b")),
    (MemoryType.correction, 2, rx(r"\b(?:is|are) now\b|\bnow (?:uses?|prefers?|lives?|works?)\b")),
    (MemoryType.correction, 2, rx(r"\binstead of\b|\bfrom now on\b|\bused to\b")),
    (MemoryType.decision, 3, rx(r"\b(?:we|i|they|team)(?:'ve| have)? decided\b|\bdecided (?:to|on|that)\b")),
    (
        MemoryType.decision,
        3,
        rx(r"\bgoing with\b|\bsettled on\b|\bopted (?:for|to)\b|\bagreed (?:to|on|that)\b"),
    ),
    (MemoryType.decision, 3, rx(r"\bwe(?:'ll| will| are going to|'re going to) (?:use|go with|adopt)\b")),
    (MemoryType.decision, 3, rx(r"\b(?:chose|chosen)\b")),
    (MemoryType.decision, 3, rx(r"\b(?:we|i|they|team) went with\b|\bstandardi[sz]ed on\b")),
    (MemoryType.decision, 3, rx(r"\b(?:picked|selected|preferred|went with)\b[^.!?]{1,40}\bover\b")),
    (MemoryType.decision, 2, rx(r"\bdecision\b|\bthe plan is to\b")),
    (MemoryType.task, 3, rx(r"\bto-?do\b|\bremind me\b|\bremember to\b|\bdon'?t forget\b")),
    (MemoryType.task, 2, rx(r"\bneeds? to\b|\bhave to\b|\bhas to\b|\bmake sure to\b|\bfollow up\b")),
    (MemoryType.task, 2, rx(r"\bdeadline\b|\breminder\b|\bdue (?:on|by|date|tomorrow|today|next|this)\b")),
    (
        MemoryType.task,
        2,
        rx(r"\bby (?:(?:this|next) )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"),
    ),
    (MemoryType.task, 2, rx(r"\bby (?:tomorrow|tonight|today|eod|end of|next week|the end)\b")),
    # an imperative rule: "Never deploy on Fridays", "Always use UTC", "Don't page the CTO"
    (
        MemoryType.constraint,
        3,
        rx(
            r"(?:^|[.!?;:]\s+)(?:please\s+)?(?:never|always|only|do not|don'?t)\s+"
            r"(?!worry|forget|mind|know|care|think|be\b|get me)[a-z]+(?<!ing)\b(?!\s*[!?])"
        ),
    ),
    # "must" as a rule, not a guess ("that must have been fun", "you must be so proud")
    (
        MemoryType.constraint,
        2,
        rx(
            r"(?<!that )(?<!it )(?<!this )(?<!you )(?<!she )(?<!he )(?<!they )(?<!there )(?<!which )"
            r"\bmust(?:n'?t| not)?\b(?!\s*(?:have|'ve|feel|be (?:so|such|really|very|a|an|the|great|nice|"
            r"fun|amazing|awesome|hard|tough)\b))"
        ),
    ),
    # "never" as a rule, not an experience ("I've never been", "never seen anything like it")
    (
        MemoryType.constraint,
        2,
        rx(
            r"(?<!'ve )(?<!have )(?<!has )(?<!had )\bnever\b(?!\s+(?:been|seen|had|heard|"
            r"thought|tried|done|gone|known|knew|expected|imagined|realized|realised|"
            r"felt|met|forget|give up|stop)\b)"
        ),
    ),
    # "can't" as a limit, not a feeling ("can't wait", "can't believe")
    (
        MemoryType.constraint,
        2,
        rx(
            r"\b(?:can'?t|cannot)\b(?!\s+(?:wait|believe|stop|thank|imagine|help|get enough|beat|compete|"
            r"go wrong|complain|remember|tell|say|describe|express|explain|decide|argue|deny|blame|ask)\b)|"
            r"\b(?:can|should|must) only\b"
        ),
    ),
    (
        MemoryType.constraint,
        2,
        rx(r"\brequired\b|\bmandatory\b|\bnot allowed\b|\bforbidden\b|\bprohibited\b"),
    ),
    # a diet is a constraint on every meal someone plans
    (
        MemoryType.constraint,
        3,
        rx(
            r"\ballergic\b|\ballerg(?:y|ies)\b|\bintoleran(?:t|ce)\b|\b(?:coeliac|celiac|vegan|vegetarian|halal|kosher)\b|"
            r"\b(?:gluten|dairy|nut|lactose|sugar|alcohol)-free\b"
        ),
    ),
    # a limit or a permission needed first: "may not work more than 10 hours", "capped at an hour a day",
    # "needs sign-off from the DPO", "keep the holiday under £2,000"
    (
        MemoryType.constraint,
        2,
        rx(
            r"\bmay (?:not|only)\b|\b(?:capped|limited) (?:at|to)\b|\b(?:no|not) (?:more|less|fewer) than\b|"
            r"\bno exceptions?\b|"
            r"\b(?:need|needs|require|requires) (?:[\w'’]+ ){0,2}(?:sign-?off|approval|permission)\b|"
            r"\b(?:keep|stay)(?: [\w'’]+){0,4} (?:under|below|within)\b"
        ),
    ),
    (MemoryType.constraint, 1, rx(r"\bdo not\b|\bdon'?t\b|\bshould(?:n'?t| not)?\b|\bat (?:most|least)\b")),
    (MemoryType.constraint, 1, rx(r"\balways\b|\bonly\b")),
    (MemoryType.preference, 3, rx(r"\bprefer(?:s|red|ence|ences)?\b|\bfavou?rite\b")),
    (MemoryType.preference, 3, rx(r"\b(?:likes|loves|hates|enjoys|dislikes|adores|detests)\b")),
    (
        MemoryType.preference,
        3,
        rx(
            r"\b(?:i|we|you|they)(?: really| do| don'?t| do not| kind of| absolutely| still){0,2} "
            r"(?:like|love|hate|enjoy|dislike|adore)\b"
        ),
    ),
    (MemoryType.preference, 3, rx(r"\b(?:would|'d) rather\b|\bcan'?t stand\b")),
    (MemoryType.preference, 2, rx(r"\b(?:a|not a|big|huge) fan of\b")),
    (MemoryType.preference, 1, rx(r"\brather\b")),
    (MemoryType.skill, 3, rx(r"\bknows? how to\b|\b(?:proficient|fluent|skilled|expert) (?:in|at|with)\b")),
    (MemoryType.skill, 3, rx(r"\bexperienced (?:in|with)\b|\byears of experience\b")),
    (MemoryType.skill, 2, rx(r"\bcan (?:code|program|speak|cook|play|drive|sing|swim)\b|\bgood at\b")),
    (MemoryType.skill, 2, rx(r"\bcertified\b")),
    (
        MemoryType.episodic,
        2,
        rx(
            r"\b(?:went to|visited|attended|traveled|travelled|flew to|celebrated|happened)\b|"
            r"\bmet (?!the (?:deadline|requirement|target|goal|criteria))"
        ),
    ),
    (
        MemoryType.episodic,
        2,
        rx(r"\byesterday\b|\blast (?:night|week|weekend|month|year)\b|\b\d+ (?:days?|weeks?|months?) ago\b"),
    ),
]

_TYPE_PRIORITY = [
    MemoryType.correction,
    MemoryType.decision,
    MemoryType.task,
    MemoryType.preference,
    MemoryType.constraint,
    MemoryType.skill,
    MemoryType.episodic,
]


def classify(text: str) -> MemoryType:
    """The kind with the most evidence; one weak signal alone ("only", "always", "should", "rather")
    is not enough to call a statement anything but a fact."""
    scores: dict[MemoryType, int] = {}
    for kind, weight, pattern in _TYPE_SIGNALS:
        if pattern.search(text):
            scores[kind] = scores.get(kind, 0) + weight
    scores = {kind: score for kind, score in scores.items() if score >= 2}
    if not scores:
        return MemoryType.fact
    return max(_TYPE_PRIORITY, key=lambda kind: (scores.get(kind, 0), -_TYPE_PRIORITY.index(kind)))
