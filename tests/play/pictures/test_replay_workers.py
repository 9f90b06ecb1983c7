"""Replays render off the event loop and off its interpreter (issue 31): the CPU work of a
replay, JSON or SVG, runs in a replay worker process (app/play/pictures/rendering.py), so that a
cold replay of a large map never holds the other requests, not even through the GIL; the
workers end with the app, and one that died is replaced."""

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from asgi_lifespan import LifespanManager
from httpx import AsyncClient

from app.main import create_app
from app.platform.config import Settings
from app.play.pictures import cache as picture_cache
from app.play.pictures import rendering
from app.store.persistence import snapshots
from tests.factories.flows import MakeUser, change_turn, start_game

PATHS = ["/turns/1/map", "/turns/1/map.svg"]


def worker_pid(_: object) -> int:
    """The process a job runs in (module-level: pickled to the worker by name)."""
    return os.getpid()


def noting_calls(monkeypatch: pytest.MonkeyPatch) -> list[threading.Thread]:
    """The threads of this process that turn a snapshot into a state from now on."""
    threads: list[threading.Thread] = []
    build: Callable[..., Any] = snapshots.state_of_document

    def noted(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread())
        return build(*args, **kwargs)

    monkeypatch.setattr(snapshots, "state_of_document", noted)
    return threads


@pytest.fixture
def in_a_thread() -> Iterator[None]:
    """Replays rendered as `MARCHLORDS_REPLAY_WORKERS=0` would: in a thread of this process."""
    workers = rendering.renderer.workers
    rendering.renderer.configure(0)
    try:
        yield
    finally:
        rendering.renderer.configure(workers)


@pytest.mark.parametrize("path", PATHS)
async def test_a_replay_renders_in_a_worker_process_not_in_the_server(
    client: AsyncClient, make_user: MakeUser, monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    game = await start_game(client, make_user)
    await change_turn(client, game)
    picture_cache.pictures.clear()
    in_this_process = noting_calls(monkeypatch)

    response = await client.get(game.url(path), headers=game.players[0].headers)

    assert response.status_code == 200, response.text
    assert in_this_process == []  # the worker's own, unpatched module did the work
    assert await rendering.renderer.run(worker_pid, None) != os.getpid()


@pytest.mark.parametrize("path", PATHS)
async def test_with_no_workers_a_replay_renders_in_the_replay_thread_not_on_the_event_loop(
    client: AsyncClient,
    make_user: MakeUser,
    monkeypatch: pytest.MonkeyPatch,
    in_a_thread: None,
    path: str,
) -> None:
    game = await start_game(client, make_user)
    await change_turn(client, game)
    picture_cache.pictures.clear()
    threads = noting_calls(monkeypatch)

    response = await client.get(game.url(path), headers=game.players[0].headers)

    assert response.status_code == 200, response.text
    assert [t.name.startswith("replay") for t in threads] == [True]
    assert threading.current_thread() not in threads


async def test_a_worker_that_died_is_replaced_and_the_replay_still_answers(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    await change_turn(client, game)
    picture_cache.pictures.clear()
    os.kill(await rendering.renderer.run(worker_pid, None), signal.SIGKILL)

    response = await client.get(game.url("/turns/1/map"), headers=game.players[0].headers)

    assert response.status_code == 200, response.text
    assert response.json()["turn"] == 1


async def test_the_apps_shutdown_ends_the_replay_workers(settings: Settings) -> None:
    rendering.renderer.shutdown()  # those earlier tests started: this app's own are judged
    app = create_app(settings)
    async with LifespanManager(app):
        pid = await rendering.renderer.run(worker_pid, None)
        assert pid in {p.pid for p in multiprocessing.active_children()}

    assert not rendering.renderer.running
    assert pid not in {p.pid for p in multiprocessing.active_children()}
