"""Long memories through the real pipeline (SQLite, rules enricher, hashing embedder): every one the
write path stored ends enriched (`done`) and in the vector index, including near-copies that add
hundreds of values to what they restate (the rules path's reason once listed them all and failed)."""

from __future__ import annotations

from engram.domain.models import EnrichmentState
from engram.ports import SearchScope
from engram.runtime.container import local
from engram.runtime.worker import drain
from engram.settings import Settings
from engram.usecases.remember import RememberCommand

BASE = "We reviewed the deployment plan for the payments service with the platform team. " * 40
NAMES = " ".join(f"Person{i} met Vendor{i} on {i % 28 + 1} March." for i in range(60))
TEXTS = [
    BASE + "Budget approved.",
    BASE + NAMES,  # restates the first with 180 values of its own, and without its budget
    (BASE + " ".join(f"Ticket ENG-{i} closed by Name{i}." for i in range(400)))[:8000],
    ("Die Straße in Zürich ist lang. 東京の天気は晴れです。 Привет, Москва! مرحبا بالعالم. 😀🚀 " * 60)[
        :8000
    ],
    ("def handler(event, context):\n    return {'statusCode': 200, 'body': json.dumps(event)}\n" * 70)[:8000],
    ("```sql\nSELECT id, name FROM users WHERE created_at > '2026-01-01' AND team = 'Atlas';\n```\n" * 70)[
        :8000
    ],
    ("ok " * 2600)[:8000],
]


def test_every_long_memory_ends_enriched_and_indexed(tmp_path) -> None:
    # Given the embedded default and long memories that meet each other in the decision stage
    c = local(Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}))
    ids = []
    for text in TEXTS:
        result = c.remember(RememberCommand(tenant="acme", user_id="u", content=text))
        assert result.memory is not None, result
        ids.append(result.memory.id)

    # When enrichment runs to completion
    drain(c, batch=4)

    # Then none failed: each is done, and the k-NN leg finds it
    memories = c.store.get_many("acme", ids)
    assert {m.enrichment.state for m in memories} == {EnrichmentState.done}, [
        m.enrichment.error for m in memories
    ]
    assert set(c.vector_index.get_vectors("acme", ids)) == set(ids)
    scope = SearchScope("acme", "u", None, None)
    assert c.vector_index.knn(scope, c.embedder.embed([TEXTS[1]])[0], 3)[0].memory_id in ids
