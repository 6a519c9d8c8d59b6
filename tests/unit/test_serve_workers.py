"""`engram serve` picks its HTTP process count from the machine unless told."""

from __future__ import annotations

import os

import pytest

from engram.cli import build_parser
from engram.runtime import server
from engram.runtime.server import MAX_AUTO_WORKERS, default_workers


@pytest.mark.parametrize(("cores", "expected"), [(1, 1), (2, 2), (4, 4), (64, MAX_AUTO_WORKERS)])
def test_one_process_per_core_up_to_a_cap(monkeypatch, cores, expected):
    monkeypatch.setattr(server.os, "sched_getaffinity", lambda _pid: set(range(cores)), raising=False)
    assert default_workers() == expected


def test_without_the_flag_or_the_variable_serve_asks_the_machine(monkeypatch):
    monkeypatch.delenv("ENGRAM_HTTP_WORKERS", raising=False)
    assert build_parser().parse_args(["serve"]).workers == 0  # 0: default_workers() decides


def test_the_flag_and_the_variable_override_the_machine(monkeypatch):
    monkeypatch.setenv("ENGRAM_HTTP_WORKERS", "3")
    assert build_parser().parse_args(["serve"]).workers == 3
    assert build_parser().parse_args(["serve", "--workers", "1"]).workers == 1


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity"), reason="Linux affinity")
def test_the_machine_here_gets_at_least_one_process():
    assert 1 <= default_workers() <= min(len(os.sched_getaffinity(0)), MAX_AUTO_WORKERS)


def test_what_set_up_built_is_frozen_before_the_server_answers(monkeypatch, tmp_path):
    """A full collection then scans only what requests made (in the Lambda handlers: runtime.coldstart)."""
    import gc

    from engram.runtime.container import local
    from engram.settings import Settings

    frozen: list[int] = []
    monkeypatch.setattr(
        server.uvicorn.Server, "run", lambda self, sockets: frozen.append(gc.get_freeze_count())
    )
    gc.unfreeze()
    container = local(Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}))
    sock = server.listen("127.0.0.1", 0, 16)
    try:
        server.run(container, sock)
    finally:
        sock.close()
        gc.unfreeze()
    assert frozen and frozen[0] > 0
