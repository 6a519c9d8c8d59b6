"""LoCoMo retrieval benchmark through engram's own HTTP API on a started `engram serve`.

Each conversation is one scope (user_id = sample_id); each turn one memory, "<speaker>: <text>"
(+ " [image: <caption>]"), remembered with its session date as `observed_at` and its turn id in
`metadata`. Every category 1–4 question with a resolvable evidence turn is a recall query in its own
conversation. Reports Recall@5/@10, Hit@1, MRR@10 and nDCG@10, overall and per category, for the full
ranking and for the lexical-only and vector-only settings (per-request weights), side by side.

    python bench/locomo.py [--data ../shared/bench/locomo10.json] [--json out.json]
        [--conversations 1-5] [--groups 1-5 6-10]

`--conversations` ingests and evaluates only those conversations (1-based, in file order; ranges and
commas: "1-5", "6-10", "1,3,7"). `--groups` adds, for the full ranking, overall rows per group of
conversations from the same run, e.g. to choose weights on 1-5 and report 6-10 separately.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, Served, percentile

DEFAULT_DATA = ROOT.parent / "shared" / "bench" / "locomo10.json"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
SETTINGS = {
    "engram (full)": None,
    "lexical only": {"vector_weight": 0.0},
    "vector only": {"lexical_weight": 0.0},
}


def session_time(text: str) -> datetime:
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def turns(sample: dict):
    conv = sample["conversation"]
    n = 1
    while f"session_{n}" in conv:
        start = session_time(conv[f"session_{n}_date_time"])
        for i, turn in enumerate(conv[f"session_{n}"]):
            text = f"{turn['speaker']}: {turn['text']}"
            if turn.get("blip_caption"):
                text += f" [image: {turn['blip_caption']}]"
            yield turn["dia_id"], text, start + timedelta(seconds=30 * i)
        n += 1


def ingest(client, sample: dict) -> dict[str, str]:
    """Remember every turn; dia_id → memory id."""
    ids: dict[str, str] = {}
    batch: list[tuple[str, dict]] = []

    def flush() -> None:
        status, body = client.call("POST", "/v1/memories/batch", {"items": [item for _, item in batch]})
        assert status == 200, body
        for (dia_id, _), result in zip(batch, body["results"], strict=True):
            if result["id"]:
                ids[dia_id] = result["id"]
        batch.clear()

    for dia_id, text, at in turns(sample):
        item = {
            "content": text[:8000],
            "user_id": sample["sample_id"],
            "observed_at": at.isoformat(),
            "metadata": {"dia_id": dia_id},
            "force": True,  # the benchmark keeps every turn, chit-chat included
        }
        batch.append((dia_id, item))
        if len(batch) == 100:
            flush()
    if batch:
        flush()
    return ids


def wait_for_enrichment(client, users: list[str], timeout_s: float = 1800) -> float:
    start = time.monotonic()
    while time.monotonic() - start < timeout_s:
        pending = 0
        for user in users:
            cursor = None
            while True:
                path = f"/v1/memories?user_id={user}&limit=200" + (f"&cursor={cursor}" if cursor else "")
                _, page = client.call("GET", path)
                pending += sum(1 for m in page["items"] if m["enrichment"]["state"] == "pending")
                cursor = page["cursor"]
                if not cursor:
                    break
        if pending == 0:
            return time.monotonic() - start
        time.sleep(1.0)
    raise TimeoutError("enrichment did not finish")


def survivors(client, user: str) -> dict[str, str]:
    """merged memory id → the id it was merged into (following chains)."""
    into: dict[str, str] = {}
    cursor = None
    while True:
        path = f"/v1/memories?user_id={user}&status=merged&limit=200" + (
            f"&cursor={cursor}" if cursor else ""
        )
        _, page = client.call("GET", path)
        into.update({m["id"]: m["merged_into"] for m in page["items"] if m["merged_into"]})
        cursor = page["cursor"]
        if not cursor:
            break
    return into


def resolve(memory_id: str, into: dict[str, str]) -> str:
    seen = set()
    while memory_id in into and memory_id not in seen:
        seen.add(memory_id)
        memory_id = into[memory_id]
    return memory_id


def metrics(ranked: list[str], relevant: set[str]) -> dict[str, float]:
    first = next((i for i, m in enumerate(ranked[:10]) if m in relevant), None)
    dcg = sum(1 / math.log2(i + 2) for i, m in enumerate(ranked[:10]) if m in relevant)
    idcg = sum(1 / math.log2(i + 2) for i in range(min(len(relevant), 10)))
    return {
        "R@5": len(set(ranked[:5]) & relevant) / len(relevant),
        "R@10": len(set(ranked[:10]) & relevant) / len(relevant),
        "Hit@1": 1.0 if ranked[:1] and ranked[0] in relevant else 0.0,
        "MRR@10": 1 / (first + 1) if first is not None else 0.0,
        "nDCG@10": dcg / idcg if idcg else 0.0,
    }


def conversation_numbers(spec: str) -> list[int]:
    """ "1-5" → [1..5]; "1,3,7-8" → [1, 3, 7, 8] (1-based conversation numbers in file order)."""
    numbers: list[int] = []
    for part in spec.split(","):
        lo, _, hi = part.strip().partition("-")
        numbers.extend(range(int(lo), int(hi or lo) + 1))
    return numbers


def run(
    data_path: Path,
    env: dict[str, str],
    conversations: list[int] | None = None,
    groups: list[str] | None = None,
) -> dict:
    samples = json.loads(data_path.read_text())
    numbers = {s["sample_id"]: n for n, s in enumerate(samples, 1)}
    if conversations:
        samples = [s for s in samples if numbers[s["sample_id"]] in set(conversations)]
    served = Served(env)
    try:
        client = served.client()
        t0 = time.monotonic()
        dia = {s["sample_id"]: ingest(client, s) for s in samples}
        ingest_s = time.monotonic() - t0
        n_memories = sum(len(v) for v in dia.values())
        enrich_s = wait_for_enrichment(client, list(dia))
        merged = {s["sample_id"]: survivors(client, s["sample_id"]) for s in samples}

        queries = recall_queries(samples, dia, merged)

        results: dict[str, dict] = {}
        for name, weights in SETTINGS.items():
            per_cat: dict[int, list[dict]] = defaultdict(list)
            per_user: dict[str, list[dict]] = defaultdict(list)
            latencies = []
            for user, question, category, relevant in queries:
                body = {"query": question, "user_id": user, "top_k": 10}
                if weights:
                    body["weights"] = weights
                t = time.perf_counter()
                status, answer = client.call("POST", "/v1/memories/search", body)
                latencies.append((time.perf_counter() - t) * 1000)
                assert status == 200, answer
                ranked = [resolve(r["memory"]["id"], merged[user]) for r in answer["results"]]
                per_cat[category].append(metrics(ranked, relevant))
                per_user[user].append(per_cat[category][-1])
            results[name] = {
                **summarise(per_cat),
                "search_ms_p50": percentile(latencies, 50),
                "search_ms_p95": percentile(latencies, 95),
            }
            if groups and weights is None:  # the full ranking, per group of conversations
                results[name]["per_group"] = {}
                for group in groups:
                    wanted = set(conversation_numbers(group))
                    rows = [m for u, ms in per_user.items() if numbers[u] in wanted for m in ms]
                    results[name]["per_group"][f"conversations {group}"] = _mean(rows) | {"n": len(rows)}
        return {
            "conversations": [numbers[s["sample_id"]] for s in samples],
            "memories": n_memories,
            "questions": len(queries),
            "ingest_s": ingest_s,
            "enrich_wait_s": enrich_s,
            "results": results,
        }
    finally:
        served.stop()


def recall_queries(
    samples: list[dict], dia: dict[str, dict[str, str]], merged: dict[str, dict[str, str]]
) -> list[tuple[str, str, int, set[str]]]:
    """(user, question, category, relevant memory ids) for every category 1–4 question with at least
    one evidence turn that resolves to a memory (following merges to their survivor)."""
    queries = []
    for s in samples:
        user = s["sample_id"]
        for qa in s["qa"]:
            if qa["category"] not in CATEGORIES:
                continue
            relevant = {resolve(dia[user][e], merged[user]) for e in qa.get("evidence", []) if e in dia[user]}
            if relevant:
                queries.append((user, qa["question"], qa["category"], relevant))
    return queries


def summarise(per_category: dict[int, list[dict]]) -> dict:
    """Mean metrics overall and per category name (with its question count)."""
    return {
        "overall": _mean([m for ms in per_category.values() for m in ms]),
        "per_category": {CATEGORIES[c]: _mean(ms) | {"n": len(ms)} for c, ms in sorted(per_category.items())},
    }


def _mean(rows: list[dict]) -> dict[str, float]:
    keys = ("R@5", "R@10", "Hit@1", "MRR@10", "nDCG@10")
    return {k: sum(r[k] for r in rows) / len(rows) for k in keys} if rows else {}


def table(report: dict) -> str:
    keys = ("R@5", "R@10", "Hit@1", "MRR@10", "nDCG@10")
    lines = [
        f"LoCoMo: conversations {_spans(report['conversations'])}, "
        f"{report['memories']} memories, {report['questions']} questions (categories 1-4); "
        f"ingest {report['ingest_s']:.1f}s, enrichment drained {report['enrich_wait_s']:.1f}s later",
        f"{'setting':<16}{'slice':<14}{'n':>6}" + "".join(f"{k:>9}" for k in keys),
    ]
    for name, r in report["results"].items():
        rows = [
            ("overall", r["overall"] | {"n": report["questions"]}),
            *r["per_category"].items(),
            *((g.removeprefix("conversations "), m) for g, m in r.get("per_group", {}).items()),
        ]
        for slice_name, m in rows:
            lines.append(f"{name:<16}{slice_name:<14}{m['n']:>6}" + "".join(f"{m[k]:>9.3f}" for k in keys))
        lines.append(
            f"{'':<16}search over HTTP p50 {r['search_ms_p50']:.1f} ms, p95 {r['search_ms_p95']:.1f} ms"
        )
    return "\n".join(lines)


def _spans(numbers: list[int]) -> str:
    """[1, 2, 3, 5] → "1-3,5"."""
    spans: list[list[int]] = []
    for n in numbers:
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return ",".join(f"{a}-{b}" if a != b else str(a) for a, b in spans)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--json", type=Path, help="also write the report as JSON here")
    parser.add_argument("--embedder", default="minilm", help="ENGRAM_EMBEDDER__PROVIDER for the server")
    parser.add_argument(
        "--conversations",
        type=conversation_numbers,
        help='ingest and evaluate only these conversations, 1-based: "1-5", "6-10", "1,3,7" (default: all)',
    )
    parser.add_argument(
        "--groups",
        nargs="+",
        metavar="SPEC",
        help="also report the full ranking per group of conversations, e.g. --groups 1-5 6-10",
    )
    args = parser.parse_args()
    if not args.data.exists():
        print(f"LoCoMo data not found at {args.data}; skipping the retrieval benchmark.")
        return 0
    import engram  # the package the server runs (PYTHONPATH or the editable install)

    print(f"engram from {Path(engram.__file__).parent}", flush=True)
    report = run(args.data, {"ENGRAM_EMBEDDER__PROVIDER": args.embedder}, args.conversations, args.groups)
    print(table(report))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
