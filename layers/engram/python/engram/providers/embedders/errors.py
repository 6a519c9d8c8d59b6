"""The one error every embedder raises when it cannot produce vectors."""

from __future__ import annotations

from engram.domain.errors import DependencyUnavailable


class EmbeddingError(DependencyUnavailable):
    """An embedding provider failed: HTTP error, timeout, malformed payload, missing model files."""

    code = "embedding_failed"
