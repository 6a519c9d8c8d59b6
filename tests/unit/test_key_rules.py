"""The key rules (engram.domain.key_rules): the bearer header, the default rate, the context a
request carries from its key, and the users a key is restricted to."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from engram.domain.errors import MemoryNotFound, Unauthorized
from engram.domain.key_rules import (
    DefaultRate,
    allowed_users,
    authenticate,
    bearer_hash,
    check_user,
    context_of,
    hash_key,
    users_of,
)


@dataclass(frozen=True)
class Key:
    key_id: str = "k1"
    tenant: str = "acme"
    revoked_at: object = None
    rate: float | None = None
    burst: int | None = None
    unlimited: bool = False
    users: tuple[str, ...] | None = None


class Finder:
    def __init__(self, secret: str, key: Key) -> None:
        self.rows = {hash_key(secret): key}

    def find(self, key_hash: str) -> Key | None:
        return self.rows.get(key_hash)


@pytest.mark.parametrize("header", ["Bearer s3cret", "bearer s3cret", "  BEARER   s3cret  "])
def test_the_bearer_header_is_read_in_any_case_and_spacing(header: str) -> None:
    assert bearer_hash(header) == hash_key("s3cret")


@pytest.mark.parametrize("header", [None, "", "s3cret", "Basic s3cret", "Bearer", "Bearer a b"])
def test_a_header_without_one_bearer_key_is_unauthorized(header: str | None) -> None:
    with pytest.raises(Unauthorized, match="Bearer <api key>"):
        bearer_hash(header)


def test_an_unknown_or_revoked_key_gets_the_same_answer() -> None:
    assert authenticate(Finder("s3cret", Key()), "Bearer s3cret") == Key()
    for finder, header in (
        (Finder("s3cret", Key()), "Bearer other"),
        (Finder("s", Key(revoked_at="x")), "Bearer s"),
    ):
        with pytest.raises(Unauthorized, match="invalid or revoked API key"):
            authenticate(finder, header)


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, DefaultRate(20.0, None)),
        ({"ENGRAM_DEFAULT_KEY_RATE": "5"}, DefaultRate(5.0, None)),
        ({"ENGRAM_DEFAULT_KEY_RATE": " Unlimited "}, DefaultRate(None, None)),
        ({"ENGRAM_DEFAULT_KEY_RATE": "0.5", "ENGRAM_DEFAULT_KEY_BURST": "3"}, DefaultRate(0.5, 3)),
        ({"ENGRAM_DEFAULT_KEY_BURST": "7"}, DefaultRate(20.0, 7)),
    ],
)
def test_the_default_rate_is_read_from_the_environment(env: dict[str, str], expected: DefaultRate) -> None:
    assert DefaultRate.from_env(env) == expected


@pytest.mark.parametrize(
    "env",
    [
        {"ENGRAM_DEFAULT_KEY_RATE": "0"},
        {"ENGRAM_DEFAULT_KEY_RATE": "-1"},
        {"ENGRAM_DEFAULT_KEY_RATE": "fast"},
        {"ENGRAM_DEFAULT_KEY_RATE": "inf"},
        {"ENGRAM_DEFAULT_KEY_BURST": "0"},
        {"ENGRAM_DEFAULT_KEY_BURST": "many"},
    ],
)
def test_a_default_rate_that_limits_nothing_is_refused(env: dict[str, str]) -> None:
    with pytest.raises(ValueError, match="ENGRAM_DEFAULT_KEY_"):
        DefaultRate.from_env(env)


def test_a_key_is_held_to_its_own_rate_else_the_default_unless_unlimited() -> None:
    default = DefaultRate(rate=10.0)
    assert context_of(Key(), default) == {"tenant": "acme", "key_id": "k1", "rate": 10.0, "burst": 20}
    assert context_of(Key(rate=2.5), default) == {
        "tenant": "acme",
        "key_id": "k1",
        "rate": 2.5,
        "burst": 3,
    }
    assert context_of(Key(rate=1.0, burst=9), default)["burst"] == 9
    assert context_of(Key(unlimited=True), default) == {"tenant": "acme", "key_id": "k1"}
    assert "rate" not in context_of(Key(), DefaultRate(rate=None))


def test_the_users_of_a_restricted_key_travel_as_a_json_string() -> None:
    """API Gateway passes only strings, numbers and booleans in an authorizer's context."""
    context = context_of(Key(users=("maya", "bob")), DefaultRate())
    assert context["users"] == '["bob", "maya"]'
    as_api_gateway_passes_it = {k: str(v) for k, v in context.items()}
    assert allowed_users(as_api_gateway_passes_it) == frozenset({"bob", "maya"})
    assert "users" not in context_of(Key(), DefaultRate())


def test_an_unrestricted_key_may_touch_every_user_of_its_tenant() -> None:
    assert allowed_users({"tenant": "acme"}) is None
    check_user({"tenant": "acme"}, "anyone")


def test_a_restricted_key_finds_nothing_of_other_users() -> None:
    context = {"tenant": "acme", "users": json.dumps(["maya"])}
    check_user(context, "maya")
    for other in ("bob", "Maya", "", "maya "):
        with pytest.raises(MemoryNotFound):
            check_user(context, other)


@pytest.mark.parametrize("users", ["not json", '{"maya": 1}', "[1, 2]", '"maya"'])
def test_users_that_cannot_be_read_allow_no_one_rather_than_everyone(users: str) -> None:
    assert allowed_users({"users": users}) == frozenset()
    with pytest.raises(MemoryNotFound):
        check_user({"users": users}, "maya")


def test_the_users_of_a_key_are_checked_when_it_is_minted() -> None:
    assert users_of(["maya", " bob", "maya"]) == ("bob", "maya")
    for bad in ([], [""], ["maya", " "], [f"u{i}" for i in range(101)]):
        with pytest.raises(ValueError, match="--users"):
            users_of(bad)
