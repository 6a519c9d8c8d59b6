"""Recall latency on the embedded default, with 10,000, 100,000 and 1,000,000 memories in one scope.

    python bench/bench_recall.py [--sizes 10000 100000 1000000] [--queries 300] [--skip-http] [--graph]
    python bench/bench_recall.py --corpus /tmp/corpus/100k [--queries 100] [--skip-http] [--users N]

What each row measures, and how the corpora are built: docs/performance.md, "bench/bench_recall.py".
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import gc
import json
import os
import random
import re
import resource
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
from ulid import ULID

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import Served, latencies_ms, percentile

from engram.adapters.local.index import LocalIndex
from engram.adapters.sqlite.db import SqliteDatabase
from engram.adapters.sqlite.store import row_values  # the store's own row format
from engram.domain.models import (
    Enrichment,
    EnrichmentState,
    Memory,
    MemoryType,
    Provenance,
)
from engram.domain.text import content_hash
from engram.ports import IndexedMemory, SearchScope
from engram.providers.embedders import HashingEmbedder, build_embedder, model_id
from engram.providers.embedders.hashing import _slot
from engram.runtime.container import Container, local
from engram.settings import AnnSettings, EmbedderSettings, Settings
from engram.usecases.recall import RecallQuery

TENANT = "bench"  # the tenant bench.common.Served mints its API key for
USER = "user-1"
DIMS = 384
BATCH = 5_000

PEOPLE = [
    "Alice", "Bob", "Carmen", "Dmitri", "Elena", "Farah", "Gustav", "Hana", "Ivan", "Jun", "Keiko",
    "Liam", "Maya", "Nadia", "Omar", "Priya", "Quentin", "Rosa", "Sven", "Tariq", "Uma", "Victor",
    "Wen", "Ximena", "Yusuf", "Zoe", "the user", "my manager", "her sister", "the team lead",
]  # fmt: skip
THINGS = [
    "dark mode", "oat milk", "mechanical keyboards", "window seats", "green tea", "vinyl records",
    "spicy ramen", "standing desks", "jazz playlists", "paper notebooks", "early meetings", "trail running",
    "sourdough bread", "board games", "podcasts about history", "noise-cancelling headphones",
    "electric scooters", "Thai food", "chess puzzles", "watercolor painting",
]  # fmt: skip
SERVICES = [
    "billing", "search", "checkout", "auth", "notifications", "reporting", "inventory", "payments",
    "analytics", "onboarding", "scheduler", "gateway", "ledger", "catalog", "messaging", "exports",
]  # fmt: skip
TECH = [
    "Postgres", "Kubernetes", "Terraform", "Redis", "Kafka", "DynamoDB", "Lambda", "Rust", "Go",
    "Python", "React", "OpenSearch", "SQLite", "Nginx", "GraphQL", "gRPC", "Airflow", "Snowflake",
]  # fmt: skip
PLACES = [
    "Lisbon", "Frankfurt", "Osaka", "Denver", "Nairobi", "Montreal", "Oslo", "Bogota", "Seoul",
    "Cape Town", "Dublin", "Austin", "Krakow", "Melbourne", "Lima", "Tallinn",
]  # fmt: skip
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "weekends", "the first of the month"]
FOODS = ["peanuts", "shellfish", "gluten", "lactose", "sesame", "eggs", "soy", "kiwi"]
TEMPLATES: list[tuple[MemoryType, str]] = [
    (MemoryType.preference, "{person} prefers {thing} over {thing2}"),
    (MemoryType.preference, "{person} really likes {thing} when working from {place}"),
    (MemoryType.fact, "The {service} service runs on {tech} in {place}"),
    (MemoryType.fact, "{person} moved to {place} and works on the {service} team"),
    (MemoryType.decision, "We decided to migrate {service} from {tech} to {tech2}"),
    (MemoryType.constraint, "Never deploy {service} on {day} without a rollback plan"),
    (MemoryType.constraint, "{person} is allergic to {food}"),
    (MemoryType.task, "{person} needs to review the {service} {tech} upgrade before {day}"),
    (MemoryType.episodic, "{person} visited {place} for the {tech} conference and loved {thing}"),
    (MemoryType.skill, "{person} is fluent in {tech} and mentors others on {service}"),
]
# --graph only: relation-bearing memories over many distinct people, and one-hop questions about them.
FIRST = [
    "Ana", "Ben", "Chloe", "Dario", "Esme", "Felix", "Greta", "Hugo", "Iris", "Jonas", "Kira", "Lorenzo",
    "Mira", "Nico", "Olga", "Pablo", "Rhea", "Stefan", "Tess", "Ugo", "Vera", "Wim", "Yara", "Zane",
    "Amara", "Bruno", "Clara", "Diego", "Ines", "Kofi", "Lena", "Mateo", "Noor", "Otto", "Pia", "Rafael",
    "Sofia", "Theo", "Valentina", "Yosef",
]  # fmt: skip
LAST = [
    "Ortiz", "Kowalski", "Nguyen", "Haddad", "Okafor", "Lindqvist", "Moreau", "Tanaka", "Schmidt", "Rossi",
    "Novak", "Fischer", "Costa", "Ivanova", "Mendes", "Kaur", "Silva", "Jensen", "Abbott", "Brennan",
    "Castillo", "Dubois", "Eriksen", "Ferreira", "Gallagher", "Horvat", "Ibrahim", "Jovanovic", "Keller",
    "Laine", "Marsh", "Nakamura", "OConnor", "Petrov", "Quinn", "Ramos", "Sato", "Thorne", "Varga",
    "Weber", "Xu", "Young", "Zielinski", "Aziz", "Berg", "Cho", "Duarte", "Engel", "Flores", "Grant",
]  # fmt: skip
ORGS = [
    "Initech", "Globex", "Umbrella", "Hooli", "Vandelay", "Stark Industries", "Wayne Enterprises", "Acme",
    "Soylent", "Tyrell", "Cyberdyne", "Wonka", "Oscorp", "Aperture", "Massive Dynamic",
]  # fmt: skip
GRAPH_TEMPLATES: list[tuple[MemoryType, str]] = [
    (MemoryType.fact, "{name}'s manager is {name2}"),
    (MemoryType.fact, "{name} reports to {name2} since the reorg"),
    (MemoryType.fact, "{name} works at {org} on the {service} team"),
    (MemoryType.constraint, "{name} is allergic to {food}"),
    (MemoryType.fact, "{name} lives in {place}"),
    (MemoryType.fact, "{name} is married to {name2}"),
    (MemoryType.preference, "{name} prefers {thing} over {thing2}"),
    (MemoryType.fact, "{name} owns the {service} service"),
]
GRAPH_QUERIES = [
    "what is {name}'s manager allergic to",
    "where does {name}'s manager live",
    "who is {name}'s manager",
    "where does {name} work",
    "what does {name} prefer",
]
QUERIES = [
    "what does {person} prefer",
    "where does the {service} service run",
    "{tech} migration decision for {service}",
    "is {person} allergic to anything",
    "when can we deploy {service}",
    "who knows {tech}",
    "{person} trip to {place}",
    "{thing}",
]


def fill(rng: random.Random, template: str) -> str:
    if "{name" in template or "{org}" in template:  # --graph templates only
        return template.format(
            name=f"{rng.choice(FIRST)} {rng.choice(LAST)}",
            name2=f"{rng.choice(FIRST)} {rng.choice(LAST)}",
            org=rng.choice(ORGS),
            thing=rng.choice(THINGS),
            thing2=rng.choice(THINGS),
            service=rng.choice(SERVICES),
            place=rng.choice(PLACES),
            food=rng.choice(FOODS),
        )
    return template.format(
        person=rng.choice(PEOPLE),
        thing=rng.choice(THINGS),
        thing2=rng.choice(THINGS),
        service=rng.choice(SERVICES),
        tech=rng.choice(TECH),
        tech2=rng.choice(TECH),
        place=rng.choice(PLACES),
        day=rng.choice(DAYS),
        food=rng.choice(FOODS),
    )


def memories(n: int, seed: int = 11, graph: bool = False, users: int = 1) -> Iterator[Memory]:
    """n distinct, enriched-looking memories, observed over the last two years (with `graph`, one in
    four from the relation templates), in one scope (USER's), or dealt in turn to `users` users
    (user-1, USER, to user-N)."""
    rng = random.Random(seed)
    graph_rng = random.Random(seed + 1)  # its own stream: the default fill is unchanged without --graph
    now = datetime.now(UTC)
    seen: set[str] = set()
    while len(seen) < n:
        if graph and graph_rng.random() < 0.25:
            kind, template = graph_rng.choice(GRAPH_TEMPLATES)
        else:
            kind, template = rng.choice(TEMPLATES)
        content = fill(rng, template)
        if rng.random() < 0.5:
            content += f", as of note {len(seen)}"  # keep the corpus distinct at any size
        digest = content_hash(content)
        if digest in seen:
            continue
        user_id = f"user-{len(seen) % users + 1}"
        seen.add(digest)
        observed = now - timedelta(minutes=rng.randrange(2 * 365 * 24 * 60))
        yield Memory(
            id=str(ULID.from_datetime(observed)),
            tenant=TENANT,
            user_id=user_id,
            content=content,
            content_hash=digest,
            memory_type=kind,
            provenance=rng.choice(list(Provenance)),
            confidence=round(rng.uniform(0.5, 1.0), 2),
            importance=rng.randint(1, 5),
            created_at=observed,
            updated_at=observed,
            observed_at=observed,
            hits=rng.choice([1, 1, 1, 2, 3]),
            enrichment=Enrichment(state=EnrichmentState.done, model="rules", updated_at=observed),
        )


_WORD = re.compile(r"\w+")


@functools.lru_cache(maxsize=1 << 16)
def _word_features(word: str) -> tuple[np.ndarray, np.ndarray]:
    """A word's hashing features (its unigram and character trigrams) as bucket indices and signed
    weights: the contributions HashingEmbedder adds for it."""
    marked = f"<{word}>"
    slots = [_slot(f"w:{word}", DIMS)] + [
        _slot(f"c:{marked[i : i + 3]}", DIMS) for i in range(len(marked) - 2)
    ]
    weights = [1.0] + [0.5] * (len(slots) - 1)
    return np.array([i for i, _ in slots]), np.array(
        [sign * w for (_, sign), w in zip(slots, weights, strict=True)]
    )


def hashing_vectors(texts: list[str]) -> np.ndarray:
    """HashingEmbedder(DIMS).embed(texts), in bulk: per text one bincount of its words' features
    (sums of ±1 and ±0.5 are exact in any order, so the vectors are the same to the last bit)."""
    out = np.zeros((len(texts), DIMS))
    for row, text in enumerate(texts):
        words = _WORD.findall(text.casefold())
        if not words:
            out[row] = HashingEmbedder(DIMS).embed([text])[0]
            continue
        parts = [_word_features(w) for w in words]
        vector = np.bincount(
            np.concatenate([i for i, _ in parts]), np.concatenate([w for _, w in parts]), minlength=DIMS
        )
        norm = np.sqrt(np.dot(vector, vector))
        out[row] = vector / norm if norm else HashingEmbedder(DIMS).embed([text])[0]
    return out


def populate(container: Container, n: int, graph: bool = False, users: int = 1) -> float:
    """Write n memories (of `users` users) straight into the store's tables and the vector index (with
    `graph`, also link each into the knowledge graph as the write path does); returns seconds."""
    start = time.perf_counter()
    db = container.store.db  # type: ignore[attr-defined]
    index = container.vector_index
    assert isinstance(index, LocalIndex)
    batch: list[Memory] = []
    checked = False

    def flush() -> None:
        nonlocal checked
        with db.write() as conn:
            conn.executemany(
                "INSERT INTO memories (id, tenant, user_id, project, namespace, content_hash, status,"
                " enrichment_state, updated_at, observed_at, hits, retrieval_count, last_retrieved_at, doc)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                [row_values(m) for m in batch],
            )
            conn.execute(
                "INSERT INTO memories_fts (rowid, content, scope) SELECT seq, json_extract(doc, '$.content'),"
                " engram_fts_scope(tenant, user_id)"
                " FROM memories WHERE seq > coalesce((SELECT max(rowid) FROM memories_fts), 0)"
            )
        vectors = hashing_vectors([m.content for m in batch])
        if not checked:  # the bulk vectors are HashingEmbedder's
            sample = [m.content for m in batch[:200]]
            assert np.array_equal(vectors[: len(sample)], np.array(HashingEmbedder(DIMS).embed(sample)))
            checked = True
        index.upsert([IndexedMemory(m, v) for m, v in zip(batch, vectors, strict=True)])
        if link is not None:
            for memory in batch:
                link(memory)
        batch.clear()

    link = getattr(container, "link_memory", None) if graph else None
    if graph and link is None:
        print("this engram has no knowledge graph: the --graph corpus is measured unlinked", flush=True)
    for memory in memories(n, graph=graph, users=users):
        batch.append(memory)
        if len(batch) == BATCH:
            flush()
    if batch:
        flush()
    return time.perf_counter() - start


def queries(n: int, seed: int = 5, graph: bool = False) -> list[str]:
    """n distinct query texts: recall keeps the vectors of recent queries, and a repeated query would
    measure that cache instead of the search."""
    rng = random.Random(seed)
    graph_rng = random.Random(seed + 1)
    texts: dict[str, None] = {}
    while len(texts) < n:
        if graph and graph_rng.random() < 0.25:
            texts[fill(graph_rng, graph_rng.choice(GRAPH_QUERIES))] = None
        else:
            texts[fill(rng, rng.choice(QUERIES))] = None
    return list(texts)


def graph_size(container: Container) -> str:
    """Entities, relations and mentions in the graph tables, when this engram has them."""
    conn = container.store.db.connection()  # type: ignore[attr-defined]
    try:
        counts = [
            conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("graph_entities", "graph_relations", "graph_mentions")
        ]
    except Exception:  # no graph tables in this version
        return "no knowledge graph"
    return "graph: {:,} entities, {:,} relations, {:,} mentions".format(*counts)


def timed(run: Callable[[str], object], texts: list[str], warmup: int = 20) -> list[float]:
    for text in texts[:warmup]:
        run(text)
    return latencies_ms(run, texts)


def summary(latencies: list[float]) -> dict[str, float]:
    return {
        "p50": round(percentile(latencies, 50), 3),
        "p95": round(percentile(latencies, 95), 3),
        "p99": round(percentile(latencies, 99), 3),
        "mean": round(statistics.fmean(latencies), 3),
    }


def query_embedder() -> tuple[str, EmbedderSettings]:
    """MiniLM when its model loads here, else the hashing embedder (said so in the output)."""
    try:
        build_embedder(EmbedderSettings(provider="minilm")).embed(["warm up"])
        return "minilm", EmbedderSettings(provider="minilm")
    except Exception as exc:  # the `local` extra is missing: say so and go on
        print(f"MiniLM unavailable ({type(exc).__name__}: {exc}); using the hashing embedder", flush=True)
        return "hashing", EmbedderSettings(provider="hashing")


def container_for(data_dir: Path, embedder: EmbedderSettings, ann: AnnSettings | None = None) -> Container:
    """A local container on the data dir whose index has these graph settings and, over the
    threshold, its graph loaded before any query is timed."""
    settings = Settings(data_dir=data_dir, embedder=embedder)  # ENGRAM_ANN__* apply
    if ann is not None:
        settings = settings.model_copy(update={"ann": ann})
    container = local(settings)
    index = container.vector_index
    assert isinstance(index, LocalIndex)
    index.ann = settings.ann  # the composition may not hand the index its settings (engram < ANN)
    # the corpus's vectors are the hashing embedder's (populate); a MiniLM query is timed against them
    index.model = model_id(EmbedderSettings(provider="hashing"))
    if 0 < settings.ann.threshold < index.scopes(TENANT, USER)[0][2]:
        index.prepare(TENANT, USER)
    return container


def in_process(container: Container, texts: list[str], top_k: int) -> list[float]:
    # what was built so far is permanent to the collector, as engram serve does before it answers
    # (runtime/server.run): a full collection scans only what the queries made
    gc.freeze()
    recall = container.recall

    def run(text: str) -> object:
        return recall(RecallQuery(tenant=TENANT, user_id=USER, query=text, top_k=top_k))

    return timed(run, texts)


def lexical_leg(container: Container, texts: list[str], top_k: int) -> list[float]:
    """The lexical leg alone, as recall asks it: its candidates (ranking.candidates) for the query."""
    scope = SearchScope(TENANT, USER)
    n = max(Settings().ranking.candidates, top_k)

    def run(text: str) -> object:
        return container.lexical_index.search(scope, text, n)

    return timed(run, texts)


def built_dir(size: int, keep: Path | None) -> Path:
    """Where a size is filled: KEEP/<size> (emptied first) with --keep, else a temporary dir."""
    if keep is None:
        return Path(tempfile.mkdtemp(prefix=f"engram-bench-recall-{size}-"))
    data_dir = keep / str(size)
    shutil.rmtree(data_dir, ignore_errors=True)
    data_dir.mkdir(parents=True)
    return data_dir


def fill_and_build(
    data_dir: Path, size: int, graph: bool, users: int = 1
) -> tuple[float, dict[str, float | None]]:
    """Fill the data dir and build USER's HNSW graph: the fill's seconds, and build_graph's figures."""
    filler = local(Settings(data_dir=data_dir, embedder=EmbedderSettings(provider="hashing")))
    seconds = populate(filler, size, graph=graph, users=users)
    of = f" of {users:,} users" if users > 1 else ""
    print(f"{size:,} memories{of} written in {seconds:.1f} s; {graph_size(filler)}", flush=True)
    del filler
    built = build_graph(data_dir)
    print(f"HNSW graph built in {built['build_s']} s: {built['ann_mb']} MB", flush=True)
    return seconds, {**built}


def build_graph(data_dir: Path) -> dict[str, float]:
    """The scope's HNSW graph built from the SQLite vectors as `engram index rebuild` does: seconds,
    MB on disk (graph and SQLite file)."""
    index = LocalIndex(
        SqliteDatabase(data_dir / "engram.sqlite3"),
        Settings().ann,
        model=model_id(EmbedderSettings(provider="hashing")),  # populate's vectors
    )
    start = time.perf_counter()
    index.prepare(TENANT, USER, rebuild=True)
    seconds = time.perf_counter() - start
    return {"build_s": round(seconds, 1), **disk_mb(data_dir)}


def disk_mb(data_dir: Path) -> dict[str, float]:
    """MB on disk of the data dir's graph files and SQLite file."""
    ann_mb = (
        sum(f.stat().st_size for f in (data_dir / "ann").glob("*")) / 1e6
        if (data_dir / "ann").exists()
        else 0
    )
    sqlite_mb = sum(f.stat().st_size for f in data_dir.glob("engram.sqlite3*")) / 1e6
    return {"ann_mb": round(ann_mb, 1), "sqlite_mb": round(sqlite_mb, 1)}


def corpus_size(container: Container) -> int:
    """The memories of the bench's scope, as its vector count."""
    index = container.vector_index
    assert isinstance(index, LocalIndex)
    return sum(count for _, _, count in index.scopes(TENANT, USER))


def overlap(approximate: Container, exact: Container, texts: list[str], top_k: int) -> dict[str, float]:
    """Mean share of the exact top_k the approximate path returns: the k-NN leg alone, and recall."""
    embedder = HashingEmbedder(DIMS)
    scope = SearchScope(TENANT, USER)
    knn, recall = [], []
    for text in texts:
        vector = embedder.embed([text])[0]
        want = {h.memory_id for h in exact.vector_index.knn(scope, vector, top_k)}
        got = {h.memory_id for h in approximate.vector_index.knn(scope, vector, top_k)}
        knn.append(len(want & got) / max(len(want), 1))
        q = RecallQuery(tenant=TENANT, user_id=USER, query=text, top_k=top_k)
        want = {r.memory.id for r in exact.recall(q)}
        got = {r.memory.id for r in approximate.recall(q)}
        recall.append(len(want & got) / max(len(want), 1))
    return {"knn": round(statistics.fmean(knn), 4), "recall": round(statistics.fmean(recall), 4)}


def load() -> float:
    """The 1-minute load average: latencies taken while other work runs are loose."""
    return round(os.getloadavg()[0], 1)


def peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)  # KiB on Linux


def tree_peak_rss_mb(pid: int) -> float:
    """The largest peak RSS (VmHWM) of a process and its children, in MB; 0 where /proc is absent."""
    peak, pending = 0.0, [pid]
    while pending:
        current = pending.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            for task in Path(f"/proc/{current}/task").iterdir():
                pending.extend(int(c) for c in (task / "children").read_text().split())
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                peak = max(peak, int(line.split()[1]) / 1024)
    return round(peak, 1)


def over_http(data_dir: Path, embedder: str, texts: list[str], top_k: int) -> tuple[list[float], float]:
    """Latencies over HTTP, and the serving processes' largest peak RSS (MB)."""
    # The janitor's first passes (expire, decay, consolidate) over every memory would run alongside the
    # queries; the enrichment worker stays on and counts each recall's retrieval events as it would.
    env = {"ENGRAM_EMBEDDER__PROVIDER": embedder, "ENGRAM_JANITOR__ENABLED": "false"}
    served = Served(env, data_dir=str(data_dir))
    try:
        client = served.client()

        def run(text: str) -> object:
            status, body = client.call(
                "POST", "/v1/memories/search", {"query": text, "user_id": USER, "top_k": top_k}
            )
            assert status == 200, body
            return body

        # Over the threshold the first query starts loading the graph (answered exactly meanwhile, a
        # full scan of the vectors table): warm up until five queries in a row are fast, up to 15 minutes.
        warm = queries(100, seed=99)  # other texts: the measured ones' vectors are not cached yet
        fast, deadline, i = 0, time.monotonic() + 900, 0
        while (fast < 5 or i < 20) and time.monotonic() < deadline:
            t = time.perf_counter()
            run(warm[i % len(warm)])
            fast = fast + 1 if time.perf_counter() - t < 0.5 else 0
            i += 1
        latencies = timed(run, texts, warmup=0)
        return latencies, tree_peak_rss_mb(served.proc.pid)
    finally:
        served.stop()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--top-k", type=int, default=10)
    parser.add_argument("--skip-http", action="store_true")
    parser.add_argument(
        "--corpus",
        type=Path,
        nargs="+",
        help="measure these existing data dirs (tenant bench, user user-1) instead of building --sizes",
    )
    parser.add_argument("--keep", type=Path, help="build each size into KEEP/<size> and keep it")
    parser.add_argument(
        "--users",
        type=int,
        default=1,
        help="deal each size's memories to this many users in turn: the queries are user-1's (size/users"
        " memories) in an index of all of them",
    )
    parser.add_argument(
        "--graph",
        action="store_true",
        help="fill relation-bearing memories too, link them into the knowledge graph, ask one-hop queries",
    )
    args = parser.parse_args()
    import engram

    print(f"engram from {Path(engram.__file__).parent}", flush=True)

    texts = queries(args.queries, graph=args.graph)
    model, model_settings = query_embedder()
    hashing = EmbedderSettings(provider="hashing")
    rows: list[tuple[int, str, dict[str, float]]] = []
    sizes: list[dict[str, float | None]] = []
    corpora: list[tuple[int | None, Path | None]] = (
        [(None, d) for d in args.corpus] if args.corpus else [(size, args.keep) for size in args.sizes]
    )
    for wanted, given in corpora:
        data_dir = given if wanted is None else built_dir(wanted, given)
        try:
            seconds, built = (
                (None, {"build_s": None, **disk_mb(data_dir)})
                if wanted is None
                else fill_and_build(data_dir, wanted, args.graph, args.users)
            )
            approximate = container_for(data_dir, hashing)
            size = corpus_size(approximate)
            indexed = approximate.store.db.connection().execute("SELECT count(*) FROM memories").fetchone()[0]  # type: ignore[attr-defined]
            print(f"{size:,} memories of {USER} in {data_dir}, {indexed:,} in all", flush=True)
            # The model's container shares the hashing one's index: one copy of the graph in memory.
            with_model = dataclasses.replace(
                approximate,
                settings=approximate.settings.model_copy(update={"embedder": model_settings}),
                embedder_factory=local(Settings(data_dir=data_dir, embedder=model_settings)).embedder_factory,
            )
            rows.append((size, f"in-process ({model})", summary(in_process(with_model, texts, args.top_k))))
            rows.append((size, "in-process (hashing)", summary(in_process(approximate, texts, args.top_k))))
            rows.append((size, "lexical leg alone", summary(lexical_leg(approximate, texts, args.top_k))))
            in_process_rss = peak_rss_mb()  # before the exact path's dense copy of the vectors
            exact = container_for(data_dir, hashing, AnnSettings(threshold=0))
            rows.insert(-1, (size, "in-process (hash, exact)", summary(in_process(exact, texts, args.top_k))))
            for row in rows[-4:]:
                print(json.dumps({"memories": size, "path": row[1], **row[2], "load": load()}), flush=True)
            agree = overlap(approximate, exact, texts, args.top_k)
            del exact, approximate, with_model
            sizes.append(
                {
                    "memories": size,
                    "index_memories": indexed,
                    "write_s": round(seconds, 1) if seconds is not None else None,
                    **built,
                    "peak_rss_mb": in_process_rss,
                    "serve_rss_mb": None,
                    "recall_at_k_overlap_knn": agree["knn"],
                    "recall_at_k_overlap_recall": agree["recall"],
                }
            )
            if not args.skip_http:
                latencies, serve_rss = over_http(data_dir, model, texts, args.top_k)
                rows.append((size, f"HTTP ({model})", summary(latencies)))
                sizes[-1]["serve_rss_mb"] = serve_rss
                print(json.dumps({"memories": size, "path": rows[-1][1], **rows[-1][2], "load": load()}))
            print(json.dumps(sizes[-1]), flush=True)
        finally:
            if given is None:  # a dir of this run's own
                shutil.rmtree(data_dir, ignore_errors=True)

    print(
        f"\nper size: fill, graph build, disk, peak RSS (in-process through the graph; engram serve),"
        f" approximate vs exact top {args.top_k} overlap"
    )
    print(
        f"{'memories':>9} {'fill s':>7} {'build s':>8} {'graph MB':>9} {'SQLite MB':>10} {'RSS MB':>8}"
        f" {'serve MB':>9} {'k-NN':>6} {'recall':>7}"
    )
    for r in sizes:
        print(
            f"{r['memories']:>9,} {r['write_s'] or '-':>7} {r['build_s'] or '-':>8} {r['ann_mb']:>9}"
            f" {r['sqlite_mb']:>10}"
            f" {r['peak_rss_mb']:>8} {r['serve_rss_mb'] or '-':>9} {r['recall_at_k_overlap_knn']:>6}"
            f" {r['recall_at_k_overlap_recall']:>7}"
        )
    print(f"\nrecall latency, {args.queries} queries, top_k {args.top_k} (ms)")
    print(f"{'memories':>9}  {'path':<24} {'p50':>8} {'p95':>8} {'p99':>8}")
    for size, path, s in rows:
        print(f"{size:>9,}  {path:<24} {s['p50']:>8.2f} {s['p95']:>8.2f} {s['p99']:>8.2f}")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    targets = {100_000: 20, 1_000_000: 30}  # in-process p95 (ms), query embedding included
    met = [
        s["p95"] <= targets[size]
        for size, path, s in rows
        if size in targets and path == f"in-process ({model})"
    ]
    result = {
        "bench": "recall",
        "query_embedder": model,
        "corpus_vectors": "hashing",
        "queries": args.queries,
        "graph": args.graph,
        "users": args.users,
        "load": load(),
        "results": [{"memories": size, "path": path, **s} for size, path, s in rows],
        "sizes": sizes,
        "target_p95_ms": targets,
        "target_peak_rss_mb_1m": 2500,
        "meets_target": all(met) if met else None,  # None: no size with a target was measured
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
