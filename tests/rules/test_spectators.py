"""Spectators (R-CAMP-13), without a database: the delay arithmetic, who may watch, and what a
spectator sees of a state and of a summary (`app.rules.visibility`)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.rules import concealment, visibility
from app.rules.fog import Visibility
from app.rules.lobby import Phase, may_watch, spectate_refusal, spectators_welcome
from app.rules.state import Battle, BattleKind, CampaignState, Options
from tests.factories.engine import city, make_map, make_state, player, side, soldier

SPECTATOR = visibility.spectator(2)
# A mountain, a plain, a forest (2, 0), a plain, a marsh (4, 0), a plain.
ROW = make_map(["m.f.w."])
PLAYERS = (player(1), player(2, "bretonnia"))


def concealing_state() -> CampaignState:
    """Campaign seed 1 at turn 1 hides armies 10 (forest) and 11 (marsh) from outsiders;
    army 20 stands in the open."""
    armies = (soldier(10, 1, (2, 0)), soldier(11, 1, (4, 0)), soldier(20, 2, (5, 0)))
    state = make_state(
        ROW, PLAYERS, (city(1, 2, (5, 0)),), armies, options=Options(concealment=True)
    )
    return replace(state, id_salt=1)


def test_R_CAMP_13_a_spectator_sees_the_current_turn_less_the_delay_never_live() -> None:
    assert visibility.spectated_turn(SPECTATOR, 5) == 3
    assert visibility.spectated_turn(SPECTATOR, 3) == 1
    assert visibility.spectated_turn(SPECTATOR, 2) is None  # no turn is that old yet
    assert visibility.spectated_turn(visibility.spectator(1), 2) == 1
    assert visibility.spectated_turn(visibility.game_master(), 5) is None  # no spectator
    with pytest.raises(ValueError, match="R-CAMP-13"):
        visibility.spectator(0)  # live is never late enough


def test_R_CAMP_13_the_map_of_turn_T_minus_N_and_the_changes_before_it_only() -> None:
    """At turn 6 with a delay of 2: the map of turn 4, the changes 1..3; not the change that
    ended turn 4 (it tells of turn 5), nor anything later."""
    seen_maps = [n for n in range(1, 8) if visibility.spectator_map_seen(SPECTATOR, 6, n)]
    seen_changes = [n for n in range(8) if visibility.spectator_change_seen(SPECTATOR, 6, n)]
    assert seen_maps == [4]
    assert seen_changes == [1, 2, 3]
    assert not visibility.spectator_change_seen(SPECTATOR, 2, 1)  # nothing shown yet


def test_R_CAMP_13_R_OPT_3_every_tile_but_no_concealed_army_and_nothing_private() -> None:
    state = concealing_state()
    assert concealment.concealed(state) == {10, 11}
    looking = visibility.seeing(SPECTATOR, state, lambda _: frozenset())
    assert looking.sight == frozenset(state.map.tiles)
    assert all(
        visibility.tile_state(looking, state, c) is Visibility.VISIBLE for c in state.map.tiles
    )
    shown = [a.id for a in state.armies.values() if visibility.army_seen(looking, a)]
    assert shown == [20]
    # Nothing that belongs to a seat: orders, summaries, numbers, army lists, live events.
    for seat in (1, 2):
        assert not visibility.own_or_master(looking, seat)
        assert not visibility.summary_readable(looking, seat)
        assert not visibility.numbers_seen(looking, seat, finished=False)
        assert not visibility.battle_rosters_seen(looking, {seat})
    assert not visibility.event_seen(looking, None)  # not even a public one: it is live
    assert not visibility.event_seen(looking, {1, 2})
    assert not visibility.sees_every_seat(looking, finished=True)


def test_R_CAMP_13_R_OPT_3_a_battle_naming_a_concealed_army_does_not_exist_for_them() -> None:
    state = concealing_state()
    looking = visibility.seeing(SPECTATOR, state, lambda _: frozenset())
    hidden = Battle(7, 1, (4, 0), BattleKind.FIELD, side({2}, (20,)), side({1}, (11,)))
    open_fight = Battle(8, 1, (5, 0), BattleKind.FIELD, side({1}, (30,)), side({2}, (20,)))
    assert not visibility.battle_seen_in(looking, hidden)
    assert visibility.battle_seen_in(looking, open_fight)
    assert not visibility.battle_forces_seen(looking, {1, 2}, brought_to_owner=True)


def test_R_CAMP_13_a_summary_line_is_public_only_for_a_structure_s_change() -> None:
    captured = {
        "kind": "structure_captured",
        "rule": "R-SIEGE-1",
        "coords": [[5, 0]],
        "data": {"structure_id": 1, "owner": 1, "army_id": 11, "cost": 3},
    }
    assert visibility.public_summary_line(SPECTATOR, captured) == {
        "kind": "structure_captured",
        "rule": "R-SIEGE-1",
        "coords": [[5, 0]],
        "data": {"structure_id": 1, "owner": 1},
    }
    for private in ("army_moved", "gold", "standing_order", "battle_resolved", "treaty_began"):
        line = {"kind": private, "rule": "R-X", "coords": [[2, 0]], "data": {"army_id": 10}}
        assert visibility.public_summary_line(SPECTATOR, line) is None
    # Only a spectator reads summaries this way; a player reads their own whole.
    assert visibility.public_summary_line(visibility.viewer(1, owner=False), captured) is None


def test_R_CAMP_13_R_CAMP_5_no_names_under_anonymity() -> None:
    assert visibility.names_seen(SPECTATOR, anonymous=False)
    assert not visibility.names_seen(SPECTATOR, anonymous=True)


def test_R_CAMP_13_who_may_watch_a_running_public_campaign_with_a_delay() -> None:
    def refusal(phase: Phase = Phase.ACTIVE, **changes: object) -> str | None:
        base: dict[str, object] = {
            "public": True,
            "delay": 2,
            "is_owner": False,
            "is_member": False,
        }
        base.update(changes)
        found = spectate_refusal(phase, **base)  # type: ignore[arg-type]
        return None if found is None else found.code

    assert refusal() is None
    assert refusal(delay=None) == "R-CAMP-13"  # the owner allows no spectators
    assert refusal(public=False) == "R-CAMP-13"
    assert refusal(Phase.LOBBY) == "R-CAMP-13"  # nothing to watch yet
    assert refusal(Phase.FINISHED) == "R-CAMP-2"
    assert refusal(is_owner=True) == "R-CAMP-13"
    assert refusal(is_member=True) == "R-CAMP-13"  # who plays sees through their own fog
    assert spectators_welcome(Phase.ACTIVE, True, 1)
    assert not spectators_welcome(Phase.ACTIVE, True, None)
    assert not spectators_welcome(Phase.LOBBY, True, 1)
    # Reads go on after the end, never for a member, never once the owner says no more.
    assert may_watch(Phase.FINISHED, public=True, delay=1, is_owner=False, is_member=False)
    assert not may_watch(Phase.ACTIVE, public=True, delay=1, is_owner=False, is_member=True)
    assert not may_watch(Phase.ACTIVE, public=True, delay=None, is_owner=False, is_member=False)
    assert not may_watch(Phase.ACTIVE, public=False, delay=1, is_owner=False, is_member=False)
