"""The campaign's rows as the engine's `CampaignState` and back, orders, rulesets and maps."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from sqlalchemy import (
    Row,
    bindparam,
    delete,
    func,
    insert,
    inspect,
    literal_column,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import JSONB, aggregate_order_by
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from app.db.base import table_of, utcnow
from app.db.bulk import unnested
from app.db.locks import holds_campaign_lock
from app.models.campaign import Campaign, CampaignPlayer
from app.models.game_map import GameMap
from app.models.orders import OrderKind, OrderRow
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
from app.rules import fog
from app.rules.hexgrid import Coord
from app.rules.maps import map_from_dict
from app.rules.ruleset import Ruleset, parse_ruleset
from app.rules.state import (
    Army,
    BuildKind,
    BuildOrder,
    CampaignState,
    General,
    MapData,
    MoveOrder,
    Options,
    PendingStake,
    Player,
    RaiseArmyOrder,
    RecruitGeneralOrder,
    SeenTile,
    Ship,
    Siege,
    Storm,
    Structure,
    StructureKind,
    Treaty,
    TreatyKind,
    TurnOrders,
    UpgradeOrder,
)
from app.turns.mapping.battles import battle_columns, battle_from_row
from app.turns.mapping.world import World, prime, worlds, wrote_world

_maps: dict[uuid.UUID, MapData] = {}


async def load_map(session: AsyncSession, map_id: uuid.UUID) -> MapData:
    """A stored map as engine data; maps never change once stored, so parse each once."""
    cached = _maps.get(map_id)
    if cached is None:
        row = await session.get_one(GameMap, map_id)
        cached = _maps[map_id] = map_from_dict(row.document)
    return cached


def load_ruleset(campaign: Campaign) -> Ruleset:
    """The campaign's ruleset (parsed documents are shared: rulesets are immutable values)."""
    return _parse_ruleset_cached(json.dumps(campaign.ruleset, sort_keys=True))


@lru_cache(maxsize=256)
def _parse_ruleset_cached(document: str) -> Ruleset:
    return parse_ruleset(json.loads(document))


def campaign_options(campaign: Campaign) -> Options:
    s = campaign.settings
    return Options(
        seasons=s.seasons,
        concealment=s.concealment,
        cover=s.cover,
        storms=s.storms,
        game_system=s.game_system,
        custom_coefficient_pct=s.custom_coefficient_pct,
    )


# ------------------------------------------------------------------------------- rows → state


def _coord_key(c: Coord) -> str:
    return f"{c[0]},{c[1]}"


def _parse_coord_key(key: str) -> Coord:
    q, r = key.split(",")
    return int(q), int(r)


def explored_from_json(data: Mapping[str, Any]) -> dict[Coord, SeenTile]:
    return {
        _parse_coord_key(k): SeenTile(
            turn=v[0],
            owner=v[1],
            structure=StructureKind(v[2]) if v[2] else None,
            level=v[3],
            structure_id=v[4] if len(v) > 4 else None,  # older memories have no id
        )
        for k, v in data.items()
    }


def _seen_json(s: SeenTile) -> list[Any]:
    kind = s.structure.value if s.structure else None
    if s.structure_id is None:
        return [s.turn, s.owner, kind, s.level]
    return [s.turn, s.owner, kind, s.level, s.structure_id]


def explored_to_json(explored: Mapping[Coord, SeenTile]) -> dict[str, Any]:
    return {_coord_key(c): _seen_json(s) for c, s in sorted(explored.items())}


def storms_from_json(data: Sequence[Sequence[Sequence[int]]]) -> tuple[Storm, ...]:
    """R-OPT-5: each storm stored as its tiles, its centre first."""
    storms = []
    for tiles in data:
        coords = tuple((t[0], t[1]) for t in tiles)
        storms.append(Storm(coords[0], coords))
    return tuple(storms)


def storms_to_json(storms: Sequence[Storm]) -> list[list[list[int]]]:
    return [[[q, r] for q, r in s.tiles] for s in storms]


def player_from_row(
    row: CampaignPlayer,
    explored_json: Mapping[str, Any] | None = None,
    *,
    explored: Mapping[Coord, SeenTile] | None = None,
) -> Player:
    return Player(
        id=row.number,
        faction=row.faction or "",
        gold=row.gold,
        capital_id=row.capital_id,
        action_available_turn=row.action_available_turn,
        victories=row.victories,
        infamy=row.infamy,
        inactive=row.inactive,
        explored=explored if explored is not None else explored_from_json(explored_json or {}),
    )


async def _rows(session: AsyncSession, model: Any, campaign_id: uuid.UUID) -> Sequence[Row[Any]]:
    """Plain rows (no ORM instances): the state is rebuilt from them and written back in bulk."""
    table = model.__table__
    result = await session.execute(
        select(*table.c).where(table.c.campaign_id == campaign_id).order_by(table.c.id)
    )
    return result.all()


async def _load_world(session: AsyncSession, campaign_id: uuid.UUID) -> World:
    return World(
        structures={
            s.id: Structure(
                id=s.id,
                kind=StructureKind(s.kind),
                coord=(s.q, s.r),
                owner=s.owner,
                level=s.level,
                is_capital=s.is_capital,
                also_port=s.also_port,
                built_by=s.built_by,
                since_turn=s.since_turn,
            )
            for s in await _rows(session, StructureRow, campaign_id)
        },
        armies={
            a.id: Army(
                id=a.id,
                owner=a.owner,
                coord=(a.q, a.r),
                tier=a.tier,
                general_id=a.general_id,
                seat_id=a.seat_id,
                ship_id=a.ship_id,
                raised_turn=a.raised_turn,
            )
            for a in await _rows(session, ArmyRow, campaign_id)
        },
        ships={
            s.id: Ship(id=s.id, owner=s.owner, coord=(s.q, s.r), army_id=s.army_id)
            for s in await _rows(session, ShipRow, campaign_id)
        },
        sieges={
            s.id: Siege(structure_id=s.id, army_id=s.army_id, draws=s.draws)
            for s in await _rows(session, SiegeRow, campaign_id)
        },
        treaties={
            t.id: Treaty(
                id=t.id,
                kind=TreatyKind(t.kind),
                a=t.a,
                b=t.b,
                since_turn=t.since_turn,
                ends_turn=t.ends_turn,
                city_a=t.city_a,
                city_b=t.city_b,
            )
            for t in await _rows(session, TreatyRow, campaign_id)
        },
    )


async def _world(
    session: AsyncSession, campaign: Campaign, memories_of: Collection[int]
) -> tuple[World, dict[int, Mapping[Coord, SeenTile]]]:
    """The campaign's world at its version and the explored memory of `memories_of`, from the
    shared cache (app.turns.mapping.world) or the database, stored there when known to be
    committed data of that version."""
    cid, version = campaign.id, campaign.world_version
    cached = worlds.get((cid, version))
    world = cached if cached is not None else await _load_world(session, cid)
    memories = {p: world.explored[p] for p in memories_of if p in world.explored}
    missing = [p for p in memories_of if p not in memories]
    if missing:
        rows = await session.execute(
            select(CampaignPlayer.number, CampaignPlayer.explored).where(
                CampaignPlayer.campaign_id == cid, CampaignPlayer.number.in_(missing)
            )
        )
        for number, explored in rows.all():
            memories[number] = explored_from_json(explored) if explored else {}
    # Under a campaign lock the transaction has an id of its own: it never stores (below).
    stores = not wrote_world(session.sync_session, cid) and not holds_campaign_lock(session, cid)
    if (cached is None or missing) and stores:
        # Read committed: a commit between the campaign row and the rows read since would
        # have bumped the version; unchanged, the rows are exactly those of `version`. Only a
        # transaction that has written nothing (no transaction id yet) reads committed rows
        # alone: a writer's own rows are not stored, they may never commit.
        current = (
            await session.execute(
                select(Campaign.world_version, func.pg_current_xact_id_if_assigned()).where(
                    Campaign.id == cid
                )
            )
        ).one_or_none()
        if current is not None and current[0] == version and current[1] is None:
            for number in missing:
                world.explored[number] = memories.get(number, {})
            if cached is None:
                worlds.put((cid, version), world)
    return world, memories


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
    memories, like what stands on the map, are kept per world version (`_world`).
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
    world, memories = await _world(session, campaign, wanted)
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
            p.number: player_from_row(p, explored=memories.get(p.number, {}))
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
        battles={b.id: battle_from_row(b) for b in battles},
        storms=storms_from_json(campaign.storms or []),
        options=campaign_options(campaign),
        next_id=campaign.next_id,
        id_salt=campaign.id_salt,
    )


def _json_rows(table: Any, *columns: Any) -> Any:
    """The rows of `table` of the campaign `:campaign_id` as one JSON array of arrays (by id),
    in a subquery."""
    rows = func.json_agg(aggregate_order_by(func.json_build_array(*columns), table.c.id))
    return (
        select(func.coalesce(rows, literal_column("'[]'::json")))
        .where(table.c.campaign_id == bindparam("campaign_id"))
        .scalar_subquery()
    )


_G, _K = table_of(GeneralRow), table_of(StakeRow)
# Built once: every write and most reads run it.
_GENERALS_AND_STAKES = select(
    _json_rows(_G, _G.c.id, _G.c.owner, _G.c.army_id, _G.c.held_by),
    _json_rows(_K, _K.c.battle_id, _K.c.winner, _K.c.loser, _K.c.amount, _K.c.rule),
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
    return (
        {i: General(id=i, owner=o, army_id=a, held_by=h) for i, o, a, h in general_rows},
        tuple(
            PendingStake(battle_id=b, winner=w, loser=lo, amount=n, rule=r)
            for b, w, lo, n, r in stake_rows
        ),
    )


async def _load_stakes(session: AsyncSession, campaign_id: uuid.UUID) -> tuple[PendingStake, ...]:
    return tuple(
        PendingStake(
            battle_id=s.battle_id, winner=s.winner, loser=s.loser, amount=s.amount, rule=s.rule
        )
        for s in await _rows(session, StakeRow, campaign_id)
    )


async def load_generals(session: AsyncSession, campaign_id: uuid.UUID) -> dict[int, General]:
    """The campaign's generals, as in its state."""
    return {
        g.id: General(id=g.id, owner=g.owner, army_id=g.army_id, held_by=g.held_by)
        for g in await _rows(session, GeneralRow, campaign_id)
    }


def cached_sight(
    campaign: Campaign, state: CampaignState, player: int, ruleset: Ruleset
) -> frozenset[Coord]:
    """`fog.sight`, computed once per world version, player and ruleset when `state` was built
    from the shared world of the campaign's version (R-FOG-2: it depends on nothing else)."""
    world = worlds.get((campaign.id, campaign.world_version))
    if world is None or world.armies is not state.armies or world.treaties is not state.treaties:
        return fog.sight(state, player, ruleset)
    found = world.sight(player, ruleset)
    if found is None:
        found = fog.sight(state, player, ruleset)
        world.sights[player] = (ruleset, found)
    return found


async def load_orders(
    session: AsyncSession, campaign: Campaign, player: int | None = None
) -> TurnOrders:
    """Every order given so far in the campaign's current turn (`player`: theirs only)."""
    # Plain rows, not ORM objects: a turn change reads one per army, and nothing changes them.
    table = table_of(OrderRow)
    query = select(table).where(table.c.campaign_id == campaign.id, table.c.turn == campaign.turn)
    if player is not None:
        query = query.where(table.c.player == player)
    return orders_from_rows((await session.execute(query.order_by(table.c.id))).all())


_T = TypeVar("_T")


def _stored(value: _T | None) -> _T:
    """A column the order's kind requires; a NULL there is a corrupt row, not a user error."""
    if value is None:
        raise ValueError("order row lacks a value its kind requires")
    return value


class _OrderFields(Protocol):
    """An order's stored columns (an `OrderRow`, or a plain row of its table)."""

    id: int
    player: int
    kind: OrderKind
    army_id: int | None
    path: list[Any] | None
    q: int | None
    r: int | None
    build_kind: str | None
    target_id: int | None
    general_id: int | None
    cost: int


def orders_from_rows(rows: Sequence[_OrderFields]) -> TurnOrders:
    moves: dict[int, MoveOrder] = {}
    builds: list[BuildOrder] = []
    raises: list[RaiseArmyOrder] = []
    upgrades: list[UpgradeOrder] = []
    recruits: list[RecruitGeneralOrder] = []
    actions: set[int] = set()
    entrench: set[int] = set()
    for o in rows:
        match o.kind:
            case OrderKind.MOVE:
                army_id = _stored(o.army_id)
                path = tuple((c[0], c[1]) for c in _stored(o.path))
                moves[army_id] = MoveOrder(army_id, path)
            case OrderKind.BUILD:
                coord = (_stored(o.q), _stored(o.r))
                kind = BuildKind(_stored(o.build_kind))
                builds.append(BuildOrder(o.id, o.player, kind, coord, o.army_id, o.cost))
            case OrderKind.RAISE:
                city, general = _stored(o.target_id), _stored(o.general_id)
                raises.append(RaiseArmyOrder(o.id, o.player, city, general, o.cost))
            case OrderKind.UPGRADE:
                upgrades.append(UpgradeOrder(_stored(o.army_id), o.player, o.cost))
            case OrderKind.RECRUIT:
                recruits.append(RecruitGeneralOrder(_stored(o.general_id), o.player, o.cost))
            case OrderKind.FACTION_ACTION:
                actions.add(o.player)
            case OrderKind.ENTRENCH:
                entrench.add(_stored(o.army_id))
    return TurnOrders(
        moves=moves,
        builds=tuple(builds),
        raises=tuple(raises),
        upgrades=tuple(upgrades),
        recruits=tuple(recruits),
        faction_actions=frozenset(actions),
        entrench=frozenset(entrench),
    )


# ------------------------------------------------------------------------------- state → rows

_E = TypeVar("_E")


async def _sync(
    session: AsyncSession,
    model: Any,  # a CampaignScoped model class (the mixin itself has no constructor)
    campaign_id: uuid.UUID,
    before: Mapping[int, _E],
    after: Mapping[int, _E],
    columns: Callable[[_E], dict[str, Any]],
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
            added.append({"campaign_id": campaign_id, "id": entity_id, **columns(entity)})
        elif old != entity:
            changed.append({"id": entity_id, **columns(entity)})
    if added:
        await session.execute(insert(model), added)
    if changed:
        await _update_rows(session, model, campaign_id, "id", changed)


async def _update_rows(
    session: AsyncSession,
    model: Any,
    campaign_id: uuid.UUID,
    key: str,
    rows: list[dict[str, Any]],
    merge_memory: bool = False,
) -> None:
    """UPDATE the campaign's rows of `model` matched on `key`, from arrays of their new values:
    one statement whatever their number (170 armies move every turn) and the same text each
    time (one prepared statement), where an UPDATE run per row costs PostgreSQL several times
    as much. `rows`: the key and the new values of each row, the same columns in each.
    `merge_memory`: each row's `seen` (JSON, or None) is merged into its `explored`."""
    table = table_of(model)
    # A memory that gained nothing sends SQL NULL (kept by the coalesce below), never JSON
    # null: `jsonb || 'null'` would turn the memory into an array.
    new = unnested(table, rows, "new", {"seen": JSONB(none_as_null=True)})
    written = [k for k in rows[0] if k not in (key, "seen")]
    values: dict[str, Any] = {k: new.c[k] for k in written}
    if "updated_at" in table.c:
        values["updated_at"] = utcnow()  # one time for all, the one the session is told below
    if merge_memory:
        # Only what a memory gained is sent, merged into the stored one (memories only ever
        # gain or update tiles): not every tile it holds, every turn.
        merged = table.c.explored.op("||")(new.c.seen)
        values["explored"] = func.coalesce(merged, table.c.explored)
    await session.execute(
        update(table)
        .where(table.c.campaign_id == campaign_id, table.c[key] == new.c[key])
        .values(values)
    )
    # The rows' objects the session holds (a treaty, the seats of a turn gate) take the values
    # just written, without a query each. An identity key is (class, primary key, token);
    # these primary keys are (campaign, key).
    by_key = {(campaign_id, row[key]): row for row in rows}
    held = session.sync_session.identity_map
    for identity in list(held.keys()):
        row = by_key.get(identity[1]) if identity[0] is model else None
        obj = held.get(identity) if row is not None else None
        if row is None or obj is None:
            continue
        for name in written:
            set_committed_value(obj, name, row[name])
        if "updated_at" in values:
            set_committed_value(obj, "updated_at", values["updated_at"])
        if merge_memory and "explored" in inspect(obj).dict:
            session.expire(obj, ["explored"])  # merged by the database: read again if needed


def _structure_columns(s: Structure) -> dict[str, Any]:
    return {
        "kind": s.kind.value,
        "q": s.coord[0],
        "r": s.coord[1],
        "owner": s.owner,
        "level": s.level,
        "is_capital": s.is_capital,
        "also_port": s.also_port,
        "built_by": s.built_by,
        "since_turn": s.since_turn,
    }


def _army_columns(a: Army) -> dict[str, Any]:
    return {
        "owner": a.owner,
        "q": a.coord[0],
        "r": a.coord[1],
        "tier": a.tier,
        "general_id": a.general_id,
        "seat_id": a.seat_id,
        "ship_id": a.ship_id,
        "raised_turn": a.raised_turn,
    }


def _general_columns(g: General) -> dict[str, Any]:
    return {"owner": g.owner, "army_id": g.army_id, "held_by": g.held_by}


def _ship_columns(s: Ship) -> dict[str, Any]:
    return {"owner": s.owner, "q": s.coord[0], "r": s.coord[1], "army_id": s.army_id}


def _siege_columns(s: Siege) -> dict[str, Any]:
    return {"army_id": s.army_id, "draws": s.draws}


def _treaty_columns(t: Treaty) -> dict[str, Any]:
    return {
        "kind": t.kind.value,
        "a": t.a,
        "b": t.b,
        "since_turn": t.since_turn,
        "ends_turn": t.ends_turn,
        "city_a": t.city_a,
        "city_b": t.city_b,
    }


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
    once this transaction commits (app.turns.mapping.world), with the explored memories
    `before` really held: all of them with `memories_loaded` (`before` loaded with every
    player's memory), else those it shares with the world it was built from.
    """
    cid = campaign.id
    # Rows are written by statements the session does not track: its own changes go first.
    await session.flush()
    await _sync(session, StructureRow, cid, before.structures, after.structures, _structure_columns)
    await _sync(session, ArmyRow, cid, before.armies, after.armies, _army_columns)
    await _sync(session, GeneralRow, cid, before.generals, after.generals, _general_columns)
    await _sync(session, ShipRow, cid, before.ships, after.ships, _ship_columns)
    await _sync(session, SiegeRow, cid, before.sieges, after.sieges, _siege_columns)
    await _sync(session, TreatyRow, cid, before.treaties, after.treaties, _treaty_columns)
    new_battles = {i: b for i, b in after.battles.items() if i not in before.battles}
    await _sync(session, BattleRow, cid, {}, new_battles, battle_columns)
    if before.stakes != after.stakes:
        await session.execute(delete(StakeRow).where(StakeRow.campaign_id == cid))
        for index, s in enumerate(after.stakes, start=1):
            session.add(
                StakeRow(
                    campaign_id=cid,
                    id=index,
                    battle_id=s.battle_id,
                    winner=s.winner,
                    loser=s.loser,
                    amount=s.amount,
                    rule=s.rule,
                )
            )
    players: list[dict[str, Any]] = []
    for pid, player in after.players.items():
        if before.players.get(pid) == player:
            continue
        seen = _newly_remembered(before.players[pid].explored, player.explored)
        players.append(
            {
                "number": pid,
                "gold": player.gold,
                "capital_id": player.capital_id,
                "action_available_turn": player.action_available_turn,
                "victories": player.victories,
                "infamy": player.infamy,
                "inactive": player.inactive,
                "seen": explored_to_json(seen) if seen else None,
            }
        )
    if players:
        await _update_rows(session, CampaignPlayer, cid, "number", players, merge_memory=True)
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
