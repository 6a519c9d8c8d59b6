"""The shared Lambda layer: the `engram` package plus its runtime dependencies.

Bundling runs on the machine that synthesizes, without Docker: pip downloads manylinux aarch64 wheels
for the Lambda Python version into `<out>/python`, then the package is copied next to them. Docker (the
SAM build image) is only the fallback CDK uses when pip is not importable.

The layer ships its modules compiled to bytecode whose source is never checked (`unchecked-hash`):
Lambda extracts a layer read-only under /opt, so Python cannot cache what it compiles there, and
without bytecode every cold start compiles engram and its dependencies from source first. On a 2-core
x86_64 machine (`bench/bench_coldstart.py --layer`, medians of 10) the api handler's import-plus-init
took 636 ms without bytecode and 342 ms with it; the authorizer's 224 and 161 ms. The source is not
checked because CDK zips assets with fixed timestamps, so a timestamp-checked .pyc would never match.
Bytecode is per Python version: pip's local bundling compiles only when the synthesizing interpreter
is the runtime's version (`compiles_here`); the Docker fallback always runs the runtime's Python.
Otherwise the stack carries a warning (`bytecode_warning`).

With `-c bundle=false` the layer is the package folder alone, without its dependencies. The test-suite
and `make synth` use that to stay offline and fast; such a template synthesizes and passes every check,
but its functions would fail at import if it were deployed. The stack carries a warning saying so.
"""

from __future__ import annotations

import compileall
import importlib.util
import py_compile
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

# The Lambda runtimes the layer can be built for (cdk.json's `python`, 3.12 unless `-c python=…`). The
# layer's wheels and bytecode are made for that version, and bytecode only by that version's Python.
RUNTIMES = {
    "3.11": lambda_.Runtime.PYTHON_3_11,
    "3.12": lambda_.Runtime.PYTHON_3_12,
    "3.13": lambda_.Runtime.PYTHON_3_13,
}
PYTHON_VERSION = "3.12"
RUNTIME = RUNTIMES[PYTHON_VERSION]
ARCHITECTURE = lambda_.Architecture.ARM_64

# The layer's runtime dependencies, read from pyproject.toml (never a hand copy): the package's core
# dependencies plus its `server` and `aws` extras (`engram[server]` inside `aws` is that same list), less
# botocore (the Lambda runtime has it; pruned below with its transitive dependencies) and httpx
# (engram.client, the Python SDK, which no function imports).
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
_NOT_IN_THE_LAYER = {"botocore", "httpx", "engram"}


def _name(requirement: str) -> str:
    return re.split(r"[\[<>=!~;\s]", requirement, maxsplit=1)[0].lower()


def layer_requirements(pyproject: Path = PYPROJECT) -> tuple[str, ...]:
    project = tomllib.loads(pyproject.read_text())["project"]
    extras = project["optional-dependencies"]
    dependencies = [*project["dependencies"], *extras["server"], *extras["aws"]]
    return tuple(d for d in dependencies if _name(d) not in _NOT_IN_THE_LAYER)


REQUIREMENTS = layer_requirements()


def running_python() -> str:
    return f"{sys.version_info.major}.{sys.version_info.minor}"


def compiles_here(python: str = PYTHON_VERSION) -> bool:
    """Whether this interpreter can compile bytecode for the `python` runtime: it is that version."""
    return running_python() == python


def compile_bytecode(target: Path) -> None:
    """Compiles every module under `target` in place, as unchecked-hash .pyc files in `__pycache__`
    (read whatever the sources' timestamps). A module that does not compile keeps its source only."""
    compileall.compile_dir(
        str(target), quiet=2, workers=0, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH
    )


def bytecode_warning(*, bundle: bool, python: str = PYTHON_VERSION) -> str | None:
    """The stack's warning when a bundled layer will ship without bytecode."""
    if not bundle or compiles_here(python) or importlib.util.find_spec("pip") is None:
        return None  # not deployable anyway, or compiled here, or bundled in Docker (which compiles)
    here = running_python()
    choice = f" or `-c python={here}` for a Lambda runtime of this version," if here in RUNTIMES else ""
    return (
        f"The layer is bundled by Python {here} for the Lambda runtime's {python}, so it ships without "
        "bytecode: every cold start compiles engram and its dependencies from source first (about twice "
        f"the import-plus-init of the api function). Synthesize with Python {python},{choice} or "
        "without pip importable so that CDK bundles in Docker."
    )


def lambda_platform(python: str = PYTHON_VERSION) -> tuple[str, ...]:
    """pip's options choosing Lambda's wheels: CPython `python` on arm64 Linux."""
    return (
        "--implementation", "cp", "--python-version", python,
        "--platform", "manylinux2014_aarch64", "--platform", "manylinux_2_28_aarch64",
    )  # fmt: skip


# Pulled in transitively (aws-xray-sdk needs botocore) but already in the runtime; shipping a second,
# older copy in /opt/python would shadow the runtime's matching boto3/botocore pair.
_RUNTIME_PROVIDED = ("boto3", "botocore", "s3transfer", "jmespath")
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")


@jsii.implements(ILocalBundling)
class PipLayerBundler:
    """Builds `<out>/python` with pip for the Lambda platform, then copies the package in."""

    def __init__(
        self,
        package_dir: Path,
        requirements: tuple[str, ...] = REQUIREMENTS,
        platform: tuple[str, ...] | None = None,
        python: str = PYTHON_VERSION,
    ) -> None:
        """For the `python` Lambda runtime. `platform` is pip's options choosing the wheels: Lambda's
        by default; () for the machine that runs pip (bench/bench_coldstart.py --layer measures such
        a layer here)."""
        self._package_dir = package_dir
        self._requirements = requirements
        self._platform = lambda_platform(python) if platform is None else platform
        self._python = python

    def pip_command(self, target: Path) -> list[str]:
        return [
            sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
            "--no-compile", "--only-binary=:all:", *self._platform,
            "--target", str(target), *self._requirements,
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
        if compiles_here(self._python):
            compile_bytecode(target)
        return True


def docker_command() -> str:
    """What the SAM build image runs when pip cannot bundle here: the same layer, compiled by the
    runtime's own Python."""
    requirements = " ".join(f"'{requirement}'" for requirement in REQUIREMENTS)
    return (
        f"pip install --no-compile --only-binary=:all: --target /asset-output/python {requirements}"
        f" && rm -rf /asset-output/python/{{boto3,botocore,s3transfer,jmespath}}*"
        " && cp -r /asset-input/python/engram /asset-output/python/engram"
        " && python -m compileall -q -j 0 --invalidation-mode unchecked-hash /asset-output/python"
    )


def layer_code(layer_root: Path, *, bundle: bool, python: str = PYTHON_VERSION) -> lambda_.Code:
    """The layer's code asset for the `python` runtime; `layer_root` is `layers/engram` (its
    `python/engram` is the package)."""
    if not bundle:
        return lambda_.Code.from_asset(
            str(layer_root), exclude=["**/__pycache__", "**/*.pyc", "**/*.egg-info"]
        )
    return lambda_.Code.from_asset(
        str(layer_root),
        exclude=["**/__pycache__", "**/*.pyc", "**/*.egg-info"],
        bundling=BundlingOptions(
            image=DockerImage.from_registry(f"public.ecr.aws/sam/build-python{python}"),
            platform="linux/arm64",
            command=["bash", "-c", docker_command()],
            local=PipLayerBundler(layer_root / "python" / "engram", python=python),
        ),
    )
