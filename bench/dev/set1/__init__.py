"""Development scenario set 1 (loader name ``dev1``), written by a helper agent on
2026-11-28, blind: the author did not read engram's source code, rules, tests, or any
other scenario set, and did not run any benchmark on this set. Eight kinds (exact,
paraphrase, temporal, constraint, noise, multihop, negation, correction), weighted
toward the hard kinds (correction, negation, constraint, temporal), over nine personas
whose background memories are stored in every scenario of that persona and answer none
of the questions.
"""
