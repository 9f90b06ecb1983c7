"""An army list against its army's caps at its tier, per game system (R-ARMY-4, R-SYS,
R-HOUSE-2), and the casualties a confirmed battle writes onto it (R-ARMY-7): pure rules,
without a database."""

from dataclasses import replace

import pytest

from app.rules.rosters import (
    ArmyCaps,
    Casualty,
    UnitState,
    army_caps,
    casualty_faults,
    check_roster,
    losses_added,
    losses_after,
    losses_taken_back,
    unit_state,
)
from app.rules.ruleset import Battles, Tier, default_ruleset
from app.rules.state import Options

RULESET = default_ruleset()


@pytest.mark.parametrize(
    ("system", "custom", "tier", "caps"),
    [
        # The Old World: the tier table as written (tier 1: 500 + 100, tier 2: 1000 + 175).
        ("old_world", None, 1, (500, 100)),
        ("old_world", None, 2, (1000, 175)),
        # The 9th Age ×2.25: 2250 and 393.75, rounded once to the nearest 5 → 395.
        ("ninth_age", None, 2, (2250, 395)),
        # WFB 8th ×1.25: 1250 and 218.75 → 220.
        ("whfb8", None, 2, (1250, 220)),
        ("kings_of_war", None, 6, (3000, 500)),
        # A system not listed: the owner's coefficient (×1.5).
        ("custom", 150, 3, (2250, 375)),
    ],
)
def test_R_ARMY_4_R_SYS_caps_per_game_system(
    system: str, custom: int | None, tier: int, caps: tuple[int, int]
) -> None:
    options = Options(game_system=system, custom_coefficient_pct=custom)
    assert army_caps(tier, options, RULESET) == ArmyCaps(tier, *caps)


@pytest.mark.parametrize("system", ["old_world", "ninth_age", "whfb8", "kings_of_war"])
def test_R_ARMY_4_a_list_at_its_caps_fits_one_point_more_does_not(system: str) -> None:
    options = Options(game_system=system)
    caps = army_caps(2, options, RULESET)
    at_caps = check_roster(caps.army_points + caps.general_points, caps.general_points, 2,
                           options, RULESET)  # fmt: skip
    assert at_caps.fits
    assert (at_caps.army_excess, at_caps.general_excess) == (0, 0)
    over = check_roster(caps.army_points + caps.general_points + 1, caps.general_points, 2,
                        options, RULESET)  # fmt: skip
    assert not over.fits
    assert (over.army_excess, over.general_excess) == (1, 0)


def test_R_ARMY_4_excess_per_cap_general_counted_apart() -> None:
    """A 9th Age tier-1 army (1125 + 225): a 300-point general exceeds its cap by 75; the
    rest of the list (1400 − 300 = 1100) fits the army cap."""
    options = Options(game_system="ninth_age")
    check = check_roster(1400, 300, 1, options, RULESET)
    assert check.caps == ArmyCaps(1, 1125, 225)
    assert (check.army_points, check.general_points) == (1100, 300)
    assert (check.army_excess, check.general_excess) == (0, 75)
    assert not check.fits
    # Without a marked general the whole list is army points.
    assert check_roster(1400, 0, 1, options, RULESET).army_excess == 275


def test_R_HOUSE_2_a_variant_tier_table_and_rounding_set_the_caps() -> None:
    """The campaign's ruleset variant (house rules) is what caps: its own tiers, its own
    rounding step."""
    variant = replace(
        RULESET,
        tiers=(Tier(1, 0, 1, 600, 120), Tier(2, 8, 2, 1100, 190)),
        battles=replace(RULESET.battles, points_rounding=50),
    )
    assert isinstance(variant.battles, Battles)
    options = Options(game_system="whfb8")  # ×1.25: 1375 and 237.5 → nearest 50
    assert army_caps(2, options, variant) == ArmyCaps(2, 1400, 250)
    assert army_caps(1, Options(), variant) == ArmyCaps(1, 600, 100)


# ------------------------------------------------------------------ casualties (R-ARMY-7)

FIELDED = {7: [1, 20], 9: [10]}  # army 7: a general and 20 troops; army 9: 10 models


def test_R_ARMY_7_casualties_that_fit_the_lists_fielded_have_no_fault() -> None:
    lines = [Casualty(7, 1, 20), Casualty(7, 0, 0), Casualty(9, 0, 3)]
    assert casualty_faults(FIELDED, lines) == []
    assert casualty_faults(FIELDED, []) == []


@pytest.mark.parametrize(
    ("line", "field"),
    [
        (Casualty(8, 0, 1), "army_id"),  # no list of army 8 in the battle
        (Casualty(7, 2, 1), "unit"),  # army 7's list has units 0 and 1
        (Casualty(7, -1, 1), "unit"),
        (Casualty(7, 1, 21), "lost"),  # 20 troops
        (Casualty(9, 0, -1), "lost"),
    ],
)
def test_R_ARMY_7_a_casualty_outside_the_lists_fielded_names_its_field(
    line: Casualty, field: str
) -> None:
    faults = casualty_faults(FIELDED, [Casualty(9, 0, 1), line])
    assert [(f.index, f.field) for f in faults] == [(1, field)]


def test_R_ARMY_7_a_unit_named_twice_is_a_fault_of_the_second_line() -> None:
    faults = casualty_faults(FIELDED, [Casualty(7, 1, 2), Casualty(7, 1, 3)])
    assert [(f.index, f.field, f.message) for f in faults] == [
        (1, "unit", "this unit is named twice")
    ]


@pytest.mark.parametrize(
    ("count", "lost", "state"),
    [
        (20, 0, UnitState.WHOLE),
        (20, 10, UnitState.WHOLE),  # half left is not below half
        (20, 11, UnitState.BELOW_HALF),
        (20, 19, UnitState.BELOW_HALF),
        (20, 20, UnitState.LOST),
        (1, 0, UnitState.WHOLE),
        (1, 1, UnitState.LOST),
        (3, 2, UnitState.BELOW_HALF),  # 1 of 3 left
    ],
)
def test_R_ARMY_7_what_is_left_of_a_unit(count: int, lost: int, state: UnitState) -> None:
    assert unit_state(count, lost) is state


def test_R_ARMY_7_losses_add_up_battle_after_battle_and_never_exceed_the_unit() -> None:
    after_first = losses_after([1, 20, 5], [0, 0, 0], {1: 8})
    assert after_first == (0, 8, 0)
    after_second = losses_after([1, 20, 5], after_first, {1: 15, 2: 5})
    assert after_second == (0, 20, 5)
    assert [unit_state(c, n) for c, n in zip([1, 20, 5], after_second, strict=True)] == [
        UnitState.WHOLE,
        UnitState.LOST,
        UnitState.LOST,
    ]


def test_R_TURN_6_taking_back_a_battles_losses_gives_what_the_unit_had_lost_before() -> None:
    counts = [1, 20, 5]
    first = losses_after(counts, [0, 0, 0], {1: 15})
    second = losses_after(counts, first, {1: 10, 2: 2})  # 5 of the 10 were left to lose
    written = losses_added(first, second)
    assert written == {1: 5, 2: 2}
    assert losses_taken_back(second, written) == first
    # Later battles taken back with it, in any order, give back what stood before them all.
    third = losses_after(counts, second, {0: 1})
    assert losses_taken_back(losses_taken_back(third, {0: 1}), written) == first
    assert losses_taken_back(losses_taken_back(third, written), {0: 1}) == first
    assert losses_taken_back(first, {1: 15}) == (0, 0, 0)
