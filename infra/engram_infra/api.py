"""The REST API: explicit v1 routes to the api function, an API key authorizer on all but health and
the API's own documentation (OpenAPI document, Swagger UI), JSON error bodies for what API Gateway
answers itself, throttling and JSON access logs.

A method a route does not have is answered by API Gateway itself (MISSING_AUTHENTICATION_TOKEN,
mapped to a JSON 404 below); `engram serve` answers it with a JSON 405 and `Allow`.

Throttling has three layers. Every key is held to its own rate or the deployment's default
(`default_key_rate`, a token bucket the api function takes from: a 429 with Retry-After), so one
tenant cannot starve the others; the stage's method throttle (`throttle_rate`/`throttle_burst`) caps
all callers together, protecting the account's Lambda concurrency; and an optional WAF web ACL
(`waf_rate_limit` > 0, off by default: about $6/month) blocks a key's requests at the edge past that
many per 5 minutes, before the authorizer or the function runs. Usage plans would not help: API
Gateway applies them only to methods that require its own API keys, and engram's keys are its own.

Request size: API Gateway's own limit (10 MB) cannot be lowered. The application rejects bodies over
64 KiB with a JSON 413, so nothing larger reaches the store. CORS is off (agents call from servers).
"""

from __future__ import annotations

import json

from aws_cdk import Duration, RemovalPolicy
from aws_cdk import aws_apigateway as apigw
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from aws_cdk import aws_wafv2 as wafv2
from constructs import Construct

from .config import EngramConfig
from .nag import acknowledge

# How long API Gateway keeps the authorizer's answer for a key: the most a revoked key keeps working.
AUTHORIZER_CACHE_TTL_S = 30

# path under the stage -> methods. Every route is authorized except PUBLIC.
ROUTES: dict[str, tuple[str, ...]] = {
    "v1/health": ("GET",),
    "v1/openapi.json": ("GET",),
    "v1/docs": ("GET",),
    "v1/memories": ("GET", "POST"),
    "v1/memories/batch": ("POST",),
    "v1/memories/search": ("POST",),
    "v1/context": ("POST",),
    "v1/memories/{id}": ("GET", "PATCH", "DELETE"),
    "v1/memories/{id}/history": ("GET",),
    "v1/admin/stats": ("GET",),
    "v1/entities": ("GET",),
    "v1/entities/{id}": ("GET",),
    "v1/sessions/{id}": ("GET", "DELETE"),
    "v1/sessions/{id}/messages": ("POST",),
    "v1/sessions/{id}/messages/last": ("DELETE",),
    "v1/sessions/{id}/transcript": ("GET",),
    "v1/sessions/{id}/checkpoints": ("POST",),
    "v1/sessions/{id}/checkpoints/latest": ("GET",),
    "v1/export": ("GET",),
    "v1/import": ("POST",),
    "v1/users/{id}": ("DELETE",),
    "v1/users/{id}/erasures/{job_id}": ("GET",),
    "v1/documents": ("GET", "POST"),
    "v1/documents/{id}": ("GET", "DELETE"),
    "v1/webhooks": ("GET", "POST"),
    "v1/webhooks/{id}": ("DELETE",),
}
# Public: liveness, and the documentation a browser opens (it holds no data, and a page cannot send the
# Authorization header with its own request).
PUBLIC = {
    ("GET", "v1/health"): "Liveness probe, public by design; returns no data.",
    ("GET", "v1/openapi.json"): "The API's OpenAPI document, public by design; returns no data.",
    ("GET", "v1/docs"): "Swagger UI over the OpenAPI document, public by design; returns no data.",
}

# What API Gateway answers without calling the function gets the application's error shape.
_GATEWAY_ERRORS = (
    (apigw.ResponseType.UNAUTHORIZED, "401", "unauthorized"),
    (apigw.ResponseType.ACCESS_DENIED, "403", "forbidden"),
    (apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN, "404", "not_found"),  # unknown route or method
    (apigw.ResponseType.REQUEST_TOO_LARGE, "413", "payload_too_large"),
    (apigw.ResponseType.THROTTLED, "429", "throttled"),
    (apigw.ResponseType.QUOTA_EXCEEDED, "429", "quota_exceeded"),
    (apigw.ResponseType.INTEGRATION_TIMEOUT, "504", "timeout"),
    (apigw.ResponseType.DEFAULT_4_XX, None, "bad_request"),
    (apigw.ResponseType.DEFAULT_5_XX, None, "internal_error"),
)

_ACCESS_LOG_FIELDS = {
    "requestId": "$context.requestId",
    "time": "$context.requestTime",
    "ip": "$context.identity.sourceIp",
    "method": "$context.httpMethod",
    "path": "$context.path",
    "resource": "$context.resourcePath",
    "status": "$context.status",
    "latencyMs": "$context.responseLatency",
    "integrationLatencyMs": "$context.integration.latency",
    "responseLength": "$context.responseLength",
    "tenant": "$context.authorizer.tenant",
    "error": "$context.error.message",
    "authorizerError": "$context.authorizer.error",
    "xrayTraceId": "$context.xrayTraceId",
}


class Api(Construct):
    """`rest_api` (its `url` ends with the stage), `authorizer`, `access_logs`."""

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        config: EngramConfig,
        handler: lambda_.IFunction,
        authorizer: lambda_.IFunction,
    ) -> None:
        super().__init__(scope, construct_id)
        self.access_logs = logs.LogGroup(
            self,
            "AccessLogs",
            retention=config.log_retention,
            removal_policy=RemovalPolicy.RETAIN if config.is_prod else RemovalPolicy.DESTROY,
        )
        self.rest_api = apigw.RestApi(
            self,
            "RestApi",
            rest_api_name=f"engram-{config.stage}",
            description="engram: long-term memory for AI agents",
            endpoint_types=[apigw.EndpointType.REGIONAL],
            cloud_watch_role=config.apigw_cloudwatch_role,
            # Account-wide: other APIs in the account may rely on it, so it outlives this stack.
            cloud_watch_role_removal_policy=RemovalPolicy.RETAIN if config.apigw_cloudwatch_role else None,
            deploy_options=apigw.StageOptions(
                stage_name=config.stage,
                tracing_enabled=True,
                logging_level=apigw.MethodLoggingLevel.ERROR,
                data_trace_enabled=False,  # would log request bodies, i.e. memories
                metrics_enabled=False,  # per-method metrics are billed; API-level metrics stay on
                throttling_rate_limit=config.throttle_rate,
                throttling_burst_limit=config.throttle_burst,
                access_log_destination=apigw.LogGroupLogDestination(self.access_logs),
                access_log_format=apigw.AccessLogFormat.custom(json.dumps(_ACCESS_LOG_FIELDS)),
            ),
        )
        self.authorizer = apigw.RequestAuthorizer(
            self,
            "ApiKeyAuthorizer",
            handler=authorizer,
            identity_sources=[apigw.IdentitySource.header("Authorization")],
            # A revoked key is refused within this long: API Gateway keeps an Allow for the TTL.
            results_cache_ttl=Duration.seconds(AUTHORIZER_CACHE_TTL_S),
        )
        integration = apigw.LambdaIntegration(handler, proxy=True, allow_test_invoke=False)
        for path, methods in ROUTES.items():
            resource = self.rest_api.root.resource_for_path(path)
            for method in methods:
                public = (method, path) in PUBLIC
                added = resource.add_method(
                    method,
                    integration,
                    authorizer=None if public else self.authorizer,
                    authorization_type=apigw.AuthorizationType.NONE
                    if public
                    else apigw.AuthorizationType.CUSTOM,
                )
                if public:
                    acknowledge(added, ("AwsSolutions-APIG4", PUBLIC[(method, path)]))

        self.web_acl = self._web_acl(config.stage, config.waf_rate_limit) if config.waf_rate_limit else None

        for response_type, status, error in _GATEWAY_ERRORS:
            self.rest_api.add_gateway_response(
                f"{error}-{status or response_type.response_type}",
                type=response_type,
                status_code=status,
                response_headers={"Content-Type": "'application/json'"},
                templates={
                    "application/json": f'{{"error": "{error}", "message": $context.error.messageString}}'
                },
            )

        acknowledge(
            self.rest_api,
            (
                "AwsSolutions-APIG2",
                "Bodies are validated by the application (pydantic), which answers 422 with field paths; a "
                "second schema in API Gateway would drift and answer in a different shape.",
            ),
            (
                "AwsSolutions-APIG3",
                "No WAF by default (about $6/month per stage): per-key rates, stage throttling, the "
                "authorizer and the 64 KiB body limit cover abuse. -c waf_rate_limit=N adds a web ACL.",
            ),
            (
                "AwsSolutions-COG4",
                "Callers are agents holding engram API keys, checked by the Lambda REQUEST authorizer; there "
                "are no Cognito users. (Health and the docs are public and checked by APIG4 instead.)",
            ),
        )
        if config.apigw_cloudwatch_role:
            acknowledge(
                self.rest_api,
                (
                    "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/"
                    "AmazonAPIGatewayPushToCloudWatchLogs]",
                    "The account-level API Gateway logging role uses the AWS-managed policy made for it. "
                    "Turn the role off with -c apigw_cloudwatch_role=false if the account already has one.",
                ),
            )

    def _web_acl(self, stage: str, limit: int) -> wafv2.CfnWebACL:
        """A regional web ACL on the stage blocking an Authorization header's requests past `limit` per
        5 minutes (a 403 from API Gateway); requests without the header are left to the authorizer."""
        metric = f"engram-{stage}"
        acl = wafv2.CfnWebACL(
            self,
            "WebAcl",
            scope="REGIONAL",
            default_action=wafv2.CfnWebACL.DefaultActionProperty(allow={}),
            visibility_config=_visibility(metric),
            rules=[
                wafv2.CfnWebACL.RuleProperty(
                    name="rate-per-api-key",
                    priority=0,
                    action=wafv2.CfnWebACL.RuleActionProperty(block={}),
                    visibility_config=_visibility(f"{metric}-rate-per-api-key"),
                    statement=wafv2.CfnWebACL.StatementProperty(
                        rate_based_statement=wafv2.CfnWebACL.RateBasedStatementProperty(
                            limit=limit,
                            evaluation_window_sec=300,
                            aggregate_key_type="CUSTOM_KEYS",
                            custom_keys=[
                                wafv2.CfnWebACL.RateBasedStatementCustomKeyProperty(
                                    header=wafv2.CfnWebACL.RateLimitHeaderProperty(
                                        name="authorization",
                                        text_transformations=[
                                            wafv2.CfnWebACL.TextTransformationProperty(
                                                priority=0, type="NONE"
                                            )
                                        ],
                                    )
                                )
                            ],
                        )
                    ),
                )
            ],
        )
        wafv2.CfnWebACLAssociation(
            self,
            "WebAclAssociation",
            resource_arn=self.rest_api.deployment_stage.stage_arn,
            web_acl_arn=acl.attr_arn,
        )
        return acl

    @property
    def url(self) -> str:
        return self.rest_api.url


def _visibility(metric: str) -> wafv2.CfnWebACL.VisibilityConfigProperty:
    return wafv2.CfnWebACL.VisibilityConfigProperty(
        cloud_watch_metrics_enabled=True, metric_name=metric, sampled_requests_enabled=False
    )
