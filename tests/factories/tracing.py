"""Tracing fixtures for API tests: no OTEL_* variable from the environment (`no_otel_env`), and
tracing switched on with its spans kept in memory (`exporter`)."""

from collections.abc import Iterator

import pytest
from opentelemetry.instrumentation.httpx import HTTPXClientInstrumentor
from opentelemetry.instrumentation.sqlalchemy import SQLAlchemyInstrumentor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from app.platform import log
from app.shell import tracing

OTEL_VARIABLES = (
    "OTEL_SDK_DISABLED",
    "OTEL_TRACES_EXPORTER",
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
)


@pytest.fixture
def no_otel_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in OTEL_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def exporter(monkeypatch: pytest.MonkeyPatch, no_otel_env: None) -> Iterator[InMemorySpanExporter]:
    """Tracing switched on the standard way, its spans kept in memory instead of sent out."""
    memory = InMemorySpanExporter()
    monkeypatch.setenv("OTEL_TRACES_EXPORTER", "otlp")
    monkeypatch.setattr(tracing, "span_exporters", lambda environ: [memory])
    yield memory
    # Instrumentation is process-wide: leave the other tests untraced.
    HTTPXClientInstrumentor().uninstrument()
    SQLAlchemyInstrumentor().uninstrument()
    log.current_trace = None
