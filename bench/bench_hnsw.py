"""Compare HNSW libraries for the local index's graph (adapters.local.hnsw): build time, k-NN latency
p50/p99 (one query, one thread) and recall@10 against the exact product, on synthetic clustered unit
vectors. `python bench/bench_hnsw.py [--n 100000] [--dims 384] [--lib hnswlib|usearch|both]`."""

from __future__ import annotations

import argparse
import time

import numpy as np


def data(n: int, dims: int, queries: int) -> tuple[np.ndarray, np.ndarray]:
    """Unit vectors around 1000 random centres (embeddings cluster; uniform noise is unrealistic)."""
    rng = np.random.default_rng(0)
    centres = rng.standard_normal((1000, dims)).astype(np.float32)
    base = centres[rng.integers(0, 1000, n)] + 0.6 * rng.standard_normal((n, dims)).astype(np.float32)
    base /= np.linalg.norm(base, axis=1, keepdims=True)
    q = base[rng.integers(0, n, queries)] + 0.3 * rng.standard_normal((queries, dims)).astype(np.float32)
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    return base, q


def run(lib: str, base: np.ndarray, queries: np.ndarray, truth: np.ndarray, threads: int) -> None:
    n, dims = base.shape
    keys = np.arange(n, dtype=np.int64)
    start = time.perf_counter()
    if lib == "hnswlib":
        import hnswlib

        index = hnswlib.Index(space="ip", dim=dims)
        index.init_index(max_elements=n, M=16, ef_construction=100)
        index.add_items(base, keys, num_threads=threads)
        index.set_ef(400)

        def search(v: np.ndarray) -> np.ndarray:
            return index.knn_query(v, k=40, num_threads=1)[0][0]
    else:
        from usearch.index import Index

        uindex = Index(ndim=dims, metric="ip", dtype="f32", connectivity=16, expansion_add=100)
        uindex.expansion_search = 400
        uindex.add(keys, base, threads=threads)

        def search(v: np.ndarray) -> np.ndarray:
            return np.asarray(uindex.search(v, 40, threads=1).keys)

    built = time.perf_counter() - start
    times, hits = [], 0
    for i, v in enumerate(queries):
        t = time.perf_counter()
        found = search(v)
        times.append(time.perf_counter() - t)
        hits += len(set(found[:10].tolist()) & set(truth[i].tolist()))
    ms = np.array(times) * 1000
    print(
        f"{lib:8s} n={n} dims={dims} build {built:.1f} s ({threads} threads)  k=40 ef=400: "
        f"p50 {np.percentile(ms, 50):.2f} ms  p99 {np.percentile(ms, 99):.2f} ms  "
        f"recall@10 {hits / (10 * len(queries)):.4f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--dims", type=int, default=384)
    parser.add_argument("--queries", type=int, default=500)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--lib", default="both")
    args = parser.parse_args()
    base, queries = data(args.n, args.dims, args.queries)
    truth = np.argsort(-(queries @ base.T), axis=1)[:, :10]
    for lib in ["hnswlib", "usearch"] if args.lib == "both" else [args.lib]:
        run(lib, base, queries, truth, args.threads)


if __name__ == "__main__":
    main()
