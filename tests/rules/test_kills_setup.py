"""Setup and standings (R-CAMP-2/3/4): scenarios that mutation testing found untested
(docs/mutation.md). Whole answers asserted."""

from __future__ import annotations

import pytest

from app.rules.ruleset import parse_ruleset, ruleset_to_dict
from app.rules.setup import PlayerSetup, Standing, standings, start_campaign, validate_setup
from app.rules.state import Violation
from tests.rules.test_setup import EMPIRE, MAP, RULES, _standing_state


def test_R_CAMP_3_a_capital_port_faction_missing_from_the_ruleset_is_named_by_its_key() -> None:
    """R-CAMP-2/3: a variant without the Dark Elves refuses them as unknown, and their inland
    slot too, naming them by their key."""
    factions = [f for f in ruleset_to_dict(RULES)["factions"] if f["key"] != "dark_elves"]
    variant = parse_ruleset({"factions": factions})
    inland = PlayerSetup(3, "dark_elves", (2, 2))
    assert validate_setup(MAP, variant, [EMPIRE, inland]) == [
        Violation("R-CAMP-2", "unknown faction 'dark_elves'"),
        Violation("R-CAMP-3", "dark_elves must start on a coast tile"),
    ]


def test_R_CAMP_2_a_refused_start_names_every_reason() -> None:
    entries = [EMPIRE, PlayerSetup(7, "kislev", (4, 0))]
    with pytest.raises(
        ValueError,
        match=r"^player 7 is already in the campaign; unknown faction 'kislev'; "
        r"start slot \(4, 0\) is already taken$",
    ):
        start_campaign(MAP, RULES, entries)


def test_R_CAMP_4_weights_multiply_territories_and_army_tiers() -> None:
    """R-CAMP-4: score = territories × 2 + city levels × 3 + army tiers × 4 + gold ÷ 10 here."""
    state = _standing_state((25, 19, 29, 5))
    variant = parse_ruleset({"score": {"territory": 2, "army_tier": 4}})
    assert standings(state, variant) == [
        Standing(1, 4 + 3 * 2 + 12 + 2, 1, 2, 2, 3, 25),
        Standing(2, 6 + 3 * 1 + 12 + 1, 2, 3, 1, 3, 19),
        Standing(3, 2 + 3 * 2 + 4 + 2, 3, 1, 2, 1, 29),
        Standing(4, 2 + 3 * 1 + 4 + 0, 4, 1, 1, 1, 5),
    ]
