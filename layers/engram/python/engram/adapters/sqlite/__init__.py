"""The embedded default's stores on SQLite (WAL): memories, keys, jobs, graph, transcripts, user data."""
