"""Webhook delivery over HTTP(S): one signed POST to the endpoint's checked address.

The URL passes the document fetch's address rules (engram.providers.fetch) at every try, and the
connection goes to the address checked; redirects are not followed (a 3xx is a failed try).
"""

from __future__ import annotations

import http.client
import time
from collections.abc import Callable, Mapping

from engram.domain.events import (
    EVENT_ID_HEADER,
    EVENT_TYPE_HEADER,
    SIGNATURE_HEADER,
    Sent,
    signature_header,
)
from engram.providers.fetch import Fetcher, FetchRefused

USER_AGENT = "engram-webhooks/1"


class HttpWebhookSender:
    def __init__(self, fetcher: Fetcher, clock: Callable[[], float] = time.time) -> None:
        self.fetcher, self.clock = fetcher, clock

    def check(self, url: str) -> None:
        """FetchRefused (a 422) when the URL may not be delivered to."""
        conn, _, _ = self.fetcher.connection(url)
        conn.close()

    def send(self, url: str, secret: str, event_id: str, event_type: str, body: bytes) -> Sent:
        try:
            conn, target, host = self.fetcher.connection(url)
        except FetchRefused as exc:
            return Sent(None, f"refused: {exc.message}")
        headers: Mapping[str, str] = {
            "Host": host,
            "Content-Type": "application/json",
            "User-Agent": USER_AGENT,
            SIGNATURE_HEADER: signature_header(secret, int(self.clock()), body),
            EVENT_ID_HEADER: event_id,
            EVENT_TYPE_HEADER: event_type,
        }
        try:
            conn.request("POST", target, body=body, headers=dict(headers))
            response = conn.getresponse()
            response.read(65536)  # a little of the answer, so the connection closes cleanly
        except (OSError, http.client.HTTPException, ValueError) as exc:  # ValueError: a bad certificate, URL
            return Sent(None, f"no answer: {exc or type(exc).__name__}")
        finally:
            conn.close()
        if 200 <= response.status < 300:
            return Sent(response.status)
        return Sent(response.status, f"HTTP {response.status}")
