"""Switching the embedding model: the vectors another model made are made again with the configured one,
newest memory first, a batch at a time under a budget a run (the background loop's, or all of them with
`engram index reembed`). The index searches only its own model's vectors meanwhile: a query vector is
never compared with another model's, and the lexical leg finds what has no current vector yet."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from pydantic import Field

from engram.domain.models import DomainModel, Memory, Status
from engram.ports import Embedder, IndexedMemory, MemoryStore

log = logging.getLogger(__name__)


class ModelVectors(Protocol):
    """A vector index that records the model of each vector (the local index)."""

    @property
    def model(self) -> str: ...

    def has_stale(self) -> bool:
        """Whether any vector was made by another model."""

    def model_counts(self, tenant: str | None = None) -> dict[str, int]:
        """The vectors per model (one tenant's, or everyone's)."""

    def stale_vectors(self, below: int | None, limit: int) -> tuple[list[tuple[str, str]], int | None]:
        """(tenant, memory id) of vectors of another model, newest memory first; the next page's start."""

    def upsert(self, items: Sequence[IndexedMemory]) -> None: ...

    def delete(self, tenant: str, memory_ids: Sequence[str]) -> None: ...


class EmbeddingProgress(DomainModel):
    """How far the vectors are from all being the configured model's."""

    model: str = Field(description="the configured embedding model")
    vectors: int = Field(description="vectors held, of every model")
    current: int = Field(description="vectors of the configured model")
    other_models: dict[str, int] = Field(
        default_factory=dict, description="vectors per other model, to be re-embedded ('': not recorded)"
    )
    percent: float = Field(description="current / vectors, in percent (100 with no vectors)")
    done: bool = Field(description="every vector is the configured model's")


def progress_of(model: str, counts: dict[str, int]) -> EmbeddingProgress:
    total = sum(counts.values())
    current = counts.get(model, 0)
    return EmbeddingProgress(
        model=model,
        vectors=total,
        current=current,
        other_models={m: n for m, n in sorted(counts.items()) if m != model},
        percent=round(100.0 * current / total, 2) if total else 100.0,
        done=current == total,
    )


class ReembedRun(DomainModel):
    reembedded: int = 0
    failed: int = 0  # the embedder refused their text: left for a later pass
    dropped: int = 0  # vectors whose memory is gone
    cursor: int | str | None = None  # where the next run goes on (None: the pass is over)


@dataclass
class Reembed:
    store: MemoryStore
    index: ModelVectors
    embedder: Embedder
    batch: int = 64

    def progress(self, tenant: str | None = None) -> EmbeddingProgress:
        return progress_of(self.index.model, self.index.model_counts(tenant))

    def run(
        self, budget: int, cursor: int | str | None = None, on_batch: Callable[[int], None] | None = None
    ) -> ReembedRun:
        """Re-embed up to `budget` vectors from `cursor` down (None: the newest memory); `on_batch(n)`
        after each batch of n."""
        report = ReembedRun(cursor=cursor)
        left = budget
        while left > 0:
            below = report.cursor if isinstance(report.cursor, int) else None
            found, report.cursor = self.index.stale_vectors(below, min(self.batch, left))
            if found:
                self._batch(found, report)
                left -= len(found)
                if on_batch is not None:
                    on_batch(len(found))
            if report.cursor is None:
                break
        return report

    def background(self, budget: int, interval_s: float) -> Callable[[threading.Event], None]:
        """A loop for `engram serve`: every `interval_s`, while another model's vectors are left, up to
        `budget` more of them re-embedded (a pass goes on where the last run stopped)."""

        def reembedder(stop: threading.Event) -> None:
            cursor: int | str | None = None
            while not stop.wait(interval_s):
                try:
                    if cursor is None and not self.index.has_stale():
                        continue
                    cursor = self.run(budget, cursor).cursor
                except Exception:  # keep the thread alive; the next tick tries again
                    log.exception("re-embedding failed")
                    cursor = None

        return reembedder

    def _batch(self, found: list[tuple[str, str]], report: ReembedRun) -> None:
        memories: list[Memory] = []
        for tenant in dict.fromkeys(t for t, _ in found):
            ids = [memory_id for t, memory_id in found if t == tenant]
            alive = [m for m in self.store.get_many(tenant, ids) if m.status is not Status.deleted]
            gone = set(ids) - {m.id for m in alive}
            if gone:
                self.index.delete(tenant, sorted(gone))
                report.dropped += len(gone)
            memories += alive
        vectors = self._embed(memories)
        items = [IndexedMemory(m, v) for m, v in zip(memories, vectors, strict=True) if v is not None]
        self.index.upsert(items)
        report.reembedded += len(items)
        report.failed += len(memories) - len(items)

    def _embed(self, memories: list[Memory]) -> list[list[float] | None]:
        """One call for the batch; when it fails, one a memory, so one bad text fails alone."""
        if not memories:
            return []
        try:
            return list(self.embedder.embed([m.content for m in memories]))
        except Exception:
            log.warning("re-embedding a batch failed; embedding its memories one by one", exc_info=True)
        out: list[list[float] | None] = []
        for memory in memories:
            try:
                out.append(self.embedder.embed([memory.content])[0])
            except Exception:
                out.append(None)
        return out


class TenantIndex(Protocol):
    """A vector index of one index a tenant that re-embeds a tenant at a time (OpenSearch)."""

    @property
    def model(self) -> str: ...

    def model_counts(self, tenant: str | None = None) -> dict[str, int]: ...

    def reembed(
        self,
        tenant: str,
        embed: Callable[[list[str]], list[list[float]]],
        budget: int,
        cursor: str | None = None,
    ) -> tuple[int, str | None]: ...


@dataclass
class ReembedTenants:
    """Re-embedding on an index a tenant: each tenant's pass in turn (the index moves a tenant's alias
    onto the new model's index when its pass is over)."""

    index: TenantIndex
    embedder: Embedder
    tenants: Callable[[], list[str]]  # every tenant with memories (those with API keys)
    batch: int = 64

    def progress(self, tenant: str | None = None) -> EmbeddingProgress:
        counts: dict[str, int] = {}
        for t in [tenant] if tenant is not None else self.tenants():
            for model, n in self.index.model_counts(t).items():
                counts[model] = counts.get(model, 0) + n
        return progress_of(self.index.model, counts)

    def run(
        self, budget: int, cursor: int | str | None = None, on_batch: Callable[[int], None] | None = None
    ) -> ReembedRun:
        """Up to `budget` documents, tenant by tenant in name order, from `cursor` (a run's `cursor`: the
        tenant and the memory id where it stopped; None: from the first tenant, where a finished tenant
        costs one query)."""
        report = ReembedRun()
        start, at = _tenant_position(cursor)
        for tenant in sorted(self.tenants()):
            if start is not None and tenant < start:
                continue
            if tenant != start:
                at = None
            while True:
                if report.reembedded >= budget:
                    report.cursor = json.dumps({"tenant": tenant, "after": at})
                    return report
                done, at = self.index.reembed(
                    tenant, self.embedder.embed, min(self.batch, budget - report.reembedded), at
                )
                report.reembedded += done
                if on_batch is not None and done:
                    on_batch(done)
                if at is None:
                    break
        return report


def _tenant_position(cursor: int | str | None) -> tuple[str | None, str | None]:
    if not isinstance(cursor, str) or not cursor:
        return None, None
    position = json.loads(cursor)
    return position["tenant"], position["after"]


class Reembedder(Protocol):
    """Either re-embedding (`Reembed`, `ReembedTenants`), as the janitor's `reembed` job runs it."""

    def progress(self, tenant: str | None = None) -> EmbeddingProgress: ...

    def run(
        self, budget: int, cursor: int | str | None = None, on_batch: Callable[[int], None] | None = None
    ) -> ReembedRun: ...
