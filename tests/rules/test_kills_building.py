"""Building (R-MAP-1): a tile off the map, seen or not, scenarios that mutation testing found
untested (docs/mutation.md). Whole answers asserted."""

from __future__ import annotations

from app.rules.state import Violation
from tests.rules.test_building import ALL, OUTPOST, _state, _validate


def test_R_MAP_1_nothing_is_built_off_the_map() -> None:
    """R-MAP-1 / R-BUILD-2: off the map, whether the player's sight covers it or not."""
    off = (40, 0)
    expected = [
        Violation("R-MAP-1", "This tile is not on the map."),
        Violation("R-BUILD-2", "The army's move must end on the tile."),
    ]
    assert _validate(_state(), OUTPOST, off, 20) == expected
    assert _validate(_state(), OUTPOST, off, 20, visible=ALL | {off}) == expected
