"""R-HOUSE-2: a variant changes one tier by its number, the other tiers stay the default."""

import pytest

from app.play.campaigns.ruleset_schema import parse_variant
from app.rules.ruleset import RulesetError, default_ruleset


def test_R_HOUSE_2_one_tier_changed_by_its_number() -> None:
    ruleset = parse_variant({"tiers": {"2": {"upkeep": 3}, "6": {"army_points": 3500}}})

    default = default_ruleset().tiers
    assert ruleset.tiers[1] == default[1].__class__(2, 8, 3, 1000, 175)
    assert ruleset.tiers[5].army_points == 3500
    assert [ruleset.tiers[i] for i in (0, 2, 3, 4)] == [default[i] for i in (0, 2, 3, 4)]


def test_R_HOUSE_2_a_whole_tier_list_still_replaces_the_tiers() -> None:
    tiers = [
        {"tier": 1, "upgrade_cost": 0, "upkeep": 1, "army_points": 500, "general_points": 100},
        {"tier": 2, "upgrade_cost": 5, "upkeep": 1, "army_points": 900, "general_points": 150},
    ]

    assert [t.upgrade_cost for t in parse_variant({"tiers": tiers}).tiers] == [0, 5]


@pytest.mark.parametrize(
    ("tiers", "fault"),
    [
        ({"7": {"upkeep": 3}}, ("tiers.7", "no such tier: 1 to 6 (send the whole list to add)")),
        ({"0": {"upkeep": 3}}, ("tiers.0", "no such tier: 1 to 6 (send the whole list to add)")),
        (
            {"two": {"upkeep": 3}},
            ("tiers.two", "no such tier: 1 to 6 (send the whole list to add)"),
        ),
        ({"2": 5}, ("tiers.2", "expected an object")),
        ({"2": {"tier": 3}}, ("tiers.2.tier", "does not match the tier it overrides")),
    ],
)
def test_R_HOUSE_2_a_tier_that_is_not_there_is_refused_by_name(
    tiers: dict[str, object], fault: tuple[str, str]
) -> None:
    with pytest.raises(RulesetError) as refused:
        parse_variant({"tiers": tiers})

    assert refused.value.faults == [fault]


def test_R_HOUSE_2_a_changed_tier_keeps_its_ranges() -> None:
    with pytest.raises(RulesetError) as refused:
        parse_variant({"tiers": {"2": {"upkeep": -1}}})

    assert [path for path, _ in refused.value.faults] == ["tiers[1].upkeep"]


def test_R_HOUSE_2_a_faction_of_bad_keys_under_a_wrong_tier_list_is_refused_not_a_crash() -> None:
    """Found by the fuzzer: a refused tier list and a faction of malformed keys, both falling
    back to their defaults; the second fallback once walked into what the first had dropped."""
    variant = {
        "factions": {"k": {"": 0, "action": {}, "x": None}},
        "tiers": [
            {"army_points": 2, "general_points": 1, "tier": 0, "upgrade_cost": 0, "upkeep": 1}
        ],
    }
    with pytest.raises(RulesetError) as refused:
        parse_variant(variant)

    assert refused.value.faults == [
        ("tiers[0].tier", "must be 1 to 10"),
        ("factions[17].", "unknown key"),
        ("factions[17].x", "unknown key"),
        ("factions[17].name", "missing"),
        ("factions[17].action.key", "missing"),
        ("factions[17].action.name", "missing"),
    ]
