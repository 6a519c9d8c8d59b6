"""OpenTelemetry tracing through the ADOT layer: off by default, on every function when asked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import aws_cdk as cdk
import pytest
from engram_infra.config import ConfigError, EngramConfig
from infra_helpers import FUNCTION_NAMES, Synth, cdk_json_context

ADOT = "arn:aws:lambda:us-east-1:615299751070:layer:AWSOpenTelemetryDistroPython:16"
WRAPPER = "/opt/otel-instrument"


def layers_and_wrapper(synth: Synth, name: str) -> tuple[list[Any], str | None]:
    properties = synth.resources_json[synth.function_id(name)]["Properties"]
    return properties["Layers"], properties["Environment"]["Variables"].get("AWS_LAMBDA_EXEC_WRAPPER")


def test_by_default_no_function_has_the_adot_layer_or_its_wrapper(dev: Synth) -> None:
    for name in FUNCTION_NAMES:
        layers, wrapper = layers_and_wrapper(dev, name)
        assert len(layers) == 1 and ADOT not in layers  # engram's own layer only
        assert wrapper is None


def test_with_otel_tracing_every_function_runs_under_the_adot_wrapper(synth: Callable[..., Synth]) -> None:
    traced = synth(otel_tracing="true", adot_layer_arn=ADOT)
    for name in FUNCTION_NAMES:
        layers, wrapper = layers_and_wrapper(traced, name)
        assert len(layers) == 2 and ADOT in layers
        assert wrapper == WRAPPER


@pytest.mark.parametrize(
    ("arn", "message"),
    [("", "adot_layer_arn must not be empty"), ("AWSOpenTelemetryDistroPython", "not a Lambda layer")],
)
def test_otel_tracing_needs_a_layer_version_arn(arn: str, message: str) -> None:
    context = {**cdk_json_context(), "otel_tracing": "true", "adot_layer_arn": arn}
    with pytest.raises(ConfigError, match=message):
        EngramConfig.from_node(cdk.App(context=context).node)
