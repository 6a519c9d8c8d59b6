"""Development scenario set 6 (loader name ``dev6``), written blind by a helper agent on 2026-11-28.

The author did not read engram's source, rules, tests, git history or any other scenario set; the
phrasing of every memory and question was written from the brief alone. It covers four kinds only:
multihop, temporal, correction and noise, across eight personas from different countries and
professions, mixing first-person memories with an agent's third-person notes.
"""
