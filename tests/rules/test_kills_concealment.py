"""Concealment (R-OPT-3): the draw at its edges, scenarios that mutation testing found untested
(docs/mutation.md). Whole answers asserted."""

from __future__ import annotations

import random
from dataclasses import replace

from app.rules import concealment
from app.rules.state import Options
from tests.rules.test_concealment import row_state, soldier


def test_R_OPT_3_no_draw_hides_anything_with_the_option_off_or_off_the_map() -> None:
    forest = soldier(10, 1, (2, 0))
    off = replace(row_state(forest, salt=1), options=Options())
    assert concealment.draw(off, forest) is False
    nowhere = soldier(12, 1, (40, 0))
    assert concealment.draw(row_state(nowhere, salt=1), nowhere) is False


def test_R_OPT_3_a_forest_army_hides_on_a_draw_below_75_only() -> None:
    """R-OPT-3: the draw is 0..99 and hides below the chance: army 20 draws exactly 75 and
    stays seen; army 404 draws 34 (after a first 7-bit value of 100 that is drawn again)."""
    draw = random.Random  # the engine's own game draws, replayed
    assert draw("0:1:conceal:20").randrange(100) == 75
    assert draw("0:1:conceal:404").getrandbits(7) == 100
    assert draw("0:1:conceal:404").randrange(100) == 34
    state = row_state(soldier(20, 1, (2, 0)), soldier(404, 1, (2, 0)), salt=0)
    assert concealment.concealed(state) == frozenset({404})
