"""engram.runtime.coldstart: the collector is off inside the block, what the block built is frozen,
and the collector is left as the caller had it."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from engram.runtime.coldstart import cold_start


@pytest.fixture(autouse=True)
def _restore_gc() -> Iterator[None]:
    enabled = gc.isenabled()
    yield
    gc.unfreeze()
    if enabled:
        gc.enable()
    else:
        gc.disable()


def _cycles(n: int) -> list[list[object]]:
    made = []
    for _ in range(n):
        node: list[object] = []
        node.append(node)
        made.append(node)
    return made


def test_no_collection_runs_inside_and_the_blocks_objects_are_frozen() -> None:
    gc.enable()
    frozen_before = gc.get_freeze_count()
    before = sum(generation["collections"] for generation in gc.get_stats())
    with cold_start():
        assert not gc.isenabled()
        kept = _cycles(50_000)  # far past the young generation's threshold
    assert sum(generation["collections"] for generation in gc.get_stats()) == before
    assert gc.get_freeze_count() >= frozen_before + 50_000
    assert gc.isenabled()
    assert len(kept) == 50_000


def test_a_collector_the_caller_turned_off_stays_off() -> None:
    gc.disable()
    with cold_start():
        pass
    assert not gc.isenabled()


def test_an_error_in_the_block_still_turns_the_collector_back_on() -> None:
    gc.enable()
    with pytest.raises(RuntimeError), cold_start():
        raise RuntimeError("settings missing")
    assert gc.isenabled()
