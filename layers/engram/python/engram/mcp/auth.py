"""Who calls `engram mcp` over HTTP: every request carries `Authorization: Bearer <engram API key>`,
checked before any tool runs (the SDK's bearer middleware answers 401 otherwise), and the tools act
as that key's tenant. With a data dir the key is checked against its keys; without one it is the key
the tools send to the engram API, checked there."""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable

import anyio
from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.server.auth.provider import AccessToken

from engram.client.errors import APIError, EngramConnectionError
from engram.client.sync import Engram
from engram.domain.errors import Unauthorized
from engram.mcp.backends import ApiBackend, Backend, LocalBackend
from engram.runtime.container import Container
from engram.usecases.keys import KeyCache

API_KEY_TTL_S = 30.0  # a key the API accepted is asked again after this long: revocation within 30 s


class LocalKeys:
    """Tokens are API keys of the data dir (`engram keys create --data-dir …`); a revoked key is
    refused at once (engram.usecases.keys.KeyCache)."""

    def __init__(self, container: Container) -> None:
        self.container = container
        self._keys = KeyCache(container.keys)
        self._lock = threading.Lock()

    async def verify_token(self, token: str) -> AccessToken | None:
        return await anyio.to_thread.run_sync(self._verify, token)

    def _verify(self, token: str) -> AccessToken | None:
        try:
            with self._lock:
                record = self._keys.authenticate(f"Bearer {token}")
        except Unauthorized:
            return None
        claims = {"tenant": record.tenant, "users": record.users}
        return AccessToken(token=token, client_id=record.key_id, scopes=[], claims=claims)

    def backend(self, token: AccessToken) -> Backend:
        claims = token.claims or {}
        return LocalBackend(self.container, str(claims["tenant"]), claims.get("users"))

    def close(self) -> None:
        return None


class ApiKeys:
    """Tokens are keys of the engram API at `url`: one that the API accepts (a cheap authenticated read)
    is kept for API_KEY_TTL_S, with one SDK client per key; every tool call is made with the caller's own
    key, so the API's tenant checks, quotas and rate limits apply as for any client."""

    MAX_KEYS = 256

    def __init__(self, url: str | None, probe_user: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.url = url
        self.probe_user = probe_user
        self.clock = clock
        self._lock = threading.Lock()
        self._clients: dict[str, tuple[float, ApiBackend]] = {}

    async def verify_token(self, token: str) -> AccessToken | None:
        return await anyio.to_thread.run_sync(self._verify, token)

    def _verify(self, token: str) -> AccessToken | None:
        digest = hashlib.sha256(token.encode()).hexdigest()
        with self._lock:
            known = self._clients.get(digest)
        if known is not None and self.clock() - known[0] < API_KEY_TTL_S:
            return AccessToken(token=token, client_id=digest[:16], scopes=[])
        client = Engram(self.url, api_key=token, max_retries=0)
        try:
            client.list(self.probe_user, limit=1)
        except (APIError, EngramConnectionError):
            client.close()
            self._forget(digest)
            return None
        with self._lock:
            if len(self._clients) >= self.MAX_KEYS:
                self._close_all()
            self._clients[digest] = (self.clock(), ApiBackend(client))
        return AccessToken(token=token, client_id=digest[:16], scopes=[])

    def backend(self, token: AccessToken) -> Backend:
        digest = hashlib.sha256(token.token.encode()).hexdigest()
        with self._lock:
            known = self._clients.get(digest)
        if known is None:  # verified a moment ago, then dropped to make room: check it again
            if self._verify(token.token) is None:
                raise Unauthorized("invalid or revoked API key")
            return self.backend(token)
        return known[1]

    def _forget(self, digest: str) -> None:
        with self._lock:
            dropped = self._clients.pop(digest, None)
        if dropped is not None:
            dropped[1].close()

    def _close_all(self) -> None:
        for _, backend in self._clients.values():
            backend.close()
        self._clients = {}

    def close(self) -> None:
        with self._lock:
            self._close_all()


def caller(keys: LocalKeys | ApiKeys) -> Callable[[], Backend]:
    """The backend of the tool call being answered: its bearer token's (none reaches a tool without one)."""

    def current() -> Backend:
        token = get_access_token()
        if token is None:
            raise Unauthorized("missing or invalid bearer token")
        return keys.backend(token)

    return current
