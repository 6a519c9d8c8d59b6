"""An SSRF-safe HTTP(S) fetch for documents given by URL.

Every address a name resolves to (and every redirect's) is checked before any connection; the
connection then goes to the checked address (no second lookup), with the Host header and TLS SNI set
to the name. The resolver and the connector are injectable so tests never leave loopback.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from engram.domain.errors import InvalidRequest

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Resolver = Callable[[str, int], list[str]]
"""(host, port) -> every IP address the name resolves to."""
Connector = Callable[[str, int, float], socket.socket]
"""(checked ip, port, timeout) -> a connected socket."""

METADATA_ADDRESSES = frozenset(
    {ipaddress.ip_address("169.254.169.254"), ipaddress.ip_address("fd00:ec2::254")}
)
ALLOWED_TYPES = ("text/", "application/json", "application/xml", "application/xhtml+xml", "application/pdf")
_REDIRECTS = {301, 302, 303, 307, 308}
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_CHUNK = 65536


class FetchRefused(InvalidRequest):
    """A URL engram will not fetch, or whose answer it will not read; `reason` says which rule."""

    code = "fetch_refused"

    def __init__(self, message: str, reason: str = "refused") -> None:
        super().__init__(message, reason=reason)
        self.reason = reason


@dataclass(frozen=True)
class Fetched:
    url: str  # after redirects
    content_type: str  # media type only, lowercased
    charset: str | None
    body: bytes


def system_resolver(host: str, port: int) -> list[str]:
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return sorted({str(info[4][0]) for info in infos})


def system_connector(ip: str, port: int, timeout: float) -> socket.socket:
    return socket.create_connection((ip, port), timeout=timeout)


def refusal_of(address: Address, allowed: Sequence[Network] = ()) -> str | None:
    """Why `address` may not be fetched from (None: it may)."""
    if isinstance(address, ipaddress.IPv6Address):  # an IPv4 address inside an IPv6 one is that address
        embedded = address.ipv4_mapped or address.sixtofour
        if embedded is None and address in _NAT64:
            embedded = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
        if embedded is not None:
            return refusal_of(embedded, allowed)
    if any(address in network for network in allowed if network.version == address.version):
        return None
    if address in METADATA_ADDRESSES:
        return "metadata address"
    for label, flag in (
        ("unspecified", address.is_unspecified),
        ("loopback", address.is_loopback),
        ("link-local", address.is_link_local),
        ("private", address.is_private),
        ("multicast", address.is_multicast),
        ("reserved", address.is_reserved),
    ):
        if flag:
            return f"{label} address"
    if not address.is_global:  # shared (100.64/10), documentation, benchmarking ranges...
        return "non-public address"
    return None


def parse_networks(cidrs: Iterable[str]) -> list[Network]:
    return [ipaddress.ip_network(cidr, strict=False) for cidr in cidrs]


class _PinnedConnection(http.client.HTTPConnection):
    """http.client over a socket the connector opened to the checked address."""

    def __init__(
        self, host: str, port: int, ip: str, timeout: float, connector: Connector, tls: bool
    ) -> None:
        super().__init__(host, port, timeout=timeout)
        self._ip, self._connector, self._tls = ip, connector, tls

    def connect(self) -> None:
        sock = self._connector(self._ip, self.port, self.timeout or 30.0)
        if self._tls:
            sock = ssl.create_default_context().wrap_socket(sock, server_hostname=self.host)
        self.sock = sock


class Fetcher:
    def __init__(
        self,
        *,
        timeout_s: float = 30.0,
        max_bytes: int = 10 * 1024 * 1024,
        max_redirects: int = 5,
        allowed_networks: Sequence[str] = (),
        resolver: Resolver = system_resolver,
        connector: Connector = system_connector,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.timeout_s, self.max_bytes, self.max_redirects = timeout_s, max_bytes, max_redirects
        self.allowed = parse_networks(allowed_networks)
        self.resolver, self.connector, self.clock = resolver, connector, clock

    def fetch(self, url: str) -> Fetched:
        deadline = self.clock() + self.timeout_s
        for _ in range(self.max_redirects + 1):
            host, port, ip, target, tls = self._check(url)
            conn = _PinnedConnection(host, port, ip, self.timeout_s, self.connector, tls)
            try:
                try:
                    conn.request("GET", target, headers={"Host": _host_header(host, port, tls), **_HEADERS})
                    response = conn.getresponse()
                except (OSError, http.client.HTTPException) as exc:
                    raise FetchRefused(f"could not fetch {url}: {exc}", "unreachable") from None
                if response.status in _REDIRECTS:
                    location = response.getheader("Location")
                    if not location:
                        raise FetchRefused(f"{url} redirected without a Location", "bad_redirect")
                    url = urljoin(url, location)
                    continue
                if response.status >= 400:
                    raise FetchRefused(f"{url} answered HTTP {response.status}", "http_error")
                media, charset = _content_type(response.getheader("Content-Type", ""))
                if not media.startswith(ALLOWED_TYPES) and not media.endswith(("+json", "+xml")):
                    raise FetchRefused(f"content type {media or 'unknown'!r} is not fetched", "content_type")
                return Fetched(url, media, charset, self._read(response, deadline))
            finally:
                conn.close()
        raise FetchRefused(f"more than {self.max_redirects} redirects", "too_many_redirects")

    def connection(self, url: str) -> tuple[http.client.HTTPConnection, str, str]:
        """For a caller that sends its own request (webhook delivery): a connection to the URL's
        checked address (not yet open), its request target and its Host header; or a refusal."""
        host, port, ip, target, tls = self._check(url)
        conn = _PinnedConnection(host, port, ip, self.timeout_s, self.connector, tls)
        return conn, target, _host_header(host, port, tls)

    def _check(self, url: str) -> tuple[str, int, str, str, bool]:
        """The URL's host, port, one checked address, request target and scheme, or a refusal."""
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https"):
            scheme = parts.scheme or "none"
            raise FetchRefused(f"only http and https URLs are fetched, not {scheme!r}", "scheme")
        if parts.username or parts.password:
            raise FetchRefused("URLs with credentials are not fetched", "credentials")
        host = parts.hostname
        if not host:
            raise FetchRefused("the URL has no host", "no_host")
        try:
            port = parts.port or (443 if parts.scheme == "https" else 80)
        except ValueError:
            raise FetchRefused("the URL's port is not valid", "bad_port") from None
        try:
            addresses = [ipaddress.ip_address(host)]
        except ValueError:
            try:
                addresses = [ipaddress.ip_address(a.split("%")[0]) for a in self.resolver(host, port)]
            except (OSError, ValueError) as exc:
                raise FetchRefused(f"{host} did not resolve: {exc}", "unresolved") from None
        if not addresses:
            raise FetchRefused(f"{host} resolved to no address", "unresolved")
        for address in addresses:  # every address: a name that resolves to one bad address is refused
            why = refusal_of(address, self.allowed)
            if why is not None:
                raise FetchRefused(f"{host} resolves to {address}, a {why}; not fetched", "address")
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        return host, port, str(addresses[0]), target, parts.scheme == "https"

    def _read(self, response: http.client.HTTPResponse, deadline: float) -> bytes:
        declared = response.getheader("Content-Length")
        if declared and declared.isdigit() and int(declared) > self.max_bytes:
            raise FetchRefused(f"the response is {declared} bytes, over {self.max_bytes}", "too_large")
        body = bytearray()
        while chunk := response.read1(_CHUNK):  # what has arrived: a slow sender meets the deadline
            body += chunk
            if len(body) > self.max_bytes:
                raise FetchRefused(f"the response passed {self.max_bytes} bytes; fetch stopped", "too_large")
            if self.clock() > deadline:
                raise FetchRefused(f"the fetch took over {self.timeout_s:g} s", "timeout")
        return bytes(body)


_HEADERS = {"User-Agent": "engram-document-fetch/1", "Accept-Encoding": "identity"}


def _host_header(host: str, port: int, tls: bool) -> str:
    name = f"[{host}]" if ":" in host else host
    return name if port == (443 if tls else 80) else f"{name}:{port}"


def _content_type(header: str) -> tuple[str, str | None]:
    media, _, params = header.partition(";")
    charset = None
    for param in params.split(";"):
        key, _, value = param.strip().partition("=")
        if key.lower() == "charset" and value:
            charset = value.strip('"').lower()
    return media.strip().lower(), charset
