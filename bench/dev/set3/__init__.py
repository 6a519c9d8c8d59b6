"""Development scenario set 3 (loader name ``dev3``), written by a helper agent on 2026-11-28,
blind: the author did not read engram's source, rules, tests, or any other scenario set. It holds
two kinds only, ``paraphrase`` (questions sharing few or no words with the answering memory, with
distractors that do share the question's words) and ``temporal`` (ended stays, expired offers,
past jobs, finished projects and passed plans versus what holds now), over eight personas."""
