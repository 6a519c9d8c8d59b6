import pytest

from engram.domain.errors import Unauthorized
from engram.domain.models import ApiKey
from engram.usecases.keys import KeyCache, authenticate, create_key, hash_key


class MemoryKeys:
    """In-memory KeyStore fake."""

    def __init__(self) -> None:
        self.rows: dict[str, ApiKey] = {}

    def add(self, key: ApiKey) -> None:
        self.rows[key.key_hash] = key

    def find(self, key_hash: str):
        return self.rows.get(key_hash)

    def list(self, tenant=None):
        return [k for k in self.rows.values() if tenant in (None, k.tenant)]

    def revoke(self, key_id: str):
        for h, k in self.rows.items():
            if k.key_id == key_id:
                self.rows[h] = k.model_copy(update={"revoked_at": k.created_at})
                return self.rows[h]
        return None


def test_only_the_hash_is_stored_and_the_key_resolves_to_its_tenant():
    keys = MemoryKeys()
    secret, record = create_key(keys, "acme")
    assert secret.startswith("engram_") and secret not in repr(keys.rows)
    assert record.key_hash == hash_key(secret)
    assert authenticate(keys, f"Bearer {secret}") == "acme"
    assert authenticate(keys, f"bearer   {secret} ") == "acme"


@pytest.mark.parametrize("header", [None, "", "Basic abc", "Bearer", "Bearer engram_unknown", "engram_x"])
def test_bad_headers_are_unauthorized(header):
    with pytest.raises(Unauthorized):
        authenticate(MemoryKeys(), header)


def test_revoked_key_is_unauthorized():
    keys = MemoryKeys()
    secret, record = create_key(keys, "acme")
    keys.revoke(record.key_id)
    with pytest.raises(Unauthorized):
        authenticate(keys, f"Bearer {secret}")


def test_tenant_names_are_validated():
    with pytest.raises(ValueError):
        create_key(MemoryKeys(), "bad tenant name")


class CountingKeys(MemoryKeys):
    """A KeyStore that counts its revocations and its reads, as the SQLite one counts revocations."""

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0
        self.revoked = 0

    def find(self, key_hash: str):
        self.reads += 1
        return super().find(key_hash)

    def revoke(self, key_id: str):
        self.revoked += 1
        return super().revoke(key_id)

    def revocations(self) -> int:
        return self.revoked


def test_the_key_cache_reads_a_known_key_once_while_nothing_is_revoked():
    keys = CountingKeys()
    secret, _ = create_key(keys, "acme")
    _, other = create_key(keys, "other")
    cache = KeyCache(keys)
    assert [cache.authenticate(f"Bearer {secret}").tenant for _ in range(3)] == ["acme"] * 3
    assert keys.reads == 1
    keys.revoke(other.key_id)  # any revocation: every key is read again, once
    assert cache.authenticate(f"Bearer {secret}").tenant == "acme"
    assert cache.authenticate(f"Bearer {secret}").tenant == "acme"
    assert keys.reads == 2


def test_a_revoked_key_is_refused_by_the_cache_at_once():
    keys = CountingKeys()
    secret, record = create_key(keys, "acme")
    cache = KeyCache(keys)
    assert cache.authenticate(f"Bearer {secret}").tenant == "acme"
    keys.revoke(record.key_id)
    with pytest.raises(Unauthorized):
        cache.authenticate(f"Bearer {secret}")


def test_a_key_read_before_a_revocation_counted_after_it_is_not_trusted():
    # Given a request that read the count, then the key, and a revocation between the two
    keys = CountingKeys()
    secret, record = create_key(keys, "acme")
    cache = KeyCache(keys)
    find = keys.find

    def find_then_revoke(key_hash: str):
        found = find(key_hash)
        MemoryKeys.revoke(keys, record.key_id)  # the row changes after this request read it
        keys.revoked += 1
        return found

    keys.find = find_then_revoke  # type: ignore[method-assign]
    assert cache.authenticate(f"Bearer {secret}").tenant == "acme"  # it read the key before the revocation
    keys.find = find  # type: ignore[method-assign]
    # Then the next request reads the key again, and is refused
    with pytest.raises(Unauthorized):
        cache.authenticate(f"Bearer {secret}")


@pytest.mark.parametrize("header", [None, "Basic abc", "Bearer engram_unknown"])
def test_the_key_cache_refuses_bad_headers_and_keeps_no_unknown_key(header):
    keys = CountingKeys()
    cache = KeyCache(keys)
    for _ in range(2):
        with pytest.raises(Unauthorized):
            cache.authenticate(header)
    assert keys.reads == (2 if header == "Bearer engram_unknown" else 0)


def test_a_store_that_does_not_count_revocations_is_read_every_time():
    keys = MemoryKeys()
    secret, record = create_key(keys, "acme")
    cache = KeyCache(keys)
    assert cache.authenticate(f"Bearer {secret}").tenant == "acme"
    keys.revoke(record.key_id)
    with pytest.raises(Unauthorized):
        cache.authenticate(f"Bearer {secret}")


def test_the_dev_key_make_run_keeps_is_unlimited(tmp_path) -> None:
    """The operator's own key on their machine: benchmarks drive thousands of requests a second with it."""
    from engram.cli.dev_key import ensure_key

    keys = MemoryKeys()
    secret, new = ensure_key(keys, tmp_path / "api-key", "local")

    record = keys.find(hash_key(secret))
    assert new and record is not None and record.unlimited and record.rate is None
