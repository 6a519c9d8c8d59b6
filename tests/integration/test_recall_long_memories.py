"""Recall ranks a long memory by the part that matches (issue 28, item 6), on the embedded default:
a long, many-topic conversation turn that holds the fact is not outranked by a one-liner sharing a
word, which whole-message BM25 (its length normalisation) prefers among many short memories."""

from __future__ import annotations

from engram.ports import EnrichJob
from engram.runtime.container import local
from engram.settings import Settings
from engram.usecases.enrich import EnrichOutcome
from engram.usecases.recall import RecallQuery
from engram.usecases.remember import RememberCommand
from tests.conftest import FakeClock

TOPICS = ["garden", "weather", "neighbours", "holiday", "football", "recipes", "cinema", "bicycle"]
PARTS = [
    f"Part {i}: we talked about the {TOPICS[i % 8]} and the {TOPICS[(3 * i) % 8]} for a while."
    for i in range(110)
]
LONG = " ".join(
    [*PARTS[:55], "Also: the boiler service code is 4417, Kessler heating books the visit.", *PARTS[55:]]
)[:7900]
SHORT = "The boiler is in the basement."
OTHERS = [f"Note {i}: the {TOPICS[i % 8]} plan for week {i} is fine." for i in range(20)]


def top(tmp_path, **ranking: object) -> list[str]:
    settings = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}, ranking=ranking)
    c = local(settings, clock=FakeClock())
    for content in (LONG, SHORT, *OTHERS):
        m = c.remember(RememberCommand(tenant="acme", user_id="sam", content=content)).memory
        assert m is not None
        job = EnrichJob(tenant="acme", memory_id=m.id, content_hash=m.content_hash)
        assert c.enrich(job) == EnrichOutcome.enriched
    results = c.recall(RecallQuery(tenant="acme", user_id="sam", query="boiler service code", top_k=3))
    return ["long" if r.memory.content == LONG else r.memory.content for r in results]


def test_with_passage_scoring_a_long_memory_holding_the_fact_ranks_above_a_one_liner(tmp_path) -> None:
    assert top(tmp_path / "passages", passage_lexical=True)[0] == "long"
    # what scoring the whole message gives: the one-liner first
    assert top(tmp_path / "whole", passage_lexical=False)[0] == SHORT


ASKED = [f"Part {i}: did we talk about the {TOPICS[i % 8]}? Or the {TOPICS[(3 * i) % 8]}?" for i in range(60)]
HEDGED = " ".join([*ASKED[:30], "The boiler service code is 4417, Kessler heating books it.", *ASKED[30:]])
FIRM = " ".join(
    [*PARTS[:30], "The boiler service was done in May; the boiler service is yearly.", *PARTS[30:60]]
)
WEAK = " ".join([*PARTS[60:90], "The car service is due.", *PARTS[90:]])  # one term of the query


def ranked_long(tmp_path, **ranking: object) -> list[str]:
    settings = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}, ranking=ranking)
    c = local(settings, clock=FakeClock())
    for content in (HEDGED, FIRM, WEAK, *OTHERS):
        m = c.remember(RememberCommand(tenant="acme", user_id="sam", content=content)).memory
        assert m is not None
        job = EnrichJob(tenant="acme", memory_id=m.id, content_hash=m.content_hash)
        assert c.enrich(job) == EnrichOutcome.enriched
    results = c.recall(RecallQuery(tenant="acme", user_id="sam", query="boiler service code", top_k=2))
    return ["hedged" if r.memory.content == HEDGED else "firm" for r in results]


def test_questions_elsewhere_in_a_long_memory_do_not_rank_its_matching_fact_down(tmp_path) -> None:
    # Given two long memories, the one holding the asked fact full of questions about other topics
    assert len(HEDGED) > 1000 and len(FIRM) > 1000
    # Then its low confidence (counted over the whole text) does not decide the ranking …
    assert ranked_long(tmp_path / "long", long_memory_chars=1000)[0] == "hedged"
    # … where scoring it as a short statement ranks the firmer, less matching one first (with the lexical
    # coverage off, which on its own favours the memory that holds more of the query)
    assert ranked_long(tmp_path / "short", long_memory_chars=0, lexical_coverage=0)[0] == "firm"
