"""The ruleset document (R-HOUSE-2): every number of RULES.md as data, with its defaults.

A campaign reads every value from its ruleset; the defaults below are RULES.md exactly. A
variant is a partial document merged over the defaults (`merge_variant`); `LIMITS` and its
sibling tables give the range of every value and `check_ruleset` the rules that tie values
together. Untrusted documents are validated at the edge, against these tables
(`app.play.campaigns.ruleset_schema`); the engine stays free of parsing libraries.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, fields, is_dataclass, replace
from enum import Enum, StrEnum
from types import UnionType
from typing import Any, get_args, get_origin, get_type_hints

from app.rules.texts import _


class IncomeBasis(StrEnum):
    """What a faction income bonus counts (R-FAC passives and actions)."""

    CITY = "city"  # every city owned, any level
    CITY_LEVEL2 = "city_level2"  # every city of level ≥ 2
    PORT = "port"  # every port owned (the Dark Elves' capital-port included)
    PORT_BUILT = "port_built"  # every port owned and built by this player (R-BUILD-6)
    STRUCTURE = "structure"  # every structure (city, port, outpost)
    TERRITORY = "territory"  # every tile owned


@dataclass(frozen=True, slots=True)
class IncomeBonus:
    """`amount` gold per `per` counted things, among those on `terrains` if any are listed."""

    basis: IncomeBasis
    amount: int = 1
    per: int = 1
    terrains: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class UpkeepReduction:
    """A flat reduction of each army's upkeep, for armies of tier min_tier..max_tier."""

    amount: int = 1
    min_tier: int = 1
    max_tier: int = 99


@dataclass(frozen=True, slots=True)
class FactionAction:
    """A faction's action (R-FAC): used during a turn, acts at that turn's change."""

    key: str
    name: str
    recharge: int = 0  # used on turn N → usable again from N + recharge
    upkeep_reductions: tuple[UpkeepReduction, ...] = ()
    no_upkeep: bool = False
    income_bonuses: tuple[IncomeBonus, ...] = ()
    extra_land_steps: int = 0  # WAAAGH!: +2 land tiles
    ignore_terrain_penalties: bool = False
    unlock_victories: int = 0  # >0: needs this many victories, count reset on use


@dataclass(frozen=True, slots=True)
class Faction:
    key: str
    name: str
    income_bonuses: tuple[IncomeBonus, ...] = ()
    upkeep_reductions: tuple[UpkeepReduction, ...] = ()
    free_upkeep_max_tier: int = 0  # armies up to this tier pay no upkeep (Orcs & Goblins: 3)
    upkeep_percent: int = 100  # applied to the summed upkeep (R-ECO-4)
    sea_bonus: int = 0  # extra sea tiles (half-steps) aboard ship (R-SEA-1, Dark Elves: +2)
    terrain_modifiers: dict[str, int] = field(default_factory=dict)
    action: FactionAction | None = None


@dataclass(frozen=True, slots=True)
class Tier:
    tier: int
    upgrade_cost: int  # to reach this tier (0 for tier 1)
    upkeep: int
    army_points: int  # The Old World points
    general_points: int


@dataclass(frozen=True, slots=True)
class GameSystem:
    key: str
    name: str
    coefficient_pct: int  # R-SYS, in hundredths (The 9th Age: 225)


@dataclass(frozen=True, slots=True)
class Income:
    city_level1: int = 3
    city_level2: int = 6
    outpost: int = 1
    port: int = 4


@dataclass(frozen=True, slots=True)
class BuildCosts:
    found_city: int = 10
    port: int = 8
    outpost: int = 3
    upgrade_city: int = 12


@dataclass(frozen=True, slots=True)
class Movement:
    base_budget: int = 3
    modifier_min: int = -1
    modifier_max: int = 1
    winter_modifier: int = -1  # R-OPT-1, inside the clamp
    land_step_halves: int = 2  # aboard: a land step costs 2 half-steps (R-SEA-1)
    sea_step_halves: int = 1
    sight: int = 1  # R-FOG-2
    mountain_sight: int = 2


@dataclass(frozen=True, slots=True)
class Garrisons:
    city_level1: int = 500
    city_level2: int = 750
    capital_bonus: int = 250
    outpost: int = 250
    port: int = 250
    reinforcement: int = 250  # outposts and ports, from the second game turn (R-BAT-4)


@dataclass(frozen=True, slots=True)
class Battles:
    joiner_percent: int = 25  # R-BAT-3
    victory_stake: int = 10  # R-BAT-7
    pillage_stake: int = 20  # R-SIEGE-2
    tier_loss_threshold_pct: int = 50  # R-BAT-7
    siege_bonus_pct_per_draw: int = 10  # R-SIEGE-3
    siege_bonus_max_pct: int = 30
    level_loss_threshold_pct: int = 50  # R-SIEGE-4
    points_rounding: int = 5  # R-SYS


@dataclass(frozen=True, slots=True)
class Diplomacy:
    diplomatic_cost: int = 2
    exploration_cost: int = 2
    exploration_range: int = 4
    exploration_radius: int = 1
    trade_cost: int = 5
    trade_base: int = 1
    trade_distance_step: int = 5
    trade_distance_max_bonus: int = 3
    vassal_tribute_pct: int = 25
    gift_max_pct: int = 25
    infamy_per_break: int = 1


@dataclass(frozen=True, slots=True)
class Score:
    """R-CAMP-4: territories + 3 × city levels + armies' tiers + gold / 10."""

    territory: int = 1
    city_level: int = 3
    army_tier: int = 1
    gold_divisor: int = 10


@dataclass(frozen=True, slots=True)
class Ruleset:
    starting_gold: int = 5
    min_players: int = 2
    max_players: int = 8
    army_base_cost: int = 6  # × 2ⁿ (R-ARMY-1)
    general_base_cost: int = 20  # × 2ⁿ (R-ARMY-2)
    income: Income = Income()
    costs: BuildCosts = BuildCosts()
    tiers: tuple[Tier, ...] = ()
    movement: Movement = Movement()
    garrisons: Garrisons = Garrisons()
    battles: Battles = Battles()
    diplomacy: Diplomacy = Diplomacy()
    score: Score = Score()
    game_systems: tuple[GameSystem, ...] = ()
    factions: tuple[Faction, ...] = ()

    def tier(self, n: int) -> Tier:
        return self.tiers[n - 1]

    @property
    def max_tier(self) -> int:
        return len(self.tiers)

    def faction(self, key: str) -> Faction:
        for f in self.factions:
            if f.key == key:
                return f
        raise KeyError(key)

    def game_system(self, key: str) -> GameSystem:
        for g in self.game_systems:
            if g.key == key:
                return g
        raise KeyError(key)


DEFAULT_TIERS: tuple[Tier, ...] = (
    Tier(1, 0, 1, 500, 100),
    Tier(2, 8, 2, 1000, 175),
    Tier(3, 12, 3, 1500, 250),
    Tier(4, 16, 5, 2000, 325),
    Tier(5, 24, 7, 2500, 400),
    Tier(6, 32, 10, 3000, 500),
)

DEFAULT_GAME_SYSTEMS: tuple[GameSystem, ...] = (
    GameSystem("old_world", "Warhammer: The Old World", 100),
    GameSystem("ninth_age", "The 9th Age", 225),
    GameSystem("whfb8", "Warhammer Fantasy Battle 8th edition (and its 8.1 amendments)", 125),
    GameSystem("kings_of_war", "Kings of War", 100),
)

_UPKEEP_ONE = UpkeepReduction()

DEFAULT_FACTIONS: tuple[Faction, ...] = (
    Faction(
        "empire",
        "Empire",
        income_bonuses=(IncomeBonus(IncomeBasis.CITY_LEVEL2),),
        terrain_modifiers={"plain": 1},
        action=FactionAction("call_to_arms", "Call to Arms", 6, upkeep_reductions=(_UPKEEP_ONE,)),
    ),
    Faction(
        "bretonnia",
        "Bretonnia",
        upkeep_reductions=(UpkeepReduction(1, 3),),
        terrain_modifiers={"plain": 1},
        action=FactionAction(
            "vow_of_chivalry", "Vow of Chivalry", 4, upkeep_reductions=(UpkeepReduction(1, 3),)
        ),
    ),
    Faction(
        "high_elves",
        "High Elves",
        income_bonuses=(IncomeBonus(IncomeBasis.PORT, 2),),
        terrain_modifiers={"marsh": -1, "coast": 1},
    ),
    Faction(
        "wood_elves",
        "Wood Elves",
        income_bonuses=(IncomeBonus(IncomeBasis.STRUCTURE, 1, 1, ("forest",)),),
        terrain_modifiers={"forest": 1},
    ),
    Faction(
        "dwarfs",
        "Dwarfs",
        upkeep_reductions=(_UPKEEP_ONE,),
        terrain_modifiers={"mountain": 1},
        action=FactionAction("oath_of_grudges", "Oath of Grudges", 3, (_UPKEEP_ONE,)),
    ),
    Faction(
        "orcs_goblins",
        "Orcs & Goblins",
        free_upkeep_max_tier=3,
        terrain_modifiers={"plain": 1, "forest": -1},
        action=FactionAction(
            "waaagh",
            "WAAAGH!",
            0,
            extra_land_steps=2,
            ignore_terrain_penalties=True,
            unlock_victories=3,
        ),
    ),
    Faction(
        "warriors_of_chaos",
        "Warriors of Chaos",
        terrain_modifiers={"marsh": 1},
        action=FactionAction("cursed_pact", "Cursed Pact", 6, no_upkeep=True),
    ),
    Faction(
        "daemons",
        "Daemons",
        income_bonuses=(IncomeBonus(IncomeBasis.TERRITORY, 1, 1, ("marsh",)),),
        upkeep_reductions=(_UPKEEP_ONE,),
        terrain_modifiers={"marsh": 1},
    ),
    Faction(
        "beastmen",
        "Beastmen",
        income_bonuses=(IncomeBonus(IncomeBasis.STRUCTURE, 1, 1, ("forest", "marsh")),),
        terrain_modifiers={"forest": 1, "mountain": -1, "marsh": 1},
    ),
    Faction("vampire_counts", "Vampire Counts", upkeep_percent=65, terrain_modifiers={"marsh": 1}),
    Faction(
        "tomb_kings",
        "Tomb Kings",
        upkeep_percent=65,
        terrain_modifiers={"plain": 1, "forest": -1, "mountain": -1, "desert": 1},
    ),
    Faction(
        "chaos_dwarfs",
        "Chaos Dwarfs",
        upkeep_reductions=(UpkeepReduction(1, 1, 4),),
        terrain_modifiers={"mountain": 1},
    ),
    Faction(
        "dark_elves",
        "Dark Elves",
        income_bonuses=(IncomeBonus(IncomeBasis.PORT_BUILT, 2),),
        sea_bonus=2,
        terrain_modifiers={"forest": -1, "marsh": 1, "coast": 1},
    ),
    Faction(
        "lizardmen",
        "Lizardmen",
        income_bonuses=(IncomeBonus(IncomeBasis.PORT, 2),),
        terrain_modifiers={"forest": 1, "desert": 1, "coast": 1},
    ),
    Faction(
        "skaven",
        "Skaven",
        income_bonuses=(IncomeBonus(IncomeBasis.TERRITORY, 1, 4),),
        upkeep_reductions=(UpkeepReduction(1, 1, 2),),
        terrain_modifiers={"mountain": 1},
        action=FactionAction(
            "rat_swarm", "Rat Swarm", 4, income_bonuses=(IncomeBonus(IncomeBasis.TERRITORY),)
        ),
    ),
    Faction(
        "ogre_kingdoms",
        "Ogre Kingdoms",
        upkeep_reductions=(_UPKEEP_ONE,),
        terrain_modifiers={"mountain": 1},
    ),
    Faction(
        "grand_cathay",
        "Grand Cathay",
        income_bonuses=(IncomeBonus(IncomeBasis.CITY),),
        terrain_modifiers={"plain": 1},
    ),
)


def default_ruleset() -> Ruleset:
    """The ruleset of RULES.md, exactly."""
    return Ruleset(
        tiers=DEFAULT_TIERS, game_systems=DEFAULT_GAME_SYSTEMS, factions=DEFAULT_FACTIONS
    )


# ------------------------------------------------------------------- ruleset documents

MODIFIER_TERRAINS: tuple[str, ...] = ("plain", "forest", "mountain", "marsh", "desert", "coast")
"""The six terrains that carry faction movement modifiers (R-MAP-2)."""

LAND_TERRAINS = (*MODIFIER_TERRAINS, "oasis", "city", "port")
"""The terrains a faction income bonus may count (R-FAC)."""

# R-HOUSE-2: the range of every number of a ruleset document, by `Class.field`. The upper
# bounds keep the work of any accepted variant within a few times that of the largest default
# campaign (64×64, 17 players): sight radii and movement budgets drive the fog and reachability
# searches (their cost grows with the square of the radius), and per-turn gold stays far from
# the 32-bit columns that hold it. `scripts/bench_extreme` measures the extreme variant.
GOLD = (0, 1_000_000)  # one-off amounts: starting gold, prices, stakes
PER_TURN = (0, 1_000)  # amounts earned or paid every turn: incomes, upkeep, bonuses
PERCENT = (0, 100)
POINTS = (0, 100_000)  # army and garrison points of a battle
MODIFIER = (-3, 3)  # movement modifiers, in tiles
TIER = (1, 10)
FACTOR = (0, 1_000)  # score weights
LIMITS: Mapping[str, tuple[int, int]] = {
    "Ruleset.starting_gold": GOLD,
    "Ruleset.min_players": (2, 17),
    "Ruleset.max_players": (2, 17),
    "Ruleset.army_base_cost": GOLD,
    "Ruleset.general_base_cost": GOLD,
    "Income.city_level1": PER_TURN,
    "Income.city_level2": PER_TURN,
    "Income.outpost": PER_TURN,
    "Income.port": PER_TURN,
    "BuildCosts.found_city": GOLD,
    "BuildCosts.port": GOLD,
    "BuildCosts.outpost": GOLD,
    "BuildCosts.upgrade_city": GOLD,
    "Tier.tier": TIER,
    "Tier.upgrade_cost": GOLD,
    "Tier.upkeep": PER_TURN,
    "Tier.army_points": POINTS,
    "Tier.general_points": POINTS,
    "Movement.base_budget": (1, 10),
    "Movement.modifier_min": MODIFIER,
    "Movement.modifier_max": MODIFIER,
    "Movement.winter_modifier": MODIFIER,
    "Movement.land_step_halves": (1, 4),
    "Movement.sea_step_halves": (1, 4),
    "Movement.sight": (1, 3),
    "Movement.mountain_sight": (1, 3),
    "Garrisons.city_level1": POINTS,
    "Garrisons.city_level2": POINTS,
    "Garrisons.capital_bonus": POINTS,
    "Garrisons.outpost": POINTS,
    "Garrisons.port": POINTS,
    "Garrisons.reinforcement": POINTS,
    "Battles.joiner_percent": PERCENT,
    "Battles.victory_stake": GOLD,
    "Battles.pillage_stake": GOLD,
    "Battles.tier_loss_threshold_pct": PERCENT,
    "Battles.siege_bonus_pct_per_draw": PERCENT,
    "Battles.siege_bonus_max_pct": PERCENT,
    "Battles.level_loss_threshold_pct": PERCENT,
    "Battles.points_rounding": (1, 1_000),
    "Diplomacy.diplomatic_cost": GOLD,
    "Diplomacy.exploration_cost": GOLD,
    "Diplomacy.exploration_range": (0, 128),
    "Diplomacy.exploration_radius": (0, 3),
    "Diplomacy.trade_cost": GOLD,
    "Diplomacy.trade_base": PER_TURN,
    "Diplomacy.trade_distance_step": (1, 128),
    "Diplomacy.trade_distance_max_bonus": PER_TURN,
    "Diplomacy.vassal_tribute_pct": PERCENT,
    "Diplomacy.gift_max_pct": PERCENT,
    "Diplomacy.infamy_per_break": (0, 100),
    "Score.territory": FACTOR,
    "Score.city_level": FACTOR,
    "Score.army_tier": FACTOR,
    "Score.gold_divisor": (1, 1_000_000),
    "GameSystem.coefficient_pct": (1, 1_000),
    "Faction.free_upkeep_max_tier": (0, 10),
    "Faction.upkeep_percent": PERCENT,
    "Faction.sea_bonus": (0, 10),
    "Faction.terrain_modifiers": MODIFIER,
    "FactionAction.recharge": (0, 100),
    "FactionAction.extra_land_steps": (0, 5),
    "FactionAction.unlock_victories": (0, 100),
    "IncomeBonus.amount": PER_TURN,
    "IncomeBonus.per": (1, 1_000),
    "UpkeepReduction.amount": PER_TURN,
    "UpkeepReduction.min_tier": (1, 99),
    "UpkeepReduction.max_tier": (1, 99),
}
"""Smallest and largest accepted value of every integer of a ruleset (R-HOUSE-2)."""

LIST_LIMITS: Mapping[str, tuple[int, int]] = {
    "Ruleset.tiers": TIER,
    "Ruleset.game_systems": (0, 16),
    "Ruleset.factions": (1, 32),
    "Faction.income_bonuses": (0, 8),
    "Faction.upkeep_reductions": (0, 8),
    "FactionAction.upkeep_reductions": (0, 8),
    "FactionAction.income_bonuses": (0, 8),
    "IncomeBonus.terrains": (0, len(LAND_TERRAINS)),
}
"""Fewest and most items of every list of a ruleset."""


def _longest_path() -> int:
    """The most tiles a move order can cross under any accepted variant (R-MOVE-1, R-SEA-1)."""
    land = LIMITS["Movement.base_budget"][1] + LIMITS["Movement.modifier_max"][1]
    waaagh = land + LIMITS["FactionAction.extra_land_steps"][1]  # never aboard
    aboard = LIMITS["Movement.land_step_halves"][1] * land + LIMITS["Faction.sea_bonus"][1]
    return max(waaagh, aboard // LIMITS["Movement.sea_step_halves"][0])


LONGEST_PATH = _longest_path()
"""Upper bound of a move order's steps: a full budget aboard at the cheapest sea step."""

STRING_LIMITS: Mapping[str, tuple[int, int]] = {
    "key": (1, 40),
    "name": (1, 80),
    "terrains": (1, 16),
}
"""Shortest and longest accepted string, by field name (keys, display names, terrains)."""

Fault = tuple[str, str]


class RulesetError(ValueError):
    """A ruleset document that does not validate: every fault as (path, message)."""

    def __init__(self, faults: list[Fault]) -> None:
        super().__init__("; ".join(f"{path}: {message}" for path, message in faults))
        self.faults = faults


def _jsonable(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


def ruleset_to_dict(r: Ruleset) -> dict[str, Any]:
    """The ruleset as a JSON-safe document (tuples → lists, enums → values)."""
    out: dict[str, Any] = _jsonable(r)
    return out


def _merge(base: Any, patch: Any) -> Any:
    """Deep-merge mappings; anything else (lists included) in `patch` replaces `base`."""
    if isinstance(base, Mapping) and isinstance(patch, Mapping):
        merged = dict(base)
        for key, value in patch.items():
            merged[key] = _merge(base[key], value) if key in base else value
        return merged
    return patch


def _merge_tiers(base: list[Any], patch: Mapping[Any, Any], faults: list[Fault]) -> list[Any]:
    """Apply `{"2": partial tier}` over the default tiers: one tier changed by its number.

    Only existing tiers can be changed this way; a different number of tiers needs the list.
    """
    merged = list(base)
    for key in sorted(patch, key=str):
        path, partial = f"tiers.{key}", patch[key]
        number = int(key) if isinstance(key, str) and key.isdecimal() else 0
        if not 1 <= number <= len(base):
            why = _("no such tier: 1 to {count} (send the whole list to add)", count=len(base))
            faults.append((path, why))
        elif not isinstance(partial, Mapping):
            faults.append((path, _("expected an object")))
        elif "tier" in partial and partial["tier"] != number:
            faults.append((f"{path}.tier", _("does not match the tier it overrides")))
        else:
            merged[number - 1] = _merge(base[number - 1], partial)
    return merged


def _merge_factions(base: list[Any], patch: Mapping[Any, Any], faults: list[Fault]) -> list[Any]:
    """Apply `{key: partial faction}` over the default faction list (new keys are appended)."""
    merged = list(base)
    index = {f["key"]: i for i, f in enumerate(base)}
    for key in sorted(patch, key=str):
        partial = patch[key]
        if not isinstance(partial, Mapping):
            faults.append((f"factions.{key}", _("expected an object")))
            continue
        if "key" in partial and partial["key"] != key:
            faults.append((f"factions.{key}.key", _("does not match the faction it overrides")))
            continue
        if key in index:
            merged[index[key]] = _merge(base[index[key]], partial)
        else:
            merged.append({"key": key, **partial})
    return merged


def merge_variant(variant: Mapping[str, Any]) -> tuple[dict[str, Any], list[Fault]]:
    """The default ruleset document with a partial variant deep-merged over it (R-HOUSE-2).

    Objects merge key by key and lists replace; `factions` may also be an object of partial
    factions by key and `tiers` an object of partial tiers by number. Returns the merged document
    (its values still unchecked) and the faults of the merge itself.
    """
    faults: list[Fault] = []
    base = ruleset_to_dict(default_ruleset())
    patch = dict(variant)
    factions = patch.pop("factions", None) if isinstance(variant.get("factions"), Mapping) else None
    tiers = patch.pop("tiers", None) if isinstance(variant.get("tiers"), Mapping) else None
    document: dict[str, Any] = _merge(base, patch)
    if factions is not None:
        document["factions"] = _merge_factions(base["factions"], factions, faults)
    if tiers is not None:
        document["tiers"] = _merge_tiers(base["tiers"], tiers, faults)
    return document, faults


def check_ruleset(r: Ruleset, invalid: AbstractSet[str] = frozenset()) -> list[Fault]:
    """Cross-field rules a single value cannot show (R-HOUSE-2).

    `invalid` names the document paths whose values were refused and replaced by their
    defaults: the checks that read them are skipped.
    """
    faults: list[Fault] = []

    def check(condition: bool, path: str, message: str) -> None:
        if not condition:
            faults.append((path, message))

    valid = "tiers" not in invalid
    for i, t in enumerate(r.tiers if valid else ()):
        check(
            t.tier == i + 1,
            f"tiers[{i}].tier",
            _("tiers must be numbered 1..n (expected {number})", number=i + 1),
        )
    if valid and r.tiers:
        check(r.tiers[0].upgrade_cost == 0, "tiers[0].upgrade_cost", _("must be 0 for tier 1"))
    if not ({"min_players", "max_players", "factions"} & invalid):
        check(r.max_players <= len(r.factions), "max_players", _("exceeds the number of factions"))
        check(r.max_players >= r.min_players, "max_players", _("must be at least min_players"))
    m = r.movement
    if not ({"movement", "movement.modifier_min", "movement.modifier_max"} & invalid):
        check(m.modifier_min <= m.modifier_max, "movement.modifier_min", _("above modifier_max"))
    if "game_systems" not in invalid:
        _check_unique(faults, "game_systems", [g.key for g in r.game_systems])
    if "factions" not in invalid:
        _check_unique(faults, "factions", [f.key for f in r.factions])
        for i, f in enumerate(r.factions):
            _check_faction(check, f"factions[{i}]", f)
    return faults


def _check_unique(faults: list[Fault], path: str, keys: list[str]) -> None:
    seen: set[str] = set()
    for i, key in enumerate(keys):
        if key in seen:
            faults.append((f"{path}[{i}].key", _("duplicate key {key}", key=repr(key))))
        seen.add(key)


def _check_faction(check: Callable[[bool, str, str], None], path: str, f: Faction) -> None:
    bonuses = [(f"{path}.income_bonuses", f.income_bonuses)]
    reductions = [(f"{path}.upkeep_reductions", f.upkeep_reductions)]
    if f.action is not None:
        bonuses.append((f"{path}.action.income_bonuses", f.action.income_bonuses))
        reductions.append((f"{path}.action.upkeep_reductions", f.action.upkeep_reductions))
    for where, items in bonuses:
        for i, bonus in enumerate(items):
            for j, terrain in enumerate(bonus.terrains):
                check(
                    terrain in LAND_TERRAINS,
                    f"{where}[{i}].terrains[{j}]",
                    _("unknown land terrain {terrain}", terrain=repr(terrain)),
                )
    for where, cuts in reductions:
        for i, cut in enumerate(cuts):
            check(cut.min_tier <= cut.max_tier, f"{where}[{i}].min_tier", _("above max_tier"))


_HINTS: dict[str, dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    """The resolved field types of a ruleset class (resolving them is slow: once per class)."""
    hints = _HINTS.get(cls.__qualname__)
    if hints is None:
        hints = _HINTS[cls.__qualname__] = get_type_hints(cls)
    return hints


def _trusted(hint: Any, value: Any) -> Any:
    """A document value as the ruleset type `hint`, its type and range taken on trust."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is UnionType:
        return None if value is None else _trusted(args[0], value)
    if origin is tuple:
        return tuple(_trusted(args[0], v) for v in value)
    if isinstance(hint, type) and is_dataclass(hint):
        known = _hints(hint)
        return hint(**{k: _trusted(known[k], v) for k, v in value.items()})
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(value)
    return dict(value) if origin is dict else value


def parse_ruleset(variant: Mapping[str, Any] | None) -> Ruleset:
    """The default ruleset with a trusted variant merged over it, cross-field rules checked.

    For documents already validated (stored rulesets) and for tests: types and ranges are taken
    on trust. Untrusted input is validated at the edge (`app.play.campaigns.ruleset_schema`).
    """
    if variant is None:
        return default_ruleset()
    document, faults = merge_variant(variant)
    if faults:
        raise RulesetError(faults)
    ruleset: Ruleset = _trusted(Ruleset, document)
    faults = check_ruleset(ruleset)
    if faults:
        raise RulesetError(faults)
    return ruleset


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ------------------------------------------------------------------- the extreme variant


def _at_top(obj: Any) -> Any:
    """`obj` with every number of its range table at the top of its range, recursively."""
    changes: dict[str, Any] = {}
    for f in fields(obj):
        key, value = f"{type(obj).__name__}.{f.name}", getattr(obj, f.name)
        if isinstance(value, dict):
            changes[f.name] = dict.fromkeys(MODIFIER_TERRAINS, LIMITS[key][1])
        elif _is_int(value):
            changes[f.name] = LIMITS[key][1]
        elif is_dataclass(value):
            changes[f.name] = _at_top(value)
        elif isinstance(value, tuple) and value and is_dataclass(value[0]):
            changes[f.name] = tuple(_at_top(v) for v in value)
    return replace(obj, **changes)


def extreme_ruleset() -> Ruleset:
    """The costliest accepted variant: every number and list at the top of its range.

    The exceptions make it costlier still: sea steps at their cheapest (the longest voyages)
    and tiers numbered 1..n as they must be. `scripts/bench_extreme` and the tests use it.
    """
    top: Ruleset = _at_top(default_ruleset())
    max_items = {name: LIST_LIMITS[name][1] for name in LIST_LIMITS}
    bonus = _at_top(IncomeBonus(IncomeBasis.TERRITORY, terrains=LAND_TERRAINS))
    cut = _at_top(UpkeepReduction())
    bonuses = (bonus,) * max_items["Faction.income_bonuses"]
    cuts = (cut,) * max_items["Faction.upkeep_reductions"]
    action = _at_top(
        FactionAction(
            "action",
            "Action",
            upkeep_reductions=cuts,
            no_upkeep=True,
            income_bonuses=bonuses,
            ignore_terrain_penalties=True,
        )
    )
    factions = [*top.factions]
    factions += [
        Faction(f"extra_{i}", f"Extra faction {i}")
        for i in range(len(factions), max_items["Ruleset.factions"])
    ]
    top_faction = _at_top(Faction("", ""))
    factions = [
        replace(
            top_faction,
            key=f.key,
            name=f.name,
            income_bonuses=bonuses,
            upkeep_reductions=cuts,
            action=replace(action, key=f"{f.key}_action"),
        )
        for f in factions
    ]
    tier = _at_top(DEFAULT_TIERS[-1])
    tiers = tuple(
        replace(tier, tier=n, upgrade_cost=0 if n == 1 else tier.upgrade_cost)
        for n in range(1, max_items["Ruleset.tiers"] + 1)
    )
    coefficient = LIMITS["GameSystem.coefficient_pct"][1]
    systems = [*top.game_systems]
    systems += [
        GameSystem(f"system_{i}", f"Game system {i}", coefficient)
        for i in range(len(systems), max_items["Ruleset.game_systems"])
    ]
    movement = replace(top.movement, sea_step_halves=LIMITS["Movement.sea_step_halves"][0])
    return replace(
        top,
        tiers=tiers,
        factions=tuple(factions),
        game_systems=tuple(systems),
        movement=movement,
    )
