"""The core OpenSearchIndex checks against a live cluster, when one is configured.

    ENGRAM_TEST_OPENSEARCH_URL=http://localhost:9200                      # a local OpenSearch, unsigned
    ENGRAM_TEST_OPENSEARCH_URL=https://<id>.<region>.aoss.amazonaws.com   # serverless, SigV4 "aoss"
    ENGRAM_TEST_OPENSEARCH_URL=https://search-<domain>.<region>.es.amazonaws.com   # domain, SigV4 "es"

The mode is "aoss" for `*.aoss.amazonaws.com` hosts and "es" otherwise (override with
ENGRAM_TEST_OPENSEARCH_MODE); https endpoints are signed with the default AWS credentials and
ENGRAM_TEST_OPENSEARCH_REGION (or the AWS_REGION of the environment). Each run creates a uniquely
named index and deletes it afterwards. Serverless makes writes searchable on its own schedule, so the
checks poll for up to two minutes.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import os
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, TypeVar, cast

import pytest
from opensearchpy import OpenSearch
from opensearchpy.exceptions import NotFoundError

from engram.adapters.opensearch.index import (
    IndexUnavailable,
    Mode,
    OpenSearchIndex,
    build_client,
    tenant_index,
)
from engram.domain.models import Memory, Status
from engram.ports import IndexedMemory, SearchScope

URL = os.environ.get("ENGRAM_TEST_OPENSEARCH_URL", "")
pytestmark = [
    pytest.mark.live,
    pytest.mark.skipif(not URL, reason="set ENGRAM_TEST_OPENSEARCH_URL to run against a live OpenSearch"),
]

DIMS = 4
SETTLE_S = 120.0
T = TypeVar("T")


def live_mode() -> Mode:
    configured = os.environ.get("ENGRAM_TEST_OPENSEARCH_MODE")
    if configured:
        return cast(Mode, configured)
    return "aoss" if ".aoss." in URL else "es"


def eventually(check: Callable[[], T], timeout_s: float = SETTLE_S) -> T:
    """Retry `check` until it passes: serverless writes become searchable after a while."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            return check()
        except (AssertionError, IndexUnavailable):
            if time.monotonic() > deadline:
                raise
            time.sleep(2.0)


def at_angle(degrees: float) -> list[float]:
    radians = math.radians(degrees)
    return [math.cos(radians), math.sin(radians), 0.0, 0.0]


def item(memory_id: str, content: str, vector: list[float], **fields: Any) -> IndexedMemory:
    fields.setdefault("tenant", "acme")
    fields.setdefault("user_id", "alice")
    digest = hashlib.sha256(content.encode()).hexdigest()
    return IndexedMemory(Memory(id=memory_id, content=content, content_hash=digest, **fields), vector)


SCOPE = SearchScope(tenant="acme", user_id="alice")


class Cluster(NamedTuple):
    client: OpenSearch
    index_name: str
    mode: Mode


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    mode = live_mode()
    region = os.environ.get("ENGRAM_TEST_OPENSEARCH_REGION", "")
    client = build_client(URL, mode=mode, region=region, timeout_s=30.0)
    name = f"engram-test-{uuid.uuid4().hex[:12]}"
    try:
        yield Cluster(client, name, mode)
    finally:
        for index in (name, *(tenant_index(name, tenant) for tenant in ("acme", "globex"))):
            with contextlib.suppress(NotFoundError):
                client.indices.delete(index=index)


@pytest.fixture(scope="module")
def index(cluster: Cluster) -> OpenSearchIndex:
    adapter = OpenSearchIndex(cluster.client, cluster.index_name, DIMS, mode=cluster.mode)
    adapter.ensure_index("acme")
    seed = [
        item("near", "Production runs on Kubernetes in eu-west-1", at_angle(10)),
        item("mid", "The user likes the colour blue", at_angle(60)),
        item(
            "far", "The user prefers the dark theme in the editor and the Kubernetes dashboard", at_angle(150)
        ),
        item("merged", "The user drinks the coffee black", at_angle(5), status=Status.merged),
        item("bob", "Kubernetes upgrades happen on Tuesdays", at_angle(1), user_id="bob"),
        item("globex", "Kubernetes is managed by the platform team", at_angle(0), tenant="globex"),
    ]
    eventually(lambda: adapter.upsert(seed), timeout_s=60.0)  # a new serverless index takes a moment
    return adapter


def test_the_index_has_the_knn_mapping_and_creation_is_idempotent(
    cluster: Cluster, index: OpenSearchIndex
) -> None:
    OpenSearchIndex(cluster.client, cluster.index_name, DIMS, mode=cluster.mode).ensure_index("acme")

    acme = tenant_index(cluster.index_name, "acme")
    mapping = cluster.client.indices.get_mapping(index=acme)[acme]["mappings"]
    assert mapping["properties"]["vector"]["type"] == "knn_vector"
    assert mapping["properties"]["vector"]["dimension"] == DIMS


def test_knn_returns_the_callers_nearest_memories_with_cosine_scores(index: OpenSearchIndex) -> None:
    def check() -> None:
        hits = index.knn(SCOPE, at_angle(0), 3)
        assert [hit.memory_id for hit in hits] == ["near", "mid", "far"]
        for hit, degrees in zip(hits, (10, 60, 150), strict=True):
            assert hit.score == pytest.approx(math.cos(math.radians(degrees)), abs=1e-3)

    eventually(check)


def test_bm25_ranks_the_exact_keyword_match_first_within_the_scope(index: OpenSearchIndex) -> None:
    def check() -> None:
        # the short memory about Kubernetes outranks the long one mentioning it; bob's, globex's and
        # the merged memory never appear
        hits = index.search(SCOPE, "kubernetes", 10)
        assert [hit.memory_id for hit in hits] == ["near", "far"]
        assert hits[0].score > hits[1].score > 0
        assert {hit.memory_id for hit in index.search(SCOPE, "the user", 10)} == {"mid", "far"}

    eventually(check)


def test_get_vectors_round_trips_within_the_tenant(index: OpenSearchIndex) -> None:
    def check() -> None:
        vectors = index.get_vectors("acme", ["near", "globex", "missing"])
        assert set(vectors) == {"near"}
        assert vectors["near"] == pytest.approx(at_angle(10), abs=1e-6)

    eventually(check)


def test_delete_removes_a_memory_from_both_legs(index: OpenSearchIndex) -> None:
    index.upsert([item("doomed", "Quarterly audit of the billing ledger", at_angle(90))])
    eventually(lambda: _assert_found(index, "doomed"))

    eventually(lambda: index.delete("acme", ["doomed"]))

    def gone() -> None:
        assert "doomed" not in {hit.memory_id for hit in index.search(SCOPE, "audit ledger", 10)}
        assert "doomed" not in {hit.memory_id for hit in index.knn(SCOPE, at_angle(90), 10)}

    eventually(gone)


def _assert_found(index: OpenSearchIndex, memory_id: str) -> None:
    assert memory_id in {hit.memory_id for hit in index.search(SCOPE, "audit ledger", 10)}
