"""SnapStart: the restore hook every handler registers (through `cold_start`), and the reason no
other is needed: a handler's init opens no connection that a snapshot could carry."""

from __future__ import annotations

import importlib.util
import random
import sys
import types
from collections.abc import Callable
from pathlib import Path

import pytest

from engram.runtime import snapstart
from engram.runtime.coldstart import cold_start

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def lambda_runtime(monkeypatch: pytest.MonkeyPatch) -> list[Callable[[], None]]:
    """The module Lambda's Python runtime provides under SnapStart, recording what is registered."""
    hooks: list[Callable[[], None]] = []
    module = types.ModuleType("snapshot_restore_py")
    module.register_after_restore = hooks.append  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "snapshot_restore_py", module)
    return hooks


def test_a_handlers_set_up_registers_the_restore_hook(lambda_runtime: list[Callable[[], None]]) -> None:
    with cold_start():
        pass
    assert lambda_runtime == [snapstart.reseed]


def test_without_snapstarts_runtime_nothing_is_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "snapshot_restore_py", None)  # import fails
    assert snapstart.register() is False


def test_instances_restored_from_one_snapshot_draw_different_random_numbers() -> None:
    snapshot = random.getstate()
    first = [random.random() for _ in range(3)]
    random.setstate(snapshot)
    assert [random.random() for _ in range(3)] == first  # what two restored instances would share

    random.setstate(snapshot)
    snapstart.reseed()
    assert [random.random() for _ in range(3)] != first


def test_the_authorizers_init_opens_no_connection(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its DynamoDB client is built at init (in the snapshot) and connects on the first request."""
    for name, value in {
        "ENGRAM_BACKEND": "aws",
        "ENGRAM_TABLE_NAME": "t",
        "ENGRAM_REGION": "eu-west-1",
    }.items():
        monkeypatch.setenv(name, value)
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.setenv(name, "testing")
    spec = importlib.util.spec_from_file_location(
        "authorizer_handler", ROOT / "functions/authorizer/handler.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)

    spec.loader.exec_module(module)  # the network is blocked: a connection would raise

    assert module.keys.client.meta.region_name == "eu-west-1"
