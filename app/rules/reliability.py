"""A player's reliability (R-CAMP-14): how each turn and each battle of a seat went for its
holder, judged once when it happened (the turn change, the battle's confirmation).

Pure decisions; app/play/turns/service.py and app/play/battles/service.py write what they decide,
and app/play/reliability sums it up per user.
"""

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum


class TurnStanding(StrEnum):
    """How a seat's turn went for its holder."""

    ON_TIME = "on_time"  # ready when the turn changed (never after its deadline, R-TURN-3)
    MISSED = "missed"  # the deadline passed with the seat not ready (R-CAMP-7)
    CIVIL_DISORDER = "civil_disorder"  # played by its standing orders alone (R-CAMP-10)
    EXCUSED = "excused"  # on vacation (R-CAMP-8) or held by a steward (R-CAMP-7)


@dataclass(frozen=True)
class SeatAtChange:
    """What the decision reads of a seat when its turn changes."""

    seated: bool  # it has a faction (a lobby seat plays nothing)
    held: bool  # someone holds it (a vacant seat is nobody's turn)
    ready: bool
    late: bool  # the change was forced past the deadline with this seat not ready
    civil_disorder: bool


def turn_standing(seat: SeatAtChange) -> TurnStanding | None:
    """R-CAMP-14: how the seat's turn went for its holder; None: nobody's turn to judge.

    A missed deadline is missed even when it is the one that put the seat in civil disorder;
    a ready seat played on time even on vacation or under a steward."""
    if not (seat.seated and seat.held):
        return None
    if seat.ready:
        return TurnStanding.ON_TIME
    if seat.late:
        return TurnStanding.MISSED
    if seat.civil_disorder:
        return TurnStanding.CIVIL_DISORDER
    # Not ready, yet the turn changed without it being late: the seat counted as ready
    # (a steward's, R-CAMP-7) or was not waited for (on vacation, R-CAMP-8).
    return TurnStanding.EXCUSED


@dataclass(frozen=True)
class SeatInBattle:
    """What the decision reads of one side's seat when its battle is confirmed."""

    held: bool
    stewarded: bool  # the owner settles a steward's battles (R-CAMP-7)
    civil_disorder: bool  # its opponent's report decides (R-CAMP-10)


def battle_on_time(
    seat: SeatInBattle, play_by: datetime | None, confirmed_at: datetime
) -> bool | None:
    """R-CAMP-14: whether the battle was reported and confirmed by its agreed play-by date
    (R-BAT-8); None: not counted — no date was agreed, or the seat's holder was not the one
    playing it (vacant, a steward's, in civil disorder)."""
    if play_by is None or not seat.held or seat.stewarded or seat.civil_disorder:
        return None
    return confirmed_at <= play_by
