"""The deadline sweeper in a process of its own (`MARCHLORDS_DEADLINE_SWEEPER=process`, and
`auto` under scripts/serve).

What an operator relies on: `python -m app.sweeper` changes the turns at their deadlines, at a
lower priority than the web workers, and stops cleanly on SIGTERM; `scripts/serve` starts one
beside uvicorn, starts it again when it dies and stops it with the server; the web workers
then do not sweep.
"""

import asyncio
import os
import signal
import subprocess
import sys
import time
from typing import Any

import pytest
from asgi_lifespan import LifespanManager
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncEngine

from app import main as app_main
from app import serve
from app.main import create_app
from app.platform.config import Settings
from tests.factories.deadlines import AUTO, WAIT, changed, deadline_in, turn_of
from tests.factories.flows import MakeUser, start_game
from tests.factories.served import run_serve_without_database
from tests.factories.servers import ROOT, server_environment


def niceness(pid: int) -> int:
    # stat(5): field 19, the 17th after the command's name.
    with open(f"/proc/{pid}/stat") as stat:
        return int(stat.read().rsplit(")", 1)[1].split()[16])


async def test_the_sweeper_process_changes_a_turn_at_its_deadline_below_the_readers_priority(
    committing_client: AsyncClient,
    committing_make_user: MakeUser,
    committing_engine: AsyncEngine,
    database_url: str,
) -> None:
    game = await start_game(committing_client, committing_make_user, settings=AUTO)
    # This interpreter, a fixed program, the test's own settings: no outside input.
    process = subprocess.Popen(  # noqa: ASYNC220 (started, never waited on here)
        [sys.executable, "-m", "app.sweeper"],
        cwd=ROOT,
        env=server_environment(database_url, deadline_sweeper_nice="7"),
        start_new_session=True,
    )
    try:
        await deadline_in(committing_engine, game, 2.0)
        async with asyncio.timeout(WAIT):
            await changed(committing_engine, game)
        assert niceness(process.pid) >= niceness(os.getpid()) + 7
        process.send_signal(signal.SIGTERM)
        assert await asyncio.to_thread(process.wait, WAIT) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert await turn_of(committing_engine, game) == 2


def test_serve_starts_the_sweeper_again_when_it_dies_and_stops_it_with_the_server() -> None:
    dying = serve.SweeperProcess([sys.executable, "-c", "raise SystemExit(3)"], restart=0.01)
    dying.start()
    try:
        until = time.monotonic() + WAIT
        while dying.starts < 3 and time.monotonic() < until:
            time.sleep(0.01)
        assert dying.starts >= 3
    finally:
        dying.stop()
    assert not dying._thread.is_alive()

    sleeping = serve.SweeperProcess([sys.executable, "-c", "import time; time.sleep(600)"])
    sleeping.start()
    until = time.monotonic() + WAIT
    while sleeping.process is None and time.monotonic() < until:
        time.sleep(0.01)
    sleeping.stop()
    assert sleeping.process is not None
    assert sleeping.process.returncode == -signal.SIGTERM
    assert sleeping.starts == 1  # stopping is not dying: not started again


@pytest.mark.parametrize("mode", ["auto", "process", "inline"])
def test_serve_runs_one_sweeper_process_unless_told_inline(
    mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    monkeypatch.setattr(serve.SweeperProcess, "start", lambda self: seen.append("start"))
    monkeypatch.setattr(serve.SweeperProcess, "stop", lambda self: seen.append("stop"))
    monkeypatch.setenv("MARCHLORDS_DEADLINE_SWEEPER", mode)
    calls = run_serve_without_database(monkeypatch)
    assert len(calls) == 1
    own = mode != "inline"
    assert seen == (["start", "stop"] if own else [])
    # What the workers (and the sweeper's process) read: never `auto`.
    assert os.environ["MARCHLORDS_DEADLINE_SWEEPER"] == ("process" if own else "inline")


@pytest.mark.parametrize("mode", ["auto", "process", "inline"])
async def test_the_web_processes_sweep_only_inline(
    mode: str, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    swept = asyncio.Event()

    async def inline_sweeper(app: Any) -> None:
        swept.set()

    monkeypatch.setattr(app_main, "inline_sweeper", inline_sweeper)
    app = create_app(settings.model_copy(update={"deadline_sweeper": mode}))
    async with LifespanManager(app):
        await asyncio.sleep(0.1)  # the lifespan's tasks have started
    # `auto` outside scripts/serve (a bare uvicorn): nobody else would sweep.
    assert swept.is_set() == (mode != "process")
