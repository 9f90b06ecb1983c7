"""The viewer's view of the world: every read model is built from their sight (R-FOG).

`load_view` is the one entry point: it loads the engine state once and fixes who looks — a
player (their own sight, allies' included, R-FOG-2) or the owner who does not play (the game
master, who sees every tile).
"""

import functools
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson
from sqlalchemy import JSON, bindparam, func, select, type_coerce
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.conditional import etag_of
from app.platform.db.base import table_of
from app.platform.errors import NotFound
from app.platform.i18n import DEFAULT_LANGUAGE, Language, _, say
from app.play.campaigns.access import Membership
from app.play.campaigns.battle_names import Holders, battle_names, holder_names
from app.play.campaigns.service import shown_names
from app.play.rosters import service as rosters
from app.play.world.cache import map_views
from app.play.world.schemas import (
    ArmyList,
    BuildOption,
    CapturedGeneral,
    GeneralList,
    HeldPrisoner,
    MyArmy,
    MyGeneral,
    OtherArmy,
    PendingMove,
    TilePanel,
)
from app.rules import building, fog, sea, visibility
from app.rules.fog import Visibility
from app.rules.hexgrid import Coord
from app.rules.movement import pending_battle_armies
from app.rules.relations import is_hostile
from app.rules.ruleset import Ruleset
from app.rules.state import (
    Army,
    BuildKind,
    CampaignState,
    MapData,
    Ship,
    Structure,
    Tag,
    Terrain,
    TurnOrders,
    Violation,
)
from app.store.models.campaign import CampaignStatus
from app.store.models.roster import ArmyBattleRow
from app.store.models.world import BattleRow
from app.store.persistence import (
    Extra,
    cached_sight,
    load_generals_and_names,
    load_read,
    load_ruleset,
)


class Look(Protocol):
    """A state and who looks at it: all a map document is built from (a `View`, or a replay's
    look at a snapshot in a replay worker, app/play/pictures/replays.py)."""

    @property
    def state(self) -> CampaignState: ...
    @property
    def viewer(self) -> visibility.Viewer: ...
    @property
    def player(self) -> int | None: ...
    def fog(self, coord: Coord) -> Visibility: ...


@dataclass(frozen=True)
class View:
    """One viewer's look at the campaign now: the state and what they see of it."""

    membership: Membership
    state: CampaignState
    orders: TurnOrders
    ruleset: Ruleset
    viewer: visibility.Viewer  # looking at `state` (`visibility.seeing`)
    names: list[tuple[int, str | None]] = field(default_factory=list)  # seats' holders' names
    extras: dict[str, Any] = field(default_factory=dict)  # what the read asked for besides

    @functools.cached_property
    def player(self) -> int | None:
        """The seat whose sight applies; None: the game master's view (sees everything).

        Kept: a map asks it of every tile."""
        return self.viewer.seat if visibility.plays(self.viewer, self.state) else None

    @property
    def visible(self) -> frozenset[Coord]:
        return self.viewer.sight

    @property
    def is_active(self) -> bool:
        return self.membership.campaign.status is CampaignStatus.ACTIVE

    def fog(self, coord: Coord) -> Visibility:
        return visibility.tile_state(self.viewer, self.state, coord)


async def load_view(
    session: AsyncSession,
    membership: Membership,
    *,
    generals: bool = True,
    stakes: bool | None = None,
    orders: bool = True,
    extras: Sequence[Extra] = (),
    params: Mapping[str, Any] | None = None,
) -> View:
    """The caller's view of a started campaign (active or finished), its orders, the seats'
    names and the read's `extras` in one statement (`load_read`); `generals`, `stakes`,
    `orders`: False for a read that shows none (then the view's orders are empty); the stakes
    are read with the generals unless said otherwise."""
    membership.require_status(CampaignStatus.ACTIVE, CampaignStatus.FINISHED)
    campaign = membership.campaign
    seat = membership.viewer.seat
    loaded = await load_read(
        session,
        campaign,
        explored_for=() if seat is None else (seat,),
        generals=generals,
        stakes=generals if stakes is None else stakes,
        orders=orders,
        extras=extras,
        params=params,
    )
    state, turn_orders = loaded.state, loaded.orders or TurnOrders()
    ruleset = load_ruleset(campaign)
    viewer = visibility.seeing(
        membership.viewer, state, lambda seat: cached_sight(campaign, state, seat, ruleset)
    )
    return View(membership, state, turn_orders, ruleset, viewer, loaded.names, loaded.extras)


# ----------------------------------------------------------------------------------- tiles


@dataclass
class _Index:
    """What stands on each tile, built once per request: O(tiles + entities)."""

    structures: dict[Coord, Structure]
    armies: dict[Coord, list[Army]] = field(default_factory=dict)
    ships: dict[Coord, list[Ship]] = field(default_factory=dict)


def _index(view: Look, at: Coord | None = None) -> _Index:
    """Only the armies the viewer is shown (R-FOG-1, R-OPT-3): an army concealed from them is
    left out, as if out of sight. `at`: the armies and ships of that tile only (a tile panel)."""
    state = view.state
    armies: defaultdict[Coord, list[Army]] = defaultdict(list)
    for _key, a in sorted(state.armies.items()):
        if (at is None or a.coord == at) and visibility.army_seen(view.viewer, a):
            armies[a.coord].append(a)
    ships: defaultdict[Coord, list[Ship]] = defaultdict(list)
    for _key, s in sorted(state.ships.items()):
        # A ship carrying an army shows as that army, at sea.
        if (at is None or s.coord == at) and s.army_id is None:
            ships[s.coord].append(s)
    return _Index(fog.structures_by_coord(state), dict(armies), dict(ships))


def _tile(view: Look, coord: Coord, index: _Index, *, with_land: bool = True) -> dict[str, Any]:
    """One tile through the viewer's fog, as `WorldTile` data: nothing beyond R-FOG-1.

    Plain data rather than models: a map has thousands of tiles, and building (even without
    validation) and then serialising a model per tile costs more than the rest of the request.
    Without `with_land`: only what follows the terrain, tags and name (`world_map_json`).
    """
    state_of = view.fog(coord)
    out: dict[str, Any] = {}
    if with_land:
        out.update(q=coord[0], r=coord[1], fog=state_of.value)
    if state_of is Visibility.UNEXPLORED:
        return out
    tile = view.state.map.tiles[coord]
    if with_land:
        out["terrain"] = tile.terrain.value
        if tile.tags:
            out["tags"] = sorted(t.value for t in tile.tags)
        if tile.name is not None:
            out["name"] = tile.name
    if state_of is Visibility.EXPLORED and view.player is not None:
        seen = view.state.players[view.player].explored[coord]
        out["seen_turn"] = seen.turn
        if seen.structure is not None:
            out["owner"] = seen.owner
            out["structure"] = {"kind": seen.structure.value, "level": seen.level}
            if seen.structure_id is not None:
                out["structure"]["id"] = seen.structure_id
        return out
    s = index.structures.get(coord)
    if s is not None:
        out["owner"] = s.owner
        out["structure"] = {
            "id": s.id,
            "kind": s.kind.value,
            "level": s.level,
            "capital": s.is_capital,
            "besieged": s.id in view.state.sieges,
            "also_port": s.also_port,
        }
    armies = index.armies.get(coord)
    if armies:
        out["armies"] = [
            {"id": a.id, "owner": a.owner, "tier": a.tier, "at_sea": sea.afloat(view.state, a)}
            for a in armies
        ]
    ships = index.ships.get(coord)
    if ships:
        out["ships"] = [{"id": s.id, "owner": s.owner} for s in ships]
    return out


async def map_document(session: AsyncSession, member: Membership) -> bytes:
    """The caller's map as JSON, cached per (campaign, viewer, world version)."""
    return (await map_view(session, member))[0]


async def map_view(session: AsyncSession, member: Membership) -> tuple[bytes, str]:
    """The caller's map as JSON and its ETag, cached per (campaign, viewer, world version)."""
    member.require_status(CampaignStatus.ACTIVE, CampaignStatus.FINISHED)
    campaign, viewer = member.campaign, member.viewer
    # A seat's view, or the game master's (None); a member who is neither shares no key.
    cached = viewer.seat is not None or viewer.game_master
    key = (campaign.id, viewer.seat, campaign.world_version)
    found = map_views.get(key) if cached else None
    if found is None:
        # Serialised by hand: validating thousands of tiles built from engine data would
        # dominate the request (tests/play/world/test_world.py checks the document against
        # WorldMap).
        document = world_map_json(await load_view(session, member, generals=False, orders=False))
        found = (document, etag_of(document))
        if cached:
            map_views.put(key, found)
    return found


def world_map(view: Look, *, tiles: bool = True) -> dict[str, Any]:
    """The `WorldMap` document of the viewer (without `tiles`: all but the tiles)."""
    m = view.state.map
    index = _index(view) if tiles else None
    return {
        "turn": view.state.turn,
        "width": m.width,
        "height": m.height,
        "wrap": m.wrap.value,
        **(
            {"tiles": [_tile(view, c, index) for c in m.grid.coords() if c in m.tiles]}
            if index is not None
            else {}
        ),
        # R-OPT-5: only the storm tiles the viewer sees (an unexplored one would give away sea).
        "storms": [
            {"tiles": [{"q": q, "r": r} for q, r in tiles]}
            for tiles in visibility.storms_seen(view.state.storms, view.viewer)
        ],
    }


@dataclass(frozen=True)
class _Fragments:
    """A map's JSON that no viewer changes, encoded once: each tile's opening up to its fog
    state and its terrain, tags and name."""

    coords: tuple[Coord, ...]  # the map's tiles in document order
    places: dict[Coord, int]  # each tile's place in that order
    heads: dict[Coord, bytes]  # {"q":…,"r":…,"fog":
    unexplored: tuple[bytes, ...]  # each whole tile, unexplored, in document order
    lands: dict[Coord, bytes]  # ,"terrain":…[,"tags":…][,"name":…]


_fragments: dict[int, tuple[MapData, _Fragments]] = {}
_UNEXPLORED = b'"unexplored"}'
# Each fog state as JSON, encoded once (not per tile: an enum's value is a slow lookup).
_FOG_JSON = {state: b'"%s"' % state.value.encode() for state in Visibility}


def _encode(value: Any) -> bytes:
    """Compact JSON, by orjson (the map view encodes a piece of every tile it shows)."""
    return orjson.dumps(value)


def _map_fragments(m: MapData) -> _Fragments:
    found = _fragments.get(id(m))
    if found is not None and found[0] is m:
        return found[1]
    coords = tuple(c for c in m.grid.coords() if c in m.tiles)
    heads, lands = {}, {}
    # Most tiles share their terrain and tags with many others, and have no name: each such
    # land is encoded once.
    encoded: dict[tuple[Terrain, frozenset[Tag], str | None], bytes] = {}
    for c in coords:
        heads[c] = b'{"q":%d,"r":%d,"fog":' % c
        tile = m.tiles[c]
        key = (tile.terrain, tile.tags, tile.name)
        piece = encoded.get(key)
        if piece is None:
            land: dict[str, Any] = {"terrain": tile.terrain.value}
            if tile.tags:
                land["tags"] = sorted(t.value for t in tile.tags)
            if tile.name is not None:
                land["name"] = tile.name
            piece = encoded[key] = b"," + _encode(land)[1:-1]
        lands[c] = piece
    unexplored = tuple(heads[c] + _UNEXPLORED for c in coords)
    places = {c: i for i, c in enumerate(coords)}
    fragments = _Fragments(coords, places, heads, unexplored, lands)
    if len(_fragments) > 64:  # maps are few; a long-running process meets more over time
        _fragments.clear()
    _fragments[id(m)] = (m, fragments)
    return fragments


def world_map_json(view: Look) -> bytes:
    """`world_map(view)` as JSON, the same document, built from fragments encoded once per map:
    only what differs between viewers and turns is encoded per request."""
    m = view.state.map
    fragments = _map_fragments(m)
    index = _index(view)
    memory = view.state.players[view.player].explored if view.player is not None else {}
    # A remembered tile's piece depends on its memory alone, and one memory often serves many
    # tiles (every empty tile seen in the same turn): each is encoded once.
    remembered: dict[int, bytes] = {}
    # Most tiles of a large map are unexplored to a player (what `visibility.tile_state` calls
    # unexplored: neither in sight nor remembered): the document starts as every tile
    # unexplored, and only the tiles shown are worked out, each put in its place.
    v, players = view.viewer, view.state.players
    held = players[v.seat].explored if v.seat is not None and v.seat in players else {}
    places = fragments.places
    shown: Iterable[Coord] = (
        fragments.coords if v.game_master else [c for c in v.sight | held.keys() if c in places]
    )
    parts = list(fragments.unexplored)
    # A tile in sight with nothing on it shows its land alone (most of a game master's map).
    occupied = index.structures.keys() | index.armies.keys() | index.ships.keys()
    for c in shown:
        state_of = view.fog(c)
        head = fragments.heads[c]
        seen = memory.get(c) if state_of is Visibility.EXPLORED else None
        extra = remembered.get(id(seen)) if seen is not None else None
        if extra is None and state_of is Visibility.VISIBLE and c not in occupied:
            extra = b""
        if extra is None:
            tile = _tile(view, c, index, with_land=False)
            extra = _encode(tile)[1:-1] if tile else b""
            if seen is not None:
                remembered[id(seen)] = extra
        parts[places[c]] = (
            head + _FOG_JSON[state_of] + fragments.lands[c]
            + (b"," + extra if extra else b"") + b"}"
        )  # fmt: skip
    world = world_map(view, tiles=False)
    return _encode(world)[:-1] + b',"tiles":[' + b",".join(parts) + b"]}"


# ------------------------------------------------------------------------------ tile panel


def _candidates(view: View, kind: BuildKind, coord: Coord, mine: list[Army]) -> list[int | None]:
    """The viewer's armies (`mine`) that could carry out the build (none for an upgrade)."""
    if kind is BuildKind.UPGRADE_CITY:
        return [None]
    state, orders = view.state, view.orders
    if kind is BuildKind.OUTPOST:
        ids = [a.id for a in mine if building.move_destination(state, orders, a.id) == coord]
    else:
        ids = [a.id for a in mine if a.coord == coord]
    candidates: list[int | None] = [*ids]
    return candidates or [None]


def _option(
    view: View, player: int, kind: BuildKind, coord: Coord, mine: list[Army], language: Language
) -> BuildOption:
    """Allowed with the first army that could build it, or the fewest refusals' first rule."""
    cost = building.build_cost(kind, view.ruleset)
    refusals: list[Violation] = []
    for army_id in _candidates(view, kind, coord, mine):
        violations = building.validate_build(
            view.state, view.orders, player, kind, coord, army_id, view.visible, view.ruleset
        )
        if not violations:
            return BuildOption(kind=kind, allowed=True, cost=cost, army_id=army_id)
        if not refusals or len(violations) < len(refusals):
            refusals = violations
    first = refusals[0]
    reason = say(first.message, language)
    return BuildOption(kind=kind, allowed=False, cost=cost, rule=first.rule, reason=reason)


def tile_panel(view: View, q: int, r: int, language: Language = DEFAULT_LANGUAGE) -> TilePanel:
    """The tile in the viewer's fog state and, for a player, what it accepts now (the reasons
    said in `language`)."""
    coord = (q, r)
    if coord not in view.state.map.tiles:
        raise NotFound(_("Tile not found."))
    panel = TilePanel.model_validate(_tile(view, coord, _index(view, at=coord)))
    player = view.player
    if player is not None and view.is_active:
        mine = [a for _, a in sorted(view.state.armies.items()) if a.owner == player]
        panel.accepts = [_option(view, player, kind, coord, mine, language) for kind in BuildKind]
    return panel


# ------------------------------------------------------------------------ armies, generals


# The columns of an army's battle (R-ARMY-7) the armies read shows.
_ARMY_BATTLE_COLUMNS = (
    "army_id", "battle_id", "turn", "side", "opponents", "result", "losses_pct", "casualties",
)  # fmt: skip


def _army_extras() -> tuple[Extra, Extra]:
    """Every army's battles of the campaign, each with who held the battle's seats when it
    closed, and those holders' names (R-CAMP-5), read with the state (`army_list` keeps the
    battles of the armies whose lists the viewer may read)."""
    table = table_of(ArmyBattleRow)
    battles = table_of(BattleRow)
    holders = (
        select(battles.c.holders)
        .where(battles.c.campaign_id == table.c.campaign_id, battles.c.id == table.c.battle_id)
        .scalar_subquery()
    )
    values = func.json_build_array(*(table.c[c] for c in _ARMY_BATTLE_COLUMNS), holders)
    every = (
        select(func.json_agg(values))
        .where(table.c.campaign_id == bindparam("campaign_id"))
        .scalar_subquery()
    )
    fought = select(table.c.battle_id).where(table.c.campaign_id == bindparam("campaign_id"))
    names = holder_names(battles.c.id.in_(fought))
    return (
        Extra("army_battles", type_coerce(every, JSON)),
        Extra("holder_names", type_coerce(names, JSON)),
    )


ARMY_EXTRAS = _army_extras()


async def army_list(session: AsyncSession, view: View) -> ArmyList:
    """The viewer's armies with their orders, and the other armies on tiles they see (the
    names come with the view: `session` reads nothing more)."""
    state, orders = view.state, view.orders
    locked = pending_battle_armies(state)
    upgrades = {u.army_id: u.cost for u in orders.upgrades if u.player == view.player}
    # R-ARMY-7: the battles of the armies whose lists the viewer may read (R-FOG-3), read
    # with the view (`ARMY_EXTRAS`); opponents are named as whoever held their seats then,
    # in full to those who held the battle's seats (R-CAMP-5).
    readable = {
        i for i, a in state.armies.items() if visibility.own_or_master(view.viewer, a.owner)
    }
    fought: list[ArmyBattleRow] = []
    holders: dict[int, Holders | None] = {}
    for *values, held in view.extras.get("army_battles") or ():
        if values[0] in readable:  # the army id: the first of _ARMY_BATTLE_COLUMNS
            fought.append(ArmyBattleRow(**dict(zip(_ARMY_BATTLE_COLUMNS, values, strict=True))))
            holders[values[1]] = held  # the battle id: the second
    named = battle_names(view.membership, view.names, view.extras.get("holder_names"))
    veterans = rosters.veteran_reads(fought, named, holders)
    names = shown_names(view.membership, view.names)
    mine: list[MyArmy] = []
    others: list[OtherArmy] = []
    for _key, a in sorted(state.armies.items()):
        if a.owner == view.player:
            move = orders.moves.get(a.id)
            mine.append(
                MyArmy(
                    id=a.id,
                    q=a.coord[0],
                    r=a.coord[1],
                    tier=a.tier,
                    general_id=a.general_id,
                    seat_id=a.seat_id,
                    at_sea=sea.afloat(state, a),
                    raised_turn=a.raised_turn,
                    move=PendingMove(path=[[c[0], c[1]] for c in move.path]) if move else None,
                    upgrade_cost=upgrades.get(a.id),
                    locked_in_battle=a.id in locked,
                    entrenched=a.id in orders.entrench,
                    veteran=veterans.get(a.id, []),
                )
            )
        elif visibility.army_seen(view.viewer, a):
            others.append(
                OtherArmy(
                    id=a.id,
                    owner=a.owner,
                    owner_name=names.get(a.owner, ""),
                    hostile=view.player is None or is_hostile(state, view.player, a.owner),
                    q=a.coord[0],
                    r=a.coord[1],
                    tier=a.tier,
                    at_sea=sea.afloat(state, a),
                    veteran=veterans.get(a.id, []),
                )
            )
    return ArmyList(mine=mine, others=others)


async def general_list(session: AsyncSession, membership: Membership) -> GeneralList:
    """The viewer's generals, the prisoners they hold, and theirs held by others (ids only).

    Only the generals are read: nothing else of the state shows here.
    """
    me = membership.require_player().number
    membership.require_status(CampaignStatus.ACTIVE, CampaignStatus.FINISHED)
    generals, seats = await load_generals_and_names(session, membership.campaign.id)
    names = shown_names(membership, seats)
    out = GeneralList(mine=[], prisoners=[], captured=[])
    for _key, g in sorted(generals.items()):
        if g.owner == me:
            if g.held_by is None:
                out.mine.append(MyGeneral(id=g.id, army_id=g.army_id))
            else:
                out.captured.append(CapturedGeneral(id=g.id))
        elif g.held_by == me:
            out.prisoners.append(
                HeldPrisoner(id=g.id, owner=g.owner, owner_name=names.get(g.owner, ""))
            )
    return out
