"""Hand-written scenarios of an agent's memory over two years, eight kinds of question (issue 11).

Each scenario is one user's scope: a few background memories of that user's life (`personas.py`),
then the scenario's own memories (the facts and the same-topic distractors), each observed some days
before "now", then one or more questions, each with the key(s) of the memory that answers it.

A memory is written in the kind modules as a tuple

    (key, days_ago, content)                 or
    (key, days_ago, content, {"valid_until_days": -30, "memory_type": "constraint"})

`valid_until_days` is relative to now (negative: expired already). A question is `(query, [keys])`:
for multi-hop the key of the fact that holds the answer (not the linking one), for correction and
negation the newest fact. Everything is relative to the moment of the run, so recency is the same
whatever the date.

    from scenarios import load, problems
    scenarios = load()             # every kind; load(["correction"]) for some
"""

from __future__ import annotations

import importlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

KINDS = (
    "exact",
    "paraphrase",
    "temporal",
    "constraint",
    "noise",
    "multihop",
    "negation",
    "correction",
)
MIN_PER_KIND = 12
MAX_DAYS_AGO = 2 * 365


@dataclass(frozen=True)
class ScenarioMemory:
    key: str
    days_ago: float
    content: str
    valid_until_days: float | None = None
    memory_type: str | None = None
    background: bool = False


@dataclass(frozen=True)
class Question:
    query: str
    answers: tuple[str, ...]


@dataclass(frozen=True)
class Scenario:
    id: str
    kind: str
    persona: str
    memories: tuple[ScenarioMemory, ...]
    questions: tuple[Question, ...]
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def memory(self, key: str) -> ScenarioMemory:
        return next(m for m in self.memories if m.key == key)


def _memory(raw: tuple, background: bool = False) -> ScenarioMemory:
    key, days_ago, content, *rest = raw
    opts = rest[0] if rest else {}
    unknown = set(opts) - {"valid_until_days", "memory_type"}
    if unknown:
        raise ValueError(f"memory {key!r}: unknown options {sorted(unknown)}")
    return ScenarioMemory(
        key,
        days_ago,
        content,
        opts.get("valid_until_days"),
        opts.get("memory_type"),
        background,
    )


# Blind sets are measured, never tuned on; dev sets (bench/dev/setN) were written the same way, blind to
# the rules, and are the ones whose misses are read and diagnosed.
SETS = {
    "own": __name__,
    "blind1": "blind.set1",
    "blind2": "blind.set2",
    "blind3": "blind.set3",
    "blind4": "blind.set4",
    "blind5": "blind.set5",
    "dev1": "dev.set1",
    "dev2": "dev.set2",
    "dev3": "dev.set3",
    "dev4": "dev.set4",
    "dev5": "dev.set5",
    "dev6": "dev.set6",
}


def load(kinds: list[str] | tuple[str, ...] | None = None, scenario_set: str = "own") -> list[Scenario]:
    """The scenarios of one set: ours (`own`, this package) or a blind one (bench/blind/setN, written by
    someone who had not read the rules, same layout: a module per kind and `personas`)."""
    package = SETS[scenario_set]
    personas = importlib.import_module(f"{package}.personas")
    out: list[Scenario] = []
    for kind in kinds or KINDS:
        if kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r}; one of {', '.join(KINDS)}")
        try:
            module = importlib.import_module(f"{package}.{kind}")
        except ModuleNotFoundError:
            if scenario_set == "own":
                raise
            continue  # a blind set may leave a kind out while it is being written
        for raw in module.SCENARIOS:
            background = tuple(_memory(m, background=True) for m in personas.BACKGROUND[raw["persona"]])
            out.append(
                Scenario(
                    id=raw["id"],
                    kind=kind,
                    persona=raw["persona"],
                    memories=background + tuple(_memory(m) for m in raw["memories"]),
                    questions=tuple(Question(q, tuple(a)) for q, a in raw["questions"]),
                    note=raw.get("note", ""),
                )
            )
    return out


def problems(scenarios: list[Scenario]) -> list[str]:
    """Everything wrong with the set: unknown answer keys, duplicate ids or keys or contents, dates
    out of range, kinds with too few scenarios. Empty when well-formed."""
    issues: list[str] = []
    ids = Counter(s.id for s in scenarios)
    issues += [f"scenario id {i!r} used {n} times" for i, n in ids.items() if n > 1]
    for s in scenarios:
        if not s.id.startswith(s.kind):
            issues.append(f"{s.id}: id should start with its kind {s.kind!r}")
        keys = Counter(m.key for m in s.memories)
        issues += [f"{s.id}: key {k!r} used {n} times" for k, n in keys.items() if n > 1]
        contents = Counter(" ".join(m.content.lower().split()).rstrip(".,!?;:") for m in s.memories)
        issues += [f"{s.id}: content repeated: {c!r}" for c, n in contents.items() if n > 1]
        for m in s.memories:
            if not 0 <= m.days_ago <= MAX_DAYS_AGO:
                issues.append(f"{s.id}/{m.key}: days_ago {m.days_ago} outside 0..{MAX_DAYS_AGO}")
            if len(m.content.strip()) < 12:
                issues.append(f"{s.id}/{m.key}: shorter than the write gate allows")
        if not s.questions:
            issues.append(f"{s.id}: no question")
        own = {m.key for m in s.memories if not m.background}
        for q in s.questions:
            if not q.answers:
                issues.append(f"{s.id}: {q.query!r} has no answer")
            for a in q.answers:
                if a not in own:
                    issues.append(f"{s.id}: {q.query!r} answer {a!r} is not one of the scenario's memories")
        if len(own) < 3:
            issues.append(f"{s.id}: fewer than 3 memories of its own (the answer needs distractors)")
    per_kind = Counter(s.kind for s in scenarios)
    for kind in {s.kind for s in scenarios}:
        if per_kind[kind] < MIN_PER_KIND:
            issues.append(f"kind {kind!r}: {per_kind[kind]} scenarios, fewer than {MIN_PER_KIND}")
    return issues
