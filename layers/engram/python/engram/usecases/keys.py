"""API keys: minted once, stored only as SHA-256, resolved to a tenant on every request, and held to
a request rate (the key's own, else the default) unless minted unlimited. The rules themselves are
engram.domain.key_rules, which the authorizer function applies too."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from engram.domain import key_rules
from engram.domain.errors import RateLimited
from engram.domain.key_rules import KEY_PREFIX as KEY_PREFIX  # re-exported, as hash_key
from engram.domain.key_rules import DefaultRate, bearer_hash, default_burst, valid
from engram.domain.key_rules import hash_key as hash_key
from engram.domain.models import ApiKey, Status
from engram.domain.quotas import KeyRate, TenantLimits, TokenMeter, TranscriptQuota, Usage
from engram.ids import new_id
from engram.observability import logger

if TYPE_CHECKING:
    from engram.ports import KeyStore, MemoryStore, ModelTokens

TENANT_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$"


def create_key(
    keys: KeyStore,
    tenant: str,
    name: str = "",
    *,
    rate: float | None = None,
    burst: int | None = None,
    unlimited: bool = False,
    users: Iterable[str] | None = None,
) -> tuple[str, ApiKey]:
    """Mint a key for `tenant`, limited to `rate` requests a second (bursts of `burst`) if given, to
    no rate at all if `unlimited`, else to the default rate when used; and, with `users`, to those
    user_ids only. The secret is returned once and never stored."""
    if not re.match(TENANT_PATTERN, tenant):
        raise ValueError("tenant must be 1-64 characters of letters, digits, '_', '.', ':' or '-'")
    if unlimited and (rate is not None or burst is not None):
        raise ValueError("an unlimited key has no --rate or --burst")
    if rate is not None and not rate > 0:
        raise ValueError("--rate must be a positive number of requests a second, or 'unlimited'")
    if burst is not None and (rate is None or burst < 1):
        raise ValueError("--burst needs --rate and must be at least 1")
    if rate is not None:
        burst = burst or default_burst(rate)
    secret = KEY_PREFIX + secrets.token_urlsafe(32)
    record = ApiKey(
        key_id=new_id(),
        tenant=tenant,
        key_hash=hash_key(secret),
        name=name,
        rate=rate,
        burst=burst,
        unlimited=unlimited,
        users=key_rules.users_of(users) if users is not None else None,
    )
    keys.add(record)
    return secret, record


def authenticate(keys: KeyStore, authorization: str | None) -> str:
    """The tenant for an `Authorization: Bearer <key>` header, or Unauthorized."""
    return authenticate_key(keys, authorization).tenant


def authenticate_key(keys: KeyStore, authorization: str | None) -> ApiKey:
    """The key of an `Authorization: Bearer <key>` header, or Unauthorized."""
    return key_rules.authenticate(keys, authorization)


@runtime_checkable
class CountsRevocations(Protocol):
    """A key store that counts revocations, in a place every process reads (the local SQLite one)."""

    def revocations(self) -> int:
        """How many times a key has been revoked (or otherwise changed) so far."""
        ...


class KeyCache:
    """Keys this process authenticated, by hash, so a known key costs one read of the revocation count.

    Revocation stays immediate: an entry is good only while the store's revocation count is the one read
    before its key was. Unknown and revoked keys are never kept; a store that does not count revocations
    (DynamoDB) is read on every request.
    """

    MAX_KEYS = 1024  # then the cache starts over

    def __init__(self, keys: KeyStore) -> None:
        self.keys = keys
        self._counter = keys if isinstance(keys, CountsRevocations) else None
        self._known: dict[str, tuple[int, ApiKey]] = {}

    def authenticate(self, authorization: str | None) -> ApiKey:
        """As `authenticate_key`."""
        if self._counter is None:
            return authenticate_key(self.keys, authorization)
        key_hash = bearer_hash(authorization)
        count = self._counter.revocations()  # before the key is read: a revocation after it moves it
        known = self._known.get(key_hash)
        if known is not None and known[0] == count:
            return known[1]
        record = valid(self.keys.find(key_hash))
        if len(self._known) >= self.MAX_KEYS:
            self._known = {}
        self._known[key_hash] = (count, record)
        return record


def authorizer_context(record: ApiKey, default: DefaultRate | None = None) -> dict[str, Any]:
    """What the authorizer hands the API with a request (engram.domain.key_rules.context_of); `default`:
    the rate of keys without one, read from ENGRAM_DEFAULT_KEY_RATE / _BURST when not given."""
    return key_rules.context_of(record, default or DefaultRate.from_env())


def admit(keys: KeyStore, context: Mapping[str, Any], now: datetime) -> None:
    """Take a token for the request's key when it has a rate (the authorizer's `context`; API
    Gateway passes its values as strings); RateLimited with `retry_after_s` when the bucket is empty."""
    if context.get("rate") in (None, "") or not context.get("key_id"):
        return
    rate, burst = float(context["rate"]), int(context.get("burst") or default_burst(float(context["rate"])))
    wait = keys.take_token(str(context["key_id"]), rate, burst, now)
    if wait > 0:
        raise RateLimited(
            f"this API key is limited to {rate:g} requests a second (bursts of {burst}); retry later",
            retry_after_s=wait,
        )


def set_memory_cap(keys: KeyStore, store: MemoryStore, tenant: str, max_memories: int | None) -> TenantLimits:
    """Limit `tenant` to `max_memories` memories not deleted (None lifts the limit). A store that keeps
    a counter (DynamoDB) starts it at the tenant's current count; writes racing this count are missed."""
    if max_memories is not None and max_memories < 1:
        raise ValueError("--max-memories must be at least 1")
    limits = TenantLimits(tenant=tenant, max_memories=max_memories)
    keys.set_limits(limits, memories=count_memories(store, tenant) if max_memories is not None else 0)
    return limits


class TranscriptCaps(Protocol):
    """What a transcript store (SQLite, DynamoDB) offers for a tenant's transcript cap."""

    def set_transcript_cap(self, tenant: str, max_bytes: int | None) -> TranscriptQuota | None: ...

    def transcript_quota(self, tenant: str) -> TranscriptQuota | None: ...


def count_model_tokens(store: ModelTokens | None, tenant: str, meter: TokenMeter) -> None:
    """Add what a job's model calls spent to the tenant's counter (None: nothing counts them). A failure
    to count is logged, never the job's failure."""
    if store is None or not (meter.input_tokens or meter.output_tokens):
        return
    try:
        store.add_model_tokens(tenant, meter.input_tokens, meter.output_tokens)
    except Exception:
        logger.exception("could not count %s model tokens for tenant %s", meter, tenant)


def set_transcript_cap(
    transcripts: TranscriptCaps, tenant: str, max_bytes: int | None
) -> TranscriptQuota | None:
    """Limit `tenant`'s session transcripts to `max_bytes` bytes (UTF-8) of message content (None lifts
    the limit); the store counts what they hold now and then counts each append and delete."""
    if max_bytes is not None and max_bytes < 1:
        raise ValueError("--max-transcript-bytes must be at least 1")
    return transcripts.set_transcript_cap(tenant, max_bytes)


def count_memories(store: MemoryStore, tenant: str) -> int:
    """The tenant's memories not deleted, page by page."""
    held, cursor = 0, None
    while True:
        page = store.scan(cursor, 500, tenant=tenant)
        held += sum(m.status is not Status.deleted for m in page.items)
        if not page.cursor:
            return held
        cursor = page.cursor


def tenant_usage(
    keys: KeyStore,
    tenant: str,
    status: Mapping[str, int],
    transcripts: TranscriptCaps | None = None,
    store: ModelTokens | None = None,
    default: DefaultRate | None = None,
) -> Usage:
    """The tenant's memories (from its per-status counts) against its cap, its transcripts' bytes
    against theirs, the model tokens spent for it, and the rate each of its keys is held to."""
    quota = transcripts.transcript_quota(tenant) if transcripts is not None else None
    tokens = store.model_tokens(tenant) if store is not None else (0, 0)
    return Usage(
        model_input_tokens=tokens[0],
        model_output_tokens=tokens[1],
        transcript_bytes=quota.used if quota else None,
        max_transcript_bytes=quota.max_bytes if quota else None,
        memories=sum(n for name, n in status.items() if name != Status.deleted.value),
        max_memories=keys.limits(tenant).max_memories,
        keys=[
            _key_rate(k, default or DefaultRate.from_env()) for k in keys.list(tenant) if k.revoked_at is None
        ],
    )


def _key_rate(key: ApiKey, default: DefaultRate) -> KeyRate:
    limit = key_rules.limit_of(key, default)
    return KeyRate(
        key_id=key.key_id,
        name=key.name,
        rate=limit[0] if limit else None,
        burst=limit[1] if limit else None,
        users=list(key.users) if key.users is not None else None,
    )
