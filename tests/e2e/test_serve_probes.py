"""Issue 26's probes of `engram serve`, with no API key: many idle connections, header sections sent
slowly and without end, and a flood of connections past the file-descriptor limit. Throughout each,
/v1/health answers within a second, the server's memory grows by less than 50 MB and its log by less
than 1 MB; and the connections it cannot serve are closed rather than held."""

from __future__ import annotations

import contextlib
import errno
import os
import resource
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.e2e.conftest import ROOT, free_port

pytestmark = pytest.mark.e2e

HEALTH_S = 1.0
RSS_GROWTH_MB = 50
LOG_BYTES = 1_000_000
DEADLINE_S = 2  # ENGRAM_SERVER__REQUEST_TIMEOUT_S for these servers: a probe lasts a few seconds


class Probed:
    """`engram serve` (one HTTP process, no enrichment worker) with what a probe reads of it."""

    def __init__(self, data_dir: Path, nofile: int | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = data_dir / "serve.log"
        env = {
            **os.environ,
            "ENGRAM_EMBEDDER__PROVIDER": "hashing",
            "ENGRAM_HTTP_WORKERS": "1",
            "ENGRAM_WORKER_ENABLED": "false",
            "ENGRAM_SERVER__REQUEST_TIMEOUT_S": str(DEADLINE_S),
        }

        def limit() -> None:
            if nofile:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        command = [sys.executable, "-m", "engram.cli", "serve", "--port", str(self.port)]
        self.proc = subprocess.Popen(
            [*command, "--data-dir", str(data_dir)],
            cwd=ROOT,
            env=env,
            stdout=self.log_path.open("w"),
            stderr=subprocess.STDOUT,
            preexec_fn=limit,  # only setrlimit, between fork and exec
        )
        deadline = time.monotonic() + 60
        while self.health() is None:
            assert self.proc.poll() is None, self.log_path.read_text()
            assert time.monotonic() < deadline, "engram serve did not become healthy in 60 s"
            time.sleep(0.1)
        self.rss_before = self.rss_mb()
        self.slowest_health = 0.0

    def health(self) -> float | None:
        """Seconds /v1/health took to answer 200, or None if it did not within HEALTH_S."""
        start = time.monotonic()
        try:
            with urllib.request.urlopen(self.url + "/v1/health", timeout=HEALTH_S) as resp:
                ok = resp.status == 200
        except OSError:
            return None
        return time.monotonic() - start if ok else None

    def check(self) -> None:
        """The probe's three bounds, now."""
        took = self.health()
        assert took is not None and took < HEALTH_S, f"/v1/health took more than {HEALTH_S} s"
        self.slowest_health = max(self.slowest_health, took)
        grew = self.rss_mb() - self.rss_before
        assert grew < RSS_GROWTH_MB, f"RSS grew by {grew:.0f} MB"
        size = self.log_path.stat().st_size
        assert size < LOG_BYTES, f"log is {size} bytes: {self.log_path.read_text()[-2000:]}"

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:"))) / 1024

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def probed(tmp_path) -> Iterator[Probed]:
    server = Probed(tmp_path)
    yield server
    server.stop()


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed `sock` (read what it sent, if anything, up to its end)."""
    sock.setblocking(False)
    try:
        while chunk := sock.recv(65536):
            del chunk
        return True
    except BlockingIOError:
        return False
    except OSError as exc:  # reset: closed too; not connected yet: not
        return exc.errno != errno.ENOTCONN


def poll_until(probed: Probed, seconds: float, done: Callable[[], bool]) -> None:
    """Check the bounds every 0.2 s until `done()` or `seconds` are up."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        probed.check()
        time.sleep(0.2)
    probed.check()


def test_a_thousand_idle_connections_neither_hold_the_server_nor_stay_open(probed):
    # Given 1,000 connections that send nothing
    idle = [socket.create_connection(("127.0.0.1", probed.port), timeout=10) for _ in range(1000)]
    try:
        # Then the server answers meanwhile, and closes each once its deadline for a request is past
        poll_until(probed, DEADLINE_S + 10, lambda: all(closed_by_server(s) for s in idle))
        assert all(closed_by_server(s) for s in idle)
    finally:
        for sock in idle:
            sock.close()


def test_thirty_header_sections_sent_slowly_without_end_are_refused_early(probed):
    # Given 30 connections each starting a request and sending 6 MB of header lines in slow pieces
    senders = [socket.create_connection(("127.0.0.1", probed.port), timeout=10) for _ in range(30)]
    sent = [0] * len(senders)
    for sock in senders:
        sock.sendall(b"GET /v1/health HTTP/1.1\r\nHost: probe\r\n")
        sock.setblocking(False)
    line = b"X-Pad: " + b"a" * 8185 + b"\r\n"  # 8 KB a line
    refused: set[int] = set()
    deadline = time.monotonic() + 20
    try:
        while len(refused) < len(senders) and time.monotonic() < deadline:
            for i, sock in enumerate(senders):
                if i in refused or sent[i] >= 6_000_000:
                    continue
                try:
                    sent[i] += sock.send(line)
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError:  # the server closed it
                    refused.add(i)
                    continue
                with contextlib.suppress(BlockingIOError):
                    if sock.recv(65536, socket.MSG_PEEK):
                        refused.add(i)  # an answer came: the server stopped reading
            probed.check()
            time.sleep(0.05)
        # Then every one was refused long before its 6 MB, and the server answered all along
        assert refused == set(range(len(senders))), f"{len(refused)} of {len(senders)} refused"
        assert max(sent) < 1_000_000, sent
        poll_until(probed, 1, lambda: False)
    finally:
        for sock in senders:
            sock.close()


def test_a_request_trickled_a_byte_at_a_time_is_closed_at_its_deadline(probed):
    # Given connections that each send a few bytes of a request now and then
    slow = [socket.create_connection(("127.0.0.1", probed.port), timeout=10) for _ in range(50)]
    request = b"GET /v1/health HTTP/1.1\r\nHost: probe\r\nX-Slow: "
    try:
        start = time.monotonic()
        n = 0
        while time.monotonic() - start < DEADLINE_S + 10 and not all(closed_by_server(s) for s in slow):
            for sock in slow:
                with contextlib.suppress(OSError):
                    sock.send(request[n : n + 1] if n < len(request) else b"a")
            n += 1
            probed.check()
            time.sleep(0.2)
        # Then the server closed every one once its deadline for a whole request was past
        assert all(closed_by_server(s) for s in slow)
    finally:
        for sock in slow:
            sock.close()


def test_a_flood_of_connections_past_the_file_descriptor_limit_sheds_the_oldest(tmp_path):
    # Given a server that may open 256 files, flooded with 1,000 connections that send nothing
    server = Probed(tmp_path, nofile=256)
    flood: list[socket.socket] = []
    try:
        for _ in range(1000):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                sock.connect(("127.0.0.1", server.port))
            flood.append(sock)
        # Then it answers throughout, shedding the connections that have waited longest for a request
        # (with 256 files it keeps about a hundred open: the health checks' are the newest)
        poll_until(server, 20, lambda: sum(closed_by_server(s) for s in flood) >= 700)
        shed = sum(closed_by_server(s) for s in flood)
        assert shed >= 700, f"only {shed} of the flood closed"
        assert "Traceback" not in server.log_path.read_text()
    finally:
        for sock in flood:
            sock.close()
        server.stop()
