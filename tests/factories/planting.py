"""Database planting for API tests: rows written by the test itself, outside any request.

The server keeps what a campaign's world shows per `Campaign.world_version` (the world cache,
app/store/persistence/world.py, and the map views, app/play/world/cache.py) and bumps the version
with its own writes. A planted row is a write the server did not make: `planted` flushes it and
bumps the version, so no cache can serve the world from before.
"""

import uuid

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from app.rules.ids import entity_id
from app.store.models import ArmyRow, Campaign, GeneralRow
from tests.factories.flows import Game, army_of


async def planted(session: AsyncSession, game: Game) -> None:
    """Flush what the test wrote and give the campaign a new world version."""
    await session.flush()
    await session.execute(
        update(Campaign)
        .where(Campaign.id == uuid.UUID(game.id))
        .values(world_version=Campaign.world_version + 1)
    )


async def campaign_row(session: AsyncSession, game: Game) -> Campaign:
    return await session.get_one(Campaign, uuid.UUID(game.id), populate_existing=True)


async def new_id(session: AsyncSession, game: Game) -> int:
    """The next id as the engine gives it (app/rules/ids.py): scrambled by the campaign's salt.
    A plain counter hid that a rollback compared ids with the counter
    (app/play/rosters/service.py)."""
    campaign = await campaign_row(session, game)
    value = entity_id(campaign.id_salt, campaign.next_id)
    campaign.next_id += 1
    await session.flush()
    return value


async def army(session: AsyncSession, game: Game, army_id: int) -> ArmyRow:
    return await session.get_one(ArmyRow, (uuid.UUID(game.id), army_id), populate_existing=True)


async def place(
    session: AsyncSession, game: Game, player: int, coord: tuple[int, int], tier: int = 1
) -> int:
    """Put the player's starting army on `coord` at `tier`; its id."""
    row = await army_of(session, game, player)
    row.q, row.r = coord
    row.tier = tier
    await planted(session, game)
    return row.id


async def add_army(
    session: AsyncSession, game: Game, player: int, coord: tuple[int, int], tier: int = 1
) -> int:
    """A further army with its own general."""
    army_id, general_id = await new_id(session, game), await new_id(session, game)
    cid = uuid.UUID(game.id)
    session.add(
        ArmyRow(
            campaign_id=cid,
            id=army_id,
            owner=player,
            q=coord[0],
            r=coord[1],
            tier=tier,
            general_id=general_id,
        )
    )
    await session.flush()
    session.add(GeneralRow(campaign_id=cid, id=general_id, owner=player, army_id=army_id))
    await planted(session, game)
    return army_id


async def where(session: AsyncSession, game: Game, army_id: int) -> tuple[int, int, int] | None:
    row = await session.get(ArmyRow, (uuid.UUID(game.id), army_id), populate_existing=True)
    return None if row is None else (row.q, row.r, row.tier)
