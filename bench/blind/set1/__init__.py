"""Blind scenario set 1, written on 2026-11-28 by a helper agent (a sub-session started by the
engram project session). It was written blind: the author did not read engram's source code, its
rules, its tests, the other scenario sets or the benchmark code, so the phrasing of memories and
questions was not shaped by how the service ranks; only the set loader's problem check was run."""
