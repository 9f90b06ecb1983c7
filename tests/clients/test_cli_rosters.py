"""Pure parts of `marchlords roster …` and `battle report --casualty` (R-ARMY-7): casualties
read from the command line, a list's losses and an army's battles as text."""

from typing import Any

import pytest
import typer
from marchlords_cli.battles import casualty_lines, report_body
from marchlords_cli.rosters import history_lines, lines
from marchlords_client.models import Outcome


def test_R_ARMY_7_casualties_are_army_unit_lost_and_anything_else_is_refused() -> None:
    parsed = casualty_lines(["12:1:8", "7:0:1"])
    assert [(c.army_id, c.unit, c.lost) for c in parsed] == [(12, 1, 8), (7, 0, 1)]
    assert casualty_lines(None) == []
    for wrong in ("12:1", "12:x:3", "12:1:-3", "1:2:3:4"):
        with pytest.raises(typer.BadParameter):
            casualty_lines([wrong])
    body = report_body(Outcome.DRAW, 10, 20, None, False, ["3:0:2"]).to_dict()
    assert body["casualties"] == [{"army_id": 3, "unit": 0, "lost": 2}]
    assert "casualties" not in report_body(Outcome.DRAW, 10, 20, None, False).to_dict()


ROSTER: dict[str, Any] = {
    "army_id": 4,
    "name": "Patrol",
    "faction": "Empire",
    "game_system": "",
    "check": {
        "tier": 1,
        "army_points": 300,
        "army_points_cap": 500,
        "general_points": 90,
        "general_points_cap": 100,
        "fits": True,
    },
    "units": [
        {"name": "General", "count": 1, "points": 90, "general": True},
        {"name": "State Troops", "count": 20, "points": 300, "general": False},
    ],
    "warnings": [],
}


def test_R_ARMY_7_a_list_shows_its_losses() -> None:
    assert lines(ROSTER)[-1] == "  20× State Troops  300 pts"
    lost = {**ROSTER, "losses": [{"unit": 1, "name": "State Troops", "lost": 12,
                                  "state": "below_half"}]}  # fmt: skip
    assert lines(lost)[-1] == "lost: 12 of 20 State Troops (below half)"


def test_R_ARMY_7_an_armys_battles_as_text() -> None:
    battle = {
        "battle_id": 9,
        "turn": 3,
        "side": "attacker",
        "opponents": [{"number": 2, "name": "Bob"}],
        "result": "won",
        "losses_pct": 30,
        "casualties": [{"unit": 1, "name": "State Troops", "lost": 12}],
    }
    armies = {"mine": [{"id": 4, "veteran": [battle]}, {"id": 5}], "others": []}
    assert history_lines(4, armies) == [
        "army 4: 1 battle",
        "  battle 9 turn 3 as attacker against Bob: won, 30% lost (12 State Troops)",
    ]
    assert history_lines(5, armies) == ["army 5: 0 battles"]
    assert history_lines(6, armies) == ["army 6: not one of yours"]
