"""The API key never follows a redirect to another host (issue 26): `engram export/import --url` (urllib)
and the SDK (httpx), each against two loopback servers on different ports, the first redirecting
every request to the second, which records the headers it is sent."""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from engram.cli.transfer import Remote
from engram.client import Engram
from engram.client.errors import EngramError

KEY = "eng_live_redirect_probe_key"


@contextmanager
def server(redirect_to: str | None = None) -> Iterator[tuple[str, list[dict[str, str]]]]:
    """A loopback server: redirects (307) to `redirect_to` + the path, or answers an empty export page;
    yields its URL and the headers of each request it got."""
    seen: list[dict[str, str]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            seen.append(dict(self.headers.items()))
            if redirect_to is not None:
                self.send_response(307)
                self.send_header("Location", redirect_to + self.path)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            body = json.dumps({"kind": "end", "counts": {}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", seen
    finally:
        httpd.shutdown()
        httpd.server_close()


@contextmanager
def redirecting() -> Iterator[tuple[str, list[dict[str, str]], list[dict[str, str]]]]:
    """(the first server's URL, what it got, what the one it redirects to got)."""
    with server() as (other, at_other), server(redirect_to=other) as (first, at_first):
        yield first, at_first, at_other


def _auth(headers: dict[str, str]) -> str | None:
    return next((v for k, v in headers.items() if k.lower() == "authorization"), None)


def test_the_cli_does_not_send_the_key_to_the_host_it_is_redirected_to() -> None:
    with redirecting() as (url, at_first, at_other):
        answer = Remote(url, KEY, timeout=5).request("GET", "/v1/export", query={"user_id": "maya"})
    assert json.loads(answer)["kind"] == "end"  # the redirect was followed
    assert _auth(at_first[0]) == f"Bearer {KEY}"
    assert len(at_other) == 1 and _auth(at_other[0]) is None, at_other


@pytest.mark.parametrize("follow", [False, True])
def test_the_sdk_does_not_send_the_key_to_the_host_it_is_redirected_to(follow: bool) -> None:
    with redirecting() as (url, at_first, at_other):
        http = httpx.Client(timeout=5, follow_redirects=follow)
        # not following, the SDK answers the 307 as an error; following, the page is no Health
        with (
            Engram(url, KEY, http_client=http, max_retries=0) as client,
            contextlib.suppress(EngramError, ValueError),
        ):
            client.health()
        http.close()
    assert _auth(at_first[0]) == f"Bearer {KEY}"
    assert all(_auth(h) is None for h in at_other), at_other
    assert len(at_other) == (1 if follow else 0)
