"""The stats report: memories per status and enrichment state, and the queue and the janitor's runs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from pydantic import Field

from engram.domain.models import DomainModel, EnrichmentState, Status
from engram.domain.quotas import Usage
from engram.ports import (
    JanitorJob,
    JanitorState,
    JanitorStore,
    JobQueue,
    KeyStore,
    MemoryCounter,
    ModelTokens,
)
from engram.usecases.reembed import EmbeddingProgress

if TYPE_CHECKING:  # engram.client imports Stats: usecases.keys (and so powertools) only when serving
    from engram.usecases.keys import TranscriptCaps


class JobStatus(DomainModel):
    last_run_at: datetime | None = None
    summary: dict[str, Any] = Field(default_factory=dict)


class Stats(DomainModel):
    """Counts per memory status and enrichment state (one tenant's, or everyone's), and the service-wide
    job queue and janitor runs (their summaries hold counts only, never memory ids)."""

    tenant: str | None = Field(default=None, description="whose memories were counted; null: everyone")
    status: dict[str, int]
    enrichment: dict[str, int]
    queue: dict[str, int] | None = Field(
        default=None,
        description="the service-wide job queue; operators only (`engram stats`), null over the API",
    )
    dead_jobs: int | None = Field(default=None, description="dead jobs service-wide; operators only")
    janitor: dict[str, JobStatus] | None = Field(
        default=None, description="the janitor's last runs service-wide; operators only"
    )
    complete: bool = Field(default=True, description="false: the memory count stopped at its bound")
    usage: Usage | None = Field(
        default=None, description="the tenant's usage against its quotas (over the API, for the caller)"
    )
    embeddings: EmbeddingProgress | None = Field(
        default=None,
        description="how far re-embedding with the configured model has come; null: not tracked here",
    )


def collect_stats(
    counter: MemoryCounter,
    queue: JobQueue,
    state: JanitorState,
    tenant: str | None = None,
    service_wide: bool = True,
) -> Stats:
    """One tenant's (or everyone's) memory counts; the queue and janitor figures are about every
    tenant, so only an operator (`service_wide`) sees them, never a tenant's API key."""
    counts = counter.count_memories(tenant)
    if not service_wide:
        return Stats(
            tenant=tenant,
            status={s.value: counts.status.get(s.value, 0) for s in Status},
            enrichment={e.value: counts.enrichment.get(e.value, 0) for e in EnrichmentState},
            complete=counts.complete,
        )
    depth = queue.depth()
    jobs = {job.value: state.load(job) for job in JanitorJob}
    return Stats(
        tenant=tenant,
        status={s.value: counts.status.get(s.value, 0) for s in Status},
        enrichment={e.value: counts.enrichment.get(e.value, 0) for e in EnrichmentState},
        queue=depth,
        dead_jobs=depth.get("dead", 0),
        janitor={name: JobStatus(last_run_at=s.last_run_at, summary=s.summary) for name, s in jobs.items()},
        complete=counts.complete,
    )


@dataclass(frozen=True)
class TenantStats:
    """`GET /v1/admin/stats`: the caller's memory counts, and its usage against its quotas. Never the
    service-wide queue and janitor figures (those are `engram stats`, for an operator)."""

    state: JanitorStore  # the memory counts and the janitor's state, beside the store
    queue: JobQueue
    keys: KeyStore
    transcripts: TranscriptCaps
    tokens: ModelTokens
    embeddings: Callable[[str | None], EmbeddingProgress] | None = None  # the re-embedding's progress

    def __call__(self, tenant: str) -> Stats:
        # only when serving: engram.client imports Stats, and usecases.keys needs the server extra
        from engram.usecases.keys import tenant_usage

        stats = collect_stats(self.state, self.queue, self.state, tenant, service_wide=False)
        stats.usage = tenant_usage(self.keys, tenant, stats.status, self.transcripts, self.tokens)
        if self.embeddings is not None:
            stats.embeddings = self.embeddings(tenant)
        return stats
