"""The search route's request and response, mapped to and from the Recall use case.

Shared by `POST /v1/memories/search` and `engram recall`, so both ask and answer the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engram.api.schemas import (
    ComponentsOut,
    MemoryOut,
    SearchFiltersIn,
    SearchRequest,
    SearchResponse,
    SearchResult,
    SourceMessageOut,
    SourceOut,
)
from engram.ports import SearchFilters
from engram.usecases.recall import Recalled, RecallQuery

if TYPE_CHECKING:
    from engram.usecases.sessions import Source


def recall_query(tenant: str, request: SearchRequest) -> RecallQuery:
    """The Recall use case's query for a search request made in `tenant`."""
    return RecallQuery(
        tenant=tenant,
        user_id=request.user_id,
        query=request.query,
        project=request.project,
        namespaces=tuple(request.namespaces) if request.namespaces else None,
        top_k=request.top_k,
        filters=search_filters(request.filters),
        min_score=request.min_score,
        include_stale=request.include_stale,
        include_superseded=request.include_superseded,
        weights=request.weights.model_dump(exclude_none=True) if request.weights else {},
    )


def search_filters(f: SearchFiltersIn) -> SearchFilters:
    """The request's filters as the ports' SearchFilters (an empty list is no filter)."""

    def many(values: list[Any] | None) -> tuple[str, ...] | None:
        return tuple(str(v) for v in values) if values else None

    return SearchFilters(
        memory_types=many(f.memory_types),
        categories=many(f.categories),
        entities=many(f.entities),
        provenance=many(f.provenance),
        observed_after=f.observed_after,
        observed_before=f.observed_before,
        min_importance=f.min_importance,
    )


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
            )
            for r in results
        ]
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
