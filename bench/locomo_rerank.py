"""LoCoMo re-ranked: the full ranking over a data dir that `bench/locomo.py` already ingested, once per
ranking configuration (ranking settings act at recall only, so one ingest serves every configuration).

    python bench/locomo_rerank.py DATA_DIR --conversations 1-5 [--groups 1-5 6-10]
        [--config NAME:KEY=VALUE[,KEY=VALUE]]... [--inplace]

Each configuration gets a copy of DATA_DIR (unless --inplace) and its own `engram serve` with
`ENGRAM_RANKING__<KEY>=<VALUE>`; it waits for enrichment to drain (so an ingest whose wait ran out can be
finished here), then asks every question of the chosen conversations, with the bench's own query set
and metrics. Choose weights on one group of conversations and report the others (`--groups`).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import locomo
from common import Served


def row(label: str, m: dict) -> str:
    return (
        f"   {label:<14} n={m['n']:>5} R@5 {m['R@5']:.3f} R@10 {m['R@10']:.3f} Hit@1 {m['Hit@1']:.3f} "
        f"MRR@10 {m['MRR@10']:.3f} nDCG@10 {m['nDCG@10']:.3f}"
    )


def dia_map(client, user: str) -> dict[str, str]:
    """dia_id -> memory id, from the memories' metadata."""
    ids, cursor = {}, None
    while True:
        path = f"/v1/memories?user_id={user}&limit=200" + (f"&cursor={cursor}" if cursor else "")
        _, page = client.call("GET", path)
        for m in page["items"]:
            if dia := (m.get("metadata") or {}).get("dia_id"):
                ids[dia] = m["id"]
        cursor = page["cursor"]
        if not cursor:
            return ids


def evaluate(data_dir: str, env: dict[str, str], samples: list[dict]) -> tuple[dict, dict]:
    served = Served(env, data_dir=data_dir)
    try:
        client = served.client()
        drained = locomo.wait_for_enrichment(client, [s["sample_id"] for s in samples], 3600)
        print(f"enrichment drained in {drained:.0f}s", flush=True)
        dia = {s["sample_id"]: dia_map(client, s["sample_id"]) for s in samples}
        merged = {s["sample_id"]: locomo.survivors(client, s["sample_id"]) for s in samples}
        per_cat: dict = defaultdict(list)
        per_user: dict = defaultdict(list)
        for user, query, cat, relevant in locomo.recall_queries(samples, dia, merged):
            body = {"query": query, "user_id": user, "top_k": 10}
            status, answer = client.call("POST", "/v1/memories/search", body)
            assert status == 200, answer
            ranked = [locomo.resolve(r["memory"]["id"], merged[user]) for r in answer["results"]]
            per_cat[cat].append(locomo.metrics(ranked, relevant))
            per_user[user].append(per_cat[cat][-1])
        return per_cat, per_user
    finally:
        served.stop()


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("data_dir")
    p.add_argument("--conversations", type=locomo.conversation_numbers, required=True)
    p.add_argument("--config", action="append", default=[], help="NAME:KEY=VALUE[,KEY=VALUE]")
    p.add_argument("--data", default=str(locomo.DEFAULT_DATA))
    p.add_argument("--inplace", action="store_true", help="serve DATA_DIR itself, not a copy")
    p.add_argument("--groups", nargs="*", default=[])
    a = p.parse_args()
    samples = json.loads(Path(a.data).read_text())
    numbers = {s["sample_id"]: n for n, s in enumerate(samples, 1)}
    samples = [s for s in samples if numbers[s["sample_id"]] in set(a.conversations)]

    for config in a.config or ["defaults:"]:
        name, _, rest = config.partition(":")
        env = {"ENGRAM_EMBEDDER__PROVIDER": "minilm", "ENGRAM_JANITOR__ENABLED": "false"}
        for setting in filter(None, rest.split(",")):
            key, value = setting.split("=")
            env[f"ENGRAM_RANKING__{key.upper()}"] = value
        data_dir = a.data_dir
        if not a.inplace:
            data_dir = tempfile.mkdtemp(prefix="engram-rerank-")
            shutil.rmtree(data_dir)
            shutil.copytree(a.data_dir, data_dir)
        started = time.monotonic()
        try:
            per_cat, per_user = evaluate(data_dir, env, samples)
        finally:
            if not a.inplace:
                shutil.rmtree(data_dir, ignore_errors=True)
        summary = locomo.summarise(per_cat)
        overall = summary["overall"]
        print(
            f"{name:<28} R@10 {overall['R@10']:.4f} MRR@10 {overall['MRR@10']:.4f} "
            f"[{time.monotonic() - started:.0f}s, load {os.getloadavg()[0]:.1f}] {rest}",
            flush=True,
        )
        print(row("overall", {"n": sum(len(ms) for ms in per_cat.values()), **overall}))
        for category, m in summary["per_category"].items():
            print(row(category, m))
        for group in a.groups:
            wanted = set(locomo.conversation_numbers(group))
            rows = [m for user, ms in per_user.items() if numbers[user] in wanted for m in ms]
            print(row(f"conv {group}", {"n": len(rows), **locomo._mean(rows)}), flush=True)


if __name__ == "__main__":
    main()
