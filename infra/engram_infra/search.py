"""The vector + BM25 index: an OpenSearch Serverless VECTORSEARCH collection (default) or, with
`-c opensearch=domain`, a small managed OpenSearch domain. The index mapping is the application's job.

Either way the endpoint is public and every request must be SigV4-signed by one of the three roles
granted below; nothing is anonymous. A VPC would add NAT or interface-endpoint costs to every function
for no extra protection of an IAM-only endpoint.
"""

from __future__ import annotations

from typing import Literal

import jsii
from aws_cdk import RemovalPolicy, Stack
from aws_cdk import aws_ec2 as ec2
from aws_cdk import aws_iam as iam
from aws_cdk import aws_logs as logs
from aws_cdk import aws_opensearchserverless as aoss
from aws_cdk import aws_opensearchservice as opensearch
from constructs import Construct, IValidation

from .config import EngramConfig
from .nag import acknowledge

# Every granted role reads and writes: the api searches and also deletes forgotten memories (creating the
# index first if it does not exist yet); enrich indexes; the janitor re-indexes, expires and consolidates.
INDEX_ACTIONS = (
    "aoss:ReadDocument",
    "aoss:WriteDocument",
    "aoss:DescribeIndex",
    "aoss:CreateIndex",
    "aoss:UpdateIndex",
)
DOMAIN_ACTIONS = ("es:ESHttpGet", "es:ESHttpHead", "es:ESHttpPost", "es:ESHttpPut", "es:ESHttpDelete")


class Search(Construct):
    """`endpoint` (https URL) and `mode` (aoss | es) for the functions' settings; `grant_read_write`
    gives a function's role access to the memories index, and nobody else gets any."""

    endpoint: str
    mode: Literal["aoss", "es"]

    def __init__(self, scope: Construct, construct_id: str, *, config: EngramConfig) -> None:
        super().__init__(scope, construct_id)
        self._config = config
        self._removal = RemovalPolicy.RETAIN if config.is_prod else RemovalPolicy.DESTROY
        self._roles: list[iam.IRole] = []
        self.collection: aoss.CfnCollection | None = None
        self.domain: opensearch.Domain | None = None
        if config.opensearch == "serverless":
            self._serverless()
        else:
            self._managed_domain()
        self.node.add_validation(_RequiresGrants(self))

    # -- access ---------------------------------------------------------------------------------

    def grant_read_write(self, role: iam.IRole) -> None:
        self._roles.append(role)
        if self.domain is not None:
            cfn_domain = self.domain.node.default_child
            assert isinstance(cfn_domain, opensearch.CfnDomain)
            cfn_domain.access_policies = self._domain_access_policy()
        else:
            self._grant_api_access(role)
            self.data_access_policy.policy = self._data_access_policy()

    def _grant_api_access(self, role: iam.IRole) -> None:
        # Serverless authorizes twice: IAM lets the role call the collection's data plane at all,
        # the data access policy below says which index operations it may run.
        assert self.collection is not None
        role.add_to_principal_policy(
            iam.PolicyStatement(actions=["aoss:APIAccessAll"], resources=[self.collection.attr_arn])
        )

    # -- serverless -----------------------------------------------------------------------------

    def _serverless(self) -> None:
        name = f"engram-{self._config.stage}"
        collection_resource = [f"collection/{name}"]
        encryption = aoss.CfnSecurityPolicy(
            self,
            "EncryptionPolicy",
            name=f"{name}-enc",
            type="encryption",
            description="engram: AWS-owned key",
            policy=Stack.of(self).to_json_string(
                {
                    "Rules": [{"ResourceType": "collection", "Resource": collection_resource}],
                    "AWSOwnedKey": True,
                }
            ),
        )
        network = aoss.CfnSecurityPolicy(
            self,
            "NetworkPolicy",
            name=f"{name}-net",
            type="network",
            description="engram: public endpoint, SigV4 + data access policy required",
            policy=Stack.of(self).to_json_string(
                [
                    {
                        "Rules": [{"ResourceType": "collection", "Resource": collection_resource}],
                        "AllowFromPublic": True,
                    }
                ]
            ),
        )
        self.collection = aoss.CfnCollection(
            self,
            "Collection",
            name=name,
            type="VECTORSEARCH",
            description="engram memories: k-NN + BM25",
            standby_replicas="ENABLED" if self._config.opensearch_standby_replicas else "DISABLED",
        )
        self.collection.node.add_dependency(encryption, network)
        self.data_access_policy = aoss.CfnAccessPolicy(
            self,
            "DataAccessPolicy",
            name=f"{name}-data",
            type="data",
            description="engram: the api, enrich and janitor roles on the memories index, nobody else",
            policy="[]",  # rewritten by each grant below
        )
        for resource in (encryption, network, self.collection, self.data_access_policy):
            resource.apply_removal_policy(self._removal)
        self.endpoint = self.collection.attr_collection_endpoint
        self.mode = "aoss"

    def _data_access_policy(self) -> str:
        index = [f"index/engram-{self._config.stage}/{self._config.opensearch_index}*"]
        rule = {
            "Description": "engram functions",
            "Rules": [{"ResourceType": "index", "Resource": index, "Permission": list(INDEX_ACTIONS)}],
            "Principal": [role.role_arn for role in self._roles],
        }
        return Stack.of(self).to_json_string([rule])

    # -- managed domain -------------------------------------------------------------------------

    def _domain_access_policy(self) -> dict[str, object]:
        """The domain's resource policy: the granted roles, by name, and nobody else."""
        statement = {
            "Effect": "Allow",
            "Principal": {"AWS": [role.role_arn for role in self._roles]},
            "Action": list(DOMAIN_ACTIONS),
            "Resource": self._domain_resources,
        }
        return {"Version": "2012-10-17", "Statement": [statement]}

    def _managed_domain(self) -> None:
        slow_search, slow_index, app = (
            logs.LogGroup(
                self,
                f"{kind}Logs",
                retention=self._config.log_retention,
                removal_policy=self._removal,
            )
            for kind in ("SlowSearch", "SlowIndex", "App")
        )
        domain_name = f"engram-{self._config.stage}"
        domain_arn = Stack.of(self).format_arn(service="es", resource="domain", resource_name=domain_name)
        self._domain_resources = [domain_arn, f"{domain_arn}/*"]
        self.domain = opensearch.Domain(
            self,
            "Domain",
            domain_name=domain_name,
            version=opensearch.EngineVersion.OPENSEARCH_2_19,
            capacity=opensearch.CapacityConfig(
                data_nodes=1,
                data_node_instance_type=self._config.opensearch_instance_type,
                multi_az_with_standby_enabled=False,
            ),
            ebs=opensearch.EbsOptions(
                volume_size=self._config.opensearch_volume_gb, volume_type=ec2.EbsDeviceVolumeType.GP3
            ),
            zone_awareness=opensearch.ZoneAwarenessConfig(enabled=False),
            encryption_at_rest=opensearch.EncryptionAtRestOptions(enabled=True),
            node_to_node_encryption=True,
            enforce_https=True,
            tls_security_policy=opensearch.TLSSecurityPolicy.TLS_1_2,
            logging=opensearch.LoggingOptions(
                slow_search_log_enabled=True,
                slow_search_log_group=slow_search,
                slow_index_log_enabled=True,
                slow_index_log_group=slow_index,
                app_log_enabled=True,
                app_log_group=app,
            ),
            # The CDK would add a Lambda-backed custom resource to write this policy; a plain
            # AWS::Logs::ResourcePolicy does the same without another function in the stack.
            suppress_logs_resource_policy=True,
            removal_policy=self._removal,
        )
        logs_policy = logs.ResourcePolicy(
            self,
            "DomainLogsPolicy",
            policy_statements=[
                iam.PolicyStatement(
                    principals=[iam.ServicePrincipal("es.amazonaws.com")],
                    actions=["logs:CreateLogStream", "logs:PutLogEvents"],
                    resources=[group.log_group_arn for group in (slow_search, slow_index, app)],
                    conditions={"StringEquals": {"aws:SourceAccount": Stack.of(self).account}},
                )
            ],
        )
        self.domain.node.add_dependency(logs_policy)
        acknowledge(
            self.domain,
            (
                "AwsSolutions-OS1",
                "Public endpoint by design: its resource policy admits only SigV4-signed requests from the "
                "api, enrich and janitor roles. A VPC would put every function behind NAT or endpoints.",
            ),
            (
                "AwsSolutions-OS3",
                "Access is by IAM role, not source IP: Lambda has no fixed egress addresses.",
            ),
            (
                "AwsSolutions-OS4",
                "Domain mode is the small, cheap option (one data node); dedicated masters would triple its "
                "cost. Use the serverless collection (the default) for managed redundancy.",
            ),
            (
                "AwsSolutions-OS7",
                "One data node, so no second zone to spread over; the index can be rebuilt from the "
                "DynamoDB table, which is the source of truth.",
            ),
        )
        self.endpoint = f"https://{self.domain.domain_endpoint}"
        self.mode = "es"


@jsii.implements(IValidation)
class _RequiresGrants:
    """Synth fails, rather than deploying a collection nobody can reach, if no role was granted."""

    def __init__(self, search: Search) -> None:
        self._search = search

    def validate(self) -> list[str]:
        if self._search._roles:
            return []
        return ["nobody was granted access to the OpenSearch index"]
