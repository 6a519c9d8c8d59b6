#!/bin/bash
# Issue 32's figures on one machine, in one run (~5 min): the throughput table over 2 to 16 HTTP processes,
# enrichment drained by 1 to 8 worker processes, and the write lock's hold with 1 to 8 writing processes.
# Hashing embedder; writes what it prints under ${OUT:-.}. Run from the repository root, with engram
# importable (PYTHONPATH=layers/engram/python and its dependencies installed).
set -o pipefail
export PYTHONUNBUFFERED=1 ENGRAM_EMBEDDER__PROVIDER=hashing POWERTOOLS_LOG_LEVEL=ERROR
out=${OUT:-.}
py=${PYTHON:-python3}
echo "$(nproc) cores; $($py --version)"
timeout -k 5 330 $py bench/bench_throughput.py --clients 64 --seconds 8 --catch-up-timeout 20 \
  --workers 2 4 8 16 2>&1 | tee "$out/throughput.txt"
timeout -k 5 100 $py bench/bench_throughput.py --enrich-processes 1 2 4 8 --enrich-jobs 3000 2>&1 | tee "$out/enrich.txt"
timeout -k 5 60 $py bench/bench_throughput.py --lock-hold 16 --processes 1 4 8 --seconds 4 2>&1 | tee "$out/lock.txt"
