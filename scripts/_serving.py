"""A real API server for the scripts that drive one (the benchmarks, browser_check): a free
loopback port, the database URL on the embedded server, uvicorn as a process group killed
at the end, the wait for `/readyz`; and what their reports share (percentiles, Ctrl-C)."""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import httpx

from app.config import Settings
from app.db.embedded import EmbeddedPostgres, create_database, drop_database
from app.db.migrate import upgrade_head

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def database_url(server: EmbeddedPostgres, database: str) -> str:
    """The URL of `database` on the embedded server."""
    server_url = server.url("postgres")
    if "?" in server_url:  # unix-socket URLs carry the host in the query string
        head, query = server_url.split("?", 1)
        return head.rsplit("/", 1)[0] + f"/{database}?" + query
    return server_url.rsplit("/", 1)[0] + f"/{database}"


@contextlib.contextmanager
def uvicorn_server(
    url: str, port: int, settings: Mapping[str, str], options: Sequence[str] = ()
) -> Iterator[subprocess.Popen[bytes]]:
    """The API as a real uvicorn process (its own process group, killed at the end), with
    `settings` as extra environment variables and `options` as extra uvicorn options."""
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "MARCHLORDS_LOG_LEVEL": "WARNING",
        "MARCHLORDS_LOG_JSON": "false",
        **settings,
    }
    command = [
        sys.executable, "-m", "uvicorn", "app.main:create_app", "--factory",
        "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning", "--no-access-log",
        *options,
    ]  # fmt: skip
    # A fixed command line (no shell, no outside input); own session, so it can be killed whole.
    process = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)  # noqa: S603
    try:
        yield process
    finally:
        stop_process_group(process)


def stop_process_group(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)


def wait_ready(base_url: str, process: subprocess.Popen[bytes], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    with httpx.Client(base_url=base_url) as client:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited with status {process.returncode}")
            with contextlib.suppress(httpx.TransportError):
                if client.get("/readyz", timeout=2).status_code == 200:
                    return
            time.sleep(0.2)
    raise RuntimeError(f"the server was not ready after {seconds:.0f} s")


@contextlib.contextmanager
def scratch_database(name: str) -> Iterator[str]:
    """A fresh, migrated database `name` on `DATABASE_URL`'s server (or the embedded one),
    dropped at the end: the URL."""
    settings = Settings()
    server = None
    if settings.database_url:
        server_url = settings.database_url
    else:
        server = EmbeddedPostgres(Path(settings.pg_data_dir))
        server.start()
        server_url = server.url("postgres")
    head, sep, query = server_url.partition("?")  # unix-socket URLs carry the host in the query
    url = head.rsplit("/", 1)[0] + f"/{name}" + sep + query
    try:
        asyncio.run(create_database(url, drop_existing=True))
        upgrade_head(url)
        yield url
        asyncio.run(drop_database(url))
    finally:
        if server is not None:
            server.stop()


def percentile(sorted_values: list[float], pct: float) -> float:
    """Nearest-rank percentile."""
    rank = max(1, math.ceil(pct / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def interrupt_on_signals() -> None:
    """SIGTERM and SIGINT raise KeyboardInterrupt, so the script's `finally` stops its servers."""
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, _interrupt)
