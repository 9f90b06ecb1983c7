"""Storms at sea over HTTP (R-OPT-5): in the map view under fog, their damage, their persistence."""

import uuid

from httpx import AsyncClient
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from app.models import Campaign, ShipRow
from tests.api.game import army_of, start_game
from tests.api.test_rule_scenarios import change_turn
from tests.helpers import MakeUser

# The skirmish map's storm on (3, 3) covers it and its sea neighbours; (4, 3) the one campaign
# seed 1 raises for turn 2.
STORM = [[3, 3], [2, 3], [2, 4], [3, 4], [4, 3]]
NEXT = [[4, 3], [3, 3], [3, 4], [4, 4], [5, 3]]


def tiles(storm: list[list[int]]) -> dict[str, list[dict[str, int]]]:
    return {"tiles": [{"q": q, "r": r} for q, r in storm]}


async def test_R_OPT_5_storm_seen_under_fog_batters_an_army_aboard_and_the_next_one_rises(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """The Empire's tier-2 army sits aboard its ship on (3, 3), inside this turn's storm: the
    Empire sees the storm on its map, the Orcs (far north-east) do not. At the change the army
    loses a tier (its summary says so, R-OPT-5) and the storm of turn 2 replaces it."""
    game = await start_game(client, make_user, settings={"storms": True})
    empire, orcs = game.players
    cid = uuid.UUID(game.id)
    await session.execute(
        update(Campaign).where(Campaign.id == cid).values(storms=[STORM], id_salt=1)
    )
    army = await army_of(session, game, empire.number)
    army.q, army.r, army.tier, army.ship_id = 3, 3, 2, 990
    session.add(ShipRow(campaign_id=cid, id=990, owner=empire.number, q=3, r=3, army_id=army.id))
    await session.flush()

    seen = (await client.get(game.url("/map"), headers=empire.headers)).json()
    assert seen["storms"] == [tiles(STORM)]
    unseen = (await client.get(game.url("/map"), headers=orcs.headers)).json()
    assert unseen["storms"] == []

    await change_turn(client, game)

    mine = (await client.get(game.url("/armies"), headers=empire.headers)).json()["mine"]
    assert [(a["id"], a["q"], a["r"], a["tier"]) for a in mine] == [(army.id, 3, 3, 1)]
    summary = (await client.get(game.url("/turns/1/summary"), headers=empire.headers)).json()
    stormy = [e for e in summary["events"] if e["rule"] == "R-OPT-5"]
    assert [(e["kind"], e["data"]) for e in stormy] == [
        ("army_tier_lost", {"army_id": army.id, "tier": 1}),
        ("storm_rose", {"turn": 2}),
    ]
    theirs = (await client.get(game.url("/turns/1/summary"), headers=orcs.headers)).json()
    assert [e for e in theirs["events"] if e["rule"] == "R-OPT-5"] == []
    after = (await client.get(game.url("/map"), headers=empire.headers)).json()
    assert after["storms"] == [tiles(NEXT)]


async def test_R_OPT_5_off_by_default_no_storm_in_the_map(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    campaign = (await client.get(game.url(), headers=game.owner.headers)).json()
    assert campaign["settings"]["storms"] is False
    await change_turn(client, game)
    seen = (await client.get(game.url("/map"), headers=game.owner.headers)).json()
    assert seen["storms"] == []
