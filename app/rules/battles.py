"""Battles (R-BAT), the fate of cities (R-SIEGE) and game-system conversion (R-SYS).

Which numbers are rounded (R-BAT-1, R-SYS): each displayed figure of `SideForces` —
`army_points` (leader + joiners), `general_points`, `garrison`, `reinforcement` and each
joiner's points — is converted by the campaign's coefficient and rounded on its own to the
nearest `points_rounding` (halves up). `total_points` is NOT the sum of those figures: it is
computed exactly from the unrounded The Old World points (leader + joiner_percent of each
joiner + general + garrison + reinforcement), raised by the siege bonus (attacker only, on that
whole sum), converted, and rounded once at the very end. `siege_bonus_pct` is a plain percent.
Integer arithmetic only: hundredths carry each percentage until that single rounding.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from app.rules.hexgrid import Coord
from app.rules.ids import entity_counter
from app.rules.relations import is_hostile
from app.rules.ruleset import Ruleset
from app.rules.sieges import choose_leader, declare_sieges
from app.rules.state import (
    Army,
    Battle,
    BattleKind,
    BattleReport,
    BattleSide,
    CampaignState,
    Event,
    EventKind,
    Fate,
    General,
    Options,
    Outcome,
    PendingStake,
    Player,
    Ship,
    Siege,
    Structure,
    StructureKind,
    Terrain,
    TurnOrders,
    Violation,
)
from app.rules.texts import _

__all__ = [
    "BattleResolution",
    "Muster",
    "SideForces",
    "abandon",
    "apply_battle_result",
    "cancel",
    "change_leader",
    "choose_leader",
    "coefficient_pct",
    "declaration_order",
    "declare_sieges",
    "earlier_pending",
    "forces",
    "muster",
    "participants",
    "pillage",
    "round_points",
    "sides_of",
    "siege_bonus_pct",
    "stake",
    "validate_order",
    "validate_report",
]

SideName = Literal["attacker", "defender"]

_PCT = 100  # percentages are hundredths: one scale factor per percentage applied


# ------------------------------------------------------------------------------- helpers


def participants(battle: Battle) -> frozenset[int]:
    """Every player on either side of the battle (R-BAT-5)."""
    return battle.attacker.players | battle.defender.players


def sides_of(battle: Battle, player: int) -> SideName | None:
    """The side the player fights on, or None if they take no part."""
    if player in battle.attacker.players:
        return "attacker"
    if player in battle.defender.players:
        return "defender"
    return None


def coefficient_pct(options: Options, ruleset: Ruleset) -> int:
    """The campaign's conversion coefficient in hundredths (R-SYS)."""
    known = {g.key: g.coefficient_pct for g in ruleset.game_systems}
    if options.game_system in known:
        return known[options.game_system]
    if options.custom_coefficient_pct is None:
        raise KeyError(options.game_system)
    return options.custom_coefficient_pct


def round_points(numerator: int, denominator: int, step: int) -> int:
    """numerator / denominator to the nearest multiple of `step`, halves up (R-SYS)."""
    return (2 * numerator + denominator * step) // (2 * denominator * step) * step


def _side(battle: Battle, name: SideName) -> BattleSide:
    return battle.attacker if name == "attacker" else battle.defender


def _live_armies(state: CampaignState, side: BattleSide) -> list[Army]:
    """The side's armies still standing, in id order."""
    return [state.armies[i] for i in sorted(set(side.army_ids)) if i in state.armies]


def _leader(state: CampaignState, side: BattleSide) -> Army | None:
    return state.armies.get(side.leader_id) if side.leader_id is not None else None


def _defended_structure(state: CampaignState, battle: Battle) -> Structure | None:
    sid = battle.defender.structure_id
    return state.structures.get(sid) if sid is not None else None


# -------------------------------------------------------------------------------- forces


@dataclass(frozen=True, slots=True)
class SideForces:
    """What one side fields (R-BAT-1), converted to the game system (see module docstring)."""

    army_points: int
    general_points: int
    garrison: int
    reinforcement: int
    siege_bonus_pct: int
    total_points: int
    leader_army_id: int | None
    joiners: tuple[tuple[int, int], ...]  # (army id, converted points), in id order
    # R-OPT-4: the attacker's points are reduced by the defender's cover and entrenchment.
    cover_pct: int = 0
    entrenchment_pct: int = 0


def _garrison(structure: Structure | None, ruleset: Ruleset) -> tuple[int, int]:
    """Garrison and reinforcement in The Old World points (R-BAT-4)."""
    g = ruleset.garrisons
    if structure is None:
        return 0, 0
    if structure.kind is StructureKind.CITY:
        # The Dark Elves' capital-port is a city: its port adds nothing (R-BAT-4).
        base = g.city_level2 if structure.level >= 2 else g.city_level1
        return base + (g.capital_bonus if structure.is_capital else 0), 0
    if structure.kind is StructureKind.PORT:
        return g.port, g.reinforcement
    return g.outpost, g.reinforcement


def siege_bonus_pct(battle: Battle, ruleset: Ruleset) -> int:
    """The attacker's bonus for the sieges already drawn at this city (R-SIEGE-3)."""
    b = ruleset.battles
    return min(b.siege_bonus_pct_per_draw * battle.siege_draws, b.siege_bonus_max_pct)


COVER_TERRAINS = frozenset({Terrain.FOREST, Terrain.MOUNTAIN, Terrain.MARSH})
COVER_PCT = 20  # R-OPT-4: the defender holds a forest, mountain or marsh tile
ENTRENCHMENT_PCT = 10  # R-OPT-4: and one of its armies entrenched the turn it was declared
MAX_REDUCTION_PCT = 30


def cover(state: CampaignState, battle: Battle) -> tuple[int, int]:
    """(cover, entrenchment) percentages taken off the attacker's points (R-OPT-4).

    Only in a battle at a tile the defender holds: one of its armies stands on it, or its
    structure does. At most 30 % together."""
    if not state.options.cover:
        return 0, 0
    d = battle.defender
    stands = any(i in state.armies and state.armies[i].coord == battle.coord for i in d.army_ids)
    if not stands and d.structure_id is None:
        return 0, 0
    tile = state.map.tiles.get(battle.coord)
    covered = COVER_PCT if tile is not None and tile.terrain in COVER_TERRAINS else 0
    dug_in = ENTRENCHMENT_PCT if any(i in d.army_ids for i in d.entrenched) else 0
    dug_in = min(dug_in, MAX_REDUCTION_PCT - covered)
    return covered, dug_in


def mark_entrenched(
    state: CampaignState, declared: tuple[Battle, ...], orders: TurnOrders
) -> tuple[CampaignState, tuple[Battle, ...]]:
    """The battles just declared with their defending armies ordered to entrench this turn
    (R-OPT-4), in the state's pending battles too."""
    if not state.options.cover or not orders.entrench:
        return state, declared
    marked = tuple(
        replace(
            b,
            defender=replace(
                b.defender,
                entrenched=tuple(i for i in b.defender.army_ids if i in orders.entrench),
            ),
        )
        for b in declared
    )
    battles = {**state.battles, **{b.id: b for b in marked if b.id in state.battles}}
    return replace(state, battles=battles), marked


def _side_forces(
    state: CampaignState,
    side: BattleSide,
    ruleset: Ruleset,
    structure: Structure | None,
    bonus_pct: int,
    reduction: tuple[int, int] = (0, 0),
) -> SideForces:
    coef = coefficient_pct(state.options, ruleset)
    step = ruleset.battles.points_rounding
    joiner_pct = ruleset.battles.joiner_percent
    leader = _leader(state, side)
    joiners = [a for a in _live_armies(state, side) if leader is None or a.id != leader.id]
    # Army points in hundredths of a point, so that joiners' percentages stay exact.
    leader_x100 = ruleset.tier(leader.tier).army_points * _PCT if leader else 0
    joiner_x100 = [(a.id, ruleset.tier(a.tier).army_points * joiner_pct) for a in joiners]
    army_x100 = leader_x100 + sum(p for _, p in joiner_x100)
    general = ruleset.tier(leader.tier).general_points if leader else 0
    garrison, reinforcement = _garrison(structure, ruleset)
    fixed = general + garrison + reinforcement
    kept_pct = _PCT - sum(reduction)  # R-OPT-4
    total_num = (army_x100 + fixed * _PCT) * (_PCT + bonus_pct) * coef * kept_pct
    return SideForces(
        army_points=round_points(army_x100 * coef, _PCT * _PCT, step),
        general_points=round_points(general * coef, _PCT, step),
        garrison=round_points(garrison * coef, _PCT, step),
        reinforcement=round_points(reinforcement * coef, _PCT, step),
        siege_bonus_pct=bonus_pct,
        total_points=round_points(total_num, _PCT * _PCT * _PCT * _PCT, step),
        leader_army_id=leader.id if leader else None,
        joiners=tuple((i, round_points(p * coef, _PCT * _PCT, step)) for i, p in joiner_x100),
        cover_pct=reduction[0],
        entrenchment_pct=reduction[1],
    )


def forces(state: CampaignState, battle: Battle, ruleset: Ruleset) -> tuple[SideForces, SideForces]:
    """(attacker, defender) forces of a battle (R-BAT-1/3/4, R-SIEGE-3, R-SYS)."""
    bonus = siege_bonus_pct(battle, ruleset)
    attacker = _side_forces(state, battle.attacker, ruleset, None, bonus, cover(state, battle))
    structure = _defended_structure(state, battle)
    defender = _side_forces(state, battle.defender, ruleset, structure, 0)
    return attacker, defender


@dataclass(frozen=True)
class Muster:
    """What a battle's sides field, fixed when it is declared (R-ARMY-4, R-BAT-1).

    `tiers` are its armies' tiers at declaration: a tier upgrade ordered in the turn that
    declared it takes effect at step 5 of the same change (R-ECO-3) and first counts at the
    next one, so forces are never read again from a later state.
    """

    tiers: Mapping[int, int]  # army id → tier at declaration
    attacker: SideForces
    defender: SideForces
    stake_attacker_victory: int
    stake_defender_victory: int
    pillage: int


def muster(
    state: CampaignState,
    battle: Battle,
    ruleset: Ruleset,
    tiers: Mapping[int, int] | None = None,
) -> Muster:
    """The forces of a battle as declared (R-ARMY-4): on the state of its declaration, or,
    with the `tiers` recorded then, again after its leader changed (R-BAT-3)."""
    if tiers is None:
        ids = sorted(set(battle.attacker.army_ids) | set(battle.defender.army_ids))
        tiers = {i: state.armies[i].tier for i in ids if i in state.armies}
    # Only the armies whose tier differs from the recorded one are rebuilt (at declaration: none).
    changed = {
        i: replace(state.armies[i], tier=tier)
        for i, tier in tiers.items()
        if i in state.armies and state.armies[i].tier != tier
    }
    at = replace(state, armies={**state.armies, **changed}) if changed else state
    attacker, defender = forces(at, battle, ruleset)
    return Muster(
        tiers=dict(tiers),
        attacker=attacker,
        defender=defender,
        stake_attacker_victory=stake(at, battle, ruleset, Outcome.ATTACKER_VICTORY),
        stake_defender_victory=stake(at, battle, ruleset, Outcome.DEFENDER_VICTORY),
        pillage=pillage(at, battle, ruleset),
    )


def stake(
    state: CampaignState, battle: Battle, ruleset: Ruleset, outcome: Outcome | None = None
) -> int:
    """The victory stake the winner can take (R-BAT-7); pillage is `pillage(...)`.

    Without an outcome: what a victory may earn (the attacker always has an army to beat).
    """
    if outcome is Outcome.DRAW:
        return 0
    if outcome is Outcome.ATTACKER_VICTORY and _leader(state, battle.defender) is None:
        return 0  # a garrison alone earns nothing (R-BAT-7, R-SIEGE-2)
    return ruleset.battles.victory_stake


def pillage(state: CampaignState, battle: Battle, ruleset: Ruleset) -> int:
    """The extra stake of destroying the city of this siege (R-SIEGE-2); 0 if not possible."""
    structure = _defended_structure(state, battle)
    if battle.kind is not BattleKind.SIEGE or structure is None or structure.is_capital:
        return 0
    return ruleset.battles.pillage_stake


# ---------------------------------------------------------------------- leader and report


def change_leader(
    state: CampaignState, battle_id: int, player_id: int, army_id: int
) -> CampaignState | list[Violation]:
    """Let the leading army's owner pick another army of their side to lead (R-BAT-3)."""
    battle = state.battles.get(battle_id)
    name = sides_of(battle, player_id) if battle is not None else None
    if battle is None or name is None:
        return [Violation("R-BAT-3", _("You take no part in this battle."))]
    side = _side(battle, name)
    current = _leader(state, side)
    if current is not None and current.owner != player_id:
        return [Violation("R-BAT-3", _("Only the owner of the leading army may choose another."))]
    if army_id not in side.army_ids or army_id not in state.armies:
        return [Violation("R-BAT-3", _("That army does not fight on your side of this battle."))]
    new_side = replace(side, leader_id=army_id)
    if name == "attacker":
        new_battle = replace(battle, attacker=new_side)
    else:
        new_battle = replace(battle, defender=new_side)
    return replace(state, battles={**state.battles, battle_id: new_battle})


def validate_report(
    state: CampaignState, battle: Battle, report: BattleReport, ruleset: Ruleset
) -> list[Violation]:
    """Every reason a reported result cannot stand (R-BAT-6, R-SIEGE-2)."""
    out: list[Violation] = []
    for name, pct in (
        (_("attacker"), report.attacker_losses_pct),
        (_("defender"), report.defender_losses_pct),
    ):
        if not 0 <= pct <= 100:
            out.append(
                Violation("R-BAT-6", _("The {name}'s losses must be from 0 to 100 %.", name=name))
            )
    won_structure = report.outcome is Outcome.ATTACKER_VICTORY and battle.kind in (
        BattleKind.SIEGE,
        BattleKind.ASSAULT,
    )
    structure = _defended_structure(state, battle)
    capital = structure is not None and structure.is_capital
    if not won_structure and report.fate is not None:
        out.append(
            Violation("R-BAT-6", _("A fate is chosen only by a victorious siege or assault."))
        )
    elif won_structure and capital and report.fate is not None:
        out.append(
            Violation("R-SIEGE-2", _("A capital is never captured or destroyed: it repulses."))
        )
    elif won_structure and not capital and report.fate is None:
        out.append(Violation("R-BAT-6", _("Choose the fate of the place: capture or destroy.")))
    if report.general_captured:
        if report.outcome is Outcome.DRAW:
            out.append(Violation("R-BAT-6", _("No general is captured in a draw.")))
        else:
            attacker_won = report.outcome is Outcome.ATTACKER_VICTORY
            losing = battle.defender if attacker_won else battle.attacker
            if _leader(state, losing) is None:
                out.append(Violation("R-BAT-6", _("The losing side has no general to capture.")))
    return out


def declaration_order(state: CampaignState, battle: Battle) -> tuple[int, int]:
    """A sort key: battles in the order they were declared (ids count their creation)."""
    return battle.turn, entity_counter(state.id_salt, battle.id)


def earlier_pending(state: CampaignState, battle: Battle) -> Battle | None:
    """The first pending battle declared before this one that one of its armies fights in."""
    armies = set(battle.attacker.army_ids) | set(battle.defender.army_ids)
    mine = declaration_order(state, battle)
    earlier = [
        b
        for b in state.battles.values()
        if b.id != battle.id
        and declaration_order(state, b) < mine
        and armies & (set(b.attacker.army_ids) | set(b.defender.army_ids))
    ]
    return min(earlier, key=lambda b: declaration_order(state, b)) if earlier else None


def validate_order(state: CampaignState, battle: Battle) -> list[Violation]:
    """An army in several battles plays them in declaration order (R-MOVE-3): no result for
    this battle while an earlier-declared battle of one of its armies is pending.

    The earlier battle is not named: the caller may take no part in it (R-FOG-3).
    """
    if earlier_pending(state, battle) is None:
        return []
    return [
        Violation(
            "R-MOVE-3",
            _(
                "One of this battle's armies has an earlier-declared battle still pending: "
                "that one is played first."
            ),
        )
    ]


def cancel(state: CampaignState, battle: Battle) -> CampaignState:
    """Drop a battle with no effects (R-BAT-5, R-TURN-3)."""
    return replace(state, battles={k: v for k, v in state.battles.items() if k != battle.id})


# ---------------------------------------------------------------------------- resolution


@dataclass(frozen=True)
class BattleResolution:
    """The state after a battle's effects, and what happened (R-BAT-7)."""

    state: CampaignState
    events: tuple[Event, ...]


@dataclass
class _Work:
    """A private, mutable copy of the slices a battle changes; frozen again by `done`."""

    base: CampaignState
    players: dict[int, Player]
    structures: dict[int, Structure]
    armies: dict[int, Army]
    generals: dict[int, General]
    ships: dict[int, Ship]
    sieges: dict[int, Siege]
    battles: dict[int, Battle]
    stakes: list[PendingStake]
    told: frozenset[int]
    events: list[Event] = field(default_factory=list)
    displaced: set[int] = field(default_factory=set)  # armies retreated or destroyed
    lost_structures: set[int] = field(default_factory=set)  # captured or destroyed

    @classmethod
    def of(cls, state: CampaignState, battle: Battle) -> _Work:
        return cls(
            base=state,
            players=dict(state.players),
            structures=dict(state.structures),
            armies=dict(state.armies),
            generals=dict(state.generals),
            ships=dict(state.ships),
            sieges=dict(state.sieges),
            battles={k: v for k, v in state.battles.items() if k != battle.id},
            stakes=list(state.stakes),
            told=participants(battle),
        )

    def event(self, kind: EventKind, rule: str, coords: tuple[Coord, ...], **data: object) -> None:
        self.events.append(Event(kind, rule, self.told, coords, dict(data)))

    def done(self) -> BattleResolution:
        state = replace(
            self.base,
            players=self.players,
            structures=self.structures,
            armies=self.armies,
            generals=self.generals,
            ships=self.ships,
            sieges=self.sieges,
            battles=self.battles,
            stakes=tuple(self.stakes),
        )
        return BattleResolution(state, tuple(self.events))

    # -- armies

    def move_army(self, army_id: int, to: Coord, rule: str, kind: EventKind) -> None:
        """Move an army (and the ship it is aboard, at sea); stepping ashore leaves the ship."""
        army = self.armies[army_id]
        if army.coord == to:
            return
        tile = self.base.map.tiles.get(to)
        ship = self.ships.get(army.ship_id) if army.ship_id is not None else None
        if ship is not None and tile is not None and tile.is_land:
            self.ships[ship.id] = replace(ship, army_id=None)  # R-SEA-2: it stays at anchor
            army = replace(army, ship_id=None)
        elif ship is not None:
            self.ships[ship.id] = replace(ship, coord=to)
        self.armies[army_id] = replace(army, coord=to)
        self.event(
            kind, rule, (army.coord, to), army_id=army_id, from_coord=army.coord, to_coord=to
        )

    def destroy_army(self, army_id: int, rule: str) -> None:
        """Remove an army; its ship sinks with it and its general goes free (R-ARMY-2)."""
        army = self.armies.pop(army_id)
        self.displaced.add(army_id)
        self.event(EventKind.ARMY_DESTROYED, rule, (army.coord,), army_id=army_id, owner=army.owner)
        if army.ship_id is not None and army.ship_id in self.ships:
            del self.ships[army.ship_id]
            self.event(EventKind.SHIP_DESTROYED, "R-SEA-3", (army.coord,), ship_id=army.ship_id)
        if army.general_id is not None and army.general_id in self.generals:
            self.generals[army.general_id] = replace(self.generals[army.general_id], army_id=None)
            # Told to its owner alone, with no tile: the general goes home, and nobody else
            # (the opponent, an onlooker who saw the army fall) knew who led it (R-FOG-3).
            owner = frozenset({army.owner})
            data = {"general_id": army.general_id}
            self.events.append(Event(EventKind.GENERAL_FREED, "R-ARMY-2", owner, (), data))

    def lose_tier(self, army_id: int) -> None:
        army = self.armies[army_id]
        if army.tier > 1:
            self.armies[army_id] = replace(army, tier=army.tier - 1)
            self.event(
                EventKind.ARMY_TIER_LOST,
                "R-BAT-7",
                (army.coord,),
                army_id=army_id,
                tier=army.tier - 1,
            )

    def capture_general(self, army_id: int, winner: int) -> None:
        army = self.armies.get(army_id)
        if army is None or army.general_id is None or army.general_id not in self.generals:
            return
        general = self.generals[army.general_id]
        self.generals[general.id] = replace(general, army_id=None, held_by=winner)
        self.armies[army_id] = replace(army, general_id=None)
        self.event(
            EventKind.GENERAL_CAPTURED,
            "R-BAT-7",
            (army.coord,),
            general_id=general.id,
            army_id=army_id,
            held_by=winner,
        )

    def retreat_or_destroy(self, army_id: int) -> None:
        """R-BAT-7, R-SEA-3: first valid adjacent tile E…SE, own before neutral, else destroyed."""
        army = self.armies[army_id]
        to = self._retreat_tile(army)
        if to is None:
            self.destroy_army(army_id, "R-BAT-7")
            return
        self.displaced.add(army_id)
        at_sea = army.ship_id is not None and not self._is_land(army.coord)
        self.move_army(army_id, to, "R-SEA-3" if at_sea else "R-BAT-7", EventKind.ARMY_RETREATED)

    def _is_land(self, c: Coord) -> bool:
        tile = self.base.map.tiles.get(c)
        return tile is not None and tile.is_land

    def _retreat_tile(self, army: Army) -> Coord | None:
        neighbours = [
            c for c in self.base.map.grid.neighbours(army.coord) if c in self.base.map.tiles
        ]
        free = [
            c
            for c in neighbours
            if not any(
                a.coord == c and is_hostile(self.base, a.owner, army.owner)
                for a in self.armies.values()
            )
        ]
        if not self._is_land(army.coord):
            return next((c for c in free if not self._is_land(c)), None)
        owner_at = {s.coord: s.owner for s in self.structures.values()}
        land = [c for c in free if self._is_land(c)]
        own = [c for c in land if owner_at.get(c) == army.owner]
        neutral = [c for c in land if c not in owner_at]
        return (own + neutral)[0] if own or neutral else None

    # -- structures

    def take_structure(
        self, structure: Structure, new_owner: int, rule: str, kind: EventKind
    ) -> None:
        """The structure changes hands (R-SIEGE-2/4, R-BAT-6); seats there are lost (R-ARMY-5)."""
        self.structures[structure.id] = replace(
            structure, owner=new_owner, since_turn=self.base.turn
        )
        self.lost_structures.add(structure.id)
        self.event(
            kind,
            rule,
            (structure.coord,),
            structure_id=structure.id,
            from_player=structure.owner,
            to_player=new_owner,
        )
        self._end_seats_and_siege(structure)

    def drop_level(self, structure_id: int) -> None:
        structure = self.structures[structure_id]
        self.structures[structure_id] = replace(structure, level=1)
        self.event(
            EventKind.CITY_LEVEL_LOST,
            "R-SIEGE-4",
            (structure.coord,),
            structure_id=structure_id,
            level=1,
        )

    def raze(self, structure: Structure, rule: str) -> None:
        del self.structures[structure.id]
        self.lost_structures.add(structure.id)
        self.event(
            EventKind.STRUCTURE_DESTROYED,
            rule,
            (structure.coord,),
            structure_id=structure.id,
            owner=structure.owner,
        )
        self._end_seats_and_siege(structure)

    def _end_seats_and_siege(self, structure: Structure) -> None:
        for army_id in sorted(self.armies):
            army = self.armies[army_id]
            if army.seat_id == structure.id:
                self.armies[army_id] = replace(army, seat_id=None)
                self.event(
                    EventKind.ARMY_SEAT_LOST, "R-ARMY-5", (structure.coord,), army_id=army_id
                )
        self.sieges.pop(structure.id, None)

    # -- bookkeeping

    def lift_sieges_of_displaced(self) -> None:
        """A besieging army that retreated or died lifts its siege (R-SIEGE-3)."""
        for sid in sorted(self.sieges):
            if self.sieges[sid].army_id in self.displaced:
                self.lift_siege(sid)

    def lift_siege(self, structure_id: int) -> None:
        if self.sieges.pop(structure_id, None) is not None:
            city = self.base.structures.get(structure_id)
            coords = (city.coord,) if city is not None else ()
            self.event(EventKind.SIEGE_LIFTED, "R-SIEGE-3", coords, structure_id=structure_id)

    def cancel_stale_battles(self) -> None:
        """Battles whose army retreated or died, or whose place fell, are cancelled (R-MOVE-3)."""
        for bid in sorted(self.battles):
            other = self.battles[bid]
            armies = set(other.attacker.army_ids) | set(other.defender.army_ids)
            fell = other.defender.structure_id in self.lost_structures
            if armies & self.displaced or fell:
                del self.battles[bid]
                self.events.append(
                    Event(
                        EventKind.BATTLE_CANCELLED,
                        "R-MOVE-3",
                        participants(other),
                        (other.coord,),
                        {"battle_id": bid},
                    )
                )


def _principal(state: CampaignState, side: BattleSide) -> int | None:
    """Who wins or pays for a side: its leader's owner, else its structure's owner."""
    leader = _leader(state, side)
    if leader is not None:
        return leader.owner
    sid = side.structure_id
    structure = state.structures.get(sid) if sid is not None else None
    return structure.owner if structure is not None else None


def _count_victory(w: _Work, ruleset: Ruleset, winner: int) -> None:
    """Orcs & Goblins count victories towards WAAAGH! (R-FAC)."""
    player = w.players.get(winner)
    if player is None:
        return
    action = ruleset.faction(player.faction).action
    if action is None or action.unlock_victories <= 0:
        return
    w.players[winner] = replace(player, victories=player.victories + 1)
    w.event(EventKind.VICTORY_COUNTED, "R-FAC", (), player=winner, victories=player.victories + 1)


def _victory(
    w: _Work, battle: Battle, report: BattleReport, ruleset: Ruleset, structure: Structure | None
) -> None:
    """Stakes, pillage, WAAAGH! count and a captured general (R-BAT-7, R-SIEGE-2)."""
    state = w.base
    attacker_won = report.outcome is Outcome.ATTACKER_VICTORY
    winning = battle.attacker if attacker_won else battle.defender
    losing = battle.defender if attacker_won else battle.attacker
    winner = _principal(state, winning)
    if winner is None:
        return
    loser_leader = _leader(state, losing)
    b = ruleset.battles
    if loser_leader is not None:  # a garrison alone pays nothing (R-BAT-7)
        w.stakes.append(
            PendingStake(battle.id, winner, loser_leader.owner, b.victory_stake, "R-BAT-7")
        )
        w.event(
            EventKind.STAKE_WON,
            "R-BAT-7",
            (battle.coord,),
            battle_id=battle.id,
            winner=winner,
            loser=loser_leader.owner,
            amount=b.victory_stake,
        )
    razed_city = (
        attacker_won
        and report.fate is Fate.DESTROY
        and battle.kind is BattleKind.SIEGE
        and structure is not None
        and not structure.is_capital
    )
    if razed_city and structure is not None:
        w.stakes.append(
            PendingStake(battle.id, winner, structure.owner, b.pillage_stake, "R-SIEGE-2")
        )
        w.event(
            EventKind.PILLAGE_WON,
            "R-SIEGE-2",
            (battle.coord,),
            battle_id=battle.id,
            winner=winner,
            loser=structure.owner,
            amount=b.pillage_stake,
        )
    _count_victory(w, ruleset, winner)
    if report.general_captured and loser_leader is not None:
        w.capture_general(loser_leader.id, winner)


def _losses(w: _Work, battle: Battle, report: BattleReport, ruleset: Ruleset) -> None:
    """Tier loss at the threshold; a defeated side at 100 % loses its armies (R-BAT-7)."""
    threshold = ruleset.battles.tier_loss_threshold_pct
    for side, pct, beaten_by in (
        (battle.attacker, report.attacker_losses_pct, Outcome.DEFENDER_VICTORY),
        (battle.defender, report.defender_losses_pct, Outcome.ATTACKER_VICTORY),
    ):
        defeated = report.outcome is beaten_by
        for army in _live_armies(w.base, side):
            if army.id not in w.armies:
                continue
            if defeated and pct >= 100:
                w.destroy_army(army.id, "R-BAT-7")
            elif pct >= threshold:
                w.lose_tier(army.id)


def _attacker_wins(
    w: _Work, battle: Battle, report: BattleReport, ruleset: Ruleset, structure: Structure | None
) -> None:
    """Defenders retreat; the fate of the place; the attacker moves in (R-BAT-7, R-SIEGE)."""
    for army in _live_armies(w.base, battle.defender):
        if army.id in w.armies:
            w.retreat_or_destroy(army.id)
    rule = "R-BAT-7"
    if battle.kind in (BattleKind.SIEGE, BattleKind.ASSAULT) and structure is not None:
        rule = "R-SIEGE-2" if battle.kind is BattleKind.SIEGE else "R-SIEGE-4"
        winner = _principal(w.base, battle.attacker)
        if structure.is_capital:
            w.event(
                EventKind.CAPITAL_REPULSED, "R-SIEGE-2", (battle.coord,), structure_id=structure.id
            )
            return
        if winner is None or report.fate is None:
            return  # an unvalidated report without a fate: the attacker stays where it stopped
        if report.fate is Fate.CAPTURE:
            w.take_structure(structure, winner, rule, EventKind.STRUCTURE_CAPTURED)
            level_lost = report.defender_losses_pct >= ruleset.battles.level_loss_threshold_pct
            if structure.kind is StructureKind.CITY and structure.level >= 2 and level_lost:
                w.drop_level(structure.id)
        else:
            w.raze(structure, rule)
    for army in _live_armies(w.base, battle.attacker):
        if army.id in w.armies:
            w.move_army(army.id, battle.coord, rule, EventKind.ARMY_ADVANCED)


def _defender_moves_in(w: _Work, battle: Battle) -> None:
    """A defender that won a field or naval battle moves into the contested tile (R-BAT-7).

    Its armies that tried to enter the tile (both sides did: the movement stopped them on the
    tile before it) move in; armies already holding it stay. After a swap there is no contested
    tile: the battle sits where the attacker stands (the engine places it there, R-MOVE-3), so
    an attacker on the battle's tile means a swap and nobody moves. Nor does anyone move onto a
    tile still held by a force hostile to it (another battle of the same meeting decides it).
    """
    state = w.base
    if any(
        state.armies[a].coord == battle.coord for a in battle.attacker.army_ids if a in state.armies
    ):
        return  # a swap: the winner stays
    armies = [w.armies[a.id] for a in _live_armies(state, battle.defender) if a.id in w.armies]
    if not armies:
        return
    held = any(
        a.coord == battle.coord and is_hostile(state, a.owner, armies[0].owner)
        for a in w.armies.values()
    ) or any(
        s.coord == battle.coord and is_hostile(state, s.owner, armies[0].owner)
        for s in w.structures.values()
    )
    if held:
        return
    for army in armies:
        w.move_army(army.id, battle.coord, "R-BAT-7", EventKind.ARMY_ADVANCED)


def _draw(w: _Work, battle: Battle, structure: Structure | None) -> None:
    """A drawn siege besieges the city; a drawn assault or field battle changes nothing."""
    leader = _leader(w.base, battle.attacker)
    if battle.kind is not BattleKind.SIEGE or structure is None or leader is None:
        return
    if leader.id not in w.armies:
        return
    draws = battle.siege_draws + 1
    w.sieges[structure.id] = Siege(structure.id, leader.id, draws)
    w.event(
        EventKind.CITY_BESIEGED,
        "R-SIEGE-3",
        (battle.coord,),
        structure_id=structure.id,
        army_id=leader.id,
        draws=draws,
    )


def apply_battle_result(
    state: CampaignState, battle: Battle, report: BattleReport, ruleset: Ruleset
) -> BattleResolution:
    """Every effect of a confirmed, valid result (R-BAT-7, R-SIEGE-2/3/4); the battle ends."""
    w = _Work.of(state, battle)
    structure = _defended_structure(state, battle)
    w.event(
        EventKind.BATTLE_RESOLVED,
        "R-BAT-7",
        (battle.coord,),
        battle_id=battle.id,
        battle_kind=battle.kind.value,
        outcome=report.outcome.value,
        attacker_losses_pct=report.attacker_losses_pct,
        defender_losses_pct=report.defender_losses_pct,
    )
    if report.outcome is not Outcome.DRAW:
        _victory(w, battle, report, ruleset, structure)
    _losses(w, battle, report, ruleset)
    if report.outcome is Outcome.ATTACKER_VICTORY:
        _attacker_wins(w, battle, report, ruleset, structure)
    elif report.outcome is Outcome.DEFENDER_VICTORY and structure is None:
        _defender_moves_in(w, battle)
    elif report.outcome is Outcome.DRAW:
        _draw(w, battle, structure)
    elif structure is not None:
        siege = w.sieges.get(structure.id)
        if siege is not None and siege.army_id in battle.attacker.army_ids:
            w.lift_siege(structure.id)  # its defeat lifts the siege (R-SIEGE-3)
    w.lift_sieges_of_displaced()
    w.cancel_stale_battles()
    return w.done()


def abandon(
    state: CampaignState, battle: Battle, player_id: int
) -> BattleResolution | list[Violation]:
    """The owner gives up an attacked outpost or port: the attacker takes it, no gold (R-BAT-6)."""
    structure = _defended_structure(state, battle)
    kinds = (StructureKind.OUTPOST, StructureKind.PORT)
    if battle.kind is not BattleKind.ASSAULT or structure is None or structure.kind not in kinds:
        return [Violation("R-BAT-6", _("Only an attacked outpost or port can be abandoned."))]
    if structure.owner != player_id:
        return [Violation("R-BAT-6", _("Only the owner of this place can abandon it."))]
    winner = _principal(state, battle.attacker)
    if winner is None:
        return [Violation("R-BAT-6", _("No attacker is left to take this place."))]
    w = _Work.of(state, battle)
    # Armies that stood in the place withdraw as a defeated defender would, unharmed.
    for army in _live_armies(state, battle.defender):
        w.retreat_or_destroy(army.id)
    w.take_structure(structure, winner, "R-BAT-6", EventKind.STRUCTURE_ABANDONED)
    for army in _live_armies(state, battle.attacker):
        w.move_army(army.id, battle.coord, "R-BAT-6", EventKind.ARMY_ADVANCED)
    w.lift_sieges_of_displaced()
    w.cancel_stale_battles()
    return w.done()
