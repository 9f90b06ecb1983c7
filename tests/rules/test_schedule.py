"""Weekly turn schedules and daylight saving (R-TURN-9, R-TURN-10), and the club nights offered
as play-by dates (R-BAT-11), without a database.

The 2026 transitions: Europe/Paris springs forward on 29 March and falls back on 25 October,
America/New_York on 8 March and 1 November.
"""

from datetime import UTC, date, datetime, time, timedelta
from itertools import islice
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.rules.schedule import (
    Slot,
    WeeklySchedule,
    local_instant,
    next_deadlines,
    next_scheduled,
    parse_weekday,
    scheduled_times,
    slots_of,
    turn_deadline,
)
from app.rules.schedule import (
    club_nights as nights_before,
)

PARIS = ZoneInfo("Europe/Paris")
NEW_YORK = ZoneInfo("America/New_York")
TUESDAY, FRIDAY, SUNDAY = 1, 4, 6
HALF_DAY = timedelta(hours=12)


def club_nights(zone: str, at: time = time(20)) -> WeeklySchedule:
    """Tuesdays and Fridays at `at`, local time."""
    return WeeklySchedule(slots_of([(TUESDAY, at), (FRIDAY, at)]), zone)


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0, sec: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, sec, tzinfo=UTC)


# ------------------------------------------------------------------------------ R-TURN-9


def test_R_TURN_9_the_deadline_is_the_next_club_night_at_least_the_minimum_away() -> None:
    tuesday_friday = club_nights("Europe/Paris")
    friday_8am, friday_10am = utc(2026, 12, 4, 7), utc(2026, 12, 4, 9)
    friday_evening, next_tuesday = utc(2026, 12, 4, 19), utc(2026, 12, 8, 19)

    # Exactly 12 hours before Friday 20:00 (CET): that evening still counts.
    assert turn_deadline(tuesday_friday, friday_8am, HALF_DAY) == friday_evening
    # Ten hours before it: too short a turn, on to Tuesday.
    assert turn_deadline(tuesday_friday, friday_10am, HALF_DAY) == next_tuesday
    # Without a minimum, that evening.
    assert turn_deadline(tuesday_friday, friday_10am, timedelta(0)) == friday_evening
    # A turn changed at its deadline: the next club night.
    assert turn_deadline(tuesday_friday, friday_evening, HALF_DAY) == next_tuesday


def test_R_TURN_9_a_minimum_longer_than_a_week_skips_whole_weeks() -> None:
    once_a_week = WeeklySchedule((Slot(TUESDAY, time(20)),), "Europe/Paris")

    deadline = turn_deadline(once_a_week, utc(2026, 12, 8, 19), timedelta(days=8))

    assert deadline == utc(2026, 12, 22, 19)


def test_R_TURN_9_the_next_deadlines_of_a_club_are_its_nights_in_order() -> None:
    twice = WeeklySchedule(
        slots_of([(FRIDAY, time(20)), (TUESDAY, time(20)), (TUESDAY, time(20))]), "Europe/Paris"
    )
    assert twice.slots == (Slot(TUESDAY, time(20)), Slot(FRIDAY, time(20)))

    assert next_deadlines(twice, utc(2026, 12, 8, 19), HALF_DAY, 4) == [
        utc(2026, 12, 11, 19),
        utc(2026, 12, 15, 19),
        utc(2026, 12, 18, 19),
        utc(2026, 12, 22, 19),
    ]


def test_R_TURN_9_a_scheduled_instant_itself_is_at_or_after_it() -> None:
    tuesday_friday = club_nights("Europe/Paris")
    assert next_scheduled(tuesday_friday, utc(2026, 12, 8, 19)) == utc(2026, 12, 8, 19)
    assert next_scheduled(tuesday_friday, utc(2026, 12, 8, 19, 0, 1)) == utc(2026, 12, 11, 19)


def test_R_TURN_9_weekdays_are_numbers_or_english_names() -> None:
    assert [parse_weekday(v) for v in (0, 6, "Monday", "tue", " SUNDAY ", "fri")] == [
        0,
        6,
        0,
        1,
        6,
        4,
    ]
    for bad in (7, -1, "tues", "lundi", ""):
        with pytest.raises(ValueError, match="weekday"):
            parse_weekday(bad)
    with pytest.raises(ValueError, match="at least one slot"):
        WeeklySchedule((), "Europe/Paris")
    with pytest.raises(ValueError, match="0 \\(Monday\\) to 6"):
        WeeklySchedule((Slot(7, time(20)),), "Europe/Paris")


# ----------------------------------------------------------------------------- R-TURN-10


def test_R_TURN_10_paris_club_nights_keep_20h_across_both_transitions() -> None:
    tuesday_friday = club_nights("Europe/Paris")

    # Friday 27 March 20:00 CET (+01:00) → Tuesday 31 March 20:00 CEST (+02:00).
    spring = turn_deadline(tuesday_friday, utc(2026, 3, 27, 19), HALF_DAY)
    # Friday 23 October 20:00 CEST → Tuesday 27 October 20:00 CET.
    autumn = turn_deadline(tuesday_friday, utc(2026, 10, 23, 18), HALF_DAY)

    assert (spring, autumn) == (utc(2026, 3, 31, 18), utc(2026, 10, 27, 19))
    assert [d.astimezone(PARIS).isoformat() for d in (spring, autumn)] == [
        "2026-03-31T20:00:00+02:00",
        "2026-10-27T20:00:00+01:00",
    ]


def test_R_TURN_10_new_york_club_nights_keep_19h30_across_both_transitions() -> None:
    tuesday_friday = club_nights("America/New_York", time(19, 30))

    # Friday 6 March 19:30 EST (−05:00) → Tuesday 10 March 19:30 EDT (−04:00).
    spring = turn_deadline(tuesday_friday, utc(2026, 3, 7, 0, 30), HALF_DAY)
    # Friday 30 October 19:30 EDT → Tuesday 3 November 19:30 EST.
    autumn = turn_deadline(tuesday_friday, utc(2026, 10, 30, 23, 30), HALF_DAY)

    assert (spring, autumn) == (utc(2026, 3, 10, 23, 30), utc(2026, 11, 4, 0, 30))
    assert [d.astimezone(NEW_YORK).isoformat() for d in (spring, autumn)] == [
        "2026-03-10T19:30:00-04:00",
        "2026-11-03T19:30:00-05:00",
    ]


def test_R_TURN_10_a_skipped_time_is_the_first_instant_after_the_jump() -> None:
    # Paris jumps from 02:00 to 03:00, New York too: 02:30 does not exist that day.
    paris = local_instant(date(2026, 3, 29), time(2, 30), PARIS)
    new_york = local_instant(date(2026, 3, 8), time(2, 30), NEW_YORK)

    assert (paris, new_york) == (utc(2026, 3, 29, 1), utc(2026, 3, 8, 7))
    assert paris.astimezone(PARIS).isoformat() == "2026-03-29T03:00:00+02:00"
    assert new_york.astimezone(NEW_YORK).isoformat() == "2026-03-08T03:00:00-04:00"


def test_R_TURN_10_a_repeated_time_is_its_first_occurrence() -> None:
    # Paris goes back from 03:00 to 02:00, New York from 02:00 to 01:00: shown twice.
    paris = local_instant(date(2026, 10, 25), time(2, 30), PARIS)
    new_york = local_instant(date(2026, 11, 1), time(1, 30), NEW_YORK)

    assert (paris, new_york) == (utc(2026, 10, 25, 0, 30), utc(2026, 11, 1, 5, 30))
    assert paris.astimezone(PARIS).isoformat() == "2026-10-25T02:30:00+02:00"
    assert new_york.astimezone(NEW_YORK).isoformat() == "2026-11-01T01:30:00-04:00"


def test_R_TURN_10_sunday_night_schedules_across_the_transitions_in_order() -> None:
    """A slot inside the gap and one just after it stay in order, one instant each."""
    sunday = WeeklySchedule(
        slots_of([(SUNDAY, time(2, 30)), (SUNDAY, time(3, 15))]), "Europe/Paris"
    )

    times = scheduled_times(sunday, utc(2026, 3, 28))
    assert [next(times) for _ in range(2)] == [utc(2026, 3, 29, 1), utc(2026, 3, 29, 1, 15)]
    times = scheduled_times(sunday, utc(2026, 10, 24))
    assert [next(times) for _ in range(2)] == [utc(2026, 10, 25, 0, 30), utc(2026, 10, 25, 2, 15)]


ZONES = ("Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC")


@given(
    zone=st.sampled_from(ZONES),
    pairs=st.lists(
        st.tuples(st.integers(0, 6), st.times().map(lambda t: t.replace(second=0, microsecond=0))),
        min_size=1,
        max_size=14,
    ),
    start=st.datetimes(
        datetime(2025, 1, 1),  # noqa: DTZ001 -- bounds of naive datetimes, made UTC below
        datetime(2028, 12, 31),  # noqa: DTZ001
    ).map(lambda d: d.replace(tzinfo=UTC)),
    hours=st.integers(0, 24 * 14),
)
def test_R_TURN_9_the_deadline_is_the_first_scheduled_time_past_the_minimum(
    zone: str, pairs: list[tuple[int, time]], start: datetime, hours: int
) -> None:
    plan = WeeklySchedule(slots_of(pairs), zone)
    earliest = start + timedelta(hours=hours)

    deadline = turn_deadline(plan, earliest - timedelta(hours=hours), timedelta(hours=hours))

    assert earliest <= deadline <= earliest + timedelta(days=7, hours=3)
    wall = deadline.astimezone(ZoneInfo(zone))
    on_a_slot = (wall.weekday(), wall.time().replace(tzinfo=None)) in set(pairs)
    # Off a slot only when the slot's time was skipped that day (R-TURN-10).
    skipped = {
        (weekday, at)
        for weekday, at in pairs
        if weekday == wall.weekday() and local_instant(wall.date(), at, ZoneInfo(zone)) == deadline
    }
    assert on_a_slot or skipped


def test_R_BAT_11_the_next_club_nights_up_to_the_deadline_across_the_spring_change() -> None:
    # Thursday 26 March 2026, 10:00 UTC; Paris springs forward on Sunday 29 March.
    plan = club_nights("Europe/Paris")
    now, deadline = utc(2026, 3, 26, 10), utc(2026, 4, 3, 18)

    assert [n.astimezone(PARIS).isoformat() for n in nights_before(plan, now, deadline)] == [
        "2026-03-27T20:00:00+01:00",
        "2026-03-31T20:00:00+02:00",
        "2026-04-03T20:00:00+02:00",  # the deadline's own night: played that evening, on time
    ]


def test_R_BAT_11_none_after_the_deadline_none_now_and_a_bounded_few() -> None:
    plan = club_nights("Europe/Paris")
    friday = utc(2026, 3, 27, 19)  # 20:00 in Paris

    assert nights_before(plan, friday, friday + timedelta(days=3)) == []  # now is no choice
    assert nights_before(plan, utc(2026, 3, 26), friday - timedelta(seconds=1)) == []
    assert nights_before(plan, friday, friday - timedelta(days=1)) == []
    far = nights_before(plan, friday, friday + timedelta(days=90))
    assert len(far) == 4
    assert far[0].astimezone(PARIS).isoformat() == "2026-03-31T20:00:00+02:00"
    assert nights_before(plan, friday, friday + timedelta(days=90), count=0) == []


@given(
    start=st.datetimes(
        datetime(2025, 1, 1),  # noqa: DTZ001 -- bounds of naive datetimes, made UTC below
        datetime(2028, 12, 31),  # noqa: DTZ001
    ).map(lambda d: d.replace(tzinfo=UTC)),
    days=st.integers(0, 40),
)
def test_R_BAT_11_every_suggestion_is_a_scheduled_time_inside_the_window(
    start: datetime, days: int
) -> None:
    plan = club_nights("America/New_York", time(19, 30))
    until = start + timedelta(days=days)

    found = nights_before(plan, start, until)

    later = islice((t for t in scheduled_times(plan, start) if t > start), 4)
    assert found == [t for t in later if t <= until]
    assert all(start < t <= until for t in found)
