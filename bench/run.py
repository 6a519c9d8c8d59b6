"""`make bench`: every benchmark on the embedded default, one after another.

Each bench is a standalone script; this runs them in order and prints their output. The LoCoMo
retrieval benchmark skips with a message when ../shared/bench/locomo10.json is absent.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHES = [
    ("Lambda cold start: import + init per handler", ["bench_coldstart.py"]),
    ("write path", ["bench_write.py"]),
    ("engram serve out of the box: writes/s and searches/s, 16 clients", ["bench_throughput.py"]),
    ("sessions: messages route and extraction", ["bench_sessions.py"]),
    ("PII screening", ["bench_pii.py"]),
    ("loopback load, 4 tenants", ["bench_load.py"]),
    ("embedding", ["bench_embed.py"]),
    ("enrichment", ["bench_enrich.py"]),
    ("recall latency", ["bench_recall.py"]),
    ("janitor", ["bench_janitor.py"]),
    ("scenario recall quality", ["bench_scenarios.py"]),
    ("LoCoMo retrieval", ["locomo.py"]),
]


def main() -> int:
    only = set(sys.argv[1:])
    failed = []
    for name, argv in BENCHES:
        if only and argv[0].removesuffix(".py") not in only and name not in only:
            continue
        print(f"\n=== {name} ({argv[0]}) ===", flush=True)
        start = time.monotonic()
        code = subprocess.call([sys.executable, str(HERE / argv[0]), *argv[1:]])
        print(f"--- {name}: {'ok' if code == 0 else f'FAILED ({code})'} in {time.monotonic() - start:.0f} s")
        if code:
            failed.append(name)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
