"""Bounded loopback load test: many tenants, concurrent keep-alive clients, then a full audit.

python bench/bench_load.py [--items 10000] [--clients 16] [--tenants 4] [--users 3] [--workers 1]

Starts `engram serve` on a free loopback port over a fresh data dir, mints one API key per tenant, then
16 client threads (one keep-alive connection each, switching keys per request) drive --items writes
spread over the tenants and a few user_ids each: single `POST /v1/memories` and `POST
/v1/memories/batch` (20 items), ~5% of them exact re-sends of an earlier item in the same scope (the
dedup path, racing the original when they land close together), plus one search per 10 items and a
few `GET /v1/memories` / `GET /v1/admin/stats`. Every content carries a `[tenant/user#seq]` marker.

Then it audits over HTTP: every memory of every (tenant, user) listed with cursor paging; every sent
item stored exactly once under the right tenant and user; nothing under another tenant; every
`stored` id present; every `deduplicated` id present in the caller's tenant with the same normalized
content; every search hit the caller's own. Exits 1 on any 5xx, wrong-tenant item, missing item, bad
dedup or stored answer, duplicated storage or foreign search hit.

The enrichment worker is off by default (`engram serve --no-worker`), so the figures are the API's;
`--with-worker` runs it in the server too (it then shares the cores with the HTTP threads).
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, free_port, percentile

BATCH = 20
MARKER = re.compile(r"\[(?P<tenant>[a-z0-9]+)/(?P<user>[a-z0-9]+)#(?P<seq>\d+)\]")
TOPICS = ("build cache", "deploy window", "lunch order", "code review", "test runner", "on-call rota")


def normalize(content: str) -> str:
    try:  # the service's own hash form, when the package is importable
        from engram.domain.text import normalize as engram_normalize

        return engram_normalize(content)
    except ImportError:  # pragma: no cover - same rule, spelled out
        text = re.sub(r"\s+", " ", content).strip().lower()
        return re.sub(r"[.,!?;:]+$", "", text).rstrip()


# --------------------------------------------------------------------------- the workload


@dataclass
class Item:
    seq: int  # unique per distinct content; a duplicate re-sends an earlier item's seq
    tenant: str
    user: str
    content: str
    dup: bool = False


@dataclass
class Op:
    kind: str  # write | batch | search | list | stats
    tenant: str
    items: list[Item] = field(default_factory=list)
    user: str = ""
    query: str = ""


def content_for(seq: int, tenant: str, user: str, rng: random.Random) -> str:
    topic = rng.choice(TOPICS)
    return (
        f"[{tenant}/{user}#{seq}] For the {topic}, the team agreed on option {seq % 37} "
        f"after the review with {tenant} owners."
    )


def plan(n_items: int, tenants: list[str], users: list[str], seed: int) -> tuple[list[Op], dict[int, Item]]:
    """The whole run, in order: write ops (singles and batches of 20, ~5% exact re-sends), one search
    per 10 items, one list per 50 and one stats per 200."""
    rng = random.Random(seed)
    originals: dict[int, Item] = {}
    sent: list[Item] = []
    seq = 0
    for i in range(n_items):
        if i >= 50 and rng.random() < 0.05:  # an exact re-send of a recent item, same scope
            src = sent[rng.randrange(max(0, len(sent) - 300), len(sent))]
            src = originals[src.seq]
            sent.append(Item(src.seq, src.tenant, src.user, src.content, dup=True))
            continue
        tenant, user = rng.choice(tenants), rng.choice(users)
        item = Item(seq, tenant, user, content_for(seq, tenant, user, rng))
        originals[seq] = item
        sent.append(item)
        seq += 1
    # Half the items go in batches (per tenant: one key per request), half one by one.
    ops: list[Op] = []
    pending: dict[str, list[Item]] = defaultdict(list)
    for written, item in enumerate(sent, 1):
        if rng.random() < 0.5:
            ops.append(Op("write", item.tenant, [item]))
        else:
            pending[item.tenant].append(item)
            if len(pending[item.tenant]) == BATCH:
                ops.append(Op("batch", item.tenant, pending.pop(item.tenant)))
        if written % 10 == 0:
            tenant, user = rng.choice(tenants), rng.choice(users)
            ops.append(
                Op("search", tenant, user=user, query=f"{rng.choice(TOPICS)} option {rng.randrange(37)}")
            )
        if written % 50 == 0:
            ops.append(Op("list", rng.choice(tenants), user=rng.choice(users)))
        if written % 200 == 0:
            ops.append(Op("stats", rng.choice(tenants)))
    for tenant, rest in pending.items():
        if rest:
            ops.append(Op("batch", tenant, rest))
    return ops, originals


# --------------------------------------------------------------------------- server and client


class Server:
    def __init__(self, data_dir: str, tenants: list[str], workers: int, worker: bool) -> None:
        self.data_dir = data_dir
        self.env = {
            **os.environ,
            "POWERTOOLS_LOG_LEVEL": "ERROR",
            "ENGRAM_EMBEDDER__PROVIDER": "hashing",  # searches measure the API, not MiniLM
        }
        cli = [sys.executable, "-m", "engram.cli"]
        self.keys = {}
        for tenant in tenants:
            out = subprocess.run(
                # unlimited: the bench measures the server, not the default rate of a key
                [*cli, "keys", "create", "--tenant", tenant, "--rate", "unlimited", "--data-dir", data_dir],
                capture_output=True,
                text=True,
                check=True,
                env=self.env,
                cwd=ROOT,
                timeout=120,
            )
            self.keys[tenant] = out.stdout.strip().splitlines()[-1]
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = Path(data_dir) / "serve.log"
        argv = [*cli, "serve", "--port", str(self.port), "--data-dir", data_dir, "--workers", str(workers)]
        if not worker:
            argv.append("--no-worker")
        self.proc = subprocess.Popen(
            argv, env=self.env, cwd=ROOT, stdout=self.log_path.open("w"), stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"engram serve exited: {self.log_path.read_text()[-2000:]}")
            try:
                urllib.request.urlopen(self.url + "/v1/health", timeout=1).read()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("engram serve did not become healthy in 120 s")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Conn:
    """One keep-alive connection; the key is chosen per request. Not thread-safe."""

    def __init__(self, port: int, keys: dict[str, str]) -> None:
        self.port, self.keys = port, keys
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.reconnects = 0

    def call(self, tenant: str, method: str, path: str, body=None) -> tuple[int, object, bool]:
        """(status, parsed body, is JSON); status 0 for a transport failure."""
        headers = {"Authorization": f"Bearer {self.keys[tenant]}", "Content-Type": "application/json"}
        data = json.dumps(body) if body is not None else None
        try:
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
            raw = response.read()
            status = response.status
        except (OSError, http.client.HTTPException) as exc:
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            self.reconnects += 1
            return 0, repr(exc), False
        try:
            return status, json.loads(raw or b"null"), True
        except ValueError:
            return status, raw[:200].decode("utf-8", "replace"), False


# --------------------------------------------------------------------------- the run


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    requests: Counter = field(default_factory=Counter)  # per kind
    statuses: Counter = field(default_factory=Counter)  # non-2xx, per status
    errors_by_kind: Counter = field(default_factory=Counter)
    non_json: int = 0
    error_samples: list = field(default_factory=list)
    latency: dict = field(default_factory=lambda: defaultdict(list))  # per kind, ms
    answers: list = field(default_factory=list)  # (item, response dict)
    item_errors: Counter = field(default_factory=Counter)  # rejected/error results inside 2xx
    search_results: int = 0
    search_foreign: list = field(default_factory=list)  # (caller tenant, caller user, hit content)
    search_unmarked: int = 0
    list_foreign: int = 0


def run_op(conn: Conn, op: Op, tally: Tally) -> None:
    if op.kind == "write":
        item = op.items[0]
        method, path, body = "POST", "/v1/memories", {"content": item.content, "user_id": item.user}
    elif op.kind == "batch":
        items = [{"content": i.content, "user_id": i.user} for i in op.items]
        method, path, body = "POST", "/v1/memories/batch", {"items": items}
    elif op.kind == "search":
        method, path, body = (
            "POST",
            "/v1/memories/search",
            {"query": op.query, "user_id": op.user, "top_k": 10},
        )
    elif op.kind == "list":
        method, path, body = (
            "GET",
            "/v1/memories?" + urllib.parse.urlencode({"user_id": op.user, "limit": 50}),
            None,
        )
    else:
        method, path, body = "GET", "/v1/admin/stats", None
    t = time.perf_counter()
    status, payload, is_json = conn.call(op.tenant, method, path, body)
    ms = (time.perf_counter() - t) * 1000
    with tally.lock:
        tally.requests[op.kind] += 1
        tally.latency[op.kind].append(ms)
        if status and not is_json:
            tally.non_json += 1
        if not 200 <= status < 300:
            tally.statuses[status] += 1
            tally.errors_by_kind[op.kind] += 1
            if len(tally.error_samples) < 10:
                tally.error_samples.append((op.kind, op.tenant, status, str(payload)[:300]))
            if op.kind in ("write", "batch"):
                for item in op.items:
                    tally.answers.append((item, None))
            return
        if op.kind == "write":
            tally.answers.append((op.items[0], payload))
        elif op.kind == "batch":
            results = payload.get("results", []) if isinstance(payload, dict) else []
            if len(results) != len(op.items):
                tally.item_errors["batch result count mismatch"] += 1
            for i, item in enumerate(op.items):
                tally.answers.append((item, results[i] if i < len(results) else None))
        elif op.kind == "search":
            for hit in payload.get("results", []) if isinstance(payload, dict) else []:
                tally.search_results += 1
                content = hit.get("memory", {}).get("content", "")
                m = MARKER.search(content)
                if m is None:
                    tally.search_unmarked += 1
                elif m["tenant"] != op.tenant or m["user"] != op.user:
                    tally.search_foreign.append((op.tenant, op.user, content[:80]))
        elif op.kind == "list":
            for memory in payload.get("items", []) if isinstance(payload, dict) else []:
                m = MARKER.search(memory.get("content", ""))
                if m and m["tenant"] != op.tenant:
                    tally.list_foreign += 1


def drive(server: Server, ops: list[Op], clients: int) -> tuple[Tally, float, int]:
    tally = Tally()
    cursor = iter(range(len(ops)))
    take = threading.Lock()
    reconnects = [0] * clients

    def client(k: int) -> None:
        conn = Conn(server.port, server.keys)
        while True:
            with take:
                i = next(cursor, None)
            if i is None:
                break
            run_op(conn, ops[i], tally)
        reconnects[k] = conn.reconnects
        conn.conn.close()

    threads = [threading.Thread(target=client, args=(k,), name=f"client-{k}") for k in range(clients)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return tally, time.monotonic() - start, sum(reconnects)


# --------------------------------------------------------------------------- the audit


def list_all(conn: Conn, tenant: str, user: str) -> tuple[list[dict], list[str]]:
    items, problems, cursor = [], [], None
    while True:
        query = {"user_id": user, "limit": 200, **({"cursor": cursor} if cursor else {})}
        status, payload, _ = conn.call(tenant, "GET", "/v1/memories?" + urllib.parse.urlencode(query))
        if status != 200 or not isinstance(payload, dict):
            problems.append(f"list {tenant}/{user}: {status} {str(payload)[:200]}")
            return items, problems
        items.extend(payload.get("items", []))
        cursor = payload.get("cursor")
        if not cursor:
            return items, problems


def audit(
    server: Server, tenants: list[str], users: list[str], originals: dict[int, Item], tally: Tally
) -> dict:
    conn = Conn(server.port, server.keys)
    problems: list[str] = []
    by_id: dict[str, tuple[str, str, dict]] = {}  # id -> (listed tenant, listed user, memory)
    placed: dict[int, list[tuple[str, str, str]]] = defaultdict(list)  # seq -> [(tenant, user, id)]
    wrong_tenant, wrong_user, unmarked, listed = [], [], 0, Counter()
    for tenant in tenants:
        for user in users:
            items, errs = list_all(conn, tenant, user)
            problems += errs
            listed[tenant] += len(items)
            for memory in items:
                by_id[memory["id"]] = (tenant, user, memory)
                m = MARKER.search(memory["content"])
                if m is None:
                    unmarked += 1
                    continue
                seq = int(m["seq"])
                placed[seq].append((tenant, user, memory["id"]))
                if m["tenant"] != tenant:
                    wrong_tenant.append((seq, m["tenant"], tenant))
                elif m["user"] != user or memory.get("user_id") != user:
                    wrong_user.append((seq, m["user"], user))
    missing, twice = [], []
    for seq, item in originals.items():
        right = [p for p in placed.get(seq, []) if p[0] == item.tenant and p[1] == item.user]
        if not right:
            missing.append(seq)
        elif len(right) > 1:
            twice.append(seq)
    # Every answer: stored ids exist where they should; dedup ids exist in the caller's tenant with the
    # same normalized content; each distinct content gets one id across all its sends.
    bad_stored, bad_dedup, no_answer, ids_per_seq = [], [], 0, defaultdict(set)
    outcomes: Counter = Counter()
    for item, answer in tally.answers:
        if not isinstance(answer, dict):
            no_answer += 1
            continue
        status = answer.get("status")
        outcomes[status] += 1
        memory_id = answer.get("id")
        if status not in ("stored", "deduplicated"):
            tally.item_errors[f"{status}: {answer.get('error') or answer.get('rejected')}"] += 1
            continue
        ids_per_seq[item.seq].add(memory_id)
        found = by_id.get(memory_id)
        ok = (
            found is not None
            and found[0] == item.tenant
            and found[1] == item.user
            and normalize(found[2]["content"]) == normalize(item.content)
            and found[2]["content_hash"] == hashlib.sha256(normalize(item.content).encode()).hexdigest()
        )
        if not ok:
            where = "nowhere"
            if found:
                marker = MARKER.search(found[2]["content"])
                holds = marker[0] if marker else found[2]["content"][:40]
                where = f"listed under {found[0]}/{found[1]}, holds {holds}"
            (bad_stored if status == "stored" else bad_dedup).append(
                (item.seq, item.tenant, memory_id, where)
            )
    split_ids = [seq for seq, ids in ids_per_seq.items() if len(ids) > 1]
    dup_sends = sum(1 for item, _ in tally.answers if item.dup)
    # The tenant's own stats agree with what it lists.
    stats_mismatch = []
    for tenant in tenants:
        status, payload, _ = conn.call(tenant, "GET", "/v1/admin/stats")
        if status != 200 or not isinstance(payload, dict):
            problems.append(f"stats {tenant}: {status} {str(payload)[:200]}")
            continue
        counted = sum(v for k, v in payload.get("status", {}).items() if k != "deleted")
        if payload.get("tenant") != tenant or counted != listed[tenant]:
            stats_mismatch.append((tenant, payload.get("tenant"), counted, listed[tenant]))
    conn.conn.close()
    return {
        "listed": dict(listed),
        "distinct_items": len(originals),
        "duplicate_sends": dup_sends,
        "outcomes": dict(outcomes),
        "wrong_tenant": wrong_tenant,
        "wrong_user": wrong_user,
        "unmarked": unmarked,
        "missing": missing,
        "stored_twice": twice,
        "bad_stored": bad_stored,
        "bad_dedup": bad_dedup,
        "split_ids": split_ids,
        "no_answer": no_answer,
        "stats_mismatch": stats_mismatch,
        "problems": problems,
    }


# --------------------------------------------------------------------------- main


def ms(values: list[float]) -> str:
    if not values:
        return "n/a"
    return (
        f"p50 {percentile(values, 50):.1f} ms, p95 {percentile(values, 95):.1f} ms,"
        f" p99 {percentile(values, 99):.1f} ms (n={len(values)})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=10000, help="memories sent (re-sends included)")
    parser.add_argument("--clients", type=int, default=16, help="concurrent keep-alive clients")
    parser.add_argument("--tenants", type=int, default=4)
    parser.add_argument("--users", type=int, default=3, help="user_ids per tenant")
    parser.add_argument("--workers", type=int, default=1, help="passed to `engram serve --workers`")
    parser.add_argument("--with-worker", action="store_true", help="run the enrichment worker in the server")
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--data-dir", help="default: a fresh temporary directory")
    args = parser.parse_args()

    tenants = [f"load{t}" for t in range(args.tenants)]
    users = [f"u{u}" for u in range(args.users)]
    ops, originals = plan(args.items, tenants, users, args.seed)
    data_dir = args.data_dir or tempfile.mkdtemp(prefix="engram-bench-load-")
    print(
        f"engram serve --workers {args.workers}{'' if args.with_worker else ' --no-worker'} on {data_dir};"
        f" {args.items} items ({len(originals)} distinct) in {len(ops)} requests,"
        f" {args.clients} clients, {args.tenants} tenants x {args.users} users",
        flush=True,
    )
    server = Server(data_dir, tenants, args.workers, args.with_worker)
    try:
        tally, elapsed, reconnects = drive(server, ops, args.clients)
        print(f"load phase done in {elapsed:.1f} s; auditing", flush=True)
        result = audit(server, tenants, users, originals, tally)
    finally:
        server.stop()

    total = sum(tally.requests.values())
    fivexx = sum(n for s, n in tally.statuses.items() if s >= 500)
    write_lat = tally.latency["write"] + tally.latency["batch"]
    wrong = len(result["wrong_tenant"]) + len(tally.search_foreign) + tally.list_foreign
    print(f"requests: {total} {dict(tally.requests)}; client reconnects: {reconnects}")
    print(
        f"errors (non-2xx) by status: {dict(tally.statuses) or 'none'};"
        f" by kind: {dict(tally.errors_by_kind) or '-'};"
        f" 5xx: {fivexx}; transport failures: {tally.statuses.get(0, 0)}; non-JSON bodies: {tally.non_json}"
    )
    for sample in tally.error_samples[:5]:
        print(f"  e.g. {sample}")
    print(
        f"write answers: {result['outcomes']}; item-level errors: {dict(tally.item_errors) or 'none'};"
        f" writes without an answer: {result['no_answer']}"
    )
    print(
        f"stored: {result['listed']} listed; {result['distinct_items']} distinct items,"
        f" {result['duplicate_sends']} exact re-sends"
    )
    print(
        f"wrong-tenant items: {len(result['wrong_tenant'])} listed, {len(tally.search_foreign)} search hits"
        f" (of {tally.search_results}), {tally.list_foreign} foreign items in in-load list pages;"
        f" wrong-user: {len(result['wrong_user'])}; missing: {len(result['missing'])};"
        f" stored twice: {len(result['stored_twice'])}; unmarked: {result['unmarked']}"
    )
    print(
        f"bad 'stored' answers: {len(result['bad_stored'])};"
        f" bad 'deduplicated' answers: {len(result['bad_dedup'])};"
        f" contents answered with >1 id: {len(result['split_ids'])};"
        f" stats vs list mismatches: {result['stats_mismatch'] or 'none'}"
    )
    for label in ("wrong_tenant", "missing", "bad_stored", "bad_dedup"):
        if result[label]:
            print(f"  {label} e.g. {result[label][:3]}")
    if tally.search_foreign:
        print(f"  foreign search hits e.g. {tally.search_foreign[:3]}")
    for problem in result["problems"][:5]:
        print(f"  audit: {problem}")
    print(f"writes/s: {args.items / elapsed:.0f} items/s over the {elapsed:.1f} s write phase")
    print(f"latency writes (single + batch): {ms(write_lat)}")
    print(f"  single: {ms(tally.latency['write'])}")
    print(f"  batch of {BATCH}: {ms(tally.latency['batch'])}")
    print(f"latency searches: {ms(tally.latency['search'])}")
    print(f"latency list/stats: {ms(tally.latency['list'] + tally.latency['stats'])}")

    failed = {
        "5xx": fivexx,
        "wrong_tenant": wrong,
        "missing": len(result["missing"]),
        "bad_dedup": len(result["bad_dedup"]),
        "bad_stored": len(result["bad_stored"]),
        "stored_twice": len(result["stored_twice"]),
        "wrong_user": len(result["wrong_user"]),
        "dedup_split": len(result["split_ids"]),
        "audit": len(result["problems"]),
    }
    failed = {k: v for k, v in failed.items() if v}
    print(
        json.dumps(
            {
                "bench": "load",
                "items": args.items,
                "clients": args.clients,
                "tenants": args.tenants,
                "workers": args.workers,
                "requests": total,
                "errors_by_status": {str(k): v for k, v in tally.statuses.items()},
                "5xx": fivexx,
                "wrong_tenant": wrong,
                "missing": len(result["missing"]),
                "bad_dedup": len(result["bad_dedup"]),
                "writes_per_s": round(args.items / elapsed, 1),
                "write_ms_p50": percentile(write_lat, 50),
                "write_ms_p95": percentile(write_lat, 95),
                "write_ms_p99": percentile(write_lat, 99),
                "search_ms_p50": percentile(tally.latency["search"], 50),
                "search_ms_p95": percentile(tally.latency["search"], 95),
                "search_ms_p99": percentile(tally.latency["search"], 99),
                "failed": failed,
            }
        )
    )
    if failed:
        print(f"FAILED: {failed}; server log: {server.log_path}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
