"""Cover and entrenchment (R-OPT-4): the attacker's points reduced at a tile the defender holds."""

from __future__ import annotations

from dataclasses import replace

from app.rules.battles import SideForces, cover, forces
from app.rules.hexgrid import Coord
from app.rules.movement import validate_entrench
from app.rules.resolve import resolve_turn
from app.rules.ruleset import default_ruleset
from app.rules.state import (
    Army,
    Battle,
    BattleKind,
    BattleSide,
    CampaignState,
    MoveOrder,
    Options,
    TurnOrders,
    Violation,
)
from tests.factories.engine import army, make_map, make_state, outpost, player

RS = default_ruleset()
ON = Options(cover=True)


def soldier(id: int, owner: int, coord: Coord, general: bool = True) -> Army:
    return army(id, owner, coord, general_id=id + 100 if general else None)


def duel(row: str, options: Options = ON, *extra: Army) -> CampaignState:
    """Player 2's army 22 on (1, 0); player 1's army 21 on (3, 0), two tiles east."""
    armies = (soldier(21, 1, (3, 0)), soldier(22, 2, (1, 0)), *extra)
    return make_state(
        make_map([row]), [player(1), player(2, "bretonnia")], (), armies, options=options
    )


ATTACK = TurnOrders(moves={21: MoveOrder(21, ((2, 0), (1, 0)))})
DIG_IN = replace(ATTACK, entrench=frozenset({22}))


def attacker(total: int, cover_pct: int, entrenchment_pct: int) -> SideForces:
    """Army 21 (tier 1: 500 + 100 points) as reduced."""
    return SideForces(500, 100, 0, 0, 0, total, 21, (), cover_pct, entrenchment_pct)


DEFENDER = SideForces(500, 100, 0, 0, 0, 600, 22, ())


def test_R_OPT_4_entrenched_in_a_forest_the_attacker_loses_30_percent_from_real_movement() -> None:
    """Army 21 marches onto the forest held by army 22, which entrenched this turn: the battle
    is declared at (1, 0) with 22 recorded as entrenched, and the attacker's 600 points become
    420 (−20 % cover, −10 % entrenchment), each reduction in the forces."""
    result = resolve_turn(duel(".f.."), DIG_IN, RS)
    (battle,) = result.battles
    assert battle == Battle(
        battle.id,
        1,
        (1, 0),
        BattleKind.FIELD,
        BattleSide(frozenset({1}), (21,), 21),
        BattleSide(frozenset({2}), (22,), 22, entrenched=(22,)),
    )
    assert result.state.battles[battle.id] == battle
    muster = result.forces[battle.id]
    assert (muster.attacker, muster.defender) == (attacker(420, 20, 10), DEFENDER)
    assert result.state.armies[21].coord == (2, 0)  # stopped before the contested tile


def test_R_OPT_4_cover_alone_and_entrenchment_alone() -> None:
    """Forest without entrenchment: −20 %; a plain with it: −10 %; a mountain, a marsh: −20 %."""
    cases = [(".f..", ATTACK, (480, 20, 0)), ("....", DIG_IN, (540, 0, 10))]
    cases += [(".m..", ATTACK, (480, 20, 0)), (".w..", DIG_IN, (420, 20, 10))]
    for row, orders, (total, c, e) in cases:
        result = resolve_turn(duel(row), orders, RS)
        (battle,) = result.battles
        assert result.forces[battle.id].attacker == attacker(total, c, e), row


def test_R_OPT_4_off_by_default_nothing_is_reduced() -> None:
    result = resolve_turn(duel(".f..", Options()), DIG_IN, RS)
    (battle,) = result.battles
    assert battle.defender.entrenched == ()
    assert result.forces[battle.id].attacker == attacker(600, 0, 0)


def test_R_OPT_4_only_at_a_tile_the_defender_holds() -> None:
    """Both armies march into the empty forest (2, 0): nobody holds it, nothing is reduced.
    Player 2's outpost on a forest, with no army on it: the structure holds it (−20 %)."""
    state = duel("..f..")
    state = replace(state, armies={**state.armies, 21: soldier(21, 1, (3, 0))})
    both = TurnOrders(moves={21: MoveOrder(21, ((2, 0),)), 22: MoveOrder(22, ((2, 0),))})
    result = resolve_turn(state, both, RS)
    (battle,) = result.battles
    assert battle.coord == (2, 0)
    assert cover(result.state, battle) == (0, 0)
    assert result.forces[battle.id].attacker == attacker(600, 0, 0)

    held = make_state(
        make_map([".f.."]),
        [player(1), player(2, "bretonnia")],
        [outpost(31, 2, (1, 0))],
        [soldier(21, 1, (2, 0))],
        options=ON,
    )
    siege = Battle(
        41,
        1,
        (1, 0),
        BattleKind.ASSAULT,
        BattleSide(frozenset({1}), (21,), 21),
        BattleSide(frozenset({2}), (), None, structure_id=31),
    )
    assert cover(held, siege) == (20, 0)
    assert forces(held, siege, RS)[0] == attacker(480, 20, 0)


def test_R_OPT_4_entrench_is_an_order_like_a_move() -> None:
    state = duel(".f..", ON, soldier(23, 2, (0, 0), general=False))
    no = TurnOrders()
    assert validate_entrench(state, no, 2, 22) == []
    assert validate_entrench(state, no, 2, 21) == [Violation("R-MOVE-2", "You have no such army.")]
    assert validate_entrench(state, no, 2, 23) == [
        Violation("R-ARMY-6", "An army without a general cannot move.")
    ]
    off = replace(state, options=Options())
    assert validate_entrench(off, no, 2, 22) == [
        Violation("R-OPT-4", "Entrenchment is not an option of this campaign.")
    ]
