"""Storms at sea over HTTP (R-OPT-5): in the map view under fog, their damage, their persistence."""

import uuid

from httpx import AsyncClient
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import Campaign, ShipRow
from tests.factories.flows import MakeUser, army_of, change_turn, start_game
from tests.factories.pictures import svg_world

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
    loses a tier (its summary says so, R-OPT-5) and the storm of turn 2 replaces it, shown on the
    tiles of it the Empire sees."""
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
    # Only the tiles of it in sight from (3, 3): (4, 4) and (5, 3) are two tiles away.
    assert after["storms"] == [tiles([[4, 3], [3, 3], [3, 4]])]


async def test_R_OPT_5_off_by_default_no_storm_in_the_map(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    campaign = (await client.get(game.url(), headers=game.owner.headers)).json()
    assert campaign["settings"]["storms"] is False
    await change_turn(client, game)
    seen = (await client.get(game.url("/map"), headers=game.owner.headers)).json()
    assert seen["storms"] == []


async def test_R_OPT_5_a_storm_is_listed_on_exactly_the_tiles_seen_in_every_view(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """The Empire's army on (5, 2) sees two tiles of the storm on (4, 3), (4, 3) and (5, 3);
    the other three were never explored. The map, the map picture and the replay of turn 1
    list the storm on those two tiles alone (their sea is not given away), and so does the map
    of turn 2, where seed 1 raises the same storm again; the summary's `storm_rose` too."""
    game = await start_game(client, make_user, settings={"storms": True})
    empire, _ = game.players
    cid = uuid.UUID(game.id)
    await session.execute(
        update(Campaign).where(Campaign.id == cid).values(storms=[NEXT], id_salt=1)
    )
    army = await army_of(session, game, empire.number)
    army.q, army.r = 5, 2
    await session.flush()
    seen = [[4, 3], [5, 3]]

    world = (await client.get(game.url("/map"), headers=empire.headers)).json()
    assert world["storms"] == [tiles(seen)]
    fog = {(t["q"], t["r"]): t["fog"] for t in world["tiles"]}
    assert [fog[(q, r)] for q, r in NEXT] == [
        "visible", "unexplored", "unexplored", "unexplored", "visible"
    ]  # fmt: skip
    assert await storm_tiles_drawn(client, game.url("/map.svg"), empire.headers) == [seen]

    await change_turn(client, game)

    replay = (await client.get(game.url("/turns/1/map"), headers=empire.headers)).json()
    assert replay["storms"] == [tiles(seen)]
    drawn = await storm_tiles_drawn(client, game.url("/turns/1/map.svg"), empire.headers)
    assert drawn == [seen]
    after = (await client.get(game.url("/map"), headers=empire.headers)).json()
    assert after["storms"] == [tiles(seen)]
    summary = (await client.get(game.url("/turns/1/summary"), headers=empire.headers)).json()
    rose = [e["coords"] for e in summary["events"] if e["kind"] == "storm_rose"]
    assert rose == [seen]


async def storm_tiles_drawn(
    client: AsyncClient, url: str, headers: dict[str, str]
) -> list[list[list[int]]]:
    """The tiles of each storm a map picture draws."""
    picture = await client.get(url, headers=headers)
    assert picture.status_code == 200, picture.text
    return [[[t["q"], t["r"]] for t in s["tiles"]] for s in svg_world(picture.text)["storms"]]
