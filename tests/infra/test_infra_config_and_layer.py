"""Context parsing and the layer bundler, without synthesizing."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aws_cdk as cdk
import pytest
from aws_cdk.assertions import Annotations, Match
from engram_infra import build, layer
from engram_infra.config import ConfigError, EngramConfig
from engram_infra.layer import PYTHON_VERSION, REQUIREMENTS, RUNTIME, PipLayerBundler
from engram_infra.stack import REPO_ROOT
from infra_helpers import FUNCTION_NAMES, Synth, cdk_json_context


def _config(**overrides: Any) -> EngramConfig:
    return EngramConfig.from_node(cdk.App(context={**cdk_json_context(), **overrides}).node)


def test_command_line_strings_are_coerced() -> None:
    config = _config(
        bundle="false", cull_enabled="true", embedding_dimensions="512", dlq_max_receive_count="3"
    )
    assert (config.bundle, config.cull_enabled) == (False, True)
    assert (config.embedding_dimensions, config.dlq_max_receive_count) == (512, 3)


def test_standby_replicas_follow_the_stage_unless_set() -> None:
    assert _config().opensearch_standby_replicas is False
    assert _config(stage="prod").opensearch_standby_replicas is True
    assert _config(opensearch_standby_replicas="true").opensearch_standby_replicas is True


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("stage", "Prod_1", "stage"),
        ("bundle", "maybe", "bundle must be true or false"),
        ("embedding_provider", "minilm", "embedding_provider must be one of bedrock, openai"),
        ("opensearch", "elastic", "opensearch must be one of serverless, domain"),
        ("log_retention_days", "45", "log_retention_days must be one of"),
        ("schedule_repair", "every 5 minutes", "schedule_repair must be an EventBridge"),
        ("dlq_max_receive_count", "0", "dlq_max_receive_count must be between 1 and 1000"),
        ("alarm_email", "ops", "alarm_email"),
        ("default_key_rate", "0", "default_key_rate must be"),
        ("default_key_rate", "fast", "default_key_rate must be"),
        ("default_key_burst", "0", "default_key_burst must be between 1"),
        ("waf_rate_limit", "5", "waf_rate_limit must be 0"),
    ],
)
def test_bad_values_are_refused_with_the_key_named(key: str, value: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        _config(**{key: value})


def test_a_missing_value_says_where_defaults_live() -> None:
    context = cdk_json_context()
    del context["stage"]
    with pytest.raises(ConfigError, match=r"cdk\.json"):
        EngramConfig.from_node(cdk.App(context=context).node)


def test_an_llm_model_is_only_optional_for_the_rules_enricher() -> None:
    assert _config(llm_provider="rules", llm_model="").llm_model == ""
    with pytest.raises(ConfigError, match="llm_model"):
        _config(llm_provider="bedrock", llm_model="")


def test_layer_requirements_match_the_package_dependencies() -> None:
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    runtime_dependencies = [*project["dependencies"], *extras["server"], *extras["aws"]]
    provided_by_lambda = {"botocore"}
    sdk_only = {"httpx"}  # engram.client, the Python SDK: no Lambda function imports it
    left_out = provided_by_lambda | sdk_only | {"engram"}  # aws's `engram[server]`: the server list itself
    expected = {d for d in runtime_dependencies if d.split(">")[0].split("[")[0] not in left_out}
    assert set(REQUIREMENTS) == expected
    assert any(r.startswith("aws-lambda-powertools") for r in REQUIREMENTS)  # the server extra is in


def test_the_runtime_and_the_wheels_target_the_same_python() -> None:
    assert RUNTIME.name == f"python{PYTHON_VERSION}"


def test_the_bundler_asks_pip_for_lambda_arm64_wheels_only(tmp_path: Path) -> None:
    command = PipLayerBundler(tmp_path).pip_command(tmp_path / "out")
    assert "--only-binary=:all:" in command
    assert command[command.index("--python-version") + 1] == PYTHON_VERSION
    assert "manylinux2014_aarch64" in command
    assert command[command.index("--target") + 1] == str(tmp_path / "out")
    assert command[-len(REQUIREMENTS) :] == list(REQUIREMENTS)


def test_the_bundler_adds_the_package_and_drops_what_the_runtime_provides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "src" / "engram"
    (package / "__pycache__").mkdir(parents=True)
    (package / "__init__.py").write_text("VERSION = 1\n")
    (package / "__pycache__" / "x.pyc").write_bytes(b"")

    def fake_pip(command: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        target = Path(command[command.index("--target") + 1])
        for name in ("pydantic", "botocore", "botocore-1.35.0.dist-info", "boto3"):
            (target / name).mkdir(parents=True)
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(subprocess, "run", fake_pip)
    out = tmp_path / "out"

    assert PipLayerBundler(package, python="3.99").try_bundle(str(out)) is True  # bytecode: below

    assert sorted(p.name for p in (out / "python").iterdir()) == ["engram", "pydantic"]
    assert (out / "python" / "engram" / "__init__.py").read_text() == "VERSION = 1\n"
    assert not (out / "python" / "engram" / "__pycache__").exists()


def test_a_pip_failure_stops_the_synth_with_pips_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        subprocess,
        "run",
        lambda command, **_: subprocess.CompletedProcess(command, 1, "", "No matching distribution"),
    )
    with pytest.raises(RuntimeError, match="No matching distribution"):
        PipLayerBundler(tmp_path).try_bundle(str(tmp_path / "out"))


def test_an_unbundled_template_is_marked_not_for_deploying(dev: Synth) -> None:
    Annotations.from_stack(dev.stack).has_warning("*", Match.string_like_regexp(".*do not deploy.*"))


def test_the_stack_reads_code_from_the_repository_by_default() -> None:
    assert (REPO_ROOT / "layers" / "engram" / "python" / "engram" / "__init__.py").is_file()
    for name in FUNCTION_NAMES:
        assert (REPO_ROOT / "functions" / name).is_dir(), name


def test_a_missing_handler_fails_the_synth_early(tmp_path: Path) -> None:
    (tmp_path / "layers" / "engram" / "python" / "engram").mkdir(parents=True)
    app = cdk.App(context={**cdk_json_context(), "bundle": False})
    with pytest.raises(FileNotFoundError, match=r"functions/api/handler\.py"):
        build(app, source_root=tmp_path, nag=False)


def _fake_pip_with_pydantic(command: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
    target = Path(command[command.index("--target") + 1])
    (target / "pydantic").mkdir(parents=True)
    (target / "pydantic" / "__init__.py").write_text("NAME = 'pydantic'\n")
    return subprocess.CompletedProcess(command, 0, "", "")


def test_the_bundler_ships_bytecode_python_uses_whatever_the_sources_timestamps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bundled by the runtime's Python version, the layer carries unchecked-hash .pyc files: after
    the sources change (as a zip's fixed timestamps change them), Python still runs the bytecode."""
    running = f"{sys.version_info.major}.{sys.version_info.minor}"
    package = tmp_path / "src" / "engram"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("VERSION = 1\n")
    monkeypatch.setattr(subprocess, "run", _fake_pip_with_pydantic)
    out = tmp_path / "out"

    assert PipLayerBundler(package, python=running).try_bundle(str(out)) is True

    tag = sys.implementation.cache_tag
    for module in ("engram", "pydantic"):
        pyc = out / "python" / module / "__pycache__" / f"__init__.{tag}.pyc"
        flags = int.from_bytes(pyc.read_bytes()[4:8], "little")
        assert flags == 0b01, module  # hash-based, source not checked (PEP 552)
    (out / "python" / "engram" / "__init__.py").write_text("VERSION = 2\n")
    monkeypatch.undo()  # subprocess.run is real again
    ran = subprocess.run(
        [sys.executable, "-B", "-c", "import engram; print(engram.VERSION)"],
        env={"PYTHONPATH": str(out / "python")},
        capture_output=True,
        text=True,
        check=True,
    )
    assert ran.stdout.strip() == "1"


def test_bundled_by_another_python_version_the_layer_has_no_bytecode_and_the_stack_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "src" / "engram"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("VERSION = 1\n")
    monkeypatch.setattr(subprocess, "run", _fake_pip_with_pydantic)

    assert PipLayerBundler(package, python="3.99").try_bundle(str(tmp_path / "out")) is True

    assert not list((tmp_path / "out").rglob("*.pyc"))
    warning = layer.bytecode_warning(bundle=True, python="3.99")
    assert warning is not None
    assert "without bytecode" in warning
    assert "Synthesize with Python 3.99" in warning
    running = f"{sys.version_info.major}.{sys.version_info.minor}"
    assert (f"-c python={running}" in warning) == (running in layer.RUNTIMES)
    assert layer.bytecode_warning(bundle=False, python="3.99") is None


def test_bundled_by_the_runtimes_python_version_the_stack_has_no_bytecode_warning() -> None:
    running = f"{sys.version_info.major}.{sys.version_info.minor}"
    assert layer.bytecode_warning(bundle=True, python=running) is None


def test_the_python_version_picks_the_functions_runtime_and_the_layers_wheels(
    synth: Callable[..., Synth], tmp_path: Path
) -> None:
    assert _config().python == "3.12"
    with pytest.raises(ConfigError, match=r"python must be one of 3\.11, 3\.12, 3\.13"):
        _config(python="3.10")
    template = synth(python="3.11", snapstart="false")
    runtimes = {f["Properties"]["Runtime"] for f in template.resources("AWS::Lambda::Function").values()}
    assert runtimes == {"python3.11"}
    (layer_version,) = template.resources("AWS::Lambda::LayerVersion").values()
    assert layer_version["Properties"]["CompatibleRuntimes"] == ["python3.11"]
    command = PipLayerBundler(tmp_path, python="3.11").pip_command(tmp_path / "out")
    assert command[command.index("--python-version") + 1] == "3.11"


def test_the_docker_fallback_compiles_the_layer_with_the_runtimes_python() -> None:
    command = layer.docker_command()
    assert command.index("cp -r /asset-input/python/engram") < command.index("python -m compileall")
    assert "--invalidation-mode unchecked-hash /asset-output/python" in command
