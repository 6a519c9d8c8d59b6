"""Janitor schedules: one rule per job, each sending a complete EventBridge event the janitor parses."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from engram_infra.config import JANITOR_JOBS
from engram_infra.stack import REPO_ROOT
from infra_helpers import Synth

SUBSTITUTIONS = {
    "id": "5c1f9e8e-1c3a-4c6e-9d1e-2f0a7b1c9d10",
    "account": "123456789012",
    "time": "2026-01-01T00:05:00Z",
    "region": "us-east-1",
}


def _delivered_event(target: dict[str, Any]) -> dict[str, Any]:
    """The event as EventBridge would deliver it: input paths substituted into the template."""
    transformer = target["InputTransformer"]
    values = {
        name: SUBSTITUTIONS[path.removeprefix("$.")] for name, path in transformer["InputPathsMap"].items()
    }
    return json.loads(
        re.sub(r"<([\w-]+)>", lambda m: json.dumps(values[m.group(1)]), transformer["InputTemplate"])
    )


def _rules(synth: Synth) -> dict[str, dict[str, Any]]:
    rules = {}
    for rule in synth.resources("AWS::Events::Rule").values():
        (target,) = rule["Properties"]["Targets"]
        rules[_delivered_event(target)["detail"]["job"]] = rule["Properties"]
    return rules


def test_one_rule_per_job_each_targeting_the_janitor(dev: Synth) -> None:
    rules = _rules(dev)
    assert set(rules) == set(JANITOR_JOBS)
    janitor_arn = {"Ref": dev.alias_id("janitor")}  # the alias's ARN: its published version
    for job, rule in rules.items():
        (target,) = rule["Targets"]
        assert target["Arn"] == janitor_arn, job
        assert _delivered_event(target)["detail"] == {"job": job, "dry_run": False}


def test_rates_match_the_design(dev: Synth) -> None:
    rates = {job: rule["ScheduleExpression"] for job, rule in _rules(dev).items()}
    assert rates == {
        "repair": "rate(5 minutes)",
        "expire": "rate(1 hour)",
        "decay": "rate(1 day)",
        "retention": "rate(1 day)",
        "consolidate": "rate(1 day)",
        "reembed": "rate(15 minutes)",
    }


def test_rates_come_from_context(synth: Any) -> None:
    stack = synth(schedule_decay="cron(0 3 * * ? *)")
    assert _rules(stack)["decay"]["ScheduleExpression"] == "cron(0 3 * * ? *)"


def test_the_delivered_event_parses_with_the_janitors_envelope(dev: Synth) -> None:
    models = pytest.importorskip("aws_lambda_powertools.utilities.parser.models")
    for job, rule in _rules(dev).items():
        (target,) = rule["Targets"]
        event = models.EventBridgeModel.model_validate(_delivered_event(target))
        assert event.detail_type == "Scheduled Event"
        assert event.detail == {"job": job, "dry_run": False}
        assert event.account == SUBSTITUTIONS["account"]


def test_the_delivered_event_looks_like_the_sample_events(dev: Synth) -> None:
    for job, rule in _rules(dev).items():
        sample = json.loads((REPO_ROOT / "events" / "janitor" / f"{job}.json").read_text())
        (target,) = rule["Targets"]
        event = _delivered_event(target)
        assert set(event) == set(sample), job
        for key in ("version", "source", "detail-type", "detail"):
            assert event[key] == sample[key], (job, key)
