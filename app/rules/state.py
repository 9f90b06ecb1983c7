"""Immutable campaign state and turn orders: the plain data the rules engine works on.

Everything here is a frozen dataclass keyed by small integer ids that are unique within a
campaign (allocated from `CampaignState.next_id`, so resolution is deterministic). Mappings
are plain dicts treated as read-only: engine functions return new states with
`dataclasses.replace`, never mutate their input.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from app.rules.hexgrid import Coord, Grid, Wrap

# ---------------------------------------------------------------------------------- map


class Terrain(StrEnum):
    PLAIN = "plain"
    FOREST = "forest"
    MOUNTAIN = "mountain"
    MARSH = "marsh"
    DESERT = "desert"
    COAST = "coast"
    OASIS = "oasis"
    CITY = "city"
    PORT = "port"
    SEA = "sea"


class Tag(StrEnum):
    CITY_SITE = "city_site"
    COAST = "coast"


@dataclass(frozen=True, slots=True)
class Tile:
    coord: Coord
    terrain: Terrain
    tags: frozenset[Tag] = frozenset()
    name: str | None = None

    @property
    def is_land(self) -> bool:
        return self.terrain is not Terrain.SEA


@dataclass(frozen=True, slots=True)
class StartSlot:
    coord: Coord
    name: str | None = None


@dataclass(frozen=True)
class MapData:
    """A map (R-MAP-4): static for the whole campaign."""

    width: int
    height: int
    wrap: Wrap
    tiles: Mapping[Coord, Tile]
    slots: tuple[StartSlot, ...]
    name: str = ""

    @property
    def grid(self) -> Grid:
        return Grid(self.width, self.height, self.wrap)


# ------------------------------------------------------------------------------ entities


class StructureKind(StrEnum):
    CITY = "city"
    PORT = "port"
    OUTPOST = "outpost"


@dataclass(frozen=True, slots=True)
class Structure:
    id: int
    kind: StructureKind
    coord: Coord
    owner: int
    level: int = 1  # cities: 1 or 2; others: 1
    is_capital: bool = False
    also_port: bool = False  # the Dark Elves' capital-port (R-CAMP-3)
    built_by: int | None = None  # R-BUILD-6: None for the starting capital
    since_turn: int = 0  # turn it was ordered in (placed at its end) or taken (R-BUILD-4, R-ECO-3)


@dataclass(frozen=True, slots=True)
class General:
    id: int
    owner: int
    army_id: int | None = None  # None: free (or prisoner)
    held_by: int | None = None  # a prisoner: the player who holds it (R-BAT-7)


@dataclass(frozen=True, slots=True)
class Army:
    id: int
    owner: int
    coord: Coord
    tier: int = 1
    general_id: int | None = None  # None: its general was captured (R-ARMY-6)
    seat_id: int | None = None  # the city that seats it (R-ARMY-1, R-ARMY-5)
    ship_id: int | None = None  # aboard this ship when on a sea tile (R-SEA)
    raised_turn: int = 0


@dataclass(frozen=True, slots=True)
class Ship:
    """A ship (R-SEA-1). With no army aboard it lies at anchor on `coord`."""

    id: int
    owner: int
    coord: Coord
    army_id: int | None = None


@dataclass(frozen=True, slots=True)
class Siege:
    """A besieged city (R-SIEGE-3): who besieges it and how many sieges there were drawn."""

    structure_id: int
    army_id: int
    draws: int = 1


class TreatyKind(StrEnum):
    EMBASSY = "embassy"
    PACT = "pact"
    ALLIANCE = "alliance"
    TRADE = "trade"
    VASSALAGE = "vassalage"


@dataclass(frozen=True, slots=True)
class Treaty:
    id: int
    kind: TreatyKind
    a: int  # vassalage: the vassal; trade: owner of city_a
    b: int  # vassalage: the overlord; trade: owner of city_b
    since_turn: int
    ends_turn: int | None = None  # set when broken: ends at that turn's change (R-DIP-3)
    city_a: int | None = None  # trade routes only
    city_b: int | None = None


@dataclass(frozen=True, slots=True)
class SeenTile:
    """What a player remembers of an explored tile (R-FOG-1).

    `structure_id` is the id the structure had when seen (it was shown then), so a client can
    name a remembered city, e.g. for a trade route; None for memories recorded without it.
    """

    turn: int
    owner: int | None
    structure: StructureKind | None
    level: int = 0
    structure_id: int | None = None


@dataclass(frozen=True)
class Player:
    id: int
    faction: str
    gold: int = 0
    capital_id: int | None = None
    action_available_turn: int = 1  # first turn the faction action may be used (R-FAC)
    victories: int = 0  # towards WAAAGH! (R-FAC, Orcs & Goblins)
    infamy: int = 0
    inactive: bool = False
    explored: Mapping[Coord, SeenTile] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PendingStake:
    """Gold won in a battle, taken at step 3 of the next turn change (R-BAT-7, R-SIEGE-2)."""

    battle_id: int
    winner: int
    loser: int
    amount: int
    rule: str  # R-BAT-7 (victory) or R-SIEGE-2 (pillage)


class Season(StrEnum):
    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"


def season_of(turn: int) -> Season:
    """Turn 1 is spring, then summer, autumn, winter, spring… (R-OPT-1)."""
    return list(Season)[(turn - 1) % 4]


@dataclass(frozen=True, slots=True)
class Options:
    """Optional rules the campaign switched on (R-OPT)."""

    seasons: bool = False
    concealment: bool = False  # R-OPT-3
    cover: bool = False  # R-OPT-4: cover and entrenchment
    storms: bool = False  # R-OPT-5
    game_system: str = "old_world"
    custom_coefficient_pct: int | None = None  # R-SYS: a system not listed


@dataclass(frozen=True, slots=True)
class Storm:
    """A storm at sea (R-OPT-5): the sea tile it rose on and its sea neighbours, `center` first.

    It covers its tiles for the whole turn after the change that raised it."""

    center: Coord
    tiles: tuple[Coord, ...]


@dataclass(frozen=True)
class CampaignState:
    turn: int
    map: MapData
    players: Mapping[int, Player]
    structures: Mapping[int, Structure] = field(default_factory=dict)
    armies: Mapping[int, Army] = field(default_factory=dict)
    generals: Mapping[int, General] = field(default_factory=dict)
    ships: Mapping[int, Ship] = field(default_factory=dict)
    sieges: Mapping[int, Siege] = field(default_factory=dict)  # by structure id
    treaties: Mapping[int, Treaty] = field(default_factory=dict)
    stakes: tuple[PendingStake, ...] = ()
    battles: Mapping[int, Battle] = field(default_factory=dict)  # pending (R-BAT-5, R-TURN-3)
    storms: tuple[Storm, ...] = ()  # over the sea this turn (R-OPT-5)
    options: Options = Options()
    next_id: int = 1
    # The campaign's secret for scrambling new ids (rules/ids.py); 0: plain counter ids.
    id_salt: int = 0

    @property
    def season(self) -> Season:
        return season_of(self.turn)


# -------------------------------------------------------------------------------- orders


class BuildKind(StrEnum):
    FOUND_CITY = "found_city"
    PORT = "port"
    OUTPOST = "outpost"
    UPGRADE_CITY = "upgrade_city"


@dataclass(frozen=True, slots=True)
class MoveOrder:
    """R-MOVE-1: the path excludes the army's own tile."""

    army_id: int
    path: tuple[Coord, ...]


@dataclass(frozen=True, slots=True)
class BuildOrder:
    id: int
    player: int
    kind: BuildKind
    coord: Coord
    army_id: int | None  # None for a city upgrade
    cost: int  # what was paid when ordered (refunded if cancelled, R-BUILD-1/2)


@dataclass(frozen=True, slots=True)
class RaiseArmyOrder:
    id: int
    player: int
    city_id: int
    general_id: int  # a free general, or one recruited by a RecruitGeneralOrder this turn
    cost: int


@dataclass(frozen=True, slots=True)
class UpgradeOrder:
    army_id: int
    player: int
    cost: int


@dataclass(frozen=True, slots=True)
class RecruitGeneralOrder:
    id: int  # the new general's id
    player: int
    cost: int


@dataclass(frozen=True)
class TurnOrders:
    """Everything all players ordered this turn (gold for builds etc. is already paid)."""

    moves: Mapping[int, MoveOrder] = field(default_factory=dict)  # by army id
    builds: tuple[BuildOrder, ...] = ()
    raises: tuple[RaiseArmyOrder, ...] = ()
    upgrades: tuple[UpgradeOrder, ...] = ()
    recruits: tuple[RecruitGeneralOrder, ...] = ()
    faction_actions: frozenset[int] = frozenset()  # players who used their action this turn
    entrench: frozenset[int] = frozenset()  # armies ordered to entrench instead of moving (R-OPT-4)


# ------------------------------------------------------------------------------- battles


class BattleKind(StrEnum):
    FIELD = "field"
    SIEGE = "siege"
    ASSAULT = "assault"
    NAVAL = "naval"


class Outcome(StrEnum):
    ATTACKER_VICTORY = "attacker_victory"
    DRAW = "draw"
    DEFENDER_VICTORY = "defender_victory"


class Fate(StrEnum):
    CAPTURE = "capture"
    DESTROY = "destroy"


@dataclass(frozen=True, slots=True)
class BattleSide:
    """One side of a battle (R-BAT-2/3): its armies, the leading one, and a defended structure."""

    players: frozenset[int]
    army_ids: tuple[int, ...]
    leader_id: int | None  # None: a garrison alone
    structure_id: int | None = None
    entrenched: tuple[
        int, ...
    ] = ()  # its armies that entrenched the turn it was declared (R-OPT-4)


@dataclass(frozen=True, slots=True)
class Battle:
    """A battle declared at a turn change (R-BAT), waiting for its result from the table."""

    id: int
    turn: int
    coord: Coord
    kind: BattleKind
    attacker: BattleSide
    defender: BattleSide
    siege_draws: int = 0  # drawn sieges already fought at this city (R-SIEGE-3 bonus)


@dataclass(frozen=True, slots=True)
class BattleReport:
    """A result from the table (R-BAT-6)."""

    outcome: Outcome
    attacker_losses_pct: int
    defender_losses_pct: int
    general_captured: bool = False
    fate: Fate | None = None


# ----------------------------------------------------------------------- engine outputs


@dataclass(frozen=True, slots=True)
class Violation:
    """Why an order is refused: the rule id and a message safe to show the ordering player."""

    rule: str
    message: str


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One gold movement (R-ECO-6). `amount` is signed."""

    player: int
    amount: int
    reason: str
    rule: str


class EventKind(StrEnum):
    """What the engine says happened at a turn change (snake_case), in turn summaries and
    history. The app's own kinds (a player's gold line, standing orders, and the live events
    it publishes) are `app.store.events.kinds.AppEventKind`: one wire vocabulary with these.

    A battle appears in a turn summary as `encounter` (R-MOVE-3: armies met on a tile, or an
    army reached an enemy's structure; `data`: `battle_id`, `kind` of battle), and live as
    `battle_declared`; its outcome as `battle_resolved` (summary) and `battle_confirmed` (live).
    """

    # Movement and the sea (R-MOVE, R-SEA)
    ARMY_MOVED = "army_moved"
    PATH_CUT = "path_cut"
    HALTED = "halted"
    EMBARKED = "embarked"
    DISEMBARKED = "disembarked"
    SHIP_DESTROYED = "ship_destroyed"
    STORM_ROSE = "storm_rose"
    ENCOUNTER = "encounter"
    # Battles and sieges (R-BAT, R-SIEGE)
    BATTLE_RESOLVED = "battle_resolved"
    BATTLE_CANCELLED = "battle_cancelled"
    STAKE_WON = "stake_won"
    PILLAGE_WON = "pillage_won"
    STAKE_TAKEN = "stake_taken"
    VICTORY_COUNTED = "victory_counted"
    ARMY_ADVANCED = "army_advanced"
    ARMY_RETREATED = "army_retreated"
    ARMY_DESTROYED = "army_destroyed"
    ARMY_TIER_LOST = "army_tier_lost"
    ARMY_SEAT_LOST = "army_seat_lost"
    GENERAL_CAPTURED = "general_captured"
    GENERAL_FREED = "general_freed"
    STRUCTURE_CAPTURED = "structure_captured"
    STRUCTURE_ABANDONED = "structure_abandoned"
    STRUCTURE_DESTROYED = "structure_destroyed"
    CITY_LEVEL_LOST = "city_level_lost"
    CAPITAL_REPULSED = "capital_repulsed"
    CITY_BESIEGED = "city_besieged"
    SIEGE_CONTINUES = "siege_continues"
    SIEGE_LIFTED = "siege_lifted"
    # Builds, armies and gold (R-BUILD, R-ARMY, R-ECO)
    CITY_FOUNDED = "city_founded"
    PORT_BUILT = "port_built"
    OUTPOST_BUILT = "outpost_built"
    CITY_UPGRADED = "city_upgraded"
    BUILD_CANCELLED = "build_cancelled"
    ARMY_RAISED = "army_raised"
    ARMY_UPGRADED = "army_upgraded"
    RAISE_CANCELLED = "raise_cancelled"
    UPGRADE_CANCELLED = "upgrade_cancelled"
    INSOLVENT = "insolvent"
    # Diplomacy (R-DIP)
    TREATY_BEGAN = "treaty_began"
    TREATY_ENDED = "treaty_ended"
    TRADE_ROUTE_LOST = "trade_route_lost"
    EDICT_EXPIRED = "edict_expired"
    EXPLORED = "explored"
    ARMY_WITHDREW = "army_withdrew"


@dataclass(frozen=True)
class Event:
    """Something that happened at a turn change, for the players' summaries (R-TURN-4 step 6).

    The players in `players` see all of it; anyone else who saw one of its `coords` sees it
    with only those tiles (`fog.as_seen_by`, applied by the resolver at step 6).
    """

    kind: EventKind
    rule: str
    players: frozenset[int] = frozenset()
    coords: tuple[Coord, ...] = ()
    data: Mapping[str, object] = field(default_factory=dict)
