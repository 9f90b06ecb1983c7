"""Optional OpenTelemetry tracing (issue 18): FastAPI, SQLAlchemy and httpx spans.

Off, and free, unless the standard `OTEL_*` variables ask for it: `OTEL_TRACES_EXPORTER` (any
value but `none`), or `OTEL_EXPORTER_OTLP_ENDPOINT` / `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`
(which imply the OTLP exporter); `OTEL_SDK_DISABLED=true` wins over both. The packages are the
optional `tracing` extra: without them the app runs untraced and says so once in the log.
Everything else (service name and resource attributes, sampler, batch sizes, OTLP endpoint,
headers and protocol, excluded URLs) is read by OpenTelemetry itself from its own variables.

While a span is active, log lines carry its `trace_id` and `span_id` next to the request id
(app.platform.log), so a request's log lines and its trace find each other.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI
from sqlalchemy.ext.asyncio import AsyncEngine

from app.platform import log
from app.shell.middleware import loggable_path

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SpanExporter
    from opentelemetry.trace import Span

logger = logging.getLogger(__name__)

SERVICE_NAME = "marchlords"
# The SDK's entry-point group for exporters named in OTEL_TRACES_EXPORTER (console, otlp, ...).
_EXPORTER_GROUP = "opentelemetry_traces_exporter"
# "otlp" means gRPC unless the protocol variable says http/protobuf (as in the Python SDK).
_OTLP_BY_PROTOCOL = {"grpc": "otlp_proto_grpc", "http/protobuf": "otlp_proto_http"}


def tracing_requested(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether the OTEL_* variables switch tracing on."""
    if environ.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return False
    exporters = environ.get("OTEL_TRACES_EXPORTER", "").strip().lower()
    if exporters:
        return exporters != "none"
    return bool(
        environ.get("OTEL_EXPORTER_OTLP_ENDPOINT")
        or environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
    )


def span_exporters(environ: Mapping[str, str] = os.environ) -> list[SpanExporter]:
    """The exporters named by OTEL_TRACES_EXPORTER (default `otlp`), built from the SDK's
    entry points; each reads its own settings (endpoint, headers, ...) from the environment."""
    names = [
        name.strip().lower()
        for name in environ.get("OTEL_TRACES_EXPORTER", "otlp").split(",")
        if name.strip() and name.strip().lower() != "none"
    ]
    protocol = (
        environ.get("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL")
        or environ.get("OTEL_EXPORTER_OTLP_PROTOCOL")
        or "grpc"
    ).strip()
    exporters: list[SpanExporter] = []
    for name in names:
        entry_point = _OTLP_BY_PROTOCOL.get(protocol, "otlp_proto_grpc") if name == "otlp" else name
        found = entry_points(group=_EXPORTER_GROUP, name=entry_point)
        if not found:
            raise ValueError(f"OTEL_TRACES_EXPORTER names an unknown exporter: {entry_point!r}")
        exporters.append(next(iter(found)).load()())
    return exporters


def _current_trace() -> tuple[str, str] | None:
    from opentelemetry import trace

    context = trace.get_current_span().get_span_context()
    if not context.is_valid:
        return None
    return format(context.trace_id, "032x"), format(context.span_id, "016x")


def setup_tracing(app: FastAPI, environ: Mapping[str, str] = os.environ) -> bool:
    """Instrument the app (server spans named by route template) and httpx, if the OTEL_*
    variables ask for it; the engine is instrumented by `trace_engine` once it exists."""
    if not tracing_requested(environ):
        return False
    try:
        from opentelemetry.instrumentation.fastapi import FastAPIInstrumentor
        from opentelemetry.instrumentation.httpx import HTTPXClientInstrumentor
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor
    except ImportError:
        logger.warning(
            "OTEL_* variables ask for tracing but the `tracing` extra is not installed: "
            "running without tracing"
        )
        return False

    attributes = {}
    if "OTEL_SERVICE_NAME" not in environ and "service.name=" not in environ.get(
        "OTEL_RESOURCE_ATTRIBUTES", ""
    ):
        attributes["service.name"] = SERVICE_NAME
    # The sampler (OTEL_TRACES_SAMPLER) and the batch settings (OTEL_BSP_*) come from the
    # environment too; the provider flushes its spans when the process exits.
    provider = TracerProvider(resource=Resource.create(attributes))
    for exporter in span_exporters(environ):
        provider.add_span_processor(BatchSpanProcessor(exporter))
    app.state.tracer_provider = provider
    FastAPIInstrumentor.instrument_app(
        app, tracer_provider=provider, server_request_hook=_mask_secret_paths
    )
    instrumentor = HTTPXClientInstrumentor()
    if not instrumentor.is_instrumented_by_opentelemetry:
        instrumentor.instrument(tracer_provider=provider)
    log.current_trace = _current_trace
    return True


def _mask_secret_paths(span: Span | None, scope: dict[str, Any]) -> None:
    """A calendar feed's URL holds its secret: its server span shows the path masked, as the
    access log does (app.shell.middleware.loggable_path)."""
    path = scope.get("path", "")
    masked = loggable_path(path)
    if span is None or masked == path or not span.is_recording():
        return
    for key, value in dict(getattr(span, "attributes", None) or {}).items():
        if isinstance(value, str) and path in value:
            span.set_attribute(key, value.replace(path, masked))


def trace_engine(app: FastAPI, engine: AsyncEngine) -> None:
    """Spans for the engine's statements, if `setup_tracing` switched tracing on."""
    provider: TracerProvider | None = getattr(app.state, "tracer_provider", None)
    if provider is None:
        return
    from opentelemetry.instrumentation.sqlalchemy import SQLAlchemyInstrumentor

    instrumentor = SQLAlchemyInstrumentor()
    if instrumentor.is_instrumented_by_opentelemetry:  # one app per process; a new engine
        instrumentor.uninstrument()
    # Its declared range stops below SQLAlchemy 2.1, whose engine events it hooks unchanged
    # (tests/shell/tracing/test_tracing.py checks the statement spans).
    instrumentor.instrument(
        engine=engine.sync_engine, tracer_provider=provider, skip_dep_check=True
    )


async def stop_tracing(app: FastAPI) -> None:
    """Export the spans still queued: uvicorn ends on SIGTERM by re-raising the signal, which
    skips the provider's own atexit flush. Off the event loop (a slow collector may take its
    export timeout)."""
    provider: TracerProvider | None = getattr(app.state, "tracer_provider", None)
    if provider is not None:
        await asyncio.to_thread(provider.shutdown)
