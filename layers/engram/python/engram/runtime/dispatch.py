"""Run a batch of queued jobs, whether SQS records (engram.runtime.sqs_batch) or SQLite job rows (worker).

Enrichment jobs run together (one embedding call), retrieval jobs fold into one increment per memory,
and extraction, erasure and document jobs run alone; a failure fails its own job only (all the
retrieval jobs, when their one write fails).
"""

from __future__ import annotations

from collections.abc import Sequence

from engram.ports import DocumentJob, EnrichJob, EraseUserJob, ExtractJob, Job, RetrievalJob
from engram.runtime.container import Container
from engram.runtime.userdata import eraser
from engram.usecases.retrievals import record_retrievals


def run_jobs(container: Container, jobs: Sequence[Job]) -> list[Exception | None]:
    """One result per job, in order: None (done) or the exception that failed it."""
    results: list[Exception | None] = [None] * len(jobs)
    enrich = [(i, job) for i, job in enumerate(jobs) if isinstance(job, EnrichJob)]
    if enrich:
        outcomes = container.enrich.many([job for _, job in enrich])
        for (i, _), outcome in zip(enrich, outcomes, strict=True):
            results[i] = outcome if isinstance(outcome, Exception) else None
    retrievals = [(i, job) for i, job in enumerate(jobs) if isinstance(job, RetrievalJob)]
    if retrievals:
        try:
            record_retrievals(container.store, [job for _, job in retrievals])
        except Exception as exc:
            for i, _ in retrievals:
                results[i] = exc
    for i, job in enumerate(jobs):
        if isinstance(job, ExtractJob):  # one session's extraction each
            try:
                container.extract(job)
            except Exception as exc:
                results[i] = exc
        if isinstance(job, DocumentJob):  # fetch, chunk and remember one document
            try:
                container.documents.process(job)
            except Exception as exc:
                results[i] = exc
        if isinstance(job, EraseUserJob):  # forget a user (engram.usecases.erase)
            try:
                eraser(container)(job)
                if container.document_store is not None:  # the user's documents' raw sources too
                    container.documents.erase_user(job.tenant, job.user_id)
            except Exception as exc:
                results[i] = exc
    return results
