"""cdk-nag AwsSolutions: no unacknowledged finding in any configuration, and synth enforces it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import aws_cdk as cdk
import pytest
from aws_cdk import aws_sqs as sqs
from cdk_nag import AwsSolutionsChecks
from engram_infra import build
from infra_helpers import cdk_json_context


def _findings(stack: cdk.Stack) -> list[str]:
    report = AwsSolutionsChecks().validate_scope(stack)
    return [
        f"{v.severity} {v.rule_name} at {[r.resource_logical_id for r in v.violating_resources]}"
        for v in report.violations
    ]


@pytest.mark.parametrize(
    "context",
    [
        {},
        {"stage": "prod"},
        {"opensearch": "domain"},
        {"llm_model": "us.anthropic.claude-3-5-haiku-20241022-v1:0", "apigw_cloudwatch_role": "false"},
        {"waf_rate_limit": "1000"},
    ],
    ids=["dev", "prod", "domain", "inference-profile", "waf"],
)
def test_no_unacknowledged_findings(synth: Any, context: dict[str, str]) -> None:
    assert _findings(synth(**context).stack) == []


def test_synth_fails_on_a_new_finding(source_root: Path, tmp_path: Path) -> None:
    app = cdk.App(context={**cdk_json_context(), "bundle": False}, outdir=str(tmp_path))
    stack = build(app, source_root=source_root)
    sqs.Queue(stack, "UnencryptedQueueWithoutDlq")

    with pytest.raises(RuntimeError, match="ValidationFailed"):
        app.synth()

    report = json.loads((tmp_path / "validation-report.json").read_text())
    rules = {v["ruleName"] for plugin in report["pluginReports"] for v in plugin["violations"]}
    assert {"AwsSolutions-SQS3", "AwsSolutions-SQS4"} <= rules
