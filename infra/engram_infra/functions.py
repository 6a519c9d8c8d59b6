"""The Lambda functions on the shared layer, and who may touch what.

One helper (`_function`) makes every function; one helper (`lambda_environment`) builds the settings
every function reads. Permissions are granted in one block, so least privilege can be read at a glance.

SnapStart (`snapstart`, Python 3.12+) restores published versions only, so every caller invokes the
alias `live` (`Functions.live`), which CDK moves to a new version when code or configuration changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from aws_cdk import Annotations, Duration, RemovalPolicy, Stack
from aws_cdk import aws_dynamodb as dynamodb
from aws_cdk import aws_iam as iam
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_lambda_event_sources as sources
from aws_cdk import aws_logs as logs
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from .config import EngramConfig
from .events import WEBHOOK_MAX_ATTEMPTS, WEBHOOK_TIMEOUT_S, ChangeEvents
from .layer import ARCHITECTURE, RUNTIMES, layer_code
from .nag import acknowledge
from .search import Search

LIVE_ALIAS = "live"

# The partition key prefix of API key items (engram.adapters.dynamo.key_lookup.key_item_key).
KEY_PARTITION_PREFIX = "KEY#"
# The partition key prefix of webhook endpoint items (engram.adapters.dynamo.webhooks).
WEBHOOK_PARTITION_PREFIX = "HOOK#"

# Model ids with a geography prefix are cross-region inference profiles, which route to the model in
# any region of that geography.
_INFERENCE_PROFILE_PREFIXES = ("us.", "eu.", "apac.", "jp.", "au.", "ca.", "us-gov.", "global.")


@dataclass(frozen=True)
class FunctionSpec:
    name: str  # its folder under functions/ and its construct id
    description: str
    timeout: Duration
    memory_mb: int


API = FunctionSpec("api", "engram HTTP API (API Gateway proxy)", Duration.seconds(25), 1024)
AUTHORIZER = FunctionSpec("authorizer", "engram API key authorizer", Duration.seconds(10), 512)
ENRICH = FunctionSpec("enrich", "engram enrichment worker (SQS)", Duration.seconds(120), 1024)
JANITOR = FunctionSpec("janitor", "engram janitor (EventBridge schedules)", Duration.seconds(300), 1024)
EVENTS = FunctionSpec("events", "engram change events (DynamoDB stream)", Duration.seconds(60), 512)
WEBHOOKS = FunctionSpec(
    "webhooks", "engram webhook deliveries (SQS)", Duration.seconds(WEBHOOK_TIMEOUT_S), 512
)


def lambda_environment(
    config: EngramConfig,
    *,
    table: dynamodb.ITable,
    queue: sqs.IQueue,
    dlq: sqs.IQueue,
    search: Search,
    events: ChangeEvents,
    idempotency: dynamodb.ITable | None = None,
) -> dict[str, str]:
    """The `ENGRAM_*` settings (see engram.settings.Settings) plus powertools' own, for every function."""
    named = {"ENGRAM_IDEMPOTENCY_TABLE": idempotency.table_name} if idempotency is not None else {}
    return named | {
        "ENGRAM_BACKEND": "aws",
        "ENGRAM_STAGE": config.stage,
        "ENGRAM_TABLE_NAME": table.table_name,
        "ENGRAM_QUEUE_URL": queue.queue_url,
        "ENGRAM_DLQ_URL": dlq.queue_url,
        "ENGRAM_OPENSEARCH_ENDPOINT": search.endpoint,
        "ENGRAM_OPENSEARCH_MODE": search.mode,
        "ENGRAM_OPENSEARCH_INDEX": config.opensearch_index,
        "ENGRAM_EMBEDDER__PROVIDER": config.embedding_provider,
        "ENGRAM_EMBEDDER__MODEL": config.embedding_model,
        "ENGRAM_EMBEDDER__DIMENSIONS": str(config.embedding_dimensions),
        "ENGRAM_ENRICHER__PROVIDER": config.llm_provider,
        "ENGRAM_ENRICHER__MODEL": config.llm_model,
        "ENGRAM_JANITOR__CULL_ENABLED": str(config.cull_enabled).lower(),
        "ENGRAM_JANITOR__TOMBSTONE_RETENTION_DAYS": str(config.tombstone_retention_days),
        "ENGRAM_JANITOR__HISTORY_RETENTION_DAYS": str(config.history_retention_days),
        "ENGRAM_PIPELINE_MODE": config.pipeline_mode,
        "ENGRAM_DEFAULT_KEY_RATE": config.default_key_rate,
        "ENGRAM_DEFAULT_KEY_BURST": str(config.default_key_burst),
        "ENGRAM_WEBHOOKS__BUS_NAME": events.bus.event_bus_name,
        "ENGRAM_WEBHOOKS__QUEUE_URL": events.webhook_queue.queue_url,
        "ENGRAM_WEBHOOKS__MAX_ATTEMPTS": str(WEBHOOK_MAX_ATTEMPTS),
        "POWERTOOLS_SERVICE_NAME": "engram",
        "POWERTOOLS_METRICS_NAMESPACE": "engram",
        # engram uses no pydantic plugin. Without this, the first model built reads the entry points
        # of every package on the path looking for some: ~1.4% of the api's cold start in instructions.
        "PYDANTIC_DISABLE_PLUGINS": "__all__",
    }


def adot_tracing(function: lambda_.Function, config: EngramConfig) -> None:
    """With `otel_tracing` on, the ADOT layer and its wrapper: it installs the OpenTelemetry SDK before
    the handler loads, so engram's spans (engram.tracing) and the AWS SDK's calls are exported."""
    if not config.otel_tracing:
        return
    layer = lambda_.LayerVersion.from_layer_version_arn(function, "AdotLayer", config.adot_layer_arn)
    function.add_layers(layer)
    function.add_environment("AWS_LAMBDA_EXEC_WRAPPER", "/opt/otel-instrument")


def bedrock_model_arns(scope: Construct, model_id: str) -> list[str]:
    """What `bedrock:InvokeModel` must name to call `model_id` (a model or an inference profile)."""
    stack = Stack.of(scope)
    if model_id.startswith(_INFERENCE_PROFILE_PREFIXES):
        base_model = model_id.split(".", 1)[1]
        return [
            stack.format_arn(service="bedrock", resource="inference-profile", resource_name=model_id),
            f"arn:{stack.partition}:bedrock:*::foundation-model/{base_model}",
        ]
    return [
        stack.format_arn(service="bedrock", account="", resource="foundation-model", resource_name=model_id)
    ]


class Functions(Construct):
    """`api`, `authorizer`, `enrich`, `janitor`, `events`, `webhooks` (lambda.Function, also in
    `by_name`), `live` (name -> the alias every caller invokes) and the `layer`."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: EngramConfig,
        source_root: Path,
        table: dynamodb.ITable,
        queue: sqs.IQueue,
        dlq: sqs.IQueue,
        search: Search,
        events: ChangeEvents,
        idempotency: dynamodb.ITable | None = None,
    ) -> None:
        super().__init__(scope, construct_id)
        self._config = config
        self._source_root = source_root
        self.layer = lambda_.LayerVersion(
            self,
            "EngramLayer",
            code=layer_code(source_root / "layers" / "engram", bundle=config.bundle, python=config.python),
            compatible_runtimes=[RUNTIMES[config.python]],
            compatible_architectures=[ARCHITECTURE],
            description="engram package and its runtime dependencies",
        )
        self._environment = lambda_environment(
            config, table=table, queue=queue, dlq=dlq, search=search, idempotency=idempotency, events=events
        )
        self.api = self._function(API)
        self.authorizer = self._function(AUTHORIZER)
        self.enrich = self._function(ENRICH)
        self.janitor = self._function(JANITOR)
        self.events = self._function(EVENTS)
        self.webhooks = self._function(WEBHOOKS)
        specs = (API, AUTHORIZER, ENRICH, JANITOR, EVENTS, WEBHOOKS)
        self.by_name = {spec.name: getattr(self, spec.name) for spec in specs}
        for function in self.by_name.values():
            adot_tracing(function, config)
        # What callers invoke: the published version's alias (SnapStart restores versions only).
        self.live = {name: fn.add_alias(LIVE_ALIAS) for name, fn in self.by_name.items()}

        # Who needs what. Table grants include the table's indexes (gsi1, gsi2): `<table arn>/index/*`.
        table_id = Stack.of(self).get_logical_id(table.node.default_child)  # type: ignore[arg-type]
        index_finding = f"AwsSolutions-IAM5[Resource::<{table_id}.Arn>/index/*]"
        table.grant_read_write_data(self.api)
        if idempotency is not None:  # Idempotency-Key records: the api alone reads and writes them
            idempotency.grant_read_write_data(self.api)
        queue.grant_send_messages(self.api)  # enrichment jobs and retrieval events
        dlq.grant(self.api, "sqs:GetQueueAttributes")  # dead-letter count in /v1/admin/stats
        search.grant_read_write(self._role(self.api))

        # The authorizer reads API keys and nothing else: GetItem on key items only (their partition
        # keys start with KEY_PARTITION_PREFIX), never a memory, a session or an index.
        self.authorizer.add_to_role_policy(
            iam.PolicyStatement(
                actions=["dynamodb:GetItem"],
                resources=[table.table_arn],
                conditions={
                    "ForAllValues:StringLike": {"dynamodb:LeadingKeys": [f"{KEY_PARTITION_PREFIX}*"]}
                },
            )
        )

        table.grant_read_write_data(self.enrich)
        search.grant_read_write(self._role(self.enrich))
        self.live["enrich"].add_event_source(
            sources.SqsEventSource(
                queue,
                batch_size=config.enrich_batch_size,
                max_batching_window=Duration.seconds(config.enrich_batching_window_seconds),
                report_batch_item_failures=True,
                max_concurrency=config.enrich_max_concurrency,
            )
        )

        table.grant_read_write_data(self.janitor)
        queue.grant_send_messages(self.janitor)
        dlq.grant_consume_messages(self.janitor)
        dlq.grant_send_messages(self.janitor)
        search.grant_read_write(self._role(self.janitor))

        # Change events: the stream to the bus and the webhook queue (reading the tenant's endpoints);
        # the webhook queue to the endpoints (reading each endpoint's URL and secret), backing off by
        # each message's visibility. Neither writes the table.
        self.live["events"].add_event_source(
            sources.DynamoEventSource(
                table,
                starting_position=lambda_.StartingPosition.TRIM_HORIZON,
                batch_size=100,
                bisect_batch_on_error=True,
                retry_attempts=10,
                max_record_age=Duration.days(1),
                report_batch_item_failures=True,
                on_failure=sources.SqsDlq(events.stream_failures),
            )
        )
        for function in (self.events, self.webhooks):  # the endpoints' items only, as the authorizer's keys
            function.add_to_role_policy(
                iam.PolicyStatement(
                    actions=["dynamodb:GetItem", "dynamodb:Query"],
                    resources=[table.table_arn],
                    conditions={
                        "ForAllValues:StringLike": {"dynamodb:LeadingKeys": [f"{WEBHOOK_PARTITION_PREFIX}*"]}
                    },
                )
            )
        events.bus.grant_put_events_to(self.events)
        events.webhook_queue.grant_send_messages(self.events)
        self.live["webhooks"].add_event_source(
            sources.SqsEventSource(events.webhook_queue, batch_size=10, report_batch_item_failures=True)
        )

        # Recall embeds the query (api); enrichment embeds memories and asks the LLM (enrich); the
        # janitor's consolidate job asks the LLM whether two close memories should merge, and its reembed
        # job embeds again after a model switch.
        if config.embedding_provider == "bedrock":
            self._allow_models(self.api, config.embedding_model)
            self._allow_models(self.enrich, config.embedding_model)
            self._allow_models(self.janitor, config.embedding_model)
        if config.llm_provider == "bedrock":
            self._allow_models(self.enrich, config.llm_model)
            self._allow_models(self.janitor, config.llm_model)
        for function in (self.api, self.enrich, self.janitor):
            acknowledge(
                self._role(function),
                (
                    index_finding,
                    "Queries on the table's own GSIs (gsi1: a user's memories, gsi2: enrichment state).",
                ),
            )

    def _function(self, spec: FunctionSpec) -> lambda_.Function:
        code_dir = self._source_root / "functions" / spec.name
        if not (code_dir / "handler.py").is_file():
            raise FileNotFoundError(
                f"{code_dir / 'handler.py'} is missing: each function needs handler(event, context)"
            )
        construct_id = spec.name.capitalize()
        log_group = logs.LogGroup(
            self,
            f"{construct_id}Logs",
            retention=self._config.log_retention,
            removal_policy=RemovalPolicy.RETAIN if self._config.is_prod else RemovalPolicy.DESTROY,
        )
        role = iam.Role(
            self,
            f"{construct_id}Role",
            assumed_by=iam.ServicePrincipal("lambda.amazonaws.com"),
            description=f"{spec.description}: execution role",
        )
        log_group.grant_write(role)  # instead of the AWSLambdaBasicExecutionRole managed policy
        acknowledge(
            role,
            (
                "AwsSolutions-IAM5[Resource::*]",
                "Active tracing needs xray:PutTraceSegments and xray:PutTelemetryRecords, which support no "
                "resource-level permissions; those two actions are the only ones on Resource::*.",
            ),
        )
        function = lambda_.Function(
            self,
            construct_id,
            description=spec.description,
            runtime=RUNTIMES[self._config.python],
            architecture=ARCHITECTURE,
            handler="handler.handler",
            code=lambda_.Code.from_asset(str(code_dir), exclude=["**/__pycache__", "**/*.pyc"]),
            layers=[self.layer],
            role=role,
            environment=self._environment,
            timeout=spec.timeout,
            memory_size=spec.memory_mb,
            tracing=lambda_.Tracing.ACTIVE,
            logging_format=lambda_.LoggingFormat.JSON,
            application_log_level_v2=lambda_.ApplicationLogLevel.INFO,
            system_log_level_v2=lambda_.SystemLogLevel.WARN,
            log_group=log_group,
            snap_start=lambda_.SnapStartConf.ON_PUBLISHED_VERSIONS if self._config.snapstart else None,
        )
        if self._config.snapstart:  # the version is published below, behind the alias callers invoke
            Annotations.of(function).acknowledge_warning(
                "@aws-cdk/aws-lambda:snapStartRequirePublish", f"published as the alias {LIVE_ALIAS!r}"
            )
        acknowledge(
            function,
            (
                "AwsSolutions-L1",
                f"Pinned to python{self._config.python} on purpose (cdk.json's `python`): the layer's "
                "wheels and bytecode are built for it. Change it there, for every function at once.",
            ),
        )
        return function

    @staticmethod
    def _role(function: lambda_.Function) -> iam.IRole:
        assert function.role is not None
        return function.role

    def _allow_models(self, function: lambda_.Function, model_id: str) -> None:
        arns = bedrock_model_arns(self, model_id)
        function.add_to_role_policy(iam.PolicyStatement(actions=["bedrock:InvokeModel"], resources=arns))
        if model_id.startswith(_INFERENCE_PROFILE_PREFIXES):
            any_region = f"arn:<AWS::Partition>:bedrock:*::foundation-model/{model_id.split('.', 1)[1]}"
            acknowledge(
                self._role(function),
                (
                    f"AwsSolutions-IAM5[Resource::{any_region}]",
                    f"{model_id} is a cross-region inference profile: it may serve a request from the model "
                    "in any region of its geography, so the foundation-model ARN names every region.",
                ),
            )
