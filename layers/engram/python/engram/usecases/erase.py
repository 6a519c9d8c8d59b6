"""Forget a user: erase all of one user's memories, history, vectors, index entries, graph and sessions.

Runs as a queued job with an audit record (engram.domain.transfer.ErasureRecord) that holds only when
and how much. Idempotent under SQS redelivery; index entries go first, so a crash never leaves a
searchable entry behind a memory that is gone.
"""

from __future__ import annotations

from dataclasses import dataclass

from engram.domain.transfer import ErasureRecord, ErasureState, subject_digest
from engram.ids import new_id
from engram.ports import Clock, EraseUserJob, JobQueue, UserData, VectorIndex

_PAGE = 500


@dataclass
class RequestErasure:
    userdata: UserData
    queue: JobQueue
    clock: Clock

    def __call__(self, tenant: str, user_id: str) -> ErasureRecord:
        now = self.clock.now()
        record = ErasureRecord(
            job_id=new_id(now),
            tenant=tenant,
            subject=subject_digest(tenant, user_id),
            requested_at=now,
        )
        self.userdata.put_erasure(record)
        self.queue.enqueue([EraseUserJob(tenant=tenant, user_id=user_id, job_id=record.job_id)])
        return record


@dataclass(frozen=True)
class ErasureStatus:
    userdata: UserData

    def __call__(self, tenant: str, user_id: str, job_id: str) -> ErasureRecord | None:
        """The record of an erasure of this user in this tenant; None for any other job id."""
        record = self.userdata.erasure(tenant, job_id)
        if record is None or record.subject != subject_digest(tenant, user_id):
            return None
        return record


@dataclass
class EraseUser:
    userdata: UserData
    clock: Clock
    vectors: VectorIndex | None = None

    def __call__(self, job: EraseUserJob) -> ErasureRecord:
        now = self.clock.now()
        record = self.userdata.erasure(job.tenant, job.job_id) or ErasureRecord(
            job_id=job.job_id,
            tenant=job.tenant,
            subject=subject_digest(job.tenant, job.user_id),
            requested_at=now,
        )
        if record.state is ErasureState.done:
            return record
        record = record.model_copy(
            update={"state": ErasureState.running, "started_at": now, "attempts": record.attempts + 1}
        )
        self.userdata.put_erasure(record)
        try:
            erased = self._erase(job.tenant, job.user_id)
        except Exception as exc:
            # the error's type only: a message may quote what it failed on
            failed = record.model_copy(update={"state": ErasureState.failed, "error": type(exc).__name__})
            self.userdata.put_erasure(failed)
            raise
        done = record.model_copy(
            update={
                "state": ErasureState.done,
                "completed_at": self.clock.now(),
                "erased": erased,
                "error": None,
            }
        )
        self.userdata.put_erasure(done)
        return done

    def _erase(self, tenant: str, user_id: str) -> dict[str, int]:
        indexed = 0
        if self.vectors is not None:
            after: str | None = None
            while page := self.userdata.memories(tenant, user_id, after, _PAGE):
                self.vectors.delete(tenant, [m.id for m in page])
                indexed += len(page)
                after = page[-1].id
        erased = self.userdata.erase_user(tenant, user_id)
        erased["index_entries"] = indexed
        return erased
