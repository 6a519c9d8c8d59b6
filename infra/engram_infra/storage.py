"""The single DynamoDB table (memories, their history, enrichment state and API keys), and the table of
the API's `Idempotency-Key` records."""

from __future__ import annotations

from aws_cdk import RemovalPolicy
from aws_cdk import aws_dynamodb as dynamodb
from constructs import Construct

from .config import EngramConfig

_S = dynamodb.AttributeType.STRING
# What the tenant index projects (engram.adapters.dynamo.items.TENANT_INDEX_PROJECTION; a test holds
# the two equal): memories' status and enrichment state, API keys' fields.
TENANT_INDEX_PROJECTION = (
    "status", "enrichment_state", "key_id", "key_hash", "name", "created_at", "revoked_at", "rate",
    "burst", "unlimited", "users",
)  # fmt: skip


class Storage(Construct):
    """`table`: pk/sk; gsi1 lists a user's memories (and sessions), gsi2 finds memories by enrichment
    state, gsi3 a tenant's memories and keys. `idempotency`: powertools' idempotency records (key `id`,
    TTL on `expiration`), a table of their own so that each key is its own partition."""

    def __init__(self, scope: Construct, construct_id: str, *, config: EngramConfig) -> None:
        super().__init__(scope, construct_id)
        self.table = dynamodb.Table(
            self,
            "Table",
            partition_key=dynamodb.Attribute(name="pk", type=_S),
            sort_key=dynamodb.Attribute(name="sk", type=_S),
            billing_mode=dynamodb.BillingMode.PAY_PER_REQUEST,
            time_to_live_attribute="expires_at",
            stream=dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,  # change events (events.py)
            point_in_time_recovery_specification=dynamodb.PointInTimeRecoverySpecification(
                point_in_time_recovery_enabled=True
            ),
            deletion_protection=config.is_prod,
            removal_policy=RemovalPolicy.RETAIN if config.is_prod else RemovalPolicy.DESTROY,
        )
        for name in ("gsi1", "gsi2"):
            self.table.add_global_secondary_index(
                index_name=name,
                partition_key=dynamodb.Attribute(name=f"{name}pk", type=_S),
                sort_key=dynamodb.Attribute(name=f"{name}sk", type=_S),
                projection_type=dynamodb.ProjectionType.ALL,
            )
        # A tenant's memories and keys by attributes every such item has, so a tenant's stats never
        # scan the shared table; DynamoDB fills it from the existing items when it is added.
        self.table.add_global_secondary_index(
            index_name="gsi3",
            partition_key=dynamodb.Attribute(name="tenant", type=_S),
            sort_key=dynamodb.Attribute(name="pk", type=_S),
            projection_type=dynamodb.ProjectionType.INCLUDE,
            non_key_attributes=list(TENANT_INDEX_PROJECTION),
        )
        # What powertools' DynamoDBPersistenceLayer writes by default (engram.runtime.container).
        self.idempotency = dynamodb.Table(
            self,
            "IdempotencyTable",
            partition_key=dynamodb.Attribute(name="id", type=_S),
            billing_mode=dynamodb.BillingMode.PAY_PER_REQUEST,
            time_to_live_attribute="expiration",
            point_in_time_recovery_specification=dynamodb.PointInTimeRecoverySpecification(
                point_in_time_recovery_enabled=True
            ),
            removal_policy=RemovalPolicy.DESTROY,  # answers kept 24 h for retries, nothing to keep
        )
