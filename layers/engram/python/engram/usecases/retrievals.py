"""Retrieval events: counted off the hot path, in batches, so the janitor can tell what is used."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from datetime import datetime

from engram.ports import RetrievalCounts, RetrievalJob


def record_retrievals(store: RetrievalCounts, jobs: Sequence[RetrievalJob]) -> int:
    """Fold many retrieval jobs into one increment per memory. Returns how many memories changed.

    Each job counts once: its id is claimed before its counts are applied, so a redelivery changes
    nothing (and a crash between the two loses that job's counts rather than doubling them)."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    latest: dict[str, datetime] = {}
    for job in jobs:
        if not store.claim_once(f"retrieval#{job.id}", job.at):
            continue  # a redelivered job: already counted
        counts[job.tenant].update(job.memory_ids)
        latest[job.tenant] = max(latest.get(job.tenant, job.at), job.at)
    for tenant, per_memory in counts.items():
        store.increment_retrievals(tenant, dict(per_memory), latest[tenant])
    return sum(len(c) for c in counts.values())
