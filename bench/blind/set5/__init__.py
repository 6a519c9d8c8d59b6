"""Blind scenario set 5, written by a helper agent on 2026-11-28 without reading engram's source,
rules, tests, or any other scenario set. Eight personas (Lisbon designer, Manchester engineer,
Singapore backend dev, Swedish dairy farmer, Buenos Aires nurse, Osaka game-studio owner, Cape Town
marine-biology PhD student, retired Vermont teacher) with scenarios for exact, paraphrase, temporal,
constraint, noise, multihop, negation and correction retrieval; phrasing was deliberately varied and
not shaped by any knowledge of how the system ranks memories."""
