"""One memory deployment under test, on both backends: the embedded default (SQLite) and AWS
(DynamoDB + SQS under moto, OpenSearch over the loopback fake), wired as `runtime.container.local()` /
`aws()` wire them, with a clock the test owns and the hashing embedder.

The `world` fixture is registered for every integration test by tests/integration/conftest.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from engram.api.app import EngramApi
from engram.domain.graph import GraphScope, canonical, entity_id
from engram.domain.models import Memory
from engram.ports import EnrichJob
from engram.runtime.container import Container, local
from engram.settings import Settings
from engram.usecases.remember import Outcome, RememberCommand
from tests.conftest import FakeClock, api_event
from tests.integration.aws_fixtures import atomic_requests
from tests.integration.builders import moto_aws

TENANT, USER_ID = "acme", "maya"
SCOPE = GraphScope(TENANT, USER_ID)


@dataclass
class World:
    c: Container
    clock: FakeClock

    def remember(self, content: str, *, enrich: bool = True, user_id: str = USER_ID, **fields: Any) -> Memory:
        self.clock.advance(minutes=1)
        command = RememberCommand(tenant=TENANT, user_id=user_id, content=content, **fields)
        result = self.c.remember(command)
        assert result.outcome == Outcome.stored and result.memory is not None, result
        if enrich:
            job = EnrichJob(
                tenant=TENANT, memory_id=result.memory.id, content_hash=result.memory.content_hash
            )
            self.c.enrich.many([job])
        found = self.c.store.get(TENANT, result.memory.id)
        assert found is not None
        return found

    def entity(self, name: str, scope: GraphScope = SCOPE):
        assert self.c.graph is not None
        found = self.c.graph.entities_by_id(scope, [entity_id(scope, canonical(name) or "")])
        return found[0] if found else None

    def relations(self, name: str) -> list[tuple[str, str, str]]:
        assert self.c.graph is not None
        entity = self.entity(name)
        assert entity is not None, name
        rels = self.c.graph.relations(SCOPE, [entity.id])
        names = {e.id: e.canonical for e in self.c.graph.entity_page(SCOPE, 200).items}
        return sorted((names[r.subject_id], r.predicate, names[r.object_id]) for r in rels)

    def call(self, method: str, path: str, *, query: dict | None = None, tenant: str = TENANT):
        response = EngramApi(self.c).handle(api_event(method, path, tenant=tenant, query=query), None)
        return response["statusCode"], json.loads(response["body"])


@pytest.fixture(params=["local", "aws"])
def world(request: pytest.FixtureRequest, tmp_path) -> Iterator[World]:
    clock = FakeClock()
    # A deadline no slow test machine misses (moto serialises every call); the deadline itself is
    # tested below with a graph that is slow on purpose.
    ranking = {"graph_deadline_ms": 10_000}
    settings = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}, ranking=ranking)
    if request.param == "local":
        yield World(local(settings, clock=clock), clock)
        return
    with moto_aws(serverless=True) as aws, atomic_requests():
        yield World(aws.container(aws.settings(settings), clock=clock), clock)
