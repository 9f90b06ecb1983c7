"""Replays render off the event loop (issue 31): the CPU work of a replay, JSON or SVG, runs in
the replay thread, so that a cold replay of a large map never holds the other requests."""

import threading
from collections.abc import Callable
from typing import Any

import pytest
from httpx import AsyncClient

from app.persistence import snapshots
from app.pictures import cache as picture_cache
from tests.factories.flows import MakeUser, change_turn, start_game


@pytest.mark.parametrize("path", ["/turns/1/map", "/turns/1/map.svg"])
async def test_a_replay_renders_in_the_replay_thread_not_on_the_event_loop(
    client: AsyncClient, make_user: MakeUser, monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    game = await start_game(client, make_user)
    await change_turn(client, game)
    picture_cache.pictures.clear()
    threads: list[threading.Thread] = []
    render: Callable[..., Any] = snapshots.document_state

    def noted(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread())
        return render(*args, **kwargs)

    monkeypatch.setattr(snapshots, "document_state", noted)
    response = await client.get(game.url(path), headers=game.players[0].headers)

    assert response.status_code == 200, response.text
    assert [t.name.startswith("replay") for t in threads] == [True]
    assert threading.current_thread() not in threads
