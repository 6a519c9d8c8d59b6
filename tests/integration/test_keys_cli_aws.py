"""`engram keys` against a deployment (README, Deploy): the operator has the table's name and nothing
else, and mints the first key, with caps, then lists and revokes it. DynamoDB under moto."""

from __future__ import annotations

import pytest

from engram.adapters.dynamo.keys import DynamoKeyStore
from engram.cli import main
from engram.domain.errors import Unauthorized
from engram.usecases.keys import authenticate_key
from tests.integration.aws_fixtures import REGION, TABLE_NAME
from tests.integration.builders import moto_aws


def test_keys_create_list_and_revoke_need_only_the_table(monkeypatch, capsys) -> None:
    for name in ("ENGRAM_QUEUE_URL", "ENGRAM_OPENSEARCH_ENDPOINT", "ENGRAM_DLQ_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("ENGRAM_BACKEND", "aws")
    monkeypatch.setenv("ENGRAM_TABLE_NAME", TABLE_NAME)
    monkeypatch.setenv("ENGRAM_REGION", REGION)
    with moto_aws() as aws:
        assert main(["keys", "create", "--tenant", "acme", "--name", "first", "--max-memories", "500"]) == 0
        out = capsys.readouterr().out.strip().splitlines()
        secret = out[-1]
        assert "tenant acme is limited to 500 memories" in out
        key = authenticate_key(DynamoKeyStore(aws.table), f"Bearer {secret}")
        assert key.tenant == "acme" and key.name == "first"

        assert main(["keys", "list", "--tenant", "acme"]) == 0
        assert key.key_id in capsys.readouterr().out

        assert main(["keys", "revoke", key.key_id]) == 0
        assert f"revoked {key.key_id}" in capsys.readouterr().out
        with pytest.raises(Unauthorized, match="revoked"):
            authenticate_key(DynamoKeyStore(aws.table), f"Bearer {secret}")


def test_a_key_restricted_to_users_and_an_unlimited_key_are_minted_and_listed(monkeypatch, capsys) -> None:
    monkeypatch.setenv("ENGRAM_BACKEND", "aws")
    monkeypatch.setenv("ENGRAM_TABLE_NAME", TABLE_NAME)
    monkeypatch.setenv("ENGRAM_REGION", REGION)
    monkeypatch.delenv("ENGRAM_DEFAULT_KEY_RATE", raising=False)
    with moto_aws() as aws:
        assert main(["keys", "create", "--tenant", "acme", "--users", "maya,bob", "--rate", "unlimited"]) == 0
        secret = capsys.readouterr().out.strip().splitlines()[-1]
        key = authenticate_key(DynamoKeyStore(aws.table), f"Bearer {secret}")
        assert key.users == ("bob", "maya") and key.unlimited and key.rate is None
        assert main(["keys", "create", "--tenant", "acme", "--name", "plain"]) == 0
        assert "20/s burst 40 (default), all users" in capsys.readouterr().out

        assert main(["keys", "list", "--tenant", "acme"]) == 0
        listed = capsys.readouterr().out
        assert "unlimited, users bob,maya" in listed
        assert "20/s burst 40 (default), all users" in listed

        assert main(["keys", "create", "--tenant", "acme", "--users", ","]) == 2
        assert "--users" in capsys.readouterr().err
        with pytest.raises(SystemExit):
            main(["keys", "create", "--tenant", "acme", "--rate", "fast"])
