"""A FAKE rerank API on loopback, for tests only: Cohere's shape at `/v1/rerank` and TEI's at `/rerank`.

    with FakeRerankServer() as server:
        HttpReranker(url=server.base_url + "/rerank")
        server.replies.append((500, {"message": "boom"}))   # the next answer: an HTTP error
        server.replies.append(Delay(1.0))                   # the next answer comes late

Without a scripted reply it scores each document by how many of the query's words it holds, and
answers best first (clients must order by `index`, as the APIs allow).
"""

from __future__ import annotations

from typing import Any

from tests.fakes.loopback import Delay, LoopbackJsonServer, RecordedRequest

__all__ = ["Delay", "FakeRerankServer", "RecordedRequest"]


def word_score(query: str, document: str) -> float:
    words = set(query.lower().split())
    return float(sum(w in words for w in document.lower().split()))


class FakeRerankServer(LoopbackJsonServer):
    thread_name = "fake-rerank"

    @property
    def root_url(self) -> str:
        """Where TEI serves `/rerank` (base_url is under /v1)."""
        return self.base_url.removesuffix("/v1")

    def answer(self, path: str, body: Any, reply: Any) -> tuple[int, Any]:
        if reply is not None:
            status, payload = reply
            return status, payload
        if not isinstance(body, dict) or "query" not in body:
            return 400, {"message": "'query' is required"}
        if path == "/v1/rerank" and isinstance(body.get("documents"), list):
            scored = [
                {"index": i, "relevance_score": word_score(body["query"], d)}
                for i, d in enumerate(body["documents"])
            ]
            return 200, {"id": "fake", "results": sorted(scored, key=lambda r: -r["relevance_score"])}
        if path == "/rerank" and isinstance(body.get("texts"), list):
            scored = [
                {"index": i, "score": word_score(body["query"], d)} for i, d in enumerate(body["texts"])
            ]
            return 200, sorted(scored, key=lambda r: -r["score"])
        return 404, {"message": f"no route {path}"}
