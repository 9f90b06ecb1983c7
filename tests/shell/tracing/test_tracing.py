"""Optional OpenTelemetry tracing (issue 18 item 5): switched on by the OTEL_* variables only.

With tracing on, a request gives a server span named by its route template with the database
statements as spans of the same trace, and its log lines carry that trace id; with the variables
unset nothing is instrumented; without the `tracing` packages the app runs untraced.
"""

import contextlib
import io
import json
import logging
import sys
import uuid
from collections.abc import Iterator

import pytest
from asgi_lifespan import LifespanManager
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient
from opentelemetry.instrumentation.httpx import HTTPXClientInstrumentor
from opentelemetry.instrumentation.sqlalchemy import SQLAlchemyInstrumentor
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind

from app.main import create_app
from app.platform import log
from app.platform.config import Settings
from app.shell import tracing
from tests.conftest import truncate_all
from tests.factories.flows import register_and_login
from tests.factories.tracing import exporter as exporter  # a fixture
from tests.factories.tracing import no_otel_env as no_otel_env  # a fixture
from tests.helpers import assert_problem


@contextlib.contextmanager
def json_log() -> Iterator[io.StringIO]:
    """The JSON log lines written meanwhile (enter after `create_app`, which sets up logging)."""
    buffer = io.StringIO()
    handler = logging.StreamHandler(buffer)
    handler.addFilter(log.RequestIdFilter())
    handler.setFormatter(log.JsonFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    yield buffer
    root.removeHandler(handler)


def access_lines(buffer: io.StringIO, request_id: str) -> list[dict[str, object]]:
    lines = [json.loads(line) for line in buffer.getvalue().splitlines()]
    return [
        line
        for line in lines
        if line["logger"] == "app.access" and line["request_id"] == request_id
    ]


def trace_hex(span: ReadableSpan) -> str:
    assert span.context is not None
    return format(span.context.trace_id, "032x")


@pytest.mark.parametrize(
    ("environ", "on"),
    [
        ({}, False),
        ({"OTEL_TRACES_EXPORTER": "none"}, False),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4317"}, True),
        ({"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://collector:4318/v1/traces"}, True),
        ({"OTEL_TRACES_EXPORTER": "console"}, True),
        ({"OTEL_TRACES_EXPORTER": "otlp", "OTEL_SDK_DISABLED": "true"}, False),
    ],
)
def test_the_standard_variables_switch_tracing_on(environ: dict[str, str], on: bool) -> None:
    assert tracing.tracing_requested(environ) is on


def test_the_exporters_come_from_the_variables() -> None:
    from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter as Grpc
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter as Http
    from opentelemetry.sdk.trace.export import ConsoleSpanExporter

    [grpc] = tracing.span_exporters({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4317"})
    assert isinstance(grpc, Grpc)
    http = tracing.span_exporters(
        {"OTEL_TRACES_EXPORTER": "otlp,console", "OTEL_EXPORTER_OTLP_PROTOCOL": "http/protobuf"}
    )
    assert [type(e) for e in http] == [Http, ConsoleSpanExporter]
    with pytest.raises(ValueError, match="unknown exporter"):
        tracing.span_exporters({"OTEL_TRACES_EXPORTER": "carrier-pigeon"})


async def test_a_request_is_traced_and_its_log_lines_carry_the_trace_id(
    settings: Settings,
    database_url: str,
    fast_password_hashing: None,
    exporter: InMemorySpanExporter,
) -> None:
    app = create_app(settings)
    try:
        async with LifespanManager(app):  # the real engine, instrumented by the lifespan
            transport = ASGITransport(app=app)
            async with AsyncClient(transport=transport, base_url="http://test") as client:
                user = await register_and_login(client)
                provider: TracerProvider = app.state.tracer_provider
                provider.force_flush()  # the batch processor's queue
                exporter.clear()
                with json_log() as lines:
                    response = await client.get(
                        f"/v1/campaigns/{uuid.uuid4()}", headers=user.headers
                    )
                assert_problem(response, 404, "not_found")
        # The request's spans are still queued (a batch goes every 5 s): the lifespan's end
        # exported them (uvicorn's SIGTERM exit runs no atexit hook).
    finally:
        await truncate_all(database_url)

    spans = exporter.get_finished_spans()
    [server] = [span for span in spans if span.kind is SpanKind.SERVER]
    assert server.name == "GET /v1/campaigns/{campaign_id}"
    assert server.attributes is not None
    assert server.attributes["http.route"] == "/v1/campaigns/{campaign_id}"
    trace_id = trace_hex(server)
    statements = [
        span
        for span in spans
        if span.kind is SpanKind.CLIENT and span.attributes and "db.statement" in span.attributes
    ]
    assert statements, [span.name for span in spans]
    assert {trace_hex(span) for span in statements} == {trace_id}
    assert HTTPXClientInstrumentor().is_instrumented_by_opentelemetry

    [line] = access_lines(lines, response.headers["x-request-id"])
    assert line["trace_id"] == trace_id
    assert line["status"] == 404


async def test_without_the_variables_nothing_is_instrumented(
    client: AsyncClient, app: FastAPI, no_otel_env: None
) -> None:
    with json_log() as lines:
        response = await client.get("/readyz")
    assert response.status_code == 200

    assert not hasattr(app.state, "tracer_provider")
    assert not getattr(app, "_is_instrumented_by_opentelemetry", False)
    assert not HTTPXClientInstrumentor().is_instrumented_by_opentelemetry
    assert not SQLAlchemyInstrumentor().is_instrumented_by_opentelemetry
    assert log.current_trace is None
    [line] = access_lines(lines, response.headers["x-request-id"])
    assert "trace_id" not in line


async def test_without_the_packages_the_app_runs_untraced(
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
    no_otel_env: None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4317")
    monkeypatch.setitem(sys.modules, "opentelemetry.instrumentation.fastapi", None)

    app = FastAPI()
    assert tracing.setup_tracing(app) is False
    assert "not installed" in caplog.text
    assert not getattr(app, "_is_instrumented_by_opentelemetry", False)
    assert not hasattr(app.state, "tracer_provider")
    assert log.current_trace is None

    application = create_app(settings)
    async with AsyncClient(
        transport=ASGITransport(app=application), base_url="http://test"
    ) as client:
        assert (await client.get("/healthz")).status_code == 200
    assert not getattr(application, "_is_instrumented_by_opentelemetry", False)
