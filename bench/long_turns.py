"""Long memories: recall over long, many-topic messages against plain BM25 over the same messages.

No public long-conversation set is on this machine, so one is built from LoCoMo: the consecutive turns
of each session ("<speaker>: <text>", one per line) are joined into messages of --min-chars to
--max-chars characters (a seeded, log-uniform target length per message; a session's last message
may be shorter), and every LoCoMo question (categories 1–4) asks for the messages holding its
evidence turns. All conversations share one user scope by default (--per-conversation: one each), so
a question competes with every other conversation's messages too.

Each message is remembered on the embedded default (SQLite, MiniLM, rules enricher), in process, and
enriched to completion; then every question is one recall (top_k 10). Reports R@10 and MRR@10 of
engram, of engram with its passage scoring off (long_memory_chars 0), of engram with the embedding
reranker, and of plain Okapi BM25 (k1 1.2, b 0.75, engram's tokenizer) over whole messages; the
enrichment failures; and recall latency (p50/p95). `--legs` adds each search leg alone (the lexical
index's and the vector index's own order), to tell what the fusion and the later stages change.

    python bench/long_turns.py [--data ../shared/bench/locomo10.json] [--json out.json] [--data-dir DIR]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT

from engram.domain.models import EnrichmentState, Status
from engram.domain.text import terms
from engram.ports import ListQuery, SearchScope
from engram.runtime.container import local
from engram.runtime.worker import drain
from engram.settings import Settings
from engram.usecases.recall import RecallQuery
from engram.usecases.remember import RememberCommand

DEFAULT_DATA = ROOT.parent / "shared" / "bench" / "locomo10.json"
TENANT = "bench"
CATEGORIES = {1, 2, 3, 4}
TOP_K = 10


def messages(sample: dict, rng: random.Random, low: int, high: int) -> list[tuple[str, list[str]]]:
    """The sample's sessions as messages: (text, the dia_ids of its turns)."""
    conv = sample["conversation"]
    out: list[tuple[str, list[str]]] = []
    n = 1
    while f"session_{n}" in conv:
        lines: list[str] = []
        ids: list[str] = []
        target = _target(rng, low, high)
        for turn in conv[f"session_{n}"]:
            line = f"{turn['speaker']}: {turn['text']}"
            if turn.get("blip_caption"):
                line += f" [image: {turn['blip_caption']}]"
            if lines and sum(len(x) + 1 for x in lines) + len(line) > high:
                out.append(("\n".join(lines), ids))
                lines, ids, target = [], [], _target(rng, low, high)
            lines.append(line[:high])
            ids.append(turn["dia_id"])
            if sum(len(x) + 1 for x in lines) >= target:
                out.append(("\n".join(lines), ids))
                lines, ids, target = [], [], _target(rng, low, high)
        if lines:
            out.append(("\n".join(lines), ids))
        n += 1
    return out


def _target(rng: random.Random, low: int, high: int) -> int:
    return int(math.exp(rng.uniform(math.log(low), math.log(high))))


class Okapi:
    """Plain Okapi BM25 (k1 1.2, b 0.75) over whole messages, with engram's tokenizer."""

    def __init__(self, docs: dict[str, str], k1: float = 1.2, b: float = 0.75) -> None:
        self.tf = {i: Counter(terms(text)) for i, text in docs.items()}
        self.length = {i: sum(tf.values()) for i, tf in self.tf.items()}
        self.avg = statistics.fmean(self.length.values())
        self.df: Counter[str] = Counter(t for tf in self.tf.values() for t in tf)
        self.k1, self.b = k1, b

    def scores(self, query: str) -> dict[str, float]:
        n, out = len(self.tf), {}
        for t in set(terms(query)):
            if not self.df[t]:
                continue
            idf = math.log(1 + (n - self.df[t] + 0.5) / (self.df[t] + 0.5))
            for i, tf in self.tf.items():
                if f := tf.get(t):
                    norm = self.k1 * (1 - self.b + self.b * self.length[i] / self.avg)
                    out[i] = out.get(i, 0.0) + idf * f * (self.k1 + 1) / (f + norm)
        return out


def metrics(ranked: list[str], relevant: set[str]) -> dict[str, float]:
    top = ranked[:TOP_K]
    found = [i for i, m in enumerate(top) if m in relevant]
    return {"R@10": len(set(top) & relevant) / len(relevant), "MRR@10": 1 / (found[0] + 1) if found else 0.0}


def mean(rows: list[dict[str, float]]) -> dict[str, float]:
    return {k: round(statistics.fmean(r[k] for r in rows), 4) for k in ("R@10", "MRR@10")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--json", type=Path, help="also write the report as JSON here")
    parser.add_argument("--min-chars", type=int, default=1000)
    parser.add_argument("--max-chars", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--per-conversation", action="store_true", help="one user scope per conversation")
    parser.add_argument("--data-dir", type=Path, help="keep the memories here, and reuse them when run again")
    parser.add_argument("--every", type=int, default=1, help="ask every n-th question only (quicker runs)")
    parser.add_argument(
        "--variant", action="append", default=[], help="NAME:KEY=JSON[,KEY=JSON]: ranking settings to try too"
    )
    parser.add_argument("--no-reranker", action="store_true", help="skip the embedding reranker's run")
    parser.add_argument(
        "--legs", action="store_true", help="also each search leg alone (the indexes' own order, no fusion)"
    )
    args = parser.parse_args()
    if not args.data.exists():
        print(f"LoCoMo data not found at {args.data}; skipping.")
        return 0

    samples = json.loads(args.data.read_text())
    rng = random.Random(args.seed)
    built = {s["sample_id"]: messages(s, rng, args.min_chars, args.max_chars) for s in samples}
    lengths = [len(text) for ms in built.values() for text, _ in ms]
    print(
        f"{len(lengths)} messages from {len(samples)} conversations: median"
        f" {statistics.median(lengths):.0f} chars, {sum(n >= args.min_chars for n in lengths)} of at least"
        f" {args.min_chars}, max {max(lengths)}",
        flush=True,
    )

    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="engram-long-turns-"))
    manifest = data_dir / "long_turns.json"
    kept = json.loads(manifest.read_text()) if manifest.exists() else None
    container = local(Settings(data_dir=data_dir, worker_enabled=False))
    container.embedder.embed(["warm up the model"])
    user_of = {sid: (sid if args.per_conversation else "pooled") for sid in built}
    memory_of: dict[tuple[str, int], str] = {}
    if kept is not None:
        memory_of = {(sid, int(k)): mid for key, mid in kept.items() for sid, _, k in [key.rpartition("|")]}
        print(f"reusing the memories in {data_dir}", flush=True)
    else:
        commands, keys = [], []
        for sid, ms in built.items():
            for k, (text, _) in enumerate(ms):
                commands.append(
                    RememberCommand(tenant=TENANT, user_id=user_of[sid], content=text, force=True)
                )
                keys.append((sid, k))
        t0 = time.perf_counter()
        results = container.remember.many(commands)
        for key, result in zip(keys, results, strict=True):
            if result.memory is None:
                raise RuntimeError(f"{key} was not stored: {result.outcome} {result.reason}")
            memory_of[key] = result.memory.id
        drain(container, batch=32)
        print(f"remembered and enriched in {time.perf_counter() - t0:.0f}s", flush=True)
        if args.data_dir:
            manifest.write_text(json.dumps({f"{sid}|{k}": mid for (sid, k), mid in memory_of.items()}))
    failed = _failed(container, sorted(set(user_of.values())))
    print(f"enrichment failures: {failed}", flush=True)

    questions = []
    for s in samples:
        sid = s["sample_id"]
        turn_at = {dia: k for k, (_, ids) in enumerate(built[sid]) for dia in ids}
        for qa in s["qa"]:
            relevant = {memory_of[sid, turn_at[e]] for e in qa.get("evidence", []) if e in turn_at}
            if qa["category"] in CATEGORIES and relevant:
                questions.append((user_of[sid], qa["question"], relevant))
    questions = questions[:: args.every]
    print(f"{len(questions)} questions", flush=True)

    docs_of: dict[str, dict[str, str]] = defaultdict(dict)
    for (sid, k), memory_id in memory_of.items():
        docs_of[user_of[sid]][memory_id] = built[sid][k][0]

    indexes = {user: Okapi(docs) for user, docs in docs_of.items()}

    def bm25(user: str, question: str) -> list[str]:
        scores = indexes[user].scores(question)
        return sorted(scores, key=lambda i: (-scores[i], i))[:TOP_K]

    def engram(user: str, question: str) -> list[str]:
        found = container.recall(RecallQuery(tenant=TENANT, user_id=user, query=question, top_k=TOP_K))
        return [r.memory.id for r in found]

    report: dict = {"messages": len(lengths), "questions": len(questions), "enrichment_failures": failed}
    ranking = container.recall.ranking
    runs: list[tuple[str, Callable[[str, str], list[str]], Callable[[], None]]] = [
        ("bm25 (whole messages)", bm25, lambda: None)
    ]

    def ranked_by(update: dict[str, object]) -> Callable[[], None]:
        return lambda: setattr(container.recall, "ranking", ranking.model_copy(update=update))

    if args.legs:
        recall = container.recall

        def leg(search: Callable[[SearchScope, str], list[str]]) -> Callable[[str, str], list[str]]:
            return lambda user, question: search(
                SearchScope(TENANT, user, None, None, (Status.active, Status.stale)), question
            )[:TOP_K]

        def lexical_leg(scope: SearchScope, question: str) -> list[str]:
            return [h.memory_id for h in recall.lexical.search(scope, question, TOP_K)]

        def vector_leg(scope: SearchScope, question: str) -> list[str]:
            vector = container.embedder.embed([question])[0]
            return [h.memory_id for h in recall.vectors.knn(scope, vector, TOP_K)]

        runs += [("lexical leg alone", leg(lexical_leg), lambda: None)]
        runs += [("vector leg alone", leg(vector_leg), lambda: None)]
    if "long_memory_chars" in type(ranking).model_fields:
        runs.append(("engram, long-memory scoring off", engram, ranked_by({"long_memory_chars": 0})))
    runs.append(("engram", engram, ranked_by({})))
    for variant in args.variant:
        name, _, rest = variant.partition(":")
        update = {k: json.loads(v) for k, _, v in (kv.partition("=") for kv in filter(None, rest.split(",")))}
        runs.append((f"engram, {name}", engram, ranked_by(update)))
    if not args.no_reranker and hasattr(container.recall, "reranker"):
        from engram.providers.rerankers.embedding import EmbeddingReranker

        def with_reranker() -> None:
            container.recall.ranking = ranking
            container.recall.reranker = EmbeddingReranker(container.embedder)

        runs.append(("engram + embedding reranker", engram, with_reranker))
    for name, ask, setup in runs:
        setup()
        rows, latencies = [], []
        for user, question, relevant in questions:
            t = time.perf_counter()
            ranked = ask(user, question)
            latencies.append((time.perf_counter() - t) * 1000)
            rows.append(metrics(ranked, relevant))
        latencies.sort()
        result = mean(rows) | {
            "ms_p50": round(latencies[len(latencies) // 2], 1),
            "ms_p95": round(latencies[int(len(latencies) * 0.95)], 1),
        }
        report[name] = result
        print(
            f"{name:<30} R@10 {result['R@10']:.3f}  MRR@10 {result['MRR@10']:.3f}"
            f"  p50 {result['ms_p50']} ms  p95 {result['ms_p95']} ms",
            flush=True,
        )
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


def _failed(container, users: list[str]) -> int:
    failed, cursor = 0, None
    for user in users:
        while True:
            page = container.store.list(ListQuery(TENANT, user, None, None, None, 200, cursor=cursor))
            failed += sum(m.enrichment.state == EnrichmentState.failed for m in page.items)
            cursor = page.cursor
            if not cursor:
                break
    return failed


if __name__ == "__main__":
    sys.exit(main())
