"""The sights a turn change worked out serve the first reads after it
(app/store/persistence/world.py): no player's first map works its sight out again, and what it shows
is what a map read from scratch shows (R-FOG-2)."""

from collections.abc import Callable
from typing import Any

import pytest
from httpx import AsyncClient

from app.play.world.cache import map_views
from app.rules import fog
from app.store.persistence.world import worlds
from tests.factories.flows import Game, MakeUser, change_turn, my_army, start_game


async def _maps(client: AsyncClient, game: Game) -> list[Any]:
    maps = []
    for player in game.players:
        response = await client.get(game.url("/map"), headers=player.headers)
        assert response.status_code == 200, response.text
        maps.append(response.json())
    return maps


async def test_R_FOG_2_the_first_maps_after_a_turn_change_use_its_sights(
    client: AsyncClient, make_user: MakeUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await start_game(client, make_user)
    first = game.players[0]
    army = await my_army(client, game, first)
    moved = await client.put(
        game.url(f"/armies/{army['id']}/move"),
        json={"path": [[army["q"] + 1, army["r"]]]},
        headers=first.headers,
    )
    assert moved.status_code == 200, moved.text
    await change_turn(client, game)

    worked_out: list[int] = []
    sight: Callable[..., frozenset[tuple[int, int]]] = fog.sight

    def counted(state: Any, player: int, ruleset: Any) -> frozenset[tuple[int, int]]:
        worked_out.append(player)
        return sight(state, player, ruleset)

    monkeypatch.setattr(fog, "sight", counted)
    after_the_change = await _maps(client, game)
    assert worked_out == []

    worlds.clear()
    map_views.clear()
    from_scratch = await _maps(client, game)
    assert sorted(worked_out) == sorted(p.number for p in game.players)
    assert after_the_change == from_scratch
    assert after_the_change[0]["turn"] == 2
