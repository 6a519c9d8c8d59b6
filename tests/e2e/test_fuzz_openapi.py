"""Property-based contract test: schemathesis drives a real `engram serve` from the OpenAPI document
the server itself serves, with valid and invalid data (examples, coverage of boundaries and
negations, random fuzzing, and stateful sequences that follow the links between operations). Every
answer must be one the document describes (status, content type, body schema, headers), invalid
input must be refused with a 4xx, and no answer may be a 5xx.

Bounded and repeatable for CI: a few examples per operation (--max-examples), deterministic
generation (Hypothesis derandomized: the same requests every run, no example database), no
shrinking. It runs the `st` command line, so a failure can be replayed by hand with the command
printed in the assertion message.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request
from urllib.parse import urlsplit

import pytest

from tests.e2e.conftest import Server, new_key

pytestmark = pytest.mark.e2e

MAX_EXAMPLES = 10  # per operation and phase: about 600 requests in ~20 s on one core
CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_schema_conformance",
    "response_headers_conformance",
    "negative_data_rejection",  # input the document calls invalid is refused
)
# How engram refuses invalid input; 413 is a refusal too (a body over the size limit). No 5xx.
REJECTION_STATUSES = ("400", "401", "404", "405", "409", "413", "422", "429")
CONFIG = f"""
[checks.negative_data_rejection]
expected-statuses = {json.dumps(list(REJECTION_STATUSES))}
"""


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("engram-fuzz")
    key = new_key(data_dir, "fuzz")
    # Fuzzed document URLs are refused at the door: their fetch would look names up outside loopback.
    # Webhook URLs likewise (their check looks the name up).
    env = {
        "ENGRAM_EMBEDDER__PROVIDER": "hashing",
        "ENGRAM_DOCUMENTS__FETCH_ENABLED": "false",
        "ENGRAM_WEBHOOKS__ENABLED": "false",
    }
    server = Server(data_dir, env)
    yield server, key, tmp_path_factory.mktemp("schemathesis")
    server.stop()


def command(url: str, key: str, workdir) -> list[str]:
    config = workdir / "schemathesis.toml"
    config.write_text(CONFIG)
    return [
        *(sys.executable, "-m", "schemathesis.cli", "--config-file", str(config), "run"),
        f"{url}/v1/openapi.json",
        *("--header", f"Authorization: Bearer {key}"),
        *("--checks", ",".join(CHECKS)),
        *("--phases", "examples,coverage,fuzzing,stateful"),
        *("--mode", "all"),  # positive and negative data
        *("--max-examples", str(MAX_EXAMPLES)),
        "--generation-deterministic",
        "--no-shrink",
        *("--workers", "1"),
        *("--request-timeout", "30"),
        *("--report", "json,vcr"),
        *("--report-dir", str(workdir)),
        "--no-color",
    ]


def test_every_answer_is_one_the_document_describes(fuzzed):
    server, key, workdir = fuzzed
    argv = command(server.url, key, workdir)
    run = subprocess.run(argv, capture_output=True, text=True, cwd=workdir, timeout=300)
    shown = " ".join(a if not a.startswith("Authorization") else "Authorization: Bearer $KEY" for a in argv)
    assert run.returncode == 0, f"{shown}\n{run.stdout[-8000:]}\n{run.stderr[-2000:]}"

    report = json.loads(next(workdir.glob("json-*.json")).read_text())
    assert report["complete"] and report["failures"] == [] and report["errors"] == []
    assert report["operations"]["tested"] == report["operations"]["total"]

    cassette = next(workdir.glob("vcr-*.yaml")).read_text()
    statuses = [int(code) for code in re.findall(r"^      code: '(\d{3})'$", cassette, re.MULTILINE)]
    assert len(statuses) == len(re.findall(r"^- id: ", cassette, re.MULTILINE))  # one answer per request
    print(
        f"\nschemathesis: {len(statuses)} requests, {report['test_cases']['generated']} test cases, "
        f"{sum(s >= 500 for s in statuses)} 5xx, {len(report['failures'])} spec mismatches, "
        f"{report['running_time']:.1f} s"
    )
    assert len(statuses) >= 300, "the fuzz run made too few requests to mean anything"
    # Every route of the document was exercised (schemathesis leaves out the document's own route).
    with urllib.request.urlopen(f"{server.url}/v1/openapi.json", timeout=10) as resp:
        paths = set(json.load(resp)["paths"]) - {"/v1/openapi.json"}
    called = {urlsplit(uri).path for uri in re.findall(r"^    uri: '([^']*)'", cassette, re.MULTILINE)}
    for path in paths:
        pattern = re.sub(r"\\\{[^/]+\\\}", "[^/]+", re.escape(path))
        assert any(re.fullmatch(pattern, sent) for sent in called), f"{path} was never called"
    assert not [s for s in statuses if s >= 500]
