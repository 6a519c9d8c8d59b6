"""The integrations are optional extras: `import engram` imports no framework, and an integration whose
framework is missing says which extra to install."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_import_engram_does_not_import_the_frameworks() -> None:
    code = (
        "import sys, engram, engram.client, engram.integrations\n"
        "assert not {'langgraph', 'agents'} & set(sys.modules), sorted(sys.modules)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=60)


@pytest.mark.parametrize(
    ("module", "blocked", "extra"),
    [
        ("engram.integrations.langgraph", "langgraph", "langgraph"),
        ("engram.integrations.openai_agents", "agents", "openai-agents"),
    ],
)
def test_a_missing_extra_names_itself(module: str, blocked: str, extra: str) -> None:
    code = f"import sys\nsys.modules[{blocked!r}] = None\nimport {module}\n"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert run.returncode != 0
    assert f"pip install 'engram[{extra}]'" in run.stderr
