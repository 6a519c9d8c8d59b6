"""The REST API: routes, the authorizer on all but health and docs, JSON gateway errors, throttling, logs."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from engram_infra.api import PUBLIC, ROUTES
from infra_helpers import Synth, render


def _method_paths(synth: Synth) -> dict[tuple[str, str], dict[str, Any]]:
    """(HTTP method, path) -> method properties, with paths rebuilt from the resource tree."""
    resources = synth.resources("AWS::ApiGateway::Resource")

    def path_of(resource_ref: Any) -> str:
        if "Fn::GetAtt" in resource_ref:  # the API's root resource
            return ""
        props = resources[resource_ref["Ref"]]["Properties"]
        parent = path_of(props["ParentId"])
        return f"{parent}/{props['PathPart']}" if parent else props["PathPart"]

    methods = [method["Properties"] for method in synth.resources("AWS::ApiGateway::Method").values()]
    return {(props["HttpMethod"], path_of(props["ResourceId"])): props for props in methods}


def test_the_api_serves_exactly_the_v1_routes(dev: Synth) -> None:
    expected = {
        ("GET", "v1/health"),
        ("GET", "v1/openapi.json"),
        ("GET", "v1/docs"),
        ("GET", "v1/memories"),
        ("POST", "v1/memories"),
        ("POST", "v1/memories/batch"),
        ("POST", "v1/memories/search"),
        ("POST", "v1/context"),
        ("GET", "v1/memories/{id}"),
        ("PATCH", "v1/memories/{id}"),
        ("DELETE", "v1/memories/{id}"),
        ("GET", "v1/memories/{id}/history"),
        ("GET", "v1/admin/stats"),
        ("GET", "v1/entities"),
        ("GET", "v1/entities/{id}"),
        ("GET", "v1/sessions/{id}"),
        ("DELETE", "v1/sessions/{id}"),
        ("POST", "v1/sessions/{id}/messages"),
        ("DELETE", "v1/sessions/{id}/messages/last"),
        ("GET", "v1/sessions/{id}/transcript"),
        ("POST", "v1/sessions/{id}/checkpoints"),
        ("GET", "v1/sessions/{id}/checkpoints/latest"),
        ("GET", "v1/export"),
        ("POST", "v1/import"),
        ("DELETE", "v1/users/{id}"),
        ("GET", "v1/users/{id}/erasures/{job_id}"),
        ("GET", "v1/webhooks"),
        ("POST", "v1/webhooks"),
        ("DELETE", "v1/webhooks/{id}"),
        ("GET", "v1/documents"),
        ("POST", "v1/documents"),
        ("GET", "v1/documents/{id}"),
        ("DELETE", "v1/documents/{id}"),
    }
    assert set(_method_paths(dev)) == expected
    assert {(m, p) for p, methods in ROUTES.items() for m in methods} == expected
    api_function = dev.alias_id("api")  # the published version SnapStart restores
    for props in _method_paths(dev).values():
        assert props["Integration"]["Type"] == "AWS_PROXY"
        assert api_function in json.dumps(props["Integration"]["Uri"])


def test_the_gateway_routes_every_operation_of_the_openapi_contract() -> None:
    """A route the API serves but API Gateway does not route is a 404 once deployed."""
    spec = json.loads((Path(__file__).resolve().parents[2] / "openapi.json").read_text())
    verbs = {"get", "post", "put", "patch", "delete"}

    def gateway_path(path: str) -> str:  # API Gateway names a resource's first path parameter {id}
        return re.sub(r"\{[^}]+\}", "{id}", path.lstrip("/"), count=1)

    documented = {(m.upper(), gateway_path(p)) for p, ops in spec["paths"].items() for m in ops if m in verbs}
    routed = {(m, p) for p, methods in ROUTES.items() for m in methods}
    assert documented - routed == set()


def test_every_route_but_health_and_docs_goes_through_the_api_key_authorizer(dev: Synth) -> None:
    (authorizer_id,) = dev.resources("AWS::ApiGateway::Authorizer")
    public = {("GET", "v1/health"), ("GET", "v1/openapi.json"), ("GET", "v1/docs")}
    assert set(PUBLIC) == public
    for (method, path), props in _method_paths(dev).items():
        if (method, path) in public:
            assert props["AuthorizationType"] == "NONE"
            assert "AuthorizerId" not in props
        else:
            assert props["AuthorizationType"] == "CUSTOM", (method, path)
            assert props["AuthorizerId"] == {"Ref": authorizer_id}, (method, path)


def test_the_authorizer_reads_the_authorization_header_and_caches_its_answer(dev: Synth) -> None:
    dev.template.has_resource_properties(
        "AWS::ApiGateway::Authorizer",
        {"Type": "REQUEST", "IdentitySource": "method.request.header.Authorization"},
    )
    (authorizer,) = dev.resources("AWS::ApiGateway::Authorizer").values()
    assert dev.alias_id("authorizer") in json.dumps(authorizer["Properties"]["AuthorizerUri"])


def test_a_revoked_key_is_refused_within_30_seconds(dev: Synth) -> None:
    """API Gateway answers from the authorizer's cached Allow for its TTL, revoked key or not."""
    (authorizer,) = dev.resources("AWS::ApiGateway::Authorizer").values()
    ttl = authorizer["Properties"].get("AuthorizerResultTtlInSeconds", 300)  # CloudFormation's default
    assert 0 < ttl <= 30


def test_errors_api_gateway_answers_itself_are_json(dev: Synth) -> None:
    responses = {
        r["Properties"]["ResponseType"]: r["Properties"]
        for r in dev.resources("AWS::ApiGateway::GatewayResponse").values()
    }
    expected_status = {
        "UNAUTHORIZED": "401",
        "ACCESS_DENIED": "403",
        "MISSING_AUTHENTICATION_TOKEN": "404",
        "REQUEST_TOO_LARGE": "413",
        "THROTTLED": "429",
        "DEFAULT_4XX": None,
        "DEFAULT_5XX": None,
    }
    for response_type, status in expected_status.items():
        props = responses[response_type]
        assert props.get("StatusCode") == status, response_type
        assert props["ResponseParameters"]["gatewayresponse.header.Content-Type"] == "'application/json'"
        # $context.error.messageString is substituted as a quoted JSON string.
        body = props["ResponseTemplates"]["application/json"].replace(
            "$context.error.messageString", '"Unauthorized"'
        )
        assert set(json.loads(body)) == {"error", "message"}, response_type


def test_the_stage_is_throttled_traced_and_writes_json_access_logs(dev: Synth) -> None:
    (stage,) = dev.resources("AWS::ApiGateway::Stage").values()
    props = stage["Properties"]
    assert props["TracingEnabled"] is True
    (settings,) = props["MethodSettings"]
    assert (settings["ThrottlingRateLimit"], settings["ThrottlingBurstLimit"]) == (200, 400)
    assert settings["DataTraceEnabled"] is False, "request bodies (memories) stay out of the logs"
    access_log = json.loads(props["AccessLogSetting"]["Format"])
    assert {"requestId", "status", "tenant"} <= set(access_log)
    access_logs = dev.logical_id(dev.stack.api.access_logs)
    assert access_logs in render(props["AccessLogSetting"]["DestinationArn"])
    assert dev.resources("AWS::Logs::LogGroup")[access_logs]["Properties"]["RetentionInDays"] == 30


def test_throttling_comes_from_context(synth: Any) -> None:
    stack = synth(throttle_rate="5", throttle_burst="7")
    (stage,) = stack.resources("AWS::ApiGateway::Stage").values()
    (settings,) = stage["Properties"]["MethodSettings"]
    assert (settings["ThrottlingRateLimit"], settings["ThrottlingBurstLimit"]) == (5, 7)


def test_cors_is_off(dev: Synth) -> None:
    assert ("OPTIONS", "v1/memories") not in _method_paths(dev)
    assert not any(method == "OPTIONS" for method, _ in _method_paths(dev))


def test_every_key_gets_the_default_rate_unless_its_own(dev: Synth, synth: Any) -> None:
    """The authorizer puts the rate in each request's context; the api function takes the tokens."""
    for name in ("authorizer", "api"):
        env = dev.resources("AWS::Lambda::Function")[dev.function_id(name)]["Properties"]["Environment"]
        assert (
            env["Variables"]["ENGRAM_DEFAULT_KEY_RATE"],
            env["Variables"]["ENGRAM_DEFAULT_KEY_BURST"],
        ) == (
            "20",
            "40",
        )
    free = synth(default_key_rate="unlimited")
    env = free.resources("AWS::Lambda::Function")[free.function_id("authorizer")]["Properties"]["Environment"]
    assert env["Variables"]["ENGRAM_DEFAULT_KEY_RATE"] == "unlimited"


def test_no_waf_by_default(dev: Synth) -> None:
    assert dev.resources("AWS::WAFv2::WebACL") == {}
    assert dev.stack.api.web_acl is None


def test_a_waf_rate_rule_per_api_key_guards_the_stage_when_asked_for(synth: Any) -> None:
    guarded = synth(waf_rate_limit="1000")
    ((acl_id, acl),) = guarded.resources("AWS::WAFv2::WebACL").items()
    props = acl["Properties"]
    assert props["Scope"] == "REGIONAL" and "Allow" in props["DefaultAction"]
    (rule,) = props["Rules"]
    assert "Block" in rule["Action"]
    rate = rule["Statement"]["RateBasedStatement"]
    assert (rate["Limit"], rate["EvaluationWindowSec"], rate["AggregateKeyType"]) == (
        1000,
        300,
        "CUSTOM_KEYS",
    )
    assert [k["Header"]["Name"] for k in rate["CustomKeys"]] == ["authorization"]

    (association,) = guarded.resources("AWS::WAFv2::WebACLAssociation").values()
    assert association["Properties"]["WebACLArn"] == {"Fn::GetAtt": [acl_id, "Arn"]}
    (stage_id,) = guarded.resources("AWS::ApiGateway::Stage")
    assert stage_id in render(association["Properties"]["ResourceArn"])
