"""Spans through the OpenTelemetry API: one per use case and per model call, with `gen_ai.*` attributes.

The API alone is a no-op; spans are kept once an SDK is installed (`configure_tracing()`, OTLP/HTTP
from OTEL_*, or the ADOT layer on Lambda). Attributes are ids, counts and outcomes: never content,
never a user id, and the tenant only hashed.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from enum import Enum
from typing import Any, TypeVar

from opentelemetry import trace
from opentelemetry.trace import SpanKind, Status, StatusCode

SERVICE = "engram"
F = TypeVar("F", bound=Callable[..., Any])
Attributes = Mapping[str, str | bool | int | float]

tracer = trace.get_tracer(SERVICE)
log = logging.getLogger(__name__)  # through the shared Logger (engram.observability)


def tenant_hash(tenant: str) -> str:
    """What a span says of a tenant: enough to group one tenant's spans, not its name."""
    return hashlib.sha256(tenant.encode()).hexdigest()[:16]


def traced(name: str, *, result: Callable[[Any], Attributes] | None = None) -> Callable[[F], F]:
    """A method as one span `name`. What it was called with adds the tenant's hash (a command, query
    or job with a `tenant`) or the batch size (a list); `result(returned)` adds what it returned."""

    def decorate(method: F) -> F:
        @functools.wraps(method)
        def run(self: Any, *args: Any, **kwargs: Any) -> Any:
            with _span(name) as span:
                if span.is_recording():
                    span.set_attributes(
                        _subject(args[0] if args else next(iter(kwargs.values()), None), kwargs)
                    )
                returned = method(self, *args, **kwargs)
                if result is not None and span.is_recording():
                    span.set_attributes(result(returned))
                return returned

        return run  # type: ignore[return-value]

    return decorate


def model_call(operation: str, provider: str) -> Callable[[F], F]:
    """A provider's method calling a model as one client span named as the GenAI semantic conventions
    name it (`{operation} {model}`), with their `gen_ai.*` attributes."""

    def decorate(method: F) -> F:
        @functools.wraps(method)
        def call(self: Any, *args: Any, **kwargs: Any) -> Any:
            model = str(getattr(self, "model_id", None) or getattr(self, "model", None) or self.name)
            attributes: dict[str, str | int] = {
                "gen_ai.operation.name": operation,
                "gen_ai.provider.name": provider,
                "gen_ai.request.model": model,
            }
            if args and isinstance(args[0], Sequence) and not isinstance(args[0], str):
                attributes["engram.batch.size"] = len(args[0])
            with _span(f"{operation} {model}", kind=SpanKind.CLIENT, attributes=attributes) as span:
                returned = method(self, *args, **kwargs)
                if operation == "embeddings" and returned and span.is_recording():
                    span.set_attribute("gen_ai.embeddings.dimension.count", len(returned[0]))
                return returned

        return call  # type: ignore[return-value]

    return decorate


def _subject(subject: Any, kwargs: Mapping[str, Any]) -> Attributes:
    attributes: dict[str, str | bool | int | float] = {}
    tenant = getattr(subject, "tenant", None)
    if isinstance(tenant, str):
        attributes["engram.tenant.hash"] = tenant_hash(tenant)
    elif isinstance(subject, Sequence) and not isinstance(subject, str):
        attributes["engram.batch.size"] = len(subject)
    elif isinstance(subject, Enum):
        attributes["engram.job"] = str(subject.value)
    elif isinstance(subject, str):  # a janitor job's name
        attributes["engram.job"] = subject
    top_k = getattr(subject, "top_k", None)
    if isinstance(top_k, int):
        attributes["engram.recall.top_k"] = top_k
    if isinstance(kwargs.get("dry_run"), bool):
        attributes["engram.dry_run"] = kwargs["dry_run"]
    return attributes


# What a use case returned, as attributes ------------------------------------------------------------


def of_outcome(returned: Any) -> Attributes:
    """One result: its outcome (an enum, or a result with an `outcome`) and the memory's id."""
    kind = getattr(returned, "outcome", returned)
    attributes: dict[str, str | int] = {"engram.outcome": str(getattr(kind, "value", kind))}
    memory = getattr(returned, "memory", None)
    if memory is not None:
        attributes["engram.memory.id"] = memory.id
    redactions = getattr(returned, "redactions", ())
    if redactions:
        attributes["engram.redactions"] = len(redactions)
    return attributes


def of_outcomes(returned: Sequence[Any]) -> Attributes:
    """A batch's results, counted by outcome (`engram.outcome.<outcome>`; an exception: `failed`)."""
    counted: dict[str, int] = {}
    for item in returned:
        kind = "failed" if isinstance(item, Exception) else of_outcome(item)["engram.outcome"]
        counted[f"engram.outcome.{kind}"] = counted.get(f"engram.outcome.{kind}", 0) + 1
    return counted


def of_results(returned: Sequence[Any]) -> Attributes:
    """A recall's answer: how many memories it returned."""
    return {"engram.recall.results": len(returned)}


def of_report(returned: Any) -> Attributes:
    """A janitor run's report: its job, batches, completion and a count per action."""
    attributes: dict[str, str | bool | int] = {
        "engram.job": str(returned.job.value),
        "engram.janitor.batches": returned.batches,
        "engram.janitor.examined": returned.examined,
        "engram.janitor.complete": returned.complete,
    }
    attributes |= {f"engram.janitor.{action}": n for action, n in returned.counts.items()}
    return attributes


# The SDK --------------------------------------------------------------------------------------------


def tracing_requested(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the standard environment asks for spans to be exported: OTEL_TRACES_EXPORTER=otlp or
    console, or an OTLP endpoint with no exporter named; never with OTEL_SDK_DISABLED=true."""
    env = os.environ if environ is None else environ
    if env.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return False
    exporters = {e.strip().lower() for e in env.get("OTEL_TRACES_EXPORTER", "").split(",") if e.strip()}
    if exporters:
        return bool(exporters & {"otlp", "console"})
    return bool(env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or env.get("OTEL_EXPORTER_OTLP_ENDPOINT"))


def configure_tracing() -> bool:
    """Install the OpenTelemetry SDK for this process when the environment asks for it and nothing
    installed one before (the ADOT layer's wrapper does on Lambda): spans batched and exported over
    OTLP/HTTP (or printed, OTEL_TRACES_EXPORTER=console). Returns whether it installed one."""
    if not tracing_requested() or not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider):
        return False
    try:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter, SpanExporter
    except ImportError:
        log.warning(
            "OTEL_* asks for traces, but the SDK or its exporter is missing: pip install 'engram[otel]'"
        )
        return False
    exporters: list[SpanExporter] = []
    named = {e.strip().lower() for e in os.environ.get("OTEL_TRACES_EXPORTER", "").split(",") if e.strip()}
    if "otlp" in named or not named:  # OTLP unless told otherwise, as the SDK's own default
        exporters.append(OTLPSpanExporter())
    if "console" in named:
        exporters.append(ConsoleSpanExporter())
    provider = TracerProvider(
        resource=Resource.create({"service.name": os.environ.get("OTEL_SERVICE_NAME", SERVICE)})
    )
    for exporter in exporters:
        provider.add_span_processor(BatchSpanProcessor(exporter))
    trace.set_tracer_provider(provider)
    return True


@contextmanager
def _span(name: str, **options: Any) -> Iterator[trace.Span]:
    """A current span whose error, if one ends it, is recorded by its type alone (`error.type`): an
    exception's message, which the SDK would otherwise copy into the span, may quote content."""
    with tracer.start_as_current_span(
        name, record_exception=False, set_status_on_exception=False, **options
    ) as span:
        try:
            yield span
        except BaseException as error:
            span.set_attribute("error.type", type(error).__qualname__)
            span.set_status(Status(StatusCode.ERROR))
            raise
