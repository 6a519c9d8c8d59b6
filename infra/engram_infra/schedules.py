"""EventBridge rules, one per janitor job.

A target `input` replaces the whole event, and the janitor parses what it gets with powertools'
`EventBridgeEnvelope`; so each rule sends a complete scheduled-event document whose `detail` names
the job, with the real event's id, time, account and region substituted in by EventBridge.
"""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_events as events
from aws_cdk import aws_events_targets as targets
from aws_cdk import aws_lambda as lambda_
from constructs import Construct

from .config import JANITOR_JOBS, EngramConfig


def janitor_event(job: str, *, dry_run: bool = False) -> events.RuleTargetInput:
    return events.RuleTargetInput.from_object(
        {
            "version": "0",
            "id": events.EventField.event_id,
            "detail-type": "Scheduled Event",
            "source": "engram.janitor",  # as in events/janitor/*.json
            "account": events.EventField.account,
            "time": events.EventField.time,
            "region": events.EventField.region,
            "resources": [],  # the rule's own ARN here would make the rule depend on itself
            "detail": {"job": job, "dry_run": dry_run},
        }
    )


class Schedules(Construct):
    """`rules`: job name -> events.Rule targeting the janitor."""

    def __init__(
        self, scope: Construct, construct_id: str, *, config: EngramConfig, janitor: lambda_.IFunction
    ) -> None:
        super().__init__(scope, construct_id)
        self.rules: dict[str, events.Rule] = {}
        for job in JANITOR_JOBS:
            self.rules[job] = events.Rule(
                self,
                f"{job.capitalize()}Schedule",
                description=f"engram janitor: {job}",
                schedule=events.Schedule.expression(config.schedules[job]),
                targets=[
                    targets.LambdaFunction(
                        janitor,
                        event=janitor_event(job),
                        retry_attempts=2,
                        max_event_age=Duration.hours(1),
                    )
                ],
            )
