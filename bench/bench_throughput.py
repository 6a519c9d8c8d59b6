"""Throughput of `engram serve` out of the box: writes/s and searches/s with 16 keep-alive clients.

python bench/bench_throughput.py [--clients 16] [--seconds 10] [--workers auto 1 2] [--no-worker]
(or --lock-hold THREADS [--processes N..], --lock-split WRITES, --enrich-processes N..,
 --search-writes THREADS: one part)

The phases, what counts as done, and the client's design: docs/performance.md, "bench/bench_throughput.py".
"""

from __future__ import annotations

import argparse
import json
import os
import selectors
import socket
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import Served, percentile

TOPICS = ("build cache", "deploy window", "lunch order", "code review", "test runner", "on-call rota")

Body = Callable[[int, int], dict]


def write(k: int, i: int) -> dict:
    return {
        "content": f"Client {k} note {i}: the {TOPICS[i % len(TOPICS)]} changed to option {i % 97}",
        "user_id": f"u{k % 4}",
    }


def search(k: int, i: int) -> dict:
    return {"query": f"what is the {TOPICS[(k + i) % len(TOPICS)]} now?", "user_id": f"u{k % 4}", "top_k": 10}


class Connection:
    """One keep-alive connection with at most one request in flight."""

    def __init__(self, port: int, key: str, path: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.setblocking(False)
        self.head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {key}\r\n"
            "Content-Type: application/json\r\nContent-Length: "
        ).encode()
        self.buffer = b""
        self.sent_at = 0.0

    def send(self, body: dict) -> None:
        raw = json.dumps(body).encode()
        self.sock.sendall(self.head + str(len(raw)).encode() + b"\r\n\r\n" + raw)
        self.sent_at = time.perf_counter()

    def answer(self) -> tuple[int, bytes] | None:
        """The status and body of the answer once it has fully arrived, else None (read more)."""
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed a keep-alive connection")
        self.buffer += chunk
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return None
        head = self.buffer[:end].decode("latin-1").split("\r\n")
        length = next(int(h.split(":", 1)[1]) for h in head[1:] if h.lower().startswith("content-length:"))
        if len(self.buffer) < end + 4 + length:
            return None
        body, self.buffer = self.buffer[end + 4 : end + 4 + length], self.buffer[end + 4 + length :]
        return int(head[0].split()[1]), body


def drive(served: Served, path: str, clients: int, seconds: float, body: Body, stored: bool) -> dict:
    """`clients` connections each sending `body(k, i)` to `path` until `seconds` are up; `stored`:
    a write counts only when answered `status: stored` (not deduplicated, rejected or an error)."""
    connections = [Connection(served.port, served.key, path) for _ in range(clients)]
    selector = selectors.DefaultSelector()
    sent = [0] * clients
    latencies: list[float] = []
    done = errors = 0
    start = time.perf_counter()
    stop = start + seconds
    for k, conn in enumerate(connections):
        selector.register(conn.sock, selectors.EVENT_READ, k)
        conn.send(body(k, 0))
    while selector.get_map():
        for key, _ in selector.select(timeout=60):
            k = key.data
            conn = connections[k]
            answer = conn.answer()
            if answer is None:
                continue
            now = time.perf_counter()
            latencies.append((now - conn.sent_at) * 1000)
            status, raw = answer
            ok = 200 <= status < 300 and (not stored or json.loads(raw).get("status") == "stored")
            done, errors = done + ok, errors + (not ok)
            sent[k] += 1
            if now < stop:
                conn.send(body(k, sent[k]))
            else:
                selector.unregister(conn.sock)
                conn.sock.close()
    elapsed = time.perf_counter() - start
    return {
        "seconds": elapsed,
        "per_s": done / elapsed,
        "n": done,
        "errors": errors,
        "p50_ms": percentile(latencies, 50),
        "p99_ms": percentile(latencies, 99),
    }


def catch_up(served: Served, timeout_s: float) -> dict:
    """Wait until no enrichment job is queued or running (at most `timeout_s`): how long it took,
    how many jobs were done in that time, and how many are left."""
    db = sqlite3.connect(f"file:{Path(served.data_dir) / 'engram.sqlite3'}?mode=ro", uri=True, timeout=30)

    def states() -> dict[str, int]:
        return dict(db.execute("SELECT state, count(*) FROM jobs GROUP BY state").fetchall())

    start, before = time.perf_counter(), states().get("done", 0)
    try:
        while True:
            now = states()
            left = now.get("queued", 0) + now.get("running", 0)
            elapsed = time.perf_counter() - start
            if not left or elapsed > timeout_s:
                done = now.get("done", 0)
                return {
                    "seconds": elapsed,
                    "done": done,
                    "since_writes": done - before,
                    "left": left,
                    "dead": now.get("dead", 0),
                }
            time.sleep(0.5)
    finally:
        db.close()


def measure(
    workers: str, clients: int, seconds: float, worker: bool, catch_up_s: float, key_rate: str = "unlimited"
) -> dict:
    env = {} if worker else {"ENGRAM_WORKER_ENABLED": "false"}
    if workers != "auto":
        env["ENGRAM_HTTP_WORKERS"] = workers
    saved = os.environ.pop("ENGRAM_HTTP_WORKERS", None)  # "auto" means nothing set
    try:
        served = Served(env, key_rate=key_rate)
    finally:
        if saved is not None:
            os.environ["ENGRAM_HTTP_WORKERS"] = saved
    try:
        pids = _descendants(served.proc.pid)
        r: dict = {"workers": workers, "processes": len(pids), "enrichment_worker": worker}
        for name, path, body in (
            ("writes", "/v1/memories", write),
            ("searches", "/v1/memories/search", search),
        ):
            if name == "searches" and worker:
                r["catch_up"] = catch_up(served, catch_up_s)
            cpu, others = _cpu_s(pids), _descendants(served.proc.pid)
            others_cpu = {pid: _cpu_s([pid]) for pid in others if pid not in pids}
            r[name] = drive(served, path, clients, seconds, body, stored=name == "writes")
            requests = max(1, r[name]["n"] + r[name]["errors"])
            server_s = _cpu_s(pids) - cpu
            r[name]["server_cpu_ms"] = server_s * 1000 / requests
            # the enrichment worker's process (started and ended by the server as jobs come and go)
            after = [pid for pid in _descendants(served.proc.pid) if pid not in pids]
            worker_s = sum(_cpu_s([pid]) - others_cpu.get(pid, 0.0) for pid in after)
            r[name]["worker_cpu_ms"] = worker_s * 1000 / requests
            # The cores the server kept busy: its CPU over the phase's wall time. (The load average
            # cannot tell: damped over a minute, it shows an eighth of a load held for 8 s.)
            r[name]["cores_busy"] = (server_s + worker_s) / r[name]["seconds"]
            r[f"load_after_{name}"] = os.getloadavg()[0]
        return r
    finally:
        served.stop()


def enrichment(processes: list[int], jobs: int) -> list[dict]:
    """Enrichment alone: `jobs` memories written in process (4 users, the writes' content), then for
    each count in `processes` that many worker processes (python -m engram.runtime.worker, as `engram
    serve` starts them) drain a copy of the job table: jobs/s, and their CPU a job (/proc)."""
    import shutil
    import tempfile

    from engram.adapters.sqlite.queue import SqliteJobQueue
    from engram.runtime.container import from_settings
    from engram.runtime.worker import _start
    from engram.settings import Settings
    from engram.usecases.remember import RememberCommand

    source = Path(tempfile.mkdtemp(prefix="engram-bench-enrich-"))
    container = from_settings(Settings(data_dir=source, worker_enabled=False))
    for i in range(jobs):
        body = write(i % 16, i)
        container.remember(RememberCommand(tenant="bench", user_id=body["user_id"], content=body["content"]))
    container.store.db.close()  # type: ignore[attr-defined]
    results = []
    for n in processes:
        data = Path(tempfile.mkdtemp(prefix="engram-bench-enrich-")) / "data"
        shutil.copytree(source, data)
        settings = Settings(data_dir=data, worker_enabled=False)
        queue = from_settings(settings).queue
        assert isinstance(queue, SqliteJobQueue)
        start = time.perf_counter()
        children = [_start(settings) for _ in range(n)]
        cpu: dict[int, float] = {}
        try:
            while queue.depth()["done"] < jobs and all(c.poll() is None for c in children):
                cpu.update({c.pid: _cpu_s([c.pid]) for c in children})  # read before they exit
                time.sleep(0.2)
            elapsed = time.perf_counter() - start
            cpu.update({c.pid: _cpu_s([c.pid]) for c in children})
        finally:
            for c in children:
                c.terminate()
            for c in children:
                c.wait()
        done = queue.depth()["done"]
        results.append(
            {
                "processes": n,
                "jobs": done,
                "seconds": elapsed,
                "per_s": done / elapsed,
                "cpu_ms_a_job": sum(cpu.values()) * 1000 / max(done, 1),
            }
        )
        shutil.rmtree(data.parent, ignore_errors=True)
    shutil.rmtree(source, ignore_errors=True)
    return results


def lock_hold(threads: int, seconds: float, group_commit: bool, processes: int = 1) -> dict:
    """Writes alone: `processes` processes (1: this one) of `threads` threads each remembering distinct
    memories (the writes' content) for `seconds` through the use case, into one SQLite database; the
    write lock's hold time a write and a transaction (time.perf_counter around each transaction:
    SqliteDatabase.write_stats, summed over the processes), and the CPU a write. `group_commit` False:
    each write its own transaction."""
    import multiprocessing
    import tempfile

    data = Path(tempfile.mkdtemp(prefix="engram-bench-lock-"))
    if processes == 1:
        parts = [_lock_hold_part(data, threads, seconds, group_commit, 0, time.time())]
    else:
        spawn = multiprocessing.get_context("spawn")
        _lock_hold_open(data)  # the schema, once, before they start
        start = time.time() + 3 + processes  # every process imported and opened the database by then
        with spawn.Pool(processes) as pool:
            parts = pool.starmap(
                _lock_hold_part, [(data, threads, seconds, group_commit, p, start) for p in range(processes)]
            )
    remembered = sum(p["remembered"] for p in parts)
    transactions = sum(p["transactions"] for p in parts)
    writes = sum(p["writes"] for p in parts)
    held = sum(p["lock_held_s"] for p in parts)
    held_cpu = sum(p["lock_cpu_s"] for p in parts)
    return {
        "group_commit": group_commit,
        "processes": processes,
        "remembered": remembered,
        "per_s": remembered / max(p["elapsed"] for p in parts),
        "transactions": transactions,
        "writes_a_transaction": writes / max(transactions, 1),
        "held_ms_a_write": held * 1000 / max(writes, 1),
        "held_ms_a_transaction": held * 1000 / max(transactions, 1),
        "held_cpu_ms_a_write": held_cpu * 1000 / max(writes, 1),  # the lock holder's thread CPU
        "cpu_ms_a_remember": sum(p["cpu_s"] for p in parts) * 1000 / max(remembered, 1),
    }


def _lock_hold_open(data: Path) -> Any:
    from engram.runtime.container import from_settings
    from engram.settings import Settings

    return from_settings(Settings(data_dir=data, embedder={"provider": "hashing"}))


def _lock_hold_part(
    data: Path, threads: int, seconds: float, group_commit: bool, process: int, start: float
) -> dict:
    """One process's share of `lock_hold`, from wall-clock time `start` (so that they all write at once)."""
    from engram.adapters.sqlite.db import SqliteDatabase
    from engram.usecases.remember import RememberCommand

    SqliteDatabase.group_commit = group_commit
    container = _lock_hold_open(data)
    db = container.store.db
    counts = [0] * threads
    time.sleep(max(0.0, start - time.time()))
    stop = time.perf_counter() + seconds
    before, cpu = db.write_stats(), time.process_time()

    def run(k: int) -> None:
        while time.perf_counter() < stop:
            body = write(process * threads + k, counts[k])
            command = RememberCommand(tenant="bench", user_id=body["user_id"], content=body["content"])
            container.remember(command)
            counts[k] += 1

    elapsed, cpu = in_threads(run, threads), time.process_time() - cpu
    after = db.write_stats()
    return {
        "remembered": sum(counts),
        "elapsed": elapsed,
        "cpu_s": cpu,
        **{k: after[k] - before[k] for k in ("transactions", "writes", "lock_held_s", "lock_cpu_s")},
    }


def in_threads(run: Callable[[int], None], threads: int) -> float:
    """Run `run(k)` on `threads` threads at once, k = 0 … threads - 1; the wall seconds they took."""
    import threading

    start = time.perf_counter()
    workers = [threading.Thread(target=run, args=(k,)) for k in range(threads)]
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    return time.perf_counter() - start


def lock_split(writes: int) -> dict:
    """What one write does while it holds the write lock: `writes` remembers from one thread (no group
    forms), each statement of their transactions timed (wall, perf_counter around the call) and the
    Python between two statements charged to the statement before it. A write-connection subclass
    does the timing; its own cost lands in the gaps (~1 us a statement)."""
    import tempfile

    from engram.adapters.sqlite import db as sqlite_db

    spent: dict[str, float] = {}
    last: list[Any] = [None, ""]  # when the previous statement of the open transaction ended, and which

    def timed(run: Callable[..., Any], sql: str, *args: Any) -> Any:
        started = time.perf_counter()
        if last[0] is not None:
            gap = f"(Python after {last[1]})"
            spent[gap] = spent.get(gap, 0.0) + started - last[0]
        out = run(sql, *args)
        ended = time.perf_counter()
        name = " ".join(sql.split()[:4])
        if last[0] is not None or sql.startswith("BEGIN"):
            spent[name] = spent.get(name, 0.0) + ended - started
        last[:] = [None, ""] if sql.startswith(("COMMIT", "ROLLBACK")) else [ended, name]
        return out

    class Timed(sqlite3.Connection):
        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:  # type: ignore[override]
            return timed(super().execute, sql, *args)

        def executemany(self, sql: str, *args: Any) -> sqlite3.Cursor:  # type: ignore[override]
            return timed(super().executemany, sql, *args)

    connect = sqlite3.connect
    sqlite_db.sqlite3.connect = lambda *a, **k: connect(*a, factory=Timed, **k)  # type: ignore[assignment]
    try:
        container = _lock_hold_open(Path(tempfile.mkdtemp(prefix="engram-bench-split-")))
    finally:
        sqlite_db.sqlite3.connect = connect
    from engram.usecases.remember import RememberCommand

    def remember(i: int) -> None:
        body = write(i % 16, i)
        container.remember(RememberCommand(tenant="bench", user_id=body["user_id"], content=body["content"]))

    for i in range(500):  # tables past their first pages
        remember(i)
    spent.clear()
    db = container.store.db
    before = db.write_stats()
    for i in range(500, 500 + writes):
        remember(i)
    after = db.write_stats()
    n = after["writes"] - before["writes"]
    return {
        "writes": n,
        "held_ms_a_write": (after["lock_held_s"] - before["lock_held_s"]) * 1000 / n,
        "held_cpu_ms_a_write": (after["lock_cpu_s"] - before["lock_cpu_s"]) * 1000 / n,
        "ms_a_write": {k: v * 1000 / n for k, v in sorted(spent.items(), key=lambda kv: -kv[1])},
    }


def search_writes(threads: int, searches: int, flush_s: float) -> dict:
    """Searches alone, in this process: 800 memories written and enriched (4 users, the writes' content),
    then `searches` recalls from `threads` threads (the searches' queries), then the worker's drain. The
    write transactions each phase took (SqliteDatabase.write_stats), per search. `flush_s`: the
    retrieval counts' interval (settings.retrieval_flush_s; 0: a queued job a search, as before issue 32)."""
    import tempfile

    from engram.runtime.container import from_settings
    from engram.runtime.worker import drain
    from engram.settings import Settings
    from engram.usecases.recall import RecallQuery
    from engram.usecases.remember import RememberCommand

    data = Path(tempfile.mkdtemp(prefix="engram-bench-search-writes-"))
    settings = Settings(data_dir=data, embedder={"provider": "hashing"}, retrieval_flush_s=flush_s)
    container = from_settings(settings)
    for i in range(800):
        body = write(i % 16, i)
        container.remember(RememberCommand(tenant="bench", user_id=body["user_id"], content=body["content"]))
    drain(container)
    db = container.store.db  # type: ignore[attr-defined]
    before, cpu = db.write_stats(), time.process_time()

    def run(k: int) -> None:
        for i in range(searches // threads):
            body = search(k, i)
            container.recall(RecallQuery(tenant="bench", user_id=body["user_id"], query=body["query"]))

    elapsed, cpu = in_threads(run, threads), time.process_time() - cpu
    during = db.write_stats()
    drain(container)  # the worker's share (and what the buffer still held)
    after = db.write_stats()
    n = searches // threads * threads
    return {
        "flush_s": flush_s,
        "searches": n,
        "per_s": n / elapsed,
        "cpu_ms_a_search": cpu * 1000 / n,
        "transactions_during": during["transactions"] - before["transactions"],
        "transactions_drain": after["transactions"] - during["transactions"],
        "transactions_a_search": (after["transactions"] - before["transactions"]) / n,
        "lock_held_ms_a_search": (after["lock_held_s"] - before["lock_held_s"]) * 1000 / n,
        "lock_cpu_ms_a_search": (after["lock_cpu_s"] - before["lock_cpu_s"]) * 1000 / n,
    }


def _cpu_s(pids: list[int]) -> float:
    """CPU seconds (user and system) the processes `pids` have used so far."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def _descendants(pid: int) -> list[int]:
    """`pid` and every process below it (the HTTP processes and the enrichment worker's)."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    found = [pid]
    for p in found:
        found.extend(child for child, parent in parents.items() if parent == p)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--workers", nargs="+", default=["auto"], help="'auto' and/or process counts")
    parser.add_argument("--no-worker", dest="worker", action="store_false", help="enrichment worker off")
    parser.add_argument(
        "--catch-up-timeout",
        type=float,
        default=120,
        help="seconds to wait for enrichment before the searches",
    )
    parser.add_argument(
        "--key-rate",
        default="unlimited",
        help="the bench key's --rate: 'unlimited' (default), or a number, so every request takes a token",
    )
    parser.add_argument(
        "--enrich-processes",
        type=int,
        nargs="+",
        help="instead: enrichment alone, drained by this many worker processes (each count in turn)",
    )
    parser.add_argument("--enrich-jobs", type=int, default=2000, help="memories for --enrich-processes")
    parser.add_argument(
        "--lock-hold",
        type=int,
        metavar="THREADS",
        help="instead: writes in process from this many threads, group commit off then on: the write"
        " lock's hold time a write",
    )
    parser.add_argument(
        "--lock-split",
        type=int,
        metavar="WRITES",
        help="instead: this many writes from one thread, the time each statement of their transactions"
        " and the Python between them take while the write lock is held",
    )
    parser.add_argument(
        "--processes",
        type=int,
        nargs="+",
        default=[1],
        help="with --lock-hold: that many threads in each of this many processes (each count in turn)",
    )
    parser.add_argument(
        "--search-writes",
        type=int,
        metavar="THREADS",
        help="instead: --searches recalls in process from this many threads, retrieval counts written"
        " through (0 s) then folded (1 s): the write transactions a search",
    )
    parser.add_argument("--searches", type=int, default=2000, help="recalls for --search-writes")
    args = parser.parse_args()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} cores; load average {load}")
    if args.lock_split:
        split = lock_split(args.lock_split)
        print(
            f"  {split['writes']} writes, one thread: write lock held {split['held_ms_a_write']:.3f} ms a"
            f" write (its thread's CPU {split['held_cpu_ms_a_write']:.3f}), of which (wall, ms a write):"
        )
        for name, ms in split["ms_a_write"].items():
            print(f"    {ms:.4f}  {name}")
        print(json.dumps({"bench": "lock_split", **split}))
        return 0
    if args.lock_hold:
        rows = [
            lock_hold(args.lock_hold, args.seconds, grouped, n)
            for n in args.processes
            for grouped in (False, True)
        ]
        for row in rows:
            print(
                f"  {row['processes']} × {args.lock_hold} threads, group commit"
                f" {'on ' if row['group_commit'] else 'off'}: {row['per_s']:.0f} writes/s,"
                f" {row['writes_a_transaction']:.1f} writes a transaction, write lock held"
                f" {row['held_ms_a_write']:.3f} ms a write"
                f" ({row['held_ms_a_transaction']:.3f} a transaction; its thread's CPU"
                f" {row['held_cpu_ms_a_write']:.3f} ms a write),"
                f" {row['cpu_ms_a_remember']:.2f} ms CPU a write",
                flush=True,
            )
        print(json.dumps({"bench": "lock_hold", "threads": args.lock_hold, "results": rows}))
        return 0
    if args.search_writes:
        rows = [search_writes(args.search_writes, args.searches, flush_s) for flush_s in (0.0, 1.0)]
        for row in rows:
            print(
                f"  retrieval_flush_s {row['flush_s']:g}: {row['searches']} searches, write transactions"
                f" {row['transactions_during']} during them + {row['transactions_drain']} in the drain"
                f" = {row['transactions_a_search']:.3f} a search, write lock held"
                f" {row['lock_held_ms_a_search']:.3f} ms a search (its holder's CPU"
                f" {row['lock_cpu_ms_a_search']:.3f}); {row['per_s']:.0f} searches/s,"
                f" {row['cpu_ms_a_search']:.2f} ms CPU a search",
                flush=True,
            )
        print(json.dumps({"bench": "search_writes", "threads": args.search_writes, "results": rows}))
        return 0
    if args.enrich_processes:
        rows = enrichment(args.enrich_processes, args.enrich_jobs)
        for row in rows:
            print(
                f"  {row['processes']} worker processes: {row['jobs']} jobs in {row['seconds']:.1f} s,"
                f" {row['per_s']:.0f} jobs/s, {row['cpu_ms_a_job']:.2f} ms CPU a job",
                flush=True,
            )
        print(json.dumps({"bench": "enrichment", "results": rows}))
        return 0
    print(f"client: one thread, {args.clients} keep-alive HTTP/1.1 connections over raw sockets, 2xx counted")
    results = []
    for workers in args.workers:
        r = measure(workers, args.clients, args.seconds, args.worker, args.catch_up_timeout, args.key_rate)
        results.append(r)
        how = "(no flag)" if workers == "auto" else f"--workers {workers}"
        enrich = "enrichment worker on" if args.worker else "enrichment worker off"
        print(f"engram serve {how}: {r['processes']} processes, {enrich}, {args.clients} keep-alive clients")
        for name in ("writes", "searches"):
            m = r[name]
            print(
                f"  {m['per_s']:6.0f} {name}/s  p50 {m['p50_ms']:.1f} ms, p99 {m['p99_ms']:.1f} ms,"
                f" {m['n']} done, errors {m['errors']}; server CPU {m['server_cpu_ms']:.2f} ms a request"
                f" (HTTP processes; enrichment worker {m['worker_cpu_ms']:.2f}); {m['cores_busy']:.1f} cores"
                f" busy of {os.cpu_count()}",
                flush=True,
            )
            if name == "writes" and "catch_up" in r:
                c = r["catch_up"]
                how = "caught up" if not c["left"] else f"still {c['left']} jobs to do"
                print(
                    f"  enrichment {how} {c['seconds']:.1f} s after the writes: {c['done']} jobs done"
                    f" ({c['since_writes'] / c['seconds']:.0f}/s after them), {c['dead']} dead",
                    flush=True,
                )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(json.dumps({"bench": "throughput", "clients": args.clients, "results": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
