"""Carrying out the move orders (R-MOVE-3, R-SEA): tick by tick, with the meetings they cause
and the battles declared for them (R-BAT-2/3). Order-time rules are in `movement`."""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.rules.hexgrid import DIRECTIONS, Coord
from app.rules.ids import entity_id
from app.rules.movement import (
    busy_armies,
    move_budget,
    path_cost,
    pending_battle_armies,
    uses_waaagh,
)
from app.rules.relations import Relations
from app.rules.ruleset import Ruleset
from app.rules.sea import Fleet, own_port_coords
from app.rules.state import (
    Army,
    Battle,
    BattleKind,
    BattleSide,
    CampaignState,
    Event,
    EventKind,
    MapData,
    Siege,
    Structure,
    StructureKind,
    Terrain,
    TurnOrders,
)

# ----------------------------------------------------------------------------- resolution


@dataclass(frozen=True)
class MovementResult:
    """Step 1 of the turn change (R-TURN-4): armies and ships moved, battles declared."""

    state: CampaignState
    battles: tuple[Battle, ...]
    events: tuple[Event, ...]


class _Relations:
    """Hostility and pacts between players (R-OWN-2), from one table of the treaties in force;
    each player's enemies and pact partners (among the players) listed once, when first needed."""

    def __init__(self, state: CampaignState) -> None:
        self._table = Relations.of(state)
        self._enemies: dict[int, frozenset[int]] = {}
        self._pacts: dict[int, frozenset[int]] = {}

    def enemies(self, a: int) -> frozenset[int]:
        """The players hostile to `a` (R-OWN-2)."""
        if a not in self._enemies:
            players = self._table.players
            self._enemies[a] = frozenset(b for b in players if self._table.is_hostile(a, b))
        return self._enemies[a]

    def hostile(self, a: int, b: int) -> bool:
        return b in self.enemies(a)

    def allied(self, a: int, b: int) -> bool:
        """Allied by an alliance or a vassalage: one side in a battle (R-MOVE-3)."""
        return self._table.are_allied(a, b)

    def pact(self, a: int, b: int) -> bool:
        if a not in self._pacts:
            players = self._table.players
            self._pacts[a] = frozenset(b for b in players if self._table.have_pact(a, b))
        return b in self._pacts[a]


class _Ids:
    """Deterministic id allocation from `state.next_id` (scrambled by rules/ids.py)."""

    def __init__(self, first: int, salt: int) -> None:
        self.next = first
        self.salt = salt

    def take(self) -> int:
        taken = entity_id(self.salt, self.next)
        self.next += 1
        return taken


_DIRECTIONS = frozenset(DIRECTIONS)


def _adjacent(board: MapData, a: Coord, b: Coord) -> bool:
    """Fast adjacency: the plain axial test, the grid's wrap rules only at the edges."""
    if b not in board.tiles:
        return False
    return (b[0] - a[0], b[1] - a[1]) in _DIRECTIONS or board.grid.adjacent(a, b)


def _leader(army_ids: tuple[int, ...], armies: dict[int, Army]) -> int | None:
    """Highest tier, then lowest id (R-BAT-3)."""
    if not army_ids:
        return None
    return min(army_ids, key=lambda a: (-armies[a].tier, a))


class _Movement:
    """One resolution of every move order, tick by tick (R-MOVE-3); private, mutable."""

    def __init__(self, state: CampaignState, orders: TurnOrders, ruleset: Ruleset) -> None:
        self.state = state
        self.ruleset = ruleset
        self.tiles = state.map.tiles
        self._budgets: dict[tuple[int, Terrain | None, bool, bool], int] = {}
        self.rel = _Relations(state)
        self.ids = _Ids(state.next_id, state.id_salt)
        self.fleet = Fleet(state, self.ids.take)
        self.armies = dict(state.armies)
        self.owner = {a.id: a.owner for a in state.armies.values()}
        self.pos = {a.id: a.coord for a in state.armies.values()}
        self.ship_of = {a.id: a.ship_id for a in state.armies.values()}
        self.occupants: dict[Coord, set[int]] = {}
        for army in state.armies.values():
            self.occupants.setdefault(army.coord, set()).add(army.id)
        self.structure_at: dict[Coord, Structure] = {}
        for sid in sorted(state.structures, reverse=True):  # the lowest id wins a shared tile
            self.structure_at[state.structures[sid].coord] = state.structures[sid]
        self.ports = {p: own_port_coords(state, p) for p in sorted(state.players)}
        self.events: list[Event] = []
        self.stopped: set[int] = set()
        self.entrants: dict[Coord, set[int]] = {}
        self.swaps: dict[tuple[Coord, Coord], set[int]] = {}
        self.plans = self._plans(orders)
        self.trail = {a: [self.pos[a]] for a in self.plans}

    # -- orders --------------------------------------------------------------------------

    def _plans(self, orders: TurnOrders) -> dict[int, tuple[Coord, ...]]:
        """Paths to walk, cut to the budget of the real last tile (R-MOVE-1)."""
        locked = pending_battle_armies(self.state) | busy_armies(orders)
        board = self.state.map
        plans: dict[int, tuple[Coord, ...]] = {}
        for army_id in sorted(orders.moves):
            army = self.state.armies.get(army_id)
            if army is None or army.general_id is None or army_id in locked:
                continue
            ordered = orders.moves[army_id].path
            valid, prev = 0, army.coord
            for step in ordered:
                if not _adjacent(board, prev, step):
                    break
                valid, prev = valid + 1, step
            waaagh = army.owner in orders.faction_actions and uses_waaagh(
                self.state, orders, army.owner, self.ruleset
            )
            path = self._cut(army, ordered[:valid], waaagh)
            if len(path) < len(ordered):
                self.events.append(
                    Event(
                        EventKind.PATH_CUT,
                        "R-MOVE-1",
                        frozenset({army.owner}),
                        (),
                        {"army_id": army_id, "ordered": len(ordered), "kept": len(path)},
                    )
                )
            if path:
                plans[army_id] = path
        return plans

    def _cut(self, army: Army, path: tuple[Coord, ...], waaagh: bool) -> tuple[Coord, ...]:
        if not path:
            return path
        terrains: list[Terrain | None] = [self.tiles[c].terrain for c in path]
        _, aboard = path_cost(terrains, self._sea(army.coord), self.ruleset)
        key = (army.owner, terrains[-1], waaagh, aboard)
        if key not in self._budgets:
            self._budgets[key] = move_budget(self.state, *key[:2], self.ruleset, waaagh, aboard)
        budget, spent = self._budgets[key], 0
        rules = self.ruleset.movement
        for kept, terrain in enumerate(terrains):
            if not aboard:
                spent += 1
            else:
                sea = terrain is Terrain.SEA
                spent += rules.sea_step_halves if sea else rules.land_step_halves
            if spent > budget:
                return path[:kept]
        return path

    # -- ticks ---------------------------------------------------------------------------

    def run(self) -> None:
        tick = 0
        while True:
            active = [
                a for a in sorted(self.plans) if a not in self.stopped and tick < len(self.plans[a])
            ]
            if not active:
                return
            start = {a: self.pos[a] for a in active}
            for army_id in active:
                step = self.plans[army_id][tick]
                if self._halts(army_id, step):
                    self.stopped.add(army_id)
                else:
                    self._place(army_id, step)
            self._detect([a for a in active if self.pos[a] != start[a]], start)
            for army_id in active:
                self._settle(army_id, start[army_id])
            self.fleet.end_tick()
            tick += 1

    def _sea(self, coord: Coord) -> bool:
        return self.tiles[coord].terrain is Terrain.SEA

    def _place(self, army_id: int, coord: Coord) -> None:
        self.occupants[self.pos[army_id]].discard(army_id)
        self.occupants.setdefault(coord, set()).add(army_id)
        self.pos[army_id] = coord

    def _halt(self, army_id: int, rule: str, reason: str) -> bool:
        data = {"army_id": army_id, "reason": reason}
        owner = frozenset({self.owner[army_id]})
        self.events.append(Event(EventKind.HALTED, rule, owner, (self.pos[army_id],), data))
        return True

    def _halts(self, army_id: int, step: Coord) -> bool:
        """Stops discovered now: a pact partner's tile (R-MOVE-4), sea without ship (R-MOVE-3)."""
        owner, here = self.owner[army_id], self.pos[army_id]
        structure = self.structure_at.get(step)
        if structure is not None and self.rel.pact(owner, structure.owner):
            return self._halt(army_id, "R-MOVE-4", "pact")
        aboard = self.ship_of[army_id] is not None and self._sea(here)
        ports = self.ports.get(owner, frozenset())
        if (
            self._sea(step)
            and not aboard
            and not self.fleet.claim(army_id, owner, here, step, ports)
        ):
            return self._halt(army_id, "R-MOVE-3", "sea")
        return False

    def _swapped(
        self, moving: list[int], start: dict[int, Coord], arrivals: dict[Coord, list[int]]
    ) -> set[int]:
        """Hostile armies that swapped tiles this tick, recorded for their battle (R-MOVE-3)."""
        hostile = self.rel.hostile
        bounced: set[int] = set()
        for a in moving:
            for b in arrivals.get(start[a], ()):
                if a < b and start[b] == self.pos[a] and hostile(self.owner[a], self.owner[b]):
                    bounced.update((a, b))
                    key = min(start[a], start[b]), max(start[a], start[b])
                    self.swaps.setdefault(key, set()).update((a, b))
        return bounced

    def _detect(self, moving: list[int], start: dict[int, Coord]) -> None:
        """Meetings after a tick; bounced armies step back and stop, until stable (R-MOVE-3).

        After the first round only the tiles the bounced armies stepped back to can bounce
        anyone: the armies still moving have not moved, and elsewhere no one arrived.
        """
        returned: set[Coord] | None = None  # None: the first round, every tile is looked at
        while moving:
            arrivals: dict[Coord, list[int]] = {}
            for a in moving:
                arrivals.setdefault(self.pos[a], []).append(a)
            # Swaps are all found in the first round: the armies still moving stay where they are.
            bounced = self._swapped(moving, start, arrivals) if returned is None else set()
            for coord in sorted(arrivals if returned is None else returned.intersection(arrivals)):
                structure = self.structure_at.get(coord)
                if structure is None and len(self.occupants[coord]) == 1:
                    continue  # alone on a free tile: no one to meet
                owners = {self.owner[x] for x in self.occupants[coord]}
                if structure is not None:
                    owners.add(structure.owner)
                for a in arrivals[coord]:
                    if not owners.isdisjoint(self.rel.enemies(self.owner[a])):
                        bounced.add(a)
                        self.entrants.setdefault(coord, set()).add(a)
            for a in sorted(bounced):
                self._place(a, start[a])
                self.stopped.add(a)
            moving = [a for a in moving if a not in bounced]
            if not bounced:
                return
            returned = {start[a] for a in bounced}

    def _settle(self, army_id: int, start: Coord) -> None:
        """Ships follow, are boarded or left at anchor; hostile anchored ships sink (R-SEA)."""
        end = self.pos[army_id]
        if end == start:
            return
        self.trail[army_id].append(end)
        owner, ship_id = self.owner[army_id], self.ship_of[army_id]
        players = frozenset({owner})
        if self._sea(end):
            if ship_id is None:
                ship_id = self.fleet.embark(army_id, owner, end)
                self.ship_of[army_id] = ship_id
                data = {"army_id": army_id, "ship_id": ship_id}
                self.events.append(
                    Event(EventKind.EMBARKED, "R-SEA-1", players, (start, end), data)
                )
            else:
                self.fleet.sail(ship_id, end)
            for ship in self.fleet.sink_hostile(end, owner, self.rel.hostile):
                self.events.append(
                    Event(
                        EventKind.SHIP_DESTROYED,
                        "R-SEA-3",
                        frozenset({owner, ship.owner}),
                        (end,),
                        {"ship_id": ship.id, "army_id": army_id},
                    )
                )
        elif ship_id is not None:
            self.fleet.disembark(ship_id)
            self.ship_of[army_id] = None
            data = {"army_id": army_id, "ship_id": ship_id}
            self.events.append(Event(EventKind.DISEMBARKED, "R-SEA-2", players, (start, end), data))

    # -- battles -------------------------------------------------------------------------

    def _sides(self, players: list[int]) -> list[list[int]]:
        """Groups of allied players among those hostile to someone present (R-MOVE-3).

        Only an alliance or a vassalage puts two players on one side; a pact partner forms a
        side of its own (it never joins its partner's battles).
        """
        hostile, allied = self.rel.hostile, self.rel.allied
        sides: list[list[int]] = []
        for p in players:
            if not any(hostile(p, q) for q in players):
                continue  # a bystander, e.g. at peace with everyone there
            for side in sides:
                if all(allied(p, q) for q in side):
                    side.append(p)
                    break
            else:
                sides.append([p])
        return sides

    def _opposed(self, first: BattleSide, second: BattleSide) -> bool:
        """Two sides fight when every pair of their players is hostile: a pact partner never
        fights its partner (R-MOVE-3, R-OWN-2)."""
        return all(self.rel.hostile(p, q) for p in first.players for q in second.players)

    def _side(
        self, players: list[int], armies: list[int], structure: Structure | None
    ) -> BattleSide:
        ids = tuple(a for a in armies if self.owner[a] in players)
        held = structure.id if structure is not None and structure.owner in players else None
        return BattleSide(frozenset(players), ids, _leader(ids, self.armies), held)

    def _battle(
        self,
        coord: Coord,
        attacker: BattleSide,
        defender: BattleSide,
        sieges: dict[int, Siege],
        at_sea: bool,
    ) -> Battle:
        kind = BattleKind.NAVAL if at_sea else BattleKind.FIELD
        draws = 0
        if defender.structure_id is not None:
            structure = self.state.structures[defender.structure_id]
            kind = BattleKind.SIEGE if structure.kind is StructureKind.CITY else BattleKind.ASSAULT
            siege = sieges.get(structure.id)
            draws = siege.draws if siege is not None and kind is BattleKind.SIEGE else 0
        battle = Battle(self.ids.take(), self.state.turn, coord, kind, attacker, defender, draws)
        self.events.append(
            Event(
                EventKind.ENCOUNTER,
                "R-MOVE-3",
                attacker.players | defender.players,
                (coord,),
                {"battle_id": battle.id, "kind": kind.value},
            )
        )
        return battle

    def _tile_battles(self, coord: Coord, sieges: dict[int, Siege]) -> list[Battle]:
        """One battle per pair of hostile sides at a contested tile (R-MOVE-3, R-BAT-2)."""
        holders = self.occupants.get(coord, set())
        entrants = self.entrants[coord]
        armies = sorted(holders | entrants)
        structure = self.structure_at.get(coord)
        players: list[int] = [structure.owner] if structure is not None else []
        for a in [*sorted(holders), *sorted(entrants)]:
            if self.owner[a] not in players:
                players.append(self.owner[a])
        sides = [self._side(s, armies, structure) for s in self._sides(players)]
        battles: list[Battle] = []
        for i, first in enumerate(sides):
            for second in sides[i + 1 :]:
                if not self._opposed(first, second):
                    continue
                first_holds = first.structure_id is not None or bool(holders & set(first.army_ids))
                second_holds = second.structure_id is not None or bool(
                    holders & set(second.army_ids)
                )
                if first_holds != second_holds:
                    first_attacks = second_holds
                else:  # both entered: the lower leading army attacks (R-BAT-2)
                    first_attacks = _rank(first) < _rank(second)
                attacker, defender = (first, second) if first_attacks else (second, first)
                at_sea = self._sea(coord)
                battles.append(self._battle(coord, attacker, defender, sieges, at_sea))
        return battles

    def _swap_battles(
        self, key: tuple[Coord, Coord], opposed: set[tuple[int, int]], sieges: dict[int, Siege]
    ) -> list[Battle]:
        """Armies that swapped tiles fight where they stand; none moves in after (R-BAT-7)."""
        armies = sorted(self.swaps[key])
        players: list[int] = []
        for a in armies:
            if self.owner[a] not in players:
                players.append(self.owner[a])
        sides = [self._side(s, armies, None) for s in self._sides(players)]
        at_sea = self._sea(key[0]) and self._sea(key[1])
        battles: list[Battle] = []
        for i, first in enumerate(sides):
            for second in sides[i + 1 :]:
                if not self._opposed(first, second):
                    continue
                pairs = [(x, y) for x in first.army_ids for y in second.army_ids]
                if all(p in opposed for p in pairs):
                    continue  # already fighting over a tile of the swap
                attacker, defender = (
                    (first, second) if _rank(first) < _rank(second) else (second, first)
                )
                coord = self.pos[attacker.leader_id] if attacker.leader_id is not None else key[0]
                battles.append(self._battle(coord, attacker, defender, sieges, at_sea))
        return battles

    def _declare(self, sieges: dict[int, Siege]) -> list[Battle]:
        battles: list[Battle] = []
        for coord in sorted(self.entrants):
            battles.extend(self._tile_battles(coord, sieges))
        opposed: set[tuple[int, int]] = set()
        for b in battles:
            for x in b.attacker.army_ids:
                for y in b.defender.army_ids:
                    opposed.update(((x, y), (y, x)))
        for key in sorted(self.swaps):
            battles.extend(self._swap_battles(key, opposed, sieges))
        return battles

    # -- result --------------------------------------------------------------------------

    def finish(self) -> MovementResult:
        state = self.state
        for army_id in sorted(self.plans):
            trail = self.trail[army_id]
            if len(trail) > 1:
                data = {"army_id": army_id}
                players = frozenset({self.owner[army_id]})
                self.events.append(
                    Event(EventKind.ARMY_MOVED, "R-MOVE-3", players, tuple(trail), data)
                )
        sieges: dict[int, Siege] = {}
        for structure_id in sorted(state.sieges):
            siege = state.sieges[structure_id]
            if siege.army_id not in self.plans:
                sieges[structure_id] = siege
                continue
            city = state.structures[structure_id]
            players = frozenset({city.owner, self.owner[siege.army_id]})
            data = {"structure_id": structure_id, "army_id": siege.army_id}
            self.events.append(
                Event(EventKind.SIEGE_LIFTED, "R-SIEGE-3", players, (city.coord,), data)
            )
        battles = self._declare(sieges)
        armies = dict(state.armies)
        for army_id in sorted(self.plans):
            army = state.armies[army_id]
            coord, ship_id = self.pos[army_id], self.ship_of[army_id]
            if (coord, ship_id) != (army.coord, army.ship_id):
                armies[army_id] = replace(army, coord=coord, ship_id=ship_id)
        new_state = replace(
            state,
            armies=armies,
            ships=self.fleet.sorted_ships(),
            sieges=sieges,
            battles={**state.battles, **{b.id: b for b in battles}},
            next_id=self.ids.next,
        )
        return MovementResult(new_state, tuple(battles), tuple(self.events))


def _rank(side: BattleSide) -> tuple[bool, int]:
    """Sort key of a side's leading army; a garrison alone sorts last."""
    return (side.leader_id is None, side.leader_id or 0)


def resolve_movement(state: CampaignState, orders: TurnOrders, ruleset: Ruleset) -> MovementResult:
    """R-TURN-4 step 1: carry out every move order at once and declare the battles (R-MOVE-3)."""
    movement = _Movement(state, orders, ruleset)
    movement.run()
    return movement.finish()
