"""Recall quality on our own scenarios of an agent's memory over two years (issue 11, item 6).

Eight kinds of question (bench/scenarios/): exact keyword / identifier, paraphrase, temporal (expired
vs current), constraint / decision, noise (one specific fact among vague chatter), multi-hop, negation
and correction. Each scenario is its own user_id scope: its memories are remembered in the order they
were observed (each with its `observed_at`, and `valid_until` where it has one) on the embedded default
(SQLite, MiniLM embedder, rules enricher), in process; enrichment runs to completion; then every
question is one recall (top_k 10, default options). Reports Hit@1, Hit@3 and MRR@10 per kind and
overall (micro-averaged over questions), and how many answers were no longer recallable after
enrichment ("lost": merged away or otherwise not active).

    python bench/bench_scenarios.py [--kinds correction negation] [--json out.json|-] [--misses]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hints_fake import templated_hints_enricher
from scenarios import KINDS, SETS, Scenario, load, problems

from engram.domain.models import Status
from engram.runtime.container import local
from engram.runtime.worker import drain
from engram.settings import EmbedderSettings, HintSettings, Settings
from engram.usecases.recall import RecallQuery
from engram.usecases.remember import RememberCommand

TENANT = "bench"
TOP_K = 10


def commit() -> str:
    """The commit of the engram package measured (+dirty when its files differ from it)."""
    import engram

    package = Path(engram.__file__).resolve().parent
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%h"], capture_output=True, text=True, cwd=package)
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no", "--", "."],
            capture_output=True,
            text=True,
            cwd=package,
        )
    except OSError:
        return f"unknown ({package})"
    if out.returncode != 0:  # not a git checkout (an exported tree on PYTHONPATH)
        return f"engram from {package}"
    return out.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")


def ingest(container, scenarios: list[Scenario], now: datetime) -> dict[str, dict[str, str]]:
    """Remember every scenario's memories in observed order; scenario id → key → memory id."""
    ids: dict[str, dict[str, str]] = {}
    commands, keys = [], []
    for s in scenarios:
        for m in sorted(s.memories, key=lambda m: -m.days_ago):  # oldest first, as they were said
            commands.append(
                RememberCommand(
                    tenant=TENANT,
                    user_id=s.id,
                    content=m.content,
                    memory_type=m.memory_type,
                    observed_at=now - timedelta(days=m.days_ago),
                    valid_until=(
                        now + timedelta(days=m.valid_until_days) if m.valid_until_days is not None else None
                    ),
                )
            )
            keys.append((s.id, m.key))
    results = container.remember.many(commands)
    for (sid, key), result in zip(keys, results, strict=True):
        if result.memory is None:
            raise RuntimeError(f"{sid}/{key} was not stored: {result.outcome} {result.reason}")
        ids.setdefault(sid, {})[key] = result.memory.id
    return ids


def evaluate(
    container, scenarios: list[Scenario], ids: dict[str, dict[str, str]], misses: bool
) -> list[dict]:
    rows = []
    for s in scenarios:
        key_of = {v: k for k, v in ids[s.id].items()}
        for q in s.questions:
            wanted = {ids[s.id][a] for a in q.answers}
            results = container.recall(RecallQuery(tenant=TENANT, user_id=s.id, query=q.query, top_k=TOP_K))
            ranked = [r.memory.id for r in results]
            rank = next((i + 1 for i, mid in enumerate(ranked) if mid in wanted), None)
            answers = container.store.get_many(TENANT, list(wanted))
            lost = not any(m.status in (Status.active, Status.stale) for m in answers)
            rows.append(
                {
                    "scenario": s.id,
                    "kind": s.kind,
                    "query": q.query,
                    "answers": list(q.answers),
                    "rank": rank,
                    "lost": lost,
                    "top3": [key_of.get(mid, mid) for mid in ranked[:3]],
                }
            )
            if misses and (rank is None or rank > 1):
                print(
                    f"  [{s.id}] {q.query!r}: answer {list(q.answers)} at rank {rank}"
                    f"{' (lost)' if lost else ''}; top 3:"
                )
                for r in results[:3]:
                    print(f"      {r.score:.3f} {key_of.get(r.memory.id, '?'):<10} {r.memory.content[:100]}")
    return rows


def summarize(rows: list[dict]) -> dict[str, dict[str, float]]:
    by_kind: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        by_kind[row["kind"]].append(row)
    order = [k for k in KINDS if k in by_kind]
    table = {k: _metrics(by_kind[k]) for k in order}
    table["overall"] = _metrics(rows)
    return table


def _metrics(rows: list[dict]) -> dict[str, float]:
    n = len(rows)
    ranks = [r["rank"] for r in rows]
    return {
        "questions": n,
        "hit@1": round(sum(1 for r in ranks if r is not None and r <= 1) / n, 3),
        "hit@3": round(sum(1 for r in ranks if r is not None and r <= 3) / n, 3),
        "mrr@10": round(sum(1 / r for r in ranks if r is not None and r <= 10) / n, 3),
        "lost": sum(1 for r in rows if r["lost"]),
    }


def markdown(table: dict[str, dict[str, float]]) -> str:
    lines = [
        "| kind | questions | Hit@1 | Hit@3 | MRR@10 | answer lost |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for kind, m in table.items():
        name = f"**{kind}**" if kind == "overall" else kind
        lines.append(
            f"| {name} | {m['questions']} | {m['hit@1']:.2f} | {m['hit@3']:.2f}"
            f" | {m['mrr@10']:.2f} | {m['lost']} |"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--kinds", nargs="+", choices=KINDS, help="run only these kinds")
    parser.add_argument(
        "--set",
        dest="scenario_set",
        default="own",
        choices=sorted(SETS),
        help="our own scenarios (default) or a blind set (bench/blind/, never tuned on)",
    )
    parser.add_argument("--json", metavar="PATH", help="write the results as JSON to PATH ('-' for stdout)")
    parser.add_argument("--misses", action="store_true", help="print every question not answered at rank 1")
    parser.add_argument("--embedder", default=None, help="embedder provider (default: the settings' default)")
    parser.add_argument("--keep", action="store_true", help="keep the data dir (printed) for inspection")
    parser.add_argument(
        "--hints",
        choices=["off", "on"],
        default=None,
        help="prospective hints from a deterministic templated fake (bench/hints_fake.py), searched or not",
    )
    args = parser.parse_args()

    scenarios = load(args.kinds, args.scenario_set)
    if bad := problems(scenarios):
        print("the scenario set is malformed:\n  " + "\n  ".join(bad), file=sys.stderr)
        return 2
    data_dir = Path(tempfile.mkdtemp(prefix="engram-bench-scenarios-"))
    try:
        settings = Settings(data_dir=data_dir)
        if args.embedder:
            settings = settings.model_copy(update={"embedder": EmbedderSettings(provider=args.embedder)})
        if args.hints:
            settings = settings.model_copy(update={"hints": HintSettings(enabled=args.hints == "on")})
        container = local(settings)
        if args.hints:  # the hints are written either way: only whether recall searches them differs
            container = dataclasses.replace(container, enricher_factory=templated_hints_enricher)
        container.embedder.embed(["warm up the model"])
        now = datetime.now(UTC)

        t0 = time.perf_counter()
        ids = ingest(container, scenarios, now)
        t1 = time.perf_counter()
        drain(container, batch=64)
        depth = container.queue.depth()
        t2 = time.perf_counter()
        rows = evaluate(container, scenarios, ids, args.misses)
        t3 = time.perf_counter()
    finally:
        if args.keep:
            print(f"data dir kept: {data_dir}")
        else:
            shutil.rmtree(data_dir, ignore_errors=True)

    table = summarize(rows)
    memories = sum(len(s.memories) for s in scenarios)
    rev = commit()
    print(
        f"\nscenarios: {len(scenarios)} scopes, {memories} memories, {len(rows)} questions;"
        f" embedder {settings.embedder.provider}, enricher {settings.enricher.provider},"
        f" hints {args.hints or 'off'},"
        f" pipeline {settings.pipeline_mode}; commit {rev}"
    )
    print(
        f"remember {t1 - t0:.1f} s, enrichment {t2 - t1:.1f} s (dead jobs {depth.get('dead', 0)}),"
        f" {len(rows)} recalls {t3 - t2:.1f} s\n"
    )
    print(markdown(table))
    result = {
        "bench": "scenarios",
        "set": args.scenario_set,
        "commit": rev,
        "embedder": settings.embedder.provider,
        "enricher": settings.enricher.provider,
        "scopes": len(scenarios),
        "memories": memories,
        "top_k": TOP_K,
        "seconds": {"remember": round(t1 - t0, 2), "enrich": round(t2 - t1, 2), "recall": round(t3 - t2, 2)},
        "summary": table,
        "questions": rows,
    }
    if args.json == "-":
        print(json.dumps(result, indent=2))
    elif args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
        print(f"\nresults written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
