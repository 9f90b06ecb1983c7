"""Building (R-BUILD table, R-BUILD-1..6, R-ECO-1, R-ECO-3)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pytest

from app.rules.battles import apply_battle_result
from app.rules.building import apply_builds, build_cost, build_event, check_builds, validate_build
from app.rules.hexgrid import Coord
from app.rules.resolve import resolve_turn
from app.rules.ruleset import default_ruleset
from app.rules.state import (
    Army,
    Battle,
    BattleKind,
    BattleReport,
    BuildKind,
    BuildOrder,
    CampaignState,
    Event,
    EventKind,
    Fate,
    LedgerEntry,
    MoveOrder,
    Outcome,
    SeenTile,
    Structure,
    StructureKind,
    TurnOrders,
    Violation,
)
from tests.factories.engine import army, city, make_map, make_state, outpost, player, port, side

RULES = default_ruleset()

# Row 0: (0,0) city site, (1,0) plain, (2,0) forest, (3,0) marsh, (4,0) coast, (5,0) sea.
# Row 1: (0,1) plain … (4,1) coast, (5,1) sea.  Row 2: (-1,2) plain, (0,2) city site, … (3,2) coast.
MAP = make_map(
    [
        "C.fwc~",
        "..fwc~",
        ".C..c~",
        "......",
    ]
)
ALL = frozenset(MAP.tiles)
FOUND, PORT, OUTPOST, UPGRADE = (
    BuildKind.FOUND_CITY,
    BuildKind.PORT,
    BuildKind.OUTPOST,
    BuildKind.UPGRADE_CITY,
)


ARMIES = (army(20, 1, (0, 0)), army(21, 1, (4, 0)), army(22, 2, (3, 0)))


def _state(
    *structures: Structure,
    gold: int = 50,
    turn: int = 3,
    armies: Iterable[Army] = ARMIES,
    battles: Iterable[Battle] = (),
) -> CampaignState:
    return make_state(
        MAP,
        [player(1, "empire", gold), player(2, "empire", gold)],
        [city(10, 1, (0, 2), capital=True), *structures],
        armies,
        turn=turn,
        battles=battles,
    )


def _validate(
    s: CampaignState,
    kind: BuildKind,
    coord: Coord,
    army_id: int | None,
    orders: TurnOrders = TurnOrders(),  # noqa: B008 - frozen
    visible: frozenset[Coord] = ALL,
) -> list[Violation]:
    return validate_build(s, orders, 1, kind, coord, army_id, visible, RULES)


def test_R_BUILD_table_costs() -> None:
    assert [build_cost(k, RULES) for k in (FOUND, PORT, OUTPOST, UPGRADE)] == [10, 8, 3, 12]


# --------------------------------------------------------------------------- city


def test_R_BUILD_found_city_on_neutral_city_site_with_still_army() -> None:
    assert _validate(_state(), FOUND, (0, 0), 20) == []


def test_R_MAP_3_city_needs_a_city_site() -> None:
    s = _state(armies=[army(20, 1, (1, 0))])
    assert _validate(s, FOUND, (1, 0), 20) == [
        Violation("R-MAP-3", "A city can only be founded on a city site.")
    ]


def test_R_BUILD_5_army_with_move_order_cannot_found_a_city() -> None:
    orders = TurnOrders(moves={20: MoveOrder(20, ((1, 0),))})
    assert _validate(_state(), FOUND, (0, 0), 20, orders) == [
        Violation("R-BUILD-5", "An army with a move order cannot build this.")
    ]


def test_R_BUILD_2_city_needs_the_army_on_the_tile() -> None:
    assert _validate(_state(), FOUND, (0, 0), 21) == [
        Violation("R-BUILD-2", "The army must stand on the tile.")
    ]


def test_R_BUILD_2_city_needs_one_of_your_armies() -> None:
    expected = [Violation("R-BUILD-2", "This build needs one of your armies.")]
    assert _validate(_state(), FOUND, (0, 0), 22) == expected
    assert _validate(_state(), FOUND, (0, 0), None) == expected
    assert _validate(_state(), FOUND, (0, 0), 99) == expected


def test_R_BUILD_city_replaces_your_outpost() -> None:
    assert _validate(_state(outpost(11, 1, (0, 0), since_turn=2)), FOUND, (0, 0), 20) == []


def test_R_OWN_1_no_build_on_another_players_tile() -> None:
    assert _validate(_state(outpost(11, 2, (0, 0))), FOUND, (0, 0), 20) == [
        Violation("R-OWN-1", "This tile belongs to another player.")
    ]


def test_R_BUILD_3_no_city_on_your_city_or_port() -> None:
    s = _state(armies=[army(20, 1, (0, 2))])
    assert _validate(s, FOUND, (0, 2), 20) == [
        Violation("R-BUILD-3", "A city is founded on a neutral tile or your outpost.")
    ]


def test_R_BUILD_4_tile_taken_this_turn_accepts_no_build() -> None:
    assert _validate(_state(outpost(11, 1, (0, 0), since_turn=3)), FOUND, (0, 0), 20) == [
        Violation("R-BUILD-4", "A tile taken this turn accepts no build.")
    ]


def test_R_BAT_5_army_in_pending_battle_cannot_build() -> None:
    battle = Battle(40, 3, (1, 0), BattleKind.FIELD, side({2}, (22,)), side({1}, (20,)))
    assert _validate(_state(battles=[battle]), FOUND, (0, 0), 20) == [
        Violation("R-BAT-5", "This army is locked in a pending battle.")
    ]


def test_R_ECO_1_gold_must_cover_the_cost() -> None:
    assert _validate(_state(gold=9), FOUND, (0, 0), 20) == [
        Violation("R-ECO-1", "Not enough gold: this costs 10 and you have 9.")
    ]
    assert _validate(_state(gold=10), FOUND, (0, 0), 20) == []


def test_R_FOG_3_no_city_on_a_tile_you_cannot_see() -> None:
    assert _validate(_state(), FOUND, (0, 0), 20, visible=frozenset()) == [
        Violation("R-FOG-3", "You cannot see this tile.")
    ]


def test_R_BUILD_3_one_pending_build_of_yours_per_tile() -> None:
    pending = BuildOrder(50, 1, OUTPOST, (0, 0), 20, 3)
    orders = TurnOrders(builds=(pending,))
    assert _validate(_state(), FOUND, (0, 0), 20, orders) == [
        Violation("R-BUILD-3", "You already ordered a build on this tile.")
    ]


# --------------------------------------------------------------------------- port


def test_R_BUILD_port_replaces_your_outpost_on_a_coast() -> None:
    assert _validate(_state(outpost(11, 1, (4, 0))), PORT, (4, 0), 21) == []


def test_R_BUILD_3_port_needs_your_outpost() -> None:
    assert _validate(_state(), PORT, (4, 0), 21) == [
        Violation("R-BUILD-3", "A port replaces one of your outposts.")
    ]


def test_R_MAP_3_port_needs_a_coast_tile() -> None:
    s = _state(outpost(11, 1, (1, 0)), armies=[army(20, 1, (1, 0))])
    assert _validate(s, PORT, (1, 0), 20) == [
        Violation("R-MAP-3", "A port can only be built on a coast tile.")
    ]


def test_R_BUILD_3_city_and_port_never_share_a_tile() -> None:
    s = _state(armies=[army(20, 1, (0, 2))])
    assert _validate(s, PORT, (0, 2), 20) == [
        Violation("R-MAP-3", "A port can only be built on a coast tile."),
        Violation("R-BUILD-3", "A port replaces one of your outposts."),
    ]


def test_R_BUILD_5_army_with_move_order_cannot_build_a_port() -> None:
    orders = TurnOrders(moves={21: MoveOrder(21, ((4, 1),))})
    assert _validate(_state(outpost(11, 1, (4, 0))), PORT, (4, 0), 21, orders) == [
        Violation("R-BUILD-5", "An army with a move order cannot build this.")
    ]


# ------------------------------------------------------------------------- outpost


def test_R_BUILD_outpost_where_the_army_stays() -> None:
    assert _validate(_state(), OUTPOST, (4, 0), 21) == []


def test_R_BUILD_outpost_at_the_destination_of_a_move() -> None:
    orders = TurnOrders(moves={20: MoveOrder(20, ((1, 0), (2, 0)))})
    assert _validate(_state(), OUTPOST, (2, 0), 20, orders) == []


def test_R_BUILD_2_outpost_not_on_a_tile_the_army_only_passes() -> None:
    orders = TurnOrders(moves={20: MoveOrder(20, ((1, 0), (2, 0)))})
    assert _validate(_state(), OUTPOST, (1, 0), 20, orders) == [
        Violation("R-BUILD-2", "The army's move must end on the tile.")
    ]


def test_R_BUILD_2_one_outpost_per_army_per_turn() -> None:
    orders = TurnOrders(builds=(BuildOrder(50, 1, OUTPOST, (0, 0), 20, 3),))
    s = _state(armies=[army(20, 1, (0, 0))])
    # a second outpost elsewhere with the same army is refused even if the move ended there
    assert _validate(s, OUTPOST, (1, 0), 20, orders) == [
        Violation("R-BUILD-2", "The army's move must end on the tile."),
        Violation("R-BUILD-2", "One outpost per army per turn."),
    ]


def test_R_BUILD_3_no_outpost_on_a_city_or_your_own_structure() -> None:
    s = _state(outpost(11, 1, (4, 0)), armies=[army(20, 1, (0, 2)), army(21, 1, (4, 0))])
    expected = [Violation("R-BUILD-3", "An outpost needs a neutral tile.")]
    assert _validate(s, OUTPOST, (0, 2), 20) == expected
    assert _validate(s, OUTPOST, (4, 0), 21) == expected


def test_R_MAP_1_no_outpost_on_the_sea() -> None:
    orders = TurnOrders(moves={21: MoveOrder(21, ((5, 0),))})
    assert _validate(_state(), OUTPOST, (5, 0), 21, orders) == [
        Violation("R-MAP-1", "Nothing can be built on the sea.")
    ]


def test_R_FOG_3_outpost_at_an_unseen_destination_is_accepted_for_now() -> None:
    orders = TurnOrders(moves={20: MoveOrder(20, ((1, 0), (2, 0)))})
    s = _state(outpost(11, 2, (2, 0)))  # hidden from player 1
    assert _validate(s, OUTPOST, (2, 0), 20, orders, visible=frozenset({(0, 0), (1, 0)})) == []


def test_R_FOG_3_outpost_on_an_explored_sea_tile_is_refused() -> None:
    orders = TurnOrders(moves={21: MoveOrder(21, ((5, 0),))})
    s = _state()
    s = replace(
        s,
        players={**s.players, 1: replace(s.players[1], explored={(5, 0): SeenTile(1, None, None)})},
    )
    assert _validate(s, OUTPOST, (5, 0), 21, orders, visible=frozenset()) == [
        Violation("R-MAP-1", "Nothing can be built on the sea.")
    ]


# ------------------------------------------------------------------------- upgrade


def test_R_BUILD_upgrade_your_level_1_city() -> None:
    assert _validate(_state(), UPGRADE, (0, 2), None) == []


def test_R_BUILD_3_upgrade_only_a_level_1_city_of_yours() -> None:
    s = _state(city(11, 1, (0, 0), level=2), outpost(12, 1, (1, 0)), city(13, 2, (2, 0)))
    only_l1 = [Violation("R-BUILD-3", "Only your level-1 city can be upgraded.")]
    assert _validate(s, UPGRADE, (0, 0), None) == only_l1
    assert _validate(s, UPGRADE, (1, 0), None) == only_l1
    assert _validate(s, UPGRADE, (3, 1), None) == only_l1
    assert _validate(s, UPGRADE, (2, 0), None) == [
        Violation("R-OWN-1", "This tile belongs to another player.")
    ]


def test_R_BUILD_4_city_founded_or_taken_this_turn_cannot_be_upgraded() -> None:
    s = _state(city(11, 1, (0, 0), built_by=1, since_turn=3))
    assert _validate(s, UPGRADE, (0, 0), None) == [
        Violation("R-BUILD-4", "A tile taken this turn accepts no build.")
    ]


def test_R_BUILD_4_port_on_an_outpost_and_upgrade_of_a_city_placed_at_the_last_change() -> None:
    """R-BUILD-4 from a real turn change: in turn 3 army 21 places an outpost on the coast
    (4,0) and army 20 founds a city on (0,0); both are placed at the change 3 → 4 and count as
    taken in turn 3, so in turn 4 the port and the upgrade are accepted."""
    s = _state()
    orders = TurnOrders(
        builds=(
            BuildOrder(50, 1, OUTPOST, (4, 0), 21, 3),
            BuildOrder(51, 1, FOUND, (0, 0), 20, 10),
        )
    )
    after = resolve_turn(s, orders, RULES).state
    assert after.turn == 4
    assert {i: st for i, st in after.structures.items() if i != 10} == {
        s.next_id: Structure(s.next_id, StructureKind.OUTPOST, (4, 0), 1, built_by=1, since_turn=3),
        s.next_id + 1: Structure(
            s.next_id + 1, StructureKind.CITY, (0, 0), 1, built_by=1, since_turn=3
        ),
    }
    assert _validate(after, PORT, (4, 0), 21) == []
    assert _validate(after, UPGRADE, (0, 0), None) == []


def test_R_BUILD_4_a_tile_captured_by_a_battle_confirmed_this_turn_waits_a_turn() -> None:
    """R-BUILD-4 / R-SIEGE-4: army 21 captures player 2's coast outpost (4,1) by a result
    confirmed in turn 3: no port there in turn 3; after the change 3 → 4 it is accepted."""
    battle = Battle(40, 2, (4, 1), BattleKind.ASSAULT, side({1}, (21,)), side({2}, (), None, 11))
    s = _state(outpost(11, 2, (4, 1)), battles=[battle])
    report = BattleReport(Outcome.ATTACKER_VICTORY, 0, 0, fate=Fate.CAPTURE)
    taken = apply_battle_result(s, battle, report, RULES).state
    assert taken.structures[11] == outpost(11, 1, (4, 1), since_turn=3)
    assert taken.armies[21] == army(21, 1, (4, 1))
    assert _validate(taken, PORT, (4, 1), 21) == [
        Violation("R-BUILD-4", "A tile taken this turn accepts no build.")
    ]
    next_turn = resolve_turn(taken, TurnOrders(), RULES).state
    assert _validate(next_turn, PORT, (4, 1), 21) == []


# ------------------------------------------------------------------ check at change


def _refund(order: BuildOrder, reason: str) -> tuple[LedgerEntry, Event]:
    return (
        LedgerEntry(
            order.player, order.cost, f"refund: {order.kind.value} cancelled, {reason}", "R-BUILD-2"
        ),
        Event(
            EventKind.BUILD_CANCELLED,
            "R-BUILD-2",
            frozenset({order.player}),
            data={
                "build_id": order.id,
                "kind": order.kind.value,
                "coord": order.coord,
                "reason": reason,
                "refund": order.cost,
            },
        ),
    )


def test_R_BUILD_2_builds_that_stand_are_kept() -> None:
    builds = (
        BuildOrder(50, 1, FOUND, (0, 0), 20, 10),
        BuildOrder(51, 1, UPGRADE, (0, 2), None, 12),
    )
    kept, refunds, events = check_builds(_state(), TurnOrders(builds=builds), RULES, frozenset())
    assert (kept, refunds, events) == (list(builds), [], [])


def test_R_BUILD_2_army_not_on_the_tile_cancels_and_refunds() -> None:
    order = BuildOrder(50, 1, OUTPOST, (2, 0), 20, 3)  # the army was stopped on (0, 0)
    kept, refunds, events = check_builds(_state(), TurnOrders(builds=(order,)), RULES, frozenset())
    entry, event = _refund(order, "the army did not end its move on the tile")
    assert (kept, refunds, events) == ([], [entry], [event])


def test_R_BUILD_2_contested_tile_cancels_and_refunds() -> None:
    order = BuildOrder(50, 1, UPGRADE, (0, 2), None, 12)
    kept, refunds, events = check_builds(
        _state(), TurnOrders(builds=(order,)), RULES, frozenset({(0, 2)})
    )
    entry, event = _refund(order, "the tile is contested by a battle")
    assert (kept, refunds, events) == ([], [entry], [event])


def test_R_BUILD_2_two_players_claiming_one_neutral_tile_are_all_cancelled() -> None:
    s = _state(armies=[army(20, 1, (1, 0)), army(22, 2, (1, 0)), army(23, 1, (0, 0))])
    a = BuildOrder(50, 2, OUTPOST, (1, 0), 22, 3)
    b = BuildOrder(51, 1, OUTPOST, (1, 0), 20, 3)
    c = BuildOrder(52, 1, FOUND, (0, 0), 23, 10)
    kept, refunds, events = check_builds(s, TurnOrders(builds=(b, a, c)), RULES, frozenset())
    why = "another player's build claims the same tile"
    (ea, va), (eb, vb) = _refund(a, why), _refund(b, why)
    assert (kept, refunds, events) == ([c], [ea, eb], [va, vb])


def test_R_BUILD_2_tile_taken_by_someone_else_meanwhile_cancels() -> None:
    s = _state(outpost(11, 2, (4, 0)))
    order = BuildOrder(50, 1, OUTPOST, (4, 0), 21, 3)
    kept, refunds, events = check_builds(s, TurnOrders(builds=(order,)), RULES, frozenset())
    entry, event = _refund(order, "the tile belongs to another player")
    assert (kept, refunds, events) == ([], [entry], [event])


# ---------------------------------------------------------------------------- step 5


def test_R_ECO_3_builds_take_effect_at_step_5_taken_in_the_turn_they_were_ordered() -> None:
    """R-ECO-3 / R-BUILD-4: placed at step 5 of the change 3 → 4, `since_turn` 3."""
    s = _state(outpost(11, 1, (4, 0)), city(12, 1, (0, 0)), armies=[army(20, 1, (1, 0))])
    s = replace(s, next_id=60)
    kept = [
        BuildOrder(53, 1, UPGRADE, (0, 0), None, 12),
        BuildOrder(51, 1, PORT, (4, 0), 21, 8),
        BuildOrder(52, 1, OUTPOST, (1, 0), 20, 3),
    ]
    new = apply_builds(s, kept, RULES)
    assert new == replace(
        s,
        structures={
            10: s.structures[10],
            12: replace(s.structures[12], level=2),
            60: Structure(60, StructureKind.PORT, (4, 0), 1, built_by=1, since_turn=3),
            61: Structure(61, StructureKind.OUTPOST, (1, 0), 1, built_by=1, since_turn=3),
        },
        next_id=62,
    )


def test_R_BUILD_2_founding_a_city_on_neutral_gives_the_tile() -> None:
    s = replace(_state(), next_id=60)
    new = apply_builds(s, [BuildOrder(50, 1, FOUND, (0, 0), 20, 10)], RULES)
    assert new.structures == {
        **s.structures,
        60: Structure(60, StructureKind.CITY, (0, 0), 1, built_by=1, since_turn=3),
    }
    assert new.next_id == 61


def test_R_BUILD_6_built_structures_record_their_builder() -> None:
    s = replace(_state(port(11, 1, (3, 2), built_by=None)), next_id=60)
    new = apply_builds(s, [BuildOrder(50, 1, FOUND, (0, 0), 20, 10)], RULES)
    assert [st.built_by for _, st in sorted(new.structures.items())] == [None, None, 1]


@pytest.mark.parametrize("kind", [FOUND, PORT, OUTPOST, UPGRADE])
def test_build_event_names_the_build(kind: BuildKind) -> None:
    order = BuildOrder(50, 1, kind, (0, 0), 20, 3)
    done = {
        FOUND: EventKind.CITY_FOUNDED,
        PORT: EventKind.PORT_BUILT,
        OUTPOST: EventKind.OUTPOST_BUILT,
        UPGRADE: EventKind.CITY_UPGRADED,
    }
    assert build_event(order) == Event(
        done[kind],
        "R-ECO-3",
        frozenset({1}),
        ((0, 0),),
        {"build_id": 50, "kind": kind.value, "player": 1},
    )


def test_R_MAP_1_nothing_is_built_off_the_map() -> None:
    """R-MAP-1 / R-BUILD-2: off the map, whether the player's sight covers it or not."""
    off = (40, 0)
    expected = [
        Violation("R-MAP-1", "This tile is not on the map."),
        Violation("R-BUILD-2", "The army's move must end on the tile."),
    ]
    assert _validate(_state(), OUTPOST, off, 20) == expected
    assert _validate(_state(), OUTPOST, off, 20, visible=ALL | {off}) == expected
