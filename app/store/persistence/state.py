"""The campaign's rows as the engine's `CampaignState` and back: `load_state`, `save_state`.

Every entity goes through its codec (app.store.persistence.entities); what stands on the map and the
players' memories come from the world cache of the campaign's version (app.store.persistence.world).
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Select, bindparam, delete, func, insert, select
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.aggregates import json_rows_of, parsed
from app.platform.db.base import table_of
from app.platform.db.locks import holds_campaign_lock
from app.rules.hexgrid import Coord
from app.rules.maps import map_from_dict
from app.rules.ruleset import Ruleset
from app.rules.state import (
    CampaignState,
    General,
    MapData,
    Player,
    SeenTile,
    TurnOrders,
)
from app.store.models.campaign import Campaign, CampaignPlayer
from app.store.models.game_map import GameMap
from app.store.models.orders import OrderRow
from app.store.models.user import User
from app.store.models.world import (
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
from app.store.persistence.bulk import update_rows
from app.store.persistence.codec import RowCodec
from app.store.persistence.entities import (
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
    explored_from_json,
    explored_to_json,
    storms_from_json,
    storms_to_json,
)
from app.store.persistence.orders import ORDER_COLUMNS, orders_from_values
from app.store.persistence.static import campaign_options, maps
from app.store.persistence.world import World, prime, share, shared, worlds, wrote_world

_E = TypeVar("_E")


@dataclass(frozen=True, eq=False)
class Extra:
    """A column a read adds to the state's statement (a scalar subquery of its own rows, with
    its own bind parameters): one round trip for the state and what the read shows besides."""

    name: str
    column: Any


@dataclass(frozen=True)
class Loaded:
    """What `load_read` read in its one statement."""

    state: CampaignState
    orders: TurnOrders | None  # the current turn's orders, when asked for
    names: list[tuple[int, str | None]]  # every seat's number and holder's display name
    extras: dict[str, Any]  # each `Extra`'s value, by name


async def load_state(
    session: AsyncSession,
    campaign: Campaign,
    explored_for: Collection[int] | None = None,
    *,
    generals: bool = True,
    stakes: bool = True,
    players: Sequence[CampaignPlayer] | None = None,
) -> CampaignState:
    """The campaign as the engine sees it now, read in one statement (`load_read`).

    `explored_for`: the players whose explored memory is needed (None: all). Parsing every
    player's memory of a large map costs more than the rest of the state together, so the
    memories, like what stands on the map, are kept per world version (app.store.persistence.world).
    `generals`, `stakes`: False leaves them empty, for reads that show neither; never for a
    state that is resolved or saved.
    `players`: the campaign's seats, when the caller has just read them under its lock.
    """
    loaded = await load_read(
        session, campaign, explored_for, generals=generals, stakes=stakes, players=players
    )
    return loaded.state


async def load_read(
    session: AsyncSession,
    campaign: Campaign,
    explored_for: Collection[int] | None = None,
    *,
    generals: bool = True,
    stakes: bool = True,
    players: Sequence[CampaignPlayer] | None = None,
    orders: bool = False,
    extras: Sequence[Extra] = (),
    params: Mapping[str, Any] | None = None,
) -> Loaded:
    """`load_state` and, in the same statement, the current turn's orders (`orders`), every
    seat's holder's name and the `extras` (with their bind `params`).

    One statement, one snapshot: what the shared caches hold (the world of the campaign's
    version, the players' memories, the map) is left out of it, and what they lack is read
    with the rest, together with the version check that lets a world be stored
    (app.store.persistence.world).
    """
    cid, version = campaign.id, campaign.world_version
    world = worlds.get((cid, version))
    # Else the world this transaction's reads share, in a block that says so (an import's).
    own = world is None
    if own:
        world = shared(session.sync_session, (cid, version))
    known = () if world is None else tuple(world.explored)
    wanted = None if explored_for is None else [p for p in explored_for if p not in known]
    memories_needed = wanted is None or bool(wanted)
    stores = not wrote_world(session.sync_session, cid) and not holds_campaign_lock(session, cid)
    game_map = maps.get(campaign.map_id)
    shape = _Shape(
        players=players is None,
        memories="all" if wanted is None else "some" if wanted else "none",
        world=world is None,
        check=stores and (world is None or memories_needed),
        game_map=game_map is None,
        generals=generals,
        stakes=stakes,
        orders=orders,
        extras=tuple(extras),
    )
    values: dict[str, Any] = {"campaign_id": cid, "turn": campaign.turn, **(params or {})}
    if shape.memories == "some":
        values["wanted"] = wanted
    elif shape.memories == "all":
        values["known"] = list(known)
    if shape.game_map:
        values["map_id"] = campaign.map_id
    row = (await session.execute(_statement(shape), values)).one()._mapping
    if game_map is None:
        game_map = map_from_dict(parsed(row["map"]))
        maps.put(campaign.map_id, game_map)
    if world is None:
        world = World(
            structures=_by_id(row["structures"], STRUCTURES),
            armies=_by_id(row["armies"], ARMIES),
            ships=_by_id(row["ships"], SHIPS),
            sieges=_by_id(row["sieges"], SIEGES),
            treaties=_by_id(row["treaties"], TREATIES),
        )
    if players is None:
        seats = [dict(zip(_PLAYER_COLUMNS, p, strict=True)) for p in parsed(row["players"])]
    else:
        seats = [{c: getattr(p, c) for c in _PLAYER_COLUMNS[:-1]} for p in players]
    seated = [s["number"] for s in seats if s["faction"]]
    memories = {p: m for p, m in world.explored.items() if p in seated}
    found = parsed(row["memories"]) if shape.memories != "none" else {}
    missing = [p for p in seated if p not in memories and (wanted is None or p in wanted)]
    for number in missing:
        memories[number] = explored_from_json(found.get(str(number)) or {})
    fresh = shape.world or bool(missing)
    if fresh and shape.check and row["version"] == version and row["xact"] is None:
        # Read committed, in one snapshot: the rows are exactly those of `version` when the
        # campaign row of that snapshot has it, and this transaction has written nothing (no
        # transaction id yet): a writer's own rows are not stored, they may never commit.
        for number in missing:
            world.explored[number] = memories[number]
        worlds.put((cid, version), world)  # new, or grown by memories: weighed anew
    elif fresh and own:
        # Nobody else's: grown by the memories read, and kept for this transaction's next
        # reads if it shares its world (`shared_world`), else dropped with this read.
        for number in missing:
            world.explored[number] = memories[number]
        share(session.sync_session, (cid, version), world)
    if explored_for is not None:
        memories = {p: m for p, m in memories.items() if p in explored_for}
    state = CampaignState(
        turn=campaign.turn,
        map=game_map,
        players={
            s["number"]: PLAYERS.from_row(s, explored=memories.get(s["number"], {}))
            for s in seats
            if s["faction"]
        },
        structures=world.structures,
        armies=world.armies,
        generals=Decoded(row["generals"], GENERALS) if generals else {},
        ships=world.ships,
        sieges=world.sieges,
        treaties=world.treaties,
        stakes=tuple(STAKES.from_values(s) for s in parsed(row["stakes"])) if stakes else (),
        battles=_by_id(row["battles"], BATTLES),
        storms=storms_from_json(campaign.storms or []),
        options=campaign_options(campaign),
        next_id=campaign.next_id,
        id_salt=campaign.id_salt,
    )
    return Loaded(
        state=state,
        orders=orders_from_values(parsed(row["orders"])) if orders else None,
        names=[(s["number"], s.get("display_name")) for s in seats] if players is None else [],
        extras={extra.name: row[extra.name] for extra in extras},
    )


class Decoded(Mapping[int, _E]):
    """Entities from `json_rows` arrays by their key, each decoded when first looked up: a read
    that shows a few of a kind (a tile's generals, of some 170) decodes those alone. Copying
    it (`dict(...)`, as the engine does before changing a kind) decodes every one."""

    __slots__ = ("_codec", "_decoded", "_rows")

    def __init__(self, rows: Any, codec: RowCodec[_E]) -> None:
        self._rows: dict[int, Any] = {values[0]: values for values in parsed(rows)}
        self._codec = codec
        self._decoded: dict[int, _E] = {}

    def __getitem__(self, key: int) -> _E:
        found = self._decoded.get(key)
        if found is None:
            found = self._decoded[key] = self._codec.from_values(self._rows[key])
        return found

    def __iter__(self) -> Iterator[int]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def __contains__(self, key: object) -> bool:
        return key in self._rows


def _by_id(rows: Any, codec: RowCodec[_E]) -> dict[int, _E]:
    """Entities from `json_rows` arrays, by their key: the first of a codec's columns (an id;
    a siege's structure id)."""
    return {values[0]: codec.from_values(values) for values in parsed(rows)}


def json_rows(table: Any, columns: Sequence[str], *where: Any, order: Any = None) -> Any:
    """The rows of `table` of the campaign `:campaign_id` (and `where`) as one JSON array of
    arrays of `columns` (by id, or `order`), in a scalar subquery."""
    return json_rows_of(
        *(table.c[c] for c in columns),
        where=[table.c.campaign_id == bindparam("campaign_id"), *where],
        order=table.c.id if order is None else order,
    )


# A seat's columns as the state reads them (its memory apart), and its holder's name last.
_PLAYER_COLUMNS = (*(c for c in PLAYERS.columns if c != "explored"), "display_name")


@dataclass(frozen=True)
class _Shape:
    """Which parts a state's statement reads (the rest comes from the caches)."""

    players: bool
    memories: str  # "all" seated players' but the `:known`, "some" (the `:wanted`), "none"
    world: bool
    check: bool  # the campaign's world version and whether this transaction wrote anything
    game_map: bool
    generals: bool
    stakes: bool
    orders: bool
    extras: tuple[Extra, ...]


@functools.lru_cache(maxsize=256)
def _statement(shape: _Shape) -> Select[Any]:
    """The one statement of a state of `shape`, built once per shape."""
    seats = table_of(CampaignPlayer)
    users = table_of(User)
    battles = table_of(BattleRow)
    columns: list[Any] = [
        json_rows(battles, BATTLES.columns, battles.c.status.in_(PENDING_BATTLE_STATUSES)).label(
            "battles"
        )
    ]
    if shape.players:
        values = func.json_build_array(
            *(seats.c[c] for c in _PLAYER_COLUMNS[:-1]), users.c.display_name
        )
        columns.append(
            select(func.json_agg(aggregate_order_by(values, seats.c.number)))
            .select_from(seats.outerjoin(users, users.c.id == seats.c.user_id))
            .where(seats.c.campaign_id == bindparam("campaign_id"))
            .scalar_subquery()
            .label("players")
        )
    if shape.memories != "none":
        chosen = (
            seats.c.number.in_(bindparam("wanted", expanding=True))
            if shape.memories == "some"
            else seats.c.number.not_in(bindparam("known", expanding=True))
        )
        columns.append(
            select(func.json_object_agg(seats.c.number, seats.c.explored))
            .where(
                seats.c.campaign_id == bindparam("campaign_id"),
                seats.c.faction.is_not(None),
                chosen,
            )
            .scalar_subquery()
            .label("memories")
        )
    if shape.world:
        for name, model, codec in (
            ("structures", StructureRow, STRUCTURES),
            ("armies", ArmyRow, ARMIES),
            ("ships", ShipRow, SHIPS),
            ("sieges", SiegeRow, SIEGES),
            ("treaties", TreatyRow, TREATIES),
        ):
            columns.append(json_rows(table_of(model), codec.columns).label(name))
    if shape.check:
        campaigns = table_of(Campaign)
        version = select(campaigns.c.world_version).where(
            campaigns.c.id == bindparam("campaign_id")
        )
        columns.append(version.scalar_subquery().label("version"))
        columns.append(func.pg_current_xact_id_if_assigned().label("xact"))
    if shape.game_map:
        maps_table = table_of(GameMap)
        document = select(maps_table.c.document).where(maps_table.c.id == bindparam("map_id"))
        columns.append(document.scalar_subquery().label("map"))
    if shape.generals:
        columns.append(json_rows(table_of(GeneralRow), GENERALS.columns).label("generals"))
    if shape.stakes:
        columns.append(json_rows(table_of(StakeRow), STAKES.columns).label("stakes"))
    if shape.orders:
        orders = table_of(OrderRow)
        columns.append(
            json_rows(orders, ORDER_COLUMNS, orders.c.turn == bindparam("turn")).label("orders")
        )
    columns += [extra.column.label(extra.name) for extra in shape.extras]
    return select(*columns)


def _generals_and_names() -> Select[Any]:
    seats, users = table_of(CampaignPlayer), table_of(User)
    names = (
        select(
            func.json_agg(
                aggregate_order_by(
                    func.json_build_array(seats.c.number, users.c.display_name), seats.c.number
                )
            )
        )
        .select_from(seats.outerjoin(users, users.c.id == seats.c.user_id))
        .where(seats.c.campaign_id == bindparam("campaign_id"))
        .scalar_subquery()
    )
    return select(json_rows(table_of(GeneralRow), GENERALS.columns), names)


_GENERALS_AND_NAMES = _generals_and_names()


async def load_generals_and_names(
    session: AsyncSession, campaign_id: uuid.UUID
) -> tuple[dict[int, General], list[tuple[int, str | None]]]:
    """The campaign's generals and every seat's holder's name, in one statement."""
    generals, names = (
        await session.execute(_GENERALS_AND_NAMES, {"campaign_id": campaign_id})
    ).one()
    return _by_id(generals, GENERALS), [(n[0], n[1]) for n in parsed(names) or ()]


# ------------------------------------------------------------------------------- state → rows


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
    sights: tuple[Ruleset, Mapping[int, frozenset[Coord]]] | None = None,
) -> None:
    """Persist `after`, writing only what differs from `before` (loaded in this transaction).

    Battles that left `after.battles` are not deleted here: their rows keep their history and
    their status is set by the battle service. A new world version is kept for every viewer
    once this transaction commits (app.store.persistence.world), with the explored memories
    `before` really held: all of them with `memories_loaded` (`before` loaded with every
    player's memory), else those it shares with the world it was built from; and `sights`,
    the players' sights in `after` under that ruleset (the turn change's, `fog.sights`), so
    that no first read after it works one out again.
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
            sights={}
            if sights is None
            else {p: (sights[0], seen) for p, seen in sights[1].items()},
        )
        prime(session.sync_session, (cid, campaign.world_version), world)


def _newly_remembered(
    before: Mapping[Coord, SeenTile], after: Mapping[Coord, SeenTile]
) -> dict[Coord, SeenTile]:
    """The tiles of `after` that `before` does not hold as they are (the engine makes a new
    entry for each tile it remembers again and keeps the others as they were)."""
    old = before.get
    return {c: s for c, s in after.items() if (was := old(c)) is not s and was != s}


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
