"""CDK app for engram: one stack of cohesive constructs (see stack.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aws_cdk as cdk
from cdk_nag import AwsSolutionsChecks

from .config import EngramConfig
from .stack import REPO_ROOT, EngramStack

__all__ = ["EngramConfig", "EngramStack", "build"]


def build(
    app: cdk.App, *, source_root: Path = REPO_ROOT, nag: bool = True, **stack_kwargs: Any
) -> EngramStack:
    """The stack `engram-<stage>` on `app`. With `nag`, synth fails on any unacknowledged cdk-nag
    AwsSolutions finding (tests run the same checks with `AwsSolutionsChecks().validate_scope`)."""
    config = EngramConfig.from_node(app.node)
    stack = EngramStack(app, f"engram-{config.stage}", config=config, source_root=source_root, **stack_kwargs)
    cdk.Tags.of(stack).add("project", "engram")
    cdk.Tags.of(stack).add("stage", config.stage)
    if nag:
        cdk.Validations.of(app).add_plugins(AwsSolutionsChecks(app, verbose=True))
    return stack
