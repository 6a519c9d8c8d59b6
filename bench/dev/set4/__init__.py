"""Development scenario set 4 (loader name ``dev4``), written blind on 2026-11-28 by a helper agent
started from an engram session: the author read none of engram's source code, rules, tests or other
scenario sets, so the phrasing here was not shaped by the ranking rules. It holds two kinds only,
``paraphrase`` (the question shares few or no words with the memory that answers it) and ``multihop``
(the answer is reached through a relation stated in a separate memory), over eight personas in
``personas.py``; engineers may read its misses, but it was written without seeing any scores."""
