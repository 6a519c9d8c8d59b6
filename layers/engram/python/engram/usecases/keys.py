"""API keys: minted once, stored only as SHA-256, resolved to a tenant on every request."""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import TYPE_CHECKING

from ulid import ULID

from engram.domain.errors import Unauthorized
from engram.domain.models import ApiKey

if TYPE_CHECKING:
    from engram.ports import KeyStore

KEY_PREFIX = "engram_"
_BEARER = re.compile(r"^\s*Bearer\s+(\S+)\s*$", re.I)
TENANT_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$"


def hash_key(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def create_key(keys: KeyStore, tenant: str, name: str = "") -> tuple[str, ApiKey]:
    """Mint a key for `tenant`. The secret is returned once and never stored."""
    if not re.match(TENANT_PATTERN, tenant):
        raise ValueError("tenant must be 1-64 characters of letters, digits, '_', '.', ':' or '-'")
    secret = KEY_PREFIX + secrets.token_urlsafe(32)
    record = ApiKey(key_id=str(ULID()), tenant=tenant, key_hash=hash_key(secret), name=name)
    keys.add(record)
    return secret, record


def authenticate(keys: KeyStore, authorization: str | None) -> str:
    """The tenant for an `Authorization: Bearer <key>` header, or Unauthorized."""
    match = _BEARER.match(authorization or "")
    if not match:
        raise Unauthorized("missing or malformed Authorization header; expected 'Bearer <api key>'")
    record = keys.find(hash_key(match.group(1)))
    if record is None or record.revoked_at is not None:
        raise Unauthorized("invalid or revoked API key")
    return record.tenant
