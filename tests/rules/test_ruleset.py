"""The ruleset document (R-HOUSE-2): defaults equal RULES.md, variants merge and validate."""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Iterator
from dataclasses import fields, is_dataclass, replace
from typing import Any, get_args, get_origin, get_type_hints

import pytest

from app.play.campaigns.ruleset_schema import parse_variant, variant_json_schema
from app.rules import ruleset as ruleset_mod
from app.rules.ruleset import (
    LAND_TERRAINS,
    LIMITS,
    LIST_LIMITS,
    LONGEST_PATH,
    Battles,
    BuildCosts,
    Diplomacy,
    Faction,
    FactionAction,
    GameSystem,
    Garrisons,
    Income,
    IncomeBasis,
    IncomeBonus,
    Movement,
    Ruleset,
    RulesetError,
    Score,
    Tier,
    UpkeepReduction,
    check_ruleset,
    default_ruleset,
    extreme_ruleset,
    merge_variant,
    parse_ruleset,
    ruleset_to_dict,
)

# Copied from RULES.md (R-ARMY table): tier | upgrade cost | upkeep | army pts | general pts.
TIER_TABLE = """
| 1 | — | 1 | 500 | 100 |
| 2 | 8 | 2 | 1000 | 175 |
| 3 | 12 | 3 | 1500 | 250 |
| 4 | 16 | 5 | 2000 | 325 |
| 5 | 24 | 7 | 2500 | 400 |
| 6 | 32 | 10 | 3000 | 500 |
"""

# Copied from RULES.md (R-FAC terrain modifiers), in the faction order of the table.
TERRAIN_TABLE = """
| Empire | +1 | | | | | |
| Bretonnia | +1 | | | | | |
| High Elves | | | | −1 | | +1 |
| Wood Elves | | +1 | | | | |
| Dwarfs | | | +1 | | | |
| Orcs & Goblins | +1 | −1 | | | | |
| Warriors of Chaos | | | | +1 | | |
| Daemons | | | | +1 | | |
| Beastmen | | +1 | −1 | +1 | | |
| Vampire Counts | | | | +1 | | |
| Tomb Kings | +1 | −1 | −1 | | +1 | |
| Chaos Dwarfs | | | +1 | | | |
| Dark Elves | | −1 | | +1 | | +1 |
| Lizardmen | | +1 | | | +1 | +1 |
| Skaven | | | +1 | | | |
| Ogre Kingdoms | | | +1 | | | |
| Grand Cathay | +1 | | | | | |
"""
TERRAINS = ("plain", "forest", "mountain", "marsh", "desert", "coast")


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def test_R_ARMY_table_every_tier_row() -> None:
    expected = tuple(
        Tier(int(t), 0 if cost == "—" else int(cost), int(up), int(ap), int(gp))
        for t, cost, up, ap, gp in (_cells(line) for line in TIER_TABLE.strip().splitlines())
    )
    assert default_ruleset().tiers == expected
    assert default_ruleset().max_tier == 6


def test_R_FAC_terrain_table_every_cell() -> None:
    rows = [_cells(line) for line in TERRAIN_TABLE.strip().splitlines()]
    factions = default_ruleset().factions
    assert [f.name for f in factions] == [row[0] for row in rows]
    for faction, row in zip(factions, rows, strict=True):
        expected = {
            t: int(cell.replace("−", "-"))
            for t, cell in zip(TERRAINS, row[1:], strict=True)
            if cell
        }
        assert faction.terrain_modifiers == expected, faction.key


def test_R_FAC_every_faction_row() -> None:
    one = UpkeepReduction()
    expected = (
        Faction(
            "empire",
            "Empire",
            income_bonuses=(IncomeBonus(IncomeBasis.CITY_LEVEL2, 1),),
            terrain_modifiers={"plain": 1},
            action=FactionAction("call_to_arms", "Call to Arms", 6, upkeep_reductions=(one,)),
        ),
        Faction(
            "bretonnia",
            "Bretonnia",
            upkeep_reductions=(UpkeepReduction(1, 3, 99),),
            terrain_modifiers={"plain": 1},
            action=FactionAction(
                "vow_of_chivalry", "Vow of Chivalry", 4, (UpkeepReduction(1, 3, 99),)
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
            upkeep_reductions=(one,),
            terrain_modifiers={"mountain": 1},
            # the Oath adds a further −1: −2 per army during it
            action=FactionAction("oath_of_grudges", "Oath of Grudges", 3, (one,)),
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
            upkeep_reductions=(one,),
            terrain_modifiers={"marsh": 1},
        ),
        Faction(
            "beastmen",
            "Beastmen",
            income_bonuses=(IncomeBonus(IncomeBasis.STRUCTURE, 1, 1, ("forest", "marsh")),),
            terrain_modifiers={"forest": 1, "mountain": -1, "marsh": 1},
        ),
        Faction(
            "vampire_counts", "Vampire Counts", upkeep_percent=65, terrain_modifiers={"marsh": 1}
        ),
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
            upkeep_reductions=(one,),
            terrain_modifiers={"mountain": 1},
        ),
        Faction(
            "grand_cathay",
            "Grand Cathay",
            income_bonuses=(IncomeBonus(IncomeBasis.CITY),),
            terrain_modifiers={"plain": 1},
        ),
    )
    assert default_ruleset().factions == expected


def test_R_HOUSE_2_default_numbers_are_rules_md() -> None:
    r = default_ruleset()
    assert (r.starting_gold, r.min_players, r.max_players) == (5, 2, 8)  # R-CAMP-1, R-CAMP-3
    assert (r.army_base_cost, r.general_base_cost) == (6, 20)  # R-ARMY-1, R-ARMY-2
    assert r.income == Income(city_level1=3, city_level2=6, outpost=1, port=4)  # R-ECO-2
    assert r.costs == BuildCosts(found_city=10, port=8, outpost=3, upgrade_city=12)  # R-BUILD
    assert r.movement == Movement(3, -1, 1, -1, 2, 1, 1, 2)  # R-MOVE-1, R-SEA-1, R-FOG-2
    assert r.garrisons == Garrisons(500, 750, 250, 250, 250, 250)  # R-BAT-4
    assert r.battles == Battles(25, 10, 20, 50, 10, 30, 50, 5)  # R-BAT, R-SIEGE, R-SYS
    assert r.diplomacy == Diplomacy(2, 2, 4, 1, 5, 1, 5, 3, 25, 25, 1)  # R-DIP
    assert r.score == Score(1, 3, 1, 10)  # R-CAMP-4
    assert r.game_systems == (  # R-SYS
        GameSystem("old_world", "Warhammer: The Old World", 100),
        GameSystem("ninth_age", "The 9th Age", 225),
        GameSystem("whfb8", "Warhammer Fantasy Battle 8th edition (and its 8.1 amendments)", 125),
        GameSystem("kings_of_war", "Kings of War", 100),
    )
    assert len(r.factions) == 17


def test_R_HOUSE_2_document_round_trips_through_json() -> None:
    default = default_ruleset()
    document = ruleset_to_dict(default)
    assert parse_variant(document) == default
    assert parse_variant(json.loads(json.dumps(document))) == default
    assert document["tiers"][1] == {
        "tier": 2,
        "upgrade_cost": 8,
        "upkeep": 2,
        "army_points": 1000,
        "general_points": 175,
    }
    assert document["factions"][5]["action"]["key"] == "waaagh"
    assert document["factions"][3]["income_bonuses"] == [
        {"basis": "structure", "amount": 1, "per": 1, "terrains": ["forest"]}
    ]


def test_R_HOUSE_2_no_variant_is_the_default() -> None:
    assert parse_variant(None) == default_ruleset()
    assert parse_variant({}) == default_ruleset()


def test_R_HOUSE_2_partial_variant_deep_merges() -> None:
    r = parse_variant({"starting_gold": 20, "income": {"port": 5}, "movement": {"sight": 2}})
    default = default_ruleset()
    assert r == replace(
        default,
        starting_gold=20,
        income=replace(default.income, port=5),
        movement=replace(default.movement, sight=2),
    )


def test_R_HOUSE_2_a_list_replaces_the_default_list() -> None:
    tiers = [
        {"tier": 1, "upgrade_cost": 0, "upkeep": 1, "army_points": 600, "general_points": 100},
        {"tier": 2, "upgrade_cost": 5, "upkeep": 1, "army_points": 1200, "general_points": 200},
    ]
    r = parse_variant({"tiers": tiers})
    assert r == replace(
        default_ruleset(), tiers=(Tier(1, 0, 1, 600, 100), Tier(2, 5, 1, 1200, 200))
    )


def test_R_HOUSE_2_factions_mapping_overrides_single_factions() -> None:
    r = parse_variant(
        {
            "factions": {
                "dwarfs": {"upkeep_percent": 50, "terrain_modifiers": {"plain": -1}},
                "warriors_of_chaos": {"action": None},
            }
        }
    )
    default = default_ruleset()
    factions = list(default.factions)
    factions[4] = replace(
        factions[4], upkeep_percent=50, terrain_modifiers={"plain": -1, "mountain": 1}
    )
    factions[6] = replace(factions[6], action=None)
    assert r == replace(default, factions=tuple(factions))


def test_R_HOUSE_2_factions_mapping_may_add_a_faction() -> None:
    r = parse_variant({"factions": {"kislev": {"name": "Kislev", "sea_bonus": 1}}})
    assert r.factions[-1] == Faction("kislev", "Kislev", sea_bonus=1)
    assert len(r.factions) == 18


def _faults(variant: Any) -> list[tuple[str, str]]:
    with pytest.raises(RulesetError) as info:
        parse_variant(variant)
    return info.value.faults


def test_R_HOUSE_2_every_fault_is_listed() -> None:
    tiers = [
        {"tier": 1, "upgrade_cost": 3, "upkeep": -1, "army_points": 1, "general_points": 1},
        {"tier": 3, "upgrade_cost": 3, "upkeep": 1, "army_points": 1, "general_points": 1},
    ]
    systems = [
        {"key": "a", "name": "A", "coefficient_pct": 0},
        {"key": "a", "name": "B", "coefficient_pct": 5},
    ]
    assert _faults(
        {
            "starting_gold": True,
            "bogus": 1,
            "tiers": tiers,
            "max_players": 30,
            "battles": {"joiner_percent": 101, "pillage_stake": -2},
            "income": {"city": 4},
            "factions": {"empire": {"terrain_modifiers": {"sea": 1}}},
            "game_systems": systems,
        }
    ) == [
        ("bogus", "unknown key"),
        ("starting_gold", "expected an integer"),
        ("max_players", "must be 2 to 17"),
        ("income.city", "unknown key"),
        ("tiers[0].upkeep", "must be 0 to 1000"),
        ("battles.joiner_percent", "must be 0 to 100"),
        ("battles.pillage_stake", "must be 0 to 1000000"),
        ("game_systems[0].coefficient_pct", "must be 1 to 1000"),
        (
            "factions[0].terrain_modifiers.sea",
            "not one of plain, forest, mountain, marsh, desert, coast",
        ),
        ("tiers[1].tier", "tiers must be numbered 1..n (expected 2)"),
        ("tiers[0].upgrade_cost", "must be 0 for tier 1"),
        ("max_players", "exceeds the number of factions"),
        ("game_systems[1].key", "duplicate key 'a'"),
    ]


def test_R_CAMP_1_player_bounds() -> None:
    assert _faults({"min_players": 1}) == [("min_players", "must be 2 to 17")]
    assert _faults({"min_players": 5, "max_players": 4}) == [
        ("max_players", "must be at least min_players")
    ]
    assert parse_variant({"max_players": 17}).max_players == 17
    assert _faults({"max_players": 18}) == [
        ("max_players", "must be 2 to 17"),
        ("max_players", "exceeds the number of factions"),
    ]
    factions = [{"key": "a", "name": "A"}, {"key": "b", "name": "B"}]
    assert _faults({"max_players": 3, "factions": factions}) == [
        ("max_players", "exceeds the number of factions")
    ]


def test_R_HOUSE_2_wrong_types_and_missing_fields() -> None:
    assert _faults(
        {
            "income": 3,
            "costs": {"port": "8"},
            "movement": {"sight": 1.5},
            "tiers": [{"tier": 1}],
            "game_systems": "old_world",
            "factions": {"dwarfs": {"income_bonuses": [{"basis": "gold", "terrains": "forest"}]}},
        }
    ) == [
        ("income", "expected an object"),
        ("costs.port", "expected an integer"),
        ("tiers[0].upgrade_cost", "missing"),
        ("tiers[0].upkeep", "missing"),
        ("tiers[0].army_points", "missing"),
        ("tiers[0].general_points", "missing"),
        ("movement.sight", "expected an integer"),
        ("game_systems", "expected a list"),
        (
            "factions[4].income_bonuses[0].basis",
            "expected one of city, city_level2, port, port_built, structure, territory",
        ),
        ("factions[4].income_bonuses[0].terrains", "expected a list"),
    ]


def test_R_HOUSE_2_faction_list_needs_unique_keys_and_known_terrains() -> None:
    factions = [
        {"key": "a", "name": "A", "terrain_modifiers": {"plain": 1}},
        {"key": "b", "name": "B", "income_bonuses": [{"basis": "structure", "terrains": ["lava"]}]},
        {"key": "a", "name": "C", "upkeep_reductions": [{"min_tier": 4, "max_tier": 2}]},
    ]
    assert _faults({"factions": factions, "max_players": 3}) == [
        ("factions[2].key", "duplicate key 'a'"),
        ("factions[1].income_bonuses[0].terrains[0]", "unknown land terrain 'lava'"),
        ("factions[2].upkeep_reductions[0].min_tier", "above max_tier"),
    ]


def test_R_HOUSE_2_bad_documents() -> None:
    assert _faults(["not", "a", "mapping"]) == [("$", "expected an object")]
    assert _faults({"factions": {"dwarfs": 3, "empire": {"key": "bretonnia"}}}) == [
        ("factions.dwarfs", "expected an object"),
        ("factions.empire.key", "does not match the faction it overrides"),
    ]
    assert _faults({"movement": {"modifier_min": 2}}) == [
        ("movement.modifier_min", "above modifier_max")
    ]
    assert _faults({"battles": {"points_rounding": 0}, "tiers": []}) == [
        ("tiers", "must have 1 to 10 items"),
        ("battles.points_rounding", "must be 1 to 1000"),
    ]


# ------------------------------------------------------------------------ ranges (R-HOUSE-2)


def _dataclasses(cls: type[Any], seen: set[type[Any]]) -> Iterator[type[Any]]:
    """`cls` and every dataclass its fields hold, each once."""
    if cls in seen:
        return
    seen.add(cls)
    yield cls
    for hint in get_type_hints(cls).values():
        for inner in (hint, *get_args(hint)):
            if isinstance(inner, type) and is_dataclass(inner):
                yield from _dataclasses(inner, seen)


def test_R_HOUSE_2_every_number_and_list_has_a_range() -> None:
    ints, lists = set(), set()
    for cls in _dataclasses(Ruleset, set()):
        for name, hint in get_type_hints(cls).items():
            if hint is int or get_origin(hint) is dict:
                ints.add(f"{cls.__name__}.{name}")
            elif get_origin(hint) is tuple:
                lists.add(f"{cls.__name__}.{name}")
    assert ints == set(LIMITS)
    assert lists == set(LIST_LIMITS)
    for low, high in (*LIMITS.values(), *LIST_LIMITS.values()):
        assert low <= high


def _int_leaves(
    obj: Any, path: tuple[str | int, ...]
) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """(document path, `Class.field`) of every integer of a ruleset object."""
    for f in fields(obj):
        value, here = getattr(obj, f.name), (*path, f.name)
        if isinstance(value, dict):
            for terrain in value:
                yield (*here, terrain), f"{type(obj).__name__}.{f.name}"
        elif isinstance(value, int) and not isinstance(value, bool):
            yield here, f"{type(obj).__name__}.{f.name}"
        elif is_dataclass(value):
            yield from _int_leaves(value, here)
        elif isinstance(value, tuple):
            for i, item in enumerate(value):
                if is_dataclass(item):
                    yield from _int_leaves(item, (*here, i))


def _dotted(path: tuple[str | int, ...]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def test_R_HOUSE_2_a_number_outside_its_range_is_refused_naming_the_field() -> None:
    """One leaf of every range, just above and just below it, in a whole document."""
    document = ruleset_to_dict(default_ruleset())
    first: dict[str, tuple[str | int, ...]] = {}
    for path, field_id in _int_leaves(default_ruleset(), ()):
        first.setdefault(field_id, path)
    assert set(first) == set(LIMITS)
    for field_id, path in sorted(first.items()):
        low, high = LIMITS[field_id]
        for bad in (low - 1, high + 1):
            variant = copy.deepcopy(document)
            node: Any = variant
            for step in path[:-1]:
                node = node[step]
            node[path[-1]] = bad
            faults = _faults(variant)
            assert (_dotted(path), f"must be {low} to {high}") in faults, (field_id, bad)


def test_R_HOUSE_2_the_extreme_variant_is_accepted() -> None:
    extreme = extreme_ruleset()
    assert parse_variant(ruleset_to_dict(extreme)) == extreme
    assert parse_variant(json.loads(json.dumps(ruleset_to_dict(extreme)))) == extreme
    assert extreme.movement.sight == 3
    assert extreme.movement.base_budget == 10
    assert extreme.starting_gold == 1_000_000
    assert len(extreme.factions) == 32
    assert len(extreme.tiers) == 10


def test_R_HOUSE_2_lists_and_strings_have_bounds() -> None:
    tier = {"tier": 1, "upgrade_cost": 0, "upkeep": 1, "army_points": 1, "general_points": 1}
    tiers = [{**tier, "tier": n, "upgrade_cost": 0 if n == 1 else 1} for n in range(1, 12)]
    assert _faults({"tiers": tiers}) == [("tiers", "must have 1 to 10 items")]
    assert _faults({"factions": {"empire": {"name": ""}, "dwarfs": {"name": "x" * 81}}}) == [
        ("factions[0].name", "must be 1 to 80 characters"),
        ("factions[4].name", "must be 1 to 80 characters"),
    ]
    bonuses = [{"basis": "city"}] * 9
    assert _faults({"factions": {"empire": {"income_bonuses": bonuses}}}) == [
        ("factions[0].income_bonuses", "must have 0 to 8 items")
    ]


def _schema_at(schema: dict[str, Any], path: tuple[str | int, ...]) -> dict[str, Any]:
    """The schema of the value at a document path (a list's items, a whole list at `anyOf[0]`)."""
    for step in path:
        schema = schema["anyOf"][0] if "anyOf" in schema else schema
        if isinstance(step, int):
            schema = schema["items"]
        elif schema["type"] == "object" and "properties" not in schema:
            schema = schema["additionalProperties"]  # terrain modifiers: terrain → number
        else:
            schema = schema["properties"][step]
    return schema["anyOf"][0] if "anyOf" in schema else schema


def test_R_HOUSE_2_the_published_schema_has_every_range_of_the_tables() -> None:
    """The variant's JSON Schema comes from the models that check it: one range, one truth."""
    schema = variant_json_schema()
    document = ruleset_to_dict(default_ruleset())
    numbers = {field_id: path for path, field_id in _int_leaves(extreme_ruleset(), ())}
    assert set(numbers) == set(LIMITS)
    for field_id, path in numbers.items():
        number = _schema_at(schema, path)
        assert (number["type"], number["minimum"], number["maximum"]) == (
            "integer",
            *LIMITS[field_id],
        ), field_id
    factions = _schema_at(schema, ("factions",))
    assert (factions["minItems"], factions["maxItems"]) == LIST_LIMITS["Ruleset.factions"]
    bonuses = _schema_at(schema, ("factions", 0, "action", "income_bonuses"))
    assert (bonuses["minItems"], bonuses["maxItems"]) == LIST_LIMITS["FactionAction.income_bonuses"]
    assert _schema_at(schema, ("tiers", 0))["required"] == list(document["tiers"][0])
    assert "required" not in schema  # a variant is partial
    assert "required" not in _schema_at(schema, ("movement",))


def test_R_HOUSE_2_the_engine_merges_and_checks_a_trusted_document() -> None:
    """The engine keeps the merge and the cross-field rules; types and ranges are the edge's."""
    assert parse_ruleset(ruleset_to_dict(extreme_ruleset())) == extreme_ruleset()
    assert parse_ruleset({"movement": {"sight": 2}}) == parse_variant({"movement": {"sight": 2}})
    for variant in (
        {"movement": {"modifier_min": 2}},
        {"factions": {"empire": {"key": "bretonnia"}}},
        {"tiers": {"7": {"upkeep": 1}}},
    ):
        with pytest.raises(RulesetError) as engine:
            parse_ruleset(variant)
        assert engine.value.faults == _faults(variant)


DEFAULT = default_ruleset()


def test_R_HOUSE_2_modifier_min_may_equal_modifier_max() -> None:
    """R-HOUSE-2: a single movement modifier (min = max) is a valid variant; min above max not."""
    m = DEFAULT.movement
    same = replace(DEFAULT, movement=replace(m, modifier_min=1, modifier_max=1))
    above = replace(DEFAULT, movement=replace(m, modifier_min=2, modifier_max=1))
    assert check_ruleset(same) == []
    assert check_ruleset(above) == [("movement.modifier_min", "above modifier_max")]
    assert check_ruleset(above, frozenset({"movement.modifier_max"})) == []


def test_R_HOUSE_2_tiers_by_number_from_the_first_and_keys_of_any_type() -> None:
    """R-HOUSE-2: `{"1": …}` changes tier 1; a key that is no tier number is named, in order."""
    document, faults = merge_variant({"tiers": {"1": {"upkeep": 2}}})
    assert faults == []
    tiers = ruleset_to_dict(DEFAULT)["tiers"]
    assert document["tiers"] == [{**tiers[0], "upkeep": 2}, *tiers[1:]]
    _, faults = merge_variant({"tiers": {2: {"upkeep": 2}, "0": {}, "x": {}}})
    n = len(DEFAULT.tiers)
    assert faults == [
        (f"tiers.{key}", f"no such tier: 1 to {n} (send the whole list to add)")
        for key in ("0", "2", "x")
    ]


def test_R_HOUSE_2_game_systems_by_key() -> None:
    assert DEFAULT.game_system("whfb8") == next(g for g in DEFAULT.game_systems if g.key == "whfb8")
    assert isinstance(DEFAULT.game_system("kings_of_war"), GameSystem)
    assert [DEFAULT.game_system(k).key for k in ("old_world", "ninth_age")] == [
        "old_world",
        "ninth_age",
    ]
    with pytest.raises(KeyError, match="chess"):
        DEFAULT.game_system("chess")


def test_R_MOVE_1_the_longest_path_any_variant_allows() -> None:
    """R-MOVE-1 / R-SEA-1: (base 10 + modifier 3) × 4 half-steps + sea bonus 10, at 1 half-step
    per sea tile: 62 steps bound every move order's length."""
    assert ruleset_mod._longest_path() == LONGEST_PATH == 62


def test_R_HOUSE_2_parsing_resolves_the_ruleset_types_from_a_cold_cache() -> None:
    ruleset_mod._HINTS.clear()
    variant = {
        "tiers": [
            {"tier": 1, "upgrade_cost": 0, "upkeep": 1, "army_points": 600, "general_points": 100}
        ]
    }
    assert parse_ruleset(variant) == replace(DEFAULT, tiers=(Tier(1, 0, 1, 600, 100),))
    assert parse_ruleset(None) == DEFAULT


def test_R_HOUSE_2_factions_by_key_every_fault_named_the_rest_still_merged() -> None:
    """R-HOUSE-2: a faulty faction entry does not stop the ones after it (keys in str order)."""
    document, faults = merge_variant(
        {
            "factions": {
                1: {"name": "x"},
                "a": {"key": "b"},
                "b": 5,
                "dwarfs": {"upkeep_percent": 50},
            }
        }
    )
    assert faults == [
        ("factions.a.key", "does not match the faction it overrides"),
        ("factions.b", "expected an object"),
    ]
    dwarfs = next(f for f in document["factions"] if f["key"] == "dwarfs")
    assert dwarfs == {**ruleset_to_dict(DEFAULT)["factions"][4], "upkeep_percent": 50}
    assert document["factions"][-1] == {"key": 1, "name": "x"}


# sha256 of the extreme variant's JSON document (keys sorted), what scripts/bench_extreme plays.
EXTREME_DIGEST = "757aec28fbed4a450a6cc8d1bd942b1e1225db4e045b2551007bba3d93eb0fe6"


def test_R_HOUSE_2_the_extreme_variant_is_pinned() -> None:
    """R-HOUSE-2: every number at the top of its range, every list at its longest: each
    faction's action named "Action", keyed after the faction, with no upkeep, no terrain
    penalty, 8 income bonuses on every land terrain and 8 upkeep cuts; tier 1 free."""
    extreme = extreme_ruleset()
    document = ruleset_to_dict(extreme)
    bonus = {"basis": "territory", "amount": 1000, "per": 1000, "terrains": list(LAND_TERRAINS)}
    cut = {"amount": 1000, "min_tier": 99, "max_tier": 99}
    for faction in document["factions"]:
        assert faction["income_bonuses"] == [bonus] * 8
        assert faction["upkeep_reductions"] == [cut] * 8
        assert faction["action"] == {
            "key": f"{faction['key']}_action",
            "name": "Action",
            "recharge": 100,
            "upkeep_reductions": [cut] * 8,
            "no_upkeep": True,
            "income_bonuses": [bonus] * 8,
            "extra_land_steps": 5,
            "ignore_terrain_penalties": True,
            "unlock_victories": 100,
        }
    assert [g["coefficient_pct"] for g in document["game_systems"]] == [1000] * 16
    assert [(t["tier"], t["upgrade_cost"]) for t in document["tiers"]] == [(1, 0)] + [
        (n, 1_000_000) for n in range(2, 11)
    ]
    digest = hashlib.sha256(json.dumps(document, sort_keys=True).encode()).hexdigest()
    assert digest == EXTREME_DIGEST


def test_R_HOUSE_2_cross_field_checks_skip_the_values_already_refused() -> None:
    """R-HOUSE-2: a value refused (and replaced) is not judged again by the cross-field rules
    that read it: each rule is skipped when any of the paths it reads is in `invalid`."""
    misnumbered = replace(DEFAULT, tiers=(replace(DEFAULT.tiers[0], tier=2, upgrade_cost=3),))
    assert check_ruleset(misnumbered) == [
        ("tiers[0].tier", "tiers must be numbered 1..n (expected 1)"),
        ("tiers[0].upgrade_cost", "must be 0 for tier 1"),
    ]
    assert check_ruleset(misnumbered, frozenset({"tiers"})) == []
    crowded = replace(DEFAULT, min_players=9, max_players=40)
    assert check_ruleset(crowded) == [
        ("max_players", "exceeds the number of factions"),
    ]
    for path in ("min_players", "max_players", "factions"):
        assert check_ruleset(crowded, frozenset({path})) == [], path
    inverted = replace(DEFAULT, movement=replace(DEFAULT.movement, modifier_min=2, modifier_max=1))
    for path in ("movement", "movement.modifier_min", "movement.modifier_max"):
        assert check_ruleset(inverted, frozenset({path})) == [], path
    twice = replace(
        DEFAULT,
        game_systems=(*DEFAULT.game_systems, DEFAULT.game_systems[0]),
        factions=(*DEFAULT.factions, DEFAULT.factions[0]),
        max_players=8,
    )
    n_systems, n_factions = len(DEFAULT.game_systems), len(DEFAULT.factions)
    assert check_ruleset(twice) == [
        (f"game_systems[{n_systems}].key", "duplicate key 'old_world'"),
        (f"factions[{n_factions}].key", "duplicate key 'empire'"),
    ]
    assert check_ruleset(twice, frozenset({"game_systems", "factions"})) == []
