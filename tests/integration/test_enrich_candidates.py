"""The decision stage's candidates on the embedded default: the k-NN leg, and the lexical leg that adds
memories the k-NN ranks below `related_threshold`. When an exact k-NN alone decides the candidates (as
many related hits as are wanted, and nothing else near them), the lexical leg is not searched: it could
change nothing, and on a corpus of common words it was half the worker's CPU."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

import pytest

from engram.domain.models import HistoryEvent, Memory, Status
from engram.ports import EnrichJob, LexicalHit, LexicalIndex, SearchScope, VectorIndex
from engram.runtime.container import Container, local
from engram.runtime.worker import drain
from engram.settings import DedupSettings, Settings
from engram.usecases.remember import RememberCommand
from tests.integration.deployments import TENANT as WORLD
from tests.integration.deployments import World

TENANT = "acme"
NEW = "The deploy window moved to Friday afternoons"


class CosineEmbedder:
    """Unit vectors whose cosine with NEW's is what the test says: NEW is the first axis, and each
    other text leans off it along an axis of its own (two others: the product of their cosines)."""

    name = "angles"
    dimensions = 384

    def __init__(self, cosines: dict[str, float]) -> None:
        self.cosines = {NEW: 1.0, **cosines}

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        vectors = []
        for text in texts:
            vector = [0.0] * self.dimensions
            cosine = self.cosines[text]
            vector[0], vector[1 + list(self.cosines).index(text)] = cosine, math.sqrt(1 - cosine**2)
            vectors.append(vector)
        return vectors


class RecordingLexical:
    """The local lexical index, recording each query it is asked."""

    def __init__(self, inner: LexicalIndex) -> None:
        self.inner = inner
        self.queries: list[str] = []

    def search(self, scope: SearchScope, query: str, k: int) -> list[LexicalHit]:
        self.queries.append(query)
        return self.inner.search(scope, query, k)


class Approximate:
    """The local vector index, said to be approximate (as over its graph threshold, or OpenSearch)."""

    def __init__(self, inner: VectorIndex) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def exact(self, scope: SearchScope) -> bool:
        return False


def enrich_new_beside(
    tmp_path, cosines: dict[str, float], exact: bool = True
) -> tuple[Container, RecordingLexical, Memory]:
    """Store and enrich the memories of `cosines`, then NEW with a recording lexical leg (2 candidates),
    over a k-NN that is `exact` or not."""
    settings = Settings(data_dir=tmp_path / "data", dedup=DedupSettings(neighbours=2))
    base = local(settings)
    engram = dataclasses.replace(base, embedder_factory=lambda: CosineEmbedder(cosines))
    ids = []
    for text in cosines:
        memory = engram.remember(RememberCommand(tenant=TENANT, user_id="alice", content=text)).memory
        assert memory is not None
        ids.append(memory.id)
    drain(engram)
    assert {m.status for m in engram.store.get_many(TENANT, ids)} == {Status.active}
    lexical = RecordingLexical(engram.lexical_index)
    index = engram.vector_index if exact else Approximate(engram.vector_index)
    enrich = dataclasses.replace(engram.enrich, lexical=lexical, index=index)
    stored = engram.remember(RememberCommand(tenant=TENANT, user_id="alice", content=NEW)).memory
    assert stored is not None
    enrich(EnrichJob(tenant=TENANT, memory_id=stored.id, content_hash=stored.content_hash))
    return engram, lexical, stored


def candidates(engram: Container, memory: Memory) -> dict[str, float]:
    """Content → similarity of the candidates NEW's enrichment decided among (its audited decision)."""
    (record,) = [r for r in engram.store.history(TENANT, memory.id) if r.event == HistoryEvent.enriched]
    found = {c["id"]: c["similarity"] for c in record.detail["decision"]["candidates"]}
    return {m.content: found[m.id] for m in engram.store.get_many(TENANT, list(found))}


def test_the_lexical_leg_is_not_searched_when_the_knn_fills_every_candidate_place(tmp_path) -> None:
    # Given three related memories, when two candidates are wanted
    cosines = {
        "Deploys happen on Thursday mornings": 0.95,
        "The release train leaves on Thursdays": 0.90,
        "Nobody deploys after lunch": 0.80,
    }
    engram, lexical, new = enrich_new_beside(tmp_path, cosines)
    # then the two nearest are the candidates, and no lexical query was made for them
    assert candidates(engram, new) == {
        "Deploys happen on Thursday mornings": 0.95,
        "The release train leaves on Thursdays": 0.9,
    }
    assert lexical.queries == []


@pytest.mark.parametrize("third", [0.90, 0.5])
def test_the_lexical_leg_is_searched_when_the_knn_leaves_the_candidates_open(tmp_path, third: float) -> None:
    # Given one related memory and another that shares NEW's words but is less similar (0.5), or
    # two memories tied at the second place
    cosines = {
        "Deploys happen on Thursday mornings": 0.95,
        "The deploy window used to be Friday mornings": third,
        "Lunch is at noon": 0.2 if third == 0.5 else 0.90,
    }
    engram, lexical, new = enrich_new_beside(tmp_path, cosines)
    # then the lexical leg is asked, and what it finds above the floor is a candidate
    assert len(lexical.queries) == 1
    found = candidates(engram, new)
    assert found["Deploys happen on Thursday mornings"] == 0.95
    assert found["The deploy window used to be Friday mornings"] == pytest.approx(third, abs=1e-4)
    assert len(found) == 2


def test_the_lexical_leg_is_searched_beside_an_approximate_knn(tmp_path) -> None:
    # Given the related memories that fill every candidate place, over a k-NN that may miss a nearer one
    cosines = {
        "Deploys happen on Thursday mornings": 0.95,
        "The release train leaves on Thursdays": 0.90,
        "Nobody deploys after lunch": 0.80,
    }
    engram, lexical, new = enrich_new_beside(tmp_path, cosines, exact=False)
    # then the lexical leg is still asked, and the candidates are the two nearest
    assert len(lexical.queries) == 1
    assert candidates(engram, new) == {
        "Deploys happen on Thursday mornings": 0.95,
        "The release train leaves on Thursdays": 0.9,
    }


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The staging database runs MySQL 8.", "We migrated staging from MySQL to MariaDB 11 last week."),
        ("Our tickets live in Jira.", "We moved every ticket from Jira to Linear."),
    ],
)
def test_a_change_is_compared_wider_and_a_replacement_said_outright_supersedes(
    world: World, old: str, new: str
) -> None:
    # Given an older statement, and a newer one replacing its value outright, worded far from it (cosine
    # about 0.33 on the hashing embedder: below the lexical leg's floor for other memories)
    before = world.remember(old)
    world.remember("The design team prefers Figma comments.")

    # When the newer one is enriched
    after = world.remember(new)

    # Then it supersedes the older one, with the reason in the history
    gone = world.c.store.get(WORLD, before.id)
    assert gone is not None and gone.status == Status.superseded and gone.superseded_by == after.id
    events = world.c.store.history(WORLD, before.id)
    assert any(e.event == HistoryEvent.superseded for e in events)


def test_on_the_embedded_default_the_decision_reads_bounded_candidates_that_still_hold_the_rare_match(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from engram.adapters.local import lexical
    from engram.adapters.local.index import CandidateSearch

    engram = local(Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}))
    assert isinstance(engram.enrich.lexical, CandidateSearch)
    # Given a scope of 300 notes in common words, and one that names Priya
    for i in range(300):
        engram.remember(
            RememberCommand(tenant=TENANT, user_id="alice", content=f"Deploy note {i}: the window is open")
        )
    named = engram.remember(
        RememberCommand(tenant=TENANT, user_id="alice", content="Priya owns the deploy window")
    )
    assert named.memory is not None
    # (and another user's, so that her scope is not the whole index, which bm25() would rank alone)
    engram.remember(RememberCommand(tenant=TENANT, user_id="bob", content="Bob's deploy note"))
    drain(engram)
    read: list[str] = []
    frequencies = lexical._Query.frequencies
    monkeypatch.setattr(lexical._Query, "frequencies", lambda q, t: read.append(t) or frequencies(q, t))
    scope = SearchScope(tenant=TENANT, user_id="alice")
    query = "Priya moved the deploy window note"
    # When the decision stage's lexical leg looks for candidates of a change that names her
    found = engram.enrich.lexical.search(scope, query, 3)
    # Then the memory holding the rare word leads, found without scoring every common match exactly
    assert found[0].memory_id == named.memory.id and read == []
    # as recall's exact search, which reads each term's every match, ranks it too
    assert engram.lexical_index.search(scope, query, 3)[0].memory_id == named.memory.id and read
