"""Tenants share no statistics: one tenant's writes never change another tenant's scores (issue 26).

The probe of the finding, on both deployments (SQLite FTS5; OpenSearch over the loopback fake): alice
(tenant acme) searches with `explain: true` for a word she alone has written, and the BM25 component of
each result and the ranking are recorded; another tenant then stores 15 memories holding that word (and
others); alice's BM25 components, scores and ranking are the same as before, to the last digit.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engram.runtime.container import local
from engram.settings import Settings
from tests.conftest import FakeClock
from tests.integration.aws_fixtures import atomic_requests
from tests.integration.builders import moto_aws
from tests.integration.test_recall import Engram

TENANT, OTHER, USER = "acme", "globex", "alice"


@pytest.fixture(params=["local", "aws"])
def engram(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[Engram]:
    clock = FakeClock()
    settings = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"})
    if request.param == "local":
        yield Engram(local(settings, clock=clock), clock)
        return
    with moto_aws(serverless=True) as aws, atomic_requests():
        yield Engram(aws.container(aws.settings(settings), clock=clock), clock)


def explained(engram: Engram, query: str) -> list[tuple[str, float, float]]:
    """(memory id, bm25 component, score) of alice's results, best first."""
    status, body = engram.search({"query": query, "user_id": USER, "explain": True, "top_k": 10})
    assert status == 200, body
    return [(r["memory"]["id"], r["components"]["bm25"], r["score"]) for r in body["results"]]


def test_another_tenants_writes_change_neither_scores_nor_ranking(engram: Engram) -> None:
    # Given alice's memories, three of them holding a rare word
    for text in (
        "The Zanzibar shipment leaves on Fridays",
        "Invoices for the Zanzibar office go to finance",
        "Zanzibar customs need the signed manifest before the shipment",
        "The staging cluster runs in Frankfurt",
        "Standups are at 9:30 on weekdays",
        "Lunch orders go in before eleven",
    ):
        engram.remember(text)
    query = "zanzibar shipment"
    before = explained(engram, query)
    assert len(before) >= 3 and all(bm25 for _, bm25, _ in before[:3])
    # When another tenant (its user named alice too) stores 15 memories holding the word, and others
    for i in range(15):
        engram.remember(f"Zanzibar spice order {i} ships with the weekly freight", tenant=OTHER)
        engram.remember(f"Warehouse note {i}: the shipment was counted twice", tenant=OTHER)
    # Then alice's BM25 components, scores and ranking are exactly what they were
    assert explained(engram, query) == before
