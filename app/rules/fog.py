"""Fog of war (R-FOG): what each player sees now and remembers of what they saw before."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from enum import StrEnum

from app.rules.hexgrid import Coord
from app.rules.relations import Relations, allies_of
from app.rules.ruleset import Ruleset
from app.rules.state import (
    CampaignState,
    Event,
    EventKind,
    Player,
    SeenTile,
    Structure,
    Terrain,
)


class Visibility(StrEnum):
    """How a tile appears to a player (R-FOG-1)."""

    UNEXPLORED = "unexplored"
    EXPLORED = "explored"
    VISIBLE = "visible"


def own_sight(state: CampaignState, player: int, ruleset: Ruleset) -> frozenset[Coord]:
    """Tiles the player sees by themselves (R-FOG-2), without their allies."""
    return _own_sights(state, ruleset, (player,))[player]


def _own_sights(
    state: CampaignState, ruleset: Ruleset, players: Iterable[int]
) -> dict[int, frozenset[Coord]]:
    """`own_sight` of each of `players`, in one pass over the structures, armies and ships."""
    grid = state.map.grid
    seen: dict[int, set[Coord]] = {pid: set() for pid in players}
    for s in state.structures.values():
        tiles = seen.get(s.owner)
        if tiles is not None:
            tiles.add(s.coord)
            tiles.update(grid.neighbours(s.coord))
    for a in state.armies.values():
        tiles = seen.get(a.owner)
        if tiles is not None:
            tile = state.map.tiles.get(a.coord)
            on_mountain = tile is not None and tile.terrain is Terrain.MOUNTAIN
            radius = ruleset.movement.mountain_sight if on_mountain else ruleset.movement.sight
            tiles.update(grid.within(a.coord, radius))
    for ship in state.ships.values():
        tiles = seen.get(ship.owner)
        if tiles is not None:  # at anchor or carrying an army, a ship sees around it
            tiles.update(grid.within(ship.coord, ruleset.movement.sight))
    return {pid: frozenset(tiles) for pid, tiles in seen.items()}


def sight(state: CampaignState, player: int, ruleset: Ruleset) -> frozenset[Coord]:
    """Tiles the player sees now: their own sight and their allies' (R-FOG-2, R-DIP-2)."""
    allies = sorted(allies_of(state, player))
    return frozenset().union(*_own_sights(state, ruleset, allies).values())


def sights(state: CampaignState, ruleset: Ruleset) -> dict[int, frozenset[Coord]]:
    """Every player's `sight`, each player's own sight computed once."""
    own = _own_sights(state, ruleset, sorted(state.players))
    relations = Relations.of(state)
    out: dict[int, frozenset[Coord]] = {}
    for pid in sorted(state.players):
        allies = sorted(relations.allies_of(pid))
        out[pid] = own[pid] if allies == [pid] else frozenset().union(*(own[a] for a in allies))
    return out


def as_seen_by(event: Event, player: int, sight: frozenset[Coord]) -> Event | None:
    """What a player may know of an event (R-FOG-3), or None if nothing.

    The players it concerns see all of it; anyone else who saw one of its tiles sees it
    without the tiles they did not see (an army's march shows only where it crossed their
    sight).
    """
    if player in event.players:
        return event
    seen = tuple(c for c in event.coords if c in sight)
    return replace(event, coords=seen) if seen else None


def visibility(
    state: CampaignState, player: int, coord: Coord, visible: frozenset[Coord]
) -> Visibility:
    """The state of one tile for a player, given their current sight (R-FOG-1)."""
    if coord in visible:
        return Visibility.VISIBLE
    if coord in state.players[player].explored:
        return Visibility.EXPLORED
    return Visibility.UNEXPLORED


def structures_by_coord(state: CampaignState) -> dict[Coord, Structure]:
    """The structure on each tile (one per tile, R-BUILD-3); the lowest id if data disagrees."""
    out: dict[Coord, Structure] = {}
    for sid in sorted(state.structures, reverse=True):
        s = state.structures[sid]
        out[s.coord] = s
    return out


def _seen_now(state: CampaignState, coord: Coord, held: Mapping[Coord, Structure]) -> SeenTile:
    s = held.get(coord)
    if s is None:
        return SeenTile(state.turn, None, None)
    return SeenTile(state.turn, s.owner, s.kind, s.level, s.id)


def _memorise(
    state: CampaignState,
    player: int,
    coords: Iterable[Coord],
    held: Mapping[Coord, Structure] | None = None,
) -> Player:
    held = structures_by_coord(state) if held is None else held
    p = state.players[player]
    memory = dict(p.explored)
    empty = SeenTile(state.turn, None, None)  # most tiles hold nothing: one memory serves them all
    for c in coords:
        if c in state.map.tiles:
            memory[c] = _seen_now(state, c, held) if c in held else empty
    return replace(p, explored={c: memory[c] for c in sorted(memory)})


def remember(state: CampaignState, player: int, visible: frozenset[Coord]) -> Player:
    """The player with every visible tile remembered as it is now (R-FOG-1, R-TURN-4 step 5)."""
    return _memorise(state, player, visible)


def remember_all(
    state: CampaignState,
    ruleset: Ruleset,
    seen: Mapping[int, frozenset[Coord]] | None = None,
) -> CampaignState:
    """Every player remembers what they see now (sights taken from the same state).

    `seen`: `sights(state, ruleset)` if the caller has it already (remembering changes no one's
    sight, so the caller may keep it for the state this returns)."""
    seen = sights(state, ruleset) if seen is None else seen
    held = structures_by_coord(state)
    players = {pid: _memorise(state, pid, seen[pid], held) for pid in sorted(state.players)}
    return replace(state, players=players)


def explore(state: CampaignState, player: int, coords: Iterable[Coord]) -> Player:
    """The exploration edict (R-DIP-2): tiles become explored with what they hold now."""
    return _memorise(state, player, coords)


Masks = Mapping[int, Mapping[int, Coord]]  # by player: army id → the tile it hides on


def _unmasked(event: Event, pid: int, sight: frozenset[Coord], masks: list[Masks]) -> Event | None:
    """`as_seen_by`, where an army hidden from the player (R-OPT-3) is out of sight on the tile
    it hid on, before or after the change."""
    army_id = event.data.get("army_id")
    if isinstance(army_id, int) and pid not in event.players:
        hidden = {m[pid][army_id] for m in masks if army_id in m.get(pid, {})}
        if hidden:
            sight = sight - hidden
    return as_seen_by(event, pid, sight)


def _of_battle(event: Event, cause: int | None) -> int | None:
    """The battle an event is of: the one it names, else the one whose result it is."""
    battle_id = event.data.get("battle_id")
    return battle_id if isinstance(battle_id, int) else cause


def summaries(
    events: Iterable[Event],
    before: Mapping[int, frozenset[Coord]],
    after: Mapping[int, frozenset[Coord]],
    masks: Iterable[Masks] = (),
    concealed: Mapping[int, frozenset[int]] | None = None,
    cause: int | None = None,
) -> dict[int, tuple[Event, ...]]:
    """Each player's view of a change (R-FOG-3): every event as far as they saw it, with what
    they saw before or after it. `masks`: the armies hidden from each player before and after
    (R-OPT-3, `concealment.masks`), whose events leave out the tiles they hid on.

    `concealed`: by player, the battles that do not exist for them (R-OPT-3,
    `visibility.concealed_battles`): an event of such a battle (its `battle_id`; without one,
    the battle `cause` whose result the events are) reaches its participants only."""
    events = tuple(events)
    events_of = [_of_battle(e, cause) if concealed else None for e in events]
    hiding = [m for m in masks if m]
    pids = sorted(set(before) | set(after))
    sights = {pid: before.get(pid, frozenset()) | after.get(pid, frozenset()) for pid in pids}
    # Who saw each tile: an event is looked at only by the players it concerns or who saw one
    # of its tiles (anyone else learns nothing of it), not by every player in turn. Only the
    # events' tiles are listed: a player's sight is far larger than what happened in it.
    event_tiles = {coord for event in events for coord in event.coords}
    watchers: dict[Coord, list[int]] = {}
    for pid in pids:
        for coord in sights[pid] & event_tiles:
            watchers.setdefault(coord, []).append(pid)
    seen: dict[int, list[Event]] = {pid: [] for pid in pids}
    for event, battle_id in zip(events, events_of, strict=True):
        lookers = {pid for pid in event.players if pid in seen}
        for coord in event.coords:
            lookers.update(watchers.get(coord, ()))
        for pid in lookers:
            if (
                battle_id is not None
                and concealed is not None
                and pid not in event.players
                and battle_id in concealed.get(pid, ())
            ):
                continue  # R-OPT-3: a battle that does not exist for them
            # A storm rises at step 5, once everyone has moved: only what is seen then shows it
            # (R-OPT-5), not a tile seen earlier in the change.
            seen_by = after.get(pid, frozenset()) if event.kind is EventKind.STORM_ROSE else None
            view = _unmasked(event, pid, sights[pid] if seen_by is None else seen_by, hiding)
            if view is not None:
                seen[pid].append(view)
    return {pid: tuple(seen[pid]) for pid in pids}
