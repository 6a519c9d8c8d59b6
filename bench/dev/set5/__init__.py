"""Development scenario set 5 (loader name ``dev5``): constraint and temporal scenarios.

Written on 2026-11-28 by a helper agent started from an engram session, blind: the author did not
read engram's source, rules, tests, benchmark code or any other scenario set while writing it, so
the phrasing of memories and questions was not shaped by the ranking rules. Only two kinds are
covered here (``constraint`` and ``temporal``); the personas and their background memories are in
``personas.py``.
"""
