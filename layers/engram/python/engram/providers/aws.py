"""Clients for the AWS model services the providers call."""

from __future__ import annotations

from typing import Any

import boto3
from botocore.config import Config


def bedrock_runtime_client(timeout_s: float, attempts: int = 3, region_name: str | None = None) -> Any:
    """A bedrock-runtime client with bounded connect/read timeouts and `attempts` tries per call
    (standard retry mode); `region_name` None means the session's default region."""
    config = Config(
        connect_timeout=min(timeout_s, 5.0),
        read_timeout=timeout_s,
        retries={"total_max_attempts": attempts, "mode": "standard"},
    )
    return boto3.client("bedrock-runtime", region_name=region_name, config=config)
