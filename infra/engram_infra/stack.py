"""The engram stack: storage, pipeline, search, functions, API, schedules, monitoring."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aws_cdk import Annotations, CfnOutput, Stack
from constructs import Construct

from .api import Api
from .config import EngramConfig
from .events import ChangeEvents
from .functions import ENRICH, Functions
from .layer import bytecode_warning
from .monitoring import Monitoring
from .pipeline import Pipeline
from .schedules import Schedules
from .search import Search
from .storage import Storage

REPO_ROOT = Path(__file__).resolve().parents[2]


class EngramStack(Stack):
    """Environment-agnostic: nothing is looked up in an account, so `cdk synth` runs offline."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: EngramConfig,
        source_root: Path = REPO_ROOT,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            scope, construct_id, description=f"engram long-term memory ({config.stage})", **kwargs
        )
        self.config = config
        self.storage = Storage(self, "Storage", config=config)
        self.pipeline = Pipeline(self, "Pipeline", config=config, worker_timeout=ENRICH.timeout)
        self.search = Search(self, "Search", config=config)
        self.events = ChangeEvents(self, "Events", config=config)
        self.functions = Functions(
            self,
            "Functions",
            config=config,
            source_root=source_root,
            table=self.storage.table,
            queue=self.pipeline.queue,
            dlq=self.pipeline.dlq,
            search=self.search,
            idempotency=self.storage.idempotency,
            events=self.events,
        )
        self.api = Api(
            self,
            "Api",
            config=config,
            handler=self.functions.live["api"],
            authorizer=self.functions.live["authorizer"],
        )
        self.schedules = Schedules(self, "Schedules", config=config, janitor=self.functions.live["janitor"])
        self.monitoring = Monitoring(
            self,
            "Monitoring",
            config=config,
            functions=self.functions.by_name,
            queue=self.pipeline.queue,
            dlq=self.pipeline.dlq,
            rest_api=self.api.rest_api,
            table=self.storage.table,
        )
        if warning := bytecode_warning(bundle=config.bundle, python=config.python):
            Annotations.of(self).add_warning_v2("engram:LayerWithoutBytecode", warning)
        if not config.bundle:
            Annotations.of(self).add_warning_v2(
                "engram:LayerNotBundled",
                "bundle=false: the layer holds the engram package without its dependencies. "
                "Fine for synth and tests; do not deploy this template.",
            )

        table_name = self.storage.table.table_name
        CfnOutput(self, "ApiUrl", value=f"{self.api.url}v1/", description="Base URL of the engram API")
        CfnOutput(self, "TableName", value=table_name, description="DynamoDB table (memories and API keys)")
        CfnOutput(self, "EnrichmentQueueUrl", value=self.pipeline.queue.queue_url)
        CfnOutput(self, "EventBusName", value=self.events.bus.event_bus_name, description="change events")
        CfnOutput(
            self,
            "WebhookDeadLetterQueueUrl",
            value=self.events.webhook_dlq.queue_url,
            description="webhook deliveries that failed every try; redrive to replay them",
        )
        CfnOutput(self, "OpenSearchEndpoint", value=self.search.endpoint)
        CfnOutput(self, "DashboardName", value=self.monitoring.dashboard.dashboard_name)
        CfnOutput(self, "JanitorFunctionName", value=self.functions.janitor.function_name)
        CfnOutput(
            self,
            "CreateFirstApiKey",
            description="Run with this stack's AWS credentials; prints the key once",
            value=f"AWS_REGION={self.region} ENGRAM_BACKEND=aws ENGRAM_TABLE_NAME={table_name}"
            " engram keys create --tenant <TENANT>",
        )
