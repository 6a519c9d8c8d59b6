"""The recall area's API models (the search request, its filters and weights, a result and its
components and sources), and the search route's mapping to and from the Recall use case, shared by
`POST /v1/memories/search`, `engram recall` and the MCP server."""

from __future__ import annotations

import json
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import ConfigDict, Field, field_validator

from engram.api.base import AgentId, ApiModel, RunId, ScopeName, UserId, _iso_text, _utc
from engram.api.memories import MemoryOut
from engram.domain import filters
from engram.domain.errors import InvalidRequest
from engram.domain.filters import describe as describe_filters
from engram.domain.models import Memory, MemoryType, Provenance
from engram.domain.sessions import Role
from engram.ports import SearchFilters

if TYPE_CHECKING:  # the use cases' modules are loaded by their first call (the container builds them then)
    from engram.usecases.recall import Recalled, RecallQuery
    from engram.usecases.sessions import Source


class SearchFiltersIn(ApiModel):
    model_config = ConfigDict(extra="forbid")

    memory_types: list[MemoryType] | None = Field(default=None, max_length=8)
    categories: list[Annotated[str, Field(max_length=64)]] | None = Field(default=None, max_length=20)
    entities: list[Annotated[str, Field(max_length=128)]] | None = Field(default=None, max_length=20)
    provenance: list[Provenance] | None = Field(default=None, max_length=4)
    observed_after: datetime | None = Field(default=None, description="inclusive")
    observed_before: datetime | None = Field(default=None, description="exclusive")
    min_importance: int | None = Field(default=None, ge=1, le=5, strict=True)
    metadata: dict[str, Any] | None = Field(
        default=None,
        description=describe_filters(),
        examples=[{"AND": [{"topic": "billing"}, {"priority": {"gte": 2}}], "NOT": [{"state": "done"}]}],
    )

    _iso = field_validator("observed_after", "observed_before", mode="before")(_iso_text)
    _tz = field_validator("observed_after", "observed_before")(_utc)


class WeightsIn(ApiModel):
    """Per-request overrides of the server's ranking weights (neutral values turn a signal off)."""

    model_config = ConfigDict(extra="forbid")

    lexical_weight: float | None = Field(default=None, ge=0, strict=True)
    vector_weight: float | None = Field(default=None, ge=0, strict=True)
    importance_weight: float | None = Field(default=None, ge=0, le=1, strict=True)
    recency_weight: float | None = Field(default=None, ge=0, strict=True)
    recency_half_life_days: float | None = Field(default=None, gt=0, strict=True)
    provenance_weight: float | None = Field(default=None, ge=0, le=1, strict=True)
    stale_multiplier: float | None = Field(default=None, ge=0, le=1, strict=True)
    hits_weight: float | None = Field(default=None, ge=0, strict=True)
    superseded_multiplier: float | None = Field(default=None, ge=0, le=1, strict=True)
    graph_boost: float | None = Field(default=None, ge=0, le=2, strict=True, description="0: no graph")
    graph_hop_damping: float | None = Field(default=None, ge=0, le=1, strict=True)
    resolution_boost: float | None = Field(default=None, ge=0, le=3, strict=True)
    resolution_boost_on_action: float | None = Field(default=None, ge=0, le=3, strict=True)
    anchored_boost: float | None = Field(default=None, ge=0, le=3, strict=True)
    vague_multiplier: float | None = Field(default=None, ge=0, le=1, strict=True)
    no_overlap_multiplier: float | None = Field(default=None, ge=0, le=1, strict=True)
    hub_entity_multiplier: float | None = Field(default=None, ge=0, le=1, strict=True, description="1: off")
    hub_entity_mentions: int | None = Field(
        default=None, ge=1, strict=True, description="an entity mentioned by this many memories is a hub"
    )
    hub_term_share: float | None = Field(default=None, gt=0, le=1, strict=True, description="1: off")


class SearchRequest(ApiModel):
    model_config = ConfigDict(extra="forbid")

    query: Annotated[str, Field(min_length=1, max_length=2000)]
    user_id: UserId
    project: ScopeName | None = None
    namespaces: list[ScopeName] | None = Field(default=None, max_length=20)
    agent_id: AgentId | None = Field(default=None, description="only memories this agent wrote")
    run_id: RunId | None = Field(default=None, description="only memories written in this run")
    top_k: int = Field(default=10, ge=1, le=100, strict=True)
    filters: SearchFiltersIn = Field(default_factory=SearchFiltersIn)
    min_score: float | None = Field(default=None, ge=0, strict=True)
    include_stale: bool = Field(
        default=True, strict=True, description="false drops stale and expired memories"
    )
    include_superseded: bool = Field(
        default=False,
        strict=True,
        description="true also returns superseded memories (older values), ranked far below",
    )
    explain: bool = Field(default=False, strict=True, description="return each ranking component")
    expand: bool = Field(
        default=False,
        strict=True,
        description="true: each result derived from a session carries its source messages (by default at"
        " most 3, each cut to 500 characters)",
    )
    weights: WeightsIn | None = None
    sources: Literal["memories", "documents", "all"] = Field(
        default="all", description="memories only, document chunks only (POST /v1/documents), or both"
    )


class ComponentsOut(ApiModel):
    bm25: float | None = Field(description="raw BM25 of the lexical leg (null: not a lexical candidate)")
    vector: float | None = Field(description="cosine similarity of the vector leg (null: not a candidate)")
    fused: float = Field(description="weighted sum of the min-max normalised legs")
    importance: float
    recency: float
    provenance: float
    expiry: float
    hits: float
    superseded: float = Field(
        default=1.0, description="superseded_multiplier for a superseded memory, else 1"
    )
    graph: float = Field(
        default=0.0, description="added to fused: the knowledge-graph boost, one relation from a query entity"
    )
    hop: float = Field(
        default=1.0, description="< 1: the memory only states the relation the query goes through"
    )
    specificity: float = Field(
        default=1.0, description="resolution boost (constraint, decision), anchors, or vagueness damping"
    )
    overlap: float = Field(default=1.0, description="< 1: found by meaning alone, with no word of the query")
    hub: float = Field(
        default=1.0,
        description="< 1: every entity the memory names is a hub of the scope (mentioned everywhere)",
    )
    lift: float = Field(
        default=1.0,
        description="> 1: lifted to rank with the memory `via` names (the linking fact one hop before it, a"
        " result a governing rule goes above, an ended memory it replaces)",
    )
    via: str | None = Field(default=None, description="the memory id a lift is relative to")
    rerank: float | None = Field(
        default=None,
        description="the reranker's score (null: not re-scored); the result's score then blends it with the"
        " product of the factors above",
    )
    rerank_status: str | None = Field(
        default=None,
        description="reranked; timeout or error (recall's own order kept); null: no reranker, or below its"
        " top n",
    )
    precedes: list[str] = Field(
        default_factory=list,
        description="older memories this one states a change of (what the user said last): it ranks just"
        " above them",
    )
    lifted: float = Field(default=0.0, description="> 0: the score that ranks it just above what it precedes")
    hint: str | None = Field(
        default=None,
        description="prospective hints on: the question among the memory's hints that matched the query",
    )
    hint_bm25: float | None = Field(
        default=None, description="BM25 of the memory's hints; bm25 is the stronger of it and the content's"
    )


class SourceMessageOut(ApiModel):
    id: str
    seq: int = Field(description="its place in the session's transcript")
    role: Role
    name: str | None
    content: str = Field(description="as said (PII redacted), cut to the bound")
    truncated: bool = Field(description="true: the content was cut")
    created_at: datetime | None


class SourceOut(ApiModel):
    session_id: str
    messages: list[SourceMessageOut] = Field(
        description="the messages it was derived from, in transcript order (empty: the transcript is gone)"
    )


class DocumentSourceOut(ApiModel):
    id: str
    title: str | None
    chunk: int


class SearchResult(ApiModel):
    memory: MemoryOut
    score: float = Field(
        description="(fused + graph) × importance × recency × provenance × expiry × hits × superseded × hop"
        " × specificity × overlap × hub × lift (with a reranker, blended with its score: components.rerank)"
    )
    components: ComponentsOut | None = None
    source: SourceOut | None = Field(
        default=None, description="expand: the session and messages this memory was derived from"
    )
    document: DocumentSourceOut | None = Field(
        default=None, description="a document chunk's document: its id, title and the chunk's place"
    )


class SearchResponse(ApiModel):
    results: list[SearchResult]


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
