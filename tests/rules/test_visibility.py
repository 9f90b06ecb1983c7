"""What a viewer may see (R-FOG-1..5, R-OPT-3, R-OPT-5): the decisions of
`app.rules.visibility`, which every read model asks, and the summaries that follow them."""

from __future__ import annotations

from dataclasses import replace

from app.rules import battles, concealment, fog, visibility
from app.rules.fog import Visibility
from app.rules.hexgrid import Coord
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
    SeenTile,
    Storm,
    TurnOrders,
)
from tests.factories.engine import army, make_map, make_state, player, side

RS = default_ruleset()
MASTER = visibility.game_master()


def seat(
    number: int,
    sight: frozenset[Coord] = frozenset(),
    hidden: frozenset[int] = frozenset(),
    *,
    owner: bool = False,
) -> visibility.Viewer:
    """The player of seat `number` (the owner who plays, with `owner`) seeing `sight`."""
    return replace(visibility.viewer(number, owner=owner), sight=sight, hidden=hidden)


STORM = Storm((4, 3), ((4, 3), (3, 3), (3, 4), (4, 4), (5, 3)))


def test_R_OPT_5_a_storm_is_shown_on_exactly_the_tiles_the_viewer_sees() -> None:
    """Two of its five tiles in sight: those two, in the storm's order; none: no storm; the
    game master (no viewer) sees it whole."""
    sight = frozenset({(5, 3), (4, 3), (5, 2)})
    assert visibility.storm_tiles_seen(STORM, seat(1, sight)) == ((4, 3), (5, 3))
    assert visibility.storms_seen([STORM], seat(1, sight)) == [((4, 3), (5, 3))]
    assert visibility.storms_seen([STORM], seat(1, frozenset({(0, 0)}))) == []
    assert visibility.storms_seen([STORM], MASTER) == [STORM.tiles]


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
        looking = MASTER if viewer is None else seat(viewer, sight, hidden)
        return visibility.battle_seen_in(looking, HIDDEN_FIGHT)

    assert [seen(1), seen(3), seen(None), seen(2), seen(2, frozenset())] == [
        True,
        True,
        True,
        False,
        True,
    ]
    assert visibility.battle_seen_in(seat(2, frozenset()), HIDDEN_FIGHT) is False
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


# ------------------------------------------------------------------------------- the viewer
# Seven tiles in a row: a plain (0, 0), a forest (1, 0), plains to (6, 0).
LINE = make_map([".f....."])


def line_state(*, concealed: bool = False) -> CampaignState:
    """Player 1 remembers (5, 0); player 1's army 10 stands on (0, 0); player 2's army 20 in
    the forest (1, 0), whose draw (seed 2, turn 1) hides it when `concealed` (R-OPT-3)."""
    memory = {(5, 0): SeenTile(1, None, None)}
    state = make_state(
        LINE,
        [player(1, explored=memory), player(2, "dwarfs")],
        [],
        [army(10, 1, (0, 0)), army(20, 2, (1, 0))],
        options=Options(concealment=concealed),
    )
    return replace(state, id_salt=2)


def test_R_FOG_5_the_game_master_is_the_owner_who_does_not_play() -> None:
    """The owner without a seat sees everything; the owner who plays is their seat's player
    and keeps the owner's powers; a member without a seat who is not the owner sees nothing."""
    assert [
        visibility.viewer(None, owner=True),
        visibility.viewer(3, owner=True),
        visibility.viewer(3, owner=False),
        visibility.viewer(None, owner=False),
    ] == [
        visibility.Viewer(seat=None, owner=True, game_master=True),
        visibility.Viewer(seat=3, owner=True, game_master=False),
        visibility.Viewer(seat=3, owner=False, game_master=False),
        visibility.Viewer(seat=None, owner=False, game_master=False),
    ]
    assert visibility.game_master() == visibility.viewer(None, owner=True)


def test_R_FOG_2_R_OPT_3_seeing_a_state_takes_the_seat_s_sight_and_the_armies_hidden_from_it() -> (
    None
):
    """A seat of the game: its sight (asked for that seat only) and the armies concealed from
    it; the game master: every tile, nothing concealed; a seat that is not in the game (and a
    member without a seat): nothing, and no sight is computed for them."""
    state = line_state(concealed=True)
    asked: list[int] = []

    def sight_of(seat: int) -> frozenset[Coord]:
        asked.append(seat)
        return frozenset({(0, 0), (1, 0), (2, 0)})

    one = visibility.seeing(visibility.viewer(1, owner=False), state, sight_of)
    master = visibility.seeing(MASTER, state, sight_of)
    stranger = visibility.seeing(visibility.viewer(7, owner=True), state, sight_of)
    seatless = visibility.seeing(visibility.viewer(None, owner=False), state, sight_of)

    assert concealment.hidden_from(state, 1) == frozenset()  # army 10 stands next to the forest
    assert one == seat(1, frozenset({(0, 0), (1, 0), (2, 0)}))
    assert master == replace(MASTER, sight=frozenset(LINE.tiles))
    assert stranger == visibility.viewer(7, owner=True)
    assert seatless == visibility.viewer(None, owner=False)
    assert asked == [1]
    # Far from the forest, army 20 is concealed from player 1.
    far = replace(state, armies={**state.armies, 10: army(10, 1, (6, 0))})
    assert visibility.seeing(visibility.viewer(1, owner=False), far, sight_of).hidden == {20}


def test_R_FOG_1_a_tile_is_visible_in_sight_explored_if_remembered_else_unexplored() -> None:
    """Player 1 sees (0, 0)-(1, 0) and remembers (5, 0); the game master sees every tile; a seat
    not in the game knows nothing, not even what another seat remembers."""
    state = line_state()
    one = seat(1, frozenset({(0, 0), (1, 0)}))
    tiles = [(0, 0), (1, 0), (5, 0), (6, 0)]

    assert [visibility.tile_state(one, state, c) for c in tiles] == [
        Visibility.VISIBLE,
        Visibility.VISIBLE,
        Visibility.EXPLORED,
        Visibility.UNEXPLORED,
    ]
    assert {visibility.tile_state(MASTER, state, c) for c in tiles} == {Visibility.VISIBLE}
    assert {visibility.tile_state(seat(9), state, c) for c in tiles} == {Visibility.UNEXPLORED}


def test_R_FOG_3_R_OPT_3_an_army_is_shown_if_own_or_in_sight_and_not_concealed() -> None:
    """Player 1's own army anywhere; player 2's army in sight, unless concealed from them; out of
    sight never; every army to the game master."""
    mine, theirs, far = army(10, 1, (6, 0)), army(20, 2, (1, 0)), army(30, 2, (5, 0))
    sight = frozenset({(0, 0), (1, 0)})

    assert [visibility.army_seen(seat(1, sight), a) for a in (mine, theirs, far)] == [
        True,
        True,
        False,
    ]
    assert visibility.army_seen(seat(1, sight, frozenset({20})), theirs) is False
    assert [visibility.army_seen(MASTER, a) for a in (mine, theirs, far)] == [True, True, True]


def test_R_FOG_4_R_FOG_5_the_owner_who_plays_sees_what_they_arbitrate_not_its_rosters() -> None:
    """A disputed battle of players 1 and 3 out of player 2's sight: the owner who plays seat 2
    is told of it and sees its forces (R-BAT-5 arbitration), not its army lists; the same seat
    without the owner's powers is not told of it; its participants and the game master see
    everything (R-FOG-4)."""
    players, armies, coord = HIDDEN_FIGHT.attacker.players | {1}, (30, 10), (2, 0)
    owner_playing = seat(2, owner=True)
    player_two = seat(2)

    def told(v: visibility.Viewer) -> tuple[bool, bool, bool]:
        return (
            visibility.battle_seen(v, players, armies, coord, brought_to_owner=True),
            visibility.battle_forces_seen(v, players, brought_to_owner=True),
            visibility.battle_rosters_seen(v, players),
        )

    assert [told(v) for v in (owner_playing, player_two, seat(1), seat(3), MASTER)] == [
        (True, True, False),
        (False, False, False),
        (True, True, True),
        (True, True, True),
        (True, True, True),
    ]
    assert visibility.battle_seen(owner_playing, players, armies, coord) is False


def test_R_FOG_3_R_FOG_5_an_event_reaches_its_audience_and_the_game_master() -> None:
    """A public event reaches everyone; one addressed to seats 1 and 3 reaches those and the
    game master, not seat 2, nor the owner who plays seat 2, nor a member without a seat. The
    "awaits you" kinds address seats only: never the game master."""
    viewers = [seat(1), seat(2), seat(2, owner=True), MASTER, visibility.viewer(None, owner=False)]
    audiences: list[frozenset[int] | None] = [None, frozenset({1, 3})]

    assert [[visibility.event_seen(v, a) for v in viewers] for a in audiences] == [
        [True, True, True, True, True],
        [True, False, False, True, False],
    ]
    assert [[visibility.event_addressed(v, a) for v in viewers] for a in audiences] == [
        [True, True, True, False, False],
        [True, False, False, False, False],
    ]


def test_R_FOG_3_R_CAMP_4_R_CAMP_9_numbers_summaries_and_the_export_are_a_seat_s_own() -> None:
    """While the campaign runs, a seat's numbers and summaries are its player's and the game
    master's; once it has ended, the numbers and a document of every seat are everyone's
    (replays too: `after_the_end`), while summaries stay each seat's own."""
    viewers = [seat(1), seat(2, owner=True), MASTER]

    assert [visibility.numbers_seen(v, 1, False) for v in viewers] == [True, False, True]
    assert [visibility.numbers_seen(v, 1, True) for v in viewers] == [True, True, True]
    assert [visibility.summary_readable(v, 1) for v in viewers] == [True, False, True]
    assert [visibility.sees_every_seat(v, False) for v in viewers] == [False, False, True]
    assert [visibility.sees_every_seat(v, True) for v in viewers] == [True, True, True]
    assert [visibility.own_or_master(v, 2) for v in viewers] == [False, True, True]
    assert visibility.after_the_end(seat(2, owner=True), False) == seat(2, owner=True)
    assert visibility.after_the_end(seat(2, owner=True), True) == visibility.Viewer(
        seat=None, owner=True, game_master=True
    )


def test_R_FOG_4_R_OPT_3_the_filters_for_sql_carry_the_decision_s_parameters() -> None:
    """What a battle or event query filters on is the viewer's own: everything for the game
    master; their seat, the owner's arbitration, their sight and the armies concealed from
    them otherwise."""
    looking = seat(2, frozenset({(2, 0)}), frozenset({10}), owner=True)

    assert visibility.battle_filter(looking) == visibility.BattleFilter(
        everything=False,
        seat=2,
        brought_to_owner=True,
        tiles=frozenset({(2, 0)}),
        unless_naming=frozenset({10}),
    )
    assert visibility.battle_filter(MASTER).everything is True
    assert visibility.event_filter(looking) == visibility.EventFilter(everything=False, seat=2)
    assert visibility.event_filter(MASTER) == visibility.EventFilter(everything=True, seat=None)


def test_R_CAMP_5_a_battle_s_names_are_told_to_whoever_held_its_seats_in_it() -> None:
    seat_1, seat_2 = visibility.viewer(1, owner=False), visibility.viewer(2, owner=False)
    onlooker = visibility.viewer(3, owner=False)
    players = {1, 2}
    # Pending: whoever holds one of its seats now (they play it), whoever that is.
    for v in (seat_1, seat_2):
        assert visibility.battle_names_seen(v, players, None, over=False, user="newcomer")
    assert not visibility.battle_names_seen(onlooker, players, None, over=False, user="third")
    # Over: the users who held its seats then, never a later holder of one of those seats.
    held = {1: "first", 2: "second"}
    assert visibility.battle_names_seen(seat_1, players, held, over=True, user="first")
    assert visibility.battle_names_seen(seat_2, players, held, over=True, user="second")
    assert not visibility.battle_names_seen(seat_2, players, held, over=True, user="newcomer")
    assert not visibility.battle_names_seen(onlooker, players, held, over=True, user="third")
    # Nobody held a seat (None), or who held them is not known: nobody is told.
    assert not visibility.battle_names_seen(
        seat_2, players, {1: "first", 2: None}, over=True, user=None
    )
    assert not visibility.battle_names_seen(seat_1, players, None, over=True, user="first")
