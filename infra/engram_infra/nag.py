"""cdk-nag (v3) acknowledgments: every one names its rule (or finding) and says why."""

from __future__ import annotations

from aws_cdk import Acknowledgment, Validations
from constructs import IConstruct


def acknowledge(scope: IConstruct, *findings: tuple[str, str]) -> None:
    """Acknowledge `(rule id or RuleId[finding], reason)` pairs on `scope` and what it contains."""
    Validations.of(scope).acknowledge(*(Acknowledgment(id=rule, reason=reason) for rule, reason in findings))
