"""DynamoKeyStore against moto: keys are found by hash, listed, and revoked by id."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from engram.adapters.dynamo.keys import DynamoKeyStore
from engram.adapters.dynamo.store import DynamoMemoryStore
from engram.domain.errors import Conflict
from engram.domain.models import ApiKey
from engram.usecases.keys import authenticate, create_key
from tests.integration.aws_fixtures import aws, dynamodb, table  # noqa: F401

T0 = datetime(2025, 1, 1, tzinfo=UTC)


class Clock:
    def now(self) -> datetime:
        return T0 + timedelta(days=30)


@pytest.fixture
def keys(table: Any) -> DynamoKeyStore:  # noqa: F811
    return DynamoKeyStore(table, clock=Clock())


def key(n: int, tenant: str = "acme") -> ApiKey:
    return ApiKey(
        key_id=f"k{n}", tenant=tenant, key_hash=f"{n:064x}", name=f"key {n}", created_at=T0 + timedelta(n)
    )


def test_a_key_is_found_by_its_hash(keys: DynamoKeyStore) -> None:
    keys.add(key(1))

    assert keys.find(key(1).key_hash) == key(1)
    assert keys.find(key(2).key_hash) is None


def test_a_minted_key_authenticates_its_tenant(keys: DynamoKeyStore) -> None:
    secret, record = create_key(keys, "acme", name="ci")

    assert authenticate(keys, f"Bearer {secret}") == "acme"
    assert keys.find(record.key_hash) == record


def test_list_all_or_one_tenant_oldest_first(keys: DynamoKeyStore) -> None:
    for n, tenant in ((3, "acme"), (1, "acme"), (2, "globex")):
        keys.add(key(n, tenant))

    assert [k.key_id for k in keys.list()] == ["k1", "k2", "k3"]
    assert [k.key_id for k in keys.list("acme")] == ["k1", "k3"]
    assert keys.list("nobody") == []


def test_revoke_marks_the_key_and_find_still_returns_it(keys: DynamoKeyStore) -> None:
    keys.add(key(1))
    keys.add(key(2))

    revoked = keys.revoke("k1")

    assert revoked is not None and revoked.revoked_at == T0 + timedelta(days=30)
    assert keys.find(key(1).key_hash) == revoked
    untouched = keys.find(key(2).key_hash)
    assert untouched is not None and untouched.revoked_at is None
    assert keys.revoke("unknown") is None


def test_revoking_twice_keeps_the_first_time(table: Any) -> None:  # noqa: F811
    DynamoKeyStore(table).add(key(1))
    first = DynamoKeyStore(table, clock=Clock()).revoke("k1")

    again = DynamoKeyStore(table).revoke("k1")

    assert again == first


def test_adding_a_key_twice_is_a_conflict(keys: DynamoKeyStore) -> None:
    keys.add(key(1))

    with pytest.raises(Conflict):
        keys.add(key(1))
    with pytest.raises(Conflict):
        keys.add(key(1).model_copy(update={"key_hash": "f" * 64}))  # same id, other secret
    assert [k.key_id for k in keys.list()] == ["k1"]


def test_keys_share_the_table_without_showing_up_as_memories(keys: DynamoKeyStore, table: Any) -> None:  # noqa: F811
    keys.add(key(1))

    assert DynamoMemoryStore(table).scan(None, 10).items == []
