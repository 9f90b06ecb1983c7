"""Weekly turn schedules (R-TURN-9, R-TURN-10): club nights in a campaign's own time zone, and
the next ones a battle may be played on (R-BAT-11).

Pure functions of the standard library (`zoneinfo` reads the IANA database): the server passes
the instants in, UTC-aware, and gets UTC-aware instants back.
"""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

WEEKDAYS: tuple[str, ...] = (
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
)
# A gap (spring forward) is found to the second: no zone moves its clocks by a fraction of one.
_SECOND = timedelta(seconds=1)
_WEEK = 7
# R-BAT-11: a few one-click choices for a play-by date, not the season's calendar.
SUGGESTED_NIGHTS = 4


@dataclass(frozen=True, order=True)
class Slot:
    """One turn change a week: a weekday (0 = Monday … 6 = Sunday) and a local wall time."""

    weekday: int
    at: time


@dataclass(frozen=True)
class WeeklySchedule:
    """The turn changes of a week in the zone `zone` (an IANA name such as Europe/Paris)."""

    slots: tuple[Slot, ...]
    zone: str

    def __post_init__(self) -> None:
        if not self.slots:
            raise ValueError("a schedule needs at least one slot")
        for slot in self.slots:
            if not 0 <= slot.weekday < _WEEK:
                raise ValueError(f"weekday {slot.weekday} is not 0 (Monday) to 6 (Sunday)")


def local_instant(day: date, at: time, zone: ZoneInfo) -> datetime:
    """R-TURN-10: the UTC instant of the wall time `at` on `day` in `zone`.

    A wall time the zone's clocks jump over (spring forward) is the first instant after the
    jump; one they show twice (fall back) is its first occurrence (`fold=0`).
    """
    wall = datetime.combine(day, at.replace(tzinfo=None, fold=0))
    # fold=0: the offset in force before a transition, i.e. the first occurrence of a repeated
    # time, and for a skipped time the later of the two readings.
    first = wall.replace(tzinfo=zone).astimezone(UTC)
    if first.astimezone(zone).replace(tzinfo=None) == wall:
        return first
    # Skipped: the jump is between the two readings; find the first instant past the wall time.
    low = wall.replace(tzinfo=zone, fold=1).astimezone(UTC)
    high = first
    while high - low > _SECOND:
        mid = low + (high - low) // 2
        mid = mid.replace(microsecond=0)
        if mid.astimezone(zone).replace(tzinfo=None) > wall:
            high = mid
        else:
            low = mid
    return high


def scheduled_times(schedule: WeeklySchedule, at_or_after: datetime) -> Iterator[datetime]:
    """The schedule's instants from `at_or_after` on (UTC, ascending, without end)."""
    zone = ZoneInfo(schedule.zone)
    # From the day before in the zone's calendar: a skipped time may land past midnight.
    day = at_or_after.astimezone(zone).date() - timedelta(days=1)
    slots = sorted(set(schedule.slots))
    while True:
        instants = sorted(
            local_instant(day, slot.at, zone) for slot in slots if slot.weekday == day.weekday()
        )
        for instant in instants:
            if instant >= at_or_after:
                yield instant
        day += timedelta(days=1)


def next_scheduled(schedule: WeeklySchedule, at_or_after: datetime) -> datetime:
    """R-TURN-9: the first scheduled instant at or after `at_or_after`."""
    return next(scheduled_times(schedule, at_or_after))


def turn_deadline(schedule: WeeklySchedule, started: datetime, min_length: timedelta) -> datetime:
    """R-TURN-9: the deadline of a turn started at `started`: the first scheduled instant at
    least `min_length` after it."""
    return next_scheduled(schedule, started + min_length)


def next_deadlines(
    schedule: WeeklySchedule, deadline: datetime, min_length: timedelta, count: int
) -> list[datetime]:
    """The deadlines of the `count` turns after the one ending at `deadline`, if each turn
    changes at its deadline (the calendar's forecast)."""
    out: list[datetime] = []
    for _ in range(count):
        deadline = turn_deadline(schedule, deadline, min_length)
        out.append(deadline)
    return out


def club_nights(
    schedule: WeeklySchedule, now: datetime, until: datetime, count: int = SUGGESTED_NIGHTS
) -> list[datetime]:
    """R-BAT-11: the first `count` scheduled instants after `now` and at or before `until` (the
    battle's deadline: a battle played on the club night its turn ends is on time)."""
    out: list[datetime] = []
    if until <= now:
        return out
    for instant in scheduled_times(schedule, now):
        if instant > until or len(out) >= count:
            break
        if instant > now:  # the night now starting is no date to agree on any more
            out.append(instant)
    return out


def parse_weekday(value: int | str) -> int:
    """0–6 (Monday = 0), or an English weekday name or its first three letters."""
    if isinstance(value, int):
        if 0 <= value < _WEEK:
            return value
        raise ValueError("a weekday is 0 (Monday) to 6 (Sunday)")
    name = value.strip().lower()
    for number, weekday in enumerate(WEEKDAYS):
        if name in (weekday, weekday[:3]):
            return number
    raise ValueError(f"not a weekday: {value!r}")


def slots_of(pairs: Iterable[tuple[int, time]]) -> tuple[Slot, ...]:
    """Slots from (weekday, wall time) pairs, sorted, duplicates dropped."""
    return tuple(sorted({Slot(weekday, at) for weekday, at in pairs}))
