"""Alarms (to an SNS topic) and one dashboard."""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_apigateway as apigw
from aws_cdk import aws_cloudwatch as cloudwatch
from aws_cdk import aws_cloudwatch_actions as actions
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_sns as sns
from aws_cdk import aws_sns_subscriptions as subscriptions
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from .config import EngramConfig

_FIVE_MINUTES = Duration.minutes(5)


class Monitoring(Construct):
    """`topic` receives every alarm; `alarms` by name; `dashboard`."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: EngramConfig,
        functions: dict[str, lambda_.Function],
        queue: sqs.IQueue,
        dlq: sqs.IQueue,
        rest_api: apigw.RestApi,
        table: dynamodb.ITable,
    ) -> None:
        super().__init__(scope, construct_id)
        self.topic = sns.Topic(
            self, "AlarmTopic", display_name=f"engram {config.stage} alarms", enforce_ssl=True
        )
        if config.alarm_email:
            self.topic.add_subscription(subscriptions.EmailSubscription(config.alarm_email))

        self.alarms: dict[str, cloudwatch.Alarm] = {}
        self._alarm(
            "DeadLetters",
            dlq.metric_approximate_number_of_messages_visible(period=_FIVE_MINUTES, statistic="Maximum"),
            "Enrichment jobs reached the dead-letter queue. Their memories are stored (raw first); see "
            "docs/deploy.md to redrive them with the janitor once the cause is fixed.",
        )
        self._alarm(
            "EnrichmentBacklog",
            queue.metric_approximate_age_of_oldest_message(period=_FIVE_MINUTES, statistic="Maximum"),
            "The oldest enrichment job has waited more than 15 minutes.",
            threshold=15 * 60,
        )
        for name, function in functions.items():
            self._alarm(
                f"{name}Errors", function.metric_errors(period=_FIVE_MINUTES), f"{name} function errors."
            )
            self._alarm(
                f"{name}Throttles",
                function.metric_throttles(period=_FIVE_MINUTES),
                f"{name} function throttled.",
            )
        self._alarm("Api5xx", rest_api.metric_server_error(period=_FIVE_MINUTES), "The API answered 5XX.")
        self._alarm(
            "HealthScore",
            cloudwatch.Metric(
                namespace="engram",
                metric_name="HealthScore",
                dimensions_map={"service": "engram"},  # what powertools' Metrics adds to each metric
                period=Duration.minutes(15),
                statistic="Minimum",
            ),
            "The janitor's health score (engram doctor) stayed below 0.8: dead jobs, stale leases, index or "
            "embedding gaps, or tombstones. Run `engram doctor` against the deployment to see which.",
            threshold=0.8,
            below=True,
        )

        self.dashboard = cloudwatch.Dashboard(self, "Dashboard", dashboard_name=f"engram-{config.stage}")
        self.dashboard.add_widgets(
            cloudwatch.GraphWidget(
                title="API",
                left=[
                    rest_api.metric_count(),
                    rest_api.metric_client_error(),
                    rest_api.metric_server_error(),
                ],
                right=[rest_api.metric_latency(statistic="p99")],
            ),
            cloudwatch.GraphWidget(
                title="Enrichment queue",
                left=[
                    queue.metric_approximate_number_of_messages_visible(),
                    dlq.metric_approximate_number_of_messages_visible(),
                ],
                right=[queue.metric_approximate_age_of_oldest_message()],
            ),
        )
        self.dashboard.add_widgets(
            cloudwatch.GraphWidget(
                title="Function errors and throttles",
                left=[function.metric_errors(label=f"{name} errors") for name, function in functions.items()],
                right=[
                    function.metric_throttles(label=f"{name} throttles")
                    for name, function in functions.items()
                ],
            ),
            cloudwatch.GraphWidget(
                title="Function duration p99",
                left=[
                    function.metric_duration(statistic="p99", label=name)
                    for name, function in functions.items()
                ],
            ),
            cloudwatch.GraphWidget(
                title="DynamoDB",
                left=[
                    table.metric_consumed_read_capacity_units(),
                    table.metric_consumed_write_capacity_units(),
                ],
            ),
            cloudwatch.AlarmStatusWidget(title="Alarms", alarms=list(self.alarms.values())),
        )

    def _alarm(
        self,
        name: str,
        metric: cloudwatch.Metric,
        description: str,
        *,
        threshold: float = 0,
        below: bool = False,
    ) -> None:
        alarm = metric.create_alarm(
            self,
            name,
            alarm_description=description,
            threshold=threshold,
            comparison_operator=cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD
            if below
            else cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
            evaluation_periods=1,
            treat_missing_data=cloudwatch.TreatMissingData.NOT_BREACHING,
        )
        alarm.add_alarm_action(actions.SnsAction(self.topic))
        self.alarms[name] = alarm
