"""The SQLite store's candidates: what recall ranks a memory by, read without validating the whole
memory. Each field must be the one the whole Memory has (same value, same type: enums as enums,
timezone-aware datetimes), for every shape a stored memory takes, and the whole memory, built when
recall returns it, the one `get` reads."""

from __future__ import annotations

import typing
from datetime import UTC, datetime, timedelta

import pytest

from engram.adapters.sqlite.db import SqliteDatabase
from engram.adapters.sqlite.store import SqliteMemoryStore
from engram.domain.models import (
    Enrichment,
    EnrichmentState,
    Memory,
    MemoryType,
    Provenance,
    Status,
    Temporal,
    TemporalKind,
)
from engram.domain.scoring import Candidate
from engram.runtime.container import local
from engram.settings import EmbedderSettings, Settings
from engram.usecases.recall import RecallQuery
from tests.integration.builders import new_memory

T0 = datetime(2026, 11, 18, 9, 0, 0, 123456, tzinfo=UTC)
TENANT = "acme"


def shapes() -> list[Memory]:
    """Memories of every shape a stored one takes: defaults, every enum value, lists, nested metadata,
    an expiry, supersession, enrichment, a different observed time."""
    base = {"tenant": TENANT, "user_id": "alice", "at": T0}
    out = [new_memory("Alice likes green tea", **base)]
    for i, (kind, provenance, status) in enumerate(
        zip(
            list(MemoryType),
            [*Provenance, *Provenance],
            [Status.active, Status.stale, Status.superseded, Status.merged] * 2,
            strict=False,
        )
    ):
        out.append(
            new_memory(
                f"memory {i} of kind {kind.value}",
                **base,
                memory_type=kind,
                provenance=provenance,
                status=status,
                confidence=0.5 + i / 20,
                importance=1 + i % 5,
            )
        )
    out.append(
        new_memory(
            "Bob's contract ends on 2027-01-31; ask him about the renewal",
            **base,
            project="hr",
            namespace="contracts",
            categories=["work", "Contracts"],
            entities=["Bob", "ACME Corp"],
            metadata={"source": "crm", "score": 0.75, "tags": ["a", "b"], "nested": {"n": 1, "none": None}},
            agent_id="agent-7",
            run_id="run-42",
            summary="Bob's contract end",
            write_reason="a deadline",
            related_ids=["01JAAAAAAAAAAAAAAAAAAAAAAA"],
            temporal=Temporal(kind=TemporalKind.temporal, valid_until=T0 + timedelta(days=60)),
            review_needed=True,
            redactions=["email"],
            pinned=["importance"],
            enrichment=Enrichment(state=EnrichmentState.done, model="rules", attempts=2, updated_at=T0),
        )
    )
    older = new_memory("We moved the offsite to Lisbon", **base, superseded_by="01JBBBBBBBBBBBBBBBBBBBBBBB")
    out.append(
        older.model_copy(
            update={
                "observed_at": T0 - timedelta(days=400, microseconds=7),
                "valid_from": T0 - timedelta(days=400),
                "valid_to": T0 - timedelta(days=3),
            }
        )
    )
    return out


@pytest.fixture
def store(tmp_path):
    return SqliteMemoryStore(SqliteDatabase(tmp_path / "engram.sqlite3"))


def assert_same(candidate: Candidate, memory: Memory) -> None:
    for name in Candidate.FIELDS:
        got, want = getattr(candidate, name), getattr(memory, name)
        assert got == want and type(got) is type(want), name
    assert candidate.observed_at.utcoffset() == timedelta(0)
    assert candidate.memory() == memory


def test_a_candidates_fields_are_its_whole_memorys_for_every_shape(store):
    stored = [store.insert_or_dedup(m).memory for m in shapes()]
    store.insert_or_dedup(
        new_memory("alice likes GREEN tea.", tenant=TENANT, user_id="alice", at=T0)
    )  # hits 2
    store.increment_retrievals(TENANT, {stored[1].id: 3}, T0 + timedelta(hours=1))

    candidates = store.candidates(TENANT, [m.id for m in stored])

    assert [c.id for c in candidates] == [m.id for m in stored]
    for candidate in candidates:
        assert_same(candidate, store.get(TENANT, candidate.id))
    assert candidates[0].hits == 2
    assert candidates[1].memory().retrieval_count == 3


def test_a_doc_written_before_a_field_existed_reads_as_its_whole_memory_does(store):
    memory = store.insert_or_dedup(
        new_memory("Carol runs the Oslo office", tenant=TENANT, user_id="carol", at=T0)
    )
    with store.db.write() as conn:  # a doc from before agent_id and run_id were kept
        conn.execute(
            "UPDATE memories SET doc = json_remove(doc, '$.agent_id', '$.run_id') WHERE id = ?",
            (memory.memory.id,),
        )

    [candidate] = store.candidates(TENANT, [memory.memory.id])

    assert candidate.agent_id is None and candidate.run_id is None
    assert_same(candidate, store.get(TENANT, memory.memory.id))


def test_candidates_keep_the_order_asked_once_each_and_only_the_tenants(store):
    a, b = (store.insert_or_dedup(new_memory(t, tenant=TENANT, user_id="alice", at=T0)).memory for t in "ab")
    other = store.insert_or_dedup(new_memory("c", tenant="other", user_id="alice", at=T0)).memory

    found = store.candidates(TENANT, [b.id, "01UNKNOWN0000000000000000", a.id, b.id, other.id])

    assert [c.id for c in found] == [b.id, a.id]
    assert store.candidates(TENANT, []) == []


def test_candidate_fields_have_the_types_of_memorys():
    hints = typing.get_type_hints(Candidate)
    for name in Candidate.FIELDS:
        assert hints[name] == Memory.model_fields[name].annotation, name


def test_recall_returns_whole_memories(tmp_path):
    c = local(Settings(data_dir=tmp_path, embedder=EmbedderSettings(provider="hashing")))
    for memory in shapes():
        c.store.insert_or_dedup(memory)

    results = c.recall(RecallQuery(tenant=TENANT, user_id="alice", query="Bob contract renewal", top_k=3))

    assert results and results[0].memory.summary == "Bob's contract end"
    for r in results:
        assert r.memory == c.store.get(TENANT, r.memory.id)
