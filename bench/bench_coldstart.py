"""Cold start of each Lambda handler: what a fresh execution environment pays before its first request.

python bench/bench_coldstart.py [--runs 10] [--top 15] [--only api authorizer] [--root CHECKOUT]
                                [--baseline CHECKOUT] [--first-request EVENT ...] [--layer]

For each function under functions/, --runs fresh interpreters each load `functions/<name>/handler.py`
(as the Lambda runtime does: the module is imported, so its cold start builds settings and clients)
with the environment the deployed function gets (infra/engram_infra/functions.py: ENGRAM_BACKEND=aws,
a table, queues, an OpenSearch endpoint, Bedrock models, and the variables Lambda itself sets, which
switch powertools' X-Ray tracing on). Nothing is called over the network: building clients does not
connect. Reports the median import-plus-init time (inside the process, from before the handler's
import to after it) with min and max, the bare interpreter's own start for reference, and the
`python -X importtime` breakdown of the slowest handler, by top-level package and by module.
--root measures another checkout of engram (its functions/ and its package). --baseline CHECKOUT
also measures that checkout, its runs alternating with this one's so both see the same load, and
prints the two side by side (a before/after on a busy machine).
--first-request remember get search … then times, in fresh processes, the api's import plus init
followed by its first request (events/api/<EVENT>.json) with the network stubbed at urllib3: what a
caller of a cold environment waits for besides the network, so that work moved from the cold start to
the first request is counted where it lands (with --baseline, the two checkouts alternate here too).
--layer then builds the layer as `cdk synth` does (infra/engram_infra/layer.py: pip installs the
package's runtime dependencies into a folder, less what the Lambda runtime provides, and the package is
copied in), with this machine's wheels, and times each handler loaded from that folder as Lambda loads
it from /opt, where nothing can be written (PYTHONDONTWRITEBYTECODE): once without bytecode, as the
layer shipped before it was compiled, and once compiled as it ships now; runs alternating. botocore
comes from this venv, compiled, as the runtime's does. It needs PyPI for the wheels.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT

from engram.cli.invoke import FUNCTIONS

TARGET_MS = {"api": 300.0, "authorizer": 300.0}
CHECKOUT = ROOT  # the engram checkout measured (--root)

# What infra gives every function (lambda_environment), with placeholder resources, plus what the
# Lambda runtime sets: LAMBDA_TASK_ROOT is what makes powertools' Tracer trace (and patch).
LAMBDA_ENV = {
    "ENGRAM_BACKEND": "aws",
    "ENGRAM_STAGE": "bench",
    "ENGRAM_TABLE_NAME": "engram-bench",
    "ENGRAM_QUEUE_URL": "https://sqs.us-east-1.amazonaws.com/123456789012/engram-jobs",
    "ENGRAM_DLQ_URL": "https://sqs.us-east-1.amazonaws.com/123456789012/engram-jobs-dlq",
    "ENGRAM_OPENSEARCH_ENDPOINT": "https://abc123.us-east-1.aoss.amazonaws.com",
    "ENGRAM_OPENSEARCH_MODE": "aoss",
    "ENGRAM_OPENSEARCH_INDEX": "memories",
    "ENGRAM_EMBEDDER__PROVIDER": "bedrock",
    "ENGRAM_EMBEDDER__MODEL": "amazon.titan-embed-text-v2:0",
    "ENGRAM_EMBEDDER__DIMENSIONS": "1024",
    "ENGRAM_ENRICHER__PROVIDER": "bedrock",
    "ENGRAM_ENRICHER__MODEL": "us.anthropic.claude-haiku-4-5-20251001-v1:0",
    "ENGRAM_PIPELINE_MODE": "controlled",
    "POWERTOOLS_SERVICE_NAME": "engram",
    "POWERTOOLS_METRICS_NAMESPACE": "engram",
    "POWERTOOLS_TRACER_CAPTURE_RESPONSE": "false",
    "PYDANTIC_DISABLE_PLUGINS": "__all__",
    "AWS_REGION": "us-east-1",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_SESSION_TOKEN": "testing",
    "AWS_EC2_METADATA_DISABLED": "true",
    "AWS_XRAY_DAEMON_ADDRESS": "127.0.0.1:2000",
    "AWS_XRAY_CONTEXT_MISSING": "LOG_ERROR",
    "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "1024",
    "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
    "AWS_EXECUTION_ENV": "AWS_Lambda_python3.11",
}

# Runs in the fresh interpreter: the time from before the handler module's import to after it. Given an
# event too (--first-request), it then hands the handler that event, as the first request of the
# environment, with the network stubbed at urllib3 (below botocore and opensearch-py, above the socket):
# every call answers at once with an empty result, so what is timed is engram's own work up to the
# network (the lazy imports and model builds a first request pays, signing, X-Ray subsegments).
PROBE = """
import importlib.util, sys, time
t, cpu = time.perf_counter(), time.process_time()
spec = importlib.util.spec_from_file_location("handler", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
assert callable(module.handler)
times = [(time.perf_counter() - t) * 1000, (time.process_time() - cpu) * 1000]
if len(sys.argv) > 2:
    import io, json, os, types
    import urllib3.connectionpool, urllib3.response

    def answer(host, url, body):
        if host.startswith("bedrock-runtime"):  # an embedding (InvokeModel)
            return {"embedding": [0.03125] * 1024, "inputTextTokenCount": 4}
        if ".aoss." in host or ".es." in host:  # the search index: no hits
            return {"hits": {"total": {"value": 0}, "hits": []}, "responses": [], "items": []}
        if host.startswith("sqs"):
            return {"Successful": [], "Failed": [], "Attributes": {}, "Messages": []}
        return {"Items": [], "Count": 0, "ScannedCount": 0, "Responses": {}, "UnprocessedKeys": {}}

    def urlopen(self, method, url, body=None, headers=None, **kw):
        data = json.dumps(answer(self.host, url, body)).encode()
        return urllib3.response.HTTPResponse(
            body=io.BytesIO(data), status=200, headers={"Content-Type": "application/json"},
            preload_content=False, request_method=method,
        )

    urllib3.connectionpool.HTTPConnectionPool.urlopen = urlopen
    with open(sys.argv[2]) as f:
        event = json.load(f)
    trace = "Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1"
    os.environ["_X_AMZN_TRACE_ID"] = trace  # as Lambda sets it per invocation
    context = types.SimpleNamespace(
        function_name="engram-bench", function_version="$LATEST", memory_limit_in_mb=1024,
        invoked_function_arn="arn:aws:lambda:us-east-1:123456789012:function:engram-bench",
        aws_request_id="c6af9ac6-7b61-11e6-9a41-93e812345678", tenant_id=None,
    )
    t, cpu = time.perf_counter(), time.process_time()
    response = module.handler(event, context)
    times += [(time.perf_counter() - t) * 1000, (time.process_time() - cpu) * 1000]
    print(response["statusCode"] if isinstance(response, dict) and "statusCode" in response else "-", end=" ")
print(" ".join(f"{ms:.3f}" for ms in times))
"""


def lambda_env(name: str, task_root: str, root: Path | None = None) -> dict[str, str]:
    root = root or CHECKOUT
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("ENGRAM_", "AWS_", "POWERTOOLS_"))}
    if root != ROOT:  # its package first, before the one installed in the venv
        keep["PYTHONPATH"] = str(root / "layers" / "engram" / "python")
    return {
        **keep,
        **LAMBDA_ENV,
        "AWS_LAMBDA_FUNCTION_NAME": f"engram-bench-{name}",
        "LAMBDA_TASK_ROOT": task_root,
        "PYTHONDONTWRITEBYTECODE": "",
    }


def handler_path(name: str, root: Path | None = None) -> str:
    return str((root or CHECKOUT) / "functions" / name / "handler.py")


def probe(
    name: str, env: dict[str, str], *flags: str, root: Path | None = None, event: Path | None = None
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *flags, "-c", PROBE, handler_path(name, root), *([str(event)] if event else [])],
        capture_output=True,
        text=True,
        env=env,
        cwd=env["LAMBDA_TASK_ROOT"],
        timeout=120,
        check=True,
    )


def one_run(name: str, env: dict[str, str], root: Path | None = None) -> tuple[float, float, float]:
    """The handler's import plus init in the process (wall clock, and CPU time, which other processes
    on a shared machine disturb less), and the whole process (wall clock), in ms."""
    t = time.perf_counter()
    out = probe(name, env, root=root)
    whole = (time.perf_counter() - t) * 1000
    wall_ms, cpu_ms = out.stdout.strip().splitlines()[-1].split()
    return float(wall_ms), float(cpu_ms), whole


def import_plus_init_ms(name: str, runs: int, task_root: str) -> tuple[list[float], list[float], list[float]]:
    env = lambda_env(name, task_root)
    probe(name, env)  # bytecode compiled once, as the deployed layer ships it
    inside, cpu, whole = zip(*(one_run(name, env) for _ in range(runs)), strict=True)
    return list(inside), list(cpu), list(whole)


def compare(names: list[str], runs: int, task_root: str, baseline: Path) -> None:
    """Median wall and CPU ms of `baseline` and this checkout, their runs alternating."""
    print(f"\nbefore/after, runs alternating: before = {baseline}, after = {CHECKOUT}")
    print(f"{'handler':<12}{'before ms':>10}{'after ms':>10}{'before cpu':>12}{'after cpu':>11}")
    for name in names:
        envs = {root: lambda_env(name, task_root, root) for root in (baseline, CHECKOUT)}
        for root, env in envs.items():
            probe(name, env, root=root)
        runs_of: dict[Path, list[tuple[float, float, float]]] = {root: [] for root in envs}
        for _ in range(runs):
            for root, env in envs.items():
                runs_of[root].append(one_run(name, env, root))
        wall = {root: statistics.median(r[0] for r in rs) for root, rs in runs_of.items()}
        cpu = {root: statistics.median(r[1] for r in rs) for root, rs in runs_of.items()}
        before, after = baseline, CHECKOUT
        row = f"{name:<12}{wall[before]:>10.0f}{wall[after]:>10.0f}"
        print(f"{row}{cpu[before]:>12.0f}{cpu[after]:>11.0f}", flush=True)


def first_requests(name: str, events: list[str], runs: int, task_root: str, baseline: Path | None) -> None:
    """Import plus init, then the first request (events/<name>/<event>.json) up to the network, in
    fresh processes: what the caller of a cold environment waits for, beyond the network itself. With
    a baseline, its runs alternate with this checkout's."""
    roots = [baseline, CHECKOUT] if baseline else [CHECKOUT]
    print(f"\n{name}: import + init, then the first request up to the network (medians, wall ms; cpu ms)")
    head = f"{'event':<22}{'checkout':<10}{'status':>7}{'init':>8}{'request':>9}{'sum':>8}"
    print(f"{head}{'init cpu':>10}{'req cpu':>9}")
    for event in events:
        path = ROOT / "events" / name / f"{event}.json"
        envs = {root: lambda_env(name, task_root, root) for root in roots}
        for root, env in envs.items():
            probe(name, env, root=root)  # bytecode compiled once
        runs_of: dict[Path, list[list[str]]] = {root: [] for root in roots}
        for _ in range(runs):
            for root, env in envs.items():
                out = probe(name, env, root=root, event=path)
                runs_of[root].append(out.stdout.strip().splitlines()[-1].split())
        for root, rs in runs_of.items():
            statuses = sorted({r[0] for r in rs})
            init, request, init_cpu, request_cpu = (
                statistics.median(float(r[i]) for r in rs) for i in (1, 3, 2, 4)
            )
            total = statistics.median(float(r[1]) + float(r[3]) for r in rs)
            which = "before" if root == baseline else "after" if baseline else ""
            row = f"{event:<22}{which:<10}{','.join(statuses):>7}{init:>8.0f}{request:>9.0f}{total:>8.0f}"
            print(f"{row}{init_cpu:>10.0f}{request_cpu:>9.0f}", flush=True)


def layer_runs(names: list[str], runs: int, task_root: str) -> None:
    """--layer: each handler from the layer as deployed, without and with its bytecode."""
    sys.path.insert(0, str(ROOT / "infra"))
    for node_notice in ("END_OF_LIFE_NODE_VERSION", "DEPRECATED_NODE_VERSION"):  # as the Makefile sets
        os.environ.setdefault(f"JSII_SILENCE_WARNING_{node_notice}", "1")
    from engram_infra.layer import PipLayerBundler, compile_bytecode

    print("\nfrom the layer as `cdk synth` builds it, read-only (medians of wall ms; cpu ms)")
    print(f"{'handler':<12}{'no bytecode':>12}{'bytecode':>10}{'no bc cpu':>11}{'bc cpu':>8}")
    with tempfile.TemporaryDirectory(prefix="engram-layer-") as tmp:
        source, compiled = Path(tmp) / "source", Path(tmp) / "compiled"
        package = CHECKOUT / "layers" / "engram" / "python" / "engram"
        PipLayerBundler(package, platform=()).try_bundle(str(source))
        for cache in list((source / "python").rglob("__pycache__")):  # there if this is the runtime's Python
            shutil.rmtree(cache)
        shutil.copytree(source, compiled)
        compile_bytecode(compiled / "python")
        layers = {"no bytecode": source / "python", "bytecode": compiled / "python"}
        for name in names:
            envs = {
                label: lambda_env(name, task_root) | {"PYTHONPATH": str(path), "PYTHONDONTWRITEBYTECODE": "1"}
                for label, path in layers.items()
            }
            runs_of: dict[str, list[tuple[float, float, float]]] = {label: [] for label in envs}
            for _ in range(runs):
                for label, env in envs.items():
                    runs_of[label].append(one_run(name, env))
            wall = {label: statistics.median(r[0] for r in rs) for label, rs in runs_of.items()}
            cpu = {label: statistics.median(r[1] for r in rs) for label, rs in runs_of.items()}
            row = f"{name:<12}{wall['no bytecode']:>12.0f}{wall['bytecode']:>10.0f}"
            print(f"{row}{cpu['no bytecode']:>11.0f}{cpu['bytecode']:>8.0f}", flush=True)


def bare_interpreter_ms(runs: int) -> float:
    """`python -c pass`, wall clock: what any Python process pays before its first import."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


_LINE = re.compile(r"import time:\s+(\d+)\s+\|\s+(\d+)\s+\|(\s*)(\S+)")


def parse_importtime(stderr: str) -> list[tuple[str, int, int, int]]:
    """(module, self µs, cumulative µs, depth) for every line of `-X importtime`."""
    rows = []
    for line in stderr.splitlines():
        m = _LINE.match(line)
        if m:
            rows.append((m.group(4), int(m.group(1)), int(m.group(2)), (len(m.group(3)) - 1) // 2))
    return rows


def breakdown(name: str, task_root: str, top: int) -> str:
    out = probe(name, lambda_env(name, task_root), "-X", "importtime")
    rows = parse_importtime(out.stderr)
    by_package: dict[str, int] = defaultdict(int)
    for module, self_us, _, _ in rows:
        by_package[module.split(".")[0]] += self_us
    total = sum(by_package.values())
    lines = [f"  imports: {len(rows)} modules, {total / 1000:.0f} ms (self time, summed)", "  by package:"]
    for package, us in sorted(by_package.items(), key=lambda kv: -kv[1])[:top]:
        lines.append(f"    {package:<32} {us / 1000:8.1f} ms  {100 * us / total:5.1f} %")
    lines.append("  heaviest imports (cumulative, outermost first seen):")
    outer = [r for r in rows if r[3] <= 1]
    for module, _, cum_us, _ in sorted(outer, key=lambda r: -r[2])[:top]:
        lines.append(f"    {module:<60} {cum_us / 1000:8.1f} ms")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--only", nargs="*", choices=FUNCTIONS, default=list(FUNCTIONS))
    parser.add_argument("--root", type=Path, default=ROOT, help="the engram checkout to measure")
    parser.add_argument("--baseline", type=Path, help="another checkout to compare with, runs alternating")
    parser.add_argument(
        "--first-request",
        nargs="*",
        default=[],
        metavar="EVENT",
        help="also time the api's first request of a fresh process, for these events/api/<EVENT>.json",
    )
    parser.add_argument(
        "--layer", action="store_true", help="also time each handler from the layer as deployed (needs PyPI)"
    )
    args = parser.parse_args()
    global CHECKOUT
    CHECKOUT = args.root.resolve()

    load = os.getloadavg()
    if CHECKOUT != ROOT:
        print(f"measuring the checkout at {CHECKOUT}")
    print(f"{args.runs} fresh processes per handler; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"bare interpreter (python -c pass, whole process): {bare_interpreter_ms(args.runs):.0f} ms")
    print("import + init of the handler module in the process: wall clock (median, min, max) and CPU time")
    print("(median); the whole process (wall clock) beside them")
    print(f"{'handler':<12}{'median ms':>10}{'min':>8}{'max':>8}{'cpu ms':>8}{'process ms':>12}  target")
    medians: dict[str, float] = {}
    missed, failed = [], []
    with tempfile.TemporaryDirectory(prefix="engram-coldstart-") as task_root:
        for name in args.only:
            try:
                times, cpu, whole = import_plus_init_ms(name, args.runs, task_root)
            except subprocess.CalledProcessError as exc:  # reported, and the other handlers measured
                error = (exc.stderr or "").strip().splitlines() or ["no output"]
                print(f"{name:<12}{'failed to load:':>26} {error[-1]}", flush=True)
                failed.append(name)
                continue
            medians[name] = statistics.median(times)
            target = TARGET_MS.get(name)
            verdict = ""
            if target is not None:
                ok = medians[name] <= target
                verdict = f"<= {target:.0f} ms {'ok' if ok else 'MISSED'}"
                if not ok:
                    missed.append(name)
            row = f"{name:<12}{medians[name]:>10.0f}{min(times):>8.0f}{max(times):>8.0f}"
            print(
                f"{row}{statistics.median(cpu):>8.0f}{statistics.median(whole):>12.0f}  {verdict}", flush=True
            )
        if not medians:
            return 1
        slowest = max(medians, key=lambda n: medians[n])
        print(f"\nimport breakdown of the slowest, {slowest} (one run under -X importtime):")
        print(breakdown(slowest, task_root, args.top))
        for name in ("api", "authorizer"):
            if name in medians and name != slowest:
                print(f"\nimport breakdown of {name}:")
                print(breakdown(name, task_root, min(args.top, 8)))
        if args.first_request:
            baseline = args.baseline.resolve() if args.baseline else None
            first_requests("api", args.first_request, args.runs, task_root, baseline)
        if args.layer:
            layer_runs([n for n in args.only if n not in failed], args.runs, task_root)
        if args.baseline:
            compare([n for n in args.only if n not in failed], args.runs, task_root, args.baseline.resolve())
    if missed:
        print(f"\nabove target: {', '.join(missed)} (timings on a shared machine vary; see load average)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
