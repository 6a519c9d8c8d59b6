"""Benchmark the MiniLM embedder on ONNX Runtime against the tests' NumPy reference: latency, agreement.

    .venv/bin/python bench/bench_embed.py [--texts 512] [--singles 200] [--batch-size 32]
        [--configs numpy,onnxruntime:1,onnxruntime:2] [--rounds 5] [--locomo PATH] [--locomo-texts 400]

For each encoder configuration (numpy; onnxruntime with 1 or 2 intra-op threads per call): its load
time; the minimum cosine against the sentence-transformers reference vectors, and against the first
configuration on the corpus and on LoCoMo turns and questions (--locomo, if the file is there);
p50/p99 latency of embedding one text per call (after warm-up) over LoCoMo-like conversational
sentences (10–30 words) and one short memory, the configurations interleaved round by round so that
a change of load hits them alike, with the process's CPU time per call (near enough what a quiet
machine's latency would be, for one thread per call); queries/s with two concurrent clients of one
text each; batch throughput over the corpus; a one-line JSON summary last. The machine's load
average is printed with each figure: on a busy machine, numbers drop.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from engram.providers.embedders import minilm
from engram.providers.embedders.minilm import MiniLMEmbedder

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "tests" / "fixtures" / "minilm_reference.json"
LOCOMO = ROOT.parent / "shared" / "bench" / "locomo10.json"


def locomo_texts(path: Path, n: int) -> list[str]:
    """Up to n LoCoMo texts: dialogue turns and questions alternately, from every conversation."""
    samples = json.loads(path.read_text(encoding="utf-8"))
    turns, questions = [], []
    for sample in samples:
        conversation = sample["conversation"]
        session = 1
        while f"session_{session}" in conversation:
            turns += [turn["text"] for turn in conversation[f"session_{session}"]]
            session += 1
        questions += [qa["question"] for qa in sample["qa"]]
    turns, questions = turns[:: max(1, len(turns) // n)], questions[:: max(1, len(questions) // n)]
    mixed = [text for pair in zip(turns, questions, strict=False) for text in pair]
    return mixed[:n]


SUBJECTS = ["Caroline", "Melanie", "Jon", "Gina", "my sister", "the user", "our manager", "Dr. Patel"]
VERBS = ["went to", "talked about", "is planning", "signed up for", "finished", "recommended", "painted"]
OBJECTS = [
    "the LGBTQ support group",
    "a pottery class downtown",
    "a camping trip with the kids",
    "the charity run in Boston",
    "a new job interview at the bakery",
    "an adoption agency meeting",
    "the annual family reunion",
    "a book about mindfulness and grief",
]
SHORT_MEMORY = "The user prefers dark mode in every editor."
TAILS = [
    "last Saturday",
    "on 7 May 2023",
    "because it felt empowering",
    "and said it changed how she sees herself",
    "after months of thinking about it",
    "with two friends from college",
    "even though it rained the whole weekend",
    "and wants to go back next summer with the whole family",
]


def corpus(n: int, seed: int = 7) -> list[str]:
    """n distinct LoCoMo-style sentences, 10–30 words each."""
    rng = random.Random(seed)
    texts = []
    for i in range(n):
        parts = [rng.choice(SUBJECTS), rng.choice(VERBS), rng.choice(OBJECTS), rng.choice(TAILS)]
        if rng.random() < 0.6:
            parts += ["and", rng.choice(TAILS)]
        if rng.random() < 0.3:
            parts += ["—", rng.choice(SUBJECTS), rng.choice(VERBS), rng.choice(OBJECTS)]
        texts.append(f"{' '.join(parts)} (#{i}).")
    return texts


def single_latencies(
    embedder: MiniLMEmbedder, texts: list[str], cpu: list[float] | None = None
) -> list[float]:
    """Milliseconds per `embed([text])` call, one call per text; the process's CPU ms per call in `cpu`."""
    latencies = []
    for text in texts:
        started, started_cpu = time.perf_counter(), time.process_time()
        embedder.embed([text])
        latencies.append((time.perf_counter() - started) * 1000)
        if cpu is not None:
            cpu.append((time.process_time() - started_cpu) * 1000)
    return latencies


def concurrent_singles(embedder: MiniLMEmbedder, texts: list[str], clients: int) -> tuple[float, list[float]]:
    """`clients` threads each embedding one text per call over `texts`: queries/s and latencies (ms)."""
    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        shares = list(pool.map(lambda k: single_latencies(embedder, texts[k::clients]), range(clients)))
    return len(texts) / (time.perf_counter() - started), [ms for share in shares for ms in share]


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def cosines(actual: np.ndarray, expected: np.ndarray) -> np.ndarray:
    return (actual * expected).sum(axis=1) / (
        np.linalg.norm(actual, axis=1) * np.linalg.norm(expected, axis=1)
    )


def make_embedder(config: str, batch_size: int) -> MiniLMEmbedder:
    """`numpy` (the tests' reference encoder), or `onnxruntime:<intra-op threads>`: each its own model,
    loaded now."""
    backend, _, threads = config.partition(":")
    encoder: minilm.EncoderFactory
    if backend == "onnxruntime":
        from engram.providers.embedders.minilm_onnx import OnnxBert

        encoder = functools.partial(OnnxBert, threads=int(threads or 1))
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        from tests.minilm_numpy import NumpyBert

        encoder = NumpyBert
    embedder = MiniLMEmbedder(batch_size=batch_size, encoder=encoder)
    embedder.warm()
    return embedder


@dataclass
class Run:
    """One encoder configuration under test, and what was measured of it."""

    config: str
    embedder: MiniLMEmbedder
    load_s: float
    ref_cos_min: float
    single_ms: list[float] = field(default_factory=list)
    single_cpu_ms: list[float] = field(default_factory=list)
    short_ms: list[float] = field(default_factory=list)
    short_cpu_ms: list[float] = field(default_factory=list)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=int, default=512, help="corpus size for the throughput run")
    parser.add_argument("--singles", type=int, default=200, help="single-text calls for latency")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument(
        "--configs",
        default="numpy,onnxruntime:1,onnxruntime:2",
        help="encoders to compare, the first the baseline: numpy, onnxruntime:<intra-op threads>",
    )
    parser.add_argument("--rounds", type=int, default=5, help="single-text runs interleaved across configs")
    parser.add_argument("--locomo", type=Path, default=LOCOMO, help="LoCoMo data, to compare vectors on")
    parser.add_argument("--locomo-texts", type=int, default=400, help="LoCoMo turns and questions compared")
    args = parser.parse_args()

    texts = corpus(args.texts)
    mean_words = statistics.mean(len(t.split()) for t in texts)
    reference = json.loads(REFERENCE.read_text(encoding="utf-8"))
    ref_texts = [item["text"] for item in reference["items"]]
    ref_vectors = np.array([item["vector"] for item in reference["items"]], dtype=np.float64)
    print(f"{os.cpu_count()} CPUs; load average {load_average()} at start")

    runs = []
    for config in args.configs.split(","):
        started = time.perf_counter()
        embedder = make_embedder(config, args.batch_size)
        load_s = time.perf_counter() - started
        for text in texts[:20]:  # warm-up: caches, threads, allocator
            embedder.embed([text])
        embedder.embed(texts[:64])
        singles = np.array([embedder.embed([text])[0] for text in ref_texts])
        runs.append(Run(config, embedder, load_s, float(cosines(singles, ref_vectors).min())))

    # single texts, interleaved: each round runs every config back to back, so load drifts hit all alike
    per_round = max(1, args.singles // args.rounds)
    for r in range(args.rounds):
        chunk = texts[r * per_round : (r + 1) * per_round]
        for run in runs:
            run.single_ms += single_latencies(run.embedder, chunk, run.single_cpu_ms)
            run.short_ms += single_latencies(run.embedder, [SHORT_MEMORY] * len(chunk), run.short_cpu_ms)
    singles_load = load_average()

    baseline = runs[0]
    baseline_vectors = baseline.embedder.embed_array(texts)
    locomo = locomo_texts(args.locomo, args.locomo_texts) if args.locomo.is_file() else []
    locomo_vectors = baseline.embedder.embed_array(locomo) if locomo else None
    rows = []
    for run in runs:
        qps, concurrent_ms = concurrent_singles(run.embedder, texts[: args.singles], clients=2)
        concurrent_load = load_average()
        started = time.perf_counter()
        vectors = run.embedder.embed_array(texts)
        batch_s = time.perf_counter() - started
        locomo_cos = (
            float(cosines(run.embedder.embed_array(locomo), locomo_vectors).min())
            if locomo_vectors is not None
            else float("nan")
        )
        row = {
            "config": run.config,
            "load_s": round(run.load_s, 3),
            "ref_cos_min": round(run.ref_cos_min, 6),
            "baseline_cos_min": round(float(cosines(vectors, baseline_vectors).min()), 6),
            "locomo_baseline_cos_min": round(locomo_cos, 6),
            "single_p50_ms": round(statistics.median(run.single_ms), 2),
            "single_p99_ms": round(percentile(run.single_ms, 0.99), 2),
            "single_cpu_p50_ms": round(statistics.median(run.single_cpu_ms), 2),
            "short_p50_ms": round(statistics.median(run.short_ms), 2),
            "short_p99_ms": round(percentile(run.short_ms, 0.99), 2),
            "short_cpu_p50_ms": round(statistics.median(run.short_cpu_ms), 2),
            "singles_load_avg": singles_load,
            "two_clients_qps": round(qps, 1),
            "two_clients_p50_ms": round(statistics.median(concurrent_ms), 2),
            "two_clients_load_avg": concurrent_load,
            "batch_texts_per_s": round(len(texts) / batch_s, 1),
            "batch_load_avg": load_average(),
        }
        rows.append(row)
        pad = " " * 16
        print(
            f"{run.config:<15} loaded in {run.load_s:.2f}s; cosine ≥ {row['ref_cos_min']} vs the reference"
            f" vectors, ≥ {row['baseline_cos_min']} vs {baseline.config} on the corpus,"
            f" ≥ {row['locomo_baseline_cos_min']} on {len(locomo)} LoCoMo texts\n"
            f"{pad}single sentence p50 {row['single_p50_ms']} ms  p99 {row['single_p99_ms']} ms"
            f" (CPU p50 {row['single_cpu_p50_ms']} ms);"
            f" short memory p50 {row['short_p50_ms']} ms  p99 {row['short_p99_ms']} ms"
            f" (CPU p50 {row['short_cpu_p50_ms']} ms)"
            f" (load average {singles_load})\n"
            f"{pad}2 concurrent clients: {row['two_clients_qps']} queries/s,"
            f" p50 {row['two_clients_p50_ms']} ms (load average {concurrent_load})\n"
            f"{pad}batch: {len(texts)} texts (mean {mean_words:.1f} words, batches of {args.batch_size})"
            f" {row['batch_texts_per_s']} texts/s (load average {row['batch_load_avg']})"
        )
    print(json.dumps(rows))


def load_average() -> float:
    return round(os.getloadavg()[0], 2)


if __name__ == "__main__":
    main()
