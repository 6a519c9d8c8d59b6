"""Wait for a memory's enrichment: `POST /v1/memories` with `wait: "enriched"`.

Enrichment runs elsewhere (the enrich Lambda behind SQS, `engram serve`'s worker process), so the wait
reads the store, pausing between reads (20 ms, doubling up to 250 ms), until the memory is settled and
searchable by meaning (its vector in the index), or the deadline passes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engram.domain.errors import MemoryNotFound
from engram.domain.models import EnrichmentState, Memory, Status
from engram.ports import MemoryStore, VectorIndex

FIRST_PAUSE_S = 0.02
MAX_PAUSE_S = 0.25
MAX_WAIT_S = 10.0  # the API's limit on `wait_timeout_s`


@dataclass(frozen=True)
class Waited:
    """The memory as last read, and whether it is enriched and searchable by meaning (False: time ran
    out, or its enrichment failed or was only shadowed)."""

    memory: Memory
    searchable: bool


@dataclass
class AwaitEnrichment:
    """`(tenant, memory_id, timeout_s)` → the memory once its enrichment settled, or when time is up.

    `pause` sleeps between reads: `engram serve` lends a paused request's thread to others meanwhile
    (engram.runtime.slots)."""

    store: MemoryStore
    index: VectorIndex
    pause: Callable[[float], None] = time.sleep
    monotonic: Callable[[], float] = field(default=time.monotonic)

    def __call__(self, tenant: str, memory_id: str, timeout_s: float) -> Waited:
        deadline = self.monotonic() + min(timeout_s, MAX_WAIT_S)
        wait = FIRST_PAUSE_S
        while True:
            memory = self.store.get(tenant, memory_id)
            if memory is None:
                raise MemoryNotFound(f"memory {memory_id} not found")
            state = memory.enrichment.state
            if state == EnrichmentState.done and self._indexed(memory):
                return Waited(memory, searchable=True)
            left = deadline - self.monotonic()
            if state not in (EnrichmentState.pending, EnrichmentState.done) or left <= 0:
                return Waited(memory, searchable=False)  # failed, shadow, dead: waiting brings nothing
            self.pause(min(wait, left))
            wait = min(wait * 2, MAX_PAUSE_S)

    def _indexed(self, memory: Memory) -> bool:
        """In the vector index, unless merged into another memory (which speaks for it) or forgotten.
        The worker marks a memory done just before it indexes it."""
        if memory.status in (Status.merged, Status.deleted):
            return True
        return memory.id in self.index.get_vectors(memory.tenant, [memory.id])
