"""Recall ranking, in one place so every backend ranks identically.

score = (fused + graph) × importance × recency × provenance × expiry × hits × superseded × hop
        × specificity × overlap × hub × lift; `fused` min-max normalises each leg within the
candidates. Each multiplier is 1.0 when neutral, and `explain` returns every factor.
"""

from __future__ import annotations

import heapq
import math
import re
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from operator import itemgetter
from typing import Any, ClassVar, TypeVar

from engram.domain.claims import names
from engram.domain.graph import extract_triples
from engram.domain.models import Memory, MemoryType, Provenance, Status, Temporal, TemporalKind
from engram.domain.specificity import (
    RESOLVING,
    asks_now,
    asks_to_act,
    holds,
    is_time_word,
    kept_for_short_texts,
    names_in,
    names_within,
    vague_or_anchored,
    wants,
)
from engram.domain.text import STOPWORDS, terms, words


class Candidate:
    """A stored memory as recall ranks it: the fields its scope checks and its score read (Memory's
    own, of Memory's types), and the whole Memory, built on first ask. A store can read these for
    about half of what validating the whole memory costs, and recall builds whole memories only for
    the k it returns, not for the ~100 it ranks."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "id",
        "user_id",
        "project",
        "namespace",
        "content",
        "memory_type",
        "provenance",
        "confidence",
        "importance",
        "categories",
        "entities",
        "temporal",
        "metadata",
        "agent_id",
        "run_id",
        "observed_at",
        "status",
        "hits",
        "pinned",
    )
    id: str
    user_id: str
    project: str
    namespace: str
    content: str
    memory_type: MemoryType
    provenance: Provenance
    confidence: float
    importance: int
    categories: list[str]
    entities: list[str]
    temporal: Temporal
    metadata: dict[str, Any]
    agent_id: str | None
    run_id: str | None
    observed_at: datetime
    status: Status
    hits: int
    pinned: list[str]

    def __init__(self, fields: Mapping[str, Any], memory: Callable[[], Memory]) -> None:
        """`fields`: a value for each of FIELDS, as the memory `memory()` builds has it."""
        self.__dict__.update(fields)
        self._build = memory
        self._memory: Memory | None = None

    @classmethod
    def of(cls, memory: Memory) -> Candidate:
        """The candidate of a memory already built."""
        return cls({name: getattr(memory, name) for name in cls.FIELDS}, lambda: memory)

    def memory(self) -> Memory:
        """The whole memory (built once)."""
        if self._memory is None:
            self._memory = self._build()
        return self._memory


Ranked = TypeVar("Ranked", Memory, Candidate)


@dataclass(frozen=True)
class Weights:
    lexical: float = 0.7
    vector: float = 0.3
    importance: float = 0.05
    recency: float = 0.1
    recency_half_life_days: float = 180.0
    provenance: float = 1.0
    provenance_factors: Mapping[Provenance, float] | None = None
    stale_multiplier: float = 0.5
    hits: float = 0.05
    superseded_multiplier: float = 0.1
    graph: float = 0.5
    hop_damping: float = 0.6
    lexical_scale: str = "minmax"  # or "max": BM25 over the best candidate's (0 stays 0)
    resolution: float = 1.15  # constraints and decisions
    resolution_on_action: float = 1.5  # … when the query asks about acting ("can I deploy on Friday?")
    anchored: float = 1.05  # concrete anchors: numbers, dates, names, ids
    vague: float = 0.85  # short unanchored content, or chatter about a topic
    no_overlap: float = 0.85  # a semantic-only hit sharing no term with the query
    hub: float = 0.9  # every entity the memory names is a hub of the scope
    hub_mentions: int = 40  # … an entity mentioned by this many memories or more
    answer_shape: float = 1.0  # it holds the kind of specific the question asks for (a time, a name …)
    current: float = 1.0  # in force until a later date, for a question about the present


DEFAULT_PROVENANCE = {
    Provenance.user_stated: 1.0,
    Provenance.episode_summary: 0.85,
    Provenance.imported: 0.85,
    Provenance.assistant_derived: 0.7,
}


@dataclass(frozen=True)
class Components:
    bm25: float | None
    vector: float | None
    fused: float
    importance: float
    recency: float
    provenance: float
    expiry: float
    hits: float
    superseded: float = 1.0
    graph: float = 0.0  # added to `fused`: the knowledge-graph boost (one hop from a query entity)
    hop: float = 1.0  # < 1: the memory only states the relation the query goes through
    specificity: float = 1.0  # resolution boost, anchors, or vagueness damping
    overlap: float = 1.0  # < 1: found by meaning alone, with no word of the query
    hub: float = 1.0  # < 1: every entity it names is a hub of the scope (mentioned everywhere)
    # The reranker's stage, outside the product: its score for this memory (None: not re-scored), and
    # what happened ("reranked", or "timeout" / "error": recall's own order kept); None: no reranker.
    rerank: float | None = None
    rerank_status: str | None = None
    # ≥ 1: lifted to rank with what it hangs on: the linking fact one hop before it, or the top result
    # (a rule governing what the query is about to do); `via` names that memory.
    lift: float = 1.0
    via: str | None = None
    precedes: tuple[str, ...] = ()  # older memories it states a change of (domain.precedence) …
    lifted: float = 0.0  # … and the score that ranks it just above them
    # Prospective hints (settings.hints): the hint that matched the query and its BM25; `bm25` is the
    # stronger of it and the content's, never their sum.
    hint: str | None = None
    hint_bm25: float | None = None

    @property
    def score(self) -> float:
        product = self._product
        return self.lifted if self.lifted > product else product  # a NaN stays NaN

    @property
    def _product(self) -> float:
        return (
            self.lift
            * (self.fused + self.graph)
            * self.importance
            * self.recency
            * self.provenance
            * self.expiry
            * self.hits
            * self.superseded
            * self.hop
            * self.specificity
            * self.overlap
            * self.hub
        )


def _minmax(scores: Mapping[str, float]) -> dict[str, float]:
    if not scores:
        return {}
    lo, hi = min(scores.values()), max(scores.values())
    if hi - lo < 1e-12:
        return {k: 1.0 for k in scores}
    return {k: (v - lo) / (hi - lo) for k, v in scores.items()}


def _max_scaled(scores: Mapping[str, float]) -> dict[str, float]:
    """Scores over the best one: a weaker BM25 match keeps its share instead of dropping to 0, which
    min-max does to the lowest of a small candidate set."""
    hi = max(scores.values(), default=0.0)
    if hi <= 0:
        return {k: 1.0 for k in scores}
    return {k: max(0.0, v) / hi for k, v in scores.items()}


def fuse(
    lexical: Mapping[str, float],
    vector: Mapping[str, float],
    w: Weights,
    coverage: Mapping[str, float] | None = None,
    answered: Mapping[str, float] | None = None,
) -> dict[str, float]:
    """Weighted sum of min-max-normalised leg scores over the union of candidates. `coverage`: the
    share of a memory its one vector describes (< 1 for a long memory, whose vector is of its opening
    only): the vector leg weighs that much less for it, and the lexical leg the rest."""
    total = w.lexical + w.vector
    if total <= 0:
        return {}
    lex = _max_scaled(lexical) if w.lexical_scale == "max" else _minmax(lexical)
    if answered:
        lex = {i: v * answered.get(i, 1.0) for i, v in lex.items()}
    vec = _minmax(vector)
    ids = set(lex) | set(vec)
    if not coverage:
        return {i: (w.lexical * lex.get(i, 0.0) + w.vector * vec.get(i, 0.0)) / total for i in ids}
    fused = {}
    for i in ids:
        wv = w.vector * coverage.get(i, 1.0)
        fused[i] = (w.lexical * lex.get(i, 0.0) + wv * vec.get(i, 0.0)) / (w.lexical + wv)
    return fused


def is_expired(memory: Memory | Candidate, now: datetime) -> bool:
    until = memory.temporal.valid_until
    return memory.status == Status.stale or (until is not None and until <= now)


def components(
    memory: Memory | Candidate,
    fused: float,
    bm25: float | None,
    cosine: float | None,
    now: datetime,
    w: Weights,
    graph: float = 0.0,
    hop: float = 1.0,
    query: QueryTraits | None = None,
    hub: bool = False,
) -> Components:
    age_days = max(0.0, (now - memory.observed_at).total_seconds() / 86400)
    half_life = max(w.recency_half_life_days, 1e-9)
    factors = w.provenance_factors or DEFAULT_PROVENANCE
    return Components(
        bm25=bm25,
        vector=cosine,
        fused=fused,
        importance=1.0 + w.importance * (memory.importance - 3) / 2,
        recency=1.0 + w.recency * 2.0 ** (-age_days / half_life),
        provenance=(1.0 - w.provenance)
        + w.provenance * factors.get(memory.provenance, 1.0) * memory.confidence,
        expiry=w.stale_multiplier if is_expired(memory, now) else 1.0,
        hits=1.0 + w.hits * math.log2(max(1, memory.hits)),
        superseded=w.superseded_multiplier if memory.status == Status.superseded else 1.0,
        graph=graph,
        hop=hop,
        specificity=specificity(memory, query, w) if query else 1.0,
        overlap=overlap(memory, bm25, query, w) if query else 1.0,
        hub=w.hub if hub else 1.0,
    )


def with_query(plain: Components, memory: Memory | Candidate, query: QueryTraits, w: Weights) -> Components:
    """`plain` (the memory's components worked out without the query) with the two factors that read
    its text against the query: what `components` gives with `query`, to the bit."""
    return replace(
        plain, specificity=specificity(memory, query, w), overlap=overlap(memory, plain.bm25, query, w)
    )


def contenders(
    plain: Sequence[tuple[Ranked, Components]], k: int, query: QueryTraits, w: Weights
) -> list[tuple[Ranked, Components]]:
    """The candidates that can reach the top k, scored in full; the top k equals that of scoring all.

    Text factors are the costliest part of a score, so candidates go highest ceiling first
    (`text_factor_ranges`) until the k-th best full score exceeds the next ceiling. Ceilings sit a hair
    above the bound so rounding never passes them, and ties are scored and ordered by id.
    """
    ranges = text_factor_ranges(query, w)
    ceilings = []
    for memory, c in plain:
        score = c.score
        lowest, highest = ranges[memory.memory_type in RESOLVING, c.bm25 is not None]
        # (a floor an earlier stage lifted it to holds whatever the text factors are)
        ceiling = max(score * highest, c.lifted) if score >= 0 else score * lowest
        ceiling = ceiling + abs(ceiling) * 1e-9 + 1e-300 if ceiling == ceiling else math.inf  # NaN: no bound
        ceilings.append((ceiling, memory, c))
    ceilings.sort(key=itemgetter(0), reverse=True)
    scored: list[tuple[Ranked, Components]] = []
    best: list[float] = []  # a min-heap of the k best full scores so far
    for ceiling, memory, c in ceilings:
        if k > 0 and len(best) == k and ceiling < best[0]:
            break
        full = with_query(c, memory, query, w)
        scored.append((memory, full))
        if math.isnan(full.score):
            continue  # no order: it bounds nothing
        if len(best) < k:
            heapq.heappush(best, full.score)
        elif k > 0:
            heapq.heappushpop(best, full.score)
    return scored


def text_factor_ranges(query: QueryTraits, w: Weights) -> dict[tuple[bool, bool], tuple[float, float]]:
    """The lowest and highest value specificity × overlap can take for a memory, by whether its type
    resolves (then its specificity is known without its text) and whether BM25 found it (then it
    overlaps the query): all a score's ceiling needs to know before its text is read."""
    ranges = {}
    for resolving in (True, False):
        specificities: tuple[float, ...] = (
            (resolution(query, w),) if resolving else (w.vague, w.anchored, 1.0)
        )
        if not resolving and query.wants:
            specificities += tuple(s * w.answer_shape for s in specificities)
        if query.now is not None:
            specificities += tuple(s * w.current for s in specificities)
        for found in (True, False):
            products = [s * o for s in specificities for o in ((1.0,) if found else (w.no_overlap, 1.0))]
            ranges[resolving, found] = (min(products), max(products))
    return ranges


@dataclass(frozen=True)
class QueryTraits:
    """What the post-fusion factors need to know about the query, worked out once per recall."""

    terms: frozenset[str]
    asks_to_act: bool
    wants: str | None = None  # the kind of specific it asks for (engram.domain.specificity.Wants)
    words: frozenset[str] = frozenset()  # its words, lowercased, stopwords kept
    now: datetime | None = None  # set when the query asks about the present ("… at the moment?")

    @classmethod
    def of(cls, query: str, now: datetime | None = None) -> QueryTraits:
        words = frozenset(w.strip("'’").removesuffix("'s") for w in re.findall(r"[\w'’-]+", query.lower()))
        present = now if now is not None and asks_now(query) else None
        return cls(frozenset(terms(query)), asks_to_act(query), wants(query), words, present)

    def shares_terms(self, text: str) -> bool:
        return not self.terms.isdisjoint(term_set(text))


@kept_for_short_texts
def term_set(text: str) -> frozenset[str]:
    """The text's terms (kept for short texts: recall asks them of its candidates)."""
    return frozenset(terms(text))


def overlap(memory: Memory | Candidate, bm25: float | None, query: QueryTraits, w: Weights) -> float:
    """A semantic-only hit (no BM25 score) sharing no term with the query is damped."""
    return w.no_overlap if bm25 is None and not query.shares_terms(memory.content) else 1.0


def resolution(query: QueryTraits, w: Weights) -> float:
    """The specificity of a rule or a decision: more when the query is about acting."""
    return w.resolution_on_action if query.asks_to_act else w.resolution


def specificity(memory: Memory | Candidate, query: QueryTraits, w: Weights) -> float:
    """Rules and decisions resolve (more so when the query is about acting); anchored content beats
    vague content; a question about the present favours what is in force until a later date."""
    if query.now is not None and w.current != 1:
        until = memory.temporal.valid_until
        if until is not None and until > query.now:
            return w.current * _specificity(memory, query, w)
    return _specificity(memory, query, w)


def _specificity(memory: Memory | Candidate, query: QueryTraits, w: Weights) -> float:
    if memory.memory_type in RESOLVING:
        return resolution(query, w)
    vague, anchored = vague_or_anchored(memory.content)
    shaped = (
        w.answer_shape
        if query.wants and w.answer_shape != 1 and holds(memory.content, query.wants, query.words)
        else 1.0
    )
    if vague:
        return w.vague * shaped
    return (w.anchored if anchored else 1.0) * shaped


def bm25_scores(docs: Mapping[str, str], query: str, k1: float = 1.2, b: float = 0.75) -> dict[str, float]:
    """Okapi BM25 over a small in-memory set (memories the lexical index has not seen yet)."""
    tokenised = {doc_id: terms(text) for doc_id, text in docs.items()}
    q = set(terms(query))
    if not q or not tokenised:
        return {}
    n = len(tokenised)
    avg = sum(len(t) for t in tokenised.values()) / n or 1.0
    df = {t: sum(1 for toks in tokenised.values() if t in toks) for t in q}
    scores = {}
    for doc_id, toks in tokenised.items():
        score = 0.0
        for t in q:
            tf = toks.count(t)
            if tf:
                idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
                score += idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len(toks) / avg))
        if score > 0:
            scores[doc_id] = score
    return scores


def unit(v: Sequence[float]) -> list[float]:
    """`v` at length 1 (a zero vector as it is): the dot product of two is their cosine."""
    norm = math.sqrt(sum(x * x for x in v)) or 1.0
    return [x / norm for x in v]


def cosines(of: Sequence[float], vectors: Mapping[str, Sequence[float]]) -> dict[str, float]:
    """The cosine of each of `vectors` with `of`."""
    u = unit(of)
    return {i: sum(a * b for a, b in zip(u, unit(v), strict=False)) for i, v in vectors.items()}


def query_coverage(docs: Mapping[str, str], query_terms: Iterable[str]) -> dict[str, float]:
    """Each doc's share of the query it covers, each query term weighted by its IDF over `docs` (a term
    no doc holds weighs most): how much of what was asked a lexical match accounts for."""
    wanted = {t for t in query_terms if len(t) > 1}  # not the "s" of a possessive
    if not wanted or not docs:
        return {}
    n = len(docs)
    ends = {i: _endings(text) for i, text in docs.items()}  # once a doc: a long text's is not kept
    held = {i: {t for t in wanted if _holds(ends[i], t)} for i in docs}
    idf = {
        t: math.log(1 + (n - (df := sum(t in h for h in held.values())) + 0.5) / (df + 0.5)) for t in wanted
    }
    total = sum(idf.values()) or 1.0
    return {i: sum(idf[t] for t in h) / total for i, h in held.items()}


@kept_for_short_texts
def _endings(text: str) -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
    """A text's terms, and what `_stem_match` compares of them: 5-letter openings, the 4-letter terms,
    4-letter openings (so a term is matched by lookups, not by a pass over the text's terms)."""
    toks = term_set(text)
    five = frozenset(w[:5] for w in toks if len(w) >= 5)
    return (
        toks,
        five,
        frozenset(w for w in toks if len(w) == 4),
        frozenset(w[:4] for w in toks if len(w) >= 4),
    )


def _holds(endings: tuple[frozenset[str], ...], term: str) -> bool:
    """`_covers(term_set(text), term)` by lookups."""
    toks, five, fours, four = endings
    if term in toks:
        return True
    if len(term) >= 5:
        return term[:5] in five or term[:4] in fours
    return len(term) == 4 and term in four


def hub_terms(query_terms: Iterable[str], docs: Iterable[str], share: float, minimum: int) -> set[str]:
    """Query terms found in at least `share` (and `minimum`) of the candidate memories: a name the
    whole scope is about ("alice" in alice's memories) says nothing about which memory answers."""
    tokenised = [term_set(d) for d in docs]
    if len(tokenised) < minimum:
        return set()
    wanted = set(query_terms)
    hubs = {
        t for t in wanted if (n := sum(t in d for d in tokenised)) >= minimum and n >= share * len(tokenised)
    }
    return hubs if wanted - hubs else set()  # a query made only of hub terms keeps them


def without_words(text: str, drop: Iterable[str]) -> str:
    """`text` without the given words (case-insensitive, whole words), unless nothing would be left."""
    dropped = {d.lower() for d in drop if d}
    kept = [w for w in re.findall(r"\S+", text) if re.sub(r"\W+", "", w).lower() not in dropped]
    rest = " ".join(kept)
    return rest if terms(rest) and set(terms(rest)) - dropped else text


# A name after one of these is where or what the query is about ("a trip to Osaka", "the Atlas leak"), not
# whom: it stays in the topic.
_PLACING = frozenset(
    {"a", "an", "the", "this", "that", "my", "our", "your", "his", "her", "their"}  # determiners
    | {"to", "in", "at", "from", "for", "on", "of", "into", "onto", "near", "about", "via", "by"}
)


def topic_of(query: str) -> str:
    """The query without the names of whom it is about ("how is Fatima funded?" → "how is funded?"), while
    a content word is left; else the query: what the vector leg embeds. An embedding weighs a person's
    name like a topic, so any memory naming them comes close; the lexical leg still matches the name."""
    found = names(query)
    if not found:
        return query
    kept: list[str] = []
    before = ""
    for token in query.split():
        word = re.sub(r"['’]s$", "", re.sub(r"^\W+|\W+$", "", token)).lower()
        if not (word in found and before not in _PLACING):
            kept.append(token)
        before = re.sub(r"\W+", "", token).lower()
    rest = " ".join(kept)
    return rest if {w for w in words(rest) if w not in STOPWORDS} - found else query


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")


def passages(text: str, size: int = 600) -> list[str]:
    """`text` as windows of whole sentences of about `size` characters, each overlapping the next by
    one sentence, so a fact told across a sentence boundary is in one window; a text of at most
    `size` characters is its own only window. A long memory is ranked by the window that matches."""
    if len(text) <= size:
        return [text]
    pieces = [s[i : i + size] for s in _SENTENCE_END.split(text) if s.strip() for i in range(0, len(s), size)]
    windows: list[str] = []
    current: list[str] = []
    fresh = False  # whether `current` holds more than the sentence carried over from the last window
    for piece in pieces:
        if fresh and sum(len(p) + 1 for p in current) + len(piece) > size:
            windows.append(" ".join(current))
            current, fresh = current[-1:], False
            if len(current[0]) + 1 + len(piece) > size:
                current = []
        current.append(piece)
        fresh = True
    if fresh:
        windows.append(" ".join(current))
    return windows


def _stem_match(a: str, b: str) -> bool:
    """The same word give or take an ending: "speaks" and "speak", "drives" and "drive"."""
    n = min(len(a), len(b), 5)
    return a == b or (n >= 4 and a[:n] == b[:n])


def _covers(text_terms: Iterable[str], term: str) -> bool:
    return any(_stem_match(t, term) for t in text_terms)


def shares_a_term(query_terms: Iterable[str], text_terms: frozenset[str]) -> bool:
    """A term in common, give or take an ending ("drive" and "drivers")."""
    return any(t in text_terms or _covers(text_terms, t) for t in query_terms)


def _lifted(c: Components, target: float, via: str) -> Components:
    """`c` scoring `target` through its lift (its product, not a floor an earlier stage set)."""
    if not 0 < c.score < target:
        return c
    product = c._product
    return (
        replace(c, lift=c.lift * target / product, via=via)
        if product > 0
        else replace(c, lifted=target, via=via)
    )


_BY_MEANING = 10  # governing_rule_first: how deep a rule sharing no word of the query is looked for


def governing_rule_first(
    ranked: list[tuple[Ranked, Components]], query: QueryTraits, is_rule: Callable[[Ranked], bool]
) -> list[tuple[Ranked, Components]]:
    """A query about acting ("can I deploy on Friday?"): the best-ranked rule or decision that shares
    a term with it, give or take an ending (the rule that governs what it is about to do), ranks first,
    whatever topical notes outscore it. `ranked` is best first; so is the result."""
    if not query.asks_to_act or len(ranked) < 2:
        return ranked
    top = ranked[0][1].score

    def governs(memory: Ranked, c: Components) -> bool:  # a rule replaced governs nothing
        return c.superseded == 1 and is_rule(memory)

    found = next(
        (
            i
            for i, (m, c) in enumerate(ranked)
            if governs(m, c) and shares_a_term(query.terms, term_set(m.content))
        ),
        None,
    )
    if found is None:
        # none in the query's words: the rule closest to it in meaning, among the first few, if it is
        # closer than the typical candidate there ("movie night for the grandkids" — "no screens at ours")
        near = [i for i, (m, c) in enumerate(ranked[:_BY_MEANING]) if c.vector is not None and governs(m, c)]
        cosines = [c.vector for _, c in ranked[:_BY_MEANING] if c.vector is not None]
        if near and len(cosines) >= 3:
            best = max(near, key=lambda i: ranked[i][1].vector or 0.0)
            if (ranked[best][1].vector or 0.0) > statistics.median(cosines):
                found = best
    if not found:  # none, or the first already
        return ranked
    memory, c = ranked[found]
    first: list[tuple[Ranked, Components]] = [(memory, _lifted(c, top * 1.01, ranked[0][0].id))]
    return first + ranked[:found] + ranked[found + 1 :]


_OWNER = re.compile(r"^\W*(\S+?)['’]s\s")


def _owner(text: str) -> frozenset[str]:
    """The name a text opens on as an owner ("Jana's Polo needs …"): what it is about belongs to
    them, so they are where it starts, not where it leads."""
    found = _OWNER.match(text)
    return names_in(found.group(1)) if found else frozenset()


@kept_for_short_texts
def identified(text: str) -> frozenset[str]:
    """The words of whom a text names by their relation to someone ("Mira is my usual climbing
    partner", "Dana's manager is Priya": the graph's relation frames): a sentence's subject, which
    `names_within` leaves out as a capital of grammar, is a link's far end when a frame says so."""
    return frozenset(w for t in extract_triples(text) for w in names_in(t.object))


def _opening_names(text: str, n: int = 4) -> frozenset[str]:
    """The names among a text's first `n` words: what a statement is about ("Gareth's office is …"),
    not where it happens to pass ("… a logistics company based in Düsseldorf")."""
    return names_in(" ".join(text.split()[:n]))


LINK_WINDOW = 30  # answers_ride_with_links reads the top this many: recall scores them all in full


def answers_ride_with_links(
    ranked: list[tuple[Ranked, Components]],
    query: QueryTraits,
    links: int = 3,
    hub_share: float = 1 / 3,
    window: int = LINK_WINDOW,
    long_chars: int = 0,
    hops: int = 2,
) -> list[tuple[Ranked, Components]]:
    """Multi-hop: a top result that matches the query and names someone or something the query does
    not (the linking fact: "Tom's accountant is Gareth Pryce") leads to the memories about that name
    ("Gareth's office is on Camden Road": the name in its opening words, its subject). When the query
    asks more than the link says (a term the link lacks), those memories rank with the link: just
    above it if they hold such a term or the kind of specific asked for, or the link is only the way
    (hop < 1); just below it otherwise. A memory so lifted that ranks among the top `links` is a link
    in turn, up to `hops` links in a chain ("my partner" → Mariana → her school → its strike). Within
    the top `window`. A memory longer than `long_chars` (0: none is) names too many things to be a
    link or be lifted through one."""
    if len(ranked) < 2:
        return ranked
    ranked, rest = ranked[:window], ranked[window:]
    mentioned = {m.id: names_in(m.content) for m, _ in ranked}
    counts: dict[str, int] = {}
    for found in mentioned.values():
        for n in found:
            counts[n] = counts.get(n, 0) + 1
    hubs = {n for n, k in counts.items() if k >= max(5, hub_share * len(ranked))}
    asked = {n for n in query.words if n in counts and not is_time_word(n)}  # whom the query names
    out, used = list(ranked), set()
    for hop in range(hops):
        heads = [
            (link, lc)
            for link, lc in out[:links]
            if link.id not in used and ((lc.via is None and lc.bm25 is not None) if hop == 0 else lc.via)
        ]
        if not heads:
            break
        for link, _ in heads:
            used.add(link.id)
            now = {m.id: (m, c) for m, c in out}
            link, lc = now[link.id]  # as an earlier head may have lifted it
            back, via = set(), lc.via
            while via is not None and via not in back:  # the links that led to it: not lifted back
                back.add(via)
                via = now[via][1].via if via in now else None
            if not 0 < long_chars < len(link.content):
                out = _ride(out, link, lc, query, mentioned, hubs | back, asked, long_chars)
        out.sort(key=lambda mc: (-mc[1].score, mc[0].id))
    return out + rest


def _ride(
    out: list[tuple[Ranked, Components]],
    link: Ranked,
    lc: Components,
    query: QueryTraits,
    mentioned: Mapping[str, frozenset[str]],
    skip: set[str],
    asked: set[str],
    long_chars: int,
) -> list[tuple[Ranked, Components]]:
    """`out` with the memories about whom `link` names lifted to rank with it (answers_ride_with_links).
    `skip`: the hub names, which bridge nothing, and the ids of the links that led to `link`, which it
    does not lift back."""
    surely = names_within(link.content) | {w for e in link.entities for w in names_in(e.title())}
    surely = (surely | identified(link.content)) - _owner(link.content)
    bridge = {n for n in surely - skip if n not in query.words and not is_time_word(n)}
    link_terms = term_set(link.content)
    residual = {t for t in query.terms if not _covers(link_terms, t) and t not in bridge}
    if not bridge or not residual:
        return out
    base = lc.score / lc.hop if lc.hop > 0 else lc.score
    # the link lacks the kind of specific the query asks for ("what time …?"): whoever holds it answers
    shape = query.wants if query.wants and not holds(link.content, query.wants, query.words) else None
    out = list(out)
    for j, (memory, c) in enumerate(out):
        names = mentioned[memory.id]
        if memory.id == link.id or memory.id in skip or c.via is not None or not (names & bridge):
            continue
        if 0 < long_chars < len(memory.content):
            continue
        if not (_opening_names(memory.content) & bridge):
            continue  # a fact about the linked one names it as its subject, in its opening words
        if names & asked:
            continue  # it names the query's own subject: found by the query, not through the link
        asks = any(_covers(term_set(memory.content), t) for t in residual)
        above = asks or lc.hop < 1 or (shape is not None and holds(memory.content, shape, query.words))
        own = min(1.0, c.score / base) if base > 0 else 0.0  # orders the lifted among themselves
        out[j] = (memory, _lifted(c, base * ((1.0 if above else 0.95) + 0.04 * own), link.id))
    return out


def ended_yields_to_current(
    ranked: list[tuple[Ranked, Components]], window: int = 10
) -> list[tuple[Ranked, Components]]:
    """What ended (expired: its valid_until passed, or stale) ranks below what is current on the same
    topic: a newer temporal memory still in force that shares at least two terms and a quarter of the
    shorter's terms with it. Among the top `window`; the current one is lifted to just above the ended one."""
    out = list(ranked)
    for i in range(min(window, len(out))):
        ended, ec = out[i]
        if ec.expiry >= 1:
            continue
        ended_terms = term_set(ended.content)
        for j in range(i + 1, min(window, len(out))):
            current, cc = out[j]
            if cc.expiry < 1 or cc.superseded < 1 or current.observed_at <= ended.observed_at:
                continue
            if current.temporal.kind != TemporalKind.temporal and current.temporal.valid_until is None:
                continue  # what took its place is itself a state in time (a stay, a permit, a price)
            shared = ended_terms & term_set(current.content)
            if len(shared) >= 2 and len(shared) >= 0.25 * min(
                len(ended_terms), len(term_set(current.content))
            ):
                out[j] = (current, _lifted(cc, ec.score * 1.01, ended.id))
                break
    return sorted(out, key=lambda mc: (-mc[1].score, mc[0].id))


@kept_for_short_texts
def term_list(text: str) -> tuple[str, ...]:
    """The text's terms in order (kept for short texts: passages are scored again and again)."""
    return tuple(terms(text))


def as_long_memory(c: Components, memory: Memory | Candidate, w: Weights) -> Components:
    """A long memory's components without the confidence and importance an enricher judged over its
    whole text (values the caller set are kept): each describes one statement, and a long, many-topic
    memory holds many, so a hedge or an urgent word in another part says nothing of the passage that
    matched the query."""
    factors = w.provenance_factors or DEFAULT_PROVENANCE
    if "confidence" not in memory.pinned:
        c = replace(c, provenance=(1.0 - w.provenance) + w.provenance * factors.get(memory.provenance, 1.0))
    return c if "importance" in memory.pinned else replace(c, importance=1.0)


def best_passage_bm25(
    docs: Mapping[str, str], query: str, size: int, k1: float = 1.2, b: float = 0.75
) -> dict[str, float]:
    """Okapi BM25 of each document's best-matching passage (`passages`), with the statistics of all
    the passages: a long memory scores by the part that matches the query, as a short one would, not
    by its whole length, which BM25's length normalisation holds against it."""
    q = set(terms(query))
    split = {doc_id: [term_list(p) for p in passages(text, size)] for doc_id, text in docs.items()}
    every = [p for ps in split.values() for p in ps]
    if not q or not every:
        return {}
    avg = sum(len(p) for p in every) / len(every) or 1.0
    df = {t: sum(1 for p in every if t in p) for t in q}
    idf = {t: math.log(1 + (len(every) - df[t] + 0.5) / (df[t] + 0.5)) for t in q if df[t]}
    scores: dict[str, float] = {}
    for doc_id, ps in split.items():
        best = 0.0
        for p in ps:
            score = 0.0
            for t, weight in idf.items():
                tf = p.count(t)
                if tf:
                    score += weight * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len(p) / avg))
            best = max(best, score)
        if best > 0:
            scores[doc_id] = best
    return scores
