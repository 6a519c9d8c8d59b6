"""Moved to engram.api.recall; this name stays for imports written before the move."""

from engram.api.recall import (
    document_source,
    metadata_from_query,
    recall_query,
    search_filters,
    search_response,
    source_out,
)

__all__ = [
    "document_source",
    "metadata_from_query",
    "recall_query",
    "search_filters",
    "search_response",
    "source_out",
]
