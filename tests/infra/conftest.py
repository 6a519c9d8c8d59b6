"""Synthesize the engram stack in-process, offline: layer bundling off (`bundle=false`) and the
function code replaced by placeholder handlers in a temporary directory, since the template's shape
does not depend on what the handlers contain. Each configuration is synthesized once per session."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "1")
os.environ.setdefault("JSII_SILENCE_WARNING_DEPRECATED_NODE_VERSION", "1")
os.environ.setdefault("JSII_SILENCE_WARNING_UNTESTED_NODE_VERSION", "1")

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1] / "infra")]

import aws_cdk as cdk  # noqa: E402
from engram_infra import build  # noqa: E402
from infra_helpers import FUNCTION_NAMES, Synth, cdk_json_context  # noqa: E402


@pytest.fixture(scope="session")
def source_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("engram-src")
    for name in FUNCTION_NAMES:
        (root / "functions" / name).mkdir(parents=True)
        (root / "functions" / name / "handler.py").write_text(
            "def handler(event, context):\n    return None\n"
        )
    package = root / "layers" / "engram" / "python" / "engram"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    return root


@pytest.fixture(scope="session")
def synth(source_root: Path) -> Iterator[Callable[..., Synth]]:
    cache: dict[tuple[tuple[str, Any], ...], Synth] = {}

    def make(**context: Any) -> Synth:
        key = tuple(sorted(context.items()))
        if key not in cache:
            app = cdk.App(context={**cdk_json_context(), "bundle": False, **context})
            cache[key] = Synth(build(app, source_root=source_root, nag=False))
        return cache[key]

    yield make


@pytest.fixture(scope="module")
def dev(synth: Callable[..., Synth]) -> Synth:
    return synth()


@pytest.fixture(scope="module")
def prod(synth: Callable[..., Synth]) -> Synth:
    return synth(stage="prod")


@pytest.fixture(scope="module")
def domain(synth: Callable[..., Synth]) -> Synth:
    return synth(opensearch="domain")
