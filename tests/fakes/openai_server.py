"""A FAKE OpenAI-compatible chat-completions server on loopback, for tests only.

It answers `POST /v1/chat/completions` with the real response shape, from a queue of scripted replies,
and records every request it receives:

    with FakeOpenAIServer() as server:
        server.replies.append('{"importance": 3, ...}')          # 200, this string as message content
        server.replies.append((503, {"error": {"message": "overloaded"}}))  # an HTTP error
        server.replies.append(Delay(2.0, '{"importance": 3}'))   # answer late, to exercise timeouts
        OpenAICompatEnricher(base_url=server.base_url, ...)
        server.requests[0].body["response_format"]

An empty queue answers 500, so an unexpected call fails the test loudly.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import count
from typing import Any

from tests.fakes import loopback
from tests.fakes.loopback import LoopbackJsonServer, RecordedRequest

__all__ = ["Delay", "FakeOpenAIServer", "RecordedRequest", "Reply"]

ROUTE = "/v1/chat/completions"


@dataclass(frozen=True)
class Delay(loopback.Delay):
    """Wait `seconds` before answering with `reply` (a content string or a (status, body) pair)."""

    reply: str | tuple[int, Any] = "{}"


Reply = str | tuple[int, Any] | Delay


class FakeOpenAIServer(LoopbackJsonServer):
    thread_name = "fake-openai"
    protocol_version = "HTTP/1.1"

    def __init__(self, model: str = "fake-model") -> None:
        self.model = model
        self._ids = count(1)
        super().__init__()

    def completion(self, content: str) -> dict[str, Any]:
        """The body of a successful chat completion whose message content is `content`."""
        return {
            "id": f"chatcmpl-fake-{next(self._ids)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": self.model,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "logprobs": None,
                    "finish_reason": "stop",
                }
            ],
            # Made-up but consistent counts: 42 prompt tokens, a completion token a word.
            "usage": {
                "prompt_tokens": 42,
                "completion_tokens": len(content.split()),
                "total_tokens": 42 + len(content.split()),
            },
        }

    def takes_reply(self, path: str) -> bool:
        return path.rstrip("/") == ROUTE

    def answer(self, path: str, body: Any, reply: Any) -> tuple[int, Any]:
        if not self.takes_reply(path):
            return 404, {"error": {"message": f"unknown route {path}"}}
        if reply is None:
            return 500, {"error": {"message": "FakeOpenAIServer: no scripted reply left", "type": "fake"}}
        if isinstance(reply, tuple):
            status, payload = reply
            return status, payload.encode() if isinstance(payload, str) else payload
        return 200, self.completion(reply)
