"""What a turn change stores of each player's memory is exactly what it computed (R-FOG-1).

The change writes only the tiles a memory gained (merged into the stored one) and keeps the
whole new memory in the process's world cache. The first map after a change is drawn from that
cache; drawn again from the database alone (cache dropped), it must be the same document, turn
after turn, for every player, while armies march and see new and old tiles.
"""

import uuid
from dataclasses import replace
from typing import Any

from sqlalchemy import select

from app.platform.db.session import create_sessionmaker
from app.store.models import Campaign, CampaignPlayer
from app.store.persistence import explored_from_json, load_state, save_state
from app.store.persistence.world import worlds
from tests.factories.flows import Game, GamePlayer, my_army
from tests.factories.races import AUTO_RESOLVE, Race, turn_number
from tests.factories.races import race as race

__all__ = ["race"]  # the fixture, shared with the race tests


async def march_one_step(race: Race, game: Game, player: GamePlayer) -> None:
    army = await my_army(race.client, game, player)
    reachable = await race.client.get(
        game.url(f"/armies/{army['id']}/reachable"), headers=player.headers
    )
    steps = [t for t in reachable.json() if t["cost"] == min(x["cost"] for x in reachable.json())]
    # Away from the start, a different neighbour each turn.
    step = max(steps, key=lambda t: (abs(t["q"]) + abs(t["r"]), t["q"], t["r"]))
    moved = await race.client.put(
        game.url(f"/armies/{army['id']}/move"),
        json={"path": [[step["q"], step["r"]]]},
        headers=player.headers,
    )
    assert moved.status_code == 200, moved.text


async def maps(race: Race, game: Game) -> list[dict[str, Any]]:
    out = []
    for p in game.players:
        response = await race.client.get(game.url("/map"), headers=p.headers)
        assert response.status_code == 200, response.text
        out.append(response.json())
    return out


def remembered(document: dict[str, Any]) -> int:
    """Tiles the player knows: in sight or remembered (a memory never forgets a tile)."""
    return sum(1 for t in document["tiles"] if t["fog"] != "unexplored")


async def stored_and_computed_memories(race: Race, game: Game) -> tuple[object, object]:
    """Every seat's memory as the database holds it, and as the change computed it (kept in
    the world cache for the campaign's new version)."""
    cid = uuid.UUID(game.id)
    async with race.engine.connect() as conn:
        version = await conn.scalar(select(Campaign.world_version).where(Campaign.id == cid))
        rows = (
            await conn.execute(
                select(CampaignPlayer.number, CampaignPlayer.explored).where(
                    CampaignPlayer.campaign_id == cid
                )
            )
        ).all()
    world = worlds.get((cid, version or 0))
    assert world is not None, "the change keeps its world for the first views"
    stored = {number: explored_from_json(explored) for number, explored in rows}
    return stored, {p: dict(m) for p, m in world.explored.items()}


async def test_R_FOG_1_stored_memories_are_those_the_change_computed(race: Race) -> None:
    game = await race.start(settings=AUTO_RESOLVE)
    memories = [remembered(m) for m in await maps(race, game)]
    for turn in range(1, 5):
        for p in game.players:
            await march_one_step(race, game, p)
        for p in game.players:
            ready = await race.client.put(game.url("/turn/ready"), headers=p.headers)
            assert ready.status_code == 200, ready.text
        assert await turn_number(race.client, game) == turn + 1
        stored, computed = await stored_and_computed_memories(race, game)
        assert stored == computed, f"turn {turn + 1}"
        from_cache = await maps(race, game)
        worlds.clear()
        from_database = await maps(race, game)
        assert from_database == from_cache, f"turn {turn + 1}"
        now = [remembered(m) for m in from_database]
        assert all(n >= m for n, m in zip(now, memories, strict=True)), (now, memories)
        memories = now
    last = await maps(race, game)
    assert all(any(t["fog"] == "explored" for t in m["tiles"]) for m in last)  # left behind


async def test_R_FOG_1_a_change_of_gold_alone_leaves_the_stored_memories_as_they_were(
    race: Race,
) -> None:
    """A write that moves gold and nothing of any memory (a battle's stake, an edict's price)
    keeps each seat's memory as stored: an object of tiles.

    BUG: the seats' rows were written with a JSON `null` for the memory they had not gained,
    and `explored || 'null'` made each memory an array: a random game's replay then failed."""
    game = await race.start()
    cid = uuid.UUID(game.id)

    async def stored() -> dict[int, Any]:
        async with race.engine.connect() as conn:
            rows = await conn.execute(
                select(CampaignPlayer.number, CampaignPlayer.explored).where(
                    CampaignPlayer.campaign_id == cid
                )
            )
            return dict(rows.all())

    before = await stored()
    async with create_sessionmaker(race.engine)() as session, session.begin():
        campaign = await session.get_one(Campaign, cid)
        state = await load_state(session, campaign)
        richer = {n: replace(p, gold=p.gold + 1) for n, p in state.players.items()}
        await save_state(session, campaign, state, replace(state, players=richer))
    assert await stored() == before
    assert all(isinstance(memory, dict) and memory for memory in before.values())
