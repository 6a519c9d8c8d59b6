"""Recall keeps the vectors of recent queries: the same question asked again is not embedded again,
and the results are the same; the cache is bounded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from engram.ports import Embedder
from engram.runtime.container import Container, local
from engram.settings import Settings
from engram.usecases.recall import RecallQuery
from tests.conftest import FakeClock
from tests.integration.deployments import TENANT, USER_ID, World


@dataclass
class CountingEmbedder:
    """The container's embedder, counting the texts it is asked to embed."""

    inner: Embedder
    texts: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dimensions(self) -> int:
        return self.inner.dimensions

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        self.texts.extend(texts)
        return self.inner.embed(texts)


def counted(tmp_path, *contents: str) -> tuple[Container, CountingEmbedder]:
    """A local container (hashing embedder) holding `contents`, and an embedder counting recall's texts."""
    clock = FakeClock()
    c = local(Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}), clock=clock)
    world = World(c, clock)
    for content in contents:
        world.remember(content)
    return c, CountingEmbedder(c.embedder)


def test_a_repeated_query_is_embedded_once_and_ranks_the_same(tmp_path) -> None:
    c, counting = counted(
        tmp_path, "Dana prefers oat milk in her coffee.", "The billing service runs on Postgres."
    )
    recall = replace(c.recall, embedder=counting, query_cache=2)

    def ask(text: str) -> list[tuple[str, float]]:
        return [
            (r.memory.id, r.score) for r in recall(RecallQuery(tenant=TENANT, user_id=USER_ID, query=text))
        ]

    first = ask("what milk goes in her coffee?")
    again = ask("what milk goes in her coffee?")
    assert first and again == first
    assert counting.texts == ["what milk goes in her coffee?"]

    # Bounded: two other questions push the first one out, so it is embedded again
    ask("which database does billing use?")
    ask("anything about coffee?")
    ask("what milk goes in her coffee?")
    assert counting.texts.count("what milk goes in her coffee?") == 2


def test_the_vector_leg_embeds_the_topic_not_the_name_of_whom_the_query_asks_about(tmp_path) -> None:
    """names_by_words: an embedding weighs a person's name like a topic, so the query is embedded without
    it ("how is Fatima funded?" → "how is funded?"); where or what it names stays, and a query that is
    only a name is embedded whole."""
    c, counting = counted(tmp_path, "Fatima is from Casablanca.", "My PhD is funded by a regional grant.")
    recall = replace(c.recall, embedder=counting)
    named = replace(recall, ranking=c.settings.ranking.model_copy(update={"names_by_words": False}))
    for query in ("how is Fatima funded these days?", "Fatima's trip to Osaka", "who is Fatima?"):
        recall(RecallQuery(tenant=TENANT, user_id=USER_ID, query=query))
    named(RecallQuery(tenant=TENANT, user_id=USER_ID, query="how is Fatima funded now?"))
    assert counting.texts == [
        "how is funded these days?",
        "trip to Osaka",
        "who is Fatima?",
        "how is Fatima funded now?",
    ]
