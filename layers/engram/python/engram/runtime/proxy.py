"""Turn an HTTP request into an API Gateway REST proxy event (as API Gateway would) and back."""

from __future__ import annotations

import base64
import time
import uuid
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import parse_qs, urlsplit


def proxy_event(
    method: str,
    target: str,
    headers: Mapping[str, str] | Iterable[tuple[str, str]],
    body: bytes,
    *,
    tenant: str | None,
    context: Mapping[str, Any] | None = None,
    source_ip: str = "127.0.0.1",
    stage: str = "local",
) -> dict[str, Any]:
    """The event API Gateway would send the api Lambda for this request. `headers` as a mapping or as
    the (name, value) pairs they came in, repeated names included (`multiValueHeaders` keeps them all,
    `headers` the last, as API Gateway does)."""
    pairs = list(headers.items()) if isinstance(headers, Mapping) else list(headers)
    multi: dict[str, list[str]] = {}
    for name, value in pairs:
        multi.setdefault(name, []).append(value)
    url = urlsplit(target)
    query = parse_qs(url.query, keep_blank_values=True)
    try:
        text, encoded = body.decode("utf-8"), False
    except UnicodeDecodeError:
        text, encoded = base64.b64encode(body).decode(), True
    authorizer: dict[str, Any] = (
        {"principalId": tenant, **(context or {}), "tenant": tenant} if tenant else {}
    )
    return {
        "resource": url.path,
        "path": url.path,
        "httpMethod": method,
        "headers": dict(pairs),
        "multiValueHeaders": multi,
        "queryStringParameters": {k: v[-1] for k, v in query.items()} or None,
        "multiValueQueryStringParameters": query or None,
        "pathParameters": None,
        "stageVariables": None,
        "requestContext": {
            "resourcePath": url.path,
            "httpMethod": method,
            "path": url.path,  # no stage in the URL: the API is at the root of this host
            "stage": stage,
            "requestId": str(uuid.uuid4()),
            "requestTimeEpoch": int(time.time() * 1000),
            "protocol": "HTTP/1.1",
            "identity": {"sourceIp": source_ip},
            "authorizer": authorizer,
        },
        "body": text if body else None,
        "isBase64Encoded": encoded,
    }


def response_parts(response: Mapping[str, Any]) -> tuple[int, dict[str, str], bytes]:
    headers = {k: str(v) for k, v in (response.get("headers") or {}).items()}
    for key, values in (response.get("multiValueHeaders") or {}).items():
        headers[key] = ", ".join(str(v) for v in values)
    body = response.get("body") or ""
    raw = base64.b64decode(body) if response.get("isBase64Encoded") else body.encode("utf-8")
    return int(response["statusCode"]), headers, raw
