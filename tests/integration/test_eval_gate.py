"""The eval gate (bench/eval.py, `make eval`): recall quality on our scenario set, both blind sets and
a LoCoMo slice, held to the committed baseline (bench/eval_baseline.json) in its fast form."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _eval(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "bench" / "eval.py"), "--fast", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=900,
    )


def test_recall_holds_the_committed_baseline() -> None:
    done = _eval()
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_worse_ranking_weight_fails_the_gate() -> None:
    """Relevance turned off (both legs weigh nothing): the gate must refuse it, naming what fell."""
    done = _eval("--ranking", "lexical_weight=0", "vector_weight=0")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "recall got worse than the fast baseline" in done.stderr
    assert "overall" in done.stderr and "baseline" in done.stderr
