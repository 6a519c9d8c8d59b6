"""The document fetch is SSRF-safe: refusals never open a connection (the connector fails the test if
called), and the loopback servers here are reached only through a connector that pins 127.0.0.1."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest

from engram.providers.fetch import Fetcher, FetchRefused, system_connector

PUBLIC_IP = "93.184.216.34"  # never connected to: the connectors below send it to loopback or fail


def never_connect(ip: str, port: int, timeout: float) -> socket.socket:
    pytest.fail(f"the fetch tried to connect to {ip}:{port}")


def resolver_of(table: dict[str, list[str]]):
    def resolve(host: str, port: int) -> list[str]:
        if host not in table:
            raise OSError(f"unknown host {host}")
        return table[host]

    return resolve


def refused(fetcher: Fetcher, url: str) -> FetchRefused:
    with pytest.raises(FetchRefused) as caught:
        fetcher.fetch(url)
    return caught.value


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("http://127.0.0.1:8080/", "loopback"),
        ("http://[::1]/", "loopback"),
        ("http://169.254.169.254/latest/meta-data/", "metadata"),
        ("http://[fd00:ec2::254]/latest/meta-data/", "metadata"),
        ("http://0.0.0.0/", "unspecified"),
        ("http://10.1.2.3/", "private"),
        ("http://192.168.0.1/", "private"),
        ("http://[::ffff:127.0.0.1]/", "loopback"),
        ("http://169.254.10.10/", "link-local"),
        ("http://[64:ff9b::7f00:1]/", "loopback"),  # NAT64 of 127.0.0.1
        ("http://[2002:a9fe:a9fe::]/", "metadata"),  # 6to4 of 169.254.169.254
        ("http://100.64.0.1/", "non-public"),
        ("http://2130706433/", "loopback"),  # 127.0.0.1 as one number, as getaddrinfo reads it
    ],
)
def test_default_settings_refuse_internal_addresses(url: str, why: str) -> None:
    resolver = resolver_of({"2130706433": ["127.0.0.1"]})
    error = refused(Fetcher(resolver=resolver, connector=never_connect), url)
    assert error.reason == "address"
    assert why in error.message


def test_a_public_looking_name_resolving_to_loopback_is_refused() -> None:
    fetcher = Fetcher(resolver=resolver_of({"docs.example.com": ["127.0.0.1"]}), connector=never_connect)
    error = refused(fetcher, "https://docs.example.com/guide")
    assert error.reason == "address" and "127.0.0.1" in error.message and "loopback" in error.message


def test_every_resolved_address_is_checked_not_only_the_first() -> None:
    fetcher = Fetcher(
        resolver=resolver_of({"mixed.example.com": [PUBLIC_IP, "169.254.169.254"]}), connector=never_connect
    )
    assert "metadata" in refused(fetcher, "http://mixed.example.com/").message


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://example.com/x", "gopher://x/", "//nohost"])
def test_only_http_and_https(url: str) -> None:
    error = refused(Fetcher(resolver=resolver_of({}), connector=never_connect), url)
    assert error.reason == "scheme"


def test_unresolvable_name_is_a_clear_refusal() -> None:
    error = refused(Fetcher(resolver=resolver_of({}), connector=never_connect), "http://nowhere.invalid/")
    assert error.reason == "unresolved"


class _Handler(BaseHTTPRequestHandler):
    routes: ClassVar[dict[str, tuple[int, dict[str, str], bytes | None]]] = {}
    seen_hosts: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        type(self).seen_hosts.append(self.headers.get("Host", ""))
        if self.path == "/huge":  # 50 MB, chunked (no Content-Length): the cap must stop the stream
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            block = b"x" * 65536
            try:
                for _ in range(50 * 16):
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(block), block))
                self.wfile.write(b"0\r\n\r\n")
            except OSError:
                pass  # the client stopped reading at its cap
            return
        status, headers, body = self.routes.get(self.path, (404, {}, b"no"))
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body or b"")))
        self.end_headers()
        self.wfile.write(body or b"")

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[tuple[int, type[_Handler]]]:
    handler = type("Handler", (_Handler,), {"routes": {}, "seen_hosts": []})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd.server_address[1], handler
    finally:
        httpd.shutdown()
        httpd.server_close()


def loopback_for(public_ip: str, port: int, calls: list[str]):
    """A connector that lets the test pretend `public_ip` is a public server: it connects to the
    loopback test server instead, and refuses any other address."""

    def connect(ip: str, _port: int, timeout: float) -> socket.socket:
        calls.append(ip)
        if ip != public_ip:
            pytest.fail(f"the fetch tried to connect to {ip}")
        return system_connector("127.0.0.1", port, timeout)

    return connect


def test_fetch_goes_to_the_checked_address_with_the_name_as_host(server) -> None:
    port, handler = server
    handler.routes["/doc"] = (200, {"Content-Type": "text/html; charset=utf-8"}, b"<p>hello</p>")
    calls: list[str] = []
    lookups: list[str] = []

    def resolve(host: str, p: int) -> list[str]:
        lookups.append(host)
        return [PUBLIC_IP]

    fetcher = Fetcher(resolver=resolve, connector=loopback_for(PUBLIC_IP, port, calls))
    got = fetcher.fetch("http://docs.example.com/doc")
    assert (got.content_type, got.charset, got.body) == ("text/html", "utf-8", b"<p>hello</p>")
    assert calls == [PUBLIC_IP] and lookups == ["docs.example.com"]  # one lookup, the checked address
    assert handler.seen_hosts == ["docs.example.com"]


@pytest.mark.parametrize(
    "location",
    [
        "http://127.0.0.1:9/",
        "http://[::1]/",
        "http://169.254.169.254/latest/meta-data/",
        "http://internal.example.com/",
        "file:///etc/passwd",
    ],
)
def test_a_redirect_to_an_internal_address_is_refused(server, location: str) -> None:
    port, handler = server
    handler.routes["/go"] = (302, {"Location": location}, None)
    calls: list[str] = []
    fetcher = Fetcher(
        resolver=resolver_of({"docs.example.com": [PUBLIC_IP], "internal.example.com": ["127.0.0.1"]}),
        connector=loopback_for(PUBLIC_IP, port, calls),
    )
    error = refused(fetcher, "http://docs.example.com/go")
    assert error.reason in ("address", "scheme")
    assert calls == [PUBLIC_IP]  # the redirect's target was never connected to


def test_a_50_mb_response_stops_at_the_cap(server) -> None:
    port, _ = server
    calls: list[str] = []
    fetcher = Fetcher(
        resolver=resolver_of({"big.example.com": [PUBLIC_IP]}), connector=loopback_for(PUBLIC_IP, port, calls)
    )
    error = refused(fetcher, "http://big.example.com/huge")
    assert error.reason == "too_large" and str(10 * 1024 * 1024) in error.message


def test_a_declared_length_over_the_cap_is_refused_before_reading(server) -> None:
    port, handler = server
    handler.routes["/big"] = (200, {"Content-Type": "text/plain"}, b"y" * 2048)
    fetcher = Fetcher(
        max_bytes=1024,
        resolver=resolver_of({"d.example.com": [PUBLIC_IP]}),
        connector=loopback_for(PUBLIC_IP, port, []),
    )
    assert refused(fetcher, "http://d.example.com/big").reason == "too_large"


@pytest.mark.parametrize("content_type", ["image/png", "application/octet-stream", "application/zip", ""])
def test_only_text_html_json_xml_and_pdf_content_types(server, content_type: str) -> None:
    port, handler = server
    handler.routes["/f"] = (200, {"Content-Type": content_type} if content_type else {}, b"data")
    fetcher = Fetcher(
        resolver=resolver_of({"d.example.com": [PUBLIC_IP]}), connector=loopback_for(PUBLIC_IP, port, [])
    )
    assert refused(fetcher, "http://d.example.com/f").reason == "content_type"


def test_the_operator_may_allow_loopback(server) -> None:
    port, handler = server
    handler.routes["/ok"] = (200, {"Content-Type": "application/json"}, b'{"a": 1}')
    fetcher = Fetcher(allowed_networks=["127.0.0.1/32"], resolver=resolver_of({}))
    assert fetcher.fetch(f"http://127.0.0.1:{port}/ok").body == b'{"a": 1}'
    # allowing loopback does not allow the metadata address
    assert (
        refused(
            Fetcher(allowed_networks=["127.0.0.1/32"], connector=never_connect), "http://169.254.169.254/"
        ).reason
        == "address"
    )


def test_an_http_error_is_a_clear_refusal(server) -> None:
    port, _ = server
    fetcher = Fetcher(allowed_networks=["127.0.0.0/8"], resolver=resolver_of({}))
    error = refused(fetcher, f"http://127.0.0.1:{port}/missing")
    assert error.reason == "http_error" and "404" in error.message
