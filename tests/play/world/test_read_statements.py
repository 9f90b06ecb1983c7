"""Every game read costs at most two SQL statements over HTTP (issue 31): the caller's token,
user, campaign and seat in one, everything the read shows in the other — warm, and with the
shared caches (worlds, memories, map views) emptied."""

from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from app.play.world.cache import map_views
from app.store.persistence.world import worlds
from tests.factories.battles import declare_field_battle
from tests.factories.flows import Game, MakeUser, start_game
from tests.factories.statements import counted

MAX_STATEMENTS = 2


def reads(game: Game, army: dict[str, Any]) -> dict[str, str]:
    """The game reads of issue 31's table, as player 1 asks them."""
    return {
        "map": game.url("/map"),
        "tile": game.url(f"/tiles/{army['q']}/{army['r']}"),
        "armies": game.url("/armies"),
        "generals": game.url("/generals"),
        "me": game.url("/me"),
        "players": game.url("/players"),
        "battles": game.url("/battles"),
        "turn": game.url("/turn"),
        "turns": game.url("/turns"),
        "summary": game.url("/turns/1/summary"),
    }


@pytest.fixture
async def game(client: AsyncClient, session: AsyncSession, make_user: MakeUser) -> Game:
    """A game past its first turn change, with a battle waiting for its report."""
    game = await start_game(client, make_user)
    await declare_field_battle(client, session, game)
    return game


@pytest.mark.parametrize("cold", [False, True], ids=["warm", "cold"])
async def test_every_game_read_takes_at_most_two_statements(
    client: AsyncClient, connection: AsyncConnection, game: Game, cold: bool
) -> None:
    headers = game.players[0].headers
    armies = await client.get(game.url("/armies"), headers=headers)
    assert armies.status_code == 200, armies.text
    counts = {}
    for name, url in reads(game, armies.json()["mine"][0]).items():
        assert (await client.get(url, headers=headers)).status_code == 200, name
        if cold:
            worlds.clear()
            map_views.clear()
        with counted(connection) as statements:
            response = await client.get(url, headers=headers)
        assert response.status_code == 200, (name, response.text)
        counts[name] = len(statements)
    assert counts == {name: min(count, MAX_STATEMENTS) for name, count in counts.items()}
