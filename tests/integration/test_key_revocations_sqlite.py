"""The SQLite key store counts revocations where every process reads them: what lets `engram serve`'s
processes keep the keys they authenticated (KeyCache) and still refuse a key revoked by another."""

from __future__ import annotations

import pytest

from engram.adapters.sqlite.db import SqliteDatabase
from engram.adapters.sqlite.keys import SqliteKeyStore
from engram.domain.errors import Unauthorized
from engram.usecases.keys import KeyCache, create_key


def test_a_revocation_by_another_connection_moves_the_count_and_the_cache_refuses_the_key(tmp_path):
    path = tmp_path / "engram.sqlite3"
    server, cli = SqliteKeyStore(SqliteDatabase(path)), SqliteKeyStore(SqliteDatabase(path))
    secret, record = create_key(cli, "acme")
    _, other = create_key(cli, "other")
    cache = KeyCache(server)
    assert server.revocations() == 0
    assert cache.authenticate(f"Bearer {secret}").tenant == "acme"

    cli.revoke(other.key_id)
    assert server.revocations() == 1
    assert cache.authenticate(f"Bearer {secret}").tenant == "acme"  # read again: still good

    cli.revoke(record.key_id)
    assert server.revocations() == 2
    with pytest.raises(Unauthorized):
        cache.authenticate(f"Bearer {secret}")


def test_a_database_made_before_the_count_existed_gets_it(tmp_path):
    db = SqliteDatabase(tmp_path / "engram.sqlite3")  # the schema alone, as an earlier version made it
    tables = {r[0] for r in db.connection().execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "key_revocations" not in tables
    keys = SqliteKeyStore(db)
    _, record = create_key(keys, "acme")
    keys.revoke(record.key_id)
    assert keys.revocations() == 1
