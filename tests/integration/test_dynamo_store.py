"""DynamoMemoryStore against moto: dedup, tenancy, optimistic writes, pagination, history."""

from __future__ import annotations

import hashlib
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from botocore.exceptions import ClientError
from ulid import ULID

from engram.adapters.cursor import encode_cursor
from engram.adapters.dynamo.items import TTL_ATTRIBUTE
from engram.adapters.dynamo.store import DynamoMemoryStore, create_table
from engram.domain.errors import Conflict, InvalidCursor
from engram.domain.models import (
    EnrichmentState,
    HistoryEvent,
    HistoryRecord,
    Memory,
    Status,
)
from engram.ports import ListQuery, MemoryStore
from tests.integration.aws_fixtures import atomic_moto, aws, dynamodb, table  # noqa: F401

T0 = datetime(2025, 1, 1, tzinfo=UTC)


def memory(content: str = "The deploy runs on Fridays", **fields: Any) -> Memory:
    data: dict[str, Any] = {
        "id": str(ULID()),
        "tenant": "acme",
        "user_id": "alice",
        "content": content,
        "content_hash": hashlib.sha256(content.lower().encode()).hexdigest(),
    }
    data.update(fields)
    return Memory(**data)


def stored(store: DynamoMemoryStore, memory_id: str, tenant: str = "acme") -> Memory:
    found = store.get(tenant, memory_id)
    assert found is not None, f"memory {memory_id} is not stored"
    return found


def event(memory_id: str, history_id: str = "h1", at: datetime = T0, tenant: str = "acme") -> HistoryRecord:
    return HistoryRecord(id=history_id, tenant=tenant, memory_id=memory_id, event=HistoryEvent.updated, at=at)


@pytest.fixture
def store(table: Any, atomic_moto: None) -> DynamoMemoryStore:  # noqa: F811
    return DynamoMemoryStore(table)


def walk(store: DynamoMemoryStore, query: ListQuery) -> list[Memory]:
    """Every item of a listing, page by page, asserting no page is larger than asked."""
    items: list[Memory] = []
    cursor: str | None = None
    while True:
        page = store.list(ListQuery(**{**query.__dict__, "cursor": cursor}))
        assert len(page.items) <= query.limit
        items.extend(page.items)
        if page.cursor is None:
            return items
        cursor = page.cursor


def test_store_implements_the_port(store: DynamoMemoryStore) -> None:
    assert isinstance(store, MemoryStore)


def test_create_table_builds_the_deployed_schema(dynamodb: Any) -> None:  # noqa: F811
    create_table(dynamodb, "schema-check")
    create_table(dynamodb.meta.client, "schema-check")  # idempotent, and a client works too

    client = dynamodb.meta.client
    described = client.describe_table(TableName="schema-check")["Table"]
    assert {k["AttributeName"]: k["KeyType"] for k in described["KeySchema"]} == {"pk": "HASH", "sk": "RANGE"}
    indexes = {i["IndexName"]: i for i in described["GlobalSecondaryIndexes"]}
    assert set(indexes) == {"gsi1", "gsi2", "gsi3"}
    for name in ("gsi1", "gsi2"):
        assert [k["AttributeName"] for k in indexes[name]["KeySchema"]] == [f"{name}pk", f"{name}sk"]
        assert indexes[name]["Projection"]["ProjectionType"] == "ALL"
    assert [k["AttributeName"] for k in indexes["gsi3"]["KeySchema"]] == ["tenant", "pk"]
    assert indexes["gsi3"]["Projection"]["ProjectionType"] == "INCLUDE"
    ttl = client.describe_time_to_live(TableName="schema-check")["TimeToLiveDescription"]
    assert (ttl["TimeToLiveStatus"], ttl["AttributeName"]) == ("ENABLED", TTL_ATTRIBUTE)


# --------------------------------------------------------------------------- insert-or-dedup


def test_insert_then_get_round_trips_the_memory(store: DynamoMemoryStore) -> None:
    given = memory(metadata={"source": "chat", "score": 0.5}, categories=["ops"], last_retrieved_at=T0)

    result = store.insert_or_dedup(given)

    assert result.created
    assert store.get("acme", given.id) == given


def test_concurrent_identical_writes_create_one_memory(store: DynamoMemoryStore) -> None:
    writers = 32
    for round_ in range(5):
        content = f"Round {round_}: the staging database is read-only on weekends"
        barrier = threading.Barrier(writers)

        def remember(_: int, content: str = content, barrier: threading.Barrier = barrier) -> Any:
            candidate = memory(content)
            barrier.wait()
            return store.insert_or_dedup(candidate)

        with ThreadPoolExecutor(writers) as pool:
            results = list(pool.map(remember, range(writers)))

        ids = {r.memory.id for r in results}
        assert len(ids) == 1, f"round {round_}: {len(ids)} memories created"
        assert sum(r.created for r in results) == 1
        stored = [m for m in store.scan(None, 1000).items if m.content == content]
        assert [m.id for m in stored] == list(ids)
        assert stored[0].hits == writers
        assert max(r.memory.hits for r in results) == writers


def test_a_duplicate_returns_the_existing_memory_with_its_hits(store: DynamoMemoryStore) -> None:
    first = store.insert_or_dedup(memory()).memory

    again = store.insert_or_dedup(memory())

    assert not again.created
    assert again.memory.id == first.id
    assert again.memory.hits == 2
    assert stored(store, first.id).hits == 2


@pytest.mark.parametrize(
    "scope",
    [
        {"namespace": "work"},
        {"project": "other"},
        {"user_id": "bob"},
        {"tenant": "globex"},
    ],
)
def test_the_same_content_in_another_scope_is_another_memory(
    store: DynamoMemoryStore, scope: dict[str, str]
) -> None:
    first = store.insert_or_dedup(memory()).memory

    second = store.insert_or_dedup(memory(**scope))

    assert second.created
    assert second.memory.id != first.id
    assert stored(store, first.id).hits == 1


def test_scope_parts_containing_the_separator_do_not_collide(store: DynamoMemoryStore) -> None:
    a = store.insert_or_dedup(memory(user_id="a#b", project="c"))
    b = store.insert_or_dedup(memory(user_id="a", project="b#c"))
    c = store.insert_or_dedup(memory(user_id="a%23b", project="c"))

    assert a.created and b.created and c.created


def test_a_stale_dedup_key_is_repaired(store: DynamoMemoryStore, table: Any) -> None:  # noqa: F811
    # Given a dedup key whose memory vanished (e.g. a purge interrupted halfway)
    lost = store.insert_or_dedup(memory()).memory
    table.delete_item(Key={"pk": f"MEM#acme#{lost.id}", "sk": "MEM"})

    # When the same content is remembered again
    result = store.insert_or_dedup(memory())

    # Then it is stored as a new memory, and later copies dedup onto it
    assert result.created
    assert store.insert_or_dedup(memory()).memory.id == result.memory.id


def test_inserting_an_existing_id_is_a_conflict(store: DynamoMemoryStore) -> None:
    first = store.insert_or_dedup(memory()).memory

    with pytest.raises(Conflict):
        store.insert_or_dedup(memory("Something else entirely", id=first.id))


def test_transaction_conflicts_are_retried(store: DynamoMemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    # Real DynamoDB cancels a transaction that overlaps another in flight ("TransactionConflict").
    real = store.client.transact_write_items
    calls = {"n": 0}

    def flaky(**kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] <= 2:
            raise ClientError(
                {
                    "Error": {"Code": "TransactionCanceledException", "Message": "cancelled"},
                    "CancellationReasons": [{"Code": "TransactionConflict"}, {"Code": "None"}],
                },
                "TransactWriteItems",
            )
        return real(**kwargs)

    monkeypatch.setattr(store.client, "transact_write_items", flaky)

    result = store.insert_or_dedup(memory())

    assert result.created
    assert calls["n"] == 3
    assert store.get("acme", result.memory.id) is not None


# --------------------------------------------------------------------------- reads and tenancy


def test_another_tenants_memory_is_invisible(store: DynamoMemoryStore) -> None:
    mine = store.insert_or_dedup(memory()).memory
    store.add_history([event(mine.id)])

    assert store.get("globex", mine.id) is None
    assert store.get_many("globex", [mine.id]) == []
    assert store.delete("globex", mine.id) is None
    assert store.history("globex", mine.id) == []
    store.purge("globex", mine.id)
    assert store.get("acme", mine.id) is not None
    assert store.scan(None, 10, tenant="globex").items == []


def test_get_many_keeps_the_requested_order_and_skips_missing(store: DynamoMemoryStore) -> None:
    # more than BatchGetItem's 100 keys, so the adapter has to split the request
    stored = [store.insert_or_dedup(memory(f"Fact number {i} is true")).memory for i in range(101)]
    wanted = [stored[5].id, "missing", stored[100].id, stored[0].id, stored[5].id]

    found = store.get_many("acme", wanted)

    assert [m.id for m in found] == [stored[5].id, stored[100].id, stored[0].id]
    assert [m.id for m in store.get_many("acme", [m.id for m in reversed(stored)])] == [
        m.id for m in reversed(stored)
    ]
    assert store.get_many("acme", []) == []


# --------------------------------------------------------------------------- put / replace / delete


def test_put_rewrites_the_memory_without_losing_concurrent_hits(store: DynamoMemoryStore) -> None:
    read = store.insert_or_dedup(memory()).memory
    store.insert_or_dedup(memory())  # a dedup hit lands after `read` was taken
    store.increment_retrievals("acme", {read.id: 3}, T0)

    changed = read.model_copy(update={"importance": 5, "updated_at": read.updated_at + timedelta(seconds=1)})
    written = store.put(changed, expected_updated_at=read.updated_at)

    assert written.importance == 5
    assert (written.hits, written.retrieval_count, written.last_retrieved_at) == (2, 3, T0)
    assert store.get("acme", read.id) == written


def test_put_with_a_stale_expected_updated_at_is_a_conflict(store: DynamoMemoryStore) -> None:
    read = store.insert_or_dedup(memory()).memory
    store.put(read.model_copy(update={"importance": 4, "updated_at": read.updated_at + timedelta(seconds=1)}))

    with pytest.raises(Conflict):
        store.put(read.model_copy(update={"importance": 1}), expected_updated_at=read.updated_at)

    assert stored(store, read.id).importance == 4


def test_put_refuses_unknown_memories_and_changed_hashes(store: DynamoMemoryStore) -> None:
    read = store.insert_or_dedup(memory()).memory

    with pytest.raises(Conflict):
        store.put(memory("Never stored anywhere"))
    with pytest.raises(Conflict):
        store.put(read.model_copy(update={"content": "Changed", "content_hash": "0" * 64}))
    assert store.get("acme", "never-stored") is None


def test_replace_content_moves_the_hash(store: DynamoMemoryStore) -> None:
    old = store.insert_or_dedup(memory("The deploy runs on Fridays")).memory
    target = memory("The deploy runs on Mondays")
    new = old.model_copy(
        update={"content": target.content, "content_hash": target.content_hash, "updated_at": T0}
    )

    replaced = store.replace_content(old, new)

    assert replaced.content == "The deploy runs on Mondays"
    assert store.get("acme", old.id) == replaced
    # the new content now dedups onto the memory; the old content is free again
    assert store.insert_or_dedup(memory("The deploy runs on Mondays")).memory.id == old.id
    assert store.insert_or_dedup(memory("The deploy runs on Fridays")).created


def test_replace_content_onto_a_taken_hash_is_a_conflict(store: DynamoMemoryStore) -> None:
    taken = store.insert_or_dedup(memory("The deploy runs on Mondays")).memory
    old = store.insert_or_dedup(memory("The deploy runs on Fridays")).memory
    new = old.model_copy(update={"content": taken.content, "content_hash": taken.content_hash})

    with pytest.raises(Conflict):
        store.replace_content(old, new)

    assert store.get("acme", old.id) == old
    assert store.insert_or_dedup(memory("The deploy runs on Fridays")).memory.id == old.id


def test_replace_content_of_a_changed_memory_is_a_conflict(store: DynamoMemoryStore) -> None:
    old = store.insert_or_dedup(memory()).memory
    store.put(old.model_copy(update={"updated_at": old.updated_at + timedelta(seconds=1)}))
    target = memory("The deploy runs on Mondays")

    with pytest.raises(Conflict):
        store.replace_content(
            old, old.model_copy(update={"content": target.content, "content_hash": target.content_hash})
        )

    # nothing moved: the new content is still free
    assert store.insert_or_dedup(memory("The deploy runs on Mondays")).created


def test_delete_tombstones_and_frees_the_hash(store: DynamoMemoryStore) -> None:
    original = store.insert_or_dedup(memory()).memory

    tombstone = store.delete("acme", original.id)

    assert tombstone is not None and tombstone.status is Status.deleted
    assert tombstone.updated_at > original.updated_at
    assert store.get("acme", original.id) == tombstone
    again = store.insert_or_dedup(memory())
    assert again.created and again.memory.id != original.id
    assert store.delete("acme", original.id) is None
    assert store.delete("acme", "unknown") is None
    # the tombstone does not release the new memory's hash
    assert store.insert_or_dedup(memory()).memory.id == again.memory.id


# --------------------------------------------------------------------------- listing and scans


def test_list_walks_every_item_once_newest_first(store: DynamoMemoryStore) -> None:
    stored = [store.insert_or_dedup(memory(f"Fact number {i} is true")).memory for i in range(23)]
    for deleted in stored[::4]:
        store.delete("acme", deleted.id)
    live = sorted((m.id for m in stored[1::4] + stored[2::4] + stored[3::4]), reverse=True)

    for limit in (1, 4, 7, 50):
        walked = walk(store, ListQuery(tenant="acme", user_id="alice", limit=limit))
        assert [m.id for m in walked] == live


def test_list_filters_by_project_namespace_and_status(store: DynamoMemoryStore) -> None:
    def put_many(n: int, **scope: str) -> list[str]:
        return [store.insert_or_dedup(memory(f"{scope} fact {i}", **scope)).memory.id for i in range(n)]

    home = put_many(5)
    work_ns = put_many(4, namespace="work")
    other_project = put_many(3, project="p2", namespace="work")
    put_many(2, user_id="bob")
    gone = store.delete("acme", home[0])
    assert gone is not None

    def ids(**query: Any) -> set[str]:
        return {m.id for m in walk(store, ListQuery(tenant="acme", user_id="alice", limit=2, **query))}

    assert ids() == set(home[1:] + work_ns + other_project)
    assert ids(namespace="work") == set(work_ns + other_project)
    assert ids(project="default") == set(home[1:] + work_ns)
    assert ids(project="p2", namespace="work") == set(other_project)
    assert ids(status=Status.deleted) == {home[0]}
    assert ids(status=Status.active) == set(home[1:] + work_ns + other_project)
    assert ids(project="nope") == set()


def test_list_rejects_bad_cursors_and_a_missing_user(store: DynamoMemoryStore) -> None:
    for i in range(3):
        store.insert_or_dedup(memory(f"Fact number {i} is true"))
    cursor = store.list(ListQuery(tenant="acme", user_id="alice", limit=1)).cursor
    assert cursor is not None

    with pytest.raises(ValueError):
        store.list(ListQuery(tenant="acme"))
    for bad in ("not a cursor!", "e30", encode_cursor({"pk": 1, "sk": 2, "gsi1pk": 3, "gsi1sk": 4})):
        with pytest.raises(InvalidCursor):
            store.list(ListQuery(tenant="acme", user_id="alice", cursor=bad))
    with pytest.raises(InvalidCursor):  # another user's (or tenant's) position
        store.list(ListQuery(tenant="acme", user_id="bob", cursor=cursor))
    with pytest.raises(InvalidCursor):
        store.list(ListQuery(tenant="globex", user_id="alice", cursor=cursor))


def test_scan_returns_every_memory_of_every_status_once(store: DynamoMemoryStore) -> None:
    mine = [store.insert_or_dedup(memory(f"Fact number {i} is true")).memory.id for i in range(17)]
    theirs = [store.insert_or_dedup(memory(f"Fact {i}", tenant="globex")).memory.id for i in range(4)]
    store.delete("acme", mine[3])
    store.add_history([event(mine[0])])

    def scan_all(tenant: str | None) -> list[str]:
        seen, cursor = [], None
        while True:
            page = store.scan(cursor, 3, tenant=tenant)
            assert len(page.items) <= 3
            seen += [m.id for m in page.items]
            if page.cursor is None:
                return seen
            cursor = page.cursor

    everything = scan_all(None)
    assert sorted(everything) == sorted(mine + theirs)
    assert sorted(scan_all("acme")) == sorted(mine)
    assert scan_all(None) == everything  # stable order


def test_find_by_enrichment_state(store: DynamoMemoryStore) -> None:
    def at(minutes: int, state: EnrichmentState, i: int) -> str:
        m = memory(f"Fact number {i} is true", updated_at=T0 + timedelta(minutes=minutes))
        m.enrichment.state = state
        return store.insert_or_dedup(m).memory.id

    old_pending = [at(i, EnrichmentState.pending, i) for i in range(7)]
    at(3, EnrichmentState.done, 100)
    at(60, EnrichmentState.pending, 101)  # too recent
    boundary = at(30, EnrichmentState.pending, 102)  # updated exactly at the cut: not before it

    found, cursor = [], None
    while True:
        page = store.find_by_enrichment_state(
            EnrichmentState.pending, T0 + timedelta(minutes=30), limit=3, cursor=cursor
        )
        found += [m.id for m in page.items]
        if page.cursor is None:
            break
        cursor = page.cursor

    assert found == old_pending  # oldest first
    assert boundary not in found
    with pytest.raises(InvalidCursor):
        store.find_by_enrichment_state(
            EnrichmentState.failed,
            T0,
            3,
            cursor=store.list(ListQuery(tenant="acme", user_id="alice", limit=1)).cursor,
        )


def test_find_by_enrichment_state_follows_state_changes(store: DynamoMemoryStore) -> None:
    m = store.insert_or_dedup(memory(updated_at=T0)).memory
    done = m.model_copy(deep=True, update={"updated_at": T0 + timedelta(minutes=1)})
    done.enrichment.state = EnrichmentState.done
    store.put(done)

    later = T0 + timedelta(hours=1)
    assert store.find_by_enrichment_state(EnrichmentState.pending, later, 10).items == []
    assert [x.id for x in store.find_by_enrichment_state(EnrichmentState.done, later, 10).items] == [m.id]


# --------------------------------------------------------------------------- counters, purge, history


def test_increment_retrievals(store: DynamoMemoryStore) -> None:
    a = store.insert_or_dedup(memory("Fact A is true")).memory
    b = store.insert_or_dedup(memory("Fact B is true")).memory

    store.increment_retrievals("acme", {a.id: 2, b.id: 1, "missing": 5}, T0 + timedelta(hours=1))
    store.increment_retrievals("acme", {a.id: 1}, T0)  # an older event arriving late

    got_a, got_b = stored(store, a.id), stored(store, b.id)
    assert (got_a.retrieval_count, got_a.last_retrieved_at) == (3, T0 + timedelta(hours=1))
    assert (got_b.retrieval_count, got_b.last_retrieved_at) == (1, T0 + timedelta(hours=1))
    assert store.get("acme", "missing") is None  # no ghost item
    store.increment_retrievals("globex", {a.id: 1}, T0)
    assert stored(store, a.id).retrieval_count == 3


def test_history_is_oldest_first_with_a_ttl_backstop(store: DynamoMemoryStore, table: Any) -> None:  # noqa: F811
    m = store.insert_or_dedup(memory()).memory
    records = [
        HistoryRecord(
            id=f"h{i}", tenant="acme", memory_id=m.id, event=HistoryEvent.updated, at=T0 + timedelta(i)
        )
        for i in (3, 1, 2)
    ]

    store.add_history(records)

    assert [r.id for r in store.history("acme", m.id)] == ["h1", "h2", "h3"]
    item = table.get_item(Key={"pk": f"HIST#acme#{m.id}", "sk": "2025-01-02T00:00:00.000000Z#h1"})["Item"]
    assert int(item[TTL_ATTRIBUTE]) == int((T0 + timedelta(days=181)).timestamp())


def test_purge_history_deletes_old_records_up_to_the_limit(store: DynamoMemoryStore) -> None:
    m = store.insert_or_dedup(memory()).memory
    store.add_history(
        HistoryRecord(
            id=f"h{i:02}", tenant="acme", memory_id=m.id, event=HistoryEvent.updated, at=T0 + timedelta(i)
        )
        for i in range(10)
    )

    assert store.purge_history(T0 + timedelta(days=6), limit=4) == 4
    assert store.purge_history(T0 + timedelta(days=6), limit=100) == 2
    assert store.purge_history(T0 + timedelta(days=6), limit=100) == 0
    assert [r.id for r in store.history("acme", m.id)] == ["h06", "h07", "h08", "h09"]


def test_purge_removes_memory_hash_and_history_idempotently(store: DynamoMemoryStore) -> None:
    m = store.insert_or_dedup(memory()).memory
    store.add_history([event(m.id)])

    store.purge("acme", m.id)
    store.purge("acme", m.id)

    assert store.get("acme", m.id) is None
    assert store.history("acme", m.id) == []
    assert store.insert_or_dedup(memory()).created


def test_purging_a_tombstone_keeps_the_hash_of_its_successor(store: DynamoMemoryStore) -> None:
    first = store.insert_or_dedup(memory()).memory
    store.delete("acme", first.id)
    successor = store.insert_or_dedup(memory()).memory

    store.purge("acme", first.id)

    again = store.insert_or_dedup(memory())
    assert not again.created and again.memory.id == successor.id
