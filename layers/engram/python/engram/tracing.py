"""Spans through the OpenTelemetry API: one per use case and per model call, with `gen_ai.*` attributes.

The API alone is a no-op; spans are kept once an SDK is installed (`configure_tracing()`, OTLP/HTTP
from OTEL_*, or the ADOT layer on Lambda). Attributes are ids, counts and outcomes: never content,
never a user id, and the tenant only hashed.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import logging
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from enum import Enum
from typing import Any, Protocol, TypeVar

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


class Scoped(Protocol):
    """What a use case is called with in one tenant: a command, a query or a job."""

    @property
    def tenant(self) -> str: ...


class Query(Scoped, Protocol):
    @property
    def top_k(self) -> int: ...


class Identified(Protocol):
    @property
    def id(self) -> str: ...


class Remembered(Protocol):
    """One remember's result: its outcome, the memory stored (if one was) and the PII redacted."""

    @property
    def outcome(self) -> Enum: ...

    @property
    def memory(self) -> Identified | None: ...

    @property
    def redactions(self) -> Sequence[str]: ...


class ModelClient(Protocol):
    """A provider calling a model: `model` is the id the provider's API knows it by."""

    @property
    def model(self) -> str: ...


def traced(
    name: str,
    *,
    subject: Callable[[Any], Attributes] | None = None,
    result: Callable[[Any], Attributes] | None = None,
) -> Callable[[F], F]:
    """A method as one span `name`: `subject(first argument)` adds what it was called with (of_scope,
    of_query, of_batch, of_job), `result(returned)` what it returned; a `dry_run` keyword is recorded."""

    def decorate(method: F) -> F:
        first = list(inspect.signature(method).parameters)[1]  # the parameter after self

        @functools.wraps(method)
        def run(self: Any, *args: Any, **kwargs: Any) -> Any:
            with _span(name) as span:
                if span.is_recording():
                    if subject is not None:
                        span.set_attributes(subject(args[0] if args else kwargs[first]))
                    if isinstance(kwargs.get("dry_run"), bool):
                        span.set_attribute("engram.dry_run", kwargs["dry_run"])
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
        def call(self: ModelClient, *args: Any, **kwargs: Any) -> Any:
            model = self.model
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


# What a use case was called with, as attributes -----------------------------------------------------


def of_scope(subject: Scoped) -> Attributes:
    """A command or job in one tenant: the tenant's hash."""
    return {"engram.tenant.hash": tenant_hash(subject.tenant)}


def of_query(query: Query) -> Attributes:
    """A recall's query: the tenant's hash and how many results it asked for."""
    return {**of_scope(query), "engram.recall.top_k": query.top_k}


def of_batch(items: Sequence[object]) -> Attributes:
    """A batch: its size."""
    return {"engram.batch.size": len(items)}


def of_job(job: Enum | str) -> Attributes:
    """A janitor job, by its name."""
    return {"engram.job": str(job.value if isinstance(job, Enum) else job)}


# What a use case returned, as attributes ------------------------------------------------------------


def of_outcome(returned: Enum) -> Attributes:
    """One outcome (an enum): its value."""
    return {"engram.outcome": str(returned.value)}


def of_remembered(returned: Remembered) -> Attributes:
    """One remember's result: its outcome, the memory's id and how many PII kinds were redacted."""
    attributes: dict[str, str | int] = {"engram.outcome": str(returned.outcome.value)}
    if returned.memory is not None:
        attributes["engram.memory.id"] = returned.memory.id
    if returned.redactions:
        attributes["engram.redactions"] = len(returned.redactions)
    return attributes


def of_outcomes(returned: Sequence[Enum | Remembered | Exception]) -> Attributes:
    """A batch's results, counted by outcome (`engram.outcome.<outcome>`; an exception: `failed`)."""
    counted: dict[str, int] = {}
    for item in returned:
        if isinstance(item, Exception):
            kind = "failed"
        else:
            kind = str((item if isinstance(item, Enum) else item.outcome).value)
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
