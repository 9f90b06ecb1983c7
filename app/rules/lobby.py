"""Finding a game (R-CAMP-11), substitutes (R-CAMP-12) and spectators (R-CAMP-13): who may
ask for which place.

Pure decisions; app/play/lobbies/service.py applies them under the campaign lock. Nobody becomes a
member without both their own ask and the owner's yes: a request is only ever an ask.
"""

from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum

from app.rules.texts import _


class Phase(StrEnum):
    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"


class OpenBecause(StrEnum):
    """Why a seat of a running campaign is open to newcomers (R-CAMP-12)."""

    CIVIL_DISORDER = "civil_disorder"  # R-CAMP-10, in a public campaign
    OPENED_BY_OWNER = "opened_by_owner"


@dataclass(frozen=True)
class SeatView:
    """What the decisions read of a seat."""

    seated: bool  # it has a faction
    held: bool  # someone holds it (a vacant imported seat is offered, not open)
    civil_disorder: bool
    opened_by_owner: bool
    offer_pending: bool = False  # a handover offer awaits its answer (R-CAMP-6)


def places_wanted(max_players: int, seats: int) -> int:
    """R-CAMP-11: how many more players a lobby takes (R-CAMP-1: at most `max_players`)."""
    return max(max_players - seats, 0)


def open_because(phase: Phase, public: bool, seat: SeatView) -> OpenBecause | None:
    """R-CAMP-12: a seat of a running public campaign is open when its owner opened it or it
    is in civil disorder (a private campaign tells nobody outside it); a vacant seat and one
    with a handover offer pending wait for that offer's answer (R-CAMP-6)."""
    if phase is not Phase.ACTIVE or not public or not seat.seated:
        return None
    if not seat.held or seat.offer_pending:
        return None
    if seat.opened_by_owner:
        return OpenBecause.OPENED_BY_OWNER
    if seat.civil_disorder:
        return OpenBecause.CIVIL_DISORDER
    return None


@dataclass(frozen=True)
class Refusal:
    """Why an ask or an answer is refused: the problem's code, status and sentence."""

    code: str
    status: int
    detail: str


def same_ask(pending_number: int | None, number: int | None) -> bool:
    """R-CAMP-11: an ask for the place a pending request asks for is that request again (a
    retry, answered with it); an ask for another place is refused until it is withdrawn."""
    return pending_number == number


def ask_refusal(
    phase: Phase,
    *,
    is_owner: bool,
    is_member: bool,
    already_asked: bool,
    number: int | None,
    places: int,
    seat_open: bool,
) -> Refusal | None:
    """R-CAMP-11, R-CAMP-12: why a user may not ask for this place, or None. `number` None
    asks for a place in the lobby; a number, for that open seat of the running campaign."""
    if is_owner:
        return Refusal(
            code="R-CAMP-11",
            status=409,
            detail=_("You own this campaign: join its lobby with the invite code."),
        )
    if is_member:
        return Refusal(
            code="already_joined", status=409, detail=_("You already play in this campaign.")
        )
    if already_asked:
        return Refusal(
            code="join_request_pending",
            status=409,
            detail=_("You already asked for another place here: withdraw that request first."),
        )
    if phase is Phase.FINISHED:
        return Refusal(code="R-CAMP-2", status=409, detail=_("The campaign is over."))
    if phase is Phase.LOBBY:
        if number is not None:
            return Refusal(
                code="R-CAMP-11",
                status=422,
                detail=_("The campaign is in its lobby: ask for a place, not a seat."),
            )
        if places == 0:
            return Refusal(code="R-CAMP-1", status=409, detail=_("The campaign is full."))
        return None
    if number is None:
        return Refusal(
            code="R-CAMP-2",
            status=409,
            detail=_("The campaign has already started: ask for one of its open seats."),
        )
    if not seat_open:
        return Refusal(
            code="seat_not_open", status=409, detail=_("This seat is not open to newcomers.")
        )
    return None


def accept_refusal(
    phase: Phase,
    *,
    number: int | None,
    holds_a_seat: bool,
    places: int,
    seat_open: bool,
) -> Refusal | None:
    """R-CAMP-11, R-CAMP-12: why the owner's yes cannot take effect now (the campaign moved on
    since the ask), or None. The request then stays, for the owner to decline."""
    if holds_a_seat:
        return Refusal(
            code="already_joined", status=409, detail=_("This user already plays in this campaign.")
        )
    if phase is Phase.FINISHED:
        return Refusal(code="R-CAMP-2", status=409, detail=_("The campaign is over."))
    if number is None:
        if phase is not Phase.LOBBY:
            return Refusal(
                code="R-CAMP-2",
                status=409,
                detail=_("The campaign has started: this ask was for a lobby place."),
            )
        if places == 0:
            return Refusal(code="R-CAMP-1", status=409, detail=_("The campaign is full."))
        return None
    if phase is not Phase.ACTIVE or not seat_open:
        return Refusal(
            code="seat_not_open",
            status=409,
            detail=_("This seat is not open to newcomers any more."),
        )
    return None


def substitute_wanted(systems: Collection[str], game_system: str) -> bool:
    """R-CAMP-12: a substitute is told of open seats of the game systems they listed."""
    return game_system in systems


def spectators_welcome(phase: Phase, public: bool, delay: int | None) -> bool:
    """R-CAMP-13: a running public campaign with a spectator delay takes spectators (a lobby
    has nothing to watch yet)."""
    return phase is Phase.ACTIVE and public and delay is not None


def spectate_refusal(
    phase: Phase, *, public: bool, delay: int | None, is_owner: bool, is_member: bool
) -> Refusal | None:
    """R-CAMP-13: why a user may not become a spectator of this campaign, or None. A private
    campaign is refused before this: it does not exist for who is not in it."""
    if is_owner or is_member:
        return Refusal(
            code="R-CAMP-13",
            status=409,
            detail=_("You play or run this campaign: a spectator is someone outside it."),
        )
    if phase is Phase.FINISHED:
        return Refusal(code="R-CAMP-2", status=409, detail=_("The campaign is over."))
    if not spectators_welcome(phase, public, delay):
        return Refusal(
            code="R-CAMP-13",
            status=409,
            detail=_("This campaign takes no spectators (now)."),
        )
    return None


def may_watch(
    phase: Phase, *, public: bool, delay: int | None, is_owner: bool, is_member: bool
) -> bool:
    """R-CAMP-13: a spectator's reads go on while the campaign is public with a delay, running
    or finished, and they stay outside it (who plays sees through their own fog only)."""
    return phase is not Phase.LOBBY and public and delay is not None and not (is_owner or is_member)
