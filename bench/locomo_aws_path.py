"""LoCoMo retrieval through the AWS-shaped path, in process.

The same memories, questions and metrics as `bench/locomo.py`, but recalled through the deployed
adapters instead of the embedded ones: DynamoDB and SQS under moto, and OpenSearchIndex (managed-domain
mode, "es") against the loopback FakeOpenSearch, which scores the lexical leg with BM25 over the
`content` field's analyzer. The Container is wired as `tests/integration/builders.py` wires it; the
embedder is MiniLM. Memories are remembered with `remember.many`, enriched with `enrich.many` in
batches (no queue worker), then every category 1–4 question is a `recall` with top_k 10.

    python bench/locomo_aws_path.py [--data ../shared/bench/locomo10.json] [--conversations N]
                                    [--analyzer english|standard]

`--analyzer` overrides the `content` analyzer of the adapter's mapping, to compare the two; the
default keeps the adapter's own mapping.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from locomo import DEFAULT_DATA, metrics, recall_queries, resolve, summarise, turns  # noqa: E402

TENANT = "bench"
ENRICH_BATCH = 32
SETTINGS: dict[str, dict[str, float]] = {
    "full": {},
    "lexical only": {"vector_weight": 0.0},
    "vector only": {"lexical_weight": 0.0},
}
KEYS = ("R@5", "R@10", "Hit@1", "MRR@10", "nDCG@10")


def run(samples: list[dict[str, Any]], analyzer: str | None) -> dict[str, Any]:
    from engram.adapters.opensearch.index import OpenSearchIndex
    from engram.ports import EnrichJob
    from engram.settings import Settings
    from engram.usecases.recall import RecallQuery
    from engram.usecases.remember import RememberCommand
    from tests.integration.builders import moto_aws

    class Index(OpenSearchIndex):
        def mapping(self) -> dict[str, Any]:
            mapping = super().mapping()
            if analyzer:
                mapping["mappings"]["properties"]["content"]["analyzer"] = analyzer
            return mapping

    for name, value in (
        ("AWS_ACCESS_KEY_ID", "testing"),
        ("AWS_SECRET_ACCESS_KEY", "testing"),
        ("AWS_SESSION_TOKEN", "testing"),
        ("AWS_DEFAULT_REGION", "us-east-1"),
    ):
        os.environ[name] = value

    with moto_aws(serverless=False) as aws:
        settings = aws.settings(Settings(embedder={"provider": "minilm"})).model_copy(
            update={"opensearch_mode": "es"}
        )
        index = Index.from_settings(settings)
        container = aws.container(settings, index)

        t0 = time.monotonic()
        dia: dict[str, dict[str, str]] = {}
        jobs: list[EnrichJob] = []
        for sample in samples:
            user = sample["sample_id"]
            rows = list(turns(sample))
            commands = [
                RememberCommand(
                    tenant=TENANT,
                    user_id=user,
                    content=text[:8000],
                    observed_at=at,
                    metadata={"dia_id": dia_id},
                    force=True,  # the benchmark keeps every turn, chit-chat included
                )
                for dia_id, text, at in rows
            ]
            ids: dict[str, str] = {}
            for start in range(0, len(commands), 100):
                results = container.remember.many(commands[start : start + 100])
                for (dia_id, _, _), result in zip(rows[start : start + 100], results, strict=True):
                    if result.memory is not None:
                        ids[dia_id] = result.memory.id
                        jobs.append(
                            EnrichJob(
                                tenant=TENANT,
                                memory_id=result.memory.id,
                                content_hash=result.memory.content_hash,
                            )
                        )
            dia[user] = ids
        ingest_s = time.monotonic() - t0

        t0 = time.monotonic()
        failures = 0
        for start in range(0, len(jobs), ENRICH_BATCH):
            outcomes = container.enrich.many(jobs[start : start + ENRICH_BATCH])
            failures += sum(isinstance(outcome, Exception) for outcome in outcomes)
        enrich_s = time.monotonic() - t0

        merged: dict[str, dict[str, str]] = {}
        for user, ids in dia.items():
            memories = container.store.get_many(TENANT, list(ids.values()))
            merged[user] = {m.id: m.merged_into for m in memories if m.merged_into}

        queries = recall_queries(samples, dia, merged)

        results: dict[str, Any] = {}
        t0 = time.monotonic()
        for name, weights in SETTINGS.items():
            per_cat: dict[int, list[dict[str, float]]] = defaultdict(list)
            for user, question, category, relevant in queries:
                recalled = container.recall(
                    RecallQuery(tenant=TENANT, user_id=user, query=question, top_k=10, weights=weights)
                )
                ranked = [resolve(r.memory.id, merged[user]) for r in recalled]
                per_cat[category].append(metrics(ranked, relevant))
            results[name] = {
                **summarise(per_cat),
            }
        recall_s = time.monotonic() - t0
        return {
            "analyzer": index.mapping()["mappings"]["properties"]["content"]["analyzer"],
            "memories": sum(len(ids) for ids in dia.values()),
            "merged": sum(len(m) for m in merged.values()),
            "enrich_failures": failures,
            "questions": len(queries),
            "ingest_s": ingest_s,
            "enrich_s": enrich_s,
            "recall_s": recall_s,
            "results": results,
        }


def table(report: dict[str, Any]) -> str:
    lines = [
        f"LoCoMo via the AWS path (moto DynamoDB+SQS, FakeOpenSearch es, content analyzer "
        f"{report['analyzer']!r}): {report['memories']} memories ({report['merged']} merged, "
        f"{report['enrich_failures']} enrichment failures), {report['questions']} questions; "
        f"ingest {report['ingest_s']:.0f}s, enrich {report['enrich_s']:.0f}s, "
        f"recall {report['recall_s']:.0f}s",
        f"{'setting':<16}{'slice':<14}{'n':>6}" + "".join(f"{k:>9}" for k in KEYS),
    ]
    for name, r in report["results"].items():
        rows = [("overall", r["overall"] | {"n": report["questions"]}), *r["per_category"].items()]
        for slice_name, m in rows:
            lines.append(f"{name:<16}{slice_name:<14}{m['n']:>6}" + "".join(f"{m[k]:>9.3f}" for k in KEYS))
    return "\n".join(lines)


def main() -> int:
    import json

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--conversations", type=int, default=0, help="only the first N (0: all)")
    parser.add_argument("--analyzer", choices=("english", "standard"), help="override the content analyzer")
    args = parser.parse_args()
    if not args.data.exists():
        print(f"LoCoMo data not found at {args.data}; skipping the AWS-path retrieval benchmark.")
        return 0
    samples = json.loads(args.data.read_text())
    if args.conversations:
        samples = samples[: args.conversations]
    print(table(run(samples, args.analyzer)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
