"""`engram recall` as a user runs it: `python -m engram.cli recall …` in a subprocess on a data dir
where memories were remembered and enriched (hashing embedder, so the subprocess starts fast)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from engram.domain.models import MemoryType, Provenance, Status
from engram.runtime.container import local
from engram.runtime.worker import drain
from engram.settings import Settings
from engram.usecases.remember import Outcome, RememberCommand
from tests.conftest import ROOT

ENV = {**os.environ, "ENGRAM_EMBEDDER__PROVIDER": "hashing", "POWERTOOLS_LOG_LEVEL": "ERROR"}
NOW = datetime.now(UTC)
MONTH_AGO = NOW - timedelta(days=30)


@dataclass(frozen=True)
class Seeded:
    data_dir: Path
    ids: dict[str, str]  # name → memory id

    def names(self, results: list[dict[str, Any]]) -> list[str]:
        by_id = {memory_id: name for name, memory_id in self.ids.items()}
        return [by_id[r["memory"]["id"]] for r in results]


SEEDS: dict[str, dict[str, Any]] = {
    "approvals": {
        "content": "Deploys to production need two approvals",
        "memory_type": MemoryType.constraint,
        "importance": 5,
    },
    "cli": {
        "content": "Alice prefers deploying from the command line",
        "memory_type": MemoryType.preference,
        "provenance": Provenance.assistant_derived,
        "importance": 2,
    },
    "pipeline": {
        "content": "The deploy pipeline runs Terraform on AWS in Frankfurt",
        "observed_at": MONTH_AGO,
    },
    "freeze": {"content": "The deploy freeze lasts until Monday", "valid_until": NOW - timedelta(days=1)},
    "work": {"content": "Deploy windows at work are on Tuesdays", "namespace": "work"},
    "side": {"content": "The side project deploys to a Raspberry Pi", "project": "side"},
    "bob": {"content": "Bob deploys on weekends", "user_id": "bob"},
    "globex": {"content": "Globex deploys every hour", "tenant": "globex"},
}
ALICE = {"approvals", "cli", "pipeline", "freeze", "work", "side"}


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Seeded]:
    """Memories in several scopes of one data dir, enriched by the local worker's code."""
    data_dir = tmp_path_factory.mktemp("recall-cli")
    container = local(Settings(data_dir=data_dir, embedder={"provider": "hashing"}))
    ids = {}
    for name, seed in SEEDS.items():
        fields = {"tenant": "local", "user_id": "alice", **seed}
        result = container.remember(RememberCommand(**fields))
        assert result.outcome == Outcome.stored and result.memory is not None
        ids[name] = result.memory.id
    drain(container)
    for name, memory_id in ids.items():
        tenant = SEEDS[name].get("tenant", "local")
        stored = container.store.get(tenant, memory_id)
        assert stored is not None and stored.status == Status.active and stored.enrichment.state == "done"
    yield Seeded(data_dir, ids)


def engram_recall(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engram.cli", "recall", *args, "--data-dir", str(data_dir)],
        env=ENV,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def recall_json(seeded: Seeded, *args: str) -> list[dict[str, Any]]:
    done = engram_recall(seeded.data_dir, *args, "--json")
    assert done.returncode == 0, done.stderr
    results: list[dict[str, Any]] = json.loads(done.stdout)["results"]
    return results


def test_recall_prints_a_table_best_first(seeded: Seeded) -> None:
    done = engram_recall(seeded.data_dir, "production deploy approvals", "--user-id", "alice")

    assert done.returncode == 0, done.stderr
    header, first, *rest = done.stdout.splitlines()
    assert header.split() == ["#", "score", "type", "content"]
    rank, score, kind, *content = first.split()
    assert (rank, kind, " ".join(content)) == ("1", "constraint", SEEDS["approvals"]["content"])
    assert 0 < float(score) <= 2
    assert len(rest) == 5  # alice's other memories, in every project and namespace
    assert "bm25" not in done.stdout


def test_explain_shows_each_factor_of_the_score(seeded: Seeded) -> None:
    done = engram_recall(seeded.data_dir, "production deploy approvals", "--user-id", "alice", "--explain")

    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert SEEDS["approvals"]["content"] in lines[1]
    assert f"id {seeded.ids['approvals']}" in lines[2] and "bm25 " in lines[2] and "vector " in lines[2]
    assert lines[3].strip().startswith("= fused ")
    for factor in ("importance", "recency", "provenance", "expiry", "hits"):
        assert f"× {factor} " in lines[3]


def test_json_is_the_search_routes_response_and_explains_the_score(seeded: Seeded) -> None:
    plain = recall_json(seeded, "production deploy approvals", "--user-id", "alice")
    explained = recall_json(seeded, "production deploy approvals", "--user-id", "alice", "--explain")

    assert seeded.names(plain)[0] == "approvals"
    assert all(r["components"] is None for r in plain)
    assert [r["memory"]["id"] for r in explained] == [r["memory"]["id"] for r in plain]
    for r in explained:
        c = r["components"]
        total = (c["fused"] + c["graph"]) * c["importance"] * c["recency"] * c["provenance"] * c["expiry"]
        total *= c["hits"] * c["superseded"] * c["hop"] * c["specificity"] * c["overlap"]
        assert math.isclose(total, r["score"], rel_tol=0, abs_tol=1e-9)
    assert {"id", "content", "memory_type", "provenance", "categories", "entities"} <= set(plain[0]["memory"])


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ([], ALICE),
        (["--tenant", "globex"], {"globex"}),
        (["--user-id", "bob"], {"bob"}),
        (["--project", "side"], {"side"}),
        (["--project", "default", "--namespace", "work", "--namespace", "nowhere"], {"work"}),
        (["--type", "preference", "--type", "constraint"], {"cli", "approvals"}),
        (["--category", "tech", "--entity", "Frankfurt"], {"pipeline"}),
        (["--provenance", "assistant_derived"], {"cli"}),
        (["--before", (NOW - timedelta(days=7)).isoformat()], {"pipeline"}),
        (["--after", (NOW - timedelta(days=7)).isoformat(), "--min-importance", "5"], {"approvals"}),
        (["--no-stale"], ALICE - {"freeze"}),
    ],
)
def test_scopes_and_filters(seeded: Seeded, args: list[str], expected: set[str]) -> None:
    if "--user-id" not in args:
        args = [*args, "--user-id", "alice"]
    assert set(seeded.names(recall_json(seeded, "deploy", "--top-k", "50", *args))) == expected


def test_top_k_and_min_score_bound_the_results(seeded: Seeded) -> None:
    everything = recall_json(seeded, "deploy windows", "--user-id", "alice", "--top-k", "50")
    scores = [r["score"] for r in everything]
    threshold = (scores[1] + scores[2]) / 2

    top = recall_json(seeded, "deploy windows", "--user-id", "alice", "--top-k", "2")
    above = recall_json(seeded, "deploy windows", "--user-id", "alice", "--min-score", str(threshold))

    assert seeded.names(everything)[0] == "work"
    assert [r["memory"]["id"] for r in top] == [r["memory"]["id"] for r in everything[:2]]
    assert [r["memory"]["id"] for r in above] == [
        r["memory"]["id"] for r in everything if r["score"] >= threshold
    ]


def test_nothing_found_says_so(seeded: Seeded) -> None:
    done = engram_recall(seeded.data_dir, "deploy", "--user-id", "nobody")

    assert done.returncode == 0 and done.stdout.strip() == "no memories found"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deploy", "--user-id", "alice", "--top-k", "0"], "error: top_k:"),
        (["deploy", "--user-id", "alice", "--top-k", "101"], "error: top_k:"),
        (["", "--user-id", "alice"], "error: query:"),
        (["deploy", "--user-id", "alice", "--type", "gossip"], "error: filters.memory_types.0:"),
        (["deploy", "--user-id", "alice", "--after", "last tuesday"], "error: filters.observed_after:"),
        (["deploy", "--user-id", "alice", "--namespace", "bad space"], "error: namespaces.0:"),
        (["deploy"], "the following arguments are required: --user-id"),
    ],
)
def test_bad_input_exits_2_with_the_field(seeded: Seeded, args: list[str], message: str) -> None:
    done = engram_recall(seeded.data_dir, *args)

    assert done.returncode == 2 and done.stdout == ""
    assert message in done.stderr
