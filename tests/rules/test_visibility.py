"""What a viewer may see of storms and of battles with concealed armies (R-OPT-5, R-OPT-3,
R-FOG-3/4): the decisions of `app.rules.visibility`, and the summaries that follow them."""

from __future__ import annotations

from dataclasses import replace

from app.rules import battles, concealment, fog, visibility
from app.rules.resolve import resolve_turn
from app.rules.ruleset import default_ruleset
from app.rules.state import (
    Battle,
    BattleKind,
    BattleReport,
    CampaignState,
    Event,
    EventKind,
    MoveOrder,
    Options,
    Outcome,
    Storm,
    TurnOrders,
)
from tests.factories.engine import army, make_map, make_state, player, side

RS = default_ruleset()
STORM = Storm((4, 3), ((4, 3), (3, 3), (3, 4), (4, 4), (5, 3)))


def test_R_OPT_5_a_storm_is_shown_on_exactly_the_tiles_the_viewer_sees() -> None:
    """Two of its five tiles in sight: those two, in the storm's order; none: no storm; the
    game master (no viewer) sees it whole."""
    sight = frozenset({(5, 3), (4, 3), (5, 2)})
    assert visibility.storm_tiles_seen(STORM, 1, sight) == ((4, 3), (5, 3))
    assert visibility.storms_seen([STORM], 1, sight) == [((4, 3), (5, 3))]
    assert visibility.storms_seen([STORM], 1, frozenset({(0, 0)})) == []
    assert visibility.storms_seen([STORM], None, frozenset()) == [STORM.tiles]


HIDDEN_FIGHT = Battle(
    41, 1, (2, 0), BattleKind.FIELD, side({3}, (30,)), side({1}, (10,))
)  # player 3's army 30 attacks player 1's army 10


def test_R_OPT_3_a_battle_naming_a_concealed_army_does_not_exist_for_onlookers() -> None:
    """Army 10 is concealed from player 2, who sees the battle's tile: the battle is not theirs
    to see; its participants (1, 3) and the game master see it; another onlooker, from whom
    nothing is concealed, sees it as before (R-FOG-3)."""
    sight = frozenset({(2, 0)})
    hidden = frozenset({10})

    def seen(viewer: int | None, hidden: frozenset[int] = hidden) -> bool:
        return visibility.battle_seen_in(HIDDEN_FIGHT, viewer, sight, hidden)

    assert [seen(1), seen(3), seen(None), seen(2), seen(2, frozenset())] == [
        True,
        True,
        True,
        False,
        True,
    ]
    assert visibility.battle_seen_in(HIDDEN_FIGHT, 2, frozenset(), frozenset()) is False
    assert visibility.concealed_battles([HIDDEN_FIGHT], {1: {}, 2: {10: (2, 0)}, 3: {}}) == {
        1: frozenset(),
        2: frozenset({41}),
        3: frozenset(),
    }


# A mountain, a plain, a forest (2, 0), a plain, a marsh (4, 0), a plain.
ROW = make_map(["m.f.w."])


def hidden_fight_state() -> tuple[CampaignState, TurnOrders]:
    """Player 1's army 10 in the forest, player 2 watching from the mountain (sight 2, nothing
    of theirs next to the forest), player 3's army 30 ordered from the marsh into the forest."""
    state = make_state(
        ROW,
        [player(1, gold=9), player(2, "bretonnia", 9), player(3, "dwarfs", 9)],
        [],
        [army(10, 1, (2, 0), general_id=110), army(20, 2, (0, 0), general_id=120),
         army(30, 3, (4, 0), general_id=130)],
        options=Options(concealment=True),
    )  # fmt: skip
    return replace(state, id_salt=0), TurnOrders(moves={30: MoveOrder(30, ((3, 0), (2, 0)))})


def test_R_OPT_3_R_MOVE_3_the_encounter_with_a_concealed_army_is_left_out_for_onlookers() -> None:
    """Army 30 runs into army 10 in the forest and stops on (3, 0): a battle at (2, 0). Seed 0
    hides army 10 at turn 2 from player 2, who sees (2, 0) from the mountain but is no part of
    the battle: their summary has nothing (no encounter, R-OPT-3), while the participants have
    the encounter; without concealment player 2's summary has it."""
    start, orders = hidden_fight_state()
    result = resolve_turn(start, orders, RS)

    (battle,) = result.battles
    assert (battle.coord, battle.attacker.army_ids, battle.defender.army_ids) == (
        (2, 0),
        (30,),
        (10,),
    )
    assert concealment.hidden_from(result.state, 2) == frozenset({10})
    assert result.summaries[2] == ()
    for participant in (1, 3):
        kinds = [(e.kind, e.coords) for e in result.summaries[participant]]
        assert (EventKind.ENCOUNTER, ((2, 0),)) in kinds
    plain = resolve_turn(replace(start, options=Options()), orders, RS)
    assert [(e.kind, e.coords) for e in plain.summaries[2]] == [(EventKind.ENCOUNTER, ((2, 0),))]


def test_R_OPT_3_R_BAT_7_the_result_of_a_concealed_battle_is_left_out_for_onlookers() -> None:
    """The battle's result (army 30 beaten, a stake won, tiers lost) reaches its participants;
    player 2, from whom army 10 is concealed, hears nothing of it or of its consequences."""
    start, orders = hidden_fight_state()
    state = resolve_turn(start, orders, RS).state
    (battle,) = state.battles.values()
    report = BattleReport(Outcome.DEFENDER_VICTORY, 50, 10)
    after = battles.apply_battle_result(state, battle, report, RS)
    hidden_before = concealment.masks(state)

    def summaries(concealed: bool) -> dict[int, tuple[Event, ...]]:
        found = fog.summaries(
            after.events,
            fog.sights(state, RS),
            fog.sights(after.state, RS),
            (hidden_before, concealment.masks(after.state)),
            visibility.concealed_battles(state.battles.values(), hidden_before)
            if concealed
            else None,
            cause=battle.id,
        )
        return dict(found)

    told = summaries(concealed=True)
    assert told[2] == ()
    assert told[1] == after.events
    assert told[3] == after.events
    # Not vacuous: without the battle's concealment, player 2 saw its result on (2, 0).
    assert summaries(concealed=False)[2] != ()


def test_R_OPT_5_a_storm_rising_is_told_on_the_tiles_seen_once_the_change_is_over() -> None:
    """Storms rise at step 5, after the armies moved: a tile the player saw only before the
    change (their ship sailed away) does not show the storm; an army's march seen before the
    change still shows where it was seen (R-FOG-3)."""
    rose = Event(EventKind.STORM_ROSE, "R-OPT-5", frozenset(), STORM.tiles, {"turn": 2})
    march = Event(EventKind.ARMY_MOVED, "R-MOVE-3", frozenset({2}), ((3, 3), (2, 3)), {})
    before = {1: frozenset({(3, 3), (3, 4)})}
    after = {1: frozenset({(5, 3)})}

    told = fog.summaries([rose, march], before, after)

    assert told == {1: (replace(rose, coords=((5, 3),)), replace(march, coords=((3, 3),)))}
