"""Development scenario set ``dev2``, written blind by a helper agent (spawned by an engram
session) on 2026-11-28. The author did not read engram's source, rules, tests, benchmark code or
any other scenario set; phrasing was chosen to resemble what users and agents actually store, not to
fit the retrieval rules. Weighted toward the hard kinds (correction, negation, constraint,
temporal), with smaller exact / paraphrase / noise / multihop groups."""
