"""Real servers for API tests: the app served by uvicorn in-process (`served`, for the CLI and
the generated client) and server processes of their own (`ServerProcess`, two at once)."""

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import uvicorn
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncEngine

from app.channels.stream.hub import EventHub
from app.platform.config import Settings
from app.platform.db.embedded import asyncpg_dsn
from app.platform.db.session import create_sessionmaker
from tests.factories.apps import fresh_app

WAIT = 30.0  # bound of every wait; a passing run never comes close


@dataclass(frozen=True)
class Served:
    url: str
    client: AsyncClient


@pytest.fixture
async def served(
    settings: Settings,
    database_url: str,
    committing_engine: AsyncEngine,
    fast_password_hashing: None,
) -> AsyncIterator[Served]:
    hub = EventHub(asyncpg_dsn(database_url), keepalive_seconds=30.0)
    await hub.start()
    await hub.wait_listening(WAIT)
    with fresh_app(settings) as app:
        app.state.sessionmaker = create_sessionmaker(committing_engine)
        app.state.event_hub = hub
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        # The test's client keeps its connection while a CLI subprocess runs: with uvicorn's
        # 5 s keep-alive (httpx's own expiry is 5 s too) a busy machine had the server close it
        # just as the client sent on it (httpx.ReadError, test_cli.py).
        config = uvicorn.Config(
            app, lifespan="off", log_config=None, access_log=False, timeout_graceful_shutdown=1,
            timeout_keep_alive=300,
        )  # fmt: skip
        server = uvicorn.Server(config)
        task = asyncio.create_task(server.serve(sockets=[sock]))
        try:
            for _ in range(int(WAIT / 0.01)):
                if server.started:
                    break
                await asyncio.sleep(0.01)
            async with AsyncClient(base_url=url, timeout=WAIT) as client:
                yield Served(url, client)
        finally:
            await hub.stop()  # ends open streams, so the server stops at once
            server.should_exit = True
            await asyncio.wait_for(task, WAIT)
            sock.close()


ROOT = Path(__file__).resolve().parents[2]


# The launcher of one server process: argv[1] is the inherited listening socket's descriptor.
LAUNCHER = """
import socket, sys
import uvicorn
from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher
from app.accounts.auth import passwords

# Cheap Argon2 as in the in-process tests (tests/conftest.py): the production cost would make
# registering the players most of the test's time.
passwords.set_hasher(PasswordHash((Argon2Hasher(time_cost=1, memory_cost=1024, parallelism=1),)))
config = uvicorn.Config(
    "app.main:create_app", factory=True, log_config=None, access_log=False,
    timeout_graceful_shutdown=1,
)
uvicorn.Server(config).run(sockets=[socket.socket(fileno=int(sys.argv[1]))])
"""


@dataclass
class ServerProcess:
    name: str
    base_url: str
    process: subprocess.Popen[bytes]


def stop_server(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


async def wait_ready(server: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=server.base_url, timeout=WAIT) as client:
        while True:
            if server.process.poll() is not None:
                raise AssertionError(f"server {server.name} exited ({server.process.returncode})")
            with contextlib.suppress(httpx.TransportError):
                if (await client.get("/readyz")).status_code == 200:
                    return
            await asyncio.sleep(0.1)


def server_environment(database_url: str, **settings: str) -> dict[str, str]:
    """The environment of a server process or script on `database_url`: this one's, without
    its MARCHLORDS_ settings, and no limit in the way of a test's players on 127.0.0.1; then
    `settings` (`vapid_subject="mailto:…"` is `MARCHLORDS_VAPID_SUBJECT`)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MARCHLORDS_")}
    env.update(
        DATABASE_URL=database_url,
        MARCHLORDS_LOG_LEVEL="WARNING",
        MARCHLORDS_LOG_JSON="false",
        MARCHLORDS_WRITE_BURST="1000000",
        MARCHLORDS_REGISTRATIONS_PER_HOUR="1000000",
        MARCHLORDS_LOGIN_FAILURES_PER_MINUTE="1000000",
    )
    env.update({f"MARCHLORDS_{name.upper()}": value for name, value in settings.items()})
    return env


@contextlib.contextmanager
def server_process(name: str, database_url: str, **settings: str) -> Iterator[ServerProcess]:
    """A server process on `database_url` with `settings` (as `server_environment` takes
    them), on a loopback socket bound here (in a session of its own: killed whole at the end,
    whatever happens)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(128)  # connections wait in the backlog until the server accepts them
        sock.set_inheritable(True)
        port = sock.getsockname()[1]
        # This interpreter, a fixed program, the test's own settings: no outside input.
        process = subprocess.Popen(  # noqa: S603
            [sys.executable, "-c", LAUNCHER, str(sock.fileno())],
            cwd=ROOT,
            env=server_environment(database_url, **settings),
            pass_fds=(sock.fileno(),),
            start_new_session=True,
        )
    try:
        yield ServerProcess(name, f"http://127.0.0.1:{port}", process)
    finally:
        stop_server(process)
