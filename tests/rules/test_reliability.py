"""How a seat's turn and battle went for its holder (R-CAMP-14), without a database."""

from datetime import UTC, datetime, timedelta

from app.rules.reliability import (
    SeatAtChange,
    SeatInBattle,
    TurnStanding,
    battle_on_time,
    turn_standing,
)

NOON = datetime(2026, 12, 1, 12, tzinfo=UTC)


def at_change(**changes: bool) -> SeatAtChange:
    base = {"seated": True, "held": True, "ready": False, "late": False, "civil_disorder": False}
    return SeatAtChange(**{**base, **changes})


def test_R_CAMP_14_a_ready_seat_played_its_turn_on_time() -> None:
    assert turn_standing(at_change(ready=True)) is TurnStanding.ON_TIME


def test_R_CAMP_14_a_deadline_passed_unready_is_missed_even_the_one_bringing_disorder() -> None:
    assert turn_standing(at_change(late=True)) is TurnStanding.MISSED
    assert turn_standing(at_change(late=True, civil_disorder=True)) is TurnStanding.MISSED


def test_R_CAMP_14_a_seat_already_in_civil_disorder_is_counted_so() -> None:
    assert turn_standing(at_change(civil_disorder=True)) is TurnStanding.CIVIL_DISORDER


def test_R_CAMP_14_a_vacation_or_a_stewards_turn_is_excused_not_missed() -> None:
    # Neither ready nor late: the turn did not wait for the seat (R-CAMP-7, R-CAMP-8).
    assert turn_standing(at_change()) is TurnStanding.EXCUSED


def test_R_CAMP_14_nobodys_seat_is_not_judged() -> None:
    assert turn_standing(at_change(seated=False, ready=True)) is None
    assert turn_standing(at_change(held=False, late=True)) is None


def in_battle(**changes: bool) -> SeatInBattle:
    return SeatInBattle(**{"held": True, "stewarded": False, "civil_disorder": False, **changes})


def test_R_CAMP_14_a_battle_counts_by_its_agreed_play_by_date_R_BAT_8() -> None:
    assert battle_on_time(in_battle(), NOON, NOON) is True
    assert battle_on_time(in_battle(), NOON, NOON - timedelta(days=1)) is True
    assert battle_on_time(in_battle(), NOON, NOON + timedelta(seconds=1)) is False
    assert battle_on_time(in_battle(), None, NOON) is None  # no date was promised


def test_R_CAMP_14_a_battle_its_holder_did_not_play_is_not_counted() -> None:
    for seat in (in_battle(held=False), in_battle(stewarded=True), in_battle(civil_disorder=True)):
        assert battle_on_time(seat, NOON, NOON + timedelta(days=1)) is None
