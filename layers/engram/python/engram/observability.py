"""One shared logger, tracer and metrics, and one metric per business event.

They write what powertools' Logger, Metrics and Tracer write, without the powertools package, whose
import (its Logger, Metrics and Tracer modules load together) is ~40-70 ms of every cold start for
three small formats:

- `logger`: one JSON object per line on stdout with the Logger's keys (level, location, message,
  timestamp, service, the keys passed as `extra`, the exception with its name and frames, the X-Ray
  trace id), and inside `logger.inject_lambda_context` the invocation's keys (cold_start,
  function_name, function_memory_size, function_arn, function_request_id, correlation_id). It is
  the standard library's `engram` logger, so module loggers under `engram.` write through it too. Its
  level: POWERTOOLS_LOG_LEVEL, else LOG_LEVEL, else INFO.
- `metrics`: CloudWatch embedded metric format (EMF), one document per invocation, flushed by
  `@metrics.log_metrics`; namespace and service dimension "engram".
- `tracer()`: X-Ray through aws_xray_sdk, patching botocore and http.client, one `## <handler>`
  subsegment per invocation annotated with ColdStart and Service. Unlike powertools' default, the
  handler's response is not copied into the trace: it holds users' memories.

tests/integration/test_observability.py holds each to the powertools output it replaces.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import sys
import time
import traceback
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from functools import cache
from types import TracebackType
from typing import Any

SERVICE = "engram"
API_GATEWAY_REST = "requestContext.requestId"  # where API Gateway's REST events carry the request id

# X-Ray patches what engram calls: botocore (DynamoDB, SQS, Bedrock) and http.client (OpenSearch via
# urllib3, the OpenAI-compatible providers). Patching everything it supports would import requests,
# httpx and sqlite3 into every cold start, for calls engram never makes.
TRACED_MODULES = ("botocore", "httplib")

Handler = Callable[[Any, Any], Any]
_invocation: ContextVar[dict[str, Any] | None] = ContextVar("invocation", default=None)
_cold_start = True  # the logger's: the invocation keys' cold_start
_traced_cold_start = True  # the tracer's ColdStart (it wraps the same handler: each flips its own)
_RECORD_FIELDS = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


def _truthy(name: str, default: str = "false") -> bool:
    return os.environ.get(name, default).strip().lower() in ("1", "true", "yes", "on", "y", "t")


class JsonFormatter(logging.Formatter):
    """A record as the one JSON line powertools' LambdaPowertoolsFormatter writes by default."""

    def __init__(self, service: str) -> None:
        super().__init__()
        self.service = service

    def format(self, record: logging.LogRecord) -> str:
        milliseconds = int(record.created * 1000) % 1000
        stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(record.created))
        entry: dict[str, Any] = {
            "level": record.levelname,
            "location": f"{record.funcName}:{record.lineno}",
            "message": record.getMessage(),
            "timestamp": f"{stamp},{milliseconds:03d}+0000",
            "service": self.service,
            **(_invocation.get() or {}),
            **{k: v for k, v in vars(record).items() if k not in _RECORD_FIELDS},
        }
        if record.exc_info and record.exc_info[0] is not None:
            entry.update(_exception_keys(*record.exc_info))
        trace = os.environ.get("_X_AMZN_TRACE_ID", "").split(";")[0].replace("Root=", "")
        entry["xray_trace_id"] = trace or None
        return json.dumps(
            {k: v for k, v in entry.items() if v is not None}, default=str, separators=(",", ":")
        )


def _exception_keys(
    kind: type[BaseException], error: BaseException, tb: TracebackType | None
) -> dict[str, Any]:
    frames = traceback.extract_tb(tb)
    return {
        "exception": "".join(traceback.format_exception(kind, error, tb)).rstrip("\n"),
        "exception_name": kind.__name__,
        "stack_trace": {
            "type": kind.__name__,
            "value": str(error),
            "module": kind.__module__,
            "frames": [
                {"file": f.filename, "line": f.lineno, "function": f.name, "statement": f.line or ""}
                for f in frames
            ],
        },
    }


class StdoutHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever `sys.stdout` is when a record is written (a test's capture, a redirect),
    not the stream there was at import."""

    @property
    def stream(self) -> Any:
        return sys.stdout

    @stream.setter
    def stream(self, value: Any) -> None:
        pass  # always sys.stdout


class Logger:
    """The `engram` logger writing JSON lines to stdout, and the decorator that adds an invocation's
    keys to every line logged while it runs."""

    def __init__(self, service: str = SERVICE) -> None:
        self._logger = logging.getLogger(service)
        self._logger.propagate = False  # one line per record, never again through the root's handlers
        self.registered_handler = StdoutHandler()
        self.registered_handler.setFormatter(JsonFormatter(service))
        self._logger.addHandler(self.registered_handler)
        level = os.environ.get("POWERTOOLS_LOG_LEVEL") or os.environ.get("LOG_LEVEL") or "INFO"
        self.setLevel(level.upper())

    @property
    def log_level(self) -> int:
        return self._logger.level

    def setLevel(self, level: int | str) -> None:  # logging's (and powertools') name
        self._logger.setLevel(level)

    def debug(self, message: str, *args: Any, **options: Any) -> None:
        self._logger.debug(message, *args, stacklevel=2, **options)

    def info(self, message: str, *args: Any, **options: Any) -> None:
        self._logger.info(message, *args, stacklevel=2, **options)

    def warning(self, message: str, *args: Any, **options: Any) -> None:
        self._logger.warning(message, *args, stacklevel=2, **options)

    def error(self, message: str, *args: Any, **options: Any) -> None:
        self._logger.error(message, *args, stacklevel=2, **options)

    def exception(self, message: str, *args: Any, **options: Any) -> None:
        self._logger.exception(message, *args, stacklevel=2, **options)

    def inject_lambda_context(
        self, handler: Handler | None = None, *, correlation_id_path: str | None = None
    ) -> Any:
        """`handler` (as `@logger.inject_lambda_context` or with a `correlation_id_path`, a dotted
        path into the event), its lines carrying the invocation's keys."""
        if handler is None:
            return functools.partial(self.inject_lambda_context, correlation_id_path=correlation_id_path)

        @functools.wraps(handler)
        def invoke(event: Any, context: Any) -> Any:
            global _cold_start
            cold_start, _cold_start = _cold_start, False
            keys = {
                "cold_start": cold_start,
                "function_name": context.function_name,
                "function_memory_size": context.memory_limit_in_mb,
                "function_arn": context.invoked_function_arn,
                "function_request_id": context.aws_request_id,
            }
            if correlation_id_path:
                keys["correlation_id"] = _at(event, correlation_id_path)
            token = _invocation.set(keys)
            try:
                return handler(event, context)
            finally:
                _invocation.reset(token)

        return invoke


def _at(document: Any, path: str) -> Any:
    for step in path.split("."):
        document = document.get(step) if isinstance(document, Mapping) else None
    return document


class Metrics:
    """Business counts of one invocation, written as one EMF document when it ends."""

    def __init__(self, namespace: str = SERVICE, service: str = SERVICE) -> None:
        self.namespace, self.service = namespace, service
        self._values: dict[str, list[float]] = {}

    def add_metric(self, name: str, value: float, unit: str = "Count") -> None:
        self._values.setdefault(name, []).append(float(value))

    def flush(self) -> None:
        values, self._values = self._values, {}
        if not values:
            return
        document = {
            "_aws": {
                "Timestamp": int(time.time() * 1000),
                "CloudWatchMetrics": [
                    {
                        "Namespace": self.namespace,
                        "Dimensions": [["service"]],
                        "Metrics": [{"Name": name, "Unit": "Count"} for name in values],
                    }
                ],
            },
            "service": self.service,
            **values,
        }
        print(json.dumps(document, separators=(",", ":")), file=sys.stdout, flush=True)

    def log_metrics(self, handler: Handler) -> Handler:
        @functools.wraps(handler)
        def invoke(event: Any, context: Any) -> Any:
            try:
                return handler(event, context)
            finally:
                self.flush()

        return invoke


class Tracer:
    """X-Ray for a Lambda handler; does nothing outside Lambda or with POWERTOOLS_TRACE_DISABLED."""

    def __init__(self, service: str = SERVICE, patch_modules: tuple[str, ...] = TRACED_MODULES) -> None:
        self.service = service
        self.enabled = (
            "LAMBDA_TASK_ROOT" in os.environ
            and not _truthy("POWERTOOLS_TRACE_DISABLED")
            and not _truthy("AWS_SAM_LOCAL")
        )
        if self.enabled:
            from aws_xray_sdk.core import patch, xray_recorder

            self.recorder = xray_recorder
            patch(patch_modules)

    def capture_lambda_handler(self, handler: Handler) -> Handler:
        if not self.enabled:
            return handler
        name = f"## {handler.__name__}"

        @functools.wraps(handler)
        def invoke(event: Any, context: Any) -> Any:
            global _traced_cold_start
            cold_start, _traced_cold_start = _traced_cold_start, False
            with self.recorder.in_subsegment(name) as subsegment:
                subsegment.put_annotation("ColdStart", cold_start)
                subsegment.put_annotation("Service", self.service)
                return handler(event, context)

        return invoke


logger = Logger(SERVICE)
metrics = Metrics(namespace=SERVICE, service=SERVICE)


@cache
def tracer() -> Tracer:
    """The shared X-Ray tracer, built by the functions that trace (api, enrich, janitor) at their cold
    start. Not at import: building one loads the X-Ray SDK, whose recorder makes a botocore client of
    its own."""
    return Tracer(service=SERVICE, patch_modules=TRACED_MODULES)


def metrics_disabled() -> bool:
    """powertools' rule: POWERTOOLS_METRICS_DISABLED, else off in POWERTOOLS_DEV."""
    if "POWERTOOLS_METRICS_DISABLED" in os.environ:
        return _truthy("POWERTOOLS_METRICS_DISABLED")
    return _truthy("POWERTOOLS_DEV")


def count(name: str, value: int = 1) -> None:
    """Record a business event (MemoryStored, MemoryDeduplicated, MemoryRejected, PiiRedacted, …).

    Only inside a Lambda function, whose handler flushes them (`@metrics.log_metrics`) as EMF; in any
    other process nothing would flush them."""
    if value and "AWS_LAMBDA_FUNCTION_NAME" in os.environ and not metrics_disabled():
        metrics.add_metric(name=name, value=value)
