"""POST /v1/context latency on the embedded default, with 10,000 memories in one scope (issue 30).

    python bench/bench_context.py [--size 10000] [--queries 200] [--budgets 500 2000 4000] [--skip-http]

A fresh data dir is filled as bench_recall.py fills it (rows, FTS5 and 384-d hashing vectors in bulk,
one memory in four from relation templates, every memory linked into the knowledge graph), so the
entity lines have entities and relations to read. Queries are embedded with the hashing embedder
(the block's cost without MiniLM's query embedding, which recall's figures give), each query distinct
(recall caches query vectors). Then p50/p95/p99 of:

* in-process, the BuildContext use case at each budget (recall of the candidates a budget asks for,
  then the entities, the token count and the fitting);
* in-process, recall alone with the same top_k, for what the block adds to it;
* over HTTP, POST /v1/context at the default budget against `engram serve` on that data dir.

When the `bpe_openai` package is importable (it is no dependency of engram: it bundles OpenAI's BPE
ranks), the blocks built are also counted with o200k_base and cl100k_base, and the estimator's ratio to
each is printed (≥ 1 everywhere: the estimate never undercounts a block). Prints a one-line JSON last.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_recall import TENANT, USER, populate, queries, summary, timed
from common import Served

from engram.runtime.container import local
from engram.settings import Settings
from engram.usecases.context import ContextBlock, ContextQuery, candidates_for
from engram.usecases.recall import RecallQuery


def exact_counts(blocks: list[ContextBlock]) -> dict[str, dict[str, float]] | None:
    """The estimator against OpenAI's tokenizers over the blocks, when bpe_openai is installed."""
    try:
        import bpe_openai  # type: ignore[import-not-found]
    except ImportError:
        return None
    out = {}
    for name in ("o200k_base", "cl100k_base"):
        encoding = bpe_openai.get_encoding(name)
        ratios = [b.tokens / max(1, len(encoding.encode(b.text))) for b in blocks if b.text]
        out[name] = {"min_ratio": round(min(ratios), 3), "mean_ratio": round(sum(ratios) / len(ratios), 3)}
    return out


def over_http(data_dir: Path, texts: list[str], budget: int) -> list[float]:
    env = {"ENGRAM_EMBEDDER__PROVIDER": "hashing", "ENGRAM_JANITOR__ENABLED": "false"}
    served = Served(env, data_dir=str(data_dir))
    try:
        client = served.client()

        def run(text: str) -> object:
            status, body = client.call(
                "POST", "/v1/context", {"query": text, "user_id": USER, "budget_tokens": budget}
            )
            assert status == 200, body
            return body

        return timed(run, texts)
    finally:
        served.stop()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--budgets", type=int, nargs="+", default=[500, 2000, 4000])
    parser.add_argument("--skip-http", action="store_true")
    args = parser.parse_args()

    data_dir = Path(tempfile.mkdtemp(prefix="engram-bench-context-")) / "data"
    container = local(Settings(data_dir=data_dir, embedder={"provider": "hashing"}))
    fill_s = populate(container, args.size, graph=True)
    print(f"filled {args.size:,} memories in {fill_s:.1f} s", flush=True)
    texts = queries(args.queries, graph=True)

    results: dict[str, object] = {"size": args.size, "queries": args.queries, "embedder": "hashing"}
    blocks: list[ContextBlock] = []
    build, recall = container.context, container.recall
    for budget in args.budgets:

        def run(text: str, budget: int = budget) -> object:
            block = build(ContextQuery(tenant=TENANT, user_id=USER, query=text, budget_tokens=budget))
            blocks.append(block)
            return block

        lat = summary(timed(run, texts))
        items = [len(b.items) for b in blocks[-len(texts) :]]
        tokens = [b.tokens for b in blocks[-len(texts) :]]
        results[f"context_{budget}"] = lat | {
            "items_mean": round(sum(items) / len(items), 1),
            "tokens_mean": round(sum(tokens) / len(tokens), 1),
        }
        top_k = candidates_for(budget)

        def recall_only(text: str, top_k: int = top_k) -> object:
            return recall(RecallQuery(TENANT, USER, text, top_k=top_k, include_stale=False))

        recall_lat = summary(timed(recall_only, texts))
        results[f"recall_top{top_k}"] = recall_lat
        print(f"budget {budget}: context {lat} | recall top_k={top_k} {recall_lat}", flush=True)

    if not args.skip_http:
        container.store.db.close()  # type: ignore[attr-defined]
        results["http_context_2000"] = summary(over_http(data_dir, texts, 2000))
        print(f"over HTTP, budget 2000: {results['http_context_2000']}", flush=True)
    counted = exact_counts(blocks)
    if counted is not None:
        results["estimate_vs_bpe"] = counted
        print(f"estimate / exact tokens over {len(blocks)} blocks: {counted}", flush=True)
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
