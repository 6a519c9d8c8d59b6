"""`engram serve` runs NumPy's BLAS on one thread (engram.cli.serve.serve_environment), unless told."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("numpy", reason="the `local` extra (NumPy) is not installed")
pytest.importorskip("threadpoolctl", reason="the `local` extra (threadpoolctl) is not installed")

# In a fresh interpreter, as `engram serve` starts: the CLI imported, then serve's environment set, then
# the container built (which imports NumPy).
PROBE = """
import json, os, sys
import engram.cli, engram.cli.serve
before = "numpy" in sys.modules
engram.cli.serve.serve_environment()
import numpy
from threadpoolctl import threadpool_info
blas = [i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"]
variable = os.environ["OPENBLAS_NUM_THREADS"]
print(json.dumps({"numpy_before": before, "blas_threads": blas, "variable": variable}))
"""


def probe(**env: str) -> dict:
    clean = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")}
    out = subprocess.run(
        [sys.executable, "-c", PROBE], env={**clean, **env}, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_serve_pins_blas_to_one_thread_before_numpy_loads() -> None:
    # Given a fresh `engram serve` process, no thread setting of the user's
    # When its environment is set and NumPy then loads
    found = probe()
    # Then nothing had imported NumPy before, and BLAS runs one thread
    assert found["numpy_before"] is False
    assert found["blas_threads"] and set(found["blas_threads"]) == {1}


def test_the_users_own_setting_is_kept() -> None:
    # Given a user who set OpenBLAS's thread count
    found = probe(OPENBLAS_NUM_THREADS="3")
    # Then serve leaves it as it is
    assert found["variable"] == "3"
