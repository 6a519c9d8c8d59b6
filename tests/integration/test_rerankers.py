"""The reranker stage of recall and its providers: an HTTP rerank API (Cohere's and TEI's shapes, on a
loopback fake), Bedrock Rerank (botocore's Stubber), and the embedding reranker on the embedded default.
Recall keeps its own order, marked in `explain`, when the reranker fails or runs out of time."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence

import pytest
from botocore.stub import Stubber

from engram.providers.embedders.hashing import HashingEmbedder
from engram.providers.rerankers import RerankError, build_reranker
from engram.providers.rerankers.bedrock import BedrockReranker
from engram.providers.rerankers.embedding import EmbeddingReranker
from engram.providers.rerankers.http import HttpReranker
from engram.runtime.container import Container, local
from engram.settings import RerankerSettings, Settings
from engram.usecases.enrich import EnrichOutcome
from engram.usecases.recall import RecallQuery
from engram.usecases.remember import RememberCommand
from tests.conftest import FakeClock
from tests.fakes.rerank_server import FakeRerankServer

DOCS = ["the office wifi password is on the fridge", "lunch is at noon", "wifi drops in the office often"]


@pytest.fixture
def server() -> Iterator[FakeRerankServer]:
    with FakeRerankServer() as fake:
        yield fake


# --------------------------------------------------------------------------- providers


def test_the_http_reranker_reads_cohere_shaped_answers_in_the_documents_order(
    server: FakeRerankServer,
) -> None:
    reranker = HttpReranker(url=server.base_url + "/rerank", model="rerank-v3.5", api_key="sk-test")

    scores = reranker.rerank("office wifi password", DOCS)

    assert scores == [3.0, 0.0, 2.0]  # the fake answers best first; the scores come back by index
    sent = server.requests[-1]
    assert sent.body == {
        "query": "office wifi password",
        "documents": DOCS,
        "top_n": 3,
        "model": "rerank-v3.5",
    }
    assert sent.headers["Authorization"] == "Bearer sk-test"
    assert "sk-test" not in repr(reranker)


def test_the_http_reranker_speaks_tei(server: FakeRerankServer) -> None:
    reranker = HttpReranker(url=server.root_url + "/rerank", api_format="tei")

    assert reranker.rerank("lunch noon", DOCS) == [0.0, 2.0, 0.0]
    assert server.requests[-1].body == {"query": "lunch noon", "texts": DOCS}


@pytest.mark.parametrize(
    "reply",
    [
        (500, {"message": "boom"}),
        (200, {"results": [{"index": 0, "relevance_score": 1.0}]}),  # two documents unscored
        (200, {"results": [{"index": 7, "relevance_score": 1.0}] * 3}),
        (200, {"results": [{"index": i, "relevance_score": "high"} for i in range(3)]}),
        (200, b"not json"),
    ],
)
def test_the_http_reranker_raises_on_a_bad_answer(
    server: FakeRerankServer, reply: tuple[int, object]
) -> None:
    server.replies.append(reply)

    with pytest.raises(RerankError):
        HttpReranker(url=server.base_url + "/rerank").rerank("wifi", DOCS)


def test_the_bedrock_reranker_sends_inline_documents_to_the_model_arn() -> None:
    reranker = BedrockReranker(model="cohere.rerank-v3-5:0", region_name="eu-central-1")
    arn = "arn:aws:bedrock:eu-central-1::foundation-model/cohere.rerank-v3-5:0"
    expected = {
        "queries": [{"type": "TEXT", "textQuery": {"text": "wifi"}}],
        "sources": [
            {"type": "INLINE", "inlineDocumentSource": {"type": "TEXT", "textDocument": {"text": d}}}
            for d in DOCS[:2]
        ],
        "rerankingConfiguration": {
            "type": "BEDROCK_RERANKING_MODEL",
            "bedrockRerankingConfiguration": {"numberOfResults": 2, "modelConfiguration": {"modelArn": arn}},
        },
    }
    with Stubber(reranker.client) as stub:
        stub.add_response(
            "rerank",
            {"results": [{"index": 1, "relevanceScore": 0.2}, {"index": 0, "relevanceScore": 0.9}]},
            expected,
        )
        stub.add_client_error("rerank", "ThrottlingException", http_status_code=429)

        assert reranker.rerank("wifi", DOCS[:2]) == [0.9, 0.2]
        with pytest.raises(RerankError):
            reranker.rerank("wifi", DOCS[:2])
    assert reranker.name == "bedrock:cohere.rerank-v3-5:0"


def test_the_embedding_reranker_scores_a_long_memory_by_its_best_passage() -> None:
    filler = " ".join(f"We talked about the weather on day {i} and it was grey again." for i in range(60))
    long = filler + " The boiler service code is 4417, call Kessler heating to book it."
    short = "The weather was grey."
    embedder = HashingEmbedder(dimensions=256)
    reranker = EmbeddingReranker(embedder)

    long_score, short_score = reranker.rerank("boiler service code Kessler", [long, short])

    whole = sum(a * b for a, b in zip(*embedder.embed(["boiler service code Kessler", long]), strict=True))
    assert long_score > whole  # the matching passage, not the whole text's one vector
    assert long_score > short_score


def test_build_reranker_follows_the_settings(server: FakeRerankServer) -> None:
    assert build_reranker(RerankerSettings(), lambda: HashingEmbedder()) is None
    assert isinstance(
        build_reranker(RerankerSettings(provider="embedding"), lambda: HashingEmbedder()), EmbeddingReranker
    )
    with pytest.raises(ValueError, match="BASE_URL"):
        build_reranker(RerankerSettings(provider="http"), lambda: HashingEmbedder())


def test_the_reranker_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGRAM_RERANKER__PROVIDER", "http")
    monkeypatch.setenv("ENGRAM_RERANKER__TIMEOUT_S", "0.5")
    monkeypatch.setenv("ENGRAM_RERANKER__TOP_N", "30")

    settings = Settings().reranker

    assert (settings.provider, settings.timeout_s, settings.top_n, settings.weight) == ("http", 0.5, 30, 0.5)


# --------------------------------------------------------------------------- recall's stage


class Scripted:
    """A reranker that answers what the test says: scores by content, an error, or nothing until released."""

    name = "scripted"

    def __init__(self, scores: dict[str, float] | None = None, fail: bool = False) -> None:
        self.scores = scores or {}
        self.fail = fail
        self.release = threading.Event()
        self.block = False
        self.calls: list[tuple[str, list[str]]] = []

    def rerank(self, query: str, documents: Sequence[str]) -> list[float]:
        self.calls.append((query, list(documents)))
        if self.block:
            self.release.wait(30)
        if self.fail:
            raise RuntimeError("model exploded")
        return [self.scores.get(d, 0.0) for d in documents]


MEMORIES = [
    "The staging database runs on host db-stage-1.",
    "Staging database backups run nightly at 02:00.",
    "The staging database password rotates every 90 days.",
]


def engram(tmp_path, **reranker: object) -> Container:
    settings = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}, reranker=reranker)
    c = local(settings, clock=FakeClock())
    for content in MEMORIES:
        memory = c.remember(RememberCommand(tenant="acme", user_id="alice", content=content)).memory
        assert memory is not None
        assert c.enrich(memory_job(memory)) == EnrichOutcome.enriched
    return c


def memory_job(memory):  # type: ignore[no-untyped-def]
    from engram.ports import EnrichJob

    return EnrichJob(tenant=memory.tenant, memory_id=memory.id, content_hash=memory.content_hash)


def ask(c: Container) -> list[tuple[str, str | None, float | None]]:
    results = c.recall(RecallQuery(tenant="acme", user_id="alice", query="staging database"))
    return [(r.memory.content, r.components.rerank_status, r.components.rerank) for r in results]


def test_the_reranker_reorders_recall_and_explain_shows_its_scores(tmp_path) -> None:
    c = engram(tmp_path, weight=1.0)
    own = [content for content, status, _ in ask(c)]
    assert all(status is None for _, status, _ in ask(c))  # no reranker: nothing to show
    c.recall.reranker = Scripted({own[-1]: 0.9, own[0]: 0.1})

    reranked = ask(c)

    assert reranked[0] == (own[-1], "reranked", 0.9)
    assert [status for _, status, _ in reranked] == ["reranked"] * 3


def test_a_reranker_error_keeps_recalls_own_order(tmp_path) -> None:
    c = engram(tmp_path)
    own = [content for content, _, _ in ask(c)]
    c.recall.reranker = Scripted({own[-1]: 9.0}, fail=True)

    results = ask(c)

    assert [content for content, _, _ in results] == own
    assert {(status, score) for _, status, score in results} == {("error", None)}


def test_a_reranker_past_its_timeout_keeps_recalls_own_order(tmp_path) -> None:
    c = engram(tmp_path, timeout_s=0.05)
    own = [content for content, _, _ in ask(c)]
    slow = Scripted({own[-1]: 9.0})
    slow.block = True  # answers only once the test releases it, long after the timeout
    c.recall.reranker = slow
    try:
        results = ask(c)
    finally:
        slow.release.set()

    assert [content for content, _, _ in results] == own
    assert {status for _, status, _ in results} == {"timeout"}


def test_the_container_wires_the_http_reranker_into_recall(tmp_path, server: FakeRerankServer) -> None:
    c = engram(tmp_path, provider="http", base_url=server.base_url + "/rerank", weight=1.0, top_n=2)

    results = c.recall(RecallQuery(tenant="acme", user_id="alice", query="staging database password"))

    assert isinstance(c.recall.reranker, HttpReranker)
    assert len(server.requests[-1].body["documents"]) == 2  # the top n only
    assert [r.components.rerank_status for r in results] == ["reranked", "reranked", None]
