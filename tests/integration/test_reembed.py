"""Switching the embedding model on the embedded default: every vector records its model, the vector leg
searches the configured model's only (never comparing a query with another model's vector), a re-embed
runs newest first under a budget, and its progress shows in `engram stats`, GET /v1/admin/stats and
`engram index reembed`."""

from __future__ import annotations

import functools
import hashlib
import json
import random
import re
import threading
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from engram import cli
from engram.adapters.local.index import LocalIndex
from engram.adapters.sqlite.db import SqliteDatabase
from engram.api.app import EngramApi
from engram.domain.models import Memory
from engram.ports import EnrichJob, IndexedMemory, SearchScope
from engram.providers.embedders import HashingEmbedder, model_id
from engram.runtime.container import Container, local
from engram.settings import AnnSettings, EmbedderSettings, Settings
from engram.usecases.recall import RecallQuery
from tests.conftest import api_event
from tests.integration.builders import new_memory

DIMS = 64
T0 = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
OLD = EmbedderSettings(provider="hashing", model="a", dimensions=DIMS)
NEW = EmbedderSettings(provider="hashing", model="b", dimensions=DIMS)
WORDS = [
    "coffee",
    "tea",
    "espresso",
    "python",
    "rust",
    "golang",
    "kayak",
    "bicycle",
    "marathon",
    "violin",
    "piano",
    "guitar",
    "berlin",
    "lisbon",
    "tokyo",
    "oslo",
    "dentist",
    "invoice",
    "passport",
    "garden",
    "tomato",
    "basil",
    "sourdough",
    "yoga",
    "chess",
    "poetry",
    "sailing",
    "camera",
    "lens",
    "tripod",
    "budget",
    "mortgage",
    "pension",
    "laptop",
    "monitor",
    "keyboard",
    "allergy",
    "peanut",
    "shellfish",
    "vegan",
    "salmon",
    "hiking",
    "glacier",
    "volcano",
    "museum",
    "opera",
    "jazz",
    "ballet",
    "novel",
    "thriller",
]


class WordVectors:
    """Model "a": a fixed random unit vector a word (seeded by the word), summed and normalised. Fast
    enough to embed 20,000 memories twice in a test; texts sharing words are near."""

    name = "word-vectors"

    def __init__(self, dimensions: int, sign: float = 1.0) -> None:
        self.dimensions = dimensions
        self.sign = sign

    @staticmethod
    @functools.lru_cache(maxsize=1 << 16)
    def word(word: str, dimensions: int) -> np.ndarray:
        seed = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "little")
        return np.random.default_rng(seed).standard_normal(dimensions)

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        out = []
        for text in texts:
            v = sum((self.word(w, self.dimensions) for w in re.findall(r"\w+", text.lower())), np.zeros(DIMS))
            out.append((self.sign * v / np.linalg.norm(v)).tolist())
        return out


class Negated(WordVectors):
    """Model "b": model a's vectors negated. Same dimensions, another space: a query of one scored
    against a vector of the other comes out with the wrong sign."""

    def __init__(self, dimensions: int) -> None:
        super().__init__(dimensions, sign=-1.0)


def container(data_dir: Path, embedder: EmbedderSettings, threshold: int = 20_000) -> Container:
    settings = Settings(data_dir=data_dir, embedder=embedder, ann=AnnSettings(threshold=threshold))
    c = local(settings)
    made = WordVectors(DIMS) if embedder.model == "a" else Negated(DIMS)
    c.embedder_factory = lambda: made
    return c


def fill(c: Container, n: int, users: Sequence[str], seed: int = 7) -> list[Memory]:
    """n memories spread over `users` (oldest first), written with their vectors of the container's model."""
    rng = random.Random(seed)
    memories = [
        new_memory(
            f"note {i}: {' '.join(rng.sample(WORDS, 4))}",
            at=T0 + timedelta(seconds=i),
            tenant="acme",
            user_id=users[i % len(users)],
        )
        for i in range(n)
    ]
    db = c.store.db  # type: ignore[attr-defined]
    for start in range(0, n, 1000):
        chunk = memories[start : start + 1000]
        with db.write():
            for m in chunk:
                c.store.insert_or_dedup(m)
        vectors = c.embedder.embed([m.content for m in chunk])
        c.vector_index.upsert([IndexedMemory(m, v) for m, v in zip(chunk, vectors, strict=True)])
    return memories


def models_of(db: SqliteDatabase, ids: Sequence[str] | None = None) -> dict[str, str]:
    """memory id → the model of its vector (of these memories, or all)."""
    if ids is None:
        rows = db.connection().execute("SELECT id, model FROM vectors")
    else:
        marks = ",".join("?" * len(ids))
        rows = db.connection().execute(f"SELECT id, model FROM vectors WHERE id IN ({marks})", list(ids))
    return {r["id"]: r["model"] for r in rows}


def check_vector_leg(c: Container, user: str, query: str) -> list[str]:
    """The vector leg's hits for `query`, each checked to be scored against the configured model's
    vector of its memory (a comparison with the old model's vector has the opposite sign)."""
    q = c.embedder.embed([query])[0]
    hits = c.vector_index.knn(SearchScope("acme", user), q, 10)
    current = models_of(c.store.db, [h.memory_id for h in hits])  # type: ignore[attr-defined]
    contents = {m.id: m.content for m in c.store.get_many("acme", [h.memory_id for h in hits])}
    for hit in hits:
        assert current[hit.memory_id] == model_id(NEW), "a vector of another model was searched"
        expected = float(np.dot(q, c.embedder.embed([contents[hit.memory_id]])[0]))
        assert hit.score == pytest.approx(expected, abs=1e-4), "scored against another model's vector"
    return [h.memory_id for h in hits]


def test_vectors_record_their_model_and_the_old_model_is_never_searched(tmp_path):
    old = container(tmp_path, OLD)
    memories = fill(old, 200, ["alice"])
    assert set(models_of(old.store.db).values()) == {model_id(OLD)}  # type: ignore[attr-defined]
    text = memories[5].content
    assert old.vector_index.knn(SearchScope("acme", "alice"), old.embedder.embed([text])[0], 1)[
        0
    ].memory_id == (memories[5].id)

    new = container(tmp_path, NEW)  # the configured model changes; nothing re-embedded yet
    q = new.embedder.embed([text])[0]
    assert new.vector_index.knn(SearchScope("acme", "alice"), q, 10) == []
    assert new.vector_index.get_vectors("acme", [memories[5].id]) == {}
    # the lexical leg still finds it: recall answers
    found = new.recall(RecallQuery(tenant="acme", user_id="alice", query=text, top_k=3))
    assert found[0].memory.id == memories[5].id
    assert new.reembed is not None
    assert new.reembed.progress().model_dump() == {
        "model": model_id(NEW),
        "vectors": 200,
        "current": 0,
        "other_models": {model_id(OLD): 200},
        "percent": 0.0,
        "done": False,
    }


def test_a_reembed_goes_newest_first_under_its_budget_and_the_rest_stays_lexical(tmp_path):
    fill(container(tmp_path, OLD), 300, ["alice", "bob"])
    new = container(tmp_path, NEW)
    assert new.reembed is not None
    newest = [
        r["id"]
        for r in new.store.db.connection().execute("SELECT id FROM memories ORDER BY seq DESC LIMIT 70")  # type: ignore[attr-defined]
    ]
    run = new.reembed.run(70)
    assert (run.reembedded, run.failed, run.dropped) == (70, 0, 0)
    assert {i for i, m in models_of(new.store.db).items() if m == model_id(NEW)} == set(newest)  # type: ignore[attr-defined]
    assert new.reembed.progress().percent == pytest.approx(100 * 70 / 300, abs=0.01)
    for user in ("alice", "bob"):
        assert check_vector_leg(new, user, "coffee espresso python")
    # the next run goes on from there to the end
    rest = new.reembed.run(10_000, run.cursor)
    assert rest.reembedded == 230 and rest.cursor is None
    assert new.reembed.progress().done


def test_vectors_of_other_dimensions_are_never_compared(tmp_path):
    fill(container(tmp_path, OLD), 50, ["alice"])
    wider = EmbedderSettings(provider="hashing", dimensions=96)
    c = local(Settings(data_dir=tmp_path, embedder=wider))
    q = c.embedder.embed(["coffee"])[0]
    assert c.vector_index.knn(SearchScope("acme", "alice"), q, 5) == []
    assert c.reembed is not None
    c.reembed.run(1000)
    hits = c.vector_index.knn(SearchScope("acme", "alice"), q, 5)
    assert len(hits) == 5 and set(models_of(c.store.db).values()) == {model_id(wider)}  # type: ignore[attr-defined]


def test_a_vector_whose_memory_is_gone_is_dropped_instead_of_reembedded(tmp_path):
    old = container(tmp_path, OLD)
    memories = fill(old, 20, ["alice"])
    db = old.store.db  # type: ignore[attr-defined]
    with db.write() as conn:  # a vector left behind by a crash between the two writes
        conn.execute("DELETE FROM memories WHERE id = ?", (memories[4].id,))
    new = container(tmp_path, NEW)
    assert new.reembed is not None
    run = new.reembed.run(100)
    assert run.dropped >= 1 and memories[4].id not in models_of(db)
    assert new.reembed.progress().done


def test_vectors_from_before_models_were_recorded_are_adopted_when_their_dimensions_match(tmp_path):
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    legacy = LocalIndex(db)  # writes model '' as every vector did before
    m = new_memory("legacy memory about coffee", at=T0, tenant="acme", user_id="alice")
    n = new_memory("legacy memory about tea", at=T0, tenant="acme", user_id="alice")
    legacy.upsert([IndexedMemory(m, HashingEmbedder(DIMS).embed([m.content])[0])])
    legacy.upsert([IndexedMemory(n, HashingEmbedder(32).embed([n.content])[0])])
    c = local(Settings(data_dir=tmp_path, embedder=OLD))
    assert models_of(db) == {m.id: model_id(OLD), n.id: ""}
    assert c.reembed is not None and c.reembed.progress().other_models == {"": 1}


def test_stats_and_the_cli_report_the_progress_to_100_percent(tmp_path, monkeypatch, capsys):
    fill(container(tmp_path, OLD), 120, ["alice"])
    for name, value in (("PROVIDER", "hashing"), ("MODEL", "b"), ("DIMENSIONS", str(DIMS))):
        monkeypatch.setenv(f"ENGRAM_EMBEDDER__{name}", value)

    assert cli.main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    before = json.loads(capsys.readouterr().out)["embeddings"]
    assert (before["current"], before["vectors"], before["percent"]) == (0, 120, 0.0)

    assert cli.main(["index", "reembed", "--budget", "50", "--data-dir", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["reembedded"] == 50 and report["progress"]["current"] == 50
    assert cli.main(["index", "reembed", "--data-dir", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["reembedded"] == 70 and report["progress"]["percent"] == 100.0

    c = local(Settings(data_dir=tmp_path, embedder=NEW))
    body = json.loads(EngramApi(c).handle(api_event("GET", "/v1/admin/stats"), None)["body"])
    assert body["embeddings"]["done"] is True and body["embeddings"]["current"] == 120
    other = json.loads(EngramApi(c).handle(api_event("GET", "/v1/admin/stats", tenant="other"), None)["body"])
    assert other["embeddings"]["vectors"] == 0  # a tenant sees its own vectors only


def test_the_background_loop_reembeds_after_a_switch(tmp_path):
    fill(container(tmp_path, OLD), 90, ["alice"])
    new = container(tmp_path, NEW)
    assert new.reembed is not None
    stop = threading.Event()
    loop = threading.Thread(
        target=new.reembed.background(budget=40, interval_s=0.01), args=(stop,), daemon=True
    )
    loop.start()
    try:
        for _ in range(2000):  # no timing assumed: wait (bounded) until it has done all
            if new.reembed.progress().done:
                break
            stop.wait(0.01)
    finally:
        stop.set()
        loop.join(timeout=60)
    assert new.reembed.progress().done


def test_a_saved_hnsw_graph_of_the_old_model_is_never_searched_by_the_new(tmp_path):
    old = container(tmp_path, OLD, threshold=50)
    memories = fill(old, 400, ["alice"])
    assert old.vector_index.prepare("acme", "alice") == 400  # type: ignore[attr-defined]
    new = container(tmp_path, NEW, threshold=50)
    assert new.reembed is not None
    new.reembed.run(250)  # over the threshold: the new model's graph serves the scope
    assert new.vector_index.prepare("acme", "alice") == 250  # type: ignore[attr-defined]
    assert new.vector_index.ready("acme", "alice")  # type: ignore[attr-defined]
    for m in memories[::37]:
        check_vector_leg(new, "alice", m.content)
    new.reembed.run(1000)  # the rest reach the graph as they are written
    for m in memories[::37]:
        assert check_vector_leg(new, "alice", m.content)[0] == m.id


def test_a_model_switch_on_20000_memories_answers_throughout_and_never_mixes(tmp_path):
    users = ["alice", "bob", "carol", "dave"]
    old = container(tmp_path, OLD)
    memories = fill(old, 20_000, users)
    new = container(tmp_path, NEW)
    assert new.reembed is not None
    probes = [memories[i] for i in (0, 5_001, 10_002, 19_999)]
    seen: list[float] = []
    failures: list[BaseException] = []
    done = threading.Event()

    def search_meanwhile() -> None:
        """Another thread searching while the re-embed runs: every answer valid, never a mixed score."""
        try:
            while not done.is_set():
                for m in probes:
                    found = new.recall(
                        RecallQuery(tenant="acme", user_id=m.user_id, query=m.content, top_k=5)
                    )
                    assert found and found[0].memory.id == m.id
                    check_vector_leg(new, m.user_id, m.content)
        except BaseException as exc:
            failures.append(exc)

    searcher = threading.Thread(target=search_meanwhile, daemon=True)
    searcher.start()

    def after_batch(_: int) -> None:
        progress = new.reembed.progress()  # type: ignore[union-attr]
        seen.append(progress.percent)
        if len(seen) % 25 == 0:  # and here, between batches, deterministically
            for m in probes:
                found = new.recall(RecallQuery(tenant="acme", user_id=m.user_id, query=m.content, top_k=5))
                assert found[0].memory.id == m.id  # lexical covers what has no current vector
                check_vector_leg(new, m.user_id, m.content)

    try:
        run = new.reembed.run(100_000, on_batch=after_batch)
    finally:
        done.set()
        searcher.join(timeout=120)
    assert not failures, failures[0]
    assert run.reembedded == 20_000 and run.cursor is None
    assert seen == sorted(seen) and seen[-1] == 100.0
    assert new.reembed.progress().done
    for m in probes:  # now the vector leg finds every memory by its own text
        assert check_vector_leg(new, m.user_id, m.content)[0] == m.id


def test_an_imported_embedding_of_another_model_is_not_kept(tmp_path):
    from engram.runtime.userdata import exporter, importer
    from engram.usecases.remember import RememberCommand

    source = container(tmp_path / "a", OLD)
    stored = source.remember(
        RememberCommand(tenant="acme", user_id="alice", content="I moved to Lisbon in May")
    )
    assert stored.memory is not None
    source.enrich.many(
        [EnrichJob(tenant="acme", memory_id=stored.memory.id, content_hash=stored.memory.content_hash)]
    )
    records = exporter(source).page("acme", "alice", None, limit=100, embeddings=True).records
    sent = next(r for r in records if r["kind"] == "memory")
    assert sent["embedding_model"] == model_id(OLD) and "embedding" in sent

    same = container(tmp_path / "same", OLD)  # the same model: the vector is kept as it came
    importer(same)("acme", records)
    assert models_of(same.store.db) == {stored.memory.id: model_id(OLD)}  # type: ignore[attr-defined]
    other = container(tmp_path / "b", NEW)  # another model: never kept, the memory is embedded again
    importer(other)("acme", records)
    assert models_of(other.store.db) == {}  # type: ignore[attr-defined]
    imported = other.store.get("acme", stored.memory.id)
    assert imported is not None and imported.enrichment.state.value == "pending"
