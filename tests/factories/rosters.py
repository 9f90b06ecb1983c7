"""Army lists for API tests (issue 30): two small text lists, their upload, and a declared battle
whose armies both carry one."""

from typing import Any

from httpx import AsyncClient, Response
from sqlalchemy.ext.asyncio import AsyncSession

from tests.factories.battles import field_battle
from tests.factories.flows import AuthUser, Game, GamePlayer
from tests.factories.planting import place

# Player 1's list: unit 0 the general (1 model), unit 1 twenty State Troops; player 2's: unit 0
# the warboss, unit 1 the mob (1 model each).
EMPIRE_LIST = (
    "Name: Border patrol\nFaction: Empire\n"
    "* General of the Empire (warhorse) - 90 pts\n20x State Troops (halberds) - 300 pts\n"
)
ORC_LIST = "Name: Ladz\nFaction: Orcs & Goblins\n* Orc Warboss - 130 pts\nOrc Mob: 500\n"


def roster_url(game: Game, army_id: int) -> str:
    return game.url(f"/armies/{army_id}/roster")


async def upload(
    client: AsyncClient, game: Game, player: GamePlayer, army_id: int, content: str, **extra: Any
) -> Response:
    body = {"content": content, **extra}
    return await client.put(roster_url(game, army_id), json=body, headers=player.headers)


async def battle_with_lists(
    client: AsyncClient, session: AsyncSession, game: Game
) -> tuple[dict[str, Any], int, int]:
    """Player 1's army at (4, 1), with EMPIRE_LIST, attacks player 2's at (5, 1), with ORC_LIST."""
    p1, p2 = game.players[:2]
    a1 = await place(session, game, 1, (4, 1))
    a2 = await place(session, game, 2, (5, 1))
    assert (await upload(client, game, p1, a1, EMPIRE_LIST)).status_code == 200
    assert (await upload(client, game, p2, a2, ORC_LIST)).status_code == 200
    return await field_battle(client, session, game)


async def armies(client: AsyncClient, game: Game, who: GamePlayer | AuthUser) -> dict[str, Any]:
    """`GET …/armies` as `who` sees it."""
    r = await client.get(game.url("/armies"), headers=who.headers)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body
