"""The campaign's rows as the engine's `CampaignState` and back: `load_state`, `save_state`.

Every entity goes through its codec (app.persistence.entities); what stands on the map and the
players' memories come from the world cache of the campaign's version (app.persistence.world).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Collection, Mapping, Sequence
from typing import Any, TypeVar

from sqlalchemy import bindparam, delete, func, insert, literal_column, select
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.base import table_of
from app.models.campaign import Campaign, CampaignPlayer
from app.models.world import (
    PENDING_BATTLE_STATUSES,
    ArmyRow,
    BattleRow,
    GeneralRow,
    ShipRow,
    SiegeRow,
    StakeRow,
    StructureRow,
    TreatyRow,
)
from app.persistence.bulk import update_rows
from app.persistence.codec import RowCodec
from app.persistence.entities import (
    ARMIES,
    BATTLES,
    GENERALS,
    PLAYER_UNWRITTEN,
    PLAYERS,
    SHIPS,
    SIEGES,
    STAKES,
    STRUCTURES,
    TREATIES,
    explored_to_json,
    storms_from_json,
    storms_to_json,
)
from app.persistence.static import campaign_options, load_map
from app.persistence.world import World, load_world, prime, rows_of, worlds
from app.rules.hexgrid import Coord
from app.rules.state import (
    CampaignState,
    General,
    MapData,
    PendingStake,
    Player,
    SeenTile,
)


async def load_state(
    session: AsyncSession,
    campaign: Campaign,
    explored_for: Collection[int] | None = None,
    *,
    generals: bool = True,
    stakes: bool = True,
    players: Sequence[CampaignPlayer] | None = None,
) -> CampaignState:
    """The campaign as the engine sees it now.

    `explored_for`: the players whose explored memory is needed (None: all). Parsing every
    player's memory of a large map costs more than the rest of the state together, so the
    memories, like what stands on the map, are kept per world version (app.persistence.world).
    `generals`, `stakes`: False leaves them empty, for reads that show neither (a round trip
    each saved); never for a state that is resolved or saved.
    `players`: the campaign's seats, when the caller has just read them under its lock.
    """
    cid = campaign.id
    if players is None:
        players = (
            await session.scalars(
                select(CampaignPlayer)
                .where(CampaignPlayer.campaign_id == cid)
                .order_by(CampaignPlayer.number)
            )
        ).all()
    seated = [p.number for p in players if p.faction]
    wanted = seated if explored_for is None else [p for p in seated if p in explored_for]
    world, memories = await load_world(session, campaign, wanted)
    generals_found, stakes_found = await _generals_and_stakes(session, cid, generals, stakes)
    battles = (
        await session.scalars(
            select(BattleRow)
            .where(BattleRow.campaign_id == cid, BattleRow.status.in_(PENDING_BATTLE_STATUSES))
            .order_by(BattleRow.id)
        )
    ).all()
    return CampaignState(
        turn=campaign.turn,
        map=await load_map(session, campaign.map_id),
        players={
            p.number: PLAYERS.from_object(p, explored=memories.get(p.number, {}))
            for p in players
            if p.faction
        },
        structures=world.structures,
        armies=world.armies,
        generals=generals_found,
        ships=world.ships,
        sieges=world.sieges,
        treaties=world.treaties,
        stakes=stakes_found,
        battles={b.id: BATTLES.from_object(b) for b in battles},
        storms=storms_from_json(campaign.storms or []),
        options=campaign_options(campaign),
        next_id=campaign.next_id,
        id_salt=campaign.id_salt,
    )


def _json_rows(table: Any, columns: Sequence[str]) -> Any:
    """The rows of `table` of the campaign `:campaign_id` as one JSON array of arrays (by id),
    in a subquery."""
    values = func.json_build_array(*(table.c[c] for c in columns))
    rows = func.json_agg(aggregate_order_by(values, table.c.id))
    return (
        select(func.coalesce(rows, literal_column("'[]'::json")))
        .where(table.c.campaign_id == bindparam("campaign_id"))
        .scalar_subquery()
    )


# Built once: every write and most reads run it.
_GENERALS_AND_STAKES = select(
    _json_rows(table_of(GeneralRow), GENERALS.columns),
    _json_rows(table_of(StakeRow), STAKES.columns),
)


async def _generals_and_stakes(
    session: AsyncSession, campaign_id: uuid.UUID, generals: bool, stakes: bool
) -> tuple[dict[int, General], tuple[PendingStake, ...]]:
    """Both in one round trip (every write and most reads need them: small tables)."""
    if not generals:
        found: tuple[dict[int, General], tuple[PendingStake, ...]] = ({}, ())
        if stakes:
            found = ({}, await _load_stakes(session, campaign_id))
        return found
    if not stakes:
        return await load_generals(session, campaign_id), ()
    general_rows, stake_rows = (
        await session.execute(_GENERALS_AND_STAKES, {"campaign_id": campaign_id})
    ).one()
    if isinstance(general_rows, str):
        general_rows = json.loads(general_rows)
    if isinstance(stake_rows, str):
        stake_rows = json.loads(stake_rows)
    found_generals = (GENERALS.from_values(g) for g in general_rows)
    return (
        {g.id: g for g in found_generals},
        tuple(STAKES.from_values(s) for s in stake_rows),
    )


async def _load_stakes(session: AsyncSession, campaign_id: uuid.UUID) -> tuple[PendingStake, ...]:
    return tuple(STAKES.from_row(s) for s in await rows_of(session, StakeRow, campaign_id))


async def load_generals(session: AsyncSession, campaign_id: uuid.UUID) -> dict[int, General]:
    """The campaign's generals, as in its state."""
    rows = await rows_of(session, GeneralRow, campaign_id)
    return {g["id"]: GENERALS.from_row(g) for g in rows}


# ------------------------------------------------------------------------------- state → rows

_E = TypeVar("_E")


async def _sync(
    session: AsyncSession,
    model: Any,  # a CampaignScoped model class (the mixin itself has no constructor)
    campaign_id: uuid.UUID,
    before: Mapping[int, _E],
    after: Mapping[int, _E],
    codec: RowCodec[_E],
) -> None:
    """Write the difference between two versions of one kind of entity, a statement per kind
    of change (bulk inserts and updates go to the server in one round trip each)."""
    gone = [i for i in before if i not in after]
    if gone:
        await session.execute(
            delete(model).where(model.campaign_id == campaign_id, model.id.in_(gone))
        )
    added: list[dict[str, Any]] = []
    changed: list[dict[str, Any]] = []
    for entity_id, entity in after.items():
        old = before.get(entity_id)
        if old is None:
            added.append({"campaign_id": campaign_id, **codec.to_row(entity)})
        elif old != entity:
            changed.append(codec.to_row(entity))
    if added:
        await session.execute(insert(model), added)
    if changed:
        await update_rows(session, model, campaign_id, "id", changed)


async def save_state(
    session: AsyncSession,
    campaign: Campaign,
    before: CampaignState,
    after: CampaignState,
    *,
    memories_loaded: bool = False,
) -> None:
    """Persist `after`, writing only what differs from `before` (loaded in this transaction).

    Battles that left `after.battles` are not deleted here: their rows keep their history and
    their status is set by the battle service. A new world version is kept for every viewer
    once this transaction commits (app.persistence.world), with the explored memories
    `before` really held: all of them with `memories_loaded` (`before` loaded with every
    player's memory), else those it shares with the world it was built from.
    """
    cid = campaign.id
    # Rows are written by statements the session does not track: its own changes go first.
    await session.flush()
    await _sync(session, StructureRow, cid, before.structures, after.structures, STRUCTURES)
    await _sync(session, ArmyRow, cid, before.armies, after.armies, ARMIES)
    await _sync(session, GeneralRow, cid, before.generals, after.generals, GENERALS)
    await _sync(session, ShipRow, cid, before.ships, after.ships, SHIPS)
    await _sync(session, SiegeRow, cid, before.sieges, after.sieges, SIEGES)
    await _sync(session, TreatyRow, cid, before.treaties, after.treaties, TREATIES)
    new_battles = {i: b for i, b in after.battles.items() if i not in before.battles}
    await _sync(session, BattleRow, cid, {}, new_battles, BATTLES)
    if before.stakes != after.stakes:
        await session.execute(delete(StakeRow).where(StakeRow.campaign_id == cid))
        for index, s in enumerate(after.stakes, start=1):
            session.add(StakeRow(campaign_id=cid, id=index, **STAKES.to_row(s)))
    players: list[dict[str, Any]] = []
    for pid, player in after.players.items():
        if before.players.get(pid) == player:
            continue
        seen = _newly_remembered(before.players[pid].explored, player.explored)
        row = PLAYERS.to_row(player, skip=PLAYER_UNWRITTEN)
        players.append({**row, "seen": explored_to_json(seen) if seen else None})
    if players:
        await update_rows(session, CampaignPlayer, cid, "number", players, merge_memory=True)
    campaign.turn = after.turn
    if before.storms != after.storms:
        campaign.storms = storms_to_json(after.storms)
    # Ids taken for orders during this request may already have moved the counter on.
    campaign.next_id = max(campaign.next_id, after.next_id)
    if _map_changed(before, after):
        known = worlds.get((cid, campaign.world_version))
        loaded = (
            list(before.players)
            if memories_loaded
            else [
                p
                for p, m in known.explored.items()
                if p in before.players and before.players[p].explored is m
            ]
            if known is not None and known.armies is before.armies and known.explored
            else []
        )
        campaign.world_version += 1
        world = World(
            structures=after.structures,
            armies=after.armies,
            ships=after.ships,
            sieges=after.sieges,
            treaties=after.treaties,
            explored={p: after.players[p].explored for p in loaded if p in after.players},
        )
        prime(session.sync_session, (cid, campaign.world_version), world)


def _newly_remembered(
    before: Mapping[Coord, SeenTile], after: Mapping[Coord, SeenTile]
) -> dict[Coord, SeenTile]:
    """The tiles of `after` that `before` does not hold as they are (the engine makes a new
    entry for each tile it remembers again and keeps the others as they were)."""
    return {c: s for c, s in after.items() if before.get(c) is not s and before.get(c) != s}


def _map_changed(before: CampaignState, after: CampaignState) -> bool:
    """Whether any player's map view may differ (what stands where, sight, memory)."""
    return (
        before.turn != after.turn
        or before.structures != after.structures
        or before.armies != after.armies
        or before.ships != after.ships
        or before.sieges != after.sieges
        or before.storms != after.storms
        or before.treaties != after.treaties
        or any(before.players[p].explored != after.players[p].explored for p in after.players)
    )


def state_before_start(game_map: MapData, seated: Sequence[CampaignPlayer]) -> CampaignState:
    """The empty campaign the start is written over: the map and the seated players only."""
    players = {p.number: Player(id=p.number, faction=p.faction or "") for p in seated}
    return CampaignState(turn=0, map=game_map, players=players)
