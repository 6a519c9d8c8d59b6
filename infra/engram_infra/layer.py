"""The shared Lambda layer: the `engram` package plus its runtime dependencies.

Bundling runs on the machine that synthesizes, without Docker: pip downloads manylinux aarch64 wheels
for the Lambda Python version into `<out>/python`, then the package is copied next to them. Docker (the
SAM build image) is only the fallback CDK uses when pip is not importable.

With `-c bundle=false` the layer is the package folder alone, without its dependencies. The test-suite
and `make synth` use that to stay offline and fast; such a template synthesizes and passes every check,
but its functions would fail at import if it were deployed. The stack carries a warning saying so.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import jsii
from aws_cdk import BundlingOptions, DockerImage, ILocalBundling
from aws_cdk import aws_lambda as lambda_

PYTHON_VERSION = "3.12"
RUNTIME = lambda_.Runtime.PYTHON_3_12
ARCHITECTURE = lambda_.Architecture.ARM_64

# The layer's runtime dependencies, read from pyproject.toml (never a hand copy): the package's core
# dependencies plus its `aws` extra, less botocore (the Lambda runtime has it; pruned below with its
# transitive dependencies) and httpx (engram.client, the Python SDK, which no function imports).
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
_NOT_IN_THE_LAYER = {"botocore", "httpx"}


def _name(requirement: str) -> str:
    return re.split(r"[\[<>=!~;\s]", requirement, maxsplit=1)[0].lower()


def layer_requirements(pyproject: Path = PYPROJECT) -> tuple[str, ...]:
    project = tomllib.loads(pyproject.read_text())["project"]
    dependencies = [*project["dependencies"], *project["optional-dependencies"]["aws"]]
    return tuple(d for d in dependencies if _name(d) not in _NOT_IN_THE_LAYER)


REQUIREMENTS = layer_requirements()

# Pulled in transitively (aws-xray-sdk needs botocore) but already in the runtime; shipping a second,
# older copy in /opt/python would shadow the runtime's matching boto3/botocore pair.
_RUNTIME_PROVIDED = ("boto3", "botocore", "s3transfer", "jmespath")
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")


@jsii.implements(ILocalBundling)
class PipLayerBundler:
    """Builds `<out>/python` with pip for the Lambda platform, then copies the package in."""

    def __init__(self, package_dir: Path, requirements: tuple[str, ...] = REQUIREMENTS) -> None:
        self._package_dir = package_dir
        self._requirements = requirements

    def pip_command(self, target: Path) -> list[str]:
        return [
            sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
            "--no-compile", "--only-binary=:all:", "--implementation", "cp",
            "--platform", "manylinux2014_aarch64", "--platform", "manylinux_2_28_aarch64",
            "--python-version", PYTHON_VERSION, "--target", str(target), *self._requirements,
        ]  # fmt: skip

    def try_bundle(self, output_dir: str, *_args: Any, **_options: Any) -> bool:
        if importlib.util.find_spec("pip") is None:
            return False  # CDK falls back to the Docker image
        target = Path(output_dir) / "python"
        result = subprocess.run(self.pip_command(target), capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"pip could not build the engram layer:\n{result.stderr.strip()}")
        for pattern in _RUNTIME_PROVIDED:
            for path in [*target.glob(pattern), *target.glob(f"{pattern}-*.dist-info")]:
                shutil.rmtree(path)
        shutil.copytree(self._package_dir, target / "engram", ignore=_IGNORE, dirs_exist_ok=True)
        return True


def layer_code(layer_root: Path, *, bundle: bool) -> lambda_.Code:
    """The layer's code asset; `layer_root` is `layers/engram` (its `python/engram` is the package)."""
    if not bundle:
        return lambda_.Code.from_asset(
            str(layer_root), exclude=["**/__pycache__", "**/*.pyc", "**/*.egg-info"]
        )
    requirements = " ".join(f"'{requirement}'" for requirement in REQUIREMENTS)
    docker_command = (
        f"pip install --no-compile --only-binary=:all: --target /asset-output/python {requirements}"
        f" && rm -rf /asset-output/python/{{boto3,botocore,s3transfer,jmespath}}*"
        " && cp -r /asset-input/python/engram /asset-output/python/engram"
    )
    return lambda_.Code.from_asset(
        str(layer_root),
        exclude=["**/__pycache__", "**/*.pyc", "**/*.egg-info"],
        bundling=BundlingOptions(
            image=DockerImage.from_registry(f"public.ecr.aws/sam/build-python{PYTHON_VERSION}"),
            platform="linux/arm64",
            command=["bash", "-c", docker_command],
            local=PipLayerBundler(layer_root / "python" / "engram"),
        ),
    )
