"""`make eval`: recall quality held to a committed baseline, so a ranking change that makes recall
worse cannot land silently (issue 29, item 4).

Runs our scenario set and the blind sets (bench/scenarios, bench/blind) and a fixed LoCoMo slice on
the embedded default, in process, and compares Hit@1, Hit@3 and MRR@10 (scenarios) and R@10, MRR@10
(LoCoMo) with bench/eval_baseline.json: a drop beyond TOLERANCE fails. `--fast` (CI: tests/integration/
test_eval_gate.py) runs a fixed sample of each. The baseline moves only with `--update`, committed with
a message that says why.

    python bench/eval.py [--fast] [--ranking NAME=VALUE ...] [--update] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_scenarios import evaluate, ingest, summarize
from locomo import CATEGORIES, DEFAULT_DATA, metrics, turns
from scenarios import KINDS, load

from engram.domain.models import Status
from engram.runtime.container import local
from engram.runtime.worker import drain
from engram.settings import Settings
from engram.usecases.recall import RecallQuery
from engram.usecases.remember import RememberCommand

BASELINE = Path(__file__).resolve().parent / "eval_baseline.json"
SETS = ("own", "blind1", "blind2")
FAST_PER_KIND = 4  # scenarios of each kind in --fast, the first ones of each module
# How far a metric may fall below its baseline before the gate fails: this much, or one question of
# the row if that is more (float noise across CPUs can flip a near tie; it does not move two questions).
TOLERANCE = {"overall": 0.02, "kind": 0.10}
LOCOMO_SLICE = {"fast": (1,), "full": (1, 2, 3)}  # conversation numbers, in file order
LOCOMO_FAST_QUESTIONS = 80
TENANT = "bench"


def settings_for(data_dir: Path, ranking: dict[str, float]) -> Settings:
    settings = Settings(data_dir=data_dir)
    if ranking:
        settings = settings.model_copy(update={"ranking": settings.ranking.model_copy(update=ranking)})
    return settings


def scenario_set(name: str, fast: bool, ranking: dict[str, float]) -> dict[str, Any]:
    """Hit@1, Hit@3, MRR@10 per kind and overall for one scenario set, on a fresh data dir."""
    scenarios = load(None, name)
    if fast:
        scenarios = [s for kind in KINDS for s in [x for x in scenarios if x.kind == kind][:FAST_PER_KIND]]
    with _container(ranking) as container:
        ids = ingest(container, scenarios, datetime.now(UTC))
        drain(container, batch=64)
        rows = evaluate(container, scenarios, ids, misses=False)
    return summarize(rows)


def locomo(fast: bool, ranking: dict[str, float]) -> dict[str, Any]:
    """R@10 and MRR@10 over a fixed slice of LoCoMo's conversations, every turn one memory."""
    samples = json.loads(DEFAULT_DATA.read_text())
    slice_ = LOCOMO_SLICE["fast" if fast else "full"]
    samples = [s for n, s in enumerate(samples, 1) if n in slice_]
    scores: list[dict[str, float]] = []
    with _container(ranking) as container:
        for sample in samples:
            user = sample["sample_id"]
            commands, dia_ids = [], []
            for dia_id, text, at in turns(sample):
                commands.append(
                    RememberCommand(
                        tenant=TENANT, user_id=user, content=text[:8000], observed_at=at, force=True
                    )
                )
                dia_ids.append(dia_id)
            results = container.remember.many(commands)
            dia = {d: r.memory.id for d, r in zip(dia_ids, results, strict=True) if r.memory}
            drain(container, batch=64)
            questions = [qa for qa in sample["qa"] if qa["category"] in CATEGORIES]
            if fast:
                questions = questions[:LOCOMO_FAST_QUESTIONS]
            for qa in questions:
                relevant = {_survivor(container, dia[e]) for e in qa.get("evidence", []) if e in dia}
                if not relevant:
                    continue
                found = container.recall(
                    RecallQuery(tenant=TENANT, user_id=user, query=qa["question"], top_k=10)
                )
                scores.append(metrics([r.memory.id for r in found], relevant))
    n = len(scores)
    return {
        "overall": {
            "questions": n,
            "r@10": round(sum(s["R@10"] for s in scores) / n, 3),
            "mrr@10": round(sum(s["MRR@10"] for s in scores) / n, 3),
        }
    }


def _survivor(container: Any, memory_id: str) -> str:
    """The memory a turn ended up in (a merged one's survivor)."""
    seen = {memory_id}
    memory = container.store.get(TENANT, memory_id)
    while memory is not None and memory.status == Status.merged and memory.merged_into not in seen:
        seen.add(memory.merged_into)
        memory_id = memory.merged_into
        memory = container.store.get(TENANT, memory_id)
    return memory_id


class _container:
    """A local container on a fresh data dir, removed afterwards."""

    def __init__(self, ranking: dict[str, float]) -> None:
        self.ranking = ranking

    def __enter__(self) -> Any:
        self.data_dir = Path(tempfile.mkdtemp(prefix="engram-eval-"))
        return local(settings_for(self.data_dir, self.ranking))

    def __exit__(self, *exc: object) -> None:
        shutil.rmtree(self.data_dir, ignore_errors=True)


def run(fast: bool, ranking: dict[str, float]) -> dict[str, Any]:
    report: dict[str, Any] = {name: scenario_set(name, fast, ranking) for name in SETS}
    report["locomo"] = locomo(fast, ranking)
    return report


def regressions(report: dict[str, Any], baseline: dict[str, Any]) -> list[str]:
    """Every metric more than its tolerance below the baseline, as one line each."""
    found = []
    for suite, rows in baseline.items():
        for row, figures in rows.items():
            questions = figures.get("questions") or 1
            tolerance = max(TOLERANCE["overall" if row == "overall" else "kind"], 1 / questions + 1e-9)
            for metric, before in figures.items():
                if metric in ("questions", "lost"):
                    continue
                now = report.get(suite, {}).get(row, {}).get(metric)
                if now is None:
                    found.append(f"{suite} {row} {metric}: missing (baseline {before})")
                elif now < before - tolerance:
                    found.append(
                        f"{suite} {row} {metric}: {now:.3f}, baseline {before:.3f} (slack {tolerance:.3f})"
                    )
    return found


def _pair(text: str) -> tuple[str, float]:
    name, _, value = text.partition("=")
    if not value:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name, float(value)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--fast", action="store_true", help="a fixed sample of each set (CI, under 3 minutes)"
    )
    parser.add_argument(
        "--ranking", type=_pair, nargs="*", default=[], metavar="NAME=VALUE", help="ranking settings to try"
    )
    parser.add_argument("--update", action="store_true", help="write the results as the new baseline")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--baseline", type=Path, default=BASELINE)
    args = parser.parse_args(argv)

    mode = "fast" if args.fast else "full"
    report = run(args.fast, dict(args.ranking))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    for suite, rows in report.items():
        overall = rows["overall"]
        print(f"{suite:>7}: " + ", ".join(f"{k} {v}" for k, v in overall.items()))
    stored = json.loads(args.baseline.read_text()) if args.baseline.exists() else {}
    if args.update:
        stored[mode] = report
        args.baseline.write_text(json.dumps(stored, indent=2) + "\n")
        print(f"baseline ({mode}) written to {args.baseline}")
        return 0
    if mode not in stored:
        print(f"no {mode} baseline in {args.baseline}: run with --update first", file=sys.stderr)
        return 2
    dropped = regressions(report, stored[mode])
    if dropped:
        print(f"recall got worse than the {mode} baseline:\n  " + "\n  ".join(dropped), file=sys.stderr)
        return 1
    print(f"no metric below the {mode} baseline beyond its tolerance")
    return 0


if __name__ == "__main__":
    sys.exit(main())
