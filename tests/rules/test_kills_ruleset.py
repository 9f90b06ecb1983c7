"""Rulesets (R-HOUSE-2), seasons (R-OPT-1) and entity ids (R-FOG-3): scenarios that mutation
testing found untested (docs/mutation.md). Whole answers asserted."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

import pytest

from app.rules import ruleset as ruleset_mod
from app.rules.ids import SCRAMBLED_BASE, entity_counter, entity_id
from app.rules.ruleset import (
    LAND_TERRAINS,
    LONGEST_PATH,
    GameSystem,
    Tier,
    check_ruleset,
    default_ruleset,
    extreme_ruleset,
    merge_variant,
    parse_ruleset,
    ruleset_to_dict,
)
from app.rules.state import Season, season_of

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


def test_R_OPT_1_seasons_cycle_from_spring() -> None:
    s, u, a, w = Season.SPRING, Season.SUMMER, Season.AUTUMN, Season.WINTER
    assert [season_of(t) for t in range(1, 11)] == [s, u, a, w, s, u, a, w, s, u]


SALT = 987654321


def test_R_FOG_3_the_counter_of_an_id_is_the_order_of_creation() -> None:
    """R-FOG-3: entity_counter inverts entity_id over the whole scrambled range, its edges
    included; ids outside it, and every id without a salt, are their own counter."""
    assert [entity_counter(SALT, entity_id(SALT, n)) for n in range(200)] == list(range(200))
    for edge in (SCRAMBLED_BASE, 2 * SCRAMBLED_BASE - 1):
        assert entity_id(SALT, entity_counter(SALT, edge)) == edge
    outside = [0, 7, SCRAMBLED_BASE - 1, 2 * SCRAMBLED_BASE, 3 * SCRAMBLED_BASE - 1]
    assert [entity_counter(SALT, i) for i in outside] == outside
    unsalted = [SCRAMBLED_BASE, SCRAMBLED_BASE + 5, 2 * SCRAMBLED_BASE - 1]
    assert [entity_counter(0, i) for i in unsalted] == unsalted


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


def test_R_FOG_3_scrambled_ids_are_pinned() -> None:
    """R-FOG-3: ids stored by running campaigns must not change from one release to the next."""
    assert [entity_id(SALT, n) for n in (0, 1, 2, 500)] == [
        794070323,
        687634268,
        940006551,
        571216928,
    ]


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
