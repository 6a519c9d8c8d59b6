"""`POST /v1/context` over real HTTP against `engram serve` (its own enrichment worker), through the
SDK and byte for byte: on a scope with a superseded fact, a constraint and 500 distractors, the block
holds the current value and the constraint, never the superseded value, within 200, 1,000 and 4,000
tokens, and the same bytes when asked again."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from engram.client import AsyncEngram, Engram, UnprocessableError
from engram.domain.tokens import count_tokens
from tests.e2e.conftest import wait_for
from tests.integration.test_context import CONSTRAINT, QUERY, distractors

pytestmark = pytest.mark.e2e

USER = "ctx-e2e"
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def scope(served) -> dict[str, str]:
    acme, _, server = served
    with Engram(server.url, acme.key) as api:
        old = api.remember("Dana's manager is Priya.", USER, observed_at=T0.isoformat())
        wait_for(acme, old.id, lambda m: m["enrichment"]["state"] == "done")
        new = api.remember("Dana's manager is Lee.", USER, observed_at=(T0 + timedelta(days=30)).isoformat())
        wait_for(acme, old.id, lambda m: m["status"] == "superseded")
        rule = api.remember(CONSTRAINT, USER, memory_type="constraint")
        texts = distractors(500)
        for start in range(0, len(texts), 100):
            api.remember_batch([{"content": t, "user_id": USER} for t in texts[start : start + 100]])
        deadline = time.monotonic() + 300
        while api.stats().enrichment.get("pending", 0):
            assert time.monotonic() < deadline, api.stats()
            time.sleep(0.5)
    return {"old": old.id, "new": new.id, "rule": rule.id, "url": server.url, "key": acme.key}


@pytest.mark.parametrize("budget", [200, 1000, 4000])
def test_the_block_over_http_holds_the_current_value_and_the_constraint(
    scope: dict[str, str], budget: int
) -> None:
    body = {"user_id": USER, "query": QUERY, "budget_tokens": budget}
    headers = {"Authorization": f"Bearer {scope['key']}"}
    with httpx.Client(base_url=scope["url"], headers=headers, timeout=30) as http:
        first = http.post("/v1/context", json=body)
        again = http.post("/v1/context", json=body)
    assert first.status_code == again.status_code == 200, first.text
    assert first.content == again.content  # byte-identical

    with Engram(scope["url"], scope["key"]) as api:
        block = api.context(USER, query=QUERY, budget_tokens=budget)
    assert block.model_dump_json().encode() == first.content  # the SDK reads the same answer
    ids = [i.id for i in block.items]
    assert ids[0] == scope["rule"] and scope["new"] in ids and scope["old"] not in ids
    assert CONSTRAINT in block.context and "Dana's manager is Lee." in block.context
    assert "Priya" not in first.text
    assert block.tokens == count_tokens(block.context) <= budget


def test_the_async_sdk_asks_from_messages_and_a_bad_budget_is_a_typed_422(scope: dict[str, str]) -> None:
    messages = [
        {"role": "user", "content": "Let's plan the week with Dana's team."},
        {"role": "assistant", "content": "Sure."},
        {"role": "user", "content": "Who is Dana's manager these days?"},
    ]

    async def main() -> None:
        async with AsyncEngram(scope["url"], scope["key"]) as api:
            block = await api.context(USER, messages=messages, budget_tokens=500)
            assert "Dana's manager is Lee." in block.context and "Priya" not in block.context
            with pytest.raises(UnprocessableError) as err:
                await api.context(USER, query="x", budget_tokens=5)
            assert any("budget_tokens" in d.path for d in err.value.details)

    asyncio.run(main())
