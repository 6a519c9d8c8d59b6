"""Clients for the AWS services engram calls, over botocore sessions that know those services only."""

from __future__ import annotations

import json
import os
from typing import Any

import botocore.session
from botocore.config import Config
from botocore.exceptions import DataNotFoundError
from botocore.loaders import JSONFileLoader, Loader, instance_cache


def botocore_session(services: tuple[str, ...]) -> Any:
    """A botocore session for a process that makes clients of `services` only (api: DynamoDB, SQS).

    Its loader is botocore's own (same search paths, AWS_DATA_PATH included) but lists only `services`
    instead of walking all ~440 data directories, and parses JSON into plain dicts, not OrderedDicts:
    both cut the first client's cost (docs/performance.md). A client of any other service fails at once.
    """

    class PlainJSONFileLoader(JSONFileLoader):  # type: ignore[misc]
        def _load_file(self, full_path: str, open_method: Any) -> Any:
            if not os.path.isfile(full_path):
                return None
            with open_method(full_path, "rb") as fp:
                return json.loads(fp.read().decode("utf-8"))

    class KnownServicesLoader(Loader):  # type: ignore[misc]
        @instance_cache  # type: ignore[untyped-decorator]
        def list_available_services(self, type_name: str) -> list[str]:
            found = []
            for name in services:
                try:
                    self.list_api_versions(name, type_name)
                except DataNotFoundError:
                    continue
                found.append(name)
            return sorted(found)

    session = botocore.session.get_session()
    search_paths = session.get_component("data_loader").search_paths
    loader = KnownServicesLoader(
        extra_search_paths=list(search_paths),
        file_loader=PlainJSONFileLoader(),
        include_default_search_paths=False,
    )
    session.register_component("data_loader", loader)
    return session


def bedrock_runtime_client(timeout_s: float, attempts: int = 3, region_name: str | None = None) -> Any:
    """A bedrock-runtime client with bounded connect/read timeouts and `attempts` tries per call
    (standard retry mode); `region_name` None means the session's default region. A botocore client
    (boto3 adds nothing to this one) over a session that knows bedrock-runtime only (`botocore_session`):
    the api's first search, and every worker's start, neither import boto3 nor walk botocore's data."""
    config = Config(
        connect_timeout=min(timeout_s, 5.0),
        read_timeout=timeout_s,
        retries={"total_max_attempts": attempts, "mode": "standard"},
    )
    return botocore_session(("bedrock-runtime",)).create_client(
        "bedrock-runtime", region_name=region_name, config=config
    )
