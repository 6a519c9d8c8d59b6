"""The remember routes' request and answer, mapped to and from the Remember use case.

Shared by `POST /v1/memories` (and its batch) and the MCP server's local backend, so both ask and
answer the same way. The mapping is field by field: a field added to the request is not passed to
the use case until it is named here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engram.api.schemas import RememberRequest, RememberResponse
from engram.domain.models import EnrichmentState

if TYPE_CHECKING:  # the use case's module is loaded by its first call (the container builds it then)
    from engram.usecases.remember import RememberCommand, RememberResult


def remember_command(tenant: str, request: RememberRequest) -> RememberCommand:
    """The Remember use case's command for a request made in `tenant`."""
    from engram.usecases.remember import RememberCommand

    return RememberCommand(
        tenant=tenant,
        user_id=request.user_id,
        content=request.content,
        project=request.project,
        namespace=request.namespace,
        memory_type=request.memory_type,
        provenance=request.provenance,
        confidence=request.confidence,
        importance=request.importance,
        valid_until=request.valid_until,
        observed_at=request.observed_at,
        metadata=dict(request.metadata),
        summary=request.summary,
        write_reason=request.write_reason,
        related_ids=list(request.related_ids),
        agent_id=request.agent_id,
        run_id=request.run_id,
        force=request.force,
    )


def remember_status(result: RememberResult) -> int:
    """201 when the memory was stored; 200 when it was deduplicated or the gate rejected it."""
    from engram.usecases.remember import Outcome

    return 201 if result.outcome == Outcome.stored else 200


def remember_response(result: RememberResult) -> RememberResponse:
    """What the API answers for one remembered item (a batch item's error included)."""
    from engram.usecases.remember import Outcome

    match result.outcome:
        case Outcome.stored:
            assert result.memory is not None
            return RememberResponse(
                id=result.memory.id,
                status="stored",
                enrichment=EnrichmentState.pending,
                redactions=list(result.redactions),
            )
        case Outcome.deduplicated:
            assert result.memory is not None
            return RememberResponse(id=result.memory.id, status="deduplicated", deduplicated=True)
        case Outcome.rejected:
            return RememberResponse(id=None, status="rejected", rejected=result.reason)
        case Outcome.pii_rejected:
            return RememberResponse(id=None, status="error", error="pii_rejected", message=result.reason)
        case Outcome.invalid:
            message = f"{result.field}: {result.reason}" if result.field else result.reason
            return RememberResponse(id=None, status="error", error="invalid_request", message=message)
        case Outcome.quota_exceeded:
            return RememberResponse(id=None, status="error", error="quota_exceeded", message=result.reason)
