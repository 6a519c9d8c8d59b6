"""One contract, two stores: SQLite (embedded default) and DynamoDB (moto) behave identically."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
from ulid import ULID

from engram.domain.errors import Conflict, InvalidCursor
from engram.domain.models import EnrichmentState, HistoryEvent, HistoryRecord, Status
from engram.domain.text import content_hash
from engram.ports import ListQuery
from tests.integration.builders import new_memory
from tests.integration.store_backends import BACKENDS, make_store

T0 = datetime(2026, 11, 18, 9, 0, tzinfo=UTC)


def memory(content: str, *, tenant="acme", user_id="alice", project="default", namespace="default", at=T0):
    return new_memory(content, at=at, tenant=tenant, user_id=user_id, project=project, namespace=namespace)


@pytest.fixture(params=BACKENDS)
def store(request, tmp_path):
    with make_store(request.param, tmp_path) as s:
        yield s


def test_insert_then_dedup_returns_the_first_and_counts_hits(store):
    first = store.insert_or_dedup(memory("Alice likes green tea"))
    again = store.insert_or_dedup(memory("alice LIKES green tea."))
    assert first.created and not again.created
    assert again.memory.id == first.memory.id
    assert again.memory.hits == 2
    assert store.get("acme", first.memory.id).hits == 2


def test_a_prepared_insert_writes_nothing_until_it_runs_then_inserts_or_dedups(store):
    # Given two inserts of the same content, prepared before either runs
    first, again = (store.prepare_insert(memory("Bob drinks oat milk")) for _ in range(2))
    assert store.list(ListQuery(tenant="acme", user_id="alice")).items == []
    # When they run, the first inserts and the second dedups into it
    inserted, deduplicated = first(), again()
    assert inserted.created and not deduplicated.created
    assert deduplicated.memory.id == inserted.memory.id and deduplicated.memory.hits == 2


def test_32_concurrent_identical_writes_make_one_memory(store):
    barrier = threading.Barrier(32)

    def write(_: int) -> str:
        barrier.wait()
        return store.insert_or_dedup(memory("The deploy window is Tuesday 10:00 UTC")).memory.id

    with ThreadPoolExecutor(32) as pool:
        ids = list(pool.map(write, range(32)))
    assert len(set(ids)) == 1
    page = store.list(ListQuery(tenant="acme", user_id="alice"))
    assert [m.id for m in page.items] == [ids[0]]
    assert store.get("acme", ids[0]).hits == 32


def test_dedup_scope_is_tenant_user_project_namespace(store):
    base = store.insert_or_dedup(memory("Prefers window seats on flights")).memory
    others = [
        memory("Prefers window seats on flights", tenant="other"),
        memory("Prefers window seats on flights", user_id="bob"),
        memory("Prefers window seats on flights", project="travel"),
        memory("Prefers window seats on flights", namespace="work"),
    ]
    results = [store.insert_or_dedup(m) for m in others]
    assert all(r.created for r in results)
    assert len({base.id, *(r.memory.id for r in results)}) == 5


def test_another_tenants_id_is_invisible(store):
    mine = store.insert_or_dedup(memory("Alice's locker code is on the wiki")).memory
    assert store.get("other", mine.id) is None
    assert store.get_many("other", [mine.id]) == []
    assert store.delete("other", mine.id) is None
    assert store.get("acme", mine.id).status == Status.active


def test_delete_tombstones_and_frees_the_hash(store):
    first = store.insert_or_dedup(memory("Bob moved to the Berlin office")).memory
    deleted = store.delete("acme", first.id)
    assert deleted.status == Status.deleted
    assert store.delete("acme", first.id) is None  # already gone
    again = store.insert_or_dedup(memory("Bob moved to the Berlin office"))
    assert again.created and again.memory.id != first.id
    assert store.get("acme", first.id).status == Status.deleted


def test_list_is_newest_first_paginates_without_gaps_or_repeats_and_hides_deleted(store):
    made = []
    for i in range(23):
        made.append(
            store.insert_or_dedup(memory(f"Fact number {i} about the roadmap", at=T0 + timedelta(seconds=i)))
        )
    store.delete("acme", made[5].memory.id)
    seen, cursor = [], None
    while True:
        page = store.list(ListQuery(tenant="acme", user_id="alice", limit=5, cursor=cursor))
        seen.extend(m.id for m in page.items)
        cursor = page.cursor
        if cursor is None:
            break
    expected = [r.memory.id for r in made if r.memory.id != made[5].memory.id]
    assert seen == sorted(expected, reverse=True)


def test_list_filters_by_project_namespace_and_status(store):
    store.insert_or_dedup(memory("Work fact about quarterly goals", namespace="work"))
    store.insert_or_dedup(memory("Home fact about the garden shed", namespace="home"))
    store.insert_or_dedup(memory("Travel fact about passport expiry", project="travel"))
    work = store.list(ListQuery(tenant="acme", user_id="alice", namespace="work"))
    assert [m.content for m in work.items] == ["Work fact about quarterly goals"]
    travel = store.list(ListQuery(tenant="acme", user_id="alice", project="travel"))
    assert [m.content for m in travel.items] == ["Travel fact about passport expiry"]
    assert store.list(ListQuery(tenant="acme", user_id="alice", status=Status.stale)).items == []


def test_a_foreign_cursor_is_rejected(store):
    with pytest.raises(InvalidCursor):
        store.list(ListQuery(tenant="acme", user_id="alice", cursor="not-a-cursor!!"))


def test_put_is_optimistic(store):
    stored = store.insert_or_dedup(memory("Carol leads the data team")).memory
    later = T0 + timedelta(minutes=1)
    updated = store.put(
        stored.model_copy(update={"importance": 5, "updated_at": later}), expected_updated_at=T0
    )
    assert updated.importance == 5
    with pytest.raises(Conflict):
        store.put(stored.model_copy(update={"importance": 1}), expected_updated_at=T0)


def test_put_keeps_concurrent_hit_counts(store):
    stored = store.insert_or_dedup(memory("Dana works remotely on Mondays")).memory
    store.insert_or_dedup(memory("Dana works remotely on Mondays"))
    store.put(stored.model_copy(update={"importance": 4, "updated_at": T0 + timedelta(seconds=1)}))
    assert store.get("acme", stored.id).hits == 2


def test_replace_content_moves_the_dedup_key(store):
    old = store.insert_or_dedup(memory("Standup is at 9:30")).memory
    text = "Standup is at 10:00 now"
    new = old.model_copy(
        update={"content": text, "content_hash": content_hash(text), "updated_at": T0 + timedelta(1)}
    )
    store.replace_content(old, new)
    assert store.insert_or_dedup(memory("Standup is at 9:30")).created  # old hash is free
    assert not store.insert_or_dedup(memory(text)).created  # new hash is taken
    taken = store.insert_or_dedup(memory("Retro is on Thursdays")).memory
    clash = taken.model_copy(
        update={"content": text, "content_hash": content_hash(text), "updated_at": T0 + timedelta(2)}
    )
    with pytest.raises(Conflict):
        store.replace_content(taken, clash)


def test_get_many_keeps_request_order_and_skips_missing(store):
    a = store.insert_or_dedup(memory("First memory for ordering")).memory
    b = store.insert_or_dedup(memory("Second memory for ordering")).memory
    assert [m.id for m in store.get_many("acme", [b.id, "01UNKNOWN0000000000000000", a.id])] == [b.id, a.id]


def test_scan_walks_everything_once(store):
    ids = {store.insert_or_dedup(memory(f"Scanned memory {i} of many")).memory.id for i in range(12)}
    store.insert_or_dedup(memory("Other tenant memory here", tenant="zeta"))
    seen, cursor = [], None
    while True:
        page = store.scan(cursor, 5, tenant="acme")
        seen.extend(m.id for m in page.items)
        if not (cursor := page.cursor):
            break
    assert sorted(seen) == sorted(ids)


def test_find_by_enrichment_state(store):
    pending = store.insert_or_dedup(memory("Pending memory to enrich")).memory
    done = store.insert_or_dedup(memory("Already enriched memory")).memory
    done.enrichment.state = EnrichmentState.done
    store.put(done.model_copy(update={"updated_at": T0}))
    page = store.find_by_enrichment_state(EnrichmentState.pending, T0 + timedelta(minutes=5), 10)
    assert [m.id for m in page.items] == [pending.id]
    assert store.find_by_enrichment_state(EnrichmentState.pending, T0, 10).items == []


def test_retrieval_counts_accumulate(store):
    m = store.insert_or_dedup(memory("Eve's birthday is in March")).memory
    store.increment_retrievals("acme", {m.id: 2}, T0 + timedelta(hours=1))
    store.increment_retrievals("acme", {m.id: 1}, T0 + timedelta(hours=2))
    got = store.get("acme", m.id)
    assert got.retrieval_count == 3 and got.last_retrieved_at == T0 + timedelta(hours=2)


def test_history_round_trip_and_purge(store):
    m = store.insert_or_dedup(memory("Frank prefers async updates")).memory
    records = [
        HistoryRecord(id=str(ULID()), tenant="acme", memory_id=m.id, event=HistoryEvent.enriched, at=T0),
        HistoryRecord(
            id=str(ULID()),
            tenant="acme",
            memory_id=m.id,
            event=HistoryEvent.merged,
            at=T0 + timedelta(days=200),
        ),
    ]
    store.add_history(records)
    assert [r.event for r in store.history("acme", m.id)] == [HistoryEvent.enriched, HistoryEvent.merged]
    assert store.history("other", m.id) == []
    assert store.purge_history(T0 + timedelta(days=1), limit=100) == 1
    assert [r.event for r in store.history("acme", m.id)] == [HistoryEvent.merged]


def test_purge_hard_deletes(store):
    m = store.insert_or_dedup(memory("Grace uses vim keybindings")).memory
    store.purge("acme", m.id)
    store.purge("acme", m.id)  # idempotent
    assert store.get("acme", m.id) is None
    assert store.insert_or_dedup(memory("Grace uses vim keybindings")).created


def test_claim_once_detects_redelivery(store):
    assert store.claim_once("retrieval#01JOB", T0) is True
    assert store.claim_once("retrieval#01JOB", T0 + timedelta(minutes=5)) is False
    assert store.claim_once("retrieval#01OTHER", T0) is True


def test_a_redelivered_retrieval_job_counts_once(store):
    from engram.ports import RetrievalJob
    from engram.usecases.retrievals import record_retrievals

    m = store.insert_or_dedup(memory("Hank takes the 8:10 train")).memory
    job = RetrievalJob(tenant="acme", memory_ids=[m.id, m.id], at=T0)
    record_retrievals(store, [job])
    record_retrievals(store, [job])  # SQS delivered it again
    record_retrievals(store, [RetrievalJob(tenant="acme", memory_ids=[m.id], at=T0 + timedelta(hours=1))])
    assert store.get("acme", m.id).retrieval_count == 3
