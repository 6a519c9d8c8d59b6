"""`engram serve --dev-key` (what `make run` starts) keeps one working key across restarts, stored in
the data dir for its owner only; `engram keys rotate` replaces it; a busy port is one clear line."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from engram import __version__
from tests.e2e.conftest import ROOT, engram, free_port

pytestmark = pytest.mark.e2e

SERVE = (sys.executable, "-m", "engram.cli", "serve")
ENV = {**os.environ, "ENGRAM_EMBEDDER__PROVIDER": "hashing"}


class DevServer:
    """`engram serve --dev-key` on a free port; `key` is the last line it printed."""

    def __init__(self, data_dir: Path, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = data_dir / f"serve-{self.port}-{time.monotonic_ns()}.log"
        self.proc = subprocess.Popen(
            [*SERVE, "--dev-key", "--port", str(self.port), "--data-dir", str(data_dir), "--no-worker"],
            cwd=ROOT,
            env=ENV,
            stdout=self.log.open("w"),
            stderr=subprocess.STDOUT,
        )
        try:
            self._wait_until_healthy()
        except BaseException:
            self.stop()  # never leave a server behind a failed start
            raise
        # The key is printed before any process answers: it is in the log once health answers.
        self.output = self.log.read_text()
        self.key = self.output.strip().splitlines()[-1]

    def _wait_until_healthy(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"engram serve exited: {self.log.read_text()}")
            try:
                with urllib.request.urlopen(self.url + "/v1/health", timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("engram serve did not become healthy")

    def status_with(self, key: str) -> int:
        request = urllib.request.Request(
            self.url + "/v1/memories?user_id=dev-key-user", headers={"Authorization": f"Bearer {key}"}
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as resp:
                return resp.status
        except urllib.error.HTTPError as err:
            return err.code

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def test_the_key_survives_a_restart_and_rotates_on_demand(tmp_path: Path) -> None:
    key_file = tmp_path / "api-key"
    # Given a first start on a fresh data dir: a key is minted, stored for its owner only, and works
    first = DevServer(tmp_path)
    try:
        assert first.key.startswith("engram_")
        assert str(key_file.resolve()) in first.output and "new" in first.output
        assert first.status_with(first.key) == 200
    finally:
        first.stop()
    assert key_file.read_text().strip() == first.key
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600

    # When it restarts, the same key is printed and still works
    second = DevServer(tmp_path)
    try:
        assert second.key == first.key
        assert "kept across restarts" in second.output
        assert second.status_with(first.key) == 200
        # And `engram keys rotate` revokes it and stores a new one
        rotated = engram("keys", "rotate", data_dir=tmp_path).stdout.strip().splitlines()[-1]
        assert rotated.startswith("engram_") and rotated != first.key
        assert second.status_with(first.key) == 401
        assert second.status_with(rotated) == 200
    finally:
        second.stop()
    assert key_file.read_text().strip() == rotated
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600

    # And a restart after the rotation keeps the new key
    third = DevServer(tmp_path)
    try:
        assert third.key == rotated
    finally:
        third.stop()


def test_a_revoked_stored_key_is_replaced_on_start(tmp_path: Path) -> None:
    first = DevServer(tmp_path)
    first.stop()
    listed = engram("keys", "list", "--tenant", "local", data_dir=tmp_path).stdout.split()
    engram("keys", "revoke", listed[0], data_dir=tmp_path)
    second = DevServer(tmp_path)
    try:
        assert second.key != first.key and "new" in second.output
        assert second.status_with(second.key) == 200
    finally:
        second.stop()


def test_a_busy_port_is_one_clear_line(tmp_path: Path) -> None:
    running = DevServer(tmp_path)
    try:
        done = subprocess.run(
            [*SERVE, "--port", str(running.port), "--data-dir", str(tmp_path), "--no-worker"],
            cwd=ROOT,
            env=ENV,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        running.stop()
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert f"port {running.port}" in done.stderr and "already in use" in done.stderr


def test_version() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engram.cli", "--version"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and done.stdout.strip() == f"engram {__version__}"
