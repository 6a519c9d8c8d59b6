import pytest

from engram.domain.errors import Unauthorized
from engram.domain.models import ApiKey
from engram.usecases.keys import authenticate, create_key, hash_key


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
