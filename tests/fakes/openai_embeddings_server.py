"""A FAKE OpenAI-compatible embeddings server on loopback, for tests only.

It answers `POST /v1/embeddings` with the real response shape and records every request:

    with FakeEmbeddingsServer(dimensions=8) as server:
        OpenAIEmbedder(base_url=server.base_url, model="fake-embed", dimensions=8)
        server.replies.append((500, {"error": {"message": "boom"}}))   # the next answer: an HTTP error
        server.replies.append(Delay(1.0))                               # the next answer comes late

Without a scripted reply it embeds the inputs: each vector is `server.vector_for(text)`, deliberately
*not* unit length (clients must normalise), and the `data` items come back in reverse index order
(clients must order by `index`, as the API allows).
"""

from __future__ import annotations

import hashlib
from typing import Any

from tests.fakes.loopback import Delay, LoopbackJsonServer, RecordedRequest

__all__ = ["Delay", "FakeEmbeddingsServer", "RecordedRequest", "Reply"]

Reply = tuple[int, Any] | Delay


class FakeEmbeddingsServer(LoopbackJsonServer):
    thread_name = "fake-embed"

    def __init__(self, dimensions: int = 8) -> None:
        self.dimensions = dimensions
        super().__init__()

    def vector_for(self, text: str) -> list[float]:
        """A deterministic, non-normalised vector for `text` (entries in [1, 256])."""
        digest = hashlib.sha256(text.encode()).digest()
        return [float(digest[i % len(digest)] + 1) * (1 if i % 2 else -1) for i in range(self.dimensions)]

    def embeddings_response(self, body: dict[str, Any]) -> dict[str, Any]:
        texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
        data = [
            {"object": "embedding", "index": i, "embedding": self.vector_for(text)}
            for i, text in enumerate(texts)
        ]
        tokens = sum(len(text.split()) for text in texts)
        return {
            "object": "list",
            "data": list(reversed(data)),
            "model": body.get("model", ""),
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        }

    def answer(self, path: str, body: Any, reply: Any) -> tuple[int, Any]:
        if reply is not None:
            status, payload = reply
            return status, payload
        if path != "/v1/embeddings":
            return 404, {"error": {"message": f"no route {path}"}}
        if not isinstance(body, dict) or "input" not in body:
            return 400, {"error": {"message": "'input' is required"}}
        return 200, self.embeddings_response(body)
