"""The TypeScript SDK's own tests (`node --test` in sdk/typescript) as part of the suite: `npm ci`
when its package-lock changed since the last install, then `npm test`, which builds the SDK and
runs it against an `engram serve` started from this interpreter's `engram` script. A pytest test
rather than a Makefile target, so `make test`, CI and a plain `pytest` all run it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.conftest import ROOT

pytestmark = pytest.mark.e2e

SDK = ROOT / "sdk" / "typescript"


def _npm_ci(npm: str) -> None:
    """`npm ci` unless it ran since package-lock.json last changed (the marker `make` uses too)."""
    marker = SDK / "node_modules" / ".installed"
    if marker.is_file() and marker.stat().st_mtime >= (SDK / "package-lock.json").stat().st_mtime:
        return
    result = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=SDK,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, f"npm ci failed:\n{result.stdout}\n{result.stderr}"
    marker.touch()


def test_the_typescript_sdk_passes_its_tests() -> None:
    npm = shutil.which("npm")
    assert npm, "sdk/typescript needs Node.js 20+ with npm on the PATH"
    _npm_ci(npm)
    engram = Path(sys.executable).with_name("engram")
    env = {**os.environ, **({"ENGRAM_BIN": str(engram)} if engram.is_file() else {})}
    result = subprocess.run([npm, "test"], cwd=SDK, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"npm test failed:\n{result.stdout[-20000:]}\n{result.stderr[-5000:]}"
