"""Economy (R-DIP-2 trade): war suspends a route only between the two partners, scenarios that
mutation testing found untested (docs/mutation.md). Whole answers asserted."""

from __future__ import annotations

from app.rules.economy import trade_lines
from app.rules.state import Battle, BattleKind, LedgerEntry
from tests.rules.builders import side
from tests.rules.test_economy import RULES, _trade_state


def _battle(bid: int, attackers: set[int], defenders: set[int]) -> Battle:
    return Battle(
        bid, 1, (3, 1), BattleKind.FIELD, side(attackers, (bid,)), side(defenders, (bid + 1,))
    )


def test_R_DIP_2_a_route_pays_while_its_partners_fight_others_or_side_by_side() -> None:
    """R-DIP-2: battles of either partner against a third player, or of both on one side, do
    not stop their route; player 1 attacking player 2 does."""
    others = [
        _battle(40, {1}, {3}),
        _battle(42, {3}, {2}),
        _battle(44, {2}, {3}),
        _battle(46, {3}, {1, 2}),
        _battle(48, {1, 2}, {3}),
    ]
    paid = [LedgerEntry(1, 2, "trade route #30", "R-DIP-2")]
    assert trade_lines(_trade_state(5, battles=others), 1, RULES) == paid
    at_war = _trade_state(5, battles=[*others, _battle(50, {1}, {2})])
    assert trade_lines(at_war, 1, RULES) == []


def test_R_DIP_2_a_route_needs_two_cities_an_outpost_or_port_at_either_end_stops_it() -> None:
    """R-DIP-2: the route's city razed to an outpost (or made a port) at either end pays nothing."""
    from dataclasses import replace

    from app.rules.state import StructureKind

    for end in (10, 11):
        s = _trade_state(5)
        for kind in (StructureKind.OUTPOST, StructureKind.PORT):
            changed = replace(s.structures[end], kind=kind)
            t = replace(s, structures={**s.structures, end: changed})
            assert trade_lines(t, 1, RULES) == [], (end, kind)
