"""Forget a user: after `DELETE /v1/users/{id}` and its job, no trace of the user's content is left in
the SQLite files (database and WAL, raw bytes), in any DynamoDB item, or in the OpenSearch fake, while
the other users of the tenant, and the same user id in another tenant, keep everything."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import boto3
import pytest
from aws_lambda_powertools.utilities.typing import LambdaContext

from engram.api.app import EngramApi
from engram.runtime.container import Container, local
from engram.runtime.sqs_batch import handle_sqs
from engram.runtime.worker import drain
from engram.settings import Settings
from tests.conftest import FakeClock, api_event, sqs_event
from tests.integration.aws_fixtures import REGION, atomic_requests
from tests.integration.builders import MotoAws, moto_aws
from tests.integration.test_transfer import OTHER, TENANT, USER, comparable, export_all, populate

# What the user said, as stored (content, transcript, entity names) and as indexed (lowercase terms).
NEEDLES = ("tree nuts", "window seats", "Porto", "vegetarian", "locker code", "Priya", "Dana")
OTHERS = ("paper notebook",)  # the other user's: must still be found, or the scan proves nothing


@dataclass
class Deployment:
    c: Container
    clock: FakeClock
    aws: MotoAws | None = None

    def call(self, method: str, path: str, tenant: str = TENANT) -> tuple[int, dict[str, Any]]:
        response = EngramApi(self.c).handle(api_event(method, path, tenant=tenant), None)
        return response["statusCode"], json.loads(response["body"])

    def run_jobs(self) -> None:
        if self.aws is None:
            drain(self.c)
            return
        while messages := self.aws.sqs.receive_message(
            QueueUrl=self.aws.queue_url, MaxNumberOfMessages=10, WaitTimeSeconds=0
        ).get("Messages", []):
            response = handle_sqs(self.c, sqs_event(messages), LambdaContext())
            assert response["batchItemFailures"] == []
            for message in messages:
                self.aws.sqs.delete_message(
                    QueueUrl=self.aws.queue_url, ReceiptHandle=message["ReceiptHandle"]
                )

    def stored_bytes(self) -> bytes:
        """Everything the deployment keeps, as raw bytes: the SQLite files, or every DynamoDB item of
        every table and every document of every OpenSearch index."""
        if self.aws is None:
            path = self.c.settings.db_path
            files = [path, path.with_name(path.name + "-wal")]
            return b"".join(f.read_bytes() for f in files if f.exists())
        client = boto3.client("dynamodb", region_name=REGION)
        dump: list[Any] = []
        for table in client.list_tables()["TableNames"]:
            for page in client.get_paginator("scan").paginate(TableName=table):
                dump += page["Items"]
        for index in list(self.aws.search.indices):
            dump += list(self.aws.search.documents(index).values())
        return json.dumps(dump, default=str).encode()


@pytest.fixture(params=["local", "aws"])
def deployment(request: pytest.FixtureRequest, tmp_path) -> Iterator[Deployment]:
    clock = FakeClock()
    settings = Settings(data_dir=tmp_path / "data", embedder={"provider": "hashing"}, worker_enabled=False)
    if request.param == "local":
        yield Deployment(local(settings, clock=clock), clock)
        return
    with moto_aws(serverless=True) as aws, atomic_requests():
        yield Deployment(aws.container(aws.settings(settings), clock=clock), clock, aws)


def _found(data: bytes, needles: tuple[str, ...]) -> list[str]:
    lower = data.lower()
    return [n for n in needles if n.encode() in data or n.lower().encode() in lower]


def test_forget_user_leaves_no_trace_of_their_content_and_touches_no_one_else(deployment: Deployment) -> None:
    d = deployment
    # Given a user with memories (enriched: vectors, index entries, graph), history and a session,
    # another user in the same tenant, and the same user id in another tenant
    populate(d.c, d.clock)
    d.run_jobs()
    from engram.runtime.userdata import importer

    session = [r | {"jobs": [], "facts": []} for r in export_all(d.c) if r["kind"] == "session"]
    importer(d.c)("globex", session)  # the same user id's session (without content) in another tenant
    before = d.stored_bytes()
    assert _found(before, NEEDLES) == list(NEEDLES) and _found(before, OTHERS) == list(OTHERS)
    theirs = export_all(d.c, user=OTHER)

    # When another tenant asks to forget a user of that id, nothing of this tenant goes
    status, other_job = d.call("DELETE", f"/v1/users/{USER}", tenant="intruder")
    assert status == 202, other_job
    d.run_jobs()
    assert export_all(d.c)[-1]["counts"]["memory"] >= 6

    # When the tenant asks to forget the user
    status, job = d.call("DELETE", f"/v1/users/{USER}")
    assert status == 202 and job["state"] == "queued", job
    assert d.call("GET", job["status_url"])[1]["state"] == "queued"
    d.run_jobs()

    # Then the job is done and says how much went
    status, done = d.call("GET", job["status_url"])
    assert status == 200 and done["state"] == "done", done
    erased = done["erased"]
    assert erased["memories"] >= 6 and erased["sessions"] == 1 and erased["messages"] == 3, erased
    assert erased["entities"] >= 3 and erased["relations"] >= 1 and erased["index_entries"] >= 6, erased

    # And no trace of what the user said is left anywhere the deployment stores data
    after = d.stored_bytes()
    assert _found(after, NEEDLES) == [], "the user's content survived the erasure"
    assert _found(after, OTHERS) == list(OTHERS)
    assert [r["kind"] for r in export_all(d.c)] == ["header", "end"]

    # And the other user, and the same user id in the other tenant, keep everything
    assert comparable(export_all(d.c, user=OTHER)) == comparable(theirs)
    assert export_all(d.c, tenant="globex")[-1]["counts"]["session"] == 1

    # And the audit record holds no content and no user id; the status is the tenant's, for this user
    record = json.dumps(done)
    assert USER not in record.replace(f"/v1/users/{USER}/", "") and _found(record.encode(), NEEDLES) == []
    assert d.call("GET", job["status_url"], tenant="intruder")[0] == 404
    assert d.call("GET", f"/v1/users/{OTHER}/erasures/{job['job_id']}")[0] == 404
    assert d.call("GET", f"/v1/users/{USER}/erasures/nope")[0] == 404

    # And running the job again (a redelivery) changes nothing
    from engram.ports import EraseUserJob
    from engram.runtime.userdata import eraser

    again = eraser(d.c)(EraseUserJob(tenant=TENANT, user_id=USER, job_id=job["job_id"]))
    assert again.erased == erased
