"""Benchmark the offline MiniLM embedder: single-text latency and batch throughput.

    .venv/bin/python bench/bench_embed.py [--texts 512] [--singles 200] [--batch-size 32]

Prints p50/p99 latency of embedding one text per call (after warm-up): LoCoMo-like conversational
sentences (10–30 words) and one short memory; then batch throughput over the sentence corpus, and a
one-line JSON summary last. The machine's load average is printed too: on a busy machine, numbers drop.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time

from engram.providers.embedders.minilm import MiniLMEmbedder

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


def single_latencies(embedder: MiniLMEmbedder, texts: list[str]) -> list[float]:
    """Milliseconds per `embed([text])` call, one call per text."""
    latencies = []
    for text in texts:
        started = time.perf_counter()
        embedder.embed([text])
        latencies.append((time.perf_counter() - started) * 1000)
    return latencies


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=int, default=512, help="corpus size for the throughput run")
    parser.add_argument("--singles", type=int, default=200, help="single-text calls for latency")
    parser.add_argument("--batch-size", type=int, default=32)
    args = parser.parse_args()

    texts = corpus(args.texts)
    words = [len(t.split()) for t in texts]
    embedder = MiniLMEmbedder(batch_size=args.batch_size)

    started = time.perf_counter()
    embedder.load()
    load_s = time.perf_counter() - started

    for text in texts[:20]:  # warm-up: caches, BLAS threads, allocator
        embedder.embed([text])
    embedder.embed(texts[:64])

    latencies_ms = single_latencies(embedder, texts[: args.singles])
    short_latencies_ms = single_latencies(embedder, [SHORT_MEMORY] * args.singles)

    started = time.perf_counter()
    vectors = embedder.embed(texts)
    batch_s = time.perf_counter() - started
    assert len(vectors) == len(texts) and len(vectors[0]) == embedder.dimensions

    summary = {
        "model": embedder.name,
        "cpus": os.cpu_count(),
        "load_avg_1m": round(os.getloadavg()[0], 2),
        "load_s": round(load_s, 3),
        "single_p50_ms": round(statistics.median(latencies_ms), 2),
        "single_p99_ms": round(percentile(latencies_ms, 0.99), 2),
        "short_p50_ms": round(statistics.median(short_latencies_ms), 2),
        "short_p99_ms": round(percentile(short_latencies_ms, 0.99), 2),
        "batch_texts": len(texts),
        "batch_size": args.batch_size,
        "mean_words": round(statistics.mean(words), 1),
        "batch_s": round(batch_s, 3),
        "texts_per_s": round(len(texts) / batch_s, 1),
    }
    print(
        f"model             {summary['model']} ({summary['cpus']} CPUs, load average"
        f" {summary['load_avg_1m']}), loaded in {load_s:.2f}s"
    )
    print(f"single sentence   p50 {summary['single_p50_ms']} ms   p99 {summary['single_p99_ms']} ms")
    print(
        f"short memory      p50 {summary['short_p50_ms']} ms   p99 {summary['short_p99_ms']} ms"
        f"  ({SHORT_MEMORY!r})"
    )
    print(
        f"batch             {len(texts)} texts (mean {summary['mean_words']} words) in {batch_s:.2f}s"
        f" = {summary['texts_per_s']} texts/s"
    )
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
