"""The janitor's `reembed` job on AWS (DynamoDB under moto, the OpenSearch loopback fake): after a model
switch each scheduled run re-embeds at most its budget, tenant by tenant, going on from its saved cursor,
until every tenant's alias serves the new model's index; its report carries the progress."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from types import ModuleType
from typing import Any

import pytest

from engram.cli.invoke import LocalContext
from engram.ports import IndexedMemory, JanitorJob
from engram.runtime.container import Container
from engram.runtime.janitor_wiring import janitor_for, janitor_state
from engram.settings import Settings
from engram.usecases.janitor.context import JanitorReport
from engram.usecases.keys import create_key
from tests.conftest import ROOT, FakeClock, load_event
from tests.integration.builders import MotoAws, moto_aws, new_memory

TENANTS = {"acme": 23, "beta": 17}  # memories a tenant: 40 vectors in all
T0 = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def handler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """functions/janitor/handler.py as `engram invoke` loads it; each test aims its `janitor`."""
    previous = os.environ.get("ENGRAM_DATA_DIR")
    os.environ["ENGRAM_DATA_DIR"] = str(tmp_path_factory.mktemp("handler"))
    try:
        spec = importlib.util.spec_from_file_location(
            "engram_function_janitor_reembed", ROOT / "functions" / "janitor" / "handler.py"
        )
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        if previous is None:
            del os.environ["ENGRAM_DATA_DIR"]
        else:
            os.environ["ENGRAM_DATA_DIR"] = previous
    yield module


@pytest.fixture(params=["es", "aoss"])
def aws(request: pytest.FixtureRequest) -> Iterator[tuple[MotoAws, str]]:
    with moto_aws(serverless=request.param == "aoss") as found:
        yield found, request.param


def deployment(aws: tuple[MotoAws, str], tmp_path: Any, model: str, **janitor: Any) -> Container:
    moto, mode = aws
    settings = Settings(
        data_dir=tmp_path,
        embedder={"provider": "hashing", "model": model, "dimensions": 32},
        janitor={"batch_limit": 10, "reembed_budget": 25, **janitor},
    )
    return moto.container(
        moto.settings(settings).model_copy(update={"opensearch_mode": mode}), clock=FakeClock()
    )


def seed(aws: tuple[MotoAws, str], c: Container) -> None:
    """Each tenant's memories, stored and indexed with the deployment's model, and an API key."""
    for tenant, n in TENANTS.items():
        create_key(c.keys, tenant)
        items = [
            new_memory(
                f"{tenant} note {i} about topic {i % 7}",
                at=T0 + timedelta(seconds=i),
                id=f"m{i:04d}",
                tenant=tenant,
                user_id="alice",
            )
            for i in range(n)
        ]
        for m in items:
            assert c.store.insert_or_dedup(m).created
        vectors = c.embedder.embed([m.content for m in items])
        c.vector_index.upsert([IndexedMemory(m, v) for m, v in zip(items, vectors, strict=True)])
    refresh(aws)


def refresh(aws: tuple[MotoAws, str]) -> None:
    aws[0].search.refresh()  # what OpenSearch does each second: new documents become searchable


def run(aws: tuple[MotoAws, str], handler: ModuleType, c: Container, **detail: Any) -> JanitorReport:
    event = load_event("janitor/reembed.json")
    event["detail"].update(detail)
    handler.janitor = janitor_for(c)
    report = JanitorReport.model_validate(handler.handler(event, LocalContext("janitor")))
    refresh(aws)
    return report


def test_each_run_reembeds_its_budget_and_the_pass_ends_with_every_alias_switched(
    aws, tmp_path, handler, monkeypatch
):
    a = deployment(aws, tmp_path, "a")
    seed(aws, a)
    c = deployment(aws, tmp_path, "b")
    metrics: list[tuple[str, int]] = []
    monkeypatch.setattr("engram.usecases.janitor.runner.count", lambda name, n=1: metrics.append((name, n)))

    # A dry run says what is left and changes nothing, not even the cursor
    dry = run(aws, handler, c, dry_run=True)
    assert dry.counts == {"to_reembed": 40} and dry.progress and dry.progress["percent"] == 0.0
    assert janitor_state(c).load(JanitorJob.reembed).last_run_at is None

    # Each run re-embeds its budget (25) in batches of batch_limit (10), then stops part way
    first = run(aws, handler, c)
    assert (first.counts, first.batches, first.complete) == ({"reembedded": 25}, 3, False)
    assert first.progress == {**first.progress, "current": 25, "vectors": 40, "done": False}
    assert janitor_state(c).load(JanitorJob.reembed).cursor == first.cursor is not None
    assert [n for name, n in metrics if name == "MemoryReembedded"] == [10, 10, 5]

    # The next run goes on from the saved cursor (into the second tenant) and ends the pass
    second = run(aws, handler, c)
    assert (second.counts, second.complete) == ({"reembedded": 15}, True)
    assert second.progress is not None and (second.progress["percent"], second.progress["done"]) == (
        100.0,
        True,
    )
    for tenant in TENANTS:
        assert not c.vector_index.switching(tenant)  # type: ignore[attr-defined]
        assert c.vector_index.model_counts(tenant) == {"hashing:b:32": TENANTS[tenant]}  # type: ignore[attr-defined]

    # Idempotent: once done, a run re-embeds nothing
    third = run(aws, handler, c)
    assert (third.counts, third.complete) == ({}, True)


def test_a_run_cut_short_resumes_where_its_last_batch_ended(aws, tmp_path):
    a = deployment(aws, tmp_path, "a")
    seed(aws, a)
    c = deployment(aws, tmp_path, "b", reembed_budget=1000)
    janitor = janitor_for(c)
    cut = janitor.run(JanitorJob.reembed, keep_going=lambda: False)  # a Lambda out of time: one batch
    assert (cut.counts, cut.complete) == ({"reembedded": 10}, False)
    refresh(aws)
    rest = janitor.run(JanitorJob.reembed, max_batches=100)
    assert (rest.counts, rest.complete) == ({"reembedded": 30}, True)
    assert c.reembed is not None and c.reembed.progress().done


def test_the_embedded_default_leaves_it_to_engram_serves_loop(tmp_path):
    from engram.runtime.container import local

    c = local(Settings(data_dir=tmp_path, embedder={"provider": "hashing"}), clock=FakeClock())
    report = janitor_for(c).run(JanitorJob.reembed)
    assert report.complete and report.counts == {} and "engram serve" in report.notes[0]


def test_the_embedded_default_runs_it_when_engram_serves_loop_is_off(tmp_path):
    """`ENGRAM_EMBEDDER__REEMBED_BUDGET=0`: the janitor's job re-embeds the local index (its cursor a
    vector's position, kept between runs)."""
    from engram.runtime.container import local

    def build(model: str) -> Container:
        embedder = {"provider": "hashing", "model": model, "dimensions": 32, "reembed_budget": 0}
        janitor = {"batch_limit": 4, "reembed_budget": 6}
        return local(Settings(data_dir=tmp_path, embedder=embedder, janitor=janitor), clock=FakeClock())

    old = build("a")
    items = [
        new_memory(f"note {i}", at=T0 + timedelta(seconds=i), tenant="acme", user_id="u") for i in range(9)
    ]
    for m in items:
        assert old.store.insert_or_dedup(m).created
    old.vector_index.upsert(
        [
            IndexedMemory(m, v)
            for m, v in zip(items, old.embedder.embed([m.content for m in items]), strict=True)
        ]
    )
    new = build("b")
    janitor = janitor_for(new)
    first = janitor.run(JanitorJob.reembed, max_batches=100)
    assert (first.counts, first.batches, first.complete) == ({"reembedded": 6}, 2, False)
    second = janitor.run(JanitorJob.reembed, max_batches=100)
    assert (second.counts, second.complete) == ({"reembedded": 3}, True)
    assert second.progress is not None and second.progress["done"]
