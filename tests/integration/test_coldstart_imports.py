"""The api and authorizer Lambdas import only what they use: their cold start is what a user waits for.

Each handler is loaded in a fresh interpreter (so `sys.modules` holds only what its import pulled in)
with the environment the deployed function gets (ENGRAM_BACKEND=aws, and LAMBDA_TASK_ROOT), then the
modules it loaded are checked by name. Nothing is timed here: `bench/bench_coldstart.py` measures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from tests.conftest import ROOT

LAMBDA_ENV = {
    "ENGRAM_BACKEND": "aws",
    "ENGRAM_TABLE_NAME": "engram-test",
    "ENGRAM_QUEUE_URL": "https://sqs.us-east-1.amazonaws.com/123456789012/engram-jobs",
    "ENGRAM_DLQ_URL": "https://sqs.us-east-1.amazonaws.com/123456789012/engram-jobs-dlq",
    "ENGRAM_OPENSEARCH_ENDPOINT": "https://abc123.us-east-1.aoss.amazonaws.com",
    "ENGRAM_OPENSEARCH_MODE": "aoss",
    "ENGRAM_EMBEDDER__PROVIDER": "bedrock",
    "ENGRAM_EMBEDDER__MODEL": "amazon.titan-embed-text-v2:0",
    "ENGRAM_EMBEDDER__DIMENSIONS": "1024",
    "ENGRAM_ENRICHER__PROVIDER": "bedrock",
    "ENGRAM_ENRICHER__MODEL": "us.anthropic.claude-haiku-4-5-20251001-v1:0",
    "AWS_REGION": "us-east-1",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_EC2_METADATA_DISABLED": "true",
    "AWS_XRAY_CONTEXT_MISSING": "LOG_ERROR",
}

LOAD_AND_LIST = """
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("handler", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
assert callable(module.handler)
print(json.dumps(sorted(sys.modules)))
"""

# Heavy and never used by a deployed function on AWS: the embedded default's adapters and models.
EMBEDDED_ONLY = (
    "numpy",
    "engram.adapters.local.index",
    "engram.adapters.sqlite.",  # every SQLite adapter
    "engram.providers.embedders.minilm",  # the local model (and its ONNX encoder)
    "tokenizers",
    "safetensors",
)
FORBIDDEN = {
    "api": (
        *EMBEDDED_ONLY,
        "httpx",  # X-Ray patches only what engram calls (botocore, http.client)
        "opensearchpy",  # the search index's client is built by the first call that needs it
        "requests",
        # The table is a DynamoTable over a botocore client (adapters.dynamo.table), not boto3's resource.
        "boto3",
        "s3transfer",
        # Each use case's module loads with its first call (the container builds the use case then), and
        # with it what only a write or a search uses: the PII rules, the ranking.
        "engram.usecases.remember",
        "engram.usecases.recall",
        "engram.usecases.sessions",
        "engram.usecases.checkpoints",
        "engram.usecases.memories",
        "engram.domain.pii",
        "engram.domain.scoring",
    ),
    "authorizer": (
        *EMBEDDED_ONLY,
        "engram.runtime.container",  # the authorizer builds the key store alone
        "engram.adapters.dynamo.store",
        "engram.adapters.opensearch.index",
        "opensearchpy",
        "aws_xray_sdk",
        # The event read and the policy built by hand; its one log line is the shared powertools Logger's.
        "aws_lambda_powertools.event_handler",
        "aws_lambda_powertools.utilities.parser",
        "engram.api",
        "engram.usecases",  # the key check without pydantic (runtime.authorizer)
        "engram.domain.models",
        "engram.settings",  # settings from os.environ, not pydantic-settings
        "pydantic",
        "pydantic_settings",
        "boto3",  # one botocore client, not a boto3 resource
    ),
}


def lambda_env(function: str, tmp_path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ENGRAM_", "AWS_", "POWERTOOLS_"))}
    return (
        env
        | LAMBDA_ENV
        | {"AWS_LAMBDA_FUNCTION_NAME": f"engram-{function}", "LAMBDA_TASK_ROOT": str(tmp_path)}
    )


def run_in_fresh_lambda(script: str, function: str, tmp_path) -> Any:
    """What `script` prints last (JSON), run in a fresh interpreter with `function`'s handler path as
    its argument and the environment that function gets deployed."""
    result = subprocess.run(
        [sys.executable, "-c", script, str(ROOT / "functions" / function / "handler.py")],
        capture_output=True,
        text=True,
        env=lambda_env(function, tmp_path),
        cwd=tmp_path,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def modules_loaded_by(function: str, tmp_path) -> list[str]:
    loaded: list[str] = run_in_fresh_lambda(LOAD_AND_LIST, function, tmp_path)
    return loaded


@pytest.mark.parametrize("function", ["api", "authorizer"])
def test_the_handler_imports_no_heavy_module_it_does_not_use(function, tmp_path):
    loaded = modules_loaded_by(function, tmp_path)
    handler_module = {"api": "engram.api.app", "authorizer": "engram.runtime.authorizer"}[function]
    assert handler_module in loaded  # the handler did load (and the check below is not vacuous)
    heavy = sorted(m for m in loaded if any(m == f or m.startswith(f) for f in FORBIDDEN[function]))
    assert heavy == []


ANSWER_AND_LIST = """
import importlib.util, json, sys
from pathlib import Path
from engram.cli.invoke import LocalContext
spec = importlib.util.spec_from_file_location("handler", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
events = Path(sys.argv[1]).parents[2] / "events" / "api"

def answer(name, **change):
    event = {**json.loads((events / f"{name}.json").read_text()), **change}
    return module.handler(event, LocalContext("api"))["statusCode"]

print(json.dumps([
    answer("health"),
    answer("list", queryStringParameters={"limit": "0"}, multiValueQueryStringParameters=None),
    answer("health", path="/v1/nowhere"),
    answer("remember", body="{"),
    answer("openapi"),
]))
"""


def test_the_api_answers_in_a_fresh_lambda_without_reaching_a_store(tmp_path):
    statuses = run_in_fresh_lambda(ANSWER_AND_LIST, "api", tmp_path)
    assert statuses == [200, 422, 404, 400, 200]  # each answered (no network: none reached a store)


LOAD_AND_LIST_BUILT = """
import importlib.util, json, sys
from pydantic import BaseModel
spec = importlib.util.spec_from_file_location("handler", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)

def models(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from models(sub)

ours = [m for m in models(BaseModel) if m.__module__.startswith(("engram.api", "engram.domain"))]
print(json.dumps([len(ours), sorted(m.__qualname__ for m in ours if m.__pydantic_complete__)]))
"""


def test_the_api_handler_builds_no_api_or_domain_model_at_its_cold_start(tmp_path):
    """Their validators and serializers are built by the first request that uses them (defer_build)."""
    declared, built = run_in_fresh_lambda(LOAD_AND_LIST_BUILT, "api", tmp_path)
    assert declared > 40  # the API's and the domain's models were loaded (the check is not vacuous)
    assert built == []


BUILD_SEARCH_CLIENTS = """
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("handler", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
from engram.adapters.opensearch.index import build_client
from engram.providers.aws import bedrock_runtime_client
bedrock_runtime_client(5.0)
build_client("https://abc123.us-east-1.aoss.amazonaws.com", mode="aoss")
print(json.dumps(sorted(sys.modules)))
"""


def test_the_api_builds_its_search_clients_without_boto3(tmp_path):
    """Its first search builds the Bedrock client and signs for OpenSearch: boto3 is not moved there."""
    loaded = run_in_fresh_lambda(BUILD_SEARCH_CLIENTS, "api", tmp_path)
    assert "opensearchpy" in loaded  # the clients were built (the check below is not vacuous)
    assert [m for m in loaded if m.split(".")[0] in ("boto3", "s3transfer")] == []


LOAD_AND_COUNT_COLLECTIONS = """
import gc, importlib.util, json, sys
loaded, during = False, []

def record(phase, info):  # a collection while engram's modules were being loaded by the handler
    if phase == "start" and not loaded and "engram.observability" in sys.modules:
        during.append(info["generation"])

gc.callbacks.append(record)
spec = importlib.util.spec_from_file_location("handler", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
loaded = True
print(json.dumps({"during": during, "frozen": gc.get_freeze_count(), "enabled": gc.isenabled()}))
"""


@pytest.mark.parametrize("function", ["api", "authorizer", "enrich", "janitor"])
def test_the_handler_is_set_up_without_a_garbage_collection_and_frozen_after(function, tmp_path):
    """engram.runtime.coldstart: no collection walks the modules and clients while they are built (the
    api's set-up ran ~180 with the collector on); they are frozen out of every later collection; the
    collector is on again for the requests."""
    loaded = run_in_fresh_lambda(LOAD_AND_COUNT_COLLECTIONS, function, tmp_path)
    assert loaded["during"] == []
    assert loaded["frozen"] > 50_000  # the modules' objects: the api's ~110,000, the authorizer's ~60,000
    assert loaded["enabled"] is True
