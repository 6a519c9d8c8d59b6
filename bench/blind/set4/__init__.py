"""Blind scenario set 4, written on 2026-11-28 by a helper agent working blind: it did not read
engram's source, rules, tests or any other scenario set while writing these personas and scenarios
(exact, paraphrase, temporal, constraint, noise, multihop, negation, correction)."""
