"""Deployment settings, read once from CDK context: `infra/cdk.json` holds every default (the one
place they live), and `-c key=value` overrides any of them.

Values given on the command line arrive as strings, so every field is coerced and validated here;
the constructs only ever see typed values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from aws_cdk import aws_logs as logs
from constructs import Node

JANITOR_JOBS = ("repair", "expire", "decay", "retention", "consolidate", "reembed")
_LAYER_ARN = r"arn:aws[a-z-]*:lambda:[a-z0-9-]+:\d{12}:layer:[A-Za-z0-9_-]+:\d+"

_RETENTION = {
    1: logs.RetentionDays.ONE_DAY,
    3: logs.RetentionDays.THREE_DAYS,
    5: logs.RetentionDays.FIVE_DAYS,
    7: logs.RetentionDays.ONE_WEEK,
    14: logs.RetentionDays.TWO_WEEKS,
    30: logs.RetentionDays.ONE_MONTH,
    60: logs.RetentionDays.TWO_MONTHS,
    90: logs.RetentionDays.THREE_MONTHS,
    180: logs.RetentionDays.SIX_MONTHS,
    365: logs.RetentionDays.ONE_YEAR,
    731: logs.RetentionDays.TWO_YEARS,
}


class ConfigError(ValueError):
    """A context value that cannot be deployed."""


@dataclass(frozen=True)
class EngramConfig:
    stage: str
    bundle: bool
    python: Literal["3.11", "3.12", "3.13"]
    embedding_provider: Literal["bedrock", "openai"]
    embedding_model: str
    embedding_dimensions: int
    llm_provider: Literal["bedrock", "openai", "rules"]
    llm_model: str
    opensearch: Literal["serverless", "domain"]
    opensearch_index: str
    opensearch_standby_replicas: bool
    opensearch_instance_type: str
    opensearch_volume_gb: int
    pipeline_mode: Literal["controlled", "shadow", "frozen"]
    cull_enabled: bool
    tombstone_retention_days: int
    history_retention_days: int
    throttle_rate: int
    throttle_burst: int
    default_key_rate: str  # requests a second, or "unlimited" (engram.domain.key_rules)
    default_key_burst: int
    waf_rate_limit: int  # requests per 5 minutes per API key at the edge; 0: no WAF
    dlq_max_receive_count: int
    enrich_batch_size: int
    enrich_batching_window_seconds: int
    enrich_max_concurrency: int
    log_retention: logs.RetentionDays
    alarm_email: str
    apigw_cloudwatch_role: bool
    snapstart: bool  # Lambda SnapStart on every function (Python 3.12 or later)
    schedules: dict[str, str]
    otel_tracing: bool = False  # the ADOT layer and its wrapper on every function
    adot_layer_arn: str = ""  # the region's AWSOpenTelemetryDistroPython layer version

    @property
    def is_prod(self) -> bool:
        """The prod stage keeps its data when the stack goes away (RETAIN + deletion protection)."""
        return self.stage == "prod"

    @classmethod
    def from_node(cls, node: Node) -> EngramConfig:
        def get(key: str) -> Any:
            value = node.try_get_context(key)
            if value is None:
                raise ConfigError(f"missing context value {key!r}: run from infra/ so cdk.json is read")
            return value

        stage = _text(get("stage"), "stage")
        if not re.fullmatch(r"[a-z][a-z0-9-]{0,14}", stage):
            raise ConfigError(
                f"stage {stage!r}: use 1-15 lowercase letters, digits or '-', starting with a letter"
            )
        index = _text(get("opensearch_index"), "opensearch_index")
        if not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,200}", index):
            raise ConfigError(f"opensearch_index {index!r} is not a valid OpenSearch index name")
        replicas = str(get("opensearch_standby_replicas")).lower()
        if replicas not in ("auto", "true", "false"):
            raise ConfigError("opensearch_standby_replicas must be auto, true or false")
        email = _text(get("alarm_email"), "alarm_email", allow_empty=True)
        if email and "@" not in email:
            raise ConfigError(f"alarm_email {email!r} is not an e-mail address")
        llm_provider = _choice(get("llm_provider"), "llm_provider", ("bedrock", "openai", "rules"))
        llm_model = _text(get("llm_model"), "llm_model", allow_empty=llm_provider == "rules")
        python = _choice(str(get("python")), "python", ("3.11", "3.12", "3.13"))
        snapstart = _bool(get("snapstart"), "snapstart")
        if snapstart and python == "3.11":
            raise ConfigError(
                "snapstart needs python 3.12 or later: set -c python=3.12, or -c snapstart=false"
            )
        otel_tracing = _bool(get("otel_tracing"), "otel_tracing")
        adot_layer_arn = _text(get("adot_layer_arn"), "adot_layer_arn", allow_empty=not otel_tracing)
        if adot_layer_arn and not re.fullmatch(_LAYER_ARN, adot_layer_arn):
            raise ConfigError(f"adot_layer_arn {adot_layer_arn!r} is not a Lambda layer version ARN")
        rate, burst = (
            _int(get("throttle_rate"), "throttle_rate", 1),
            _int(get("throttle_burst"), "throttle_burst", 1),
        )
        return cls(
            stage=stage,
            bundle=_bool(get("bundle"), "bundle"),
            python=python,
            snapstart=snapstart,
            embedding_provider=_choice(
                get("embedding_provider"), "embedding_provider", ("bedrock", "openai")
            ),
            embedding_model=_text(get("embedding_model"), "embedding_model"),
            embedding_dimensions=_int(get("embedding_dimensions"), "embedding_dimensions", 1, 16000),
            llm_provider=llm_provider,
            llm_model=llm_model,
            opensearch=_choice(get("opensearch"), "opensearch", ("serverless", "domain")),
            opensearch_index=index,
            opensearch_standby_replicas=stage == "prod" if replicas == "auto" else replicas == "true",
            opensearch_instance_type=_text(get("opensearch_instance_type"), "opensearch_instance_type"),
            opensearch_volume_gb=_int(get("opensearch_volume_gb"), "opensearch_volume_gb", 10, 1000),
            pipeline_mode=_choice(get("pipeline_mode"), "pipeline_mode", ("controlled", "shadow", "frozen")),
            cull_enabled=_bool(get("cull_enabled"), "cull_enabled"),
            tombstone_retention_days=_int(get("tombstone_retention_days"), "tombstone_retention_days", 1),
            history_retention_days=_int(get("history_retention_days"), "history_retention_days", 1),
            throttle_rate=rate,
            throttle_burst=burst,
            default_key_rate=_key_rate(get("default_key_rate")),
            default_key_burst=_int(get("default_key_burst"), "default_key_burst", 1),
            waf_rate_limit=_waf_limit(get("waf_rate_limit")),
            dlq_max_receive_count=_int(get("dlq_max_receive_count"), "dlq_max_receive_count", 1, 1000),
            enrich_batch_size=_int(get("enrich_batch_size"), "enrich_batch_size", 1, 10),
            enrich_batching_window_seconds=_int(
                get("enrich_batching_window_seconds"), "enrich_batching_window_seconds", 0, 300
            ),
            enrich_max_concurrency=_int(get("enrich_max_concurrency"), "enrich_max_concurrency", 2, 1000),
            log_retention=_retention(get("log_retention_days")),
            alarm_email=email,
            apigw_cloudwatch_role=_bool(get("apigw_cloudwatch_role"), "apigw_cloudwatch_role"),
            schedules={job: _schedule(get(f"schedule_{job}"), f"schedule_{job}") for job in JANITOR_JOBS},
            otel_tracing=otel_tracing,
            adot_layer_arn=adot_layer_arn,
        )


def _text(value: Any, key: str, *, allow_empty: bool = False) -> str:
    text = str(value).strip()
    if not text and not allow_empty:
        raise ConfigError(f"{key} must not be empty")
    return text


def _bool(value: Any, key: str) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "1", "yes", "on"):
        return True
    if text in ("false", "0", "no", "off"):
        return False
    raise ConfigError(f"{key} must be true or false, got {value!r}")


def _int(value: Any, key: str, low: int = 0, high: int = 10**9) -> int:
    try:
        number = int(str(value).strip())
    except ValueError:
        raise ConfigError(f"{key} must be an integer, got {value!r}") from None
    if not low <= number <= high:
        raise ConfigError(f"{key} must be between {low} and {high}, got {number}")
    return number


def _choice(value: Any, key: str, choices: tuple[str, ...]) -> Any:
    text = str(value).strip().lower()
    if text not in choices:
        raise ConfigError(f"{key} must be one of {', '.join(choices)}, got {value!r}")
    return text


def _key_rate(value: Any) -> str:
    text = str(value).strip().lower()
    if text == "unlimited":
        return text
    try:
        rate = float(text)
    except ValueError:
        rate = 0.0
    if not 0 < rate < 1e9:
        raise ConfigError(
            f"default_key_rate must be a number of requests a second > 0 or 'unlimited', got {value!r}"
        )
    return f"{rate:g}"


def _waf_limit(value: Any) -> int:
    limit = _int(value, "waf_rate_limit", 0, 2_000_000_000)
    if 0 < limit < 10:
        raise ConfigError(f"waf_rate_limit must be 0 (no WAF) or at least 10 (WAF's minimum), got {limit}")
    return limit


def _retention(value: Any) -> logs.RetentionDays:
    days = _int(value, "log_retention_days", 1)
    if days not in _RETENTION:
        raise ConfigError(f"log_retention_days must be one of {sorted(_RETENTION)}, got {days}")
    return _RETENTION[days]


def _schedule(value: Any, key: str) -> str:
    text = _text(value, key)
    if not re.fullmatch(r"(rate|cron)\(.+\)", text):
        raise ConfigError(f"{key} must be an EventBridge rate(...) or cron(...) expression, got {text!r}")
    return text
