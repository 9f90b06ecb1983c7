"""Concealment over HTTP (R-OPT-3): a hidden army is absent from the views it hides from."""

import uuid
from typing import Any

from httpx import AsyncClient
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from app.models import Campaign
from app.rules import concealment
from app.rules.maps import builtin_maps
from app.rules.state import Army, CampaignState, Options
from tests.api.game import Game, GamePlayer, army_of, start_game
from tests.helpers import MakeUser, assert_problem

FOREST = (1, 2)  # a forest of the skirmish map
WATCH = (3, 1)  # two tiles from it: in sight with sight 2, not next to it


def salt_that(army_id: int, hides: bool) -> int:
    """A campaign seed whose turn-1 draw hides (or not) an army on the forest."""
    skirmish = builtin_maps()["skirmish"]
    army = Army(army_id, 1, FOREST)
    for salt in range(100):
        state = CampaignState(1, skirmish, {}, options=Options(concealment=True), id_salt=salt)
        if concealment.draw(state, army) == hides:
            return salt
    raise AssertionError("no such seed in 100")


async def views(client: AsyncClient, game: Game, viewer: GamePlayer, army_id: int) -> Any:
    """Where the viewer's map, tile panel and army list show the army (None: not shown)."""
    world = (await client.get(game.url("/map"), headers=viewer.headers)).json()
    on_map = [
        (t["q"], t["r"]) for t in world["tiles"] for a in t.get("armies", []) if a["id"] == army_id
    ]
    tile = (await client.get(game.url("/tiles/1/2"), headers=viewer.headers)).json()
    on_tile = [a["id"] for a in tile.get("armies", [])]
    armies = (await client.get(game.url("/armies"), headers=viewer.headers)).json()
    listed = [a["id"] for a in armies["mine"] + armies["others"]]
    return on_map, on_tile, army_id in listed, tile["fog"]


async def test_R_OPT_3_a_hidden_army_is_absent_from_the_views_of_those_it_hides_from(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """The Empire's army stands in a forest the Orcs see (sight 2) without anything next to it.
    With a seed whose draw hides it, the Orcs' map, tile panel and army list lack it and its
    operations answer 404 as for an unknown army; the Empire sees it. With a seed whose draw does
    not hide it, the Orcs see it."""
    game = await start_game(
        client, make_user, settings={"concealment": True}, ruleset={"movement": {"sight": 2}}
    )
    empire, orcs = game.players
    cid = uuid.UUID(game.id)
    mine, theirs = (
        await army_of(session, game, empire.number),
        await army_of(session, game, orcs.number),
    )
    mine.q, mine.r = FOREST
    theirs.q, theirs.r = WATCH
    await session.flush()
    army_id = mine.id

    for hides in (True, False):
        salt = salt_that(army_id, hides)
        # A new world version: map views are cached under it (app/world/cache.py).
        await session.execute(
            update(Campaign)
            .where(Campaign.id == cid)
            .values(id_salt=salt, world_version=Campaign.world_version + 1)
        )
        await session.flush()
        seen = ([FOREST], [army_id], True, "visible")
        assert await views(client, game, empire, army_id) == seen
        assert await views(client, game, orcs, army_id) == (
            ([], [], False, "visible") if hides else seen
        )
        # An order for it: refused as for an army that does not exist, or as not theirs.
        move = {"path": [[1, 1]]}
        ordered = await client.put(
            game.url(f"/armies/{army_id}/move"), json=move, headers=orcs.headers
        )
        if hides:
            unknown = await client.put(
                game.url("/armies/999999/move"), json=move, headers=orcs.headers
            )
            body = assert_problem(ordered, 404, "not_found")
            assert body["detail"] == assert_problem(unknown, 404, "not_found")["detail"]
        else:
            assert ordered.status_code in (403, 422), ordered.text


async def test_R_OPT_3_off_by_default(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user)
    campaign = (await client.get(game.url(), headers=game.owner.headers)).json()
    assert campaign["settings"]["concealment"] is False
