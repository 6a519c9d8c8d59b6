"""The rules of an API key, in one place for the authorizer function and the use cases: the bearer
header, the stored hash, the revocation check, and what a request carries from its key (tenant, rate:
its own, else the default, unless minted unlimited; users: an unrestricted key is the whole tenant).
Standard library only, so the authorizer's cold start loads nothing else.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from engram.domain.errors import MemoryNotFound, Unauthorized

KEY_PREFIX = "engram_"
UNLIMITED = "unlimited"
DEFAULT_KEY_RATE = 20.0  # requests a second, per key
_BEARER = re.compile(r"^\s*Bearer\s+(\S+)\s*$", re.I)
_MAX_USERS = 100


class KeyRecord(Protocol):
    """What the rules read of a stored key: an `ApiKey` (any KeyStore) or the authorizer's `KeyGrant`."""

    @property
    def key_id(self) -> str: ...

    @property
    def tenant(self) -> str: ...

    @property
    def revoked_at(self) -> object: ...

    @property
    def rate(self) -> float | None: ...

    @property
    def burst(self) -> int | None: ...

    @property
    def unlimited(self) -> bool: ...

    @property
    def users(self) -> tuple[str, ...] | None: ...


R = TypeVar("R", bound=KeyRecord, covariant=True)


class KeyFinder(Protocol[R]):
    """A key by the SHA-256 of its secret: every KeyStore, and the authorizer's DynamoKeyLookup."""

    def find(self, key_hash: str) -> R | None: ...


def hash_key(secret: str) -> str:
    """What is stored of a key: the SHA-256 hex of its secret."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def bearer_hash(authorization: str | None) -> str:
    """The hash of the key in an `Authorization: Bearer <key>` header, or Unauthorized."""
    match = _BEARER.match(authorization or "")
    if not match:
        raise Unauthorized("missing or malformed Authorization header; expected 'Bearer <api key>'")
    return hash_key(match.group(1))


def valid(record: R | None) -> R:
    """The key found, if it is one and not revoked; else Unauthorized (the same answer for both)."""
    if record is None or record.revoked_at is not None:
        raise Unauthorized("invalid or revoked API key")
    return record


def authenticate(keys: KeyFinder[R], authorization: str | None) -> R:
    """The valid key of an `Authorization: Bearer <key>` header, or Unauthorized."""
    return valid(keys.find(bearer_hash(authorization)))


def default_burst(rate: float) -> int:
    """Without --burst: one second's worth of requests, at least one."""
    return max(1, math.ceil(rate))


@dataclass(frozen=True)
class DefaultRate:
    """The rate of a key that has none of its own (None: such keys are unlimited)."""

    rate: float | None = DEFAULT_KEY_RATE
    burst: int | None = None  # None: twice the rate's second, so a client's short bursts pass

    @property
    def bucket(self) -> tuple[float, int] | None:
        if self.rate is None:
            return None
        return self.rate, self.burst or 2 * default_burst(self.rate)

    @classmethod
    def parse(cls, rate: object, burst: object = None) -> DefaultRate:
        """From setting values: a rate > 0 or "unlimited", and an optional burst >= 1."""
        text = str(rate).strip().lower() if rate is not None else ""
        if text == UNLIMITED:
            return cls(rate=None, burst=None)
        try:
            value = float(text) if text else DEFAULT_KEY_RATE
        except ValueError:
            value = math.nan
        if not (value > 0 and math.isfinite(value)):
            raise ValueError(f"ENGRAM_DEFAULT_KEY_RATE must be > 0 or {UNLIMITED!r}, got {rate!r}")
        try:
            size = int(str(burst)) if burst not in (None, "") else None
        except ValueError:
            size = 0
        if size is not None and size < 1:
            raise ValueError(f"ENGRAM_DEFAULT_KEY_BURST must be at least 1, got {burst!r}")
        return cls(rate=value, burst=size)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> DefaultRate:
        return cls.parse(environ.get("ENGRAM_DEFAULT_KEY_RATE"), environ.get("ENGRAM_DEFAULT_KEY_BURST"))


def limit_of(record: KeyRecord, default: DefaultRate) -> tuple[float, int] | None:
    """The (rate, burst) a key is held to: its own, else the default; None when unlimited."""
    if record.unlimited:
        return None
    if record.rate is not None:
        return record.rate, record.burst or default_burst(record.rate)
    return default.bucket


def context_of(record: KeyRecord, default: DefaultRate) -> dict[str, Any]:
    """What the authorizer hands the API with a request (string, number and boolean values only, as API
    Gateway requires): the tenant and key id, the key's rate and burst unless it is unlimited (the API
    takes the token: an authorizer can neither answer 429 nor run uncached), and the users it is
    restricted to, as a JSON list, when it is."""
    context: dict[str, Any] = {"tenant": record.tenant, "key_id": record.key_id}
    limit = limit_of(record, default)
    if limit is not None:
        context.update(rate=limit[0], burst=limit[1])
    if record.users is not None:
        context["users"] = json.dumps(sorted(record.users))
    return context


def users_of(names: Iterable[str]) -> tuple[str, ...]:
    """The user_ids a key is restricted to, checked (non-empty, no blanks, at most 100), sorted."""
    users = tuple(sorted({n.strip() for n in names}))
    if not users or "" in users or len(users) > _MAX_USERS:
        raise ValueError(f"--users needs 1 to {_MAX_USERS} non-empty user ids, separated by commas")
    return users


def allowed_users(context: Mapping[str, Any]) -> frozenset[str] | None:
    """The user_ids the request's key may read and write; None: every user of its tenant. A context
    whose `users` cannot be read allows no one (it never widens to the whole tenant)."""
    raw = context.get("users")
    if raw is None:
        return None
    try:
        users = json.loads(raw) if isinstance(raw, str) else raw
    except ValueError:
        return frozenset()
    if not isinstance(users, list):
        return frozenset()
    return frozenset(u for u in users if isinstance(u, str))


def check_user(context: Mapping[str, Any], user_id: str) -> None:
    """MemoryNotFound (404, as for what does not exist) when the request's key may not touch `user_id`."""
    users = allowed_users(context)
    if users is not None and user_id not in users:
        raise MemoryNotFound("not found")
