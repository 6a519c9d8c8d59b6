"""The embedded default's search index: dense vectors (exact; HNSW for big scopes), FTS5 lexical leg."""
