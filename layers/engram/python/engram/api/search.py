"""The search route's request and response, mapped to and from the Recall use case.

Shared by `POST /v1/memories/search` and `engram recall`, so both ask and answer the same way.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from engram.api.schemas import (
    ComponentsOut,
    DocumentSourceOut,
    MemoryOut,
    SearchFiltersIn,
    SearchRequest,
    SearchResponse,
    SearchResult,
    SourceMessageOut,
    SourceOut,
)
from engram.domain import filters
from engram.domain.errors import InvalidRequest
from engram.domain.models import Memory, MemoryType
from engram.ports import SearchFilters

if TYPE_CHECKING:  # the use cases' modules are loaded by their first call (the container builds them then)
    from engram.usecases.recall import Recalled, RecallQuery
    from engram.usecases.sessions import Source


def recall_query(tenant: str, request: SearchRequest) -> RecallQuery:
    """The Recall use case's query for a search request made in `tenant`."""
    from engram.usecases.recall import RecallQuery

    return RecallQuery(
        tenant=tenant,
        user_id=request.user_id,
        query=request.query,
        project=request.project,
        namespaces=tuple(request.namespaces) if request.namespaces else None,
        top_k=request.top_k,
        filters=search_filters(request.filters, request.agent_id, request.run_id),
        min_score=request.min_score,
        include_stale=request.include_stale,
        include_superseded=request.include_superseded,
        weights=request.weights.model_dump(exclude_none=True) if request.weights else {},
        sources=request.sources,
    )


def search_filters(
    f: SearchFiltersIn, agent_id: str | None = None, run_id: str | None = None
) -> SearchFilters:
    """The request's filters as the ports' SearchFilters (where an empty list is no filter); a bad
    metadata filter raises InvalidRequest naming its path."""

    def many(values: list[Any] | None) -> tuple[str, ...] | None:
        return tuple(str(v) for v in values) if values is not None else None

    return SearchFilters(
        memory_types=many(f.memory_types),
        categories=many(f.categories),
        entities=many(f.entities),
        provenance=many(f.provenance),
        observed_after=f.observed_after,
        observed_before=f.observed_before,
        min_importance=f.min_importance,
        agent_id=agent_id,
        run_id=run_id,
        metadata=filters.parse(f.metadata, "filters.metadata"),
    )


def metadata_from_query(text: str | None) -> filters.Filter | None:
    """A list route's `metadata_filter` query parameter (JSON text) as a filter; InvalidRequest (at
    `query.metadata_filter…`) when it is not JSON or not a valid filter."""
    if text is None:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidRequest(
            "metadata_filter must be a JSON object", field="metadata_filter", location="query"
        ) from None
    try:
        return filters.parse(data, "metadata_filter")
    except InvalidRequest as exc:
        raise InvalidRequest(exc.message, **exc.detail, location="query") from None


def search_response(
    results: list[Recalled], explain: bool, sources: dict[str, Source] | None = None
) -> SearchResponse:
    """The search route's response body for these results (with `expand`, their sources by memory id)."""
    return SearchResponse(
        results=[
            SearchResult(
                memory=MemoryOut.of(r.memory),
                score=r.score,
                components=ComponentsOut(**vars(r.components)) if explain else None,
                source=source_out(sources[r.memory.id]) if sources and r.memory.id in sources else None,
                document=document_source(r.memory),
            )
            for r in results
        ]
    )


def document_source(memory: Memory) -> DocumentSourceOut | None:
    """A document chunk's document, from the metadata its document job wrote."""
    meta = memory.metadata
    if memory.memory_type != MemoryType.document_chunk or not isinstance(meta.get("document_id"), str):
        return None
    chunk = meta.get("document_chunk")
    return DocumentSourceOut(
        id=meta["document_id"],
        title=meta.get("document_title") or None,
        chunk=chunk if isinstance(chunk, int) else 0,
    )


def source_out(source: Source) -> SourceOut:
    return SourceOut(
        session_id=source.session_id,
        messages=[
            SourceMessageOut(
                **s.message.model_dump(include={"id", "seq", "role", "name", "content", "created_at"}),
                truncated=s.truncated,
            )
            for s in source.messages
        ],
    )
