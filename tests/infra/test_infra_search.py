"""OpenSearch: a serverless collection readable and writable only by the three function roles, or a
managed domain with the same principals."""

from __future__ import annotations

import json
from typing import Any

from infra_helpers import Synth, as_list, render


def _role_refs(synth: Synth, *names: str) -> set[str]:
    return {f"{{{synth.role_id(name)}.Arn}}" for name in names}


def test_the_collection_is_a_vector_collection_with_aws_owned_encryption(dev: Synth) -> None:
    dev.template.has_resource_properties(
        "AWS::OpenSearchServerless::Collection",
        {"Name": "engram-dev", "Type": "VECTORSEARCH", "StandbyReplicas": "DISABLED"},
    )
    policies = {
        p["Properties"]["Type"]: json.loads(render(p["Properties"]["Policy"]))
        for p in dev.resources("AWS::OpenSearchServerless::SecurityPolicy").values()
    }
    assert policies["encryption"]["AWSOwnedKey"] is True
    assert policies["encryption"]["Rules"] == [
        {"ResourceType": "collection", "Resource": ["collection/engram-dev"]}
    ]
    (network,) = policies["network"]
    assert network["Rules"] == [{"ResourceType": "collection", "Resource": ["collection/engram-dev"]}]
    (collection,) = dev.resources("AWS::OpenSearchServerless::Collection").values()
    assert len(collection["DependsOn"]) == 2, "created after both security policies"


def test_the_data_access_policy_names_only_the_function_roles(dev: Synth) -> None:
    (access,) = dev.resources("AWS::OpenSearchServerless::AccessPolicy").values()
    (rule,) = json.loads(render(access["Properties"]["Policy"]))
    assert set(rule["Principal"]) == _role_refs(dev, "api", "enrich", "janitor")
    (index_rule,) = rule["Rules"]
    assert index_rule["ResourceType"] == "index"
    assert index_rule["Resource"] == ["index/engram-dev/engram-memories*"]
    assert set(index_rule["Permission"]) == {
        "aoss:ReadDocument",
        "aoss:WriteDocument",
        "aoss:DescribeIndex",
        "aoss:CreateIndex",
        "aoss:UpdateIndex",
    }


def test_only_the_three_roles_may_call_the_collection(dev: Synth) -> None:
    collection_arn = {"Fn::GetAtt": [dev.logical_id(dev.stack.search.collection), "Arn"]}
    for name, allowed in (("api", True), ("enrich", True), ("janitor", True), ("authorizer", False)):
        statements = [
            s for s in dev.statements_of(dev.role_id(name)) if "aoss:APIAccessAll" in as_list(s["Action"])
        ]
        if allowed:
            assert [s["Resource"] for s in statements] == [collection_arn], name
        else:
            assert statements == [], name


def test_the_functions_get_the_collection_endpoint(dev: Synth) -> None:
    (function, *_) = dev.resources("AWS::Lambda::Function").values()
    env = function["Properties"]["Environment"]["Variables"]
    assert env["ENGRAM_OPENSEARCH_ENDPOINT"] == {
        "Fn::GetAtt": [dev.logical_id(dev.stack.search.collection), "CollectionEndpoint"]
    }
    assert env["ENGRAM_OPENSEARCH_INDEX"] == "engram-memories"


def test_domain_mode_is_encrypted_https_only_and_open_to_the_three_roles_only(domain: Synth) -> None:
    domain.template.resource_count_is("AWS::OpenSearchServerless::Collection", 0)
    (props,) = (d["Properties"] for d in domain.resources("AWS::OpenSearchService::Domain").values())
    assert props["EncryptionAtRestOptions"] == {"Enabled": True}
    assert props["NodeToNodeEncryptionOptions"] == {"Enabled": True}
    assert props["DomainEndpointOptions"]["EnforceHTTPS"] is True
    (statement,) = props["AccessPolicies"]["Statement"]
    assert statement["Effect"] == "Allow"
    assert {render(p) for p in statement["Principal"]["AWS"]} == _role_refs(
        domain, "api", "enrich", "janitor"
    )
    assert all(action.startswith("es:ESHttp") and "*" not in action for action in statement["Action"])
    assert {render(r) for r in statement["Resource"]} == {
        "arn:{AWS::Partition}:es:{AWS::Region}:{AWS::AccountId}:domain/engram-dev",
        "arn:{AWS::Partition}:es:{AWS::Region}:{AWS::AccountId}:domain/engram-dev/*",
    }
    for name in ("api", "enrich", "janitor", "authorizer"):
        actions = {a for s in domain.statements_of(domain.role_id(name)) for a in as_list(s["Action"])}
        assert not {a for a in actions if a.startswith(("es:", "aoss:"))}, "the domain policy alone grants"
    (function, *_) = domain.resources("AWS::Lambda::Function").values()
    env: dict[str, Any] = function["Properties"]["Environment"]["Variables"]
    assert env["ENGRAM_OPENSEARCH_MODE"] == "es"
    assert render(env["ENGRAM_OPENSEARCH_ENDPOINT"]).startswith("https://")
