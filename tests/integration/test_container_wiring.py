"""The AWS composition: a missing required setting fails at the cold start with the variable to set, and
the search index's client is built by the first call that needs it (once), not by the cold start."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from engram.adapters.opensearch.index import OpenSearchIndex, build_client
from engram.ports import SearchScope
from engram.runtime.container import MissingSettings, aws
from engram.settings import Settings
from tests.fakes.opensearch_server import FakeOpenSearch
from tests.integration.builders import moto_aws

SCOPE = SearchScope(tenant="acme", user_id="maya")


@pytest.mark.parametrize(
    ("unset", "named"),
    [
        ({"opensearch_endpoint": ""}, ["ENGRAM_OPENSEARCH_ENDPOINT"]),
        ({"queue_url": ""}, ["ENGRAM_QUEUE_URL"]),
        ({"opensearch_endpoint": "", "queue_url": ""}, ["ENGRAM_QUEUE_URL", "ENGRAM_OPENSEARCH_ENDPOINT"]),
    ],
)
def test_a_missing_required_setting_is_a_startup_error_naming_it(
    tmp_path, unset: dict[str, str], named: list[str]
) -> None:
    with moto_aws() as deployed:
        settings = deployed.settings(Settings(data_dir=tmp_path)).model_copy(update=unset)

        with pytest.raises(MissingSettings) as error:
            aws(settings)

    assert list(error.value.missing) == named
    assert all(variable in str(error.value) for variable in named)


def test_the_aws_container_connects_to_the_index_on_first_use(tmp_path) -> None:
    with moto_aws() as deployed:
        settings = deployed.settings(Settings(data_dir=tmp_path))
        container = aws(settings)
        index = container.vector_index
        assert isinstance(index, OpenSearchIndex) and index is container.lexical_index
        assert index._connected is None  # nothing built at the cold start

        assert container.lexical_index.search(SCOPE, "tea", 5) == []

        assert index._connected is not None


def test_racing_first_calls_build_one_client() -> None:
    with FakeOpenSearch(serverless=False) as fake:
        built: list[Any] = []
        lock = threading.Lock()

        def connect() -> Any:
            time.sleep(0.05)  # a slow first connect: every thread arrives while it runs
            client = build_client(fake.url, mode="es")
            with lock:
                built.append(client)
            return client

        index = OpenSearchIndex(None, "engram-race", 3, mode="es", connect=connect)
        threads = [threading.Thread(target=index.search, args=(SCOPE, "tea", 5)) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    assert len(built) == 1


def test_an_index_needs_a_client_or_a_way_to_build_one() -> None:
    with pytest.raises(TypeError):
        OpenSearchIndex(None, "engram", 3)
