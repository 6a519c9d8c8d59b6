"""The api's and the authorizer's botocore clients are built without walking botocore's data directory
(providers.aws.botocore_session), and still work: against moto here, as against AWS."""

from __future__ import annotations

import os
from typing import Any

import pytest
from botocore.exceptions import UnknownServiceError
from botocore.loaders import Loader

from engram.providers.aws import bedrock_runtime_client, botocore_session
from engram.runtime.container import _session, _table
from engram.settings import Settings
from tests.integration.aws_fixtures import REGION, TABLE_NAME, aws, dynamodb, table  # noqa: F401


@pytest.fixture
def listed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every directory listed from now on."""
    seen: list[str] = []
    listdir = os.listdir

    def spy(path: Any = ".") -> list[str]:
        seen.append(os.fspath(path))
        return listdir(path)

    monkeypatch.setattr(os, "listdir", spy)
    return seen


def test_a_client_is_built_without_listing_every_service(table: Any, listed: list[str]) -> None:  # noqa: F811
    # When the authorizer's session builds its DynamoDB client
    client = botocore_session(("dynamodb",)).create_client("dynamodb", region_name=REGION)

    # Then botocore's data directory was not walked (only DynamoDB's own versions were listed)
    assert Loader.BUILTIN_DATA_PATH not in listed
    assert any(path.endswith(os.path.join("data", "dynamodb")) for path in listed)
    # And the client works (moto, answering it, may walk the directory)
    assert client.describe_table(TableName=TABLE_NAME)["Table"]["TableName"] == TABLE_NAME


def test_the_containers_session_reads_and_writes_the_table(table: Any, listed: list[str]) -> None:  # noqa: F811
    # When the container builds its table and its SQS client
    settings = Settings(backend="aws", table_name=TABLE_NAME, region=REGION)
    session = _session()
    deployed = _table(settings, session)
    queue = session.create_client("sqs", region_name=REGION)

    # Then botocore's data directory was not walked (moto, answering the calls below, may walk it)
    assert Loader.BUILTIN_DATA_PATH not in listed
    # And both work, the table in plain values
    deployed.put_item(Item={"pk": "k", "sk": "s", "v": 1})
    assert deployed.get_item(Key={"pk": "k", "sk": "s"})["Item"]["v"] == 1
    url = queue.create_queue(QueueName="jobs")["QueueUrl"]
    assert queue.get_queue_url(QueueName="jobs")["QueueUrl"] == url


def test_a_service_it_was_not_told_of_fails_at_once_naming_those_it_knows() -> None:
    with pytest.raises(UnknownServiceError, match="dynamodb"):
        botocore_session(("dynamodb",)).create_client("s3", region_name=REGION)


def test_aws_data_path_is_still_searched_first(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.setenv("AWS_DATA_PATH", str(tmp_path))
    loader = botocore_session(("dynamodb",)).get_component("data_loader")
    assert loader.search_paths[0] == str(tmp_path)
    assert loader.search_paths[-1] == Loader.BUILTIN_DATA_PATH


def test_the_bedrock_client_is_built_without_listing_every_service(listed: list[str]) -> None:
    # When a provider builds its bedrock-runtime client (the api's first search, a worker's start)
    client = bedrock_runtime_client(7.0, attempts=2, region_name=REGION)

    # Then botocore's data directory was not walked
    assert Loader.BUILTIN_DATA_PATH not in listed
    # And it is the client asked for: bedrock-runtime in that region, with its timeouts and retries
    assert client.meta.service_model.service_name == "bedrock-runtime"
    assert client.meta.region_name == REGION
    assert (client.meta.config.read_timeout, client.meta.config.connect_timeout) == (7.0, 5.0)
    assert client.meta.config.retries["total_max_attempts"] == 2
