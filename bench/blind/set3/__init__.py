"""Blind scenario set 3 for engram's ranking evaluation.

Written on 2026-11-28 by a helper agent working blind: it read only its brief, not engram's
source, rules, tests or any other scenario set, so the phrasing here was not shaped by how the
service ranks. Nine personas (personas.py) and eight kinds of scenario (exact, paraphrase,
temporal, constraint, noise, multihop, negation, correction), one module per kind.
"""
