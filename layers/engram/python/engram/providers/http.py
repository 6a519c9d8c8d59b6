"""One JSON POST over the standard library for the providers that speak HTTP APIs (OpenAI-compatible
embeddings and chat, rerank endpoints): the body as JSON, an optional bearer key, the answer's bytes.
urllib's own errors reach the caller, which words them for its provider."""

from __future__ import annotations

import json
import urllib.request
from typing import Any


def post_json(url: str, body: Any, api_key: str | None, timeout_s: float) -> bytes:
    """The bytes `url` answers to `body` posted as JSON (HTTPError, URLError, … as urllib raises them)."""
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    request = urllib.request.Request(
        url, data=json.dumps(body).encode("utf-8"), headers=headers, method="POST"
    )
    with urllib.request.urlopen(request, timeout=timeout_s) as response:
        raw: bytes = response.read()
    return raw
