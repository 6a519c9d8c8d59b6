"""The local API key `make run` (`engram serve --dev-key`) keeps across restarts.

Minted once, stored in the data dir (`api-key`, readable by its owner only: mode 0600) and reused on
every start while it is valid, so an agent configured with it survives a restart. `engram keys
rotate` revokes it and stores a new one.
"""

from __future__ import annotations

import os
from pathlib import Path

from engram.ports import KeyStore
from engram.usecases.keys import create_key, hash_key

KEY_FILE = "api-key"
KEY_NAME = "dev"


def key_path(data_dir: Path) -> Path:
    return data_dir / KEY_FILE


def stored_key(keys: KeyStore, path: Path, tenant: str) -> str | None:
    """The key stored at `path`, if it is still an active key of `tenant`."""
    try:
        secret = path.read_text(encoding="utf-8").strip()
    except (FileNotFoundError, UnicodeDecodeError):
        return None
    record = keys.find(hash_key(secret)) if secret else None
    if record is None or record.revoked_at is not None or record.tenant != tenant:
        return None
    return secret


def ensure_key(keys: KeyStore, path: Path, tenant: str) -> tuple[str, bool]:
    """The stored key, or a new one stored in its place; and whether it is new."""
    secret = stored_key(keys, path, tenant)
    if secret is not None:
        _owner_only(path)
        return secret, False
    return rotate_key(keys, path, tenant), True


def rotate_key(keys: KeyStore, path: Path, tenant: str) -> str:
    """Revoke the tenant's dev keys and store a new one at `path` (mode 0600)."""
    for key in keys.list(tenant):
        if key.name == KEY_NAME and key.revoked_at is None:
            keys.revoke(key.key_id)
    secret, _ = create_key(keys, tenant, name=KEY_NAME, unlimited=True)  # the operator's own key
    write_secret(path, secret)
    return secret


def write_secret(path: Path, secret: str) -> None:
    """Write atomically, created readable and writable by its owner only."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(secret + "\n")
    _owner_only(tmp)
    os.replace(tmp, path)


def _owner_only(path: Path) -> None:
    os.chmod(path, 0o600)
