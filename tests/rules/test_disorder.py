"""Civil disorder decisions (R-CAMP-10), without a database."""

import dataclasses
from typing import Any

from app.rules.disorder import SeatState, falls_into_disorder, returns_from_disorder, waits_for

BASE = SeatState(seated=True, ready=False, inactive=False, civil_disorder=False, missed_in_row=0)


def seat(**changes: Any) -> SeatState:
    return dataclasses.replace(BASE, **changes)


def test_R_CAMP_10_a_seat_in_civil_disorder_never_holds_the_turn_up_R_TURN_3() -> None:
    assert waits_for(seat()) is True
    assert waits_for(seat(civil_disorder=True)) is False
    assert waits_for(seat(ready=True)) is False
    assert waits_for(seat(inactive=True)) is False
    assert waits_for(seat(seated=False)) is False


def test_R_CAMP_10_the_Nth_deadline_missed_in_a_row_brings_civil_disorder() -> None:
    assert falls_into_disorder(seat(missed_in_row=1), 2) is False
    assert falls_into_disorder(seat(missed_in_row=2), 2) is True
    assert falls_into_disorder(seat(missed_in_row=5), 2) is True


def test_R_CAMP_10_never_without_the_setting() -> None:
    assert falls_into_disorder(seat(missed_in_row=100), None) is False


def test_R_CAMP_10_a_stewards_seat_stays_the_stewards_R_CAMP_7() -> None:
    assert falls_into_disorder(seat(missed_in_row=3, inactive=True), 1) is False


def test_R_CAMP_10_a_seat_already_in_disorder_does_not_fall_again() -> None:
    assert falls_into_disorder(seat(missed_in_row=3, civil_disorder=True), 1) is False


def test_R_CAMP_10_the_holder_comes_back_by_acting() -> None:
    assert returns_from_disorder(seat(civil_disorder=True), acted_by_holder=True) is True
    assert returns_from_disorder(seat(civil_disorder=True), acted_by_holder=False) is False
    assert returns_from_disorder(seat(), acted_by_holder=True) is False
