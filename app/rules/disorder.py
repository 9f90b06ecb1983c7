"""Civil disorder (R-CAMP-10): a seat whose holder vanished never blocks the turn.

Pure decisions; the service layer (app/play/deadlines/service.py, app/play/campaigns/access.py)
applies them under the campaign lock.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatState:
    """What the decisions read of a seat."""

    seated: bool  # it has a faction (a lobby seat without one plays nothing)
    ready: bool
    inactive: bool  # held by a steward (R-CAMP-7)
    civil_disorder: bool
    missed_in_row: int = 0
    bot: bool = False  # a bot plays it (R-BOT-4)


def waits_for(seat: SeatState) -> bool:
    """R-TURN-3: the turn waits for a seated player who is not ready; a steward's seat
    (R-CAMP-4, R-CAMP-7), a seat in civil disorder (R-CAMP-10) and a bot's (R-BOT-4) count as
    ready."""
    return seat.seated and not (seat.ready or seat.inactive or seat.civil_disorder or seat.bot)


def falls_into_disorder(seat: SeatState, after_missed: int | None) -> bool:
    """R-CAMP-10: after a forced change, a seat that has now missed `after_missed` deadlines
    in a row falls into civil disorder; unset: never. A steward's seat stays the steward's
    (R-CAMP-7 decides first), and a seat already in disorder stays so."""
    if after_missed is None or not seat.seated:
        return False
    if seat.inactive or seat.civil_disorder:
        return False
    return seat.missed_in_row >= after_missed


def returns_from_disorder(seat: SeatState, *, acted_by_holder: bool) -> bool:
    """R-CAMP-10: the holder's own write (an order, a ready, an edict, a report…) ends civil
    disorder; nothing else does except a new holder (R-CAMP-6)."""
    return seat.civil_disorder and acted_by_holder
