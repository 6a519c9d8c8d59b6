"""The alarm on the janitor's HealthScore metric (engram doctor's score, emitted after each repair run)."""

from __future__ import annotations

from tests.infra.infra_helpers import Synth


def test_an_alarm_fires_when_the_health_score_stays_low(dev: Synth) -> None:
    alarms = [a["Properties"] for a in dev.resources("AWS::CloudWatch::Alarm").values()]
    (health,) = [a for a in alarms if a.get("MetricName") == "HealthScore"]
    assert health["Namespace"] == "engram"  # POWERTOOLS_METRICS_NAMESPACE of the functions
    assert health["Dimensions"] == [{"Name": "service", "Value": "engram"}]
    assert (health["Threshold"], health["ComparisonOperator"]) == (0.8, "LessThanThreshold")
    assert health["Statistic"] == "Minimum"
    assert health["AlarmActions"] == [{"Ref": dev.logical_id(dev.stack.monitoring.topic)}]
