"""Helpers for reading a synthesized engram template (imported by the infra tests)."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

INFRA = Path(__file__).resolve().parents[2] / "infra"
if str(INFRA) not in sys.path:
    sys.path.insert(0, str(INFRA))

from aws_cdk import CfnElement, assertions  # noqa: E402
from engram_infra import EngramStack  # noqa: E402

FUNCTION_NAMES = ("api", "authorizer", "enrich", "janitor", "events", "webhooks")


def cdk_json_context() -> dict[str, Any]:
    return json.loads((INFRA / "cdk.json").read_text())["context"]


@dataclass
class Synth:
    stack: EngramStack
    template: assertions.Template = field(init=False)

    def __post_init__(self) -> None:
        self.template = assertions.Template.from_stack(self.stack)

    @cached_property
    def resources_json(self) -> dict[str, dict[str, Any]]:
        return self.template.to_json()["Resources"]

    def resources(self, resource_type: str) -> dict[str, dict[str, Any]]:
        return {key: value for key, value in self.resources_json.items() if value["Type"] == resource_type}

    def logical_id(self, construct: Any) -> str:
        element = construct if isinstance(construct, CfnElement) else construct.node.default_child
        return self.stack.get_logical_id(element)

    def function(self, name: str) -> Any:
        return getattr(self.stack.functions, name)

    def function_id(self, name: str) -> str:
        return self.logical_id(self.function(name))

    def alias_id(self, name: str) -> str:
        """The logical id of the function's `live` alias, which every caller invokes."""
        return self.logical_id(self.stack.functions.live[name])

    def role_id(self, name: str) -> str:
        return self.logical_id(self.function(name).role)

    def statements_of(self, role_id: str) -> list[dict[str, Any]]:
        """Every IAM statement attached to the role with this logical id."""
        found = []
        for policy in self.resources("AWS::IAM::Policy").values():
            if {"Ref": role_id} in policy["Properties"].get("Roles", []):
                found.extend(policy["Properties"]["PolicyDocument"]["Statement"])
        return found


def render(value: Any) -> str:
    """A CloudFormation string expression as text; references become `{LogicalId}` / `{LogicalId.Attr}`."""
    if isinstance(value, str):
        return value
    if "Fn::Join" in value:
        separator, parts = value["Fn::Join"]
        return separator.join(render(part) for part in parts)
    if "Fn::GetAtt" in value:
        resource, attribute = value["Fn::GetAtt"]
        return f"{{{resource}.{attribute}}}"
    if "Ref" in value:
        return f"{{{value['Ref']}}}"
    raise AssertionError(f"cannot render {value!r}")


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]
