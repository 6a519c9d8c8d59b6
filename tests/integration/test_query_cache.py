"""Recall keeps the vectors of recent queries: the same question asked again is not embedded again,
and the results are the same; the cache is bounded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from engram.ports import Embedder
from engram.runtime.container import local
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


def test_a_repeated_query_is_embedded_once_and_ranks_the_same(tmp_path) -> None:
    clock = FakeClock()
    c = local(Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}), clock=clock)
    world = World(c, clock)
    for content in ("Dana prefers oat milk in her coffee.", "The billing service runs on Postgres."):
        world.remember(content)
    counting = CountingEmbedder(c.embedder)
    recall = replace(c.recall, embedder=counting, query_cache=2)

    def ask(text: str) -> list[tuple[str, float]]:
        return [
            (r.memory.id, r.score) for r in recall(RecallQuery(tenant=TENANT, user_id=USER_ID, query=text))
        ]

    first = ask("what milk does Dana take?")
    again = ask("what milk does Dana take?")
    assert first and again == first
    assert counting.texts == ["what milk does Dana take?"]

    # Bounded: two other questions push the first one out, so it is embedded again
    ask("which database does billing use?")
    ask("anything about coffee?")
    ask("what milk does Dana take?")
    assert counting.texts.count("what milk does Dana take?") == 2
